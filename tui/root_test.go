package tui

import (
	"errors"
	"image/color"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/model/workspace"
)

// memSource is a workspace.Source whose bytes (or read error) the test changes.
type memSource struct {
	mu   sync.Mutex
	name string
	data []byte
	err  error
}

func (s *memSource) Name() string { return s.name }
func (s *memSource) Read() ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.data, s.err
}
func (s *memSource) set(data []byte, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.data, s.err = data, err
}

func reload(m *Model, name string) {
	_, cmd := m.Update(ReloadMsg{Name: name})
	runCmd(m, cmd, 0)
}

func TestReloadKeepsPlace(t *testing.T) {
	src := &memSource{name: "live.bin", data: rawInfos(20, nil)}
	m := newLoaded(Config{Sources: []workspace.Source{src}}, 80, 24)
	moveTo(t, m, 10, ":", "'0x6e'", "enter") // row 10
	off := func() int64 { l, _ := m.list.selected(); return m.list.rows.Info(l).Off }

	// Grown at the end: same offset, same row.
	src.set(rawInfos(30, nil), nil)
	reload(m, "live.bin")
	if m.list.rows.Len() != 30 || off() != 0x6e {
		t.Fatalf("after growth: %d rows, offset 0x%x", m.list.rows.Len(), off())
	}
	// Shrunk below the selection: the nearest instruction, the last one.
	src.set(rawInfos(5, nil), nil)
	reload(m, "live.bin")
	if m.list.rows.Len() != 5 || off() != 4*11 {
		t.Fatalf("after shrink: %d rows, offset 0x%x", m.list.rows.Len(), off())
	}
	// A failed read keeps the old decode and says so.
	src.set(nil, errors.New("file vanished"))
	reload(m, "live.bin")
	if m.list.rows.Len() != 5 || !m.statusErr || !strings.Contains(m.status, "file vanished") {
		t.Fatalf("read error: %d rows, status %q", m.list.rows.Len(), m.status)
	}
	if !strings.Contains(strings.Join(m.errorLines(), "\n"), "file vanished") {
		t.Fatalf("errors view lacks the read error:\n%s", strings.Join(m.errorLines(), "\n"))
	}
	// A truncated (half-written) file: the clean old decode is kept.
	src.set(rawInfos(8, nil)[:8*11-3], nil)
	reload(m, "live.bin")
	if m.list.rows.Len() != 5 || !m.statusErr {
		t.Fatalf("broken reload: %d rows, status %q", m.list.rows.Len(), m.status)
	}
	// The next good write recovers.
	src.set(rawInfos(8, nil), nil)
	reload(m, "live.bin")
	if m.list.rows.Len() != 8 || m.statusErr || m.snap.Entry(0).Note != "" {
		t.Fatalf("recovery: %d rows, status %q, note %q", m.list.rows.Len(), m.status, m.snap.Entry(0).Note)
	}
	// A reload of an unknown name changes nothing.
	reload(m, "other.bin")
	if m.list.rows.Len() != 8 {
		t.Fatal("unknown reload changed the rows")
	}
}

func TestLoadErrorsShown(t *testing.T) {
	bad := &memSource{name: "missing.isa", err: errors.New("no such file")}
	m := newLoaded(Config{Sources: append(sampleSources(t), bad)}, 120, 40)
	if m.list.rows.Len() == 0 {
		t.Fatal("good sources did not load")
	}
	send(m, "E")
	if !m.showErrs {
		t.Fatal("e did not open the errors view")
	}
	view := ansi.Strip(m.View().Content)
	wantView(t, "errors view", view, "missing.isa: no such file", "damaged.isa", "unknown opcode")
	send(m, "esc")
	if m.showErrs {
		t.Fatal("esc did not close the errors view")
	}
}

func TestTooSmall(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
	for _, sz := range [][2]int{{20, 5}, {39, 24}, {80, 9}, {10, 2}, {1, 1}} {
		m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		out := ansi.Strip(m.View().Content)
		lines := strings.Split(out, "\n")
		if len(lines) > sz[1] {
			t.Errorf("%dx%d: %d lines", sz[0], sz[1], len(lines))
		}
		for _, l := range lines {
			if ansi.StringWidth(l) > sz[0] {
				t.Errorf("%dx%d: line %q too wide", sz[0], sz[1], l)
			}
		}
		if sz[0] >= 20 && sz[1] >= 3 && !strings.Contains(out, "too small") {
			t.Errorf("%dx%d: no message:\n%s", sz[0], sz[1], out)
		}
	}
	// Back to a usable size: the layout returns.
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if out := ansi.Strip(m.View().Content); strings.Contains(out, "too small") || !strings.Contains(out, "INFO list") {
		t.Fatalf("80x24 after small:\n%s", out)
	}
}

