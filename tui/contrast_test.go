package tui

import (
	"image/color"
	"math"
	"reflect"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"infoscope/tui/panels"
)

// luminance is WCAG 2's relative luminance of c.
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		s := float64(v) / 0xffff
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// contrast is WCAG 2's contrast ratio of two colours (1 to 21).
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// Terminal backgrounds the themes are checked on: black and a common
// dark grey; white and a common off-white.
var (
	darkBackgrounds  = []color.Color{lipgloss.Color("#000000"), lipgloss.Color("#1E1E1E"), lipgloss.Color("#282C34")}
	lightBackgrounds = []color.Color{lipgloss.Color("#FFFFFF"), lipgloss.Color("#F5F5F5"), lipgloss.Color("#FDF6E3")}
)

// styleFields returns every lipgloss.Style field of a struct value, by name.
func styleFields(v any) map[string]lipgloss.Style {
	out := map[string]lipgloss.Style{}
	rv := reflect.ValueOf(v)
	for i := 0; i < rv.NumField(); i++ {
		if s, ok := rv.Field(i).Interface().(lipgloss.Style); ok {
			out[rv.Type().Field(i).Name] = s
		}
	}
	return out
}

// Issue 12 item 10: every coloured text of the root, the panels and the
// key hints reaches WCAG AA (4.5:1) on dark and light backgrounds: on the
// terminal's background, or on the style's own background when it sets one.
func TestThemeContrastAA(t *testing.T) {
	for _, dark := range []bool{true, false} {
		bgs := lightBackgrounds
		name := "light"
		if dark {
			bgs, name = darkBackgrounds, "dark"
		}
		m := New(Config{Theme: name})
		all := map[string]lipgloss.Style{}
		th := m.th
		for k, s := range map[string]lipgloss.Style{"title": th.title, "titleFocus": th.titleFocus, "selected": th.selected,
			"diag": th.diag, "dim": th.dim, "current": th.current, "strip": th.strip, "stripCur": th.stripCur,
			"status": th.status, "statusErr": th.statusErr, "tab": th.tab, "tabActive": th.tabActive} {
			all["root."+k] = s
		}
		for k, s := range styleFields(panels.DefaultStyles(dark)) {
			all["panels."+k] = s
		}
		for k, s := range styleFields(m.help.Styles) {
			all["help."+k] = s
		}
		for k, s := range all {
			fg := s.GetForeground()
			if _, none := fg.(lipgloss.NoColor); none || fg == nil {
				continue
			}
			on := bgs
			if bg := s.GetBackground(); bg != nil {
				if _, none := bg.(lipgloss.NoColor); !none {
					on = []color.Color{bg}
				}
			}
			for _, bg := range on {
				if r := contrast(fg, bg); r < 4.5 {
					t.Errorf("%s theme: %s %v on %v: %.2f:1, want 4.5:1", name, k, fg, bg, r)
				}
			}
		}
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
