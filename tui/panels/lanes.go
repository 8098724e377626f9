package panels

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/tui/style"
)

// LanesKeyMap are the Lanes panel's bindings.
type LanesKeyMap struct {
	Left, Right  key.Binding // move the cursor over the EM bits
	Toggle       key.Binding // flip the bit under the cursor
	All, None    key.Binding // all bits on / off
	Hex          key.Binding // type the mask in hex
	PromptKeyMap             // while typing: apply, cancel
}

// DefaultLanesKeyMap returns a fresh copy of the Lanes panel's bindings.
func DefaultLanesKeyMap() LanesKeyMap {
	k := LanesKeyMap{
		Left:         ArrowKey("left", "higher EM bit"),
		Right:        ArrowKey("right", "lower EM bit"),
		Toggle:       NewBinding("toggle bit", "space"),
		All:          NewBinding("all lanes on", "a"),
		None:         NewBinding("all lanes off", "z"),
		Hex:          NewBinding("type mask in hex", "x"),
		PromptKeyMap: NewPromptKeys("apply", "cancel"),
	}
	k.setEditing(false)
	return k
}

func (k *LanesKeyMap) setEditing(on bool) {
	k.PromptKeyMap.setEditing(on, &k.Left, &k.Right, &k.Toggle, &k.All, &k.None, &k.Hex)
}

// ShortHelp implements help.KeyMap.
func (k LanesKeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Left, k.Right, k.Toggle, k.Hex, k.Apply, k.Cancel}
}

// FullHelp implements help.KeyMap.
func (k LanesKeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Left, k.Right, k.Toggle}, {k.All, k.None, k.Hex}, {k.Apply, k.Cancel}}
}

// Lanes shows the 32 EM bits, the instruction's window into them and which
// lanes are enabled, and edits the dispatch mask (reported as
// DispatchMaskSet).
type Lanes struct {
	KeyMap LanesKeyMap
	outbox

	st       *style.Styles
	in       *decoder.Info
	dispatch model.ExecMask
	lm       model.LaneMap
	cur      int // EM bit under the cursor, 0..31
	w, h     int
	typing   // the hex mask being typed (x)
}

// Strip geometry: a label column, then bits 31..0 in nibbles separated by one
// space and bytes by two. Narrower than that (a 40-column terminal), the
// compact strip drops the gaps and shortens the labels, so that all 32 bits
// (and lanes 0-7 above all) stay on screen.
const (
	laneLabelW        = 9
	stripW            = 32 + 7 + 3
	compactLaneLabelW = 6
	rowDispatch       = 2 // panel rows of the dispatch, window and lanes strips
	rowLanes          = 4
)

// stripGeo is the strip layout for a panel width.
type stripGeo struct {
	labelW  int
	compact bool
}

func (m Lanes) geo() stripGeo {
	if m.w < laneLabelW+stripW {
		return stripGeo{labelW: compactLaneLabelW, compact: true}
	}
	return stripGeo{labelW: laneLabelW}
}

// column returns the column of EM bit i in the strip (bit 31 first): one
// space between nibbles and two between bytes, none in the compact strip.
func (g stripGeo) column(i int) int {
	idx := 31 - i
	if g.compact {
		return idx
	}
	return idx + idx/4 + idx/8
}

// bitAt is the inverse of column.
func (g stripGeo) bitAt(x int) (int, bool) {
	for i := range 32 {
		if g.column(i) == x {
			return i, true
		}
	}
	return 0, false
}

// strip renders one row of the 32 bits, cell(i) giving bit i's text.
func (g stripGeo) strip(cell func(i int) string) string {
	var sb strings.Builder
	col := 0
	for i := 31; i >= 0; i-- {
		for c := g.column(i); col < c; col++ {
			sb.WriteByte(' ')
		}
		sb.WriteString(cell(i))
		col++
	}
	return sb.String()
}

// header numbers the strip's bytes: the first and last bit of each, or in
// the compact strip the first bit of each byte and bit 0.
func (g stripGeo) header() string {
	if g.compact {
		b := []byte(strings.Repeat(" ", 32))
		for _, bit := range []int{31, 23, 15, 7, 0} {
			copy(b[g.column(bit):], strconv.Itoa(bit))
		}
		return strings.TrimRight(string(b), " ")
	}
	var hdr strings.Builder
	for _, r := range [][2]int{{31, 24}, {23, 16}, {15, 8}, {7, 0}} {
		s := strconv.Itoa(r[0])
		lo := strconv.Itoa(r[1])
		hdr.WriteString(s + strings.Repeat(" ", 9-len(s)-len(lo)) + lo + "  ")
	}
	return strings.TrimRight(hdr.String(), " ")
}

