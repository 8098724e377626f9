package panels

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

func TestLineEdit(t *testing.T) {
	e := newLineEdit(MonoStyles(), 5, 8)
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
	// and never grows past prompt + width + cursor.
	if v := ansi.Strip(e.View()); v != "3456 " {
		t.Errorf("scrolled view %q", v)
	}
}
