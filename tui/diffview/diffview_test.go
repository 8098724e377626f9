package diffview

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
	"infoscope/model/diff"
	"infoscope/tui/diffcmd"
)

// The inputs are model/diff's (see its testdata/PROVENANCE.md).
const (
	tritonA  = "../../model/diff/testdata/triton_matmul.visaasm"
	tritonB  = "../../model/diff/testdata/triton_matmul.inserted.visaasm"
	channels = "../../decoder/testdata/oracle/info_channels.dis.visaasm"
)

func build(t *testing.T, name string, data []byte) diffcmd.Build {
	t.Helper()
	f := visatext.Decode(name, data, decoder.Options{})
	if len(f.Errors) > 0 {
		t.Fatal(f.Errors[0])
	}
	return diffcmd.Build{Name: name, Files: []*decoder.File{f}}
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// pairResult is B = the triton kernel with the insertion ($5) and,
// further down, one immediate changed (A's $6) and one instruction removed
// (A's $25).
func pairResult(t *testing.T) *diffcmd.Result {
	b := readFile(t, tritonB)
	b = bytes.Replace(b, []byte("shr (M1_NM, 1) V0123(0,0)<1> V0121(0,0)<0;1,0> 0x4:d"), []byte("shr (M1_NM, 1) V0123(0,0)<1> V0121(0,0)<0;1,0> 0x5:d"), 1)
	// $26 removed: every later $N one less.
	var lines []string
	for _, l := range strings.Split(string(b), "\n") {
		i := strings.Index(l, "/// $")
		if i < 0 {
			lines = append(lines, l)
			continue
		}
		n, _ := strconv.Atoi(l[i+5:])
		switch {
		case n == 26:
			continue
		case n > 26:
			l = l[:i+5] + strconv.Itoa(n-1)
		}
		lines = append(lines, l)
	}
	return diffcmd.Compare(build(t, "a.visaasm", readFile(t, tritonA)), build(t, "b.visaasm", []byte(strings.Join(lines, "\n"))), diff.Options{})
}

// tap keeps the latest frame as plain text, so that the test waits on
// what the program last drew.
type tap struct {
	*Model
	frame *atomic.Value
}

func (v tap) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := v.Model.Update(msg)
	return v, cmd
}

func (v tap) View() tea.View {
	f := v.Model.View()
	v.frame.Store(ansi.Strip(f.Content))
	return f
}

type flow struct {
	*teatest.TestModel
	frame *atomic.Value
}

func start(t *testing.T, r *diffcmd.Result, w, h int) flow {
	t.Helper()
	frame := &atomic.Value{}
	frame.Store("")
	tm := teatest.NewTestModel(t, tap{New(r, true), frame},
		teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
	return flow{tm, frame}
}

// wait waits until the last frame holds every string.
func wait(t *testing.T, f flow, want ...string) string {
	t.Helper()
	var s string
	teatest.WaitFor(t, f.Output(), func([]byte) bool {
		s = f.frame.Load().(string)
		for _, w := range want {
			if !strings.Contains(s, w) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
	return s
}

func quit(t *testing.T, f flow) {
	f.Send(tea.KeyPressMsg{Code: 'q', Text: "q"})
	f.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}

func keys(f flow, s string) {
	for _, c := range s {
		f.Send(tea.KeyPressMsg{Code: c, Text: string(c)})
	}
}

// TestNarrow: at 80x24 one column: the insertion marked +, the next change
// a ~ with A's line beneath it, a removal -, n and N between them; every
// line fits; no colour (NO_COLOR's styles, an ASCII terminal).
func TestNarrow(t *testing.T) {
	f := start(t, pairResult(t), 80, 24)
	s := wait(t, f, "kernel 1/1 matmul_kernel_with_tensor_descriptors", "vISA 707, INFO 0", "change 1 of 3", "+ $5", "added in B at $5")
	for _, l := range strings.Split(s, "\n") {
		if ansi.StringWidth(l) > 80 {
			t.Errorf("line wider than 80: %q", l)
		}
	}
	if n := strings.Count(s, "\n") + 1; n != 24 {
		t.Errorf("%d lines", n)
	}
	keys(f, "n")
	wait(t, f, "change 2 of 3", "~ $7", "was $6", "src1 immediate: 0x4 → 0x5")
	keys(f, "n")
	wait(t, f, "change 3 of 3", "-      $25  mov (M1_NM, 1) V0133", "removed: A's $25")
	keys(f, "NN")
	wait(t, f, "change 1 of 3", "added in B at $5")
	quit(t, f)
}

// TestWide: at 160x50 A's side is beside B's, a │ between them.
func TestWide(t *testing.T) {
	f := start(t, pairResult(t), 160, 50)
	s := wait(t, f, "change 1 of 3", "│")
	var row string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "mulh (M1_NM, 1) V0121") {
			row = l
		}
	}
	// B's $6 on the left, A's $5 on the right of the same row.
	if i, j := strings.Index(row, "$6"), strings.Index(row, "│ $5"); i < 0 || j < i {
		t.Errorf("no aligned row: %q", row)
	}
	if n := strings.Count(s, "\n") + 1; n != 50 {
		t.Errorf("%d lines", n)
	}
	quit(t, f)
}

// TestInfoList: tab lists the pair's INFO instructions, the changed one
// marked; n goes to it, enter shows it in the code.
func TestInfoList(t *testing.T) {
	a := readFile(t, channels)
	b := bytes.Replace(a, []byte("sampleinfo.RG (M1, 8)"), []byte("sampleinfo.RGB (M1, 8)"), 1)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "b"), b, 0o644)
	r := diffcmd.Compare(build(t, "a", a), build(t, "b", b), diff.Options{})
	f := start(t, r, 100, 30)
	wait(t, f, "change 1 of 1")
	f.Send(tea.KeyPressMsg{Code: tea.KeyTab})
	wait(t, f, "INFO instructions: 60, 1 changed")
	keys(f, "n")
	wait(t, f, "▸~ $")
	f.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	wait(t, f, "channel_mask", "change 1 of 1")
	quit(t, f)
}

