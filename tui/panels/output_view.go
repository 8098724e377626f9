package panels

import (
	"fmt"
	"infoscope/decoder"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/model"
)

// Output geometry. The panel is a header line, a body and a two-line footer
// (the formula or field help, then errors). The body stacks the form over
// the table, or sets them side by side when the panel is wide enough.
const (
	outFooter   = 2
	formValueW  = 12
	sideMinLeft = 36 // narrowest form column worth a side-by-side layout: label and value (the footer repeats the meaning)
	tableLeftW  = 11 // marker, lane and EM columns before the first cell
)

var channelNames = [4]string{"R", "G", "B", "A"}

// geometry is the layout View and click share.
type geometry struct {
	side   bool
	leftW  int // side: width of the form column
	bodyH  int
	cellW  int
	tableW int
}

func (m Output) geometry() geometry {
	// Cells are measured in display cells (the symbols are multi-byte), and
	// are at least wide enough for a 4-digit result ("● 1024"), so columns
	// do not shift as values grow.
	g := geometry{bodyH: max(1, m.h-1-outFooter), cellW: 6}
	for _, l := range m.res.Lanes {
		for _, c := range l.Cells {
			g.cellW = max(g.cellW, ansi.StringWidth(m.cellText(c)))
		}
	}
	g.tableW = tableLeftW + 4*(g.cellW+1)
	if m.w-g.tableW-2 >= sideMinLeft {
		// The form column takes what it needs, so the table sits beside it
		// rather than at the far edge.
		g.side, g.leftW = true, min(m.w-g.tableW-2, m.naturalLeftWidth())
	}
	return g
}

// naturalLeftWidth is the width the form and dst lines need unclipped.
func (m Output) naturalLeftWidth() int {
	labelW, valueW, meanW := len("GRF size"), m.formValueWidth(), 0
	for r := range m.formRows() {
		l, _, mean := m.rowText(r)
		labelW = max(labelW, len(l))
		meanW = max(meanW, ansi.StringWidth(mean))
	}
	n := 2 + labelW + 1 + valueW + 1 + meanW
	for _, l := range m.dstLines() {
		n = max(n, ansi.StringWidth(l))
	}
	return n
}

// formValueWidth is the form's value column: the widest value, but a
// per-lane LOD list gets at most lodValueW cells (more only when another
// row's value is wider), so it does not turn every meaning into "…".
func (m Output) formValueWidth() int {
	w, widest := 4, 4
	for r := range m.formRows() {
		_, v, _ := m.rowText(r)
		widest = max(widest, len(v))
		if r != m.lodRow() {
			w = max(w, len(v))
		}
	}
	return min(widest, max(w, lodValueW))
}

// lodValueW is the least the value column gives a long LOD list.
const lodValueW = 8

// Body line indexes (stacked layout) of the table's parts.
func (m Output) stackedTableStart() int { return m.formRows() + 1 } // after a blank line

// scroll keeps the cursor's line visible.
func (m *Output) scroll() {
	if m.in == nil {
		m.top, m.rtop = 0, 0
		return
	}
	g := m.geometry()
	if g.side {
		n := m.formRows() + 1 + len(m.tailLines(g.leftW))
		if m.inTable {
			// In the table the form is not needed: show the dst layout and
			// warnings at the column's end.
			m.top = max(0, n-g.bodyH)
		} else {
			m.top = scrollTop(0, m.row, g.bodyH, n)
		}
		// rtop counts lane rows: the headings stay on the first line.
		m.rtop = scrollTop(m.rtop, m.lane, g.bodyH-1, len(m.res.Lanes))
		return
	}
	// Scroll from a fixed start, so the form shows from its first row, and
	// the table from its headings, whenever the cursor's line allows.
	start := 0
	if m.inTable {
		start = m.stackedTableStart()
	}
	m.top = scrollTop(start, m.stackedCursorLine(), g.bodyH, len(m.stackedLines(g)))
}

