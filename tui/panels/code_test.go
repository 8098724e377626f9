package panels

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/decoder"
	"infoscope/decoder/native"
	"infoscope/decoder/visatext"
	"infoscope/model/lower"
	"infoscope/sampledata/testkit"
	"infoscope/tui/style"
)

func oracle(t testing.TB, name string) []byte {
	return repoFile(t, "decoder", "testdata", "oracle", name)
}

// repoFile reads a file of the repository (elem from its root).
func repoFile(t testing.TB, elem ...string) []byte {
	t.Helper()
	return testkit.ReadFile(t, filepath.Join(append([]string{"..", ".."}, elem...)...))
}

// newTestCode returns a focused Code pane of w x h showing in.
func newTestCode(in *decoder.Info, w, h int) Code {
	m := NewCode(style.New(false, true), DefaultCodeKeyMap())
	m.SetSize(w, h)
	m.Focus()
	m.SetInfo(in)
	return m
}

func codeView(m Code) string { return ansi.Strip(m.View()) }

func keys(m Code, ks ...string) Code {
	for _, k := range ks {
		m, _ = m.Update(press(k))
	}
	return m
}

func typeLine(m Code, s string) Code {
	for _, r := range s {
		m, _ = m.Update(press(string(r)))
	}
	m, _ = m.Update(press("enter"))
	return m
}

// TestCodeBinary: the listing shows $N, the file offset and Intel's text,
// marks the selected INFO, the other INFO and the LOD source; goto refuses
// what is not in the body, with a located message.
func TestCodeBinary(t *testing.T) {
	f := decoder.Decode("info_min.isa", oracle(t, "info_min.isa"), decoder.Options{})
	m := newTestCode(f.Streams[0].Info(0), 80, 14)
	wantView(t, "view", codeView(m),
		"Code  info_min  $1 of 4",
		" ‹ $0  0x170  mov (M1, 8) lod(0,0)<1> 0x0:ud",
		"▸◆ $1  0x183  resinfo.RGBA (M1, 8)  T6 lod.0 res.0",
		" • $2  0x194  sampleinfo.RGBA (M1, 8)  T1 res.0",
		"Data flow of $1  block $0-$3 of 1",
		"a ‹ $0    LOD lanes 0-7",
		"c × $2    overwrites RGBA 0-7",
	)
	for _, c := range []struct{ in, msg string }{
		{"$9", ":$9: this body has $0-$3"},
		{"0x10", ":0x10: no instruction of this body at that offset (0x170-0x1a3)"},
		{"x", ":x: expected $N or 0xOFFSET"},
	} {
		m = typeLine(keys(m, ":"), c.in)
		if m.msg != c.msg || m.Cursor() != 1 {
			t.Errorf(":%s: message %q cursor %d, want %q", c.in, m.msg, m.Cursor(), c.msg)
		}
	}
	m = typeLine(keys(m, ":"), "0x19a") // inside $2's bytes
	if m.Cursor() != 2 {
		t.Errorf(":0x19a: cursor %d, want 2", m.Cursor())
	}
	m = keys(m, "backspace")
	if m.Cursor() != 1 {
		t.Errorf("backspace: cursor %d, want 1", m.Cursor())
	}
	m = keys(m, "G", "k", "g")
	if m.Cursor() != 0 {
		t.Errorf("G k g: cursor %d", m.Cursor())
	}
	m = typeLine(keys(m, "/"), "nothing-like-this")
	if !strings.Contains(m.msg, "no match in this body") {
		t.Errorf("search without match: %q", m.msg)
	}
}

// TestCodeText: a body read from vISA text lists each instruction as
// written with its line, and its data flow is read from the lines.
func TestCodeText(t *testing.T) {
	f := visatext.Read("info_min.visaasm", oracle(t, "info_min.dis.visaasm"))
	if len(f.Errors) != 0 || len(f.Streams) != 1 || f.Streams[0].NumInfos() != 2 {
		t.Fatalf("text decode: %v", f.Errors)
	}
	m := newTestCode(f.Streams[0].Info(1), 100, 14)
	wantView(t, "view", codeView(m),
		"Code  info_min  $2 of 4 · vISA text",
		"mov (M1, 8) lod(0,0)<1> 0x0:ud",
		"▸◆ $2  L",
		"sampleinfo.RGBA (M1, 8)  T1 res.0",
		"› no instruction of this body reads the result",
	)
	m = typeLine(keys(m, ":"), "0x10")
	if m.msg != "vISA text has no file offsets: use $N" {
		t.Errorf("offset in text: %q", m.msg)
	}
	m = typeLine(keys(m, "/"), "resinfo")
	if m.Cursor() != 1 {
		t.Errorf("search resinfo: cursor %d", m.Cursor())
	}
}

