package tui

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// press turns a binding's key name ("j", "G", "ctrl+u", "alt+2", "f2",
// "shift+tab", "pgdown", "space") into the key press a terminal sends.
func press(name string) tea.KeyPressMsg {
	var mod tea.KeyMod
	s := name
	for _, p := range []struct {
		prefix string
		mod    tea.KeyMod
	}{{"ctrl+", tea.ModCtrl}, {"alt+", tea.ModAlt}, {"shift+", tea.ModShift}} {
		if strings.HasPrefix(s, p.prefix) && len(s) > len(p.prefix) {
			mod |= p.mod
			s = s[len(p.prefix):]
		}
	}
	codes := map[string]rune{"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "backspace": tea.KeyBackspace,
		"delete": tea.KeyDelete, "space": tea.KeySpace}
	for i := 1; i <= 12; i++ {
		codes[fmt.Sprintf("f%d", i)] = tea.KeyF1 + rune(i-1)
	}
	if c, ok := codes[s]; ok {
		k := tea.KeyPressMsg{Code: c, Mod: mod}
		if s == "space" && mod == 0 {
			k.Text = " "
		}
		return k
	}
	k := tea.KeyPressMsg{Code: []rune(s)[0], Mod: mod}
	if mod == 0 {
		k.Text = s
	}
	return k
}

// pressKey sends one key and runs what it starts (as send does); it
// reports whether the program would quit.
func pressKey(m *Model, name string) (quit bool) {
	_, cmd := m.Update(press(name))
	return runCmdQuit(m, cmd, 0)
}

func runCmdQuit(m *Model, cmd tea.Cmd, depth int) bool {
	if cmd == nil || depth > 4 {
		return false
	}
	msg, ok := awaitCmd(m, cmd)
	if !ok {
		return false
	}
	switch msg := msg.(type) {
	case tea.QuitMsg:
		return true
	case tea.BatchMsg:
		quit := false
		for _, c := range msg {
			quit = runCmdQuit(m, c, depth+1) || quit
		}
		return quit
	case nil:
		return false
	default:
		_, next := m.Update(msg)
		return runCmdQuit(m, next, depth+1)
	}
}

func footerLine(m *Model) string {
	lines := strings.Split(plainFrame(m), "\n")
	return lines[len(lines)-1]
}

func helpText(b key.Binding) string { return b.Help().Key + " " + b.Help().Desc }

// rootBindings is every binding the root and the list own, for the check
// that a disabled one is never shown.
func rootBindings(m *Model) []key.Binding {
	var all []key.Binding
	for _, km := range [][][]key.Binding{m.keys.FullHelp(), m.list.keys.FullHelp(),
		m.overlayKeys.FullHelp(), m.helpQueryKeys.FullHelp(), m.marks.noteKeys.FullHelp(),
		m.quitKeys.FullHelp(), {{m.list.keys.Apply, m.list.keys.Cancel}},
		{{m.marks.keys.Mark, m.marks.keys.List, m.marks.keys.Jump, m.marks.keys.Edit,
			m.marks.keys.Delete, m.marks.keys.Up, m.marks.keys.Down, m.marks.keys.Close}}} {
		for _, col := range km {
			all = append(all, col...)
		}
	}
	return all
}

// TestFooterShowsTheKeysThatWork walks every mode. In each, every binding
// the footer shows is enabled and does something when pressed (the frame
// changes, or the program quits; never "does nothing"), and no disabled
// binding is shown.
func TestFooterShowsTheKeysThatWork(t *testing.T) {
	for _, name := range []string{"j", "G", "?", "ctrl+u", "alt+2", "f3", "shift+tab", "pgdown", "space", "esc", "enter", "'"} {
		if got := press(name).String(); got != name {
			t.Fatalf("press(%q) reads as %q", name, got)
		}
	}
	saver := func([]byte) error { return nil }
	newModel := func() *Model {
		return newLoaded(Config{Sources: sampleSources(t), Title: "samples", SaveSurfaces: saver, SurfacePath: "s.json"}, 240, 50)
	}
	modes := []struct {
		name  string
		mode  keyMode
		setup func(m *Model)
	}{
		{"list", modeList, func(m *Model) {}},
		{"list filtered", modeList, func(m *Model) { send(m, "/"); typeText(m, "op:resinfo"); send(m, "enter") }},
		{"filter typing", modeFilter, func(m *Model) { send(m, "/"); typeText(m, "op:resinfo") }},
		{"go-to typing", modeGoto, func(m *Model) { send(m, ":"); typeText(m, "3") }},
		{"bits", modePanel, func(m *Model) { send(m, "2") }},
		{"lanes", modePanel, func(m *Model) { send(m, "3") }},
		{"output", modePanel, func(m *Model) { send(m, "4") }},
		{"lanes hex", modePanelEdit, func(m *Model) { send(m, "3", "x") }},
		{"output editing", modePanelEdit, func(m *Model) { send(m, "4", "j", "enter") }},
		{"code", modePanel, func(m *Model) { send(m, "5") }},
		{"code search", modePanelEdit, func(m *Model) { send(m, "5", "/"); typeText(m, "res") }},
		{"help", modeOverlay, func(m *Model) { send(m, "?") }},
		{"errors", modeOverlay, func(m *Model) { send(m, "E") }},
		{"help query", modeHelpQuery, func(m *Model) { send(m, "?", "/"); typeText(m, "mo") }},
		{"bookmarks", modeMarks, func(m *Model) {
			send(m, "M", "'one'", "enter", "j", "M", "'two'", "enter", "'")
		}},
		{"note typing", modeNote, func(m *Model) { send(m, "M"); typeText(m, "why") }},
		{"quit question", modeQuit, func(m *Model) { editSurface(m); send(m, "esc", "q") }},
		{"kernel list", modeKernels, func(m *Model) { send(m, "K") }},
	}
	for _, md := range modes {
		t.Run(md.name, func(t *testing.T) {
			setup := func() *Model {
				m := newModel()
				md.setup(m)
				if got := m.keyMode(); got != md.mode {
					t.Fatalf("setup reached mode %v, want %v", got, md.mode)
				}
				return m
			}
			m := setup()
			footer := footerLine(m)
			items := map[string]bool{}
			for _, it := range strings.Split(footer, " • ") {
				items[strings.TrimSpace(it)] = true
			}
			shown := map[string]bool{}
			var enabled []key.Binding
			for _, b := range m.shortHelp() {
				if !b.Enabled() {
					continue
				}
				enabled = append(enabled, b)
				shown[helpText(b)] = true
				if !items[helpText(b)] {
					t.Errorf("enabled %q is not in the footer %q", helpText(b), footer)
				}
			}
			if len(enabled) == 0 {
				t.Fatalf("the footer shows no key: %q", footer)
			}
			for _, b := range append(m.shortHelp(), rootBindings(m)...) {
				if !b.Enabled() && b.Help().Key != "" && !shown[helpText(b)] && items[helpText(b)] {
					t.Errorf("disabled %q is in the footer %q", helpText(b), footer)
				}
			}
			// At 80 columns the mode's keys give way, the kept ones stay.
			small := setup()
			small.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
			narrow := map[string]bool{}
			for _, it := range strings.Split(footerLine(small), " • ") {
				narrow[strings.TrimSpace(it)] = true
			}
			_, kept := small.footerKeys()
			for _, b := range kept {
				if b.Enabled() && !narrow[helpText(b)] {
					t.Errorf("at 80 columns %q is not in the footer %q", helpText(b), footerLine(small))
				}
			}
			if w := ansi.StringWidth(footerLine(small)); w > 80 {
				t.Errorf("footer %d cells wide at 80 columns", w)
			}
			// acts presses b, after prep when there is one (a move that keeps
			// the mode, so that "up" has somewhere to go).
			acts := func(prep *key.Binding, b key.Binding) bool {
				m := setup()
				if prep != nil {
					if pressKey(m, prep.Keys()[0]) || m.keyMode() != md.mode {
						return false
					}
				}
				// A message lasts until the next key: without one, any key
				// would change the frame.
				m.setStatus("", false)
				before := plainFrame(m)
				if pressKey(m, b.Keys()[0]) {
					return true
				}
				return plainFrame(m) != before && !strings.Contains(m.status, "does nothing")
			}
			for _, b := range enabled {
				ok := acts(nil, b)
				for i := 0; !ok && i < len(enabled); i++ {
					if helpText(enabled[i]) != helpText(b) {
						ok = acts(&enabled[i], b)
					}
				}
				if !ok {
					t.Errorf("%q (key %s) is in the footer but does nothing", helpText(b), b.Keys()[0])
				}
			}
		})
	}
	// Every mode is walked.
	seen := map[keyMode]bool{}
	for _, md := range modes {
		seen[md.mode] = true
	}
	for k := range numKeyModes {
		if !seen[k] {
			t.Errorf("mode %v is not walked", k)
		}
	}
}

// The bindings follow the mode: a key of the list does nothing in the help
// (j scrolls it instead of moving the list), and q answers the question
// instead of quitting.
func TestBindingsFollowTheMode(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
	send(m, "?", "j")
	if m.list.cursor != 0 || m.ov.YOffset() != 1 {
		t.Errorf("j in the help: list cursor %d, help offset %d", m.list.cursor, m.ov.YOffset())
	}
	if m.keys.Quit.Enabled() || m.list.keys.Down.Enabled() || !m.overlayKeys.Down.Enabled() {
		t.Error("the help's bindings are not the ones enabled")
	}
	send(m, "q")
	if !m.keys.Quit.Enabled() || !m.list.keys.Down.Enabled() || m.overlayKeys.Down.Enabled() {
		t.Error("the list's bindings are not back after the help")
	}
	if m.list.keys.Clear.Enabled() {
		t.Error("esc clear filter is enabled with no filter")
	}
	send(m, "/")
	if !m.list.keys.Apply.Enabled() || m.keys.Help.Enabled() || !m.keys.ForceQuit.Enabled() {
		t.Error("while typing a filter, enter and ctrl+c work, ? types")
	}
	// alt+2 leaves the prompt as esc does: the filter typed so far goes.
	typeText(m, "op:sampleinfo")
	if m.list.count() == m.list.rows.Len() {
		t.Fatal("the filter did not follow the typing")
	}
	pressKey(m, "alt+2")
	if m.focus != focusBits || m.list.mode != inputNone || m.list.filter != "" || m.list.count() != m.list.rows.Len() {
		t.Errorf("alt+2 while typing a filter: focus %d, prompt %d, filter %q", m.focus, m.list.mode, m.list.filter)
	}
	if !strings.Contains(footerLine(m), "prev field") || ansi.Strip(m.View().Content) == "" {
		t.Errorf("footer in Bits: %q", footerLine(m))
	}
}

// The help scrolls by its keys: a line, half a page, a page (less's d, u
// and f too), the ends, and never past the text's last page.
func TestOverlayScrolls(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
	send(m, "?")
	h := m.ov.Height()
	last := m.ov.TotalLineCount() - h
	if h < 2 || last < 3*h {
		t.Fatalf("the help is %d lines in %d: too short to scroll through", m.ov.TotalLineCount(), h)
	}
	for _, st := range []struct {
		key string
		to  int
	}{
		{"j", 1}, {"down", 2}, {"ctrl+d", 2 + h/2}, {"d", 2 + h/2*2}, {"space", 2 + h/2*2 + h},
		{"f", 2 + h/2*2 + 2*h}, {"u", 2 + h/2 + 2*h}, {"b", 2 + h/2 + h}, {"k", 1 + h/2 + h},
		{"G", last}, {"j", last}, {"pgdown", last}, {"pgup", last - h}, {"g", 0}, {"up", 0}, {"end", last}, {"home", 0},
	} {
		send(m, st.key)
		if at := m.ov.YOffset(); at != st.to {
			t.Fatalf("%s: at line %d, want %d (%d lines in %d)", st.key, at, st.to, m.ov.TotalLineCount(), h)
		}
	}
}
