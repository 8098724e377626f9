// Package diffview is the terminal view of infoscope diff: one pair of
// kernels at a time, B's code with A's aligned beside it (or beneath a
// changed line when the terminal is narrow), every change marked by a
// symbol as well as a colour, keys to the next and previous change, the
// pair's statistics in the header, the changed parts of the change under
// the cursor, and a list of the pair's INFO instructions marking the
// changed ones.
package diffview

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/decoder"
	"infoscope/model/diff"
	"infoscope/tui/diffcmd"
	"infoscope/tui/style"
)

// KeyMap are the view's bindings.
type KeyMap struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	NextChange, PrevChange                  key.Binding
	NextKernel, PrevKernel                  key.Binding
	Infos, Select                           key.Binding
	Quit                                    key.Binding
}

// DefaultKeyMap returns the view's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:         key.NewBinding(key.WithKeys("k", "up"), key.WithHelp("k/↑", "up")),
		Down:       key.NewBinding(key.WithKeys("j", "down"), key.WithHelp("j/↓", "down")),
		PageUp:     key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown:   key.NewBinding(key.WithKeys("pgdown", "space"), key.WithHelp("pgdn", "page down")),
		Top:        key.NewBinding(key.WithKeys("g", "home"), key.WithHelp("g", "first")),
		Bottom:     key.NewBinding(key.WithKeys("G", "end"), key.WithHelp("G", "last")),
		NextChange: key.NewBinding(key.WithKeys("n"), key.WithHelp("n/N", "next/previous change")),
		PrevChange: key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "previous change")),
		NextKernel: key.NewBinding(key.WithKeys("]"), key.WithHelp("]/[", "next/previous kernel")),
		PrevKernel: key.NewBinding(key.WithKeys("["), key.WithHelp("[", "previous kernel")),
		Infos:      key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "INFO list / code")),
		Select:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "show in code")),
		Quit:       key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
	}
}

// Model is the diff view.
type Model struct {
	r      *diffcmd.Result
	st     *style.Styles
	mono   bool
	keys   KeyMap
	w, h   int
	k      int  // the pair shown
	cur    int  // the row under the cursor (an index into the pair's rows)
	top    int  // the first row shown
	infos  bool // the INFO list is shown instead of the code
	icur   int  // the INFO list's cursor
	itop   int
	ilist  []int // the pair's rows holding an INFO on either side
	change []int // the pair's rows that are not Same
}

// New returns the view of r; mono chooses the monochrome styles (NO_COLOR).
// It starts on the first pair that differs, at its first change.
func New(r *diffcmd.Result, mono bool) *Model {
	m := &Model{r: r, st: style.New(true, mono), mono: mono, keys: DefaultKeyMap(), w: 80, h: 24}
	for i, k := range r.Kernels {
		if !k.Same() {
			m.k = i
			break
		}
	}
	m.setKernel(m.k)
	return m
}

func (m *Model) kernel() *diff.Kernel {
	if m.k < len(m.r.Kernels) {
		return m.r.Kernels[m.k]
	}
	return nil
}

// setKernel shows pair i, the cursor on its first change.
func (m *Model) setKernel(i int) {
	m.k, m.cur, m.top, m.icur, m.itop = i, 0, 0, 0, 0
	m.change, m.ilist = nil, nil
	k := m.kernel()
	if k == nil {
		return
	}
	for j, r := range k.Rows {
		if r.Kind != diff.Same {
			m.change = append(m.change, j)
		}
		if m.isInfo(k, r) {
			m.ilist = append(m.ilist, j)
		}
	}
	if len(m.change) > 0 {
		m.moveTo(m.change[0])
	}
}

func (m *Model) isInfo(k *diff.Kernel, r diff.Row) bool {
	if r.B >= 0 {
		if _, ok := k.B.Stream.InfoAt(r.B); ok {
			return true
		}
	}
	if r.A >= 0 {
		if _, ok := k.A.Stream.InfoAt(r.A); ok {
			return true
		}
	}
	return false
}

// Init asks the terminal for its background, for the theme.
func (m *Model) Init() tea.Cmd { return tea.RequestBackgroundColor }

