package panels

import (
	"cmp"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/model/diff"
)

// The Code pane while the session shows a comparison of two builds
// (infoscope diff A B: the session's inputs are B's): the body shown, if
// it paired with one of A, is listed with A's side aligned to it: beside
// it when the pane is wide, else A's line beneath each changed one and
// A's removed lines in place. Every change is marked by a symbol (+ added,
// - removed, ~ changed) as well as a colour; } and { go to the next and
// previous change, D shows the plain listing (data flow, native lines)
// and back. Under the listing, what changed in the row under the cursor.

// diffState is the pane's view of the comparison of the body shown.
type diffState struct {
	k       *diff.Kernel
	rowOfB  []int // B's $N -> its row in k.Rows; -1 for one not compared
	changes []int // the rows that are not Same, in order (searched by sort.SearchInts)
	cur     int   // the row under the cursor
	bcur    int   // the instruction cursor cur was last set with
	top     int   // the first row shown
	off     bool  // D: the plain listing instead
}

// diffWide is the pane width from which A's side goes beside B's.
const diffWide = 120

// diffDetail is how many lines under the listing say what changed.
const diffDetail = 2

func newDiffState(k *diff.Kernel) *diffState {
	d := &diffState{k: k, rowOfB: make([]int, k.StatsB.Insts), bcur: -1}
	for i := range d.rowOfB {
		d.rowOfB[i] = -1
	}
	for i, r := range k.Rows {
		if r.B >= 0 && r.B < len(d.rowOfB) {
			d.rowOfB[r.B] = i
		}
		if r.Kind != diff.Same {
			d.changes = append(d.changes, i)
		}
	}
	return d
}

// setDiff takes the comparison of the selected instruction's body (nil:
// none): the cursor goes to the row of the instruction under it.
func (m *Code) setDiff(k *diff.Kernel) {
	if k == nil {
		m.diff = nil
	} else if m.diff == nil || m.diff.k != k {
		off := m.diff != nil && m.diff.off
		m.diff = newDiffState(k)
		m.diff.off = off
		m.diff.cur = max(m.diff.row(m.cur), 0)
	}
	on := m.diff != nil
	for _, b := range []*key.Binding{&m.KeyMap.NextChange, &m.KeyMap.PrevChange, &m.KeyMap.DiffView} {
		b.SetEnabled(on)
	}
}

// row is the row of B's instruction n, or -1.
func (d *diffState) row(n int) int {
	if n < 0 || n >= len(d.rowOfB) {
		return -1
	}
	return d.rowOfB[n]
}

// diffing returns the comparison the pane shows: the body shown is B's
// side of it, and D has not hidden it.
func (m Code) diffing() *diffState {
	d := m.diff
	if d == nil || d.off || m.c.s == nil || d.k.B.Stream == nil {
		return nil
	}
	// The session decoded B itself: the same body is the same name and
	// instruction count.
	if m.c.s.Kernel != d.k.B.Name || m.c.s.NumInsts() != d.k.B.Stream.NumInsts() {
		return nil
	}
	return d
}

// FirstChange puts the cursor on the first change of the body shown, if
// it has one.
func (m *Code) FirstChange() {
	if d := m.diffing(); d != nil && len(d.changes) > 0 {
		m.diffJump(d.changes[0])
		m.recentre = false
	}
}

// diffMoveTo puts the cursor on row i (clamped), scrolling it into view;
// the pane's instruction cursor follows (B's instruction of the row, or
// the next one B has).
func (m *Code) diffMoveTo(i int) {
	d := m.diff
	n := len(d.k.Rows)
	if n == 0 {
		return
	}
	d.cur = max(0, min(i, n-1))
	for j := d.cur; j < n; j++ {
		if b := d.k.Rows[j].B; b >= 0 {
			m.cur = b
			break
		}
	}
	d.bcur = m.cur
	h := m.diffListHeight()
	if d.cur < d.top {
		d.top = d.cur
	}
	for d.top < d.cur && m.diffLines(d.top, d.cur) > h {
		d.top++
	}
}

// diffJump moves the cursor to row i; a row that was not in view is put
// a third down the pane.
func (m *Code) diffJump(i int) {
	d := m.diff
	shown := i >= d.top && m.diffLines(d.top, i) <= m.diffListHeight()
	m.diffMoveTo(i)
	if !shown {
		m.diffCentre(d.cur)
	}
}

// diffCentre starts the listing a third of the pane above row r, with
// what comes before r above it.
func (m Code) diffCentre(r int) {
	d := m.diff
	d.top = r
	for d.top > 0 && m.diffLines(d.top-1, r) <= m.diffListHeight()/3 {
		d.top--
	}
}