// TestFrameFits checks every layout, pane and overlay at several sizes:
// exactly the terminal's height, never wider.
func TestFrameFits(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
	for _, sz := range [][2]int{{40, 10}, {80, 24}, {100, 30}, {120, 40}, {200, 50}} {
		m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		for _, keys := range [][]string{{"1"}, {"2"}, {"3"}, {"4"}, {"5"}, {"5", "]", "G"}, {"5", "/"}, {"esc"}, {"1", "?"}, {"esc", "E"}, {"esc"}} {
			send(m, keys...)
			out := ansi.Strip(m.View().Content)
			lines := strings.Split(out, "\n")
			if len(lines) != sz[1] {
				t.Errorf("%dx%d after %v: %d lines", sz[0], sz[1], keys, len(lines))
			}
			for i, l := range lines {
				if ansi.StringWidth(l) > sz[0] {
					t.Errorf("%dx%d after %v: line %d is %d wide: %q", sz[0], sz[1], keys, i, ansi.StringWidth(l), l)
				}
			}
		}
	}
}

func TestFocusAndGlobals(t *testing.T) {
	var saved []byte
	cfg := Config{Sources: sampleSources(t), SurfacePath: "s.json", SaveSurfaces: func(b []byte) error { saved = b; return nil }}
	m := newLoaded(cfg, 80, 24)
	// Each step's keys, then the pane with the focus and whether a field
	// is being edited.
	for _, st := range []struct {
		keys    string
		want    focusID
		editing bool
	}{
		{"tab", focusBits, false}, {"tab", focusLanes, false}, {"tab", focusOutput, false}, {"tab", focusCode, false},
		{"tab", focusList, false}, {"shift+tab", focusCode, false}, {"shift+tab", focusOutput, false},
		{"esc", focusList, false},
		{"enter", focusOutput, false},  // enter reopens the last panel
		{"enter 2", focusOutput, true}, // a digit while a field is edited types a value
		{"esc esc", focusList, false},
		{"3", focusLanes, false},
	} {
		send(m, strings.Fields(st.keys)...)
		if m.focus != st.want || m.editing() != st.editing {
			t.Fatalf("%s: focus %d editing %v, want %d %v", st.keys, m.focus, m.editing(), st.want, st.editing)
		}
	}
	send(m, "1")
	send(m, "m")
	if m.mouse || m.View().MouseMode != tea.MouseModeNone {
		t.Fatal("m did not turn the mouse off")
	}
	send(m, "m")
	if m.View().MouseMode != tea.MouseModeCellMotion {
		t.Fatal("m did not turn the mouse on")
	}
	v := m.View()
	if !v.AltScreen || !strings.Contains(v.WindowTitle, "infoscope") {
		t.Fatalf("view fields: alt %v title %q", v.AltScreen, v.WindowTitle)
	}
	send(m, "ctrl+s")
	if string(saved) != string(m.SurfacesJSON()) || len(saved) == 0 || !strings.Contains(m.status, "saved") {
		t.Fatalf("ctrl+s: saved %q, status %q", saved, m.status)
	}
	failing := cfg
	failing.SaveSurfaces = func([]byte) error { return errors.New("disk full") }
	m2 := newLoaded(failing, 80, 24)
	send(m2, "ctrl+s")
	if !m2.statusErr || !strings.Contains(m2.status, "disk full") {
		t.Fatalf("failed save: status %q", m2.status)
	}
	// Without SaveSurfaces the key is off and out of the help.
	m3 := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
	send(m3, "ctrl+s", "?")
	if strings.Contains(ansi.Strip(m3.View().Content), "ctrl+s") {
		t.Fatal("help lists ctrl+s without SaveSurfaces")
	}
	if !strings.Contains(strings.Join(m.helpLines(), "\n"), "ctrl+s") {
		t.Fatal("help lacks ctrl+s with SaveSurfaces")
	}
}

// TestMonoAndNoColor: Config.Mono (which main sets from NO_COLOR, and the
// server from the client's terminal) gives a frame without colour, and the
// server's own NO_COLOR does not leak into a session that asks for colour.
func TestMonoAndNoColor(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	if m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24); m.th.Mono {
		t.Fatal("the process's NO_COLOR overrode Config.Mono=false")
	}
	m := newLoaded(Config{Sources: sampleSources(t), Mono: true}, 80, 24)
	if !m.th.Mono {
		t.Fatal("Mono did not select the monochrome theme")
	}
	out := m.View().Content
	// Styles may use bold/reverse but never a colour (SGR 30-38, 40-48, 90-107).
	for _, seq := range []string{"[38;", "[48;", "[31m", "[32m", "[33m"} {
		if strings.Contains(out, seq) {
			t.Fatalf("mono frame contains colour %q", seq)
		}
	}
	if !strings.Contains(ansi.Strip(out), "▸") {
		t.Fatal("mono frame lacks the selection symbol")
	}
}