// TestCodeMouseAndLine: a click on a listing line moves the cursor, a
// click on a data-flow entry jumps to it; :L<line> goes to a text line.
func TestCodeMouseAndLine(t *testing.T) {
	data := repoFile(t, "model", "testdata", "dataflow.isa")
	f := decoder.Decode("dataflow.isa", data, decoder.Options{})
	m := newTestCode(f.Streams[0].Info(0), 100, 30)
	click := func(y int) {
		m, _ = m.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: 5, Y: y})
	}
	click(3) // title, then $0, $1, $2: row 3 is $2
	if m.Cursor() != 2 {
		t.Fatalf("click on row 3: cursor %d\n%s", m.Cursor(), codeView(m))
	}
	lines := strings.Split(codeView(m), "\n")
	row := -1
	for i, l := range lines {
		if strings.Contains(l, "d › $5") {
			row = i
		}
	}
	click(row)
	if m.Cursor() != 5 || !strings.Contains(m.msg, "reads G 0-7") {
		t.Fatalf("click on entry d (row %d): cursor %d, %q", row, m.Cursor(), m.msg)
	}
	tf := visatext.Read("info_min.visaasm", oracle(t, "info_min.dis.visaasm"))
	m.SetInfo(tf.Streams[0].Info(0))
	line := tf.Streams[0].Line(3)
	m = typeLine(keys(m, ":"), "L"+strconv.Itoa(line))
	if m.Cursor() != 3 {
		t.Errorf(":L%d: cursor %d (%q)", line, m.Cursor(), m.msg)
	}
}

// TestCodeSearchLongBody: a body past syncSearchInsts is searched in a
// Cmd; the pane says it is searching, then goes to the first match.
func TestCodeSearchLongBody(t *testing.T) {
	code := bytes.Repeat([]byte{0x34, 0x00, 0x00, 0x00}, syncSearchInsts+10) // ret (M1, 1)
	code = append(code, resinfoBytes...)
	f := decoder.Decode("long", code, decoder.Options{Layout: decoder.LayoutIGC, Hex: decoder.HexOff})
	if len(f.Streams) != 1 || f.Streams[0].NumInfos() != 1 {
		t.Fatalf("decode: %v", f.Errors)
	}
	m := newTestCode(f.Streams[0].Info(0), 80, 20)
	m = keys(m, "g")
	m = keys(m, "/")
	for _, r := range "resinfo" {
		m, _ = m.Update(press(string(r)))
	}
	m, cmd := m.Update(press("enter"))
	if cmd == nil || !strings.Contains(m.msg, "searching") {
		t.Fatalf("no search Cmd (%q)", m.msg)
	}
	m, _ = m.Update(cmd())
	if m.Cursor() != syncSearchInsts+10 || m.msg != "/resinfo: match 1 of 1" {
		t.Errorf("cursor %d, %q", m.Cursor(), m.msg)
	}
}

// TestCodeFlowScrolls (issue 24 item 2): a data-flow list taller than its
// share scrolls on its own once F gives it the keys; enter goes to the
// entry under its cursor, F gives the keys back to the listing.
func TestCodeFlowScrolls(t *testing.T) {
	data := repoFile(t, "model", "testdata", "dataflow.isa")
	f := decoder.Decode("dataflow.isa", data, decoder.Options{})
	m := newTestCode(f.Streams[0].Info(0), 80, 10)
	if v := codeView(m); !strings.Contains(v, "lines 1-3 of 5 (F scrolls)") {
		t.Fatalf("no scroll hint on a cut data-flow list:\n%s", v)
	}
	m = keys(m, "F", "j", "j", "j")
	v := codeView(m)
	if !strings.Contains(v, "lines 2-4 of 5") || !strings.Contains(v, "▸e › $6") {
		t.Fatalf("after F j j j: the list did not scroll to its fourth entry:\n%s", v)
	}
	before := m.Cursor()
	m = keys(m, "enter")
	if m.Cursor() != 6 || before == 6 {
		t.Fatalf("enter on entry e: cursor %d (was %d)\n%s", m.Cursor(), before, codeView(m))
	}
	m = keys(m, "F", "j")
	if m.Cursor() != 7 {
		t.Fatalf("F then j: the listing's cursor should move, is %d", m.Cursor())
	}
}

