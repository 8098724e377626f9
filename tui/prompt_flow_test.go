package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// frameFits fails unless the last frame is exactly h lines of at most w
// cells.
func frameFits(t *testing.T, f flow, w, h int) string {
	t.Helper()
	s := f.frame.Load().(string)
	lines := strings.Split(s, "\n")
	if len(lines) != h {
		t.Errorf("%d lines, want %d:\n%s", len(lines), h, s)
	}
	for i, l := range lines {
		if lw := ansi.StringWidth(l); lw > w {
			t.Errorf("line %d is %d cells wide (> %d): %q", i, lw, w, l)
		}
	}
	return s
}

// The / and : prompts through the real program (teatest): editing keys,
// paste without control characters, live filtering, esc restoring the
// filter, enter applying it, go-to, and a long query clipped to the width
// with its end (where the cursor is) in view.
func TestFlowPrompts(t *testing.T) {
	atSizes(t, [][2]int{{80, 24}, {40, 12}}, func(t *testing.T, w, h int) {
		tm := startFlow(t, Config{Sources: sampleSources(t), Title: "samples"}, w, h)
		waitLoaded(t, tm)
		tm.Send(press("/"))
		tm.Type("op:resinfoXX")
		tm.Send(press("backspace"))
		tm.Send(press("backspace"))
		tm.Send(tea.PasteMsg{Content: " !n\tm\n"}) // the tab and newline are dropped
		waitFrame(t, tm, "filter /op:resinfo !nm", "enter apply")
		frameFits(t, tm, w, h)
		tm.Send(press("ctrl+w")) // the word before the cursor
		tm.Send(press("ctrl+a"))
		tm.Send(press("delete"))
		tm.Send(press("end"))
		tm.Type("!nm")
		tm.Send(press("home"))
		tm.Type("o")
		tm.Send(press("enter"))
		waitFrame(t, tm, `filter "op:resinfo !nm": 23 of`, "1 INFO list 1/23")
		frameFits(t, tm, w, h)

		// Live filtering; esc gives the filter back.
		tm.Send(press("/"))
		tm.Send(press("ctrl+u"))
		tm.Type("exec:1")
		waitFrame(t, tm, "filter /exec:1", "no INFO instruction matches")
		tm.Send(press("esc"))
		waitFrame(t, tm, "1 INFO list 1/23")

		// : goes to a row of the list as shown.
		tm.Send(press(":"))
		waitFrame(t, tm, "go to :", "enter go")
		tm.Type("3")
		tm.Send(press("enter"))
		waitFrame(t, tm, "1 INFO list 3/23")

		// A query wider than the screen scrolls: its end stays in view.
		long := strings.Repeat("resinfo ", 12) + "END"
		tm.Send(press("/"))
		tm.Send(press("ctrl+u"))
		tm.Type(long)
		waitFrame(t, tm, "END")
		s := frameFits(t, tm, w, h)
		if title := strings.Split(s, "\n")[1]; !strings.HasPrefix(title, "filter /") && !strings.HasPrefix(title, "filter ") {
			t.Errorf("prompt line %q", title)
		}
		tm.Send(press("esc"))
		tm.Send(press("q"))
		m := final(t, tm)
		if m.list.filter != "op:resinfo !nm" || m.list.mode != inputNone {
			t.Errorf("filter %q, prompt mode %d", m.list.filter, m.list.mode)
		}
		if c := m.list.cursor; c != 2 {
			t.Errorf("go to 3 left the cursor at %d", c)
		}
	})
}

// The prompts' cursor never blinks: opening one starts no timer, so the
// frames depend on the state alone (typing a filter starts one command:
// the one that makes its view).
func TestPromptCursorSteady(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
	for _, open := range []string{"/", ":"} {
		if _, cmd := m.Update(press(open)); cmd != nil {
			t.Errorf("%s started a command (a blink timer?)", open)
		}
		if _, cmd := m.Update(press("x")); cmd != nil {
			// The filter prompt's only command makes the view, off the frame.
			if _, isView := cmd().(filteredMsg); open != "/" || !isView {
				t.Errorf("typing in %s started a command", open)
			}
		}
		first := plainFrame(m)
		if plainFrame(m) != first || !strings.Contains(first, "x") {
			t.Errorf("frame after typing in %s:\n%s", open, first)
		}
		send(m, "esc")
	}
	send(m, "?")
	if _, cmd := m.Update(press("/")); cmd != nil {
		t.Error("the help's / started a command")
	}
}

// The help and errors overlays through the real program: scrolling with
// the keys and the wheel, the help's query, every frame within the screen.
func TestFlowOverlays(t *testing.T) {
	atSizes(t, [][2]int{{80, 24}, {40, 12}}, func(t *testing.T, w, h int) {
		tm := startFlow(t, Config{Sources: sampleSources(t), Title: "samples"}, w, h)
		waitLoaded(t, tm)
		tm.Send(press("?"))
		waitFrame(t, tm, "help — ", "q/esc close")
		frameFits(t, tm, w, h)
		tm.Send(press("G"))
		waitFrame(t, tm, "diag:TEXT     a diagnostic contains") // the last line of the help
		frameFits(t, tm, w, h)
		tm.Send(press("g"))
		waitFrame(t, tm, "(1-")
		tm.Send(tea.MouseWheelMsg{X: 5, Y: 5, Button: tea.MouseWheelDown})
		waitFrame(t, tm, "(4-")
		tm.Send(press("j"))
		waitFrame(t, tm, "(5-")
		tm.Send(press("pgdown"))
		tm.Send(press("k"))
		tm.Send(tea.MouseWheelMsg{X: 5, Y: 5, Button: tea.MouseWheelUp})
		tm.Send(press("home"))
		waitFrame(t, tm, "(1-")

		tm.Send(press("/"))
		tm.Type("mouse")
		waitFrame(t, tm, "mouse on/off", "enter keep")
		frameFits(t, tm, w, h)
		tm.Send(press("enter"))
		waitFrame(t, tm, "esc clear")
		tm.Send(press("esc")) // drops the query
		waitFrame(t, tm, "q/esc close")

		tm.Send(press("E")) // to the errors
		waitFrame(t, tm, "files: errors", "kernel broken")
		frameFits(t, tm, w, h)
		tm.Send(press("q"))
		waitFrame(t, tm, "1 INFO list")
		frameFits(t, tm, w, h)
		tm.Send(press("q"))
		m := final(t, tm)
		if m.showHelp || m.showErrs || m.helpQuery.Value() != "" {
			t.Errorf("help %v, errors %v, query %q", m.showHelp, m.showErrs, m.helpQuery.Value())
		}
	})
}