// NewLanes returns a Lanes panel with bindings km and every dispatch bit
// on.
func NewLanes(st *style.Styles, km LanesKeyMap) Lanes {
	m := Lanes{KeyMap: km, st: st, dispatch: model.AllLanes}
	m.recompute()
	return m
}

// SetInfo shows the lanes of an instruction (nil: none selected). The
// cursor moves to the first EM bit the instruction reads.
func (m *Lanes) SetInfo(in *decoder.Info) {
	m.in = in
	if in != nil {
		m.cur = min(31, in.Mask.LaneOffset())
	}
	m.recompute()
}

// SetSession hands the panel the session's state: it shows its dispatch
// mask.
func (m *Lanes) SetSession(s Session) {
	if s.Dispatch != m.dispatch {
		m.dispatch = s.Dispatch
		m.recompute()
	}
}

// Dispatch returns the dispatch mask shown.
func (m Lanes) Dispatch() model.ExecMask { return m.dispatch }

// Cursor returns the EM bit under the cursor.
func (m Lanes) Cursor() int { return m.cur }

// SetSize sets the panel's size in cells.
func (m *Lanes) SetSize(w, h int) { m.w, m.h = max(0, w), max(0, h) }

// Blur takes the keyboard away and abandons any hex input.
func (m *Lanes) Blur() {
	m.focus = false
	m.stopEditing()
}

func (m *Lanes) recompute() {
	if m.in == nil {
		m.lm = model.LaneMap{Dispatch: m.dispatch}
		return
	}
	m.lm = model.Lanes(m.in, m.dispatch)
}

func (m *Lanes) stopEditing() {
	m.input = nil
	m.KeyMap.setEditing(false)
}

// set shows a new dispatch mask and reports it.
func (m *Lanes) set(mask model.ExecMask) {
	m.dispatch = mask
	m.recompute()
	m.report(DispatchMaskSet{Mask: mask})
}

// Update handles keys (only while focused) and mouse clicks.
func (m Lanes) Update(msg tea.Msg) (Lanes, tea.Cmd) {
	if !m.focus {
		return m, nil
	}
	if m.Editing() {
		return m.updateEditing(msg)
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, m.KeyMap.Left):
			m.cur = min(31, m.cur+1)
		case key.Matches(msg, m.KeyMap.Right):
			m.cur = max(0, m.cur-1)
		case key.Matches(msg, m.KeyMap.Toggle):
			m.set(m.dispatch.Toggle(m.cur))
			return m, nil
		case key.Matches(msg, m.KeyMap.All):
			m.set(model.AllLanes)
			return m, nil
		case key.Matches(msg, m.KeyMap.None):
			m.set(0)
			return m, nil
		case key.Matches(msg, m.KeyMap.Hex):
			m.err = ""
			m.KeyMap.setEditing(true)
			in := newLineEdit(m.st, 12, 10)
			in.Prompt = "hex mask: "
			in.SetValue(m.dispatch.String())
			in.SelectAll()
			m.input = &in
			return m, in.Focus()
		}
	case tea.MouseClickMsg:
		ms := msg.Mouse()
		if ms.Button != tea.MouseLeft || ms.Y < rowDispatch || ms.Y > rowLanes {
			return m, nil
		}
		g := m.geo()
		if bit, ok := g.bitAt(ms.X - g.labelW); ok {
			m.cur = bit
			m.set(m.dispatch.Toggle(bit))
			return m, nil
		}
	}
	return m, nil
}

func (m Lanes) updateEditing(msg tea.Msg) (Lanes, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, m.KeyMap.Cancel):
			m.err = ""
			m.stopEditing()
			return m, nil
		case key.Matches(k, m.KeyMap.Apply):
			mask, err := model.ParseExecMask(strings.TrimSpace(m.input.Value()))
			if err != nil {
				m.err = err.Error() // keep the input open so it can be fixed
				return m, nil
			}
			m.err = ""
			m.stopEditing()
			m.set(mask)
			return m, nil
		}
	}
	// The shown mask is selected: text typed or pasted before any other
	// key replaces it (at 10 characters the input is full, so appended
	// digits would be dropped silently).
	return m, m.edit(msg)
}

// noteMark starts a note: legal but unusual, so not marked ! as the
// instruction's diagnostics are.
const noteMark = "note: "

