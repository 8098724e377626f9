package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/model/workspace"
)

// visibleRows returns the list's rows on screen as plain text, with the
// instruction text each should show.
func visibleRows(m *Model) (lines, texts []string) {
	view := strings.Split(ansi.Strip(m.View().Content), "\n")
	for i := 0; i < m.list.bodyRows() && m.list.top+i < m.list.count(); i++ {
		lc := m.list.rows.Loc(m.list.rowAt(m.list.top + i))
		lines = append(lines, view[m.lay.list.y+1+i])
		texts = append(texts, m.list.rows.Info(lc).Text())
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
	if !strings.Contains(title, m.list.shown[m.list.rows.File(lc).Name]) {
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
	for range 10 {
		send(m, "l")
		if lines, _ = visibleRows(m); strings.Contains(lines[0], end) {
			break
		}
	}
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

// Issue 12 item 3: pane keys work from every pane, alt+digit and Fn even
// while a field is edited; plain digits type only while editing.
func TestPaneKeysFromEveryPane(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
	send(m, "4", "2")
	if m.focus != focusBits {
		t.Fatalf("2 in Output: focus %d, want Bits", m.focus)
	}
	send(m, "4", "enter")
	if !m.editing() {
		t.Fatal("enter in Output did not open the field")
	}
	send(m, "1")
	if m.focus != focusOutput || !m.editing() {
		t.Fatalf("1 while editing: focus %d editing %v, want the digit typed", m.focus, m.editing())
	}
	m.Update(tea.KeyPressMsg{Code: '3', Mod: tea.ModAlt})
	if m.focus != focusLanes {
		t.Fatalf("alt+3 while editing: focus %d", m.focus)
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyF2})
	if m.focus != focusBits {
		t.Fatalf("F2: focus %d", m.focus)
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyF1})
	if m.focus != focusList {
		t.Fatalf("F1: focus %d", m.focus)
	}
}

// / and : work from a panel (they open the list's prompts), n steps the
// list from a panel, and a key that does nothing says so.
func TestSearchKeysFromPanels(t *testing.T) {
	bad := rawInfos(8, func(i int, b []byte) {
		if i == 5 {
			b[3] = 0 // channel mask 0: a diagnostic
		}
	})
	m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("raw", bad)}}, 80, 24)
	send(m, "2", "/")
	if m.focus != focusList || m.list.mode != inputFilter {
		t.Fatalf("/ in Bits: focus %d mode %d", m.focus, m.list.mode)
	}
	send(m, "esc", "3", ":")
	if m.focus != focusList || m.list.mode != inputGoto {
		t.Fatalf(": in Lanes: focus %d mode %d", m.focus, m.list.mode)
	}
	send(m, "esc", "2")
	before := m.list.cursor
	send(m, "}")
	if m.focus != focusBits || m.list.cursor == before {
		t.Fatalf("n in Bits: focus %d cursor %d -> %d", m.focus, before, m.list.cursor)
	}
	if l, _ := m.list.selected(); m.list.rows.Info(l).NumDiagnostics() == 0 {
		t.Errorf("n went to a row without diagnostics")
	}
	send(m, "w")
	if !strings.Contains(m.status, "w does nothing in the Bits panel") {
		t.Errorf("w in Bits: status %q", m.status)
	}
}

// Issue 12 item 5: the footer shows the editing keys only while a field is
// edited: never "q quit" when q types a letter.
func TestFooterWhileEditing(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 120, 40)
	send(m, "4", "enter")
	footer := func() string {
		lines := strings.Split(ansi.Strip(m.View().Content), "\n")
		return lines[len(lines)-1]
	}
	if f := footer(); strings.Contains(f, "quit") && !strings.Contains(f, "ctrl+c") || strings.Contains(f, "q quit") || !strings.Contains(f, "apply") {
		t.Errorf("footer while editing: %q", f)
	}
	send(m, "esc")
	if f := footer(); !strings.Contains(f, "q quit") {
		t.Errorf("footer after editing: %q", f)
	}
}

// Issue 12 item 4: q closes the help and the errors overlay instead of
// quitting; / filters the help by key or words.
func TestOverlayQAndHelpFilter(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
	for _, open := range []string{"?", "E"} {
		send(m, open)
		_, cmd := m.Update(press("q"))
		if cmd != nil {
			if _, quit := cmd().(tea.QuitMsg); quit {
				t.Fatalf("q in the %s overlay quits", open)
			}
		}
		if m.showHelp || m.showErrs {
			t.Fatalf("q did not close the %s overlay", open)
		}
	}
	send(m, "?", "/", "'mouse'")
	view := ansi.Strip(m.View().Content)
	if !strings.Contains(view, "mouse on/off") || strings.Contains(view, "previous INFO") {
		t.Errorf("help filtered by \"mouse\":\n%s", view)
	}
	send(m, "enter", "q")
	if m.showHelp {
		t.Error("q after the filter did not close the help")
	}
	send(m, "?")
	if ansi.Strip(m.View().Content) == view {
		t.Error("the filter outlived the help")
	}
}

