package tui

import (
	"strings"
	"testing"

	"infoscope/model"
)

// TestSurfaceFileLoadedAtStart: the status says which surface file was
// loaded at start, before and after the inputs are decoded.
func TestSurfaceFileLoadedAtStart(t *testing.T) {
	sf := model.NewSurfaceFile()
	sf.Surfaces["T6"] = model.DefaultSurface()
	cfg := Config{Sources: sampleSources(t), Surfaces: sf, SurfacesLoaded: "/x/infoscope-surfaces.json"}
	m := New(cfg)
	if !strings.Contains(m.status, "loaded surface file /x/infoscope-surfaces.json (1 description)") {
		t.Errorf("status at start: %q", m.status)
	}
	m = newLoaded(cfg, 120, 40)
	if !strings.Contains(m.status, "surface file /x/infoscope-surfaces.json loaded (1 description)") {
		t.Errorf("status after loading: %q", m.status)
	}
	if m := newLoaded(Config{Sources: sampleSources(t)}, 120, 40); strings.Contains(m.status, "surface file") {
		t.Errorf("no surface file, status %q", m.status)
	}
}

// TestSurfaceEditsPerBody: the Output panel edits the description of the
// selected instruction's file and kernel; --rules starts Output in that
// table and r's choice survives the panels' rebuild.
func TestSurfaceEditsPerBody(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t), Rules: model.RulesHW}, 120, 40)
	l, ok := m.list.selected()
	if !ok {
		t.Fatal("nothing selected")
	}
	file, kernel := m.list.rows.File(l).Name, m.list.rows.Stream(l).Kernel
	if m.outputPanel().Rules() != model.RulesHW {
		t.Errorf("Config.Rules not applied")
	}
	send(m, "4", "j", "l") // Output, Width, one step up
	in := m.list.rows.Info(l)
	s, src, _ := m.surfaces.Lookup(model.Scope{File: file, Body: kernel}, in)
	if src != model.SourceBody || s.Width != model.DefaultSurface().Width+1 {
		t.Fatalf("edit of %s in %s: %v %+v (file %+v)", kernel, file, src, s, m.surfaces.Files)
	}
	if _, src, _ := m.surfaces.Lookup(model.Scope{File: file, Body: kernel + "_other"}, in); src != model.SourceDefault {
		t.Errorf("the edit reached another body: %v", src)
	}
	if !m.unsaved() {
		t.Error("edit not marked")
	}
	send(m, "r")
	if m.rules != model.RulesSpec || !strings.Contains(m.status, "spec's table") {
		t.Errorf("r: rules %v status %q", m.rules, m.status)
	}
	m.restylePanels()
	if m.outputPanel().Rules() != model.RulesSpec {
		t.Error("rules lost when the panels were rebuilt")
	}
}
