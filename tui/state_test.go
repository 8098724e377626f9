package tui

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"infoscope/model"
	"infoscope/tui/panels"
)

// An edit in the Output panel reaches the root within the Update of its
// key (no command has to run first), is marked unsaved, and every other
// panel is handed the new value: the Code pane computes with the GRF size
// Output switched, Output with the dispatch mask Lanes edited.
func TestPanelEditsReachTheRoot(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t), SaveSurfaces: func([]byte) error { return nil }}, 120, 40)
	m.Update(press("4"))
	if m.focus != focusOutput || m.unsaved() {
		t.Fatalf("focus %d, unsaved %v", m.focus, m.unsaved())
	}
	m.Update(press("g")) // the command it returns is not run
	if m.surfaces.GRFBytes != 64 || !m.unsaved() {
		t.Fatalf("g: the root's GRF size %d, unsaved %v", m.surfaces.GRFBytes, m.unsaved())
	}
	if got := m.codePanel().GRFBytes(); got != 64 {
		t.Errorf("the Code pane computes with %d-byte GRFs after Output switched to 64", got)
	}
	if !strings.HasPrefix(m.title(), "[unsaved]") {
		t.Errorf("title %q", m.title())
	}

	// A description: stored for the selection's file and body, marked in
	// Output's header until saved.
	m.Update(press("j"))
	m.Update(press("l"))
	l, _ := m.list.selected()
	in := m.list.rows.Info(l)
	sc := model.Scope{File: m.list.rows.File(l).Name, Body: m.list.rows.Stream(l).Kernel}
	s, src, _ := m.surfaces.Lookup(sc, in)
	if src != model.SourceBody || s.Width != model.DefaultSurface().Width+1 {
		t.Fatalf("l: the root's file has %v %+v", src, s)
	}
	if got := m.outputPanel().Surface(); got != s {
		t.Errorf("Output shows %+v, the root has %+v", got, s)
	}
	if !strings.Contains(plainFrame(m), "edited, not saved") {
		t.Errorf("Output's header does not mark the edit:\n%s", plainFrame(m))
	}

	// Lanes edits the mask; Output computes with it.
	m.Update(press("3"))
	m.Update(press("z")) // no lanes
	if m.surfaces.DispatchMask != 0 || m.outputPanel().Result().Lanes[0].Enabled {
		t.Errorf("dispatch: the root has %s, Output's lane 0 enabled %v", m.surfaces.DispatchMask, m.outputPanel().Result().Lanes[0].Enabled)
	}

	// ctrl+s saves it all; the marks go, in the title and in Output.
	cmd := key1(m, "ctrl+s")
	if cmd == nil {
		t.Fatal("ctrl+s started no save")
	}
	m.Update(cmd())
	if m.unsaved() || strings.HasPrefix(m.title(), "[unsaved]") {
		t.Errorf("still unsaved after the save: %q", m.title())
	}
	m.Update(press("4"))
	if f := plainFrame(m); strings.Contains(f, "edited, not saved") || !strings.Contains(f, "from the surface file") {
		t.Errorf("Output's header after the save:\n%s", f)
	}
}

// ctrl+s typed right after an edit saves the edit: the root has applied it
// before it reads the next key.
func TestSaveRightAfterEditHasIt(t *testing.T) {
	var saved []byte
	m := newLoaded(Config{Sources: sampleSources(t), SaveSurfaces: func(b []byte) error { saved = b; return nil }}, 80, 24)
	m.Update(press("4"))
	m.Update(press("j"))
	m.Update(press("l"))
	cmd := key1(m, "ctrl+s")
	if cmd == nil {
		t.Fatal("ctrl+s started no save")
	}
	m.Update(cmd())
	f, err := model.ParseSurfaceFile("saved", saved)
	if err != nil {
		t.Fatalf("%v\n%s", err, saved)
	}
	l, _ := m.list.selected()
	sc := model.Scope{File: m.list.rows.File(l).Name, Body: m.list.rows.Stream(l).Kernel}
	if s, _, _ := f.Lookup(sc, m.list.rows.Info(l)); s.Width != model.DefaultSurface().Width+1 {
		t.Errorf("the save lacks the edit typed before it: %s", saved)
	}
	if m.unsaved() {
		t.Error("unsaved after saving every edit")
	}
}

