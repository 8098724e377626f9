package panels

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/decoder"
	"infoscope/tui/style"
)

// BitsKeyMap are the Bits panel's bindings.
type BitsKeyMap struct {
	Up, Down    key.Binding // select the previous / next field
	Left, Right key.Binding // move the bit cursor in the hex view
	First, Last key.Binding // first / last field
}

// DefaultBitsKeyMap returns a fresh copy of the Bits panel's bindings.
func DefaultBitsKeyMap() BitsKeyMap {
	return BitsKeyMap{
		Up:    ArrowKey("up", "prev field"),
		Down:  ArrowKey("down", "next field"),
		Left:  ArrowKey("left", "bit cursor left"),
		Right: ArrowKey("right", "bit cursor right"),
		First: NewBinding("first field", "home"),
		Last:  NewBinding("last field", "end"),
	}
}

// ShortHelp implements help.KeyMap.
func (k BitsKeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Left, k.Right}
}

// FullHelp implements help.KeyMap.
func (k BitsKeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.First, k.Last}, {k.Left, k.Right}}
}

// Bits shows an instruction's bit-field spans as a table beside a hex and
// binary view of its bytes. Selecting a field highlights its bits; moving the
// bit cursor selects the field under it.
type Bits struct {
	KeyMap BitsKeyMap
	outbox // never written: Bits shows no session state

	st     *style.Styles
	in     *decoder.Info
	fields []decoder.Field
	sel    int // selected field
	cur    int // bit cursor in display order: byte*8 + (7 - bit)
	w, h   int
	focus  bool
	htop   int // first visible byte row of the hex view
	ftop   int // first visible row of the field table
}

// hexWidth is the width of the hex column: marker, "+off", hex, 8 bits.
const hexWidth = 18

// NewBits returns an empty Bits panel with bindings km.
func NewBits(st *style.Styles, km BitsKeyMap) Bits {
	return Bits{KeyMap: km, st: st}
}

// SetSession is a no-op: the bit fields are the instruction's alone.
func (m *Bits) SetSession(Session) {}

// SetInfo shows an instruction (nil shows a placeholder). The first field is
// selected.
func (m *Bits) SetInfo(in *decoder.Info) {
	m.in = in
	m.fields = nil
	if in != nil && len(in.Bytes()) > 0 {
		m.fields = in.Fields()
	}
	m.htop, m.ftop = 0, 0
	m.selectField(0)
}

// SetSize sets the panel's size in cells.
func (m *Bits) SetSize(w, h int) {
	m.w, m.h = max(0, w), max(0, h)
	m.scroll()
}

// Focus gives the panel the keyboard.
func (m *Bits) Focus() { m.focus = true }

// Blur takes the keyboard away.
func (m *Bits) Blur() { m.focus = false }

// Editing reports whether a text input has focus; Bits has none.
func (m Bits) Editing() bool { return false }

// Selected returns the index of the selected field (into Info.Fields()).
func (m Bits) Selected() int { return m.sel }

// Cursor returns the byte and bit (0 = LSB) under the bit cursor.
func (m Bits) Cursor() (byteOff, bit int) { return m.cur / 8, 7 - m.cur%8 }

// Update handles keys (only while focused) and mouse clicks.
func (m Bits) Update(msg tea.Msg) (Bits, tea.Cmd) {
	if !m.focus || len(m.fields) == 0 {
		return m, nil
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, m.KeyMap.Up):
			m.selectField(m.sel - 1)
		case key.Matches(msg, m.KeyMap.Down):
			m.selectField(m.sel + 1)
		case key.Matches(msg, m.KeyMap.First):
			m.selectField(0)
		case key.Matches(msg, m.KeyMap.Last):
			m.selectField(len(m.fields) - 1)
		case key.Matches(msg, m.KeyMap.Left):
			m.moveCursor(m.cur - 1)
		case key.Matches(msg, m.KeyMap.Right):
			m.moveCursor(m.cur + 1)
		}
	case tea.MouseClickMsg:
		m.click(msg.Mouse())
	}
	m.scroll()
	return m, nil
}

// selectField selects field i (clamped) and puts the bit cursor on its
// first displayed bit: the highest bit of its lowest byte.
func (m *Bits) selectField(i int) {
	if len(m.fields) == 0 {
		m.sel, m.cur = 0, 0
		return
	}
	m.sel = max(0, min(i, len(m.fields)-1))
	f := m.fields[m.sel]
	top := min(f.Bit+f.Bits, 8) - 1
	m.cur = f.Byte*8 + 7 - top
}

