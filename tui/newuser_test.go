package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Issue 24: the inspector as a new user tries it. Each test here failed
// before its item was done.

// fileSource reads a file of the repository as a source.
func fileSource(t *testing.T, parts ...string) Source {
	t.Helper()
	p := filepath.Join(parts...)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return BytesSource(filepath.Base(p), data)
}

func screen(m *Model) string { return ansi.Strip(m.View().Content) }

var codeLineRE = regexp.MustCompile(`^.{1,3}\s*\$\d+\s+0x[0-9a-f]+\s`)

// codeListing returns the Code pane's listing lines and the index among
// them of the cursor line (▸), from a screen.
func codeListing(t *testing.T, s string) (lines []string, cursor int) {
	t.Helper()
	in := false
	cursor = -1
	for _, l := range strings.Split(s, "\n") {
		switch {
		case strings.HasPrefix(l, "Code  "):
			in = true
			continue
		case strings.HasPrefix(l, "Data flow of"):
			in = false
		}
		if in && codeLineRE.MatchString(l) {
			if strings.HasPrefix(l, "▸") {
				cursor = len(lines)
			}
			lines = append(lines, l)
		}
	}
	if cursor < 0 {
		t.Fatalf("no cursor line in the Code pane:\n%s", s)
	}
	return lines, cursor
}

// TestNewUserCodeContext (item 1): the Code pane opens with the selected
// INFO a few lines down, the code before it in view, at every size; and
// (item 2) the listing grows with the terminal.
func TestNewUserCodeContext(t *testing.T) {
	prev := 0
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}, {200, 100}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m := newLoaded(Config{Sources: []Source{fileSource(t, "..", "decoder", "testdata", "oracle", "large_mix_1k.isa")}}, sz[0], sz[1])
			send(m, "j", "j", "j", "j", "5") // $25, the fifth INFO
			s := screen(m)
			lines, cur := codeListing(t, s)
			if !strings.Contains(lines[cur], "$25 ") {
				t.Fatalf("cursor on %q, want $25:\n%s", lines[cur], s)
			}
			if want := min(3, len(lines)/3); cur < want {
				t.Errorf("the selected INFO is line %d of the listing: want at least %d lines of code before it\n%s", cur+1, want, s)
			}
			if len(lines) <= prev {
				t.Errorf("%d listing lines: no more than at the smaller size (%d)", len(lines), prev)
			}
			prev = len(lines)
			if sz[1] >= 60 && strings.Contains(s, "a taller terminal shows them") {
				t.Errorf("at %dx%d the data flow is still cut:\n%s", sz[0], sz[1], s)
			}
			if sz[1] == 100 && len(lines) < 50 {
				t.Errorf("at 200x100 only %d listing lines", len(lines))
			}
			// Stepping keeps lines of context above the cursor (scrolloff).
			send(m, "k", "k", "k", "k", "k", "k", "k", "k")
			lines, cur = codeListing(t, screen(m))
			if cur < min(3, (len(lines)-1)/2) {
				t.Errorf("after 8 k: cursor on listing line %d\n%s", cur+1, screen(m))
			}
		})
	}
}
