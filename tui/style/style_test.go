package style

import (
	"image/color"
	"math"
	"reflect"
	"testing"

	"charm.land/lipgloss/v2"
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

// Terminal backgrounds the themes are checked on: black and two common
// dark greys; white and two common off-whites.
var (
	darkBackgrounds  = []color.Color{lipgloss.Color("#000000"), lipgloss.Color("#1E1E1E"), lipgloss.Color("#282C34")}
	lightBackgrounds = []color.Color{lipgloss.Color("#FFFFFF"), lipgloss.Color("#F5F5F5"), lipgloss.Color("#FDF6E3")}
)

// allStyles returns every lipgloss.Style of st by field name, the help's
// styles included ("Help.ShortKey").
func allStyles(st *Styles) map[string]lipgloss.Style {
	out := map[string]lipgloss.Style{}
	var walk func(prefix string, rv reflect.Value)
	walk = func(prefix string, rv reflect.Value) {
		for i := 0; i < rv.NumField(); i++ {
			f := rv.Field(i)
			name := prefix + rv.Type().Field(i).Name
			if s, ok := f.Interface().(lipgloss.Style); ok {
				out[name] = s
			} else if f.Kind() == reflect.Struct {
				walk(name+".", f)
			}
		}
	}
	walk("", reflect.ValueOf(st).Elem())
	return out
}

func isColour(c color.Color) bool {
	if c == nil {
		return false
	}
	_, none := c.(lipgloss.NoColor)
	return !none
}

// Every coloured text of the one set (list, frame, overlays, key hints and
// panels) reaches WCAG AA (4.5:1) on dark and light backgrounds: on the
// terminal's background, or on the style's own background when it sets one.
func TestContrastAA(t *testing.T) {
	for _, dark := range []bool{true, false} {
		bgs, name := lightBackgrounds, "light"
		if dark {
			bgs, name = darkBackgrounds, "dark"
		}
		all := allStyles(New(dark, false))
		if _, ok := all["Help.FullDesc"]; !ok || len(all) < 30 {
			t.Fatalf("%s: only %d styles found: the walk misses fields", name, len(all))
		}
		coloured := 0
		for k, s := range all {
			fg := s.GetForeground()
			if !isColour(fg) {
				continue
			}
			coloured++
			on := bgs
			if bg := s.GetBackground(); isColour(bg) {
				on = []color.Color{bg}
			}
			for _, bg := range on {
				if r := contrast(fg, bg); r < 4.5 {
					t.Errorf("%s theme: %s %v on %v: %.2f:1, want 4.5:1", name, k, fg, bg, r)
				}
			}
		}
		if coloured < 20 {
			t.Errorf("%s theme: %d coloured styles, the palette went missing", name, coloured)
		}
	}
}

// The monochrome set has no colour anywhere, and still tells the states
// that matter apart by attribute.
func TestMonoHasNoColour(t *testing.T) {
	st := New(true, true)
	if !st.Mono || !reflect.DeepEqual(allStyles(New(false, true)), allStyles(st)) {
		t.Error("mono does not ignore the background")
	}
	for k, s := range allStyles(st) {
		if isColour(s.GetForeground()) || isColour(s.GetBackground()) || isColour(s.GetBorderTopForeground()) {
			t.Errorf("mono: %s sets a colour", k)
		}
	}
	if st.Cursor.Render("x") == "x" || st.PaneTitleFocus.Render("x") == st.PaneTitle.Render("x") ||
		st.TabActive.Render("x") == st.Tab.Render("x") || st.StatusErr.Render("x") == st.Status.Render("x") {
		t.Error("mono: the cursor, the focused title, the active tab or an error look like plain text")
	}
}

func TestSymbolsAreDistinct(t *testing.T) {
	for name, st := range map[string]*Styles{"dark": New(true, false), "light": New(false, false), "mono": New(true, true)} {
		s := st.Sym
		groups := [][]string{
			{s.Written, s.Unchanged, s.NotReturned, s.Undefined},
			{s.Enabled, s.Disabled},
			{s.InWindow, s.OutWindow},
		}
		for _, g := range groups {
			seen := map[string]bool{}
			for _, sym := range g {
				if sym == "" || seen[sym] {
					t.Errorf("%s: symbols %q are not distinct and non-empty", name, g)
				}
				seen[sym] = true
			}
		}
	}
}

// The colour themes tell the result cells apart by colour as well.
func TestColourThemesColourTheCells(t *testing.T) {
	for _, dark := range []bool{true, false} {
		d := New(dark, false)
		if d.Written.Render("x") == d.Unchanged.Render("x") || d.NotReturned.Render("x") == d.Undefined.Render("x") {
			t.Errorf("dark=%v: cell states share a colour", dark)
		}
		if !isColour(d.Written.GetForeground()) {
			t.Errorf("dark=%v: written cells have no colour", dark)
		}
	}
}

// New builds the same styles for a palette at every call (mono ignoring
// the background), each the caller's own, and the palettes stay apart.
func TestSetsApart(t *testing.T) {
	dark, light, mono := New(true, false), New(false, false), New(true, true)
	if !reflect.DeepEqual(*New(true, false), *dark) || !reflect.DeepEqual(*New(false, false), *light) || !reflect.DeepEqual(*New(false, true), *mono) {
		t.Error("New built a palette two ways")
	}
	if New(true, false) == dark {
		t.Error("two calls share a set")
	}
	if dark == light || dark == mono || light == mono || dark.Mono || light.Mono || !mono.Mono {
		t.Error("the palettes share a set")
	}
	if reflect.DeepEqual(allStyles(dark), allStyles(light)) {
		t.Error("the dark and light sets are the same styles")
	}
}
