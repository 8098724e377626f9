package tui

import (
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"infoscope/decoder"
	"infoscope/model/workspace"
	"infoscope/sampledata/testkit"
	"infoscope/tui/fsio"
	"infoscope/tui/panels"
)

// Issue 24: the inspector as a new user tries it. Each test here failed
// before its item was done.

// fileSource reads a file of the repository as a source.
func fileSource(t *testing.T, parts ...string) workspace.Source {
	t.Helper()
	p := filepath.Join(parts...)
	data := testkit.ReadFile(t, p)
	return workspace.BytesSource(filepath.Base(p), data)
}

func screen(m *Model) string { return ansi.Strip(m.View().Content) }

var codeLineRE = regexp.MustCompile(`^.{1,3}\s*\$\d+\s+0x[0-9a-f]+\s`)

// codeListing returns the Code pane's listing lines and the index among
// them of the cursor line (▸), from a screen.
func codeListing(t *testing.T, s string) (lines []string, cursor int) {
	t.Helper()
	in := false
	cursor = -1
	for _, l := range strings.Split(s, "\n") {
		switch {
		case strings.HasPrefix(l, "Code  "):
			in = true
			continue
		case strings.HasPrefix(l, "Data flow of"):
			in = false
		}
		if in && codeLineRE.MatchString(l) {
			if strings.HasPrefix(l, "▸") {
				cursor = len(lines)
			}
			lines = append(lines, l)
		}
	}
	if cursor < 0 {
		t.Fatalf("no cursor line in the Code pane:\n%s", s)
	}
	return lines, cursor
}

// TestNewUserCodeContext (item 1): the Code pane opens with the selected
// INFO a few lines down, the code before it in view, at every size; and
// (item 2) the listing grows with the terminal.
func TestNewUserCodeContext(t *testing.T) {
	prev := 0
	atSizes(t, [][2]int{{80, 24}, {120, 40}, {200, 60}, {200, 100}}, func(t *testing.T, w, h int) {
		m := newLoaded(Config{Sources: []workspace.Source{fileSource(t, "..", "decoder", "testdata", "oracle", "large_mix_1k.isa")}}, w, h)
		send(m, "j", "j", "j", "j", "5") // $25, the fifth INFO
		s := screen(m)
		lines, cur := codeListing(t, s)
		if !strings.Contains(lines[cur], "$25 ") {
			t.Fatalf("cursor on %q, want $25:\n%s", lines[cur], s)
		}
		if want := min(3, len(lines)/3); cur < want {
			t.Errorf("the selected INFO is line %d of the listing: want at least %d lines of code before it\n%s", cur+1, want, s)
		}
		if len(lines) <= prev {
			t.Errorf("%d listing lines: no more than at the smaller size (%d)", len(lines), prev)
		}
		prev = len(lines)
		if h >= 60 && strings.Contains(s, "a taller terminal shows them") {
			t.Errorf("at %dx%d the data flow is still cut:\n%s", w, h, s)
		}
		if h == 100 && len(lines) < 50 {
			t.Errorf("at 200x100 only %d listing lines", len(lines))
		}
		// Stepping keeps lines of context above the cursor (scrolloff).
		send(m, "k", "k", "k", "k", "k", "k", "k", "k")
		lines, cur = codeListing(t, screen(m))
		if cur < min(3, (len(lines)-1)/2) {
			t.Errorf("after 8 k: cursor on listing line %d\n%s", cur+1, screen(m))
		}
	})
}