// Update handles keys, resizes and the background colour.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.moveTo(m.cur)
	case tea.BackgroundColorMsg:
		m.st = style.New(msg.IsDark(), m.mono)
	case tea.KeyPressMsg:
		return m, m.key(msg)
	}
	return m, nil
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.kernel()
	page := max(1, m.bodyHeight()-1)
	switch {
	case key.Matches(msg, m.keys.Quit):
		return tea.Quit
	case key.Matches(msg, m.keys.NextKernel):
		if m.k+1 < len(m.r.Kernels) {
			m.setKernel(m.k + 1)
		}
	case key.Matches(msg, m.keys.PrevKernel):
		if m.k > 0 {
			m.setKernel(m.k - 1)
		}
	case k == nil:
	case key.Matches(msg, m.keys.Infos):
		m.infos = !m.infos
	case m.infos:
		m.infoKey(msg, page)
	case key.Matches(msg, m.keys.Up):
		m.moveTo(m.cur - 1)
	case key.Matches(msg, m.keys.Down):
		m.moveTo(m.cur + 1)
	case key.Matches(msg, m.keys.PageUp):
		m.moveTo(m.cur - page)
	case key.Matches(msg, m.keys.PageDown):
		m.moveTo(m.cur + page)
	case key.Matches(msg, m.keys.Top):
		m.moveTo(0)
	case key.Matches(msg, m.keys.Bottom):
		m.moveTo(len(k.Rows) - 1)
	case key.Matches(msg, m.keys.NextChange):
		for _, j := range m.change {
			if j > m.cur {
				m.moveTo(j)
				break
			}
		}
	case key.Matches(msg, m.keys.PrevChange):
		for i := len(m.change) - 1; i >= 0; i-- {
			if m.change[i] < m.cur {
				m.moveTo(m.change[i])
				break
			}
		}
	}
	return nil
}

func (m *Model) infoKey(msg tea.KeyPressMsg, page int) {
	n := len(m.ilist)
	move := func(i int) {
		m.icur = max(0, min(i, n-1))
	}
	switch {
	case key.Matches(msg, m.keys.Up):
		move(m.icur - 1)
	case key.Matches(msg, m.keys.Down):
		move(m.icur + 1)
	case key.Matches(msg, m.keys.PageUp):
		move(m.icur - page)
	case key.Matches(msg, m.keys.PageDown):
		move(m.icur + page)
	case key.Matches(msg, m.keys.Top):
		move(0)
	case key.Matches(msg, m.keys.Bottom):
		move(n - 1)
	case key.Matches(msg, m.keys.NextChange), key.Matches(msg, m.keys.PrevChange):
		dir := 1
		if key.Matches(msg, m.keys.PrevChange) {
			dir = -1
		}
		for i := m.icur + dir; i >= 0 && i < n; i += dir {
			if m.kernel().Rows[m.ilist[i]].Kind != diff.Same {
				move(i)
				break
			}
		}
	case key.Matches(msg, m.keys.Select):
		if n > 0 {
			m.infos = false
			m.moveTo(m.ilist[m.icur])
		}
	}
}

// moveTo puts the cursor on row i (clamped) and scrolls it into view.
func (m *Model) moveTo(i int) {
	k := m.kernel()
	if k == nil || len(k.Rows) == 0 {
		return
	}
	m.cur = max(0, min(i, len(k.Rows)-1))
	h := m.bodyHeight()
	if m.cur < m.top {
		m.top = m.cur
	}
	// The rows from top to the cursor must fit, each with its extra lines.
	for m.top < m.cur && m.linesBetween(m.top, m.cur) > h {
		m.top++
	}
}

// linesBetween is how many lines rows from..to (inclusive) take.
func (m *Model) linesBetween(from, to int) int {
	n := 0
	for i := from; i <= to; i++ {
		n += m.rowLines(i)
	}
	return n
}

// wide reports whether A's side goes beside B's.
func (m *Model) wide() bool { return m.w >= 120 }

// rowLines is how many lines row i takes: a changed row shows A's line
// beneath it when narrow.
func (m *Model) rowLines(i int) int {
	if !m.wide() && m.kernel().Rows[i].Kind == diff.Changed {
		return 2
	}
	return 1
}

// The frame: header (the builds, the pair, its statistics), body, detail
// (detailLines), key hints.
const (
	headerLines = 3
	detailLines = 3
	footerLines = 1
)

func (m *Model) bodyHeight() int { return max(1, m.h-headerLines-detailLines-footerLines) }

// View draws the frame.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.WindowTitle = "infoscope diff"
	return v
}