// click selects the form row or the table cell under the mouse.
func (m *Output) click(ms tea.Mouse) {
	if ms.Button != tea.MouseLeft || m.in == nil {
		return
	}
	g := m.geometry()
	y := ms.Y - 1
	if y < 0 || y >= g.bodyH {
		return
	}
	pickCell := func(line, x int) {
		lane := line - 1 // below the column headings
		if lane < 0 || lane >= len(m.res.Lanes) {
			return
		}
		m.inTable, m.lane = true, lane
		if x >= tableLeftW {
			m.ch = min(3, (x-tableLeftW)/(g.cellW+1))
		}
	}
	if g.side {
		if ms.X >= g.leftW+2 {
			if y > 0 { // line 0 holds the sticky headings
				pickCell(y+m.rtop, ms.X-g.leftW-2)
			}
			return
		}
		if r := y + m.top; r < m.formRows() {
			m.inTable, m.row = false, r
		}
		return
	}
	line := y + m.top
	switch {
	case line < m.formRows():
		m.inTable, m.row = false, line
	case line >= m.stackedTableStart():
		pickCell(line-m.stackedTableStart(), ms.X)
	}
}

// View renders the panel.
func (m Output) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	st := m.st
	if m.in == nil {
		return Fit(st.Muted.Render("No INFO instruction selected."), m.w)
	}
	g := m.geometry()
	lines := []string{m.header()}
	var body []string
	if g.side {
		left := windowMore(append(append(m.formLines(g.leftW), ""), m.tailLines(g.leftW)...), m.top, g.leftW, g.bodyH, st, "rows", m.cursorLine(false))
		// The headings stay put while the lanes scroll under them.
		table := m.tableLines(g)
		right := append(window(table[:1], 0, g.tableW, 1), windowMore(table[1:], m.rtop, g.tableW, g.bodyH-1, st, "lanes", m.cursorLine(true))...)
		body = SideBySide(left, right, g.leftW, "  ")
	} else {
		body = windowMore(m.stackedLines(g), m.top, m.w, g.bodyH, st, "rows", m.stackedCursorLine())
	}
	body = padRows(body, g.bodyH)
	lines = append(lines, body...)
	lines = append(lines, m.footer()...)
	return frame(lines, m.w, m.h)
}

func (m Output) stackedLines(g geometry) []string {
	lines := append(m.formLines(m.w), "")
	lines = append(lines, m.tableLines(g)...)
	lines = append(lines, "")
	return append(lines, m.tailLines(m.w)...)
}

// tailLines are the lines under the form (side by side) or the table
// (stacked): the dst layout and the warnings, wrapped to w.
func (m Output) tailLines(w int) []string {
	// The notes on where the tables differ come first: they carry the
	// sources, and the dst layout does not change with the surface.
	return WrapLines(append(append(m.diffLines(), m.dstLines()...), m.warnLines()...), w)
}

func (m Output) header() string {
	st := m.st
	name := m.surfaceKey()
	if d := m.in.SurfaceDecl(); d != "" && d != name {
		name += " (" + d + ")"
	}
	return st.Title.Render("Output") + "  " + st.Value.Render(decoder.Display(m.in.Text())) + st.Muted.Render(" · "+decoder.Display(name+" "+m.sourceText()))
}

// sourceText says where the description shown comes from, and for which
// body (edits are stored for that body).
func (m Output) sourceText() string {
	of := ""
	if m.sess.Scope.Body != "" {
		of = "of " + m.sess.Scope.Body + ": "
	}
	if m.sess.Unsaved {
		return of + "edited, not saved (ctrl+s saves)"
	}
	switch m.sess.Source {
	case model.SourceBody:
		return of + "from the surface file"
	case model.SourceFile:
		return of + "from the surface file (every body of its file)"
	case model.SourceAll:
		return of + "from the surface file (every file)"
	}
	return of + "not in the surface file: defaults"
}

