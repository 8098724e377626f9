package panels

import (
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/tui/style"
)

// The fixtures are the worked examples of the format reference (§8.1,
// §8.2), fed to the decoder as raw instruction streams.
var (
	// resinfo.RGBA (M1, 16) T6 V32.0 V33.0, IGC layout (17 bytes).
	resinfoBytes = []byte{0x70, 0x0a, 0x04, 0x0f, 0x06, 0x20, 0, 0, 0, 0, 0, 0x21, 0, 0, 0, 0, 0}
	// sampleinfo.RA (M1_NM, 8) T6 V33.64, IGC layout (11 bytes).
	sampleinfoBytes = []byte{0x70, 0x0b, 0x83, 0x09, 0x06, 0x21, 0, 0, 0, 0x40, 0}
	// A seed-layout RESINFO with reserved op bits set (0x2a) and exec
	// 0x04 with mask M2 (0x14): diagnostics and reserved bits to show.
	seedBytes = []byte{0x70, 0x2a, 0x14, 0x06, 0x20, 0, 0, 0, 0, 0, 0x21, 0, 0, 0, 0, 0}
)

// decodeInfo decodes a one-instruction raw stream and returns its INFO.
func decodeInfo(t *testing.T, b []byte, layout decoder.Layout) *decoder.Info {
	t.Helper()
	f := decoder.Decode("fixture", b, decoder.Options{Layout: layout, Hex: decoder.HexOff})
	if len(f.Streams) != 1 || f.Streams[0].NumInfos() != 1 {
		t.Fatalf("fixture did not decode to one INFO: %+v %v", f.Streams, f.Errors)
	}
	return f.Streams[0].Info(0)
}

// press turns a key name into the key press a terminal sends.
func press(s string) tea.KeyPressMsg {
	named := map[string]rune{"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "space": tea.KeySpace, "backspace": tea.KeyBackspace,
		"home": tea.KeyHome, "end": tea.KeyEnd, "delete": tea.KeyDelete}
	if c, ok := named[s]; ok {
		k := tea.KeyPressMsg{Code: c}
		if s == "space" {
			k.Text = " "
		}
		return k
	}
	if r := []rune(s); len(r) == 1 {
		return tea.KeyPressMsg{Code: r[0], Text: s}
	}
	panic("press: unknown key " + s)
}

// typeText sends each rune of s as a key press.
func typeText[M interface{ Update(tea.Msg) (M, tea.Cmd) }](m M, s string) M {
	for _, r := range s {
		m, _ = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return m
}

// checkSize fails when a view has more lines than h or a line wider than w.
func checkSize(t *testing.T, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if view != "" && len(lines) > h {
		t.Errorf("%d lines, panel height %d", len(lines), h)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("line %d is %d cells wide, panel width %d: %q", i, n, w, ansi.Strip(l))
		}
	}
}

func click(x, y int) tea.MouseClickMsg {
	return tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft}
}

// testRoot plays the inspector's root for a panel under test: it owns the
// surface file and the rules, applies the edits the panel reports and
// hands the session back, as tui.Model does.
type testRoot struct {
	f       *model.SurfaceFile
	sc      model.Scope
	in      *decoder.Info
	rules   model.Rules
	applied []Edit // the edits of the last Update
}

func (r *testRoot) session() Session { return NewSession(r.f, r.sc, r.in, r.rules) }

// deliver takes the edits p reported, applies them and hands the session
// back to p.
func deliver[P any, PP Panel[P]](r *testRoot, p PP) {
	r.applied = p.TakeEdits()
	for _, e := range r.applied {
		if rs, ok := e.(RulesSet); ok {
			r.rules = rs.Rules
			continue
		}
		Apply(r.f, e)
	}
	if len(r.applied) > 0 {
		p.SetSession(r.session())
	}
}

// testOutput is an Output panel under a testRoot.
type testOutput struct {
	Output
	r *testRoot
}

func (m testOutput) Update(msg tea.Msg) (testOutput, tea.Cmd) {
	var cmd tea.Cmd
	m.Output, cmd = m.Output.Update(msg)
	deliver(m.r, &m.Output)
	return m, cmd
}

// show selects in at sc, as the root does on a new selection: the
// session first, then the instruction.
func (m *testOutput) show(in *decoder.Info, sc model.Scope) {
	m.r.in, m.r.sc = in, sc
	m.SetSession(m.r.session())
	m.SetInfo(in)
}

// setFile replaces the root's surface file and hands it to the panel.
func (m *testOutput) setFile(f *model.SurfaceFile) {
	m.r.f = f
	m.SetSession(m.r.session())
}

// newOutputOn returns a focused Output panel of size w x h under a root
// owning f, showing nothing yet.
func newOutputOn(f *model.SurfaceFile, w, h int) testOutput {
	m := testOutput{Output: NewOutput(style.New(false, true), DefaultOutputKeyMap()), r: &testRoot{f: f}}
	m.SetSession(m.r.session())
	m.SetSize(w, h)
	m.Focus()
	return m
}

// wantEdit fails unless the last Update reported one edit of e's type.
func wantEdit(t *testing.T, m testOutput, e Edit) {
	t.Helper()
	if len(m.r.applied) != 1 || reflect.TypeOf(m.r.applied[0]) != reflect.TypeOf(e) {
		t.Fatalf("edits %+v, want one %T", m.r.applied, e)
	}
}

// wantView fails for each string that view v (what names it) lacks.
func wantView(t *testing.T, what, v string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(v, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, v)
		}
	}
}
