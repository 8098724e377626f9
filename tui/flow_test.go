package tui

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"infoscope/model"
	"infoscope/model/workspace"
)

// viewTap wraps the model and keeps the latest frame as plain text. The
// terminal output is a stream of cell diffs (a word can arrive with its
// first letter skipped because that cell did not change), so the flows
// wait on the frame the program last drew instead.
type viewTap struct {
	*Model
	frame *atomic.Value
}

func (v viewTap) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := v.Model.Update(msg)
	return v, cmd
}

func (v viewTap) View() tea.View {
	f := v.Model.View()
	v.frame.Store(ansi.Strip(f.Content))
	return f
}

type flow struct {
	*teatest.TestModel
	frame *atomic.Value
	model *Model // read only through Shown, which is safe while it runs
}

func startFlow(t *testing.T, cfg Config, w, h int) flow {
	t.Helper()
	frame := &atomic.Value{}
	frame.Store("")
	m := New(cfg)
	tm := teatest.NewTestModel(t, viewTap{m, frame},
		teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
	return flow{tm, frame, m}
}

// waitFrame waits until the last frame drawn contains every string, and
// on failure shows that frame (not the terminal stream).
func waitFrame(t *testing.T, f flow, want ...string) {
	t.Helper()
	missing := ""
	waitUntil(t, f, func(s string) bool {
		i := slices.IndexFunc(want, func(w string) bool { return !strings.Contains(s, w) })
		if i >= 0 {
			missing = want[i]
		}
		return i < 0
	}, func() string { return fmt.Sprintf("no %q", missing) })
}

// waitUntil polls the last frame drawn until ok holds (a marker, bounded
// by patience); on failure it says why and shows that frame.
func waitUntil(t *testing.T, f flow, ok func(frame string) bool, why func() string) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for {
		s := f.frame.Load().(string)
		if ok(s) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s in the frame after %v:\n%s", why(), patience, s)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitLoaded waits until every source is loaded and decoded, as the state
// the session shows says. The frame is no sign: its status line's "loaded"
// is not said when the damaged sample decodes last (its error is the
// message). Once the last state is shown its news is said, so keys sent from here on come after it (a
// filter's count was overwritten by "loaded 6 sources" on a busy machine).
func waitLoaded(t *testing.T, f flow) {
	t.Helper()
	waitUntil(t, f, func(s string) bool {
		return strings.Contains(s, "INFO list") && f.model.Shown().Loading() == 0
	}, func() string { return fmt.Sprintf("%d sources still loading", f.model.Shown().Loading()) })
}

// play runs a flow's steps in turn. A step is its keys, then the strings
// the frame must show after them: the keys are press's names separated by
// spaces, and a word in single quotes is typed as text.
func (f flow) play(t *testing.T, steps [][]string) {
	t.Helper()
	for _, st := range steps {
		for _, k := range strings.Fields(st[0]) {
			if text, ok := typed(k); ok {
				f.Type(text)
			} else {
				f.Send(press(k))
			}
		}
		waitFrame(t, f, st[1:]...)
	}
}

func final(t *testing.T, f flow) *Model {
	t.Helper()
	fm := f.FinalModel(t, teatest.WithFinalTimeout(patience))
	v, ok := fm.(viewTap)
	if !ok {
		t.Fatalf("final model is %T", fm)
	}
	// The output really is a terminal stream: ANSI, alt screen and all.
	out, err := io.ReadAll(f.FinalOutput(t))
	if err != nil || len(out) == 0 {
		t.Fatalf("no terminal output (%v)", err)
	}
	return v.Model
}

// gatedSource is a source whose read waits until gate is closed.
type gatedSource struct {
	workspace.Source
	gate chan struct{}
}

func (g gatedSource) Read() ([]byte, error) {
	<-g.gate
	return g.Source.Read()
}

// waitLoaded waits for the last load, not for a frame that looks loaded:
// with only the damaged sample decoded, its error leads the 80-column
// status line (it cut "loading …" off it before the error gave way). The
// other samples are read once that frame is drawn.
func TestWaitLoadedWaitsForEveryLoad(t *testing.T) {
	srcs := sampleSources(t)
	gate := make(chan struct{})
	var open sync.Once
	t.Cleanup(func() { open.Do(func() { close(gate) }) })
	for i, s := range srcs {
		if s.Name() != "damaged.isa" {
			srcs[i] = gatedSource{s, gate}
		}
	}
	f := startFlow(t, Config{Sources: srcs}, 80, 24)
	var opened atomic.Bool
	go func() {
		deadline := time.Now().Add(patience)
		for s := ""; !strings.Contains(s, "damaged.isa: 1 error(s)") && time.Now().Before(deadline); s = f.frame.Load().(string) {
			time.Sleep(10 * time.Millisecond)
		}
		opened.Store(true)
		open.Do(func() { close(gate) })
	}()
	waitLoaded(t, f)
	if !opened.Load() {
		t.Fatalf("waitLoaded returned with %d sources loading:\n%s", f.model.Shown().Loading(), f.frame.Load())
	}
	waitFrame(t, f, fmt.Sprintf("loaded %d sources", len(srcs)))
	f.Send(press("q"))
	final(t, f)
}

// TestFlowBrowse opens the samples, moves, filters, opens every panel,
// shows help and quits.
func TestFlowBrowse(t *testing.T) {
	tm := startFlow(t, Config{Sources: sampleSources(t), Title: "embedded samples"}, 80, 24)
	waitLoaded(t, tm)
	tm.play(t, [][]string{
		{"j j / 'op:resinfo' enter", `"op:resinfo":`},
		{"2", "▸2 Bits"},
		{"3", "▸3 Lanes"},
		{"4", "▸4 Output"},
		{"?", "help — / filters, q or esc closes"},
		{"q esc q"}, // q closes the help (as in less), esc goes back to the list, q quits
	})
	m := final(t, tm)
	if m.focus != focusList || m.showHelp || m.shown != focusOutput {
		t.Errorf("focus %d, help %v, shown %d", m.focus, m.showHelp, m.shown)
	}
	if m.list.filter != "op:resinfo" || m.list.count() == 0 || m.list.count() == m.list.rows.Len() {
		t.Errorf("filter %q: %d of %d rows", m.list.filter, m.list.count(), m.list.rows.Len())
	}
	l, ok := m.list.selected()
	if !ok || m.list.rows.Info(l).Op().String() != "resinfo" {
		t.Errorf("selection is not a resinfo row")
	}
}

// TestFlowEdit toggles a lane and edits a surface field, then saves.
func TestFlowEdit(t *testing.T) {
	var saved bytes.Buffer
	cfg := Config{Sources: sampleSources(t), SaveSurfaces: func(b []byte) error { saved.Write(b); return nil }}
	tm := startFlow(t, cfg, 120, 40)
	waitLoaded(t, tm)
	tm.play(t, [][]string{
		{"3", "▸3 Lanes"},
		{"space", "dispatch mask 0x"}, // toggles the EM bit under the lane cursor
		{"4", "▸4 Output"},
	})
	editSurfaceField(tm)
	tm.Send(press("ctrl+s"))
	waitFrame(t, tm, "saved surface file")
	tm.Send(press("ctrl+c"))
	m := final(t, tm)
	if m.list.cursor != 0 || m.focus != focusOutput {
		t.Errorf("keys leaked: list cursor %d, focus %d", m.list.cursor, m.focus)
	}
	if m.surfaces.DispatchMask == model.AllLanes {
		t.Errorf("dispatch mask not toggled: %s", m.surfaces.DispatchMask)
	}
	checkSurfaceEdited(t, m)
	if saved.Len() == 0 || !bytes.Equal(saved.Bytes(), m.SurfacesJSON()) {
		t.Errorf("saved %q, session %q", saved.Bytes(), m.SurfacesJSON())
	}
}

// editSurfaceField sets the Output form's first numeric field (row 1, the
// surface width) to 9: enter opens the field, the digit replaces its value,
// enter applies it.
func editSurfaceField(tm flow) {
	tm.Send(press("j"))
	tm.Send(press("enter"))
	tm.Send(press("9"))
	tm.Send(press("enter"))
}

func checkSurfaceEdited(t *testing.T, m *Model) {
	t.Helper()
	out := m.outputPanel()
	key := model.SurfaceFields()[0].Key
	if got := out.Surface().Get(key); got != 9 {
		t.Errorf("Output surface %s = %d, want 9", key, got)
	}
	found := false
	for name, s := range m.surfaces.Surfaces {
		if s.Get(key) == 9 {
			found = true
			t.Logf("surface %s edited: %+v", name, s)
		}
	}
	// Edits are kept per file and body.
	for file, bodies := range m.surfaces.Files {
		for body, surfaces := range bodies {
			for name, s := range surfaces {
				if s.Get(key) == 9 {
					found = true
					t.Logf("surface %s of %s in %s edited: %+v", name, body, file, s)
				}
			}
		}
	}
	if !found {
		t.Errorf("the session's surface file has no surface with %s 9: %+v", key, m.surfaces.Surfaces)
	}
}

// atSizes runs test as a subtest (named WxH) at each terminal size.
func atSizes(t *testing.T, sizes [][2]int, test func(t *testing.T, w, h int)) {
	for _, sz := range sizes {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) { test(t, sz[0], sz[1]) })
	}
}
