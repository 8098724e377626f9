package tui

import (
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/decoder"
	"infoscope/model/workspace"
)

// pump feeds m every snapshot waiting in its subscription.
func pump(m *Model) {
	for {
		select {
		case s, ok := <-m.sub.C():
			if !ok {
				return
			}
			_, cmd := m.Update(snapshotMsg{snap: s})
			runCmd(m, cmd, 0) // a filter's view of the new rows
		default:
			return
		}
	}
}

// Views of one workspace share its decoded files, keep their own place,
// and all get a reload that decoded once. They run at the same time as the
// reloads, each on its own goroutine as SSH sessions do: under the race
// detector this checks that nothing reached from the views changes the
// shared files (no lazily filled caches).
func TestSharedViews(t *testing.T) {
	src := &memSource{name: "live.bin", data: rawInfos(40, nil)}
	ws := workspace.New(append(sampleSources(t), src), decoder.Options{})
	views := []*Model{New(Config{Workspace: ws}), New(Config{Workspace: ws})}
	for _, m := range views {
		defer m.Close()
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	}
	ws.Load()
	for _, m := range views {
		pump(m)
	}
	a, b := views[0], views[1]
	if a.list.rows.Len() == 0 || a.list.rows.Len() != b.list.rows.Len() {
		t.Fatalf("rows: %d and %d", a.list.rows.Len(), b.list.rows.Len())
	}
	for i := range ws.Snapshot().Len() {
		if a.snap.Entry(i).File != b.snap.Entry(i).File || a.snap.Entry(i).File != ws.Snapshot().Entry(i).File {
			t.Fatalf("source %d: the views hold different decodes", i)
		}
	}
	if a.list.rows.Index != b.list.rows.Index || a.list.rows.Index != ws.Snapshot().Index() {
		t.Fatal("the views built their own row indexes")
	}
	// The same filter in both views: one set of rows between them.
	for _, m := range views {
		send(m, "/", "'op:resinfo'", "enter")
	}
	if len(a.list.view) == 0 || len(b.list.view) != len(a.list.view) || &a.list.view[0] != &b.list.view[0] {
		t.Fatalf("the views filtered on their own: %d and %d rows", len(a.list.view), len(b.list.view))
	}
	send(a, "/")
	send(a, "esc")
	decodes := ws.Decodes()
	// Each view moves and looks around while the file changes twice.
	keys := [][]string{
		{"G", "5", "j", "j", "k", "3", "4", "1", "/", "r", "g", "b", "enter", "esc", "}", "E", "esc"},
		{"j", "j", "j", "2", "l", "l", "5", "k", "1", ":", "0", "x", "2", "0", "enter", "?", "esc"},
	}
	var wg sync.WaitGroup
	for i, m := range views {
		wg.Go(func() {
			for _, k := range keys[i] {
				send(m, k)
				pump(m)
				_ = m.View()
			}
		})
	}
	wg.Go(func() {
		src.set(rawInfos(50, nil), nil)
		ws.Reload("live.bin")
		src.set(rawInfos(60, nil), nil)
		ws.Reload("live.bin")
	})
	wg.Wait()
	for _, m := range views {
		pump(m)
	}
	if n := ws.Decodes() - decodes; n != 2 {
		t.Fatalf("%d decodes for two changes seen by two views", n)
	}
	live := len(ws.Snapshot().Names()) - 1
	for i, m := range views {
		if f := m.snap.Entry(live).File; f != ws.Snapshot().Entry(live).File || f.NumInfos() != 60 {
			t.Errorf("view %d shows %d INFO of live.bin, not the last reload's", i, f.NumInfos())
		}
		if out := ansi.Strip(m.View().Content); !strings.Contains(out, "INFO list") {
			t.Errorf("view %d:\n%s", i, out)
		}
	}
	// The views kept their own places.
	if a.list.cursor == b.list.cursor {
		t.Errorf("both views at row %d after different moves", a.list.cursor)
	}
}
