package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// A damaged file's error, said while the other files still load, leaves
// the loading part on the status line: at 80 columns the error filled
// the line and cut "loading …" off, so a user saw no sign that loads ran.
// The error is cut with "…" instead, and keeps its start (the file's
// name). A short message leaves room to name the files loading.
func TestStatusKeepsLoadingInView(t *testing.T) {
	for _, w := range []int{80, minWidth, 200} {
		srcs := sampleSources(t)
		if srcs[0].Name() != "damaged.isa" || len(srcs) != 6 {
			t.Fatalf("the samples changed: %d, %s first", len(srcs), srcs[0].Name())
		}
		m := New(Config{Sources: srcs})
		m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
		jobs, s := m.ws.BeginAll()
		m.applySnapshot(s)
		m.applySnapshot(m.ws.Run(jobs[0])) // the damaged sample alone ends
		if !m.statusErr || !strings.HasPrefix(m.status, "damaged.isa: 1 error(s)") {
			t.Fatalf("status %q: the damaged sample's error is not the message", m.status)
		}
		status := func() string {
			lines := strings.Split(plainFrame(m), "\n")
			line := lines[len(lines)-2]
			if lw := ansi.StringWidth(line); lw != w {
				t.Errorf("%d columns: the status line is %d cells wide: %q", w, lw, line)
			}
			return line
		}
		line := status()
		if !strings.HasPrefix(strings.TrimPrefix(line, " ✗"), " damaged.isa: 1") {
			t.Errorf("%d columns: the message does not lead the status line: %q", w, line)
		}
		if !strings.Contains(line, "… │ "+m.spin.View()+" loading 5 sources…") {
			t.Errorf("%d columns: the message is not cut for the loading part: %q", w, line)
		}
		m.setStatus("news", false)
		if line := status(); w >= 80 && !strings.Contains(line, " news │ "+m.spin.View()+" loading kernels.isa, legacy_v33.isa, stream.hex, 2 more… │ 1 problem") {
			t.Errorf("%d columns: a short message, yet the loading files are not named: %q", w, line)
		}
	}
}

// At 160 columns and wider the shown panel has another beside it: each
// line of the body is the left panel's, cut or padded to its width, a
// one-cell gap, then the right panel's.
func TestPanelsSideBySide(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 200, 60)
	send(m, "2")
	if len(m.lay.panes) != 2 {
		t.Fatalf("%d panes at 200x60, want 2", len(m.lay.panes))
	}
	left := m.lay.panes[0].r
	lines := strings.Split(screen(m), "\n")
	for i := left.y; i < left.y+left.h; i++ {
		if w := ansi.StringWidth(lines[i]); w != 200 {
			t.Errorf("line %d is %d cells wide: %q", i, w, lines[i])
		}
	}
	title := lines[left.y]
	if l, r := ansi.Cut(title, 0, left.w+1), ansi.Cut(title, left.w+1, 200); !strings.HasPrefix(l, "Bits ") || !strings.HasSuffix(l, " ") || !strings.HasPrefix(r, "Lanes ") {
		t.Errorf("the panes' titles are not %d cells apart: %q", left.w+1, title)
	}
}
