package tui

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
)

// TestGoldenViews renders the samples at 80x24 and 120x40 in each state
// and compares the ANSI-stripped frames with testdata (go test -update
// rewrites them; review the diff by eye).
func TestGoldenViews(t *testing.T) {
	states := []struct {
		name string
		keys []string
		text string // typed after keys
		end  []string
	}{
		{"list", nil, "", nil},
		{"moved", []string{"j", "j", "j"}, "", nil},
		{"filter", []string{"/"}, "op:resinfo !nm", []string{"enter"}},
		{"filter_typing", []string{"/"}, "exec:16", nil},
		{"filter_none", []string{"/"}, "exec:1", nil},
		{"goto_typing", []string{":"}, "0x1a", nil},
		{"bits", []string{"2"}, "", nil},
		{"lanes", []string{"3"}, "", nil},
		{"output", []string{"4"}, "", nil},
		{"code", []string{"5", "]", "]"}, "", nil},
		{"code_search", []string{"5", "/"}, "res", []string{"enter", "n"}},
		{"help", []string{"?"}, "", nil},
		{"errors", []string{"E"}, "", nil},
	}
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		for _, st := range states {
			t.Run(fmt.Sprintf("%s_%dx%d", st.name, sz[0], sz[1]), func(t *testing.T) {
				m := newLoaded(Config{Sources: sampleSources(t), Title: "embedded samples", Mono: true}, sz[0], sz[1])
				send(m, st.keys...)
				typeText(m, st.text)
				send(m, st.end...)
				golden.RequireEqual(t, ansi.Strip(m.View().Content))
			})
		}
	}
	t.Run("too_small_20x5", func(t *testing.T) {
		m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
		m.Update(tea.WindowSizeMsg{Width: 20, Height: 5})
		golden.RequireEqual(t, ansi.Strip(m.View().Content))
	})
}
