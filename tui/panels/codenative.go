package panels

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"infoscope/decoder"
	"infoscope/model/lower"
)

// The Code pane's rows under each vISA instruction: the LLVM lines it
// came from (the dump set's .visa.ll) and the native lines it became
// (the .asm), each a cursor row; and the native listing, the .asm's
// instructions in the file's order, beside the vISA listing on a wide
// pane or in its place while it has the keys (ctrl+w).

// sideMinWidth is the narrowest pane that shows the native listing
// beside the vISA one rather than the native lines under each
// instruction.
const sideMinWidth = 140

// subRow is a row under a vISA instruction: an LLVM line (index in
// Join.LLVM(i)) or a native line (index in ASM.Insts).
type subRow struct {
	llvm bool
	at   int
}

// pos is a place in the pane: a row of the vISA listing (inst, sub:
// -1 the instruction's own line, else its sub-row), or a line of the
// native listing (nat, inst the index in ASM.Insts).
type pos struct {
	nat       bool
	inst, sub int
}

// side reports whether the native listing is shown beside the vISA one.
func (m Code) side() bool {
	return m.native() != nil && !m.folded && m.w >= sideMinWidth
}

// sideWidth is the vISA listing's width beside the native one.
func (m Code) sideWidth() int { return min(m.w/2, 100) }

// subRows is the rows shown under instruction i: its LLVM lines, then
// its native lines unless they are in the listing beside.
func (m Code) subRows(i int) []subRow {
	j := m.native()
	if j == nil || m.folded {
		return nil
	}
	var out []subRow
	for k := range j.LLVM(i) {
		out = append(out, subRow{true, k})
	}
	if !m.side() {
		for _, at := range j.Native(i) {
			out = append(out, subRow{false, at})
		}
	}
	return out
}

// nativeRows is how many rows show under instruction i.
func (m Code) nativeRows(i int) int {
	j := m.native()
	if j == nil || m.folded {
		return 0
	}
	n := len(j.LLVM(i))
	if !m.side() {
		n += len(j.Native(i))
	}
	return n // as subRows, without building them: called per instruction per frame
}

// nextRow is the row after (i, sub) in the vISA listing; ok false at
// the end.
func (m Code) nextRow(i, sub int) (int, int, bool) {
	if sub+1 < m.nativeRows(i) {
		return i, sub + 1, true
	}
	if i+1 < m.total() {
		return i + 1, -1, true
	}
	return i, sub, false
}

// prevRow is the row before (i, sub); ok false at the start.
func (m Code) prevRow(i, sub int) (int, int, bool) {
	if sub >= 0 {
		return i, sub - 1, true
	}
	if i > 0 {
		return i - 1, m.nativeRows(i-1) - 1, true
	}
	return i, sub, false
}

// viewStart is the first row of the vISA listing shown: the
// instruction viewTop gives (with its first sub-row shown when it is
// m.top's), moved down until the cursor's row is in view.
func (m Code) viewStart() (int, int) {
	top := m.viewTop()
	tsub := -1
	if top == m.top && !m.recentre && m.topSub < m.nativeRows(top) {
		tsub = m.topSub
	}
	if top > m.cur || (top == m.cur && tsub > m.sub) {
		return m.cur, m.sub
	}
	lh := m.listHeight()
	// On an instruction's own line, its rows below are brought in view
	// too (as many as fit).
	end := m.sub
	if end < 0 {
		end = min(m.nativeRows(m.cur), lh-1) - 1
	}
	for {
		// Rows from the start to the cursor's, inclusive, counted up to
		// one past the listing's height.
		n, i, s := 1, top, tsub
		for (i != m.cur || s != end) && n <= lh {
			var ok bool
			if i, s, ok = m.nextRow(i, s); !ok {
				break
			}
			n++
		}
		if n <= lh {
			return top, tsub
		}
		top, tsub, _ = m.nextRow(top, tsub)
	}
}

// shownRows is the rows of the vISA listing on screen, from viewStart.
func (m Code) shownRows() []pos {
	lh := m.listHeight()
	i, s := m.viewStart()
	var out []pos
	for len(out) < lh && i < m.total() {
		out = append(out, pos{inst: i, sub: s})
		var ok bool
		if i, s, ok = m.nextRow(i, s); !ok {
			break
		}
	}
	return out
}

