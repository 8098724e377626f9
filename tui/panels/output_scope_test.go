package panels

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"infoscope/model"
)

// TestOutputScopedEdits: an edit is stored for the selected instruction's
// file and body, so the T6 of another kernel keeps its own description; the
// header says where the shown description comes from.
func TestOutputScopedEdits(t *testing.T) {
	f := model.NewSurfaceFile()
	f.Surfaces["T6"] = model.Surface{Type: model.Surface3D, Width: 3}
	m := newOutputOn(f, 120, 40)
	in := decodeInfo(t, resinfoBytes, 0)
	m.show(in, model.Scope{File: "dir/a.isa", Body: "k1"})
	if v := ansi.Strip(m.View()); !strings.Contains(v, "T6 of k1: from the surface file (every file)") {
		t.Errorf("header for the default entry:\n%s", firstLine(v))
	}
	m = toRow(m, 1)
	m, _ = m.Update(press("right"))
	wantSurfaceChanged(t, m)
	if got := f.Files["a.isa"]["k1"]["T6"]; got.Type != model.Surface3D || got.Width != 4 {
		t.Fatalf("edit not stored for a.isa k1: %+v", f.Files)
	}
	if f.Surfaces["T6"].Width != 3 {
		t.Errorf("the default for every file changed: %+v", f.Surfaces["T6"])
	}
	if v := ansi.Strip(m.View()); !strings.Contains(firstLine(v), "T6 of k1: from the surface file") || strings.Contains(firstLine(v), "every") {
		t.Errorf("header after the edit:\n%s", firstLine(v))
	}
	// Another kernel of the same file still sees the default entry.
	m.show(in, model.Scope{File: "dir/a.isa", Body: "k2"})
	if m.Surface().Width != 3 {
		t.Errorf("k2 sees k1's edit: %+v", m.Surface())
	}
	m.show(in, model.Scope{File: "dir/a.isa", Body: "k1"})
	if m.Surface().Width != 4 {
		t.Errorf("k1 lost its edit: %+v", m.Surface())
	}
	// With nothing in the file: defaults, and for which body.
	m.setFile(model.NewSurfaceFile())
	if v := ansi.Strip(m.View()); !strings.Contains(firstLine(v), "T6 of k1: not in the surface file: defaults") {
		t.Errorf("header with no entry:\n%s", firstLine(v))
	}
}

// TestOutputGRFInFile: the GRF size is the surface file's, and toggling it
// is an edit to save.
func TestOutputGRFInFile(t *testing.T) {
	m, f := newTestOutput(t, resinfoBytes, 120, 40)
	m, _ = m.Update(press("g"))
	wantSurfaceChanged(t, m)
	if f.GRFBytes != 64 || m.grfBytes() != 64 || m.Result().Dst[0].GRFs != "V33+GRF0" {
		t.Errorf("g: file %d panel %d dst %+v", f.GRFBytes, m.grfBytes(), m.Result().Dst)
	}
	g := model.NewSurfaceFile()
	g.GRFBytes = 64
	m.setFile(g)
	if m.grfBytes() != 64 || !strings.Contains(ansi.Strip(m.View()), "64-byte GRFs") {
		t.Errorf("a file with grf_bytes 64 shows %d", m.grfBytes())
	}
}

// TestOutputRules: the spec's table is the default; a cell where the
// hardware notes differ is marked ≠, the footer gives the other value and
// the notes under the dst layout name the source; r switches the table and
// reports it.
func TestOutputRules(t *testing.T) {
	f := model.NewSurfaceFile()
	f.Surfaces["T6"] = model.Surface{Type: model.SurfaceCube, Width: 63, Height: 31, Depth: 1, BufferSize: 4096}
	m := newOutputOn(f, 120, 40)
	m.show(decodeInfo(t, resinfoBytes, 0), model.Scope{})
	if m.Rules() != model.RulesSpec || cellOf(m, 0, 0).Value != 4096 {
		t.Fatalf("default: rules %v R %+v", m.Rules(), cellOf(m, 0, 0))
	}
	v := ansi.Strip(m.View())
	wantView(t, "spec view", v, "● 4096 ≠", "≠ R: hw rules give (63+1)>>0 = 64", "FoldResInfoValue", "≠ B: hw rules give SurfaceArray 0: array size 0", "≠ hw differs")
	if strings.Contains(v, "● 8 ≠") {
		t.Errorf("G agrees but is marked:\n%s", v)
	}
	m, _ = m.Update(press("t")) // into the table: the footer shows the other value
	if v := ansi.Strip(m.View()); !strings.Contains(v, "Buffer size (as written in the spec) = 4096 · hw: (63+1)>>0 = 64") {
		t.Errorf("cell footer:\n%s", v)
	}
	m, _ = m.Update(press("r"))
	wantEdit(t, m, RulesSet{})
	if e := m.r.applied[0].(RulesSet); e.Rules != model.RulesHW || m.Rules() != model.RulesHW || m.r.rules != model.RulesHW {
		t.Fatalf("r: %+v, rules %v, the root's %v", e, m.Rules(), m.r.rules)
	}
	if c := cellOf(m, 0, 0); c.Value != 64 || !c.Differs {
		t.Errorf("hw R: %+v", c)
	}
	v = ansi.Strip(m.View())
	wantView(t, "hw view", v, "● 64 ≠", "hw rules", "≠ R: spec rules give Buffer size (as written in the spec) = 4096", "≠ spec differs")
	m, _ = m.Update(press("r"))
	if m.Rules() != model.RulesSpec {
		t.Error("r did not switch back")
	}
	// A 2D surface agrees everywhere: no mark, no note.
	m.setFile(model.NewSurfaceFile())
	if v := ansi.Strip(m.View()); strings.Contains(v, "≠") {
		t.Errorf("2D marked:\n%s", v)
	}
}

func firstLine(s string) string { return strings.SplitN(s, "\n", 2)[0] }