// moveCursor moves the bit cursor (clamped) and selects the field under it.
func (m *Bits) moveCursor(pos int) {
	n := len(m.in.Bytes()) * 8
	m.cur = max(0, min(pos, n-1))
	if i := m.fieldAt(m.cur/8, 7-m.cur%8); i >= 0 {
		m.sel = i
	}
}

// fieldAt returns the index of the field holding bit b of byte off, or -1.
// Multi-byte fields are little-endian, so a field is one run of absolute
// bit numbers byte*8+bit.
func (m Bits) fieldAt(off, b int) int {
	for i, f := range m.fields {
		if holds(f, off, b) {
			return i
		}
	}
	return -1
}

func (m Bits) inSelected(off, b int) bool {
	return len(m.fields) > 0 && holds(m.fields[m.sel], off, b)
}

// holds reports whether field f has bit b of byte off.
func holds(f decoder.Field, off, b int) bool {
	a, lo := off*8+b, f.Byte*8+f.Bit
	return a >= lo && a < lo+f.Bits
}

// bodyHeight is the number of rows for the hex view and field table: the
// panel minus the title, the detail line and the diagnostics.
func (m Bits) bodyHeight() int {
	return max(1, m.h-2-m.diagLines())
}

func (m Bits) diagLines() int {
	if m.in == nil {
		return 0
	}
	// Diagnostics get at most a third of the panel; the rest is summarised.
	return max(1, min(m.in.NumDiagnostics(), m.h/3))
}

// scroll keeps the cursor byte and the selected field visible.
func (m *Bits) scroll() {
	if m.in == nil {
		return
	}
	bh := m.bodyHeight() - 1 // one header row
	m.htop = scrollTop(m.htop, m.cur/8, bh, len(m.in.Bytes()))
	m.ftop = scrollTop(m.ftop, m.sel, bh, len(m.fields))
}

// click maps a click to a field row or a hex bit.
func (m *Bits) click(ms tea.Mouse) {
	row := ms.Y - 1 // below the title
	if row < 1 || row >= m.bodyHeight() {
		return
	}
	row-- // below the column headings
	if ms.X < hexWidth {
		b := m.htop + row
		if b >= len(m.in.Bytes()) {
			return
		}
		// binary cells start at column 8: "▸+00 70 0111 0000"
		x := ms.X - 8
		if x >= 4 {
			x-- // the space between nibbles
		}
		if x >= 0 && x < 8 {
			m.moveCursor(b*8 + x)
		} else {
			m.moveCursor(b * 8)
		}
		return
	}
	if i := m.ftop + row; i < len(m.fields) {
		m.selectField(i)
	}
}

// View renders the panel.
func (m Bits) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	st := m.st
	if m.in == nil || len(m.fields) == 0 {
		return Fit(st.Muted.Render("No INFO instruction selected."), m.w)
	}
	lines := make([]string, 0, m.h)
	// The size and layout go before the text: they rarely change between
	// instructions, the text's width often does.
	where := ""
	if m.in.FromText() {
		// Said, not invented: text has no encoding and no file offset.
		where = fmt.Sprintf(" rebuilt from text line %d (no file offset)", m.in.Line())
	}
	lines = append(lines, st.Title.Render("Bits")+
		st.Muted.Render(fmt.Sprintf("  %2d bytes%s, %s layout  ", len(m.in.Bytes()), where, m.in.Layout))+
		st.Value.Render(decoder.Display(m.in.Text())))

	bh := m.bodyHeight()
	hex := m.hexLines(bh)
	tw := m.w - hexWidth - 2
	var body []string
	if tw >= 20 {
		// A rule between the two: they scroll apart (the bytes follow the
		// bit cursor, the table the selected field), so a row of one is
		// not the row of the other.
		body = SideBySide(padRows(hex, bh), m.tableLines(tw, bh), hexWidth, st.Muted.Render("│")+" ")
	} else {
		body = hex // too narrow for the table: the detail line names the field
	}
	body = padRows(body, bh)
	lines = append(lines, body[:bh]...)
	lines = append(lines, m.detail())
	lines = append(lines, m.diagnostics()...)
	return frame(lines, m.w, m.h)
}

