package tui

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// key delivers one key and returns its command without running it.
func key1(m *Model, k string) tea.Cmd {
	_, cmd := m.Update(press(k))
	return cmd
}

func isQuit(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	_, ok := cmd().(tea.QuitMsg)
	return ok
}

// blockingSaver is a SaveSurfaces whose saves wait for the test.
type blockingSaver struct {
	release chan struct{}
	saved   [][]byte
	err     error
}

// newSaving loads the samples with cfg's settings and a blockingSaver
// (close its release to let the saves through).
func newSaving(t *testing.T, cfg Config) (*Model, *blockingSaver) {
	bs := &blockingSaver{release: make(chan struct{})}
	cfg.Sources, cfg.SaveSurfaces = sampleSources(t), bs.save
	return newLoaded(cfg, 120, 40), bs
}

func (s *blockingSaver) save(b []byte) error {
	<-s.release
	if s.err != nil {
		return s.err
	}
	s.saved = append(s.saved, b)
	return nil
}

// editSurface sets the first surface field of the selected instruction's
// surface in the Output panel, as a user does (4, j, a digit, enter).
func editSurface(m *Model) {
	send(m, "4", "j", "enter", "9", "enter")
}

func plainFrame(m *Model) string { return ansi.Strip(m.render()) }

// q while a save runs waits for it, then quits (issue 13: q cut the save
// and left the file empty).
func TestQuitWaitsForSave(t *testing.T) {
	m, bs := newSaving(t, Config{SurfacePath: "s.json"})
	save := key1(m, "ctrl+s")
	if save == nil {
		t.Fatal("ctrl+s started no save")
	}
	if cmd := key1(m, "q"); isQuit(cmd) {
		t.Fatal("q quit while the save was running")
	}
	if !strings.Contains(plainFrame(m), "quitting when the save is done") {
		t.Errorf("the status does not say the quit waits:\n%s", plainFrame(m))
	}
	if cmd := key1(m, "ctrl+c"); isQuit(cmd) {
		t.Fatal("ctrl+c quit while the save was running")
	}
	close(bs.release)
	_, after := m.Update(save())
	if len(bs.saved) != 1 {
		t.Fatalf("%d saves done", len(bs.saved))
	}
	if !isQuit(after) {
		t.Error("the program did not quit once the save was done")
	}
}

// Unsaved edits are marked in the title, the status line and the Output
// header, and q asks: save, discard or cancel (issue 12).
func TestUnsavedEditsMarkedAndAsked(t *testing.T) {
	m, bs := newSaving(t, Config{Title: "samples", SurfacePath: "s.json"})
	close(bs.release)
	if strings.Contains(m.View().WindowTitle, "unsaved") {
		t.Fatal("unsaved before any edit")
	}
	editSurface(m)
	frame := plainFrame(m)
	if !strings.Contains(m.View().WindowTitle, "[unsaved]") || !strings.Contains(frame, "[unsaved] samples") {
		t.Errorf("title not marked: %q\n%s", m.View().WindowTitle, frame)
	}
	if !strings.Contains(frame, "edited, not saved") || strings.Contains(frame, "from the surface file") {
		t.Errorf("Output header does not say the edit is unsaved:\n%s", frame)
	}

	// q asks; esc cancels.
	if cmd := key1(m, "q"); isQuit(cmd) {
		t.Fatal("q quit with unsaved edits")
	}
	if !strings.Contains(plainFrame(m), "unsaved edits: s save & quit · d discard & quit · esc cancel") {
		t.Fatalf("no question:\n%s", plainFrame(m))
	}
	if cmd := key1(m, "j"); isQuit(cmd) || !m.confirmQuit {
		t.Fatal("another key answered the question")
	}
	if cmd := key1(m, "esc"); isQuit(cmd) || m.confirmQuit {
		t.Fatal("esc did not cancel")
	}
	// ctrl+c asks too; s saves, then quits.
	if cmd := key1(m, "ctrl+c"); isQuit(cmd) || !m.confirmQuit {
		t.Fatal("ctrl+c did not ask")
	}
	save := key1(m, "s")
	if save == nil {
		t.Fatal("s started no save")
	}
	_, after := m.Update(save())
	if !isQuit(after) {
		t.Error("did not quit after saving")
	}
	if len(bs.saved) != 1 || string(bs.saved[0]) != string(m.SurfacesJSON()) {
		t.Errorf("saved %q, session %q", bs.saved, m.SurfacesJSON())
	}
	frame = plainFrame(m)
	if strings.Contains(m.View().WindowTitle, "unsaved") || !strings.Contains(frame, "from the surface file") {
		t.Errorf("still marked unsaved after the save: %q\n%s", m.View().WindowTitle, frame)
	}

	// d discards and quits.
	m2 := newLoaded(Config{Sources: sampleSources(t), SaveSurfaces: bs.save}, 120, 40)
	editSurface(m2)
	key1(m2, "q")
	if cmd := key1(m2, "d"); !isQuit(cmd) {
		t.Error("d did not quit")
	}
	if len(bs.saved) != 1 {
		t.Error("d saved")
	}
}