// TestCodeFlowWithNoRoom: a window so short that the data-flow list gets
// no row under its heading says how many lines it holds, not "lines 1-0 of
// 3 (F scrolls)", and offers no F that would scroll what is not shown;
// while the list has the keys they stay named, so F gives them back.
func TestCodeFlowWithNoRoom(t *testing.T) {
	files := map[string][]byte{
		"dataflow.isa": repoFile(t, "model", "testdata", "dataflow.isa"),
		"kernels.isa":  repoFile(t, "sampledata", "kernels.isa"),
	}
	seen := map[bool]bool{} // by whether the list is one line
	for name, data := range files {
		for _, s := range decoder.Decode(name, data, decoder.Options{}).Streams {
			for i := range s.NumInfos() {
				m := newTestCode(s.Info(i), 150, 4)
				n := len(m.flowBody())
				if n == 0 || m.flowRows() != 0 {
					continue
				}
				seen[n == 1] = true
				want := fmt.Sprintf("  %d lines, no room to show them", n)
				if n == 1 {
					want = "  1 line, no room to show it"
				}
				if h := flowHeading(codeView(m)); !strings.HasSuffix(h, want) {
					t.Errorf("%s INFO %d: heading %q, want it to end %q", name, i, h, want)
				}
				if m.flowStops() == 0 {
					continue // F does not take the keys
				}
				want += " (j/k scroll, enter goes, F back)"
				if h := flowHeading(codeView(keys(m, "F"))); !strings.HasSuffix(h, want) {
					t.Errorf("%s INFO %d, F: heading %q, want it to end %q", name, i, h, want)
				}
			}
		}
	}
	if !seen[false] || !seen[true] {
		t.Errorf("lists of one line and of more seen: %v, want both", seen)
	}
}

// TestCodeSubroutineOnOneRow: a subroutine's two-line text (.function
// "NAME" and its label) shows on its row joined by a space, as in dump's
// lines; the newline went through Display and showed as "?".
func TestCodeSubroutineOnOneRow(t *testing.T) {
	f := decoder.Decode("kernels.isa", repoFile(t, "sampledata", "kernels.isa"), decoder.Options{})
	m := newTestCode(f.Streams[0].Info(0), 120, 14)
	m = typeLine(keys(m, ":"), "$86")
	wantView(t, "the listing at $86", codeView(m), `$86  0x9ab  .function "sub_clear_19_4" sub_clear_19_4:`)
}

// flowHeading is the data-flow heading line of a Code view, spaces cut.
func flowHeading(v string) string {
	for _, l := range strings.Split(v, "\n") {
		if strings.HasPrefix(l, "Data flow of") {
			return strings.TrimRight(l, " ")
		}
	}
	return ""
}

// The data-flow list's hints and the messages of a jump name the keys in
// effect: as they always read with the defaults, and a rebinding changes
// them.
func TestCodeFlowHintsFollowBindings(t *testing.T) {
	rebound := DefaultCodeKeyMap()
	rebound.Up, rebound.Down = NewBinding("up", "K"), NewBinding("down", "J")
	rebound.Select, rebound.FlowFocus, rebound.Back = NewBinding("select", "O"), NewBinding("flow", "V"), NewBinding("back", "X")
	data := repoFile(t, "model", "testdata", "dataflow.isa")
	f := decoder.Decode("dataflow.isa", data, decoder.Options{})
	for _, tc := range []struct {
		km                        CodeKeyMap
		cut, moving, jumped, fits string
	}{
		{DefaultCodeKeyMap(), "lines 1-3 of 5 (F scrolls)", "lines 1-3 of 5 (j/k scroll, enter goes, F back)", "; ⌫ goes back", "  (j/k move, enter goes, F back)"},
		{rebound, "lines 1-3 of 5 (V scrolls)", "lines 1-3 of 5 (J/K scroll, O goes, V back)", "; X goes back", "  (J/K move, O goes, V back)"},
	} {
		m := NewCode(style.New(false, true), tc.km)
		m.SetSize(120, 10)
		m.Focus()
		m.SetInfo(f.Streams[0].Info(0))
		wantView(t, "the cut data-flow list", codeView(m), tc.cut)
		m = keys(m, tc.km.FlowFocus.Keys()[0])
		wantView(t, "the data-flow list with the keys", codeView(m), tc.moving)
		m = keys(m, tc.km.Select.Keys()[0])
		if !strings.HasSuffix(m.msg, tc.jumped) {
			t.Errorf("a jump to an entry says %q, want it to end %q", m.msg, tc.jumped)
		}
		m.SetSize(120, 30)
		wantView(t, "the whole data-flow list with the keys", codeView(m), tc.fits)
	}
}