// hexLines renders the hex view: one row per byte, its offset, its hex value
// and its 8 bits (MSB first). Reserved bits that are zero show as "·".
func (m Bits) hexLines(h int) []string {
	st := m.st
	lines := []string{st.Header.Render(" off hx 7654 3210")}
	n := len(m.in.Bytes())
	last, one := cutRows(m.htop, n, h)
	if one {
		lines[0] = st.Header.Render(fmt.Sprintf(" +%02x of %d bytes", m.htop, n))
	}
	for b := m.htop; b < last && len(lines) < h; b++ {
		v := m.in.Bytes()[b]
		marker := " "
		hx := fmt.Sprintf("%02x", v)
		if m.byteSelected(b) {
			marker = st.Sym.Selected
			hx = st.Selected.Render(hx)
		}
		// Cells are grouped into runs of one kind so each run costs one
		// Render, not one per bit.
		var sb strings.Builder
		var run strings.Builder
		kind := -1
		flush := func() {
			if run.Len() > 0 {
				sb.WriteString(m.bitStyle(kind).Render(run.String()))
				run.Reset()
			}
		}
		for i := range 8 {
			bit := 7 - i
			on := v>>bit&1 == 1
			cell := "0"
			if on {
				cell = "1"
			}
			k := bitPlain
			if fi := m.fieldAt(b, bit); fi >= 0 && m.fields[fi].Name == "reserved" {
				k = bitReserved
				if on {
					k = bitWarn
				} else {
					cell = st.Sym.Reserved
				}
			}
			switch {
			case b*8+i == m.cur:
				k = bitCursor
			case m.inSelected(b, bit):
				k |= bitSelected
			}
			if k != kind || i == 4 {
				flush()
				if i == 4 {
					sb.WriteByte(' ')
				}
				kind = k
			}
			run.WriteString(cell)
		}
		flush()
		lines = append(lines, marker+fmt.Sprintf("+%02x ", b)+hx+" "+sb.String())
	}
	if last < n && len(lines) < h {
		lines = append(lines, st.Muted.Render(fmt.Sprintf(" ↓ +%02x..+%02x more", last, n-1)))
	}
	if m.hasZeroReserved() && len(lines) < h {
		lines = append(lines, st.Muted.Render(" "+st.Sym.Reserved+" = reserved, 0"))
	}
	return lines
}

// cutRows is where the rows from top of a list of n end in h lines under
// its header: rows past the panel are counted on its last line instead of
// one more row; with room for one row only (one true), the row is shown
// and the header is to say which of how many it is.
func cutRows(top, n, h int) (end int, one bool) {
	switch {
	case n-top <= h-1:
		return n, false
	case h-2 < 1:
		return top + 1, true
	}
	return top + h - 2, false
}

// hasZeroReserved reports whether the hex view shows reserved bits that
// are 0 (drawn as the Reserved symbol, which then needs its legend).
func (m Bits) hasZeroReserved() bool {
	for _, g := range m.fields {
		if g.Name == "reserved" && g.Raw == 0 {
			return true
		}
	}
	return false
}

// Kinds of bit cell in the hex view; bitSelected combines with the first
// three.
const (
	bitPlain = iota
	bitReserved
	bitWarn
	bitCursor
	bitSelected = 4
)

func (m Bits) bitStyle(kind int) lipgloss.Style {
	st := m.st
	var s lipgloss.Style
	switch kind &^ bitSelected {
	case bitReserved:
		s = st.Reserved
	case bitWarn:
		s = st.Warn
	case bitCursor:
		return st.Cursor
	default:
		s = st.Label
	}
	if kind&bitSelected != 0 {
		s = s.Inherit(st.Selected)
	}
	return s
}

func (m Bits) byteSelected(b int) bool {
	f := m.fields[m.sel]
	return b >= f.Byte && b <= (f.Byte*8+f.Bit+f.Bits-1)/8
}

// bitRange writes a field's bits as hardware manuals do, "[hi:lo]" ("[3]"
// for one bit), counted from bit 0 of its first byte (the byte column),
// little-endian across bytes: a 32-bit id in bytes 5-8 is "[31:0]".
func bitRange(f decoder.Field) string {
	if f.Bits == 1 {
		return fmt.Sprintf("[%d]", f.Bit)
	}
	return fmt.Sprintf("[%d:%d]", f.Bit+f.Bits-1, f.Bit)
}

func byteRange(f decoder.Field) string {
	last := (f.Byte*8 + f.Bit + f.Bits - 1) / 8
	if last == f.Byte {
		return strconv.Itoa(f.Byte)
	}
	return fmt.Sprintf("%d-%d", f.Byte, last)
}

// binary writes v in n digits, grouped in fours from the LSB.
func binary(v uint64, n int) string {
	var sb strings.Builder
	for i := n - 1; i >= 0; i-- {
		if v>>i&1 == 1 {
			sb.WriteByte('1')
		} else {
			sb.WriteByte('0')
		}
		if i > 0 && i%4 == 0 {
			sb.WriteByte(' ')
		}
	}
	return sb.String()
}