// TestNewUserKeysOneMeaning (item 8): the paging keys mean the same in the
// list, the Code pane and the help; n and N repeat the last search in the
// list as in Code, and the rows with diagnostics have their own keys.
func TestNewUserKeysOneMeaning(t *testing.T) {
	lk, ok := DefaultListKeyMap(), DefaultOverlayKeyMap()
	ck := panels.DefaultCodeKeyMap()
	type meaning struct {
		name string
		bs   [3]key.Binding // list, Code, help
	}
	meanings := []meaning{
		{"page down", [3]key.Binding{lk.PageDown, ck.PageDown, ok.PageDown}},
		{"page up", [3]key.Binding{lk.PageUp, ck.PageUp, ok.PageUp}},
		{"half page down", [3]key.Binding{lk.HalfDown, ck.HalfDown, ok.HalfDown}},
		{"half page up", [3]key.Binding{lk.HalfUp, ck.HalfUp, ok.HalfUp}},
		{"top", [3]key.Binding{lk.Top, ck.Top, ok.Top}},
		{"bottom", [3]key.Binding{lk.Bottom, ck.Bottom, ok.Bottom}},
	}
	keys := map[string]string{"ctrl+d": "half page down", "ctrl+u": "half page up", "ctrl+f": "page down",
		"ctrl+b": "page up", "space": "page down", "b": "page up", "pgdown": "page down", "pgup": "page up",
		"g": "top", "G": "bottom"}
	for k, want := range keys {
		for i, where := range []string{"list", "Code", "help"} {
			got := ""
			for _, mn := range meanings {
				b := mn.bs[i]
				b.SetEnabled(true)
				if slices.Contains(b.Keys(), k) {
					got = mn.name
				}
			}
			if got != want {
				t.Errorf("%s in the %s: %q, want %q", k, where, got, want)
			}
		}
	}
	// n and N: the last search, in the list too; } and { the diagnostics.
	for _, b := range []key.Binding{lk.Next, lk.Prev, ck.Next, ck.Prev} {
		if !strings.Contains(b.Help().Desc, "match") {
			t.Errorf("%v means %q: want the last search's next match", b.Keys(), b.Help().Desc)
		}
	}
	m := newLoaded(Config{Sources: sampleSources(t)}, 120, 40)
	send(m, "/", "'op:sampleinfo'", "enter", "esc") // applied, then cleared: n still finds its matches
	if m.list.filter != "" {
		t.Fatalf("filter %q after esc", m.list.filter)
	}
	for range 3 {
		before := m.list.cursor
		send(m, "n")
		l, _ := m.list.selected()
		if m.list.cursor == before || !strings.HasPrefix(m.list.rows.Info(l).Text(), "sampleinfo") {
			t.Fatalf("n after /op:sampleinfo: row %d %q (status %q)", m.list.cursor, m.list.rows.Info(l).Text(), m.status)
		}
	}
	send(m, "}")
	if l, _ := m.list.selected(); m.list.rows.Info(l).NumDiagnostics() == 0 {
		t.Errorf("} went to a row without diagnostics")
	}
	// The help lists each key once.
	m.openOverlay(true)
	help := strings.Join(m.helpLines(), "\n")
	if strings.Contains(help, "n/N") {
		t.Errorf("the help lists N twice (n/N and N)")
	}
}

// TestNewUserHelpFits (item 12): the help, filter terms included, fits 80
// columns whole (nothing cut with …), and lists no key twice in a pane.
func TestNewUserHelpFits(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
	m.openOverlay(true)
	for _, l := range m.helpLines() {
		if w := ansi.StringWidth(l); w > 80 {
			t.Errorf("help line of %d cells at 80 columns: %q", w, ansi.Strip(l))
		}
	}
	// Each binding's label names only keys it has: Code's n was "n/N"
	// beside N's own "N".
	alias := map[string]string{"↑": "up", "↓": "down", "←": "left", "→": "right", "pgdn": "pgdown", "⌫": "backspace"}
	fkey := regexp.MustCompile(`^F[0-9]+$`)
	for _, g := range m.helpGroups() {
		for _, col := range g.km {
			for _, b := range col {
				label := b.Help().Key
				if label == "a-z" {
					continue // the data-flow letters
				}
				for _, tok := range strings.FieldsFunc(label, func(r rune) bool { return r == '/' || r == ' ' }) {
					if a, ok := alias[tok]; ok {
						tok = a
					}
					if fkey.MatchString(tok) {
						tok = strings.ToLower(tok)
					}
					if !slices.Contains(b.Keys(), tok) {
						t.Errorf("%s: the label %q names %s, which is not its key (%v)", g.name, label, tok, b.Keys())
					}
				}
			}
		}
	}
}