// diffLines is how many lines rows from..to (inclusive) take: a changed
// row shows A's line beneath it when the pane is narrow.
func (m Code) diffLines(from, to int) int {
	n := 0
	for i := from; i <= to; i++ {
		n++
		if m.w < diffWide && m.diff.k.Rows[i].Kind == diff.Changed {
			n++
		}
	}
	return n
}

func (m Code) diffListHeight() int { return max(m.h-2-diffDetail, 1) }

// diffKey handles a key of the comparison's listing; done is false for a
// key the plain listing handles (search, go to, enter, back), after which
// the cursor row follows the instruction cursor.
func (m *Code) diffKey(k tea.KeyPressMsg) (done bool) {
	km := m.KeyMap
	if key.Matches(k, km.DiffView) {
		m.diff.off = !m.diff.off
		if m.diff.off {
			m.msg = "the listing of B alone (D shows A beside it again)"
		} else {
			m.diffMoveTo(max(m.diff.row(m.cur), 0))
			m.msg = "A beside B (D shows B alone, with its data flow)"
		}
		return true
	}
	d := m.diffing()
	if d == nil {
		if key.Matches(k, km.NextChange, km.PrevChange) && m.diff != nil {
			m.msg = "D shows the comparison first"
			if !m.diff.off {
				m.msg = "this body has no counterpart in the other build"
			}
			return true
		}
		return false
	}
	if to, ok := km.Moved(k, d.cur, max(m.diffListHeight()-1, 1), len(d.k.Rows)-1); ok {
		m.diffMoveTo(to)
		return true
	}
	switch {
	case key.Matches(k, km.NextChange):
		if i := sort.SearchInts(d.changes, d.cur+1); i < len(d.changes) {
			m.diffJump(d.changes[i])
		} else {
			m.msg = "no change after this one"
		}
	case key.Matches(k, km.PrevChange):
		if i := sort.SearchInts(d.changes, d.cur) - 1; i >= 0 {
			m.diffJump(d.changes[i])
		} else {
			m.msg = "no change before this one"
		}
	default:
		return false
	}
	return true
}

// diffFollow puts the comparison's cursor on the row of the instruction
// cursor after a key the plain listing handled moved it.
func (m *Code) diffFollow(before int) {
	if d := m.diffing(); d != nil && m.cur != before {
		if r := d.row(m.cur); r >= 0 {
			m.diffMoveTo(r)
		}
	}
}

// diffMark is a row's symbol and style.
func (m Code) diffMark(kind diff.Kind) string {
	st := m.st
	switch kind {
	case diff.Added:
		return st.Enabled.Render("+")
	case diff.Removed:
		return st.Error.Render("-")
	case diff.Changed:
		return st.Warn.Render("~")
	}
	return " "
}

// diffView draws the comparison: the title with the pair's statistics,
// the aligned rows, what changed under the cursor, the bottom line.
func (m Code) diffView(d *diffState) string {
	st := m.st
	k := d.k
	if m.cur != d.bcur {
		// The instruction cursor moved from outside (an INFO selected in
		// the list): the row of its instruction, a third down the pane.
		if r := d.row(m.cur); r >= 0 {
			d.cur, d.bcur = r, m.cur
			m.diffCentre(r)
		}
	}
	title := st.Title.Render("Code") + "  " + st.Value.Render(model.KernelLabel(k.Name)) +
		st.Muted.Render("  B $"+strconv.Itoa(m.cur)+" · "+decoder.Display(k.Summary()))
	lines := []string{title}
	lh := m.diffListHeight()
	nw := len(strconv.Itoa(max(k.StatsA.Insts, k.StatsB.Insts))) + 2 // a blank, $, the digits
	wide := m.w >= diffWide
	for i := d.top; i < len(k.Rows) && len(lines) < 1+lh; i++ {
		lines = append(lines, m.diffRow(d, i, nw, wide)...)
	}
	lines = lines[:min(len(lines), 1+lh)]
	lines = padRows(lines, 1+lh)
	lines = append(lines, m.diffDetailLines(d)...)
	bottom := m.bottomLine()
	if m.mode == codeBrowse && m.msg == "" {
		bottom = st.Muted.Render("+ added in B · - removed from A · ~ changed · } { next/previous change · D B alone")
	}
	lines = append(lines, bottom)
	return frame(lines, m.w, m.h)
}

