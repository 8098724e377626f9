package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// summaryLines is the height of the summary under the list in list focus:
// the selected instruction's diagnostics, then its size and the keys that
// open the panels on it.
const summaryLines = 2

// summaryHeight is the summary's height in a body of bodyH rows: fixed, so
// that a step never moves the rows around it, and one line on terminals
// too short for more.
func summaryHeight(bodyH int) int {
	return min(max(bodyH-5, 1), summaryLines)
}

// summary renders what the list row cannot show about the selected
// instruction, in h lines of w cells: what the screen shows under the list
// while the list has the keyboard, instead of a full panel. The row already
// shows the instruction (its offset highlighted), so a step here rewrites
// only the diagnostics and the size when they differ; the full Bits, Lanes
// and Output panels are a key away.
func (m *Model) summary(w, h int) string {
	var lines []string
	if !m.selOK {
		lines = []string{m.th.Muted.Render("  no INFO instruction selected")}
	} else {
		in := m.list.rows.Info(m.sel)
		switch d := in.Diagnostics(); len(d) {
		case 0:
			lines = append(lines, m.th.Muted.Render("  ✓ no diagnostics"))
		case 1:
			lines = append(lines, m.th.Error.Render("  ! "+d[0]))
		default:
			lines = append(lines, m.th.Error.Render(fmt.Sprintf("  ! %s (+%d more, 2 lists all)", d[0], len(d)-1)))
		}
		// The size first and right-aligned, so that stepping between
		// encodings of different lengths rewrites two digits. The space
		// after them shares their style: the renderer rewrites one cell
		// past a change, and a style switch there would cost two codes.
		where := ""
		if in.FromText() {
			where = fmt.Sprintf(" rebuilt from text line %d (no file offset)", in.Line())
		}
		lines = append(lines, fmt.Sprintf("  %2d ", len(in.Bytes()))+m.th.Muted.Render(fmt.Sprintf("bytes%s, %s layout · enter opens %s · 2 bit fields, 3 lanes, 4 output",
			where, in.Layout, paneNames[m.shown])))
	}
	for i := range lines {
		lines[i] = ansi.Truncate(lines[i], w, "…")
	}
	return fit(strings.Join(lines, "\n"), w, h)
}
