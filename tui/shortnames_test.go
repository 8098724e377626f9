package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"infoscope/model/workspace"
)

// deepSources are three inputs deep in one folder, two of one base name:
// the list names them live.bin, a/k.bin and b/k.bin.
func deepSources() (*memSource, []workspace.Source) {
	live := &memSource{name: "/dumps/build-2026-12-05/run1/live.bin", data: rawInfos(3, nil)}
	return live, []workspace.Source{
		live,
		workspace.BytesSource("/dumps/build-2026-12-05/a/k.bin", rawInfos(1, nil)),
		workspace.BytesSource("/dumps/build-2026-12-05/b/k.bin", rawInfos(1, nil)),
	}
}

// statusOf is the status line of m's screen.
func statusOf(m *Model) string {
	lines := strings.Split(screen(m), "\n")
	return lines[len(lines)-2]
}

// The status line's file part, the header's title (and the window's) and
// the loading line name files as the list does, not by their paths: at 80
// columns the path filled the header after "infoscope · " and left the
// status line's file part the folder; at 40 the loading line showed only
// the folder of the first file.
func TestShortNamesOnScreen(t *testing.T) {
	for _, w := range []int{80, 40} {
		_, srcs := deepSources()
		m := newLoaded(Config{Sources: srcs}, w, 24)
		send(m, "down") // the load's news goes with a key
		if s := statusOf(m); !strings.HasPrefix(s, " live.bin │ layout ") {
			t.Errorf("%d columns: the status line names the file otherwise: %q", w, s)
		}
		send(m, "down", "down")
		if s := statusOf(m); !strings.HasPrefix(s, " a/k.bin │ layout ") {
			t.Errorf("%d columns: the status line names the file otherwise: %q", w, s)
		}
		if got := m.View().WindowTitle; got != "infoscope — live.bin, a/k.bin, b/k.bin" {
			t.Errorf("%d columns: window title %q", w, got)
		}
		// At 40 columns the tabs leave the header no room for the title.
		if head := strings.Split(screen(m), "\n")[0]; w == 80 && !strings.HasSuffix(strings.TrimRight(head, " "), "infoscope · live.bin, a/k.…") {
			t.Errorf("%d columns: header %q", w, head)
		}

		_, srcs = deepSources()
		m = New(Config{Sources: srcs})
		m.Update(tea.WindowSizeMsg{Width: w, Height: 12})
		_, s := m.ws.BeginAll()
		m.applySnapshot(s)
		const loading = " loading live.bin, a/k.bin, b/k.bin…"
		lines := strings.Split(screen(m), "\n")
		if !strings.HasSuffix(strings.TrimRight(lines[2], " "), loading) {
			t.Errorf("%d columns: the body's loading line %q", w, lines[2])
		}
		if s := statusOf(m); !strings.HasSuffix(strings.TrimRight(s, " "), loading) {
			t.Errorf("%d columns: the status line while loading %q", w, s)
		}
	}
}

// A file still loading whose name holds escape sequences is named as text
// on the loading lines, as everywhere else: they showed it raw.
func TestLoadingNamesEscapes(t *testing.T) {
	for _, w := range []int{80, 40} {
		m := New(Config{Sources: []workspace.Source{workspace.BytesSource("h"+hostile+".bin", rawInfos(1, nil))}})
		m.Update(tea.WindowSizeMsg{Width: w, Height: 12})
		_, s := m.ws.BeginAll()
		m.applySnapshot(s)
		if bad := leaked(m.View().Content); len(bad) > 0 {
			t.Errorf("%d columns: %q reached the screen while loading", w, bad)
		}
	}
}

// A broken reload's note says the file's path once, on the status line
// as the list names the file: the decoder's error repeated the path after
// "reload: ", which at 40 columns was all the line showed of it.
func TestBrokenReloadNameOnce(t *testing.T) {
	for _, w := range []int{80, 40} {
		live, srcs := deepSources()
		m := newLoaded(Config{Sources: srcs}, w, 12)
		live.set(rawInfos(4, nil)[:40], nil) // cut short: the old decode kept, with a note
		reload(m, live.name)
		if s := statusOf(m); !strings.HasPrefix(strings.TrimPrefix(s, " ✗"), " live.bin: reload: byte 0x") {
			t.Errorf("%d columns: the status line %q", w, s)
		}
	}
}