func TestMouse(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
	// Row 3 of the list body is screen line list.y+1+3.
	y := m.lay.list.y + 1 + 3
	m.Update(tea.MouseClickMsg{X: 10, Y: y, Button: tea.MouseLeft})
	if m.list.cursor != 3 {
		t.Fatalf("click: cursor %d, want 3", m.list.cursor)
	}
	m.Update(tea.MouseWheelMsg{X: 10, Y: y, Button: tea.MouseWheelDown})
	if m.list.cursor != 6 {
		t.Fatalf("wheel: cursor %d, want 6", m.list.cursor)
	}
	// A click on a tab focuses that pane.
	m.Update(tea.MouseClickMsg{X: m.lay.tabs[focusLanes][0] + 1, Y: 0, Button: tea.MouseLeft})
	if m.focus != focusLanes {
		t.Fatalf("tab click: focus %d", m.focus)
	}
	// A click on the list focuses it; in list focus the summary below it
	// stands for the last panel, and a click on it opens that panel.
	m.Update(tea.MouseClickMsg{X: 1, Y: 1, Button: tea.MouseLeft})
	if m.focus != focusList || len(m.lay.panes) != 0 || m.lay.summary.h == 0 {
		t.Fatalf("list click: focus %d, %d panes, summary %+v", m.focus, len(m.lay.panes), m.lay.summary)
	}
	m.Update(tea.MouseClickMsg{X: 2, Y: m.lay.summary.y, Button: tea.MouseLeft})
	if m.focus != focusLanes {
		t.Fatalf("summary click: focus %d, want Lanes", m.focus)
	}
	// A click in the panel is the panel's.
	m.Update(tea.MouseClickMsg{X: 2, Y: m.lay.panes[0].r.y + 2, Button: tea.MouseLeft})
	if m.focus != m.lay.panes[0].id {
		t.Fatalf("panel click: focus %d", m.focus)
	}
}

func TestBackgroundColour(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
	send(m, "j", "3")
	dark := m.View().Content
	m.Update(tea.BackgroundColorMsg{Color: color.White})
	if m.isDark {
		t.Fatal("a white background did not select the light theme")
	}
	light := m.View().Content
	if light == dark {
		t.Fatal("the light theme renders the same escapes as the dark one")
	}
	if ansi.Strip(light) != ansi.Strip(dark) {
		t.Fatal("the theme change altered the text")
	}
	if m.focus != focusLanes || m.list.cursor != 1 {
		t.Fatalf("theme change lost state: focus %d cursor %d", m.focus, m.list.cursor)
	}
}

// TestStepFromPanel: ] and [ move the list's selection while a panel has
// focus, and the panel follows it, so instructions can be compared in the
// Bits panel one after another.
func TestStepFromPanel(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 120, 40)
	send(m, "2")
	first := ansi.Strip(m.View().Content)
	send(m, "]")
	if m.focus != focusBits {
		t.Fatalf("] changed the focus to %d", m.focus)
	}
	if m.list.cursor != 1 {
		t.Fatalf("] from Bits: cursor %d, want 1", m.list.cursor)
	}
	l, _ := m.list.selected()
	text := m.list.rows.Info(l).Text()
	if second := ansi.Strip(m.View().Content); second == first || !strings.Contains(second, "Bits  ") || !strings.Contains(second, text) {
		t.Fatalf("the Bits panel did not follow the selection to %q:\n%s", text, second)
	}
	moveTo(t, m, 0, "[", "[") // from row 1: clamped at the first
}

// At 80 columns the located errors are longer than a line; the errors view
// wraps them rather than cutting off what was found.
func TestErrorsViewWrapsLongLines(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
	send(m, "E")
	view := ansi.Strip(m.View().Content)
	joined := strings.Join(strings.Fields(view), " ")
	for _, want := range []string{"found 0x3b (untyped_atomic, removed", "igc, the layout Intel's writer produced"} {
		if !strings.Contains(joined, want) {
			t.Errorf("errors view lacks %q:\n%s", want, view)
		}
	}
	for i, l := range strings.Split(view, "\n") {
		if w := ansi.StringWidth(l); w > 80 {
			t.Errorf("line %d is %d wide", i, w)
		}
	}
}

