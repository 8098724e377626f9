package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"infoscope/tui/panels"
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
			lines = append(lines, m.th.Error.Render(fmt.Sprintf("  ! %s (+%d more, %s lists all)", d[0], len(d)-1, panels.HintKey(m.keys.Bits))))
		}
		// The size first and right-aligned, so that stepping between
		// encodings of different lengths rewrites two digits. The space
		// after them shares their style: the renderer rewrites one cell
		// past a change, and a style switch there would cost two codes.
		where := ""
		if in.FromText() {
			where = fmt.Sprintf(" rebuilt from text line %d (no file offset)", in.Line())
		}
		k := m.keys
		lines = append(lines, fmt.Sprintf("  %2d ", len(in.Bytes()))+m.th.Muted.Render(fmt.Sprintf("bytes%s, %s layout · %s opens %s · %s bit fields, %s lanes, %s output",
			where, in.Layout, panels.HintKey(m.list.keys.Open), paneNames[m.shown], panels.HintKey(k.Bits), panels.HintKey(k.Lanes), panels.HintKey(k.Output))))
	}
	for i := range lines {
		lines[i] = ansi.Truncate(lines[i], w, "…")
	}
	return fit(strings.Join(lines, "\n"), w, h)
}