func (m *Model) render() string {
	if m.w < 20 || m.h < 8 {
		return ansi.Truncate(fmt.Sprintf("%dx%d: too small; q quits", m.w, m.h), max(m.w, 1), "")
	}
	var lines []string
	k := m.kernel()
	lines = append(lines, m.header(k)...)
	var body, detail []string
	switch {
	case k == nil:
		body = m.unpaired()
	case m.infos:
		body = m.infoList(k)
	default:
		body = m.code(k)
		detail = m.detail(k)
	}
	for len(body) < m.bodyHeight() {
		body = append(body, "")
	}
	lines = append(lines, body[:m.bodyHeight()]...)
	for len(detail) < detailLines {
		detail = append(detail, "")
	}
	lines = append(lines, detail[:detailLines]...)
	lines = append(lines, m.footer())
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, m.w, "…")
	}
	return strings.Join(lines, "\n")
}

func (m *Model) header(k *diff.Kernel) []string {
	differ := 0
	for _, x := range m.r.Kernels {
		if !x.Same() {
			differ++
		}
	}
	first := fmt.Sprintf("infoscope diff  A %s  B %s  %d paired, %d differ, %d only in A, %d only in B",
		decoder.Display(m.r.A.Name), decoder.Display(m.r.B.Name), len(m.r.Kernels), differ, len(m.r.Pairing.OnlyA), len(m.r.Pairing.OnlyB))
	if k == nil {
		return []string{m.st.Title.Render(first), "", ""}
	}
	second := fmt.Sprintf("kernel %d/%d %s", m.k+1, len(m.r.Kernels), decoder.Display(k.Name))
	return []string{m.st.Title.Render(first), m.st.Label.Render(second), m.st.Value.Render(diffcmd.Summary(k))}
}

func (m *Model) unpaired() []string {
	out := []string{"no pair of kernels to show"}
	for _, b := range m.r.Pairing.OnlyA {
		out = append(out, "only in A: "+decoder.Display(b.Name))
	}
	for _, b := range m.r.Pairing.OnlyB {
		out = append(out, "only in B: "+decoder.Display(b.Name))
	}
	return out
}

// mark is a row's symbol and style.
func (m *Model) mark(kind diff.Kind) (string, lipgloss.Style) {
	switch kind {
	case diff.Added:
		return "+", m.st.Enabled
	case diff.Removed:
		return "-", m.st.Error
	case diff.Changed:
		return "~", m.st.Warn
	}
	return " ", m.st.Value
}

func num(n int) string {
	if n < 0 {
		return ""
	}
	return "$" + strconv.Itoa(n)
}

func fit(s string, w int) string {
	s = ansi.Truncate(s, w, "…")
	if pad := w - ansi.StringWidth(s); pad > 0 {
		s += strings.Repeat(" ", pad)
	}
	return s
}

// code draws the rows from top: B's side, then A's beside it (wide) or
// beneath a changed row (narrow).
func (m *Model) code(k *diff.Kernel) []string {
	h := m.bodyHeight()
	nw := len(strconv.Itoa(max(k.StatsA.Insts, k.StatsB.Insts))) + 1
	var out []string
	for i := m.top; i < len(k.Rows) && len(out) < h; i++ {
		r := k.Rows[i]
		sym, st := m.mark(r.Kind)
		sel := " "
		if i == m.cur {
			sel = m.st.Sym.Selected
		}
		bText := ""
		if r.B >= 0 {
			bText = decoder.Display(diff.InstText(k.B.Stream, r.B))
		}
		aText := ""
		if r.A >= 0 {
			aText = decoder.Display(diff.InstText(k.A.Stream, r.A))
		}
		if m.wide() {
			half := (m.w - 5) / 2
			left := fit(fit(num(r.B), nw)+" "+bText, half)
			right := fit(num(r.A), nw) + " " + aText
			if r.Kind == diff.Removed {
				left = fit("", half)
			}
			line := sel + st.Render(sym) + " " + left + "│ " + right
			if r.Kind == diff.Same {
				line = sel + st.Render(sym) + " " + left + "│ " + m.st.Muted.Render(right)
			}
			out = append(out, m.cursorLine(i, line))
			continue
		}
		switch r.Kind {
		case diff.Removed:
			out = append(out, m.cursorLine(i, sel+st.Render(sym)+" "+fit("", nw)+" "+st.Render(fit(num(r.A), nw)+" "+aText)))
		case diff.Changed:
			out = append(out, m.cursorLine(i, sel+st.Render(sym)+" "+fit(num(r.B), nw)+" "+bText))
			if len(out) < h {
				out = append(out, "    "+fit("", nw)+m.st.Muted.Render(fit("was "+num(r.A), nw+4)+" "+aText))
			}
		default:
			out = append(out, m.cursorLine(i, sel+st.Render(sym)+" "+fit(num(r.B), nw)+" "+bText))
		}
	}
	return out
}

