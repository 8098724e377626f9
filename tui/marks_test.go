package tui

import (
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"infoscope/model"
	"infoscope/model/workspace"
)

// fakeMarkStore records the mark files written, as main's sidecar store
// would write them.
type fakeMarkStore struct {
	mu      sync.Mutex
	written map[string][]byte
	calls   int
}

func (s *fakeMarkStore) save(input string, data []byte) (string, func() error) {
	s.calls++
	return input + ".infoscope-marks.json", func() error {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.written[input] = data
		return nil
	}
}

func (s *fakeMarkStore) marks(t *testing.T, input string) []model.Mark {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	got, err := model.ParseMarks("test", input, s.written[input])
	if err != nil {
		t.Fatalf("mark file of %s: %v\n%s", input, err, s.written[input])
	}
	return got
}

// surfacesBy gives instruction i surface T(i+first), so every row's text
// differs.
func surfacesBy(first int) func(i int, b []byte) {
	return func(i int, b []byte) { b[4] = byte(i + first) }
}

// M on a row asks for a note; enter marks the row and writes the input's
// mark file; ' lists the marks and enter jumps back to the row.
func TestBookmarkFlow(t *testing.T) {
	store := &fakeMarkStore{written: map[string][]byte{}}
	src := &memSource{name: "live.bin", data: rawInfos(12, surfacesBy(0))}
	m := newLoaded(Config{Sources: []workspace.Source{src}, Marks: MarksConfig{Save: store.save}}, 120, 40)
	send(m, "j", "j", "j")
	want := m.list.rows.Info(must(m.list.selected())).Text()
	send(m, "M")
	if frame := plainFrame(m); !strings.Contains(frame, "note: ") || !strings.Contains(frame, want) {
		t.Fatalf("M shows no note prompt for %q:\n%s", want, frame)
	}
	typeText(m, "LOD ")
	m.Update(tea.PasteMsg{Content: "from V33?"})
	send(m, "enter")
	if !strings.Contains(m.status, "bookmarked: saved live.bin.infoscope-marks.json") {
		t.Errorf("status %q", m.status)
	}
	got := store.marks(t, "live.bin")
	if len(got) != 1 || got[0].Note != "LOD from V33?" || got[0].Text != want || got[0].Pos != 3*11 || got[0].File != "live.bin" {
		t.Fatalf("written %+v", got)
	}
	// q types into the note, not quitting; esc drops a new mark.
	send(m, "j", "M", "'q'", "esc")
	if len(m.marks.list) != 1 || store.calls != 1 {
		t.Fatalf("esc kept a mark: %d marks, %d saves", len(m.marks.list), store.calls)
	}

	send(m, "g", "'")
	frame := plainFrame(m)
	if !strings.Contains(frame, "bookmarks — enter jumps") || !strings.Contains(frame, "0x21  "+want+"  — LOD from V33?") {
		t.Fatalf("' lists no mark:\n%s", frame)
	}
	send(m, "enter")
	if m.marksShown() || m.list.cursor != 3 || !strings.Contains(m.status, "LOD from V33?") {
		t.Fatalf("jump: overlay %v, cursor %d, status %q", m.marksShown(), m.list.cursor, m.status)
	}
	// M on a marked row edits its note.
	send(m, "M")
	if m.marks.note.Value() != "LOD from V33?" {
		t.Fatalf("the prompt holds %q", m.marks.note.Value())
	}
	send(m, "' no, V34'", "enter")
	if got := store.marks(t, "live.bin"); len(got) != 1 || got[0].Note != "LOD from V33? no, V34" {
		t.Fatalf("edited: %+v", got)
	}
	// A filter hiding the row is cleared by the jump.
	send(m, "/", "'T0'", "enter", "'", "enter")
	if m.list.filter != "" || m.list.cursor != 3 {
		t.Fatalf("jump under a filter: filter %q, cursor %d", m.list.filter, m.list.cursor)
	}
	// d asks, d d deletes and writes the file without the mark.
	send(m, "'", "d")
	if len(m.marks.list) != 1 {
		t.Fatal("one d deleted the mark")
	}
	send(m, "d")
	if len(m.marks.list) != 0 || len(store.marks(t, "live.bin")) != 0 {
		t.Fatalf("d d: %d marks, file %s", len(m.marks.list), store.written["live.bin"])
	}
	send(m, "q")
	if m.marksShown() {
		t.Fatal("q did not close the bookmarks")
	}
}

