package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"infoscope/tui/panels"
)

// Smallest terminal the layout is drawn in; below it a short message is
// shown instead.
const (
	minWidth  = 40
	minHeight = 10
	// wideWidth and wideHeight select the wide layout: a taller list and,
	// from sideBySideWidth, two panels beside each other.
	wideWidth       = 100
	wideHeight      = 30
	sideBySideWidth = 160
)

type rect struct{ x, y, w, h int }

func (r rect) contains(x, y int) bool { return x >= r.x && x < r.x+r.w && y >= r.y && y < r.y+r.h }

// pane is a panel's place on screen (the panels draw their own titles).
type pane struct {
	id focusID
	r  rect
}

// layout is computed once per size or focus change; View only reads it.
type layout struct {
	tooSmall bool
	list     rect
	summary  rect   // the selected instruction in brief, in list focus; else empty
	panes    []pane // the panels shown: none in list focus
	bodyH    int    // rows between the tab bar and the status line
	tabs     [numFocus][2]int
}

func (m *Model) relayout() {
	w, h := m.width, m.height
	var lay layout
	if w < minWidth || h < minHeight {
		lay.tooSmall = true
		m.lay = lay
		return
	}
	lay.bodyH = h - 3 // tab bar, status line, key footer
	defer m.sizeKernels()
	x := 0
	for i := range numFocus {
		t := tabLabel(focusID(i), false)
		lay.tabs[i] = [2]int{x, x + ansi.StringWidth(t)}
		x += ansi.StringWidth(t) + 1
	}
	if m.focus == focusList {
		// The list gets the room and a summary of the selection below it:
		// a step then rewrites a few cells, not a whole panel. The panels
		// open with their keys.
		sh := summaryHeight(lay.bodyH)
		lay.list = rect{0, 1, w, lay.bodyH - sh}
		lay.summary = rect{0, 1 + lay.list.h, w, sh}
	} else {
		lay.list, lay.panes = m.panelLayout(w, lay.bodyH)
	}
	m.lay = lay
	m.list.setSize(w, lay.list.h)
	for _, p := range lay.panes {
		m.syncPanel(p.id)
		m.panels[p.id].SetSize(p.r.w, p.r.h)
	}
}

// panelLayout places the list and the panels shown in a body bodyH rows
// high while a panel has the keyboard: the focused panel gets the room;
// the list keeps a few rows and its context strip.
func (m *Model) panelLayout(w, bodyH int) (rect, []pane) {
	wide := w >= wideWidth && m.height >= wideHeight
	listH := min(max(bodyH/4, 4), bodyH-4)
	if wide {
		listH = min(max(bodyH*2/5, 8), bodyH-8)
		// A tall terminal gives the panels what they can fill and the
		// list the rest, rather than leaving the panels' lower half blank.
		listH = max(listH, bodyH-m.panelRowsWanted(m.shown))
	}
	if m.shown == focusCode {
		// The Code pane grows with the terminal: the list keeps a quarter
		// (its rows and context strip), the pane has the rest or what
		// it holds.
		listH = min(max(bodyH/4, 4), bodyH-4)
		listH = max(listH, bodyH-m.panelRowsWanted(focusCode))
		if m.list.rows.Len() == 0 {
			listH = 2 // no INFO: the list's title and why it is empty
		}
	}
	py, ph := 1+listH, bodyH-listH
	if wide && w >= sideBySideWidth && m.shown != focusCode {
		// The Code pane keeps the whole width: its native lines go
		// beside the vISA ones.
		other := focusLanes
		if m.shown == focusLanes {
			other = focusBits
		}
		lw := w / 2
		return rect{0, 1, w, listH}, []pane{{m.shown, rect{0, py, lw, ph}}, {other, rect{lw + 1, py, w - lw - 1, ph}}}
	}
	return rect{0, 1, w, listH}, []pane{{m.shown, rect{0, py, w, ph}}}
}

// tabLabel names a pane in the tab bar; the focused one is marked by a
// symbol as well as by style, so it shows in monochrome and in captures.
func tabLabel(f focusID, focused bool) string {
	mark := " "
	if focused {
		mark = "▸"
	}
	return fmt.Sprintf("%s%d %s ", mark, int(f)+1, paneNames[f])
}

// fit cuts or pads s to exactly w cells by h lines.
func fit(s string, w, h int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = panels.Fit(l, w)
	}
	return strings.Join(lines, "\n")
}

// panelRowsWanted is the most rows a panel fills: Bits a 17-byte
// instruction (title, headings, bytes, legend, detail, diagnostics);
// Output a 32-lane table beside its form; Lanes its strip and notes. Rows
// past it stay blank, so a tall terminal gives them to the list instead.
func (m *Model) panelRowsWanted(f focusID) int {
	switch f {
	case focusCode:
		return m.codePanel().WantedRows()
	case focusOutput:
		return 40
	case focusLanes:
		return 24 // beside Bits in the side-by-side layout
	}
	return 24
}