// :FILE:0xOFFSET goes to an offset in another file; n says when it wraps.
func TestGotoFileAndDiagWrap(t *testing.T) {
	bad := rawInfos(4, func(i int, b []byte) {
		if i == 1 {
			b[3] = 0
		}
	})
	m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("a.bin", bad), workspace.BytesSource("dir/b.bin", rawInfos(4, nil))}}, 80, 24)
	send(m, ":", "'b.bin:0x16'", "enter")
	l, _ := m.list.selected()
	if m.list.rows.File(l).Name != "dir/b.bin" || m.list.rows.Info(l).Off != 0x16 {
		t.Fatalf(":b.bin:0x16 went to %s+0x%x (status %q)", m.list.rows.File(l).Name, m.list.rows.Info(l).Off, m.status)
	}
	send(m, ":", "'c.bin:0x0'", "enter")
	if !strings.Contains(m.status, "no such file") || !strings.Contains(m.status, "a.bin") {
		t.Errorf(":c.bin:0x0: status %q", m.status)
	}
	send(m, "}")
	if !strings.Contains(m.status, "wrapped to the first") {
		t.Errorf("n past the last diagnostic row: status %q", m.status)
	}
	send(m, "}")
	if !strings.Contains(m.status, "wrapped") {
		t.Errorf("n on the only diagnostic row: status %q", m.status)
	}
}

// Issue 12 item 18: y copies the row's text, Y its bytes, y in Bits the
// selected field's value, through OSC 52 (tea.SetClipboard).
func TestCopyKeys(t *testing.T) {
	m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("raw", rawInfos(2, nil))}}, 80, 24)
	clip := func(k string) string {
		_, cmd := m.Update(press(k))
		if cmd == nil {
			t.Fatalf("%s: no command", k)
		}
		return fmt.Sprint(cmd())
	}
	if got := clip("y"); !strings.Contains(got, "sampleinfo.RGBA (M1, 16)") {
		t.Errorf("y: %q", got)
	}
	if got := clip("Y"); !strings.Contains(got, "70 0b 04 0f 06 21 00 00 00 00 00") {
		t.Errorf("Y: %q", got)
	}
	send(m, "2", "j", "j", "j") // exec_size
	if got := clip("y"); !strings.Contains(got, "0x") {
		t.Errorf("y in Bits: %q", got)
	}
	l, _ := m.list.selected()
	f := m.list.rows.Info(l).Fields()[3]
	if !strings.Contains(m.status, "copied "+f.Name+": "+fmt.Sprintf("0x%x", f.Raw)) {
		t.Errorf("y in Bits on %s: status %q", f.Name, m.status)
	}
}

// Issue 12 item 18: run locally, y also puts the text on the system
// clipboard, and the command still sends OSC 52.
func TestCopyLocalClipboard(t *testing.T) {
	var got string
	m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("raw", rawInfos(2, nil))},
		CopyLocal: func(s string) error { got = s; return nil }}, 80, 24)
	_, cmd := m.Update(press("y"))
	if cmd == nil {
		t.Fatal("y: no command")
	}
	msg := cmd()
	if !strings.Contains(got, "sampleinfo.RGBA (M1, 16)") {
		t.Errorf("system clipboard got %q", got)
	}
	if !strings.Contains(fmt.Sprint(msg), "sampleinfo.RGBA (M1, 16)") {
		t.Errorf("OSC 52 message %q", fmt.Sprint(msg))
	}
	_, cmd = m.Update(msg) // the copy's end: the status, then OSC 52
	if cmd == nil || !strings.Contains(fmt.Sprint(cmd()), "sampleinfo.RGBA (M1, 16)") {
		t.Errorf("no OSC 52 after the system clipboard")
	}
	if !strings.Contains(m.status, "system clipboard") {
		t.Errorf("status %q", m.status)
	}
}

// Issue 12 item 7: at 200x60 a panel gets the rows it can fill and the
// list the rest, instead of a third of the screen staying blank.
func TestTallTerminalGivesListTheRoom(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 200, 60)
	send(m, "2")
	if m.lay.list.h < 30 {
		t.Errorf("200x60 with Bits: list %d rows, panels %d", m.lay.list.h, m.lay.panes[0].r.h)
	}
	lines := strings.Split(ansi.Strip(m.View().Content), "\n")
	blank := 0
	for _, l := range lines {
		if strings.TrimSpace(strings.Trim(l, "│ ")) == "" {
			blank++
		}
	}
	if blank > 8 {
		t.Errorf("%d blank lines of 60:\n%s", blank, strings.Join(lines, "\n"))
	}
	m.Update(teaSize(120, 40))
	if m.lay.list.h < 14 {
		t.Errorf("120x40: list %d rows", m.lay.list.h)
	}
}