// A file that fails to decode says so in the status line, and at 80
// columns the way to the whole list (E) is not cut off by the message.
func TestLoadErrorStatusPointsToE(t *testing.T) {
	bad := &memSource{name: "some/dir/rand.bin", data: []byte{0x70, 0x0a, 0x3f}}
	m := newLoaded(Config{Sources: []workspace.Source{bad}}, 80, 24)
	lines := strings.Split(ansi.Strip(m.View().Content), "\n")
	status := lines[len(lines)-2]
	if !strings.Contains(status, "E lists") {
		t.Errorf("status line lacks the E hint: %q", status)
	}
	if strings.Count(status, "rand.bin") > 1 {
		t.Errorf("status line repeats the file name: %q", status)
	}
}

// Scrolling the help past its end and back: the first k moves the view
// (the offset used to keep counting past the end), and G/end go to the end.
func TestOverlayScrollClamps(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
	send(m, "?")
	first := func() string { return strings.Split(ansi.Strip(m.View().Content), "\n")[2] }
	send(m, "G")
	end := first()
	for range 200 {
		send(m, "j")
	}
	if first() != end {
		t.Fatalf("G and 200×j disagree on the end: %q vs %q", end, first())
	}
	send(m, "k")
	if first() == end {
		t.Errorf("k after scrolling past the end did not move the view")
	}
}

// An empty file has no layout: the errors view does not end its line with a
// dangling "layout".
func TestErrorsViewEmptyFile(t *testing.T) {
	m := newLoaded(Config{Sources: []workspace.Source{&memSource{name: "empty.isa"}}}, 80, 24)
	lines := m.errorLines()
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "empty.isa: 0 INFO" {
		t.Errorf("first line %q", lines)
	}
}

// TestFlowReloadFiltered: a reload with a filter on makes the new rows'
// view off the frame, as a typed filter does, and keeps the cursor on its
// instruction; in a running program, waiting for what the frame says.
func TestFlowReloadFiltered(t *testing.T) {
	exec8 := func(i int, b []byte) {
		if i%4 == 1 {
			b[2] = 0x03 // exec 8
		}
	}
	src := &memSource{name: "live.bin", data: rawInfos(4000, exec8)}
	f := startFlow(t, Config{Sources: []workspace.Source{src}}, 120, 40)
	waitFrame(t, f, "1/4000")
	f.Send(press("/"))
	f.Type("exec:8")
	f.Send(press("enter"))
	waitFrame(t, f, `filter "exec:8": 1000 of 4000 rows`)
	for range 3 {
		f.Send(press("j"))
	}
	waitFrame(t, f, "4/1000")
	src.set(rawInfos(6000, exec8), nil)
	f.Send(ReloadMsg{Name: "live.bin"})
	waitFrame(t, f, "reloaded live.bin", "/exec:8 (1500 of 6000)", "4/1500")
	f.Send(press("q"))
	m := final(t, f)
	l, ok := m.list.selected()
	if m.list.filtering || m.list.count() != 1500 || !ok || m.list.rows.Info(l).Off != 13*11 {
		t.Fatalf("filtering %v, %d rows, selected %v", m.list.filtering, m.list.count(), ok)
	}
}

// A load's message on the status line names the file as the list does,
// not by its path: at 40-80 columns the part of the line left for the
// message showed mostly the folder. Two files of one base name keep the
// folder that tells them apart; a file the list has no row of (it could
// not be read) is named by the same rule over every input.
func TestLoadMessagesShortNames(t *testing.T) {
	live := &memSource{name: "/dumps/build-2026-12-05/run1/live.bin", data: rawInfos(3, nil)}
	a := workspace.BytesSource("/dumps/build-2026-12-05/a/k.bin", rawInfos(1, nil))
	b := workspace.BytesSource("/dumps/build-2026-12-05/b/k.bin", rawInfos(1, nil))
	gone := &memSource{name: "/dumps/build-2026-12-05/run1/gone.bin", err: errors.New("no such file")}
	m := newLoaded(Config{Sources: []workspace.Source{live, a, b, gone}}, 60, 24)
	for _, want := range []string{"live.bin", "a/k.bin", "b/k.bin"} {
		if !slices.Contains(slices.Collect(maps.Values(m.list.shown)), want) {
			t.Fatalf("the list does not show %s: %v", want, m.list.shown)
		}
	}
	live.set(rawInfos(4, nil), nil)
	reload(m, live.name)
	if m.status != "reloaded live.bin: 4 INFO" {
		t.Errorf("reload: status %q", m.status)
	}
	live.set(rawInfos(4, nil)[:40], nil) // cut short: the old decode kept, with a note
	reload(m, live.name)
	if !strings.HasPrefix(m.status, "live.bin: reload: ") {
		t.Errorf("broken reload: status %q", m.status)
	}
	reload(m, gone.name)
	if m.status != "gone.bin: no such file" {
		t.Errorf("read error: status %q", m.status)
	}
	if s := screen(m); !strings.Contains(s, "gone.bin: no such file") {
		t.Errorf("the status line at 60 columns:\n%s", s)
	}
}