// Fixed column widths of the field table, the widest any INFO can need:
// names of both layouts ("mask_control"), the byte and bit spans of a
// 17-byte instruction ("15-16", "[31:0]"), and a 32-bit operand id in
// binary. Fixed so that stepping between instructions rewrites only the
// cells whose values differ, not every row shifted by a column. The raw
// column holds 16 bits: a wider value (a variable id past 0xffff) pushes
// only its own row's meaning right, a row whose value changed anyway.
const (
	nameColW = len("mask_control")
	byteColW = len("15-16")
	bitsColW = len("[31:0]")
	binColW  = 32 + 32/4 - 1
	rawColW  = len("0xffff")
)

// tableLines renders the field table in w cells: name, byte, bits, binary
// (dropped when it leaves the meaning too little room), raw hex, meaning.
func (m Bits) tableLines(w, h int) []string {
	st := m.st
	type row struct{ name, byt, bits, bin, raw, mean string }
	rows := make([]row, len(m.fields))
	head := row{"field", "byte", "bits", "binary", "raw", "meaning"}
	wd := [5]int{nameColW, byteColW, bitsColW, binColW, rawColW}
	for i, f := range m.fields {
		rows[i] = row{f.Name, byteRange(f), bitRange(f), binary(f.Raw, f.Bits), fmt.Sprintf("0x%x", f.Raw), decoder.Display(f.Meaning)}
	}
	// The binary column goes first when the meanings would be cut: the
	// hex view beside it shows the same bits.
	meaningW := 16
	for _, r := range rows {
		meaningW = max(meaningW, ansi.StringWidth(r.mean))
	}
	withBin := 2 + wd[0] + wd[1] + wd[2] + wd[3] + wd[4] + 5 + meaningW
	showBin := withBin <= w
	format := func(r row) string {
		s := pad(r.name, wd[0]) + " " + padLeft(r.byt, wd[1]) + " " + pad(r.bits, wd[2]) + " "
		if showBin {
			s += padLeft(r.bin, wd[3]) + " "
		}
		return s + padLeft(r.raw, wd[4]) + " " + r.mean
	}
	lines := []string{st.Header.Render(Fit("  "+format(head), w))}
	end, one := cutRows(m.ftop, len(rows), h)
	if one {
		lines[0] = st.Header.Render(Fit(fmt.Sprintf("  field %d of %d (j/k)", m.ftop+1, len(rows)), w))
	}
	for i := m.ftop; i < end && len(lines) < h; i++ {
		f := m.fields[i]
		marker := "  "
		text := format(rows[i])
		style := st.Label
		if f.Name == "reserved" {
			style = st.Reserved
			if f.Raw != 0 {
				style = st.Warn
				marker = st.Sym.Warn + " "
			}
		}
		if i == m.sel {
			marker = st.Sym.Selected + " "
			style = style.Inherit(st.Selected)
		}
		lines = append(lines, marker+style.Render(Fit(text, w-2)))
	}
	if end < len(rows) && len(lines) < h {
		lines = append(lines, st.Muted.Render(fmt.Sprintf("  ↓ %d more fields (j)", len(rows)-end)))
	}
	return lines
}

// detail describes the selected field and the bit under the cursor in full,
// so a narrow panel still shows everything about it.
func (m Bits) detail() string {
	f := m.fields[m.sel]
	b, bit := m.Cursor()
	// The legend of the reserved symbol goes under the bytes; here only
	// when the bytes fill the panel.
	legend := ""
	if rows := len(m.in.Bytes()) + 1 + 1; m.hasZeroReserved() && rows > m.bodyHeight() {
		legend = " · " + m.st.Sym.Reserved + " = reserved, 0"
	}
	return m.st.Value.Render(m.st.Sym.Selected+" "+f.Name) +
		fmt.Sprintf(" byte %s bits %s = 0x%x (%d): ", byteRange(f), bitRange(f), f.Raw, f.Raw) +
		m.st.Meaning.Render(f.Meaning) +
		m.st.Muted.Render(fmt.Sprintf("%s · cursor byte %d bit %d", legend, b, bit))
}

func (m Bits) diagnostics() []string {
	st := m.st
	d := m.in.Diagnostics()
	if len(d) == 0 {
		return []string{st.Muted.Render(st.Sym.OK + " no diagnostics")}
	}
	n := m.diagLines()
	out := make([]string, 0, n)
	for i, s := range d {
		s = decoder.Display(s) // diagnostics quote names from the input
		if i == n-1 && len(d) > n {
			out = append(out, st.Warn.Render(fmt.Sprintf("%s %s (+%d more)", st.Sym.Warn, s, len(d)-n)))
			break
		}
		out = append(out, st.Warn.Render(st.Sym.Warn+" "+s))
	}
	return out
}