// View renders the panel.
func (m Lanes) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	st, sym := m.st, m.st.Sym
	lm := m.lm
	var lines []string
	title := st.Title.Render("Lanes")
	if m.in != nil {
		title += "  " + st.Value.Render(decoder.Display(m.in.Text()))
	}
	lines = append(lines, title)

	g := m.geo()
	label := func(full, short string) string {
		if g.compact {
			full = short
		}
		return st.Header.Render(pad(full, g.labelW))
	}
	strip := g.strip
	lines = append(lines, label("EM bit", "bit")+st.Header.Render(g.header()))

	lines = append(lines, label("dispatch", "disp")+strip(func(i int) string {
		c, s := "0", st.BitOff
		if m.dispatch.Lane(i) {
			c, s = "1", st.BitOn
		}
		if i == m.cur && m.focus && !m.Editing() {
			s = st.Cursor
		}
		return s.Render(c)
	})+"  "+st.Value.Render(m.dispatch.String()))

	first, last, any := windowBounds(lm)
	winNote := "no lanes (illegal exec size)"
	if m.in == nil {
		winNote = "no instruction selected"
	} else if any {
		winNote = fmt.Sprintf("bits %d..%d", first, last)
	}
	lines = append(lines, label("window", "win")+strip(func(i int) string {
		if lm.Window[i] {
			return st.InWindow.Render(sym.InWindow)
		}
		return st.OutWindow.Render(sym.OutWindow)
	})+"  "+st.Muted.Render(winNote))

	enabled := 0
	for _, e := range lm.Enabled {
		if e {
			enabled++
		}
	}
	lines = append(lines, label("lanes", "lanes")+strip(func(i int) string {
		lane := i - lm.Offset
		if !lm.Window[i] || lane < 0 || lane >= len(lm.Enabled) {
			return " "
		}
		if lm.Enabled[lane] {
			return st.Enabled.Render(sym.Enabled)
		}
		return st.Disabled.Render(sym.Disabled)
	})+"  "+st.Muted.Render(fmt.Sprintf("%d of %d enabled", enabled, len(lm.Enabled))))

	curText := fmt.Sprintf("%s bit %d = %d", sym.Cursor, m.cur, m.dispatch>>m.cur&1)
	if lane := m.cur - lm.Offset; lm.Window[m.cur] && lane >= 0 && lane < len(lm.Enabled) {
		curText += fmt.Sprintf(", lane %d %s", lane, map[bool]string{true: "enabled", false: "disabled"}[lm.Enabled[lane]])
	} else if m.in != nil {
		curText = curText + ", outside the window"
	}
	lines = append(lines, pad("", g.labelW+g.column(m.cur))+st.Muted.Render(curText))

	if m.in != nil {
		if lm.NoMask {
			lines = append(lines, st.Value.Render(fmt.Sprintf("NoMask (%s): all %d lanes enabled, EM ignored", m.in.Mask, lm.ExecSize)))
		} else {
			lines = append(lines, fmt.Sprintf("%s: %d lanes read EM bits from %d", m.in.Mask, lm.ExecSize, lm.Offset))
		}
		if off := disabledLanes(lm.Enabled); off != "" {
			lines = append(lines, st.Disabled.Render(sym.Disabled)+" disabled lanes "+off+st.Muted.Render(" (keep their old dst contents)"))
		}
	}
	var warns []string
	for _, w := range lm.Warnings {
		warns = append(warns, st.Warn.Render(sym.Warn+" "+decoder.Display(w)))
	}
	for _, n := range lm.Notes {
		warns = append(warns, st.Muted.Render(noteMark+decoder.Display(n)))
	}
	lines = append(lines, WrapLines(warns, m.w)...)
	// The input and its error stay visible however short the panel is.
	var foot []string
	if m.Editing() {
		foot = append(foot, m.input.View())
	}
	if m.err != "" {
		foot = append(foot, st.Error.Render(sym.Warn+" "+m.err))
	}
	return frame(append(window(lines, 0, m.w, max(0, m.h-len(foot))), foot...), m.w, m.h)
}

func windowBounds(lm model.LaneMap) (first, last int, ok bool) {
	first = -1
	for i, w := range lm.Window {
		if w {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	return first, last, first >= 0
}

// disabledLanes lists the disabled lanes as ranges: "0-3,7".
func disabledLanes(en []bool) string {
	var parts []string
	for i := 0; i < len(en); i++ {
		if en[i] {
			continue
		}
		j := i
		for j+1 < len(en) && !en[j+1] {
			j++
		}
		if j == i {
			parts = append(parts, strconv.Itoa(i))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", i, j))
		}
		i = j
	}
	return strings.Join(parts, ",")
}