// After a rebuild the mark follows its instruction when the offsets moved
// (same kernel and text), and stays, listed as not found, when its
// instruction is gone; a later load that has it again re-attaches it.
func TestBookmarkReattach(t *testing.T) {
	src := &memSource{name: "live.bin", data: rawInfos(12, surfacesBy(0))}
	m := newLoaded(Config{Sources: []workspace.Source{src}}, 120, 40)
	send(m, ":", "'0x37'", "enter", "M", "'here'", "enter") // row 5: T5
	if !strings.Contains(m.status, "kept in memory") {
		t.Errorf("no store: status %q", m.status)
	}
	text := m.marks.list[0].Text

	// Same bytes: same place.
	reload(m, "live.bin")
	if e := m.marks.list[0]; e.row != 5 || e.Pos != 0x37 {
		t.Fatalf("same file: row %d pos 0x%x", e.row, e.Pos)
	}
	// Two instructions inserted in front: T5 is now row 7 at 0x4d.
	src.set(append(rawInfos(2, surfacesBy(20)), rawInfos(12, surfacesBy(0))...), nil)
	reload(m, "live.bin")
	if e := m.marks.list[0]; e.row != 7 || e.Pos != 0x4d || e.Text != text {
		t.Fatalf("moved: row %d pos 0x%x %q", e.row, e.Pos, e.Text)
	}
	send(m, "g", "'")
	if frame := plainFrame(m); !strings.Contains(frame, "[moved from 0x37] live.bin") {
		t.Fatalf("the move is not shown:\n%s", frame)
	}
	moveTo(t, m, 7, "enter") // the jump follows the move
	// T5 gone: the mark is kept, not found, and says so instead of jumping.
	src.set(rawInfos(4, surfacesBy(0)), nil)
	reload(m, "live.bin")
	if e := m.marks.list[0]; e.row != -1 || e.Note != "here" {
		t.Fatalf("gone: %+v", e)
	}
	send(m, "'")
	if frame := plainFrame(m); !strings.Contains(frame, "[not found] live.bin") {
		t.Fatalf("gone mark not listed:\n%s", frame)
	}
	send(m, "enter")
	if !m.marksShown() || !strings.Contains(m.status, "not in the files loaded") {
		t.Fatalf("jump to a gone mark: overlay %v, status %q", m.marksShown(), m.status)
	}
	send(m, "esc")
	src.set(rawInfos(12, surfacesBy(0)), nil)
	reload(m, "live.bin")
	if e := m.marks.list[0]; e.row != 5 {
		t.Fatalf("back: row %d", e.row)
	}
}

// Marks read at start attach once their file loads; a mark file that did
// not load is said at start.
func TestBookmarksLoaded(t *testing.T) {
	src := &memSource{name: "live.bin", data: rawInfos(12, surfacesBy(0))}
	probe := newLoaded(Config{Sources: []workspace.Source{src}}, 80, 24)
	text := probe.list.rows.Info(probe.list.rows.Loc(9)).Text()
	m := newLoaded(Config{Sources: []workspace.Source{src}, Marks: MarksConfig{
		Marks:    []model.Mark{{File: "live.bin", Kernel: probe.list.rows.Stream(probe.list.rows.Loc(9)).Kernel, Pos: 9 * 11, Text: text, Note: "n"}},
		LoadNote: "b.isa.infoscope-marks.json: not loaded",
	}}, 80, 24)
	if m.marks.list[0].row != 9 {
		t.Fatalf("loaded mark at row %d", m.marks.list[0].row)
	}
	if m2 := New(Config{Marks: MarksConfig{LoadNote: "x: not loaded"}}); m2.status != "x: not loaded" || !m2.statusErr {
		t.Errorf("load note: %q", m2.status)
	}
	send(m, "?")
	if !strings.Contains(strings.Join(m.helpLines(), "\n"), "bookmark the row with a note") {
		t.Error("the help lacks M")
	}
}