// formLines renders the form, one row per field: label, stored value (or the
// input while editing it) and what the value means.
func (m Output) formLines(w int) []string {
	st := m.st
	labelW := len("GRF size")
	for _, f := range m.specs {
		labelW = max(labelW, len(f.Label))
	}
	valueW := m.formValueWidth()
	lines := make([]string, 0, m.formRows())
	for r := range m.formRows() {
		label, value, meaning := m.rowText(r)
		marker := "  "
		ls := st.Label
		if r == m.row && !m.inTable {
			marker = st.Sym.Selected + " "
			ls = ls.Inherit(st.Selected)
		}
		// A long value (a per-lane LOD list) is cut here rather than
		// pushing every row's meaning off the panel; the footer shows it
		// whole when the row is selected.
		v := st.Value.Render(pad(ansi.Truncate(value, valueW, "…"), valueW))
		if m.Editing() && r == m.row {
			ls = st.Editing
			v = pad(m.input.View(), valueW)
		}
		line := marker + ls.Render(pad(label, labelW)) + " " + v + " " + st.Meaning.Render(meaning)
		lines = append(lines, clip(line, w))
	}
	return lines
}

// rowText returns a form row's label, stored value and meaning.
func (m Output) rowText(r int) (label, value, meaning string) {
	switch {
	case r == rowType:
		var sb strings.Builder
		for _, t := range model.SurfaceTypes() {
			if t > 0 {
				sb.WriteByte(' ')
			}
			if t == m.sess.Surface.Type {
				sb.WriteString("[" + t.Label() + "]")
			} else {
				sb.WriteString(t.Label())
			}
		}
		if m.Editing() && m.row == rowType {
			return "Type", "", "matches: " + typeMatches(m.input.Value())
		}
		return "Type", m.sess.Surface.Type.String(), sb.String()
	case r == m.lodRow():
		l := m.sess.LOD
		meaning = "one LOD for every lane"
		if len(l) > 1 {
			meaning = fmt.Sprintf("per lane: %d values for %d lanes", len(l), m.in.ExecSize())
		}
		if !m.in.HasLOD {
			meaning = "not read: sampleinfo has no LOD operand"
		}
		return "LOD", formatLOD(l), meaning
	case r == m.grfRow():
		if m.grfBytes() == 64 {
			return "GRF size", "64 B", "PVC and later (native SIMD16)"
		}
		return "GRF size", "32 B", "before PVC (native SIMD8)"
	}
	f := m.specs[r-1]
	return f.Label, strconv.FormatUint(uint64(m.sess.Surface.Get(f.Key)), 10), f.Means(m.sess.Surface)
}

// cellText is a result cell as shown: its symbol, then the value or what
// stands in for it.
func (m Output) cellText(c model.Cell) string {
	sym := m.st.Sym
	switch c.State {
	case model.CellWritten:
		return sym.Written + " " + strconv.FormatUint(uint64(c.Value), 10) + m.differs(c)
	case model.CellUnchanged:
		return sym.Unchanged + " old"
	case model.CellNotReturned:
		return sym.NotReturned + " -"
	case model.CellUndefined:
		return sym.Undefined + " n/a" + m.differs(c)
	}
	return "?"
}

// differs is the mark beside a cell the other rules compute differently.
func (m Output) differs(c model.Cell) string {
	if c.Differs {
		return " " + m.st.Sym.Differs
	}
	return ""
}

// anyDiffers reports whether a cell of the result carries the ≠ mark.
func (m Output) anyDiffers() bool {
	for _, l := range m.res.Lanes {
		for _, c := range l.Cells {
			if c.Differs {
				return true
			}
		}
	}
	return false
}

// otherRules names the rules not in use, for the notes on differing cells.
func (m Output) otherRules() string {
	if m.sess.Rules == model.RulesHW {
		return "spec"
	}
	return "hw"
}

