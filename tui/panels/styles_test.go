package panels

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"charm.land/bubbles/v2/help"
	"github.com/charmbracelet/x/ansi"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/tui/style"
)

var sgr = regexp.MustCompile(`\x1b\[([0-9;:]*)m`)

// hasColour reports whether s has an SGR sequence that sets a foreground
// or background colour (30-38, 40-48, 90-97, 100-107); the sub-parameters
// of 38/48 (palette index or RGB) are skipped, not read as codes.
func hasColour(s string) bool {
	for _, m := range sgr.FindAllStringSubmatch(s, -1) {
		ps := strings.Split(m[1], ";")
		for i := 0; i < len(ps); i++ {
			n, _ := strconv.Atoi(ps[i])
			switch {
			case n == 38 || n == 48:
				return true
			case n >= 30 && n <= 37, n >= 40 && n <= 47, n >= 90 && n <= 97, n >= 100 && n <= 107:
				return true
			}
		}
	}
	return false
}

func TestMonoViewsHaveNoColour(t *testing.T) {
	in := decodeInfo(t, resinfoBytes, decoder.LayoutAuto)
	st := style.New(false, true)
	b := NewBits(st, DefaultBitsKeyMap())
	b.SetInfo(in)
	b.SetSize(120, 30)
	l := NewLanes(st, DefaultLanesKeyMap())
	l.SetInfo(in)
	l.SetSession(Session{Dispatch: 0xf0f0})
	l.SetSize(120, 12)
	l.Focus()
	o := NewOutput(st, DefaultOutputKeyMap())
	o.SetInfo(in)
	o.SetSession(Session{Dispatch: 0xf0f0, LOD: []uint32{0}, GRFBytes: 32, Surface: model.DefaultSurface()})
	o.SetSize(120, 30)
	for _, v := range []string{b.View(), l.View(), o.View()} {
		if hasColour(v) {
			t.Errorf("monochrome view sets a colour:\n%q", v)
		}
	}
	// The colour theme does tell the cell states apart by colour.
	d := style.New(true, false)
	if d.Written.Render("x") == d.Unchanged.Render("x") || d.NotReturned.Render("x") == d.Undefined.Render("x") {
		t.Error("default theme: cell states share a colour")
	}
	if !hasColour(d.Written.Render("x")) || hasColour(style.New(false, true).Written.Render("x")) {
		t.Errorf("default theme has no colour: %q", d.Written.Render("x"))
	}
}

// helpKeys lists the keys of the enabled bindings a help view would show.
func helpKeys(km help.KeyMap) string {
	var out []string
	for _, col := range km.FullHelp() {
		for _, b := range col {
			if b.Enabled() {
				out = append(out, b.Help().Key)
			}
		}
	}
	return strings.Join(out, " ")
}

func TestHelpFollowsEditing(t *testing.T) {
	l := newTestLanes(t, resinfoBytes, 80, 12)
	if got := helpKeys(l.Keys()); strings.Contains(got, "enter") || !strings.Contains(got, "space") {
		t.Errorf("lanes help: %q", got)
	}
	l, _ = l.Update(press("x"))
	if got := helpKeys(l.Keys()); got != "enter esc" {
		t.Errorf("lanes help while typing: %q", got)
	}
	o, _ := newTestOutput(t, resinfoBytes, 80, 24)
	o, _ = o.Update(press("enter"))
	if got := helpKeys(o.Keys()); got != "enter esc" {
		t.Errorf("output help while typing: %q", got)
	}
	var _ help.KeyMap = DefaultBitsKeyMap()
	b := newTestBits(t, resinfoBytes, decoder.LayoutAuto, 80, 20)
	if got := helpKeys(b.Keys()); got != "↑/k ↓/j home end ←/h →/l" {
		t.Errorf("bits help: %q", got)
	}
}

// A wrapped styled line closes its style at each piece's end and reopens it
// on the next piece.
func TestWrapLinesKeepsStylesPerLine(t *testing.T) {
	got := WrapLines([]string{"\x1b[1mhello world foo bar baz qux quux corge\x1b[0m"}, 20)
	if len(got) < 2 {
		t.Fatalf("not wrapped: %q", got)
	}
	for i, l := range got {
		if ansi.StringWidth(l) > 20 {
			t.Errorf("line %d too wide: %q", i, l)
		}
		if !strings.HasSuffix(l, "\x1b[m") && !strings.HasSuffix(l, "\x1b[0m") {
			t.Errorf("line %d leaves its style open: %q", i, l)
		}
		if i > 0 && !strings.HasPrefix(l, "    \x1b[1m") {
			t.Errorf("line %d does not reopen the style: %q", i, l)
		}
	}
}