// step moves the cursor d rows (sub-rows included) through the vISA
// listing.
func (m *Code) step(d int) {
	i, s := m.cur, m.sub
	for ; d > 0; d-- {
		i, s, _ = m.nextRow(i, s)
	}
	for ; d < 0; d++ {
		i, s, _ = m.prevRow(i, s)
	}
	m.moveTo(i)
	m.sub = min(s, m.nativeRows(i)-1)
}

// settle keeps the start of the listing where it was drawn, so that the
// next move scrolls from there.
func (m *Code) settle() {
	if m.total() == 0 {
		return
	}
	m.top, m.topSub = m.viewStart()
	m.recentre = false
	m.followNative()
}

// followNative scrolls the native listing to the cursor's native lines
// when it does not have the keys.
func (m *Code) followNative() {
	j := m.native()
	if j == nil || m.nat {
		return
	}
	lines := j.Native(m.cur)
	if len(lines) == 0 {
		return
	}
	lh := m.listHeight()
	first, last := lines[0], lines[len(lines)-1]
	if first < m.ntop || last >= m.ntop+lh {
		m.ntop = first - lh/3
	}
	m.ntop = clampTop(m.ntop, lh, len(j.ASM.Insts))
}

// moveNative moves the native listing's cursor to line k.
func (m *Code) moveNative(k int) {
	j := m.native()
	if j == nil || len(j.ASM.Insts) == 0 {
		return
	}
	m.ncur = min(max(k, 0), len(j.ASM.Insts)-1)
	m.ntop = KeepInView(m.ntop, m.ncur, m.scrollOff(), m.listHeight(), len(j.ASM.Insts))
}

// push remembers the cursor's place for Back: its row of the vISA
// listing, or its line of the native listing while that has the keys.
func (m *Code) push() {
	p := pos{inst: m.cur, sub: m.sub}
	if m.nat {
		p = pos{nat: true, inst: m.ncur, sub: -1}
	}
	m.back = append(m.back, p)
	if len(m.back) > 100 {
		m.back = m.back[1:]
	}
}

// goBack returns to the last place pushed.
func (m *Code) goBack() bool {
	n := len(m.back)
	if n == 0 {
		return false
	}
	p := m.back[n-1]
	m.back = m.back[:n-1]
	if p.nat && m.native() != nil {
		m.nat = true
		m.moveNative(p.inst)
		return true
	}
	m.nat = false
	m.moveTo(p.inst)
	m.sub = min(p.sub, m.nativeRows(m.cur)-1)
	return true
}

// toNative goes from the vISA listing to native line at in the native
// listing (enter on a native line under its instruction).
func (m *Code) toNative(at int) {
	m.push()
	m.nat = true
	m.ntop = at - m.listHeight()/3
	m.moveNative(at)
	in := &m.native().ASM.Insts[at]
	m.msg = fmt.Sprintf("at L%d of the .asm, in its order; %s goes to its vISA instruction, %s back", in.Line, HintKey(m.KeyMap.Select), HintKey(m.KeyMap.Back))
}

// toVISA goes from native line at to the vISA instruction it was made
// for (enter in the native listing), on that native line when it is
// shown under the instruction.
func (m *Code) toVISA(at int) {
	j := m.native()
	in := &j.ASM.Insts[at]
	if in.VISA < 0 || in.VISA >= m.total() {
		m.msg = fmt.Sprintf("native line L%d carries no $N of this body (IGC's own code: prologue, spill, end of thread)", in.Line)
		return
	}
	m.jump(in.VISA) // from the native listing: it pushes the line left, even to the same $N
	for k, r := range m.subRows(m.cur) {
		if !r.llvm && r.at == at {
			m.sub = k
		}
	}
	m.settle()
	m.msg = fmt.Sprintf("at $%d, the vISA instruction of native line L%d; %s goes back", m.cur, in.Line, HintKey(m.KeyMap.Back))
}

