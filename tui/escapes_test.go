package tui

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"infoscope/model"
	"infoscope/model/workspace"
	"infoscope/sampledata"
)

// hostile is what a hostile input writes in each of its names and texts: a
// window retitle (OSC 0 ... BEL), a screen clear, an odd colour, a C1 CSI
// (U+009B) and a right-to-left override.
const hostile = "\x1b]0;pwn\a\x1b[2J\x1b[5;38;2;1;2;3m\u009b31m\u202e"

// hostileText is vISA text with the hostile string in its kernel name,
// variable and surface names, labels, comments and instruction text.
var hostileText = `.version 4.1
.kernel "k` + hostile + `"
.decl RES0 v_type=G type=ud num_elts=64 align=GRF
.decl LOD0 v_type=G type=ud num_elts=64 align=GRF
.decl V` + hostile + ` v_type=G type=ud num_elts=64 align=GRF
.decl T6 v_type=T num_elts=1 v_name=surf` + hostile + `
// comment ` + hostile + `
    mov (M1, 8) V` + hostile + `(0,0)<1> 0x1:d  /// $0 ` + hostile + `
L` + hostile + `:
    resinfo.RGBA (M1, 16)  T6 LOD0.0 RES0.0   /// ` + hostile + `
    goto (M1, 16) L` + hostile + `
    ret (M1, 1)
`

// hostileObject is the embedded sample object with its first kernel's name
// in the string pool overwritten by the hostile string.
func hostileObject(t *testing.T) []byte {
	t.Helper()
	data, err := sampledata.Read("kernels.isa")
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(data), "info_")
	if i < 0 || len(hostile) > 20 && i+len(hostile) > len(data) {
		t.Fatal("no kernel name in the sample")
	}
	out := append([]byte(nil), data...)
	copy(out[i+1:], "\x1b[2J\x9b") // keeps the length
	return out
}

// leaked returns the hostile pieces found in out: none may reach a
// terminal whatever the front end (the theme's own SGR sequences may).
func leaked(out string) []string {
	var bad []string
	for _, s := range []string{"\x1b]", "\a", "\x1b[2J", "\x1b[5;38;2;1;2;3m", "\u202e"} {
		if strings.Contains(out, s) {
			bad = append(bad, s)
		}
	}
	for len(out) > 0 {
		r, n := utf8.DecodeRuneInString(out)
		if r >= 0x80 && r < 0xa0 || r == utf8.RuneError && n == 1 && out[0] >= 0x80 && out[0] < 0xa0 {
			bad = append(bad, string(r))
			break
		}
		out = out[n:]
	}
	return bad
}

// TestEscapesNeverRendered: escape sequences in every name and text of the
// inputs (vISA text, an object's string pool, a surface file's names, a
// bookmark) are shown as text in every view of the inspector.
func TestEscapesNeverRendered(t *testing.T) {
	js, _ := json.Marshal(map[string]any{"surfaces": map[string]any{"surf" + hostile: map[string]any{"type": "2d", "width": 4}}})
	sf, err := model.ParseSurfaceFile("s.json", js)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{
		Sources:  []workspace.Source{workspace.BytesSource("h"+hostile+".visaasm", []byte(hostileText)), workspace.BytesSource("o.isa", hostileObject(t))},
		Surfaces: sf,
		Marks:    MarksConfig{Marks: []model.Mark{{File: "h" + hostile + ".visaasm", Kernel: "k" + hostile, Text: "t" + hostile, Note: "n" + hostile}}},
	}
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		m := newLoaded(cfg, size[0], size[1])
		check := func(where string) {
			t.Helper()
			if bad := leaked(m.View().Content); len(bad) > 0 {
				t.Errorf("%dx%d %s: %q reached the screen", size[0], size[1], where, bad)
				for _, l := range strings.Split(m.View().Content, "\n") {
					if strings.Contains(l, "\x1b[5;38;2;1;2;3m") {
						t.Logf("%q", ansi.Strip(strings.ReplaceAll(l, "\x1b[5;38;2;1;2;3m", "<<SGR>>")))
					}
				}
			}
			if bad := leaked(m.View().WindowTitle); len(bad) > 0 {
				t.Errorf("%dx%d %s: %q in the window title", size[0], size[1], where, bad)
			}
		}
		check("list")
		for _, k := range []string{"2", "3", "4", "5"} {
			send(m, k)
			check("pane " + k)
			send(m, "esc")
		}
		send(m, "E")
		check("errors")
		send(m, "esc", "'")
		check("bookmarks")
		send(m, "esc", "M")
		typeText(m, "x"+hostile)
		check("bookmark note")
		send(m, "enter")
		check("after the note")
		for range 6 {
			send(m, "down")
			check("list, next row")
			send(m, "5")
			check("code, next row")
			send(m, "esc")
		}
	}
}