// TestNewUserStatusActFirst (item 3): at 80x24 the status line shows what
// the user must act on (problems, unsaved edits) whole, ahead of the file
// and its layout; the layout's reason is under E.
func TestNewUserStatusActFirst(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t), SaveSurfaces: func([]byte) error { return nil }}, 80, 24)
	send(m, "j")
	m.markEdited("") // as a dispatch edit does
	lines := strings.Split(screen(m), "\n")
	status := lines[len(lines)-2]
	wantView(t, "80x24 status line", status, "1 problem: E shows", "unsaved surface edits: ctrl+s saves")
	if strings.Contains(status, "Intel's writer") {
		t.Errorf("the layout's reason is on every screen: %q", status)
	}
	send(m, "E")
	if !strings.Contains(screen(m), "layout object file: igc, the layout Intel's writer produced") {
		t.Errorf("E does not give the layout's reason:\n%s", screen(m))
	}
}

// TestNewUserLoadedCount (item 7): with one of two files missing, the
// status line says so rather than "loaded 2 source(s)".
func TestNewUserLoadedCount(t *testing.T) {
	ok := fileSource(t, "..", "decoder", "testdata", "oracle", "info_min.isa")
	missing := fsio.FileSource(filepath.Join(t.TempDir(), "gone.isa"), decoder.Options{})
	m := newLoaded(Config{Sources: []workspace.Source{ok, missing}}, 120, 40)
	if want := "1 of 2 loaded, 1 missing (E), 2 INFO instructions"; m.status != want {
		t.Errorf("status %q, want %q", m.status, want)
	}
	m = newLoaded(Config{Sources: []workspace.Source{ok}}, 120, 40)
	if want := "loaded 1 source, 2 INFO instructions"; m.status != want {
		t.Errorf("status %q, want %q", m.status, want)
	}
}

// TestNewUserCopySaysWhatWasDone (item 5): where no clipboard tool exists,
// y says the copy went as OSC 52 only, not "system clipboard and OSC 52".
func TestNewUserCopySaysWhatWasDone(t *testing.T) {
	m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("raw", rawInfos(2, nil))},
		CopyLocal: func(string) error { return errors.New("no clipboard utilities available") }}, 80, 24)
	send(m, "y")
	if strings.Contains(m.status, "system clipboard and OSC 52") || !strings.Contains(m.status, "OSC 52 only") ||
		!strings.Contains(m.status, "no clipboard utilities available") {
		t.Errorf("status %q", m.status)
	}
}

// TestNewUserFilterErrorWhileTyping (item 4): a term that does not parse
// says why, with its column, while it is typed; the last valid result
// stays on screen; enter does not drop the text.
func TestNewUserFilterErrorWhileTyping(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
	send(m, "/", "'op:resinfo'")
	valid := m.list.count()
	if valid == 0 || valid == m.list.rows.Len() {
		t.Fatalf("op:resinfo: %d rows", valid)
	}
	typeText(m, " op:samp")
	lines := strings.Split(screen(m), "\n")
	status := lines[len(lines)-2]
	if !strings.Contains(status, "column 15") || strings.Contains(status, "no row matches") {
		t.Errorf("while typing op:samp the status line is %q", status)
	}
	if m.list.count() != valid {
		t.Errorf("the list shows %d rows, not the last valid result's %d", m.list.count(), valid)
	}
	send(m, "enter")
	if m.list.mode != inputFilter || m.list.input.Value() != "op:resinfo op:samp" {
		t.Errorf("enter dropped the text: mode %d, %q", m.list.mode, m.list.input.Value())
	}
	typeText(m, "leinfo") // now it parses, and applies
	if !strings.Contains(screen(m), "filter /op:resinfo op:sampleinfo") || m.list.filterErr != nil {
		t.Errorf("after completing the term:\n%s", screen(m))
	}
}