// diffRow draws row i: B's side, then A's beside it (wide) or, for a
// changed row, beneath it (narrow); a removed row shows A's line in place.
func (m Code) diffRow(d *diffState, i, nw int, wide bool) []string {
	st, c, k := m.st, m.c, d.k
	r := k.Rows[i]
	cursor := " "
	if i == d.cur {
		cursor = st.Sym.Selected
	}
	num := func(n int) string {
		if n < 0 {
			return pad("", nw)
		}
		return padLeft("$"+strconv.Itoa(n), nw)
	}
	kind := " "
	if r.B >= 0 {
		kind = cmp.Or(c.infoMark(r.B), kind)
	}
	bText, aText := "", ""
	if r.B >= 0 {
		bText, _ = m.lineText(r.B)
	}
	if r.A >= 0 {
		aText = decoder.DisplayRow(diff.InstText(k.A.Stream, r.A))
	}
	lead := cursor + m.diffMark(r.Kind) + kind
	var out []string
	switch {
	case wide:
		half := (m.w - 4) / 2
		left := num(r.B) + " " + bText
		if r.B < 0 {
			left = ""
		}
		right := num(r.A) + " " + aText
		if r.A < 0 {
			right = ""
		}
		if r.Kind == diff.Same {
			right = st.Muted.Render(right)
		}
		out = append(out, lead+Fit(left, half-3)+" │ "+right)
	case r.Kind == diff.Removed:
		out = append(out, lead+num(-1)+" "+st.Error.Render("A "+strings.TrimSpace(num(r.A))+" "+aText))
	default:
		out = append(out, lead+num(r.B)+" "+bText)
		if r.Kind == diff.Changed {
			out = append(out, "   "+pad("", nw)+" "+st.Muted.Render("was A "+strings.TrimSpace(num(r.A))+" "+aText))
		}
	}
	if i == d.cur {
		out[0] = st.Selected.Render(Fit(out[0], m.w))
	}
	return out
}

// diffDetailLines say which change the cursor is on and what changed in
// it: each part, A's value then B's.
func (m Code) diffDetailLines(d *diffState) []string {
	st, k := m.st, d.k
	r := k.Rows[d.cur]
	at := sort.SearchInts(d.changes, d.cur) // the changes before the cursor
	var pos string
	switch {
	case len(d.changes) == 0 && len(k.Decls) == 0:
		pos = "no change in this body"
	case len(d.changes) == 0:
		pos = "no instruction changed"
	case r.Kind == diff.Same:
		pos = fmt.Sprintf("%d changes; } next, { previous", len(d.changes))
	default:
		pos = fmt.Sprintf("change %d of %d", at+1, len(d.changes))
	}
	out := []string{st.Muted.Render("── " + pos + " ──")}
	if r.Kind == diff.Same {
		// Off a change: the declarations that changed, each once.
		var decls []string
		for _, dc := range k.Decls {
			var parts []string
			for _, f := range dc.Fields {
				parts = append(parts, decoder.Display(f.Name)+" "+orNone(f.A)+" → "+orNone(f.B))
			}
			decls = append(decls, decoder.Display(dc.A)+"/"+decoder.Display(dc.B)+": "+strings.Join(parts, ", "))
		}
		if len(decls) > 0 {
			return append(out, fmt.Sprintf("%d declarations changed: ", len(decls))+strings.Join(decls, "; "))
		}
		return append(out, "")
	}
	var what string
	switch r.Kind {
	case diff.Added:
		what = "added in B"
	case diff.Removed:
		what = "removed: A $" + strconv.Itoa(r.A)
	default:
		what = "changed: A $" + strconv.Itoa(r.A) + " → B $" + strconv.Itoa(r.B)
		for _, c := range k.Changes {
			if c.Row == r {
				var parts []string
				for _, f := range c.Fields {
					parts = append(parts, decoder.Display(f.Name)+": "+orNone(f.A)+" → "+orNone(f.B))
				}
				if len(parts) > 0 {
					what += ": " + strings.Join(parts, "; ")
				}
				break
			}
		}
	}
	return append(out, what)
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return decoder.Display(s)
}

// diffUpdate is Update for a pane with a comparison: its keys, then the
// plain listing's (search, go to, enter, back, mouse), after which the
// comparison's cursor follows the instruction cursor.
func (m Code) diffUpdate(msg tea.Msg) (Code, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && m.mode == codeBrowse {
		m.msg, m.msgErr = "", false
		if m.diffKey(k) {
			return m, nil
		}
	}
	if c, ok := msg.(tea.MouseClickMsg); ok && c.Mouse().Button == tea.MouseLeft && m.diffing() != nil {
		m.diffClick(c.Mouse().Y)
		return m, nil
	}
	before := m.cur
	d := m.diff
	m.diff = nil // the plain Update, once
	m, cmd := m.Update(msg)
	m.diff = d
	m.diffFollow(before)
	return m, cmd
}

// diffClick puts the cursor on the row drawn at line y of the pane.
func (m *Code) diffClick(y int) {
	d := m.diff
	line := 1 // the title is line 0
	for i := d.top; i < len(d.k.Rows) && line <= m.diffListHeight(); i++ {
		n := m.diffLines(i, i)
		if y >= line && y < line+n {
			m.diffMoveTo(i)
			return
		}
		line += n
	}
}
