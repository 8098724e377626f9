package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// visibleRows returns the list's rows on screen as plain text, with the
// instruction text each should show.
func visibleRows(m *Model) (lines, texts []string) {
	view := strings.Split(ansi.Strip(m.View().Content), "\n")
	for i := 0; i < m.list.bodyRows() && m.list.top+i < m.list.count(); i++ {
		lc := m.list.rows.loc(m.list.rowAt(m.list.top + i))
		lines = append(lines, view[m.lay.list.y+1+i])
		texts = append(texts, m.list.rows.info(lc).Text())
	}
	return lines, texts
}

// Issue 12 item 1: at 80x24 with several files the instruction text is
// shown whole; the file and kernel columns give way (and the title names
// the selected row's file and kernel when they are gone).
func TestListTextWinsOverColumns(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
	lines, texts := visibleRows(m)
	if len(lines) < 10 {
		t.Fatalf("only %d rows shown", len(lines))
	}
	for i := range lines {
		if !strings.Contains(lines[i], texts[i]) {
			t.Errorf("row %d cut: %q, want %q in it", i, lines[i], texts[i])
		}
	}
	m.Update(teaSize(40, 12))
	lines, _ = visibleRows(m)
	if strings.Contains(lines[0], ".isa") {
		t.Errorf("40 columns: the file column stays: %q", lines[0])
	}
	title := ansi.Strip(strings.Split(m.View().Content, "\n")[m.lay.list.y])
	lc, _ := m.list.selected()
	if !strings.Contains(title, m.list.shown[m.list.rows.file(lc).Name]) {
		t.Errorf("40 columns: the title does not name the selected row's file: %q", title)
	}
}

// Rows that still do not fit scroll sideways with l and back with h.
func TestListScrollsSideways(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 40, 12)
	lines, texts := visibleRows(m)
	end := texts[0][len(texts[0])-8:]
	if strings.Contains(lines[0], end) {
		t.Fatalf("40 columns: the row is not cut, nothing to test: %q", lines[0])
	}
	for range 6 {
		send(m, "l")
	}
	lines, _ = visibleRows(m)
	if !strings.Contains(lines[0], end) || !strings.Contains(lines[0], "«") {
		t.Errorf("after l: %q lacks the end %q or the « mark", lines[0], end)
	}
	for range 10 {
		send(m, "h")
	}
	lines, texts = visibleRows(m)
	if !strings.Contains(lines[0], texts[0][:12]) {
		t.Errorf("after h: %q does not start the text again", lines[0])
	}
	if m.status == "" {
		t.Errorf("h at the start says nothing")
	}
}

func teaSize(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }
