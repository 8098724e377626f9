package panels

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/tui/style"
)

func TestLineEdit(t *testing.T) {
	e := newLineEdit(style.New(false, true), 5, 8)
	e.SetValue("abc")
	if _, cmd := e.Update(press("x")); cmd != nil {
		t.Error("unfocused input returned a command")
	}
	if e2, _ := e.Update(press("x")); e2.Value() != "abc" {
		t.Fatal("unfocused input took a key")
	}
	e.Focus()
	steps := []struct {
		msg  tea.Msg
		want string
	}{
		{press("d"), "abcd"},
		{press("left"), "abcd"},
		{press("backspace"), "abd"},
		{press("home"), "abd"},
		{press("delete"), "bd"},
		{tea.PasteMsg{Content: "12\n3456789"}, "123456bd"}, // control chars dropped, limit 8
		{tea.KeyPressMsg{Code: 'k', Mod: tea.ModCtrl}, "123456"},
		{press("end"), "123456"},
		{tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}, ""},
		{tea.KeyPressMsg{Code: 'q', Text: "q", Mod: tea.ModAlt}, ""}, // alt chords are not text
	}
	for i, s := range steps {
		e, _ = e.Update(s.msg)
		if e.Value() != s.want {
			t.Fatalf("step %d (%v): %q, want %q", i, s.msg, e.Value(), s.want)
		}
	}
	e.SetValue("0123456")
	// Width 5: the view scrolls to keep the cursor (at the end) visible
	// and never grows past prompt + width + cursor (textinput shows width
	// characters plus the cursor cell).
	if v := ansi.Strip(e.View()); v != "23456 " {
		t.Errorf("scrolled view %q", v)
	}
	e, _ = e.Update(press("home"))
	if v := ansi.Strip(e.View()); v != "012345" {
		t.Errorf("view scrolled to the start %q", v)
	}
}

func TestLineEditView(t *testing.T) {
	for name, st := range map[string]*style.Styles{"mono": style.New(false, true), "dark": style.New(true, false)} {
		e := newLineEdit(st, 10, 20)
		e.Prompt = "mask: "
		if cmd := e.Focus(); cmd != nil {
			t.Errorf("%s: Focus returned a command (the cursor must not blink)", name)
		}
		e.SetValue("ab")
		v := e.View()
		// Text that fits is not padded; the cursor is a reversed cell.
		if got := ansi.Strip(v); got != "mask: ab " {
			t.Errorf("%s: view %q", name, got)
		}
		if !strings.Contains(v, "\x1b[7m") {
			t.Errorf("%s: no reversed cursor cell in %q", name, v)
		}
		if name == "mono" && hasColour(v) {
			t.Errorf("mono view sets a colour: %q", v)
		}
		// Nothing but state changes the view: no blink, no command.
		e2, cmd := e.Update(press("left"))
		if cmd != nil {
			t.Errorf("%s: cursor move returned a command", name)
		}
		if again := e2.View(); again != e2.View() || again == v {
			t.Errorf("%s: view after left did not move the cursor", name)
		}
		e2, _ = e2.Update(press("right"))
		if e2.View() != v {
			t.Errorf("%s: view differs after left, right:\n%q\n%q", name, e2.View(), v)
		}
		// ctrl+v would read the clipboard of the machine running the
		// program (the server, over SSH): it is off.
		if _, cmd := e.Update(tea.KeyPressMsg{Code: 'v', Mod: tea.ModCtrl}); cmd != nil {
			t.Errorf("%s: ctrl+v returned a command", name)
		}
	}
}

func TestLineEditSetValue(t *testing.T) {
	e := newLineEdit(style.New(false, true), 0, 4)
	e.Focus()
	e.SetValue("ab")
	e, _ = e.Update(press("home"))
	// SetValue replaces the text, drops control characters, keeps the
	// limit, and leaves the cursor at the end.
	e.SetValue("1\t2\x1b345")
	if e.Value() != "1234" {
		t.Fatalf("value %q", e.Value())
	}
	e, _ = e.Update(press("x"))
	if e.Value() != "1234" {
		t.Errorf("typing past the limit: %q", e.Value())
	}
	e, _ = e.Update(press("backspace"))
	if e.Value() != "123" {
		t.Errorf("backspace after SetValue: %q (cursor not at the end)", e.Value())
	}
	e.Blur()
	if e.Focused() {
		t.Error("still focused after Blur")
	}
}