// An edit made while a save runs is not covered by it: it stays unsaved.
func TestEditDuringSaveStaysUnsaved(t *testing.T) {
	m, bs := newSaving(t, Config{})
	save := key1(m, "ctrl+s")
	editSurface(m)
	close(bs.release)
	m.Update(save())
	if !m.unsaved() {
		t.Error("the edit made during the save counts as saved")
	}
	if cmd := key1(m, "q"); isQuit(cmd) || !m.confirmQuit {
		t.Error("q did not ask about the edit")
	}
}

// ctrl+s while a save runs saves again after it, so the newest state lands
// last.
func TestSaveWhileSavingQueues(t *testing.T) {
	m, bs := newSaving(t, Config{})
	first := key1(m, "ctrl+s")
	editSurface(m)
	if cmd := key1(m, "ctrl+s"); cmd != nil {
		t.Fatal("a second save ran beside the first")
	}
	close(bs.release)
	_, second := m.Update(first())
	if second == nil {
		t.Fatal("the queued save did not start")
	}
	m.Update(second())
	if len(bs.saved) != 2 || string(bs.saved[1]) != string(m.SurfacesJSON()) || m.unsaved() {
		t.Errorf("%d saves; last is the session's state: %v; unsaved %v", len(bs.saved),
			len(bs.saved) == 2 && string(bs.saved[1]) == string(m.SurfacesJSON()), m.unsaved())
	}
}

// A failed save does not quit: the edits would be lost.
func TestFailedSaveDoesNotQuit(t *testing.T) {
	m, bs := newSaving(t, Config{})
	bs.err = errors.New("disk full")
	close(bs.release)
	editSurface(m)
	key1(m, "q")
	save := key1(m, "s")
	_, after := m.Update(save())
	if isQuit(after) {
		t.Fatal("quit after a failed save")
	}
	if !strings.Contains(plainFrame(m), "save failed, not quitting: disk full") {
		t.Errorf("status:\n%s", plainFrame(m))
	}
}

// A surface file that did not load at start: the inspector opens and says
// so, and ctrl+s overwrites it only when pressed twice in a row.
func TestUnloadableSurfaceFileNotOverwritten(t *testing.T) {
	loadErr := errors.New("s.json:1:40: unexpected end of JSON input")
	m, bs := newSaving(t, Config{SurfacePath: "s.json", SurfaceLoadErr: loadErr})
	close(bs.release)
	if m.list.rows.Len() == 0 {
		t.Fatal("the inspector did not open the sources")
	}
	if !strings.Contains(plainFrame(m), "surface file not loaded") {
		t.Errorf("not reported:\n%s", plainFrame(m))
	}
	send(m, "E")
	if !strings.Contains(plainFrame(m), "surface file not loaded (defaults in use; ctrl+s twice overwrites it): "+loadErr.Error()) {
		t.Errorf("E does not list the surface file's error:\n%s", plainFrame(m))
	}
	send(m, "esc")
	if cmd := key1(m, "ctrl+s"); cmd != nil {
		t.Fatal("the first ctrl+s saved over the file")
	}
	if !strings.Contains(plainFrame(m), "ctrl+s again overwrites it") {
		t.Errorf("no confirmation asked:\n%s", plainFrame(m))
	}
	send(m, "j") // any other key keeps the file
	if cmd := key1(m, "ctrl+s"); cmd != nil {
		t.Fatal("ctrl+s after another key saved over the file")
	}
	save := key1(m, "ctrl+s")
	if save == nil {
		t.Fatal("the second ctrl+s in a row did not save")
	}
	m.Update(save())
	if len(bs.saved) != 1 || m.loadErr != nil {
		t.Errorf("%d saves; load error still held: %v", len(bs.saved), m.loadErr)
	}
	if cmd := key1(m, "ctrl+s"); cmd == nil {
		t.Error("once overwritten, ctrl+s still asks")
	}
}

// The quit question shows in a terminal too small for the inspector.
func TestQuitQuestionWhenTooSmall(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t), SaveSurfaces: func([]byte) error { return nil }}, 120, 40)
	editSurface(m)
	m.Update(tea.WindowSizeMsg{Width: 20, Height: 5})
	key1(m, "q")
	if f := plainFrame(m); !strings.Contains(f, "s save & quit") || !strings.Contains(f, "d discard & quit") {
		t.Errorf("no question at 20x5:\n%s", f)
	}
}
