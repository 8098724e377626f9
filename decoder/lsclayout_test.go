package decoder

import (
	"errors"
	"os"
	"strings"
	"testing"

	"infoscope/sampledata/testkit"
)

// TestLSCLayout2022: an object in the LSC layout of before 2023-07-26 (no
// ss_idx; testdata/igc2022/mix_s2.lsc2022.isa, the oracle's mix_s2.isa so
// rewritten) is detected from its bytes (that layout, and not today's,
// walks its body to the end), said in a warning, and decodes to the very
// instructions of the oracle's file, LSC included. The oracle's own file
// keeps today's layout.
func TestLSCLayout2022(t *testing.T) {
	read := func(p string) *File {
		data := testkit.ReadFile(t, p)
		return Decode(p, data, Options{})
	}
	old, cur := read("testdata/igc2022/mix_s2.lsc2022.isa"), read("testdata/oracle/mix_s2.isa")
	if len(old.Errors) > 0 || len(cur.Errors) > 0 {
		t.Fatalf("errors: %v / %v", old.Errors, cur.Errors)
	}
	if !old.Object.LSC2022 || cur.Object.LSC2022 {
		t.Fatalf("layouts: old file %v, oracle %v", old.Object.LSC2022, cur.Object.LSC2022)
	}
	if len(old.Warnings) == 0 || !strings.Contains(strings.Join(old.Warnings, "\n"), "before 2023-07-26") {
		t.Errorf("warnings %q", old.Warnings)
	}
	a, b := old.Streams[0], cur.Streams[0]
	if a.NumInsts() != b.NumInsts() {
		t.Fatalf("%d instructions, the oracle %d", a.NumInsts(), b.NumInsts())
	}
	var x, y Instruction
	lsc := 0
	for i := range a.NumInsts() {
		a.Decode(i, &x)
		b.Decode(i, &y)
		if x.Text() != y.Text() {
			t.Errorf("$%d: %q, the oracle %q", i, x.Text(), y.Text())
		}
		if x.Op == 0x89 {
			lsc++
			if _, has := x.Value("ss_idx"); has {
				t.Errorf("$%d: an ss_idx in the 2022 layout", i)
			}
			if _, has := y.Value("ss_idx"); !has {
				t.Errorf("$%d: no ss_idx in today's layout", i)
			}
		}
	}
	if lsc == 0 {
		t.Fatal("no LSC instruction: the test proves nothing")
	}
}

// TestCutShortWriter: the object GenX_IR 1.0.12504 wrote (every
// instruction without its exec-size/predicate operand slots, the body
// ending in zeros) is recognised: the error names the cause and the IGC
// releases, and counts the instructions the body holds (the source's 91).
func TestCutShortWriter(t *testing.T) {
	data := testkit.ReadFile(t, "testdata/igc2022/info22_channels.DG2.isa")
	f := Decode("info22_channels.DG2.isa", data, Options{})
	var cut *CutShortError
	if len(f.Errors) != 1 || !errors.As(f.Errors[0], &cut) {
		t.Fatalf("errors %v", f.Errors)
	}
	msg := cut.Error()
	for _, w := range []string{"cut short by its writer", "IGC 1.0.12198 to 1.0.12812", "info22_channels"} {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q lacks %q", msg, w)
		}
	}
	if cut.Insts != 91 || len(f.Streams) != 1 {
		t.Errorf("%d instructions recognised, %d streams", cut.Insts, len(f.Streams))
	}
	// The oracle's sound objects are not taken for cut short.
	for _, p := range []string{"testdata/oracle/mix_s2.isa", "testdata/oracle/info_min.isa"} {
		d, _ := os.ReadFile(p)
		if g := Decode(p, d, Options{}); len(g.Errors) > 0 {
			t.Errorf("%s: %v", p, g.Errors)
		}
	}
}