func must(l loc, ok bool) loc {
	if !ok {
		panic("no selection")
	}
	return l
}

// A mark file's text cannot drive the terminal: control characters are
// drawn as '?'.
func TestBookmarkPrintable(t *testing.T) {
	m := newLoaded(Config{Marks: MarksConfig{Marks: []model.Mark{{File: "x.isa", Kernel: "k\x1b]52;c;AAAA\a", Text: "t\x1b[2J", Note: "n"}}}}, 80, 24)
	send(m, "'")
	if r := m.render(); strings.Contains(r, "]52;") && strings.Contains(r, "\x1b]52") || strings.Contains(r, "\x1b[2J") {
		t.Fatalf("control characters drawn: %q", r)
	}
	if !strings.Contains(plainFrame(m), "[not found] x.isa k?]52;c;AAAA?") {
		t.Fatalf("\n%s", plainFrame(m))
	}
}

// The mouse does not reach the list under the bookmarks overlay.
func TestBookmarkOverlayMouse(t *testing.T) {
	src := &memSource{name: "live.bin", data: rawInfos(12, surfacesBy(0))}
	m := newLoaded(Config{Sources: []workspace.Source{src}}, 80, 24)
	send(m, "'")
	m.Update(tea.MouseClickMsg{X: 5, Y: 6, Button: tea.MouseLeft})
	m.Update(tea.MouseWheelMsg{X: 5, Y: 6, Button: tea.MouseWheelDown})
	if m.list.cursor != 0 || !m.marksShown() {
		t.Fatalf("cursor %d, overlay %v", m.list.cursor, m.marksShown())
	}
	// With marks, the wheel moves the overlay's cursor.
	send(m, "q", "M", "enter", "j", "M", "enter", "'")
	if m.marks.cursor != 0 || len(m.marks.list) != 2 {
		t.Fatalf("%d marks, cursor %d", len(m.marks.list), m.marks.cursor)
	}
	m.Update(tea.MouseWheelMsg{X: 5, Y: 6, Button: tea.MouseWheelDown})
	if m.marks.cursor != 1 || m.list.cursor != 1 {
		t.Errorf("wheel down: marks cursor %d, list cursor %d", m.marks.cursor, m.list.cursor)
	}
	m.Update(tea.MouseWheelMsg{X: 5, Y: 6, Button: tea.MouseWheelUp})
	if m.marks.cursor != 0 {
		t.Errorf("wheel up: marks cursor %d", m.marks.cursor)
	}
}

// A mark file that did not load stays said after the loads' news (it was
// said at start and overwritten by "loaded N sources"): in the status
// line, the problem count and the E list.
func TestMarksLoadNoteKept(t *testing.T) {
	note := "k.bin.marks: line 1: not a mark file: those marks are kept in memory, the file is left as it is"
	m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("k.bin", rawInfos(2, nil))}, Marks: MarksConfig{LoadNote: note}}, 200, 30)
	if !strings.Contains(m.status, "loaded 1 source") {
		t.Fatalf("status %q", m.status)
	}
	line := m.statusLine()
	if !strings.Contains(line, "mark file not loaded") || !strings.Contains(line, "1 problem: E shows") {
		t.Errorf("status line %q", line)
	}
	if !strings.Contains(strings.Join(m.errorLines(), "\n"), "✗ mark file not loaded: "+note) {
		t.Errorf("E list %q", m.errorLines())
	}
}