// enterRow is enter in the listing: on a native line it goes to the
// native listing, on an LLVM line it says where it is from; ok false
// on an instruction's own line.
func (m *Code) enterRow() bool {
	if m.nat {
		m.toVISA(m.ncur)
		return true
	}
	rows := m.subRows(m.cur)
	if m.sub < 0 || m.sub >= len(rows) {
		return false
	}
	r := rows[m.sub]
	if r.llvm {
		l := m.native().LLVM(m.cur)[r.at]
		m.msg = fmt.Sprintf("LLVM line %d of %s, tagged $%d", l.Line, decoder.Display(filepath.Base(m.native().LL.Name)), m.cur)
		return true
	}
	m.toNative(r.at)
	return true
}

// subLine draws sub-row r of instruction i.
func (m Code) subLine(j *lower.Join, i int, r subRow, cursor bool, numW int) string {
	st := m.st
	mark := " "
	if cursor {
		mark = st.Sym.Selected
	}
	var line string
	if r.llvm {
		l := j.LLVM(i)[r.at]
		line = mark + "  " + strings.Repeat(" ", numW) + st.Muted.Render("  ⇡ "+pad("ll:"+strconv.Itoa(l.Line), 6)+" "+compact(l.Text))
	} else {
		in := &j.ASM.Insts[r.at]
		line = mark + "  " + strings.Repeat(" ", numW) + st.Muted.Render("  ↳ "+pad("L"+strconv.Itoa(in.Line), 6)+" "+compact(in.Text))
	}
	if cursor {
		return st.Selected.Render(Fit(line, m.w))
	}
	return line
}

// nativeListing draws the native listing, h rows w wide: each line of
// the .asm with its $N, the cursor instruction's marked.
func (m Code) nativeListing(w, h int) []string {
	j := m.native()
	st := m.st
	insts := j.ASM.Insts
	top := m.ntop
	if m.nat {
		top = clampTop(top, h, len(insts))
	}
	numW := len(strconv.Itoa(max(m.total()-1, 0))) + 1
	lineW := len(strconv.Itoa(j.ASM.Lines)) + 1
	var out []string
	for k := top; k < len(insts) && len(out) < h; k++ {
		in := &insts[k]
		cursor := m.nat && k == m.ncur
		mark := " "
		if cursor {
			mark = st.Sym.Selected
		}
		mine := " "
		if in.VISA == m.cur && !m.nat || m.nat && in.VISA == insts[m.ncur].VISA && in.VISA >= 0 {
			mine = "•"
		}
		id := "-"
		if in.VISA >= 0 {
			id = "$" + strconv.Itoa(in.VISA)
		}
		line := mark + mine + " " + padLeft(id, numW) + " " + st.Muted.Render(pad("L"+strconv.Itoa(in.Line), lineW)) + " " + compact(in.Text)
		if cursor {
			line = st.Selected.Render(Fit(line, w))
		}
		out = append(out, Fit(line, w))
	}
	return padRows(out, h)
}

// nativeTitle says where the native listing is, for the pane's title.
func (m Code) nativeTitle() string {
	j := m.native()
	if m.nat && m.ncur < len(j.ASM.Insts) {
		return fmt.Sprintf(".asm L%d of %d (%s back)", j.ASM.Insts[m.ncur].Line, j.ASM.Lines, HintKey(m.KeyMap.NativeList))
	}
	return ".asm beside (" + HintKey(m.KeyMap.NativeList) + ")"
}

// nativeKey moves through the native listing while it has the keys:
// the moving keys, enter (to the line's vISA instruction) and back.
func (m *Code) nativeKey(k tea.KeyPressMsg) bool {
	km := m.KeyMap
	if to, ok := km.Moved(k, m.ncur, max(m.listHeight()-1, 1), len(m.native().ASM.Insts)-1); ok {
		m.moveNative(to)
		return true
	}
	switch {
	case key.Matches(k, km.Select):
		m.toVISA(m.ncur)
	case key.Matches(k, km.Back):
		if !m.goBack() {
			m.msg = "no earlier place to go back to"
		}
	default:
		return false
	}
	return true
}