// An edit sent as a message (not through a panel) is applied the same way.
func TestEditMessageApplied(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 120, 40)
	m.Update(panels.LODSet{LOD: []uint32{3}})
	if len(m.surfaces.LOD) != 1 || m.surfaces.LOD[0] != 3 || !m.unsaved() {
		t.Fatalf("LODSet: the root has %v, unsaved %v", m.surfaces.LOD, m.unsaved())
	}
	m.Update(press("4"))
	if !strings.Contains(ansi.Strip(m.outputPanel().View()), "LOD") {
		t.Fatal("no LOD row in Output")
	}
	m.Update(panels.DispatchMaskSet{Mask: 0xf})
	if m.surfaces.DispatchMask != 0xf || m.lanesPanel().Dispatch() != 0xf {
		t.Errorf("DispatchMaskSet: the root has %s, Lanes shows %s", m.surfaces.DispatchMask, m.lanesPanel().Dispatch())
	}
	b, _ := json.Marshal(m.outputPanel().Result().Lanes[0])
	if m.outputPanel().Result().Lanes[0].Cells[0].Value != (model.DefaultSurface().Width+1)>>3 {
		t.Errorf("Output does not compute with LOD 3: %s", b)
	}
}

// In the running program, keys typed back to back (as a slow SSH link
// delivers them, in one read) edit and save in order: the save written by
// the ctrl+s right after the edit holds it, and the session ends saved.
func TestFlowEditThenSaveAtOnce(t *testing.T) {
	var mu sync.Mutex
	var saved []byte
	cfg := Config{Sources: sampleSources(t), SurfacePath: "s.json", SaveSurfaces: func(b []byte) error {
		mu.Lock()
		defer mu.Unlock()
		saved = b
		return nil
	}}
	tm := startFlow(t, cfg, 120, 40)
	waitLoaded(t, tm)
	for _, k := range []string{"4", "j", "l", "g", "ctrl+s"} {
		tm.Send(press(k))
	}
	waitFrame(t, tm, "saved surface file s.json")
	tm.Send(press("q")) // nothing unsaved: no question
	m := final(t, tm)
	mu.Lock()
	defer mu.Unlock()
	f, err := model.ParseSurfaceFile("saved", saved)
	if err != nil {
		t.Fatalf("%v\n%s", err, saved)
	}
	l, _ := m.list.selected()
	sc := model.Scope{File: m.list.rows.File(l).Name, Body: m.list.rows.Stream(l).Kernel}
	if s, _, _ := f.Lookup(sc, m.list.rows.Info(l)); s.Width != model.DefaultSurface().Width+1 || f.GRFBytes != 64 {
		t.Errorf("the save lacks the edits typed before it: %s", saved)
	}
	if m.Unsaved() {
		t.Error("the session ended with unsaved edits")
	}
}

// A panel is handed the selection when it is first shown, not on every
// step of the list while it has never been (a server session that never
// opens Output keeps no simulation), and then draws exactly what a panel
// handed every step draws.
func TestPanelsSyncWhenFirstShown(t *testing.T) {
	for id := focusBits; id < numFocus; id++ {
		k := string(rune('1' + id))
		lazy := newLoaded(Config{Sources: sampleSources(t)}, 120, 40)
		eager := newLoaded(Config{Sources: sampleSources(t)}, 120, 40)
		eager.Update(press(k)) // shown once: handed every step from now on
		eager.Update(press("esc"))
		if eager.focus != focusList || eager.pending[id] {
			t.Fatalf("%s: focus %d after esc, pending %v", paneNames[id], eager.focus, eager.pending[id])
		}
		for range 5 {
			lazy.Update(press("j"))
			eager.Update(press("j"))
		}
		if !lazy.pending[id] {
			t.Errorf("%s was handed the selection while never shown", paneNames[id])
		}
		lazy.Update(press(k))
		eager.Update(press(k))
		if lazy.pending[id] {
			t.Errorf("%s is still pending once shown", paneNames[id])
		}
		if got, want := lazy.render(), eager.render(); got != want {
			t.Errorf("%s first shown after 5 steps:\n%s\nhanded every step:\n%s", paneNames[id], ansi.Strip(got), ansi.Strip(want))
		}
	}
}