func (m *Model) cursorLine(i int, line string) string {
	if i == m.cur {
		return m.st.Selected.Render(line)
	}
	return line
}

// detail says what changed in the row under the cursor.
func (m *Model) detail(k *diff.Kernel) []string {
	var c *diff.Change
	if m.cur < len(k.Rows) {
		r := k.Rows[m.cur]
		for j := range k.Changes {
			if k.Changes[j].Row == r {
				c = &k.Changes[j]
				break
			}
		}
	}
	pos := fmt.Sprintf("change %d of %d", m.changeIndex()+1, len(m.change))
	if len(m.change) == 0 {
		pos = "no change"
	}
	rule := m.st.Muted.Render("── " + pos + " ──")
	if c == nil {
		return []string{rule}
	}
	var parts []string
	for _, f := range c.Fields {
		parts = append(parts, decoder.Display(f.Name)+": "+orNone(f.A)+" → "+orNone(f.B))
	}
	out := []string{rule}
	switch c.Kind {
	case diff.Added:
		out = append(out, "added in B at "+num(c.B))
	case diff.Removed:
		out = append(out, "removed: A's "+num(c.A))
	default:
		out = append(out, "changed: A "+num(c.A)+" → B "+num(c.B))
	}
	// The parts, as many as fit on the remaining line.
	if len(parts) > 0 {
		out = append(out, strings.Join(parts, "; "))
	}
	return out
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return decoder.Display(s)
}

// changeIndex is the number of changes before the cursor's row (the
// cursor's own change's index when it is on one).
func (m *Model) changeIndex() int {
	n := 0
	for _, j := range m.change {
		if j < m.cur {
			n++
		}
	}
	if n == len(m.change) {
		n--
	}
	return n
}

// infoList draws the pair's INFO instructions, the changed ones marked.
func (m *Model) infoList(k *diff.Kernel) []string {
	h := m.bodyHeight()
	if len(m.ilist) == 0 {
		return []string{"no INFO instruction in this pair"}
	}
	if m.icur < m.itop {
		m.itop = m.icur
	}
	if m.icur >= m.itop+h-1 {
		m.itop = m.icur - h + 2
	}
	changed := 0
	for _, j := range m.ilist {
		if k.Rows[j].Kind != diff.Same {
			changed++
		}
	}
	out := []string{m.st.Header.Render(fmt.Sprintf("INFO instructions: %d, %d changed (enter: show in the code)", len(m.ilist), changed))}
	for i := m.itop; i < len(m.ilist) && len(out) < h; i++ {
		r := k.Rows[m.ilist[i]]
		sym, st := m.mark(r.Kind)
		sel := " "
		if i == m.icur {
			sel = m.st.Sym.Selected
		}
		text := ""
		if r.B >= 0 {
			text = fit(num(r.B), 6) + " " + decoder.Display(diff.InstText(k.B.Stream, r.B))
		} else {
			text = fit("A "+num(r.A), 6) + " " + decoder.Display(diff.InstText(k.A.Stream, r.A))
		}
		line := sel + st.Render(sym) + " " + text
		if i == m.icur {
			line = m.st.Selected.Render(line)
		}
		out = append(out, line)
	}
	return out
}

// shortDesc are the key hints' words on a narrow terminal.
var shortDesc = map[string]string{
	"next/previous change": "change", "up": "move", "next/previous kernel": "kernel",
	"INFO list / code": "INFO list", "quit": "quit", "show in code": "show",
}

func (m *Model) footer() string {
	var hints []key.Binding
	if m.infos {
		hints = []key.Binding{m.keys.Infos, m.keys.Select, m.keys.NextChange, m.keys.NextKernel, m.keys.Quit}
	} else {
		hints = []key.Binding{m.keys.NextChange, m.keys.Up, m.keys.NextKernel, m.keys.Infos, m.keys.Quit}
	}
	var parts []string
	for _, b := range hints {
		d := b.Help().Desc
		if m.w < 120 {
			d = shortDesc[d]
		}
		parts = append(parts, b.Help().Key+" "+d)
	}
	return m.st.Muted.Render(strings.Join(parts, " · "))
}

// Run runs the view on the terminal until q, and returns the diff
// command's exit status for a view that could not run (ExitSame
// otherwise).
func Run(r *diffcmd.Result, mono bool, opts ...tea.ProgramOption) int {
	if _, err := tea.NewProgram(New(r, mono), opts...).Run(); err != nil {
		return diffcmd.ExitError
	}
	return diffcmd.ExitSame
}