// TestNewUserRowHighlightAndMarks (items 10, 11): the selected row is
// highlighted whole (one styled run the screen's width) and keeps its ▸;
// a bookmarked row carries a mark (*) in the list.
func TestNewUserRowHighlightAndMarks(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 80, 24)
	send(m, "j")
	row := strings.Split(m.View().Content, "\n")[m.lay.list.y+2]
	if !strings.HasPrefix(row, "\x1b[") || strings.Count(row, "\x1b[") > 2 || !strings.HasPrefix(ansi.Strip(row), "▸") ||
		ansi.StringWidth(row) != 80 {
		t.Errorf("the selected row is not one styled run of 80 cells: %q", row)
	}
	send(m, "M", "'why'", "enter", "j")
	lines := strings.Split(screen(m), "\n")
	if marked := lines[m.lay.list.y+2]; !strings.Contains(marked, "0x0000e4*") {
		t.Errorf("the bookmarked row carries no mark: %q", marked)
	}
	if other := lines[m.lay.list.y+3]; strings.Contains(other, "*") {
		t.Errorf("an unmarked row carries a mark: %q", other)
	}
}

// TestNewUserLongKernelNames (item 14): a mangled C++ kernel name of
// hundreds of characters is shown by its short name in the list, the Code
// pane and the bookmarks; E gives it whole, once.
func TestNewUserLongKernelNames(t *testing.T) {
	long := "_ZTSN7cutlass4fmha6kernel15XeFMHAFwdKernelINS1_16FMHAProblemShapeILb0EEE" + strings.Repeat("NS0_10collectiveE", 60)
	data := testkit.ReadFile(t, filepath.Join("..", "decoder", "testdata", "oracle", "info_min.dis.visaasm"))
	text := strings.Replace(string(data), `.kernel "info_min"`, `.kernel "`+long+`"`, 1)
	for _, sz := range [][2]int{{80, 24}, {200, 60}} {
		m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("k.visaasm", []byte(text)), fileSource(t, "..", "decoder", "testdata", "oracle", "info_min.isa")}}, sz[0], sz[1])
		for _, keys := range [][]string{nil, {"5"}, {"esc", "M", "enter", "'"}} {
			send(m, keys...)
			s := screen(m)
			if strings.Contains(s, long[:60]) {
				t.Errorf("%dx%d after %v: the long name is shown:\n%s", sz[0], sz[1], keys, s)
			}
			if !strings.Contains(s, "XeFMHAFwdKern") {
				t.Errorf("%dx%d after %v: the short name is not shown:\n%s", sz[0], sz[1], keys, s)
			}
		}
		send(m, "esc", "E")
		errs := strings.Join(m.errorLines(), "")
		if strings.Count(errs, "kernel XeFMHAFwdKernel… is") != 1 || strings.Count(errs, "_ZTSN7cutlass4fmha6kernel") != 1 {
			t.Errorf("E does not give the whole name once:\n%s", screen(m))
		}
	}
}

// The demangler is optional: where c++filt is installed, it reads a
// mangled kernel name; a name it does not know comes back unchanged.
func TestDemangleWithCxxfilt(t *testing.T) {
	if _, err := exec.LookPath("c++filt"); err != nil {
		t.Skip("no c++filt here: the inspector shows the short names without it")
	}
	d := demangle([]string{"_ZTSN7cutlass4fmha6kernel15XeFMHAFwdKernelINS1_16FMHAProblemShapeILb0EEEEE", "plain"})
	if got := d["_ZTSN7cutlass4fmha6kernel15XeFMHAFwdKernelINS1_16FMHAProblemShapeILb0EEEEE"]; !strings.Contains(got, "cutlass::fmha::kernel::XeFMHAFwdKernel<") {
		t.Errorf("demangled %q", got)
	}
	if _, ok := d["plain"]; ok {
		t.Errorf("a name c++filt leaves alone is listed")
	}
}