// TestKernels: ] and [ go between the pairs; a pair that is the same says
// so.
func TestKernels(t *testing.T) {
	dir := "../../model/diff/testdata/dumpset/"
	var files []*decoder.File
	m, _ := filepath.Glob(dir + "*.visaasm")
	for _, n := range m {
		files = append(files, visatext.Decode(n, readFile(t, n), decoder.Options{}))
	}
	r := diffcmd.Compare(diffcmd.Build{Name: "A", Files: files}, diffcmd.Build{Name: "B", Files: files}, diff.Options{})
	f := start(t, r, 80, 24)
	wait(t, f, "kernel 1/3", "3 paired, 0 differ", "no change")
	keys(f, "]]")
	wait(t, f, "kernel 3/3")
	keys(f, "[")
	wait(t, f, "kernel 2/3")
	quit(t, f)
}

// TestTiny: a terminal too small says so instead of drawing.
func TestTiny(t *testing.T) {
	m := New(pairResult(t), true)
	m.Update(tea.WindowSizeMsg{Width: 15, Height: 5})
	if s := m.render(); !strings.Contains(s, "too small") || ansi.StringWidth(s) > 15 {
		t.Errorf("%q", s)
	}
}

// TestEscapesNeverRendered: escape sequences in the names and texts of
// both builds (file and kernel names, labels, instruction text) reach the
// diff view as text.
func TestEscapesNeverRendered(t *testing.T) {
	const h = "\x1b]0;pwn\a\x1b[2J\x1b[5;38;2;1;2;3m\u009b31m\u202e"
	text := ".version 4.1\n.kernel \"k" + h + "\"\n.decl T6 v_type=T num_elts=1 v_name=surf" + h + "\n" +
		"L" + h + ":\n    resinfo.RGBA (M1, 16)  T6 V1.0 V2.0 /// " + h + "\n    goto (M1, 16) L" + h + "\n    ret (M1, 1)\n"
	a := visatext.Decode("a"+h, []byte(text), decoder.Options{})
	b := visatext.Decode("b"+h, []byte(strings.Replace(text, "RGBA", "RG", 1)+"    mov"+h+" (M1, 8) V1(0,0)<1> 0x1:d\n"), decoder.Options{})
	r := diffcmd.Compare(diffcmd.Build{Name: "A" + h, Files: []*decoder.File{a}}, diffcmd.Build{Name: "B" + h, Files: []*decoder.File{b}}, diff.Options{})
	m := New(r, false)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	for _, k := range []tea.KeyPressMsg{{}, {Code: 'n', Text: "n"}, {Code: tea.KeyTab}, {Code: tea.KeyEnter}} {
		if k.Code != 0 {
			m.Update(k)
		}
		v := m.View()
		for _, s := range []string{"\x1b]", "\a", "\x1b[2J", "\x1b[5;38;2;1;2;3m", "\u009b", "\u202e"} {
			if strings.Contains(v.Content, s) || strings.Contains(v.WindowTitle, s) {
				t.Errorf("after %v: %q reached the screen", k, s)
			}
		}
		if !strings.Contains(v.Content, "k?]0;pwn") && !strings.Contains(v.Content, "L?]0;pwn") {
			t.Errorf("after %v: the hostile names are not shown:\n%s", k, v.Content)
		}
	}
}