// otherValue renders a differing cell's result by the other rules.
func otherValue(o model.OtherCell) string {
	if o.State == model.CellWritten {
		return o.Formula
	}
	return o.State.String() + " (" + o.Formula + ")"
}

// diffLines say, once per channel, where the other rules part from the
// ones shown, with the source of the hardware behaviour (first lane that
// differs).
func (m Output) diffLines() []string {
	var out []string
	for c := range 4 {
		for _, l := range m.res.Lanes {
			cl := l.Cells[c]
			if !cl.Differs {
				continue
			}
			out = append(out, m.st.Warn.Render(fmt.Sprintf("%s %s: %s rules give %s", m.st.Sym.Differs, channelNames[c], m.otherRules(), otherValue(cl.Other)))+
				m.st.Muted.Render(" (lane "+strconv.Itoa(l.Lane)+"; "+cl.Source+")"))
			break
		}
	}
	return out
}

func (m Output) cellStyle(c model.Cell) lipgloss.Style {
	switch c.State {
	case model.CellWritten:
		return m.st.Written
	case model.CellUnchanged:
		return m.st.Unchanged
	case model.CellNotReturned:
		return m.st.NotReturned
	case model.CellUndefined:
		return m.st.Undefined
	}
	return m.st.Label
}

// cursorLine is the cursor's line in the side-by-side form (table false)
// or lane rows (true), -1 when the cursor is in the other one.
func (m Output) cursorLine(table bool) int {
	switch {
	case table && m.inTable:
		return m.lane
	case !table && !m.inTable:
		return m.row
	}
	return -1
}

// stackedCursorLine is the cursor's line in the stacked body.
func (m Output) stackedCursorLine() int {
	if m.inTable {
		return m.stackedTableStart() + 1 + m.lane
	}
	return m.row
}

// tableLines renders the column headings and one row per lane.
func (m Output) tableLines(g geometry) []string {
	st, sym := m.st, m.st.Sym
	var hdr strings.Builder
	hdr.WriteString("  lane EM  ")
	for c, n := range channelNames {
		if m.inTable && c == m.ch {
			n = sym.Selected + n
		}
		hdr.WriteString(pad(n, g.cellW) + " ")
	}
	lines := []string{st.Header.Render(hdr.String())}
	for i, l := range m.res.Lanes {
		marker := "  "
		if m.inTable && i == m.lane {
			marker = sym.Selected + " "
		}
		var sb strings.Builder
		sb.WriteString(marker + padLeft(strconv.Itoa(l.Lane), 4) + " " + padLeft(emBit(l.EMBit), 2) + "  ")
		for c, cell := range l.Cells {
			s := m.cellStyle(cell)
			if m.inTable && i == m.lane && c == m.ch {
				s = st.Cursor
			}
			sb.WriteString(s.Render(pad(m.cellText(cell), g.cellW)) + " ")
		}
		lines = append(lines, sb.String())
	}
	return lines
}

// dstLines describes the destination layout: which bytes of the dst
// variable hold which channel of which lanes, and which GRFs that is.
func (m Output) dstLines() []string {
	st := m.st
	lines := []string{st.Header.Render(fmt.Sprintf("dst %s: planar by channel, %d-byte GRFs", m.in.Operand(m.in.Dst), m.grfBytes()))}
	for _, d := range m.res.Dst {
		lines = append(lines, fmt.Sprintf("  %s lanes %-5s bytes %-7s ", d.Channel, d.Lanes, fmt.Sprintf("%d-%d", d.ByteStart, d.ByteEnd-1))+st.Muted.Render(d.GRFs))
	}
	if len(m.res.Dst) == 0 {
		lines = append(lines, st.Muted.Render("  nothing is written (no channel returned)"))
	}
	return lines
}

func (m Output) warnLines() []string {
	var out []string
	for _, w := range m.res.Warnings {
		out = append(out, m.st.Warn.Render(m.st.Sym.Warn+" "+decoder.Display(w)))
	}
	for _, n := range m.res.Notes {
		out = append(out, m.st.Muted.Render(noteMark+decoder.Display(n)))
	}
	return out
}