// TestNativeEnterSameInstBack: enter on a native line of the instruction
// under the cursor goes to that same $N, and backspace returns to the
// native line (the jump once dropped the place it had pushed when the
// target was the cursor's own instruction).
func TestNativeEnterSameInstBack(t *testing.T) {
	dir := []string{"decoder", "native", "testdata"}
	f := visatext.Read("info22_channels.DG2.visaasm", repoFile(t, append(dir, "info22_channels.DG2.visaasm")...))
	j := lower.New(native.Parse("info22_channels.DG2.asm", repoFile(t, append(dir, "info22_channels.DG2.asm")...)))
	s := f.Streams[0]
	k, ok := s.InfoAt(85)
	if !ok {
		t.Fatal("$85 is not an INFO")
	}
	m := NewCode(style.New(false, true), DefaultCodeKeyMap())
	m.SetSize(80, 24)
	m.SetSession(Session{GRFBytes: 32, Native: j, NativeOf: s})
	m.Focus()
	m.SetInfo(s.Info(k))
	m, _ = m.Update(tea.KeyPressMsg{Code: 'w', Mod: tea.ModCtrl})
	if v := codeView(m); !strings.Contains(v, ".asm L354 of") {
		t.Fatalf("ctrl+w: not on $85's first native line L354:\n%s", v)
	}
	m = keys(m, "enter")
	if m.msg != "at $85, the vISA instruction of native line L354; ⌫ goes back" {
		t.Fatalf("enter: %q", m.msg)
	}
	m = keys(m, "backspace")
	if v := codeView(m); !strings.Contains(v, ".asm L354 of") {
		t.Fatalf("backspace: not back on the native line (%q):\n%s", m.msg, v)
	}
}

// TestNativeRowKeptOnNewJoin: with the cursor on a row under $3 (an
// LLVM line, or its native line), a new join without the .visa.ll, or
// none, or a pane wide enough for the native listing beside, keeps the
// cursor on $3, on the nearest row left; it was left past the rows, the
// listing scrolled on with no cursor row until the next key.
func TestNativeRowKeptOnNewJoin(t *testing.T) {
	dir := []string{"model", "diff", "testdata", "dumpset"}
	const stem = "OCL_asm23954d4a795eca46_simd32_entry_0003"
	f := visatext.Read(stem+".visaasm", repoFile(t, append(dir, stem+".visaasm")...))
	s := f.Streams[0]
	asm := func() *lower.Join {
		return lower.New(native.Parse(stem+".asm", repoFile(t, append(dir, stem+".asm")...)))
	}
	withLL := asm()
	withLL.LL = native.ParseLL(stem+".visa.ll", repoFile(t, append(dir, stem+".visa.ll")...))
	on := func(row string) Code {
		t.Helper()
		m := NewCode(style.New(false, true), DefaultCodeKeyMap())
		m.SetSize(80, 24)
		m.SetSession(Session{GRFBytes: 32, Native: withLL, NativeOf: s})
		m.Focus()
		m.SetBody(s)
		for range 20 {
			if strings.Contains(cursorLine(codeView(m)), row) {
				return m
			}
			m = keys(m, "j")
		}
		t.Fatalf("no cursor on %s:\n%s", row, codeView(m))
		return m
	}
	// The native listing has the keys when its .asm goes: the vISA
	// listing takes them back, its cursor on $3 (the pane drew the
	// listing of a nil join: a panic).
	m := on("ll:9 ")
	m, _ = m.Update(tea.KeyPressMsg{Code: 'w', Mod: tea.ModCtrl})
	m.SetSession(Session{GRFBytes: 32, NativeOf: s})
	if got, v := cursorLine(codeView(m)), codeView(m); !strings.Contains(got, "$3  L134     mul") || strings.Contains(v, "the native listing has the keys") {
		t.Errorf("the native listing gone: cursor row %q:\n%s", got, v)
	}
	for _, c := range []struct {
		what, from string
		join       *lower.Join
		w          int
		want       string // the cursor's row after
	}{
		{"the .visa.ll gone", "ll:16", asm(), 80, "↳ L161"},
		{"no join", "ll:9 ", nil, 80, "$3  L134     mul"},
		{"the native listing beside", "↳ L161", withLL, 160, "ll:16"},
	} {
		m := on(c.from)
		m.SetSize(c.w, 24)
		m.SetSession(Session{GRFBytes: 32, Native: c.join, NativeOf: s})
		if got := cursorLine(codeView(m)); m.Cursor() != 3 || !strings.Contains(got, c.want) {
			t.Errorf("%s: cursor on $%d, row %q, want %q:\n%s", c.what, m.Cursor(), got, c.want, codeView(m))
		}
	}
}

// cursorLine returns the line of view v the cursor (▸) is on, "" when none.
func cursorLine(v string) string {
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "▸") {
			return l
		}
	}
	return ""
}
