package tui

import (
	"reflect"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"infoscope/tui/style"
)

// The root, the list and the key hints render with the one style set of
// package style (whose TestContrastAA checks every colour of it for WCAG
// AA on dark and light backgrounds, and TestMonoHasNoColour the mono set),
// and a background report switches all of them together. The root hands
// its one set to the list (the same pointer), the palette style.New builds.
func TestOneStyleSet(t *testing.T) {
	for _, c := range []struct {
		cfg        Config
		dark, mono bool
	}{
		{Config{Theme: "dark"}, true, false},
		{Config{Theme: "light"}, false, false},
		{Config{Mono: true}, true, true},
	} {
		m := New(c.cfg)
		want := style.New(c.dark, c.mono)
		if !reflect.DeepEqual(*m.th, *want) {
			t.Errorf("%+v: the root's styles are not style.New(%v, %v)", c.cfg, c.dark, c.mono)
		}
		if m.list.th != m.th || !reflect.DeepEqual(m.help.Styles, want.Help) {
			t.Errorf("%+v: the list or the key hints use other styles than the root", c.cfg)
		}
	}
	m := New(Config{})
	m.Update(tea.BackgroundColorMsg{Color: lipgloss.Color("#FFFFFF")})
	light := style.New(false, false)
	if !reflect.DeepEqual(*m.th, *light) || m.list.th != m.th || !reflect.DeepEqual(m.help.Styles, light.Help) {
		t.Error("a light background report left some of the screen on the dark styles")
	}
}

// --theme fixes the palette: the terminal's report does not change it.
func TestThemeFlagWinsOverBackground(t *testing.T) {
	m := New(Config{Theme: "light"})
	if m.isDark {
		t.Fatal("--theme light started dark")
	}
	m.Update(tea.BackgroundColorMsg{Color: lipgloss.Color("#000000")})
	if m.isDark {
		t.Error("a dark background report overrode --theme light")
	}
	m = New(Config{})
	m.Update(tea.BackgroundColorMsg{Color: lipgloss.Color("#FFFFFF")})
	if m.isDark {
		t.Error("a light background report was ignored without --theme")
	}
}