// footer is the formula of the cell under the cursor (or the selected
// field's range), then the input error, the editing hint or the legend of
// the table's symbols.
func (m Output) footer() []string {
	st := m.st
	var first string
	switch {
	case m.inTable && m.lane < len(m.res.Lanes):
		l := m.res.Lanes[m.lane]
		c := l.Cells[m.ch]
		first = fmt.Sprintf("lane %d (EM bit %s) %s: ", l.Lane, emBit(l.EMBit), channelNames[m.ch]) +
			m.cellStyle(c).Render(m.cellText(c)) + "  " + st.Meaning.Render(c.Formula)
		if c.Differs {
			first += st.Warn.Render(" · " + m.otherRules() + ": " + otherValue(c.Other))
		}
	case m.row == rowType:
		first = "Type " + st.Value.Render(m.sess.Surface.Type.Label()) + st.Muted.Render(" · "+m.KeyMap.steps()+" cycle, or "+HintKey(m.KeyMap.Edit)+" and type "+typeMatches(""))
	case m.row == m.lodRow():
		_, v, meaning := m.rowText(m.row)
		first = "LOD " + st.Value.Render(v) + " " + st.Meaning.Render(meaning) + st.Muted.Render(" · one value (3) or one per lane (0,1,2,...)")
	case m.row == m.grfRow():
		_, v, meaning := m.rowText(m.row)
		first = "GRF " + st.Value.Render(v) + " " + st.Meaning.Render(meaning) + st.Muted.Render(" · "+HintKey(m.KeyMap.Edit)+", "+m.KeyMap.steps()+" or "+HintKey(m.KeyMap.GRF)+" toggles")
	default:
		f := m.specs[m.row-1]
		first = f.Label + " " + st.Value.Render(strconv.FormatUint(uint64(m.sess.Surface.Get(f.Key)), 10)) + " = " + st.Meaning.Render(f.Means(m.sess.Surface)) +
			st.Muted.Render(fmt.Sprintf(" · 0..%d; %s steps, %s edits", f.Max, m.KeyMap.steps(), strings.Join(m.KeyMap.Edit.Keys(), " or ")))
	}
	// The legend names the rules only when they are not the default, and
	// the ≠ mark only when a cell carries it.
	second := st.Written.Render(st.Sym.Written+" written") + "  " + st.Unchanged.Render(st.Sym.Unchanged+" old (lane off)") + "  " +
		st.NotReturned.Render(st.Sym.NotReturned+" not returned") + "  " + st.Undefined.Render(st.Sym.Undefined+" undefined")
	if m.sess.Rules == model.RulesHW {
		second = st.Title.Render("hw rules") + "  " + second
	}
	if m.anyDiffers() {
		second += "  " + st.Warn.Render(st.Sym.Differs+" "+m.otherRules()+" differs")
	}
	switch {
	case m.err != "":
		second = st.Error.Render(st.Sym.Warn + " " + m.err)
	case m.Editing():
		second = st.Muted.Render(HintKey(m.KeyMap.Apply) + " apply · " + HintKey(m.KeyMap.Cancel) + " cancel")
	}
	return []string{first, second}
}

// emBit writes a lane's EM bit, "-" when it has none (past bit 31).
func emBit(b int) string {
	if b < 0 {
		return "-"
	}
	return strconv.Itoa(b)
}

// typeMatches lists the surface types that start with what was typed;
// typeMatches("") is every one: "1d 1d_array 2d 2d_array 3d cube buffer".
func typeMatches(prefix string) string {
	var out []string
	for _, t := range model.SurfaceTypes() {
		if strings.HasPrefix(t.String(), strings.ToLower(strings.TrimSpace(prefix))) {
			out = append(out, t.String())
		}
	}
	if len(out) == 0 {
		return "none (" + typeMatches("") + ")"
	}
	return strings.Join(out, " ")
}
