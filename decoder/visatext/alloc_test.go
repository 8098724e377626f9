package visatext

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/testkit"
)

// allocated returns the bytes allocated while reading src.
func allocated(src string) uint64 {
	data := []byte(src)
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f := Read("a.visaasm", data)
	runtime.ReadMemStats(&b)
	runtime.KeepAlive(f)
	return b.TotalAlloc - a.TotalAlloc
}

// manyLabels is a kernel of n label lines (L0: to Ln-1:) and a ret.
func manyLabels(n int) string {
	var sb strings.Builder
	sb.WriteString(head)
	for i := range n {
		sb.WriteString("L" + strconv.Itoa(i) + ":\n")
	}
	sb.WriteString("    ret (M1, 1)\n")
	return sb.String()
}

// Memory stays in proportion to the text, also for the densest text there
// is: one-character labels, 3 bytes a line, each an instruction.
func TestReadMemoryBound(t *testing.T) {
	const lines = 100000
	src := manyLabels(lines)
	got := allocated(src)
	t.Logf("%d bytes of labels: %d bytes allocated (%.1fx)", len(src), got, float64(got)/float64(len(src)))
	if got > 20*uint64(len(src)) {
		t.Errorf("%d bytes of text allocated %d bytes (over 20x)", len(src), got)
	}
	// Text that is all errors: the list stops at maxErrors and says so.
	bad := strings.Repeat("    frob\n", lines)
	got = allocated(bad)
	t.Logf("%d bytes of errors: %d bytes allocated (%.1fx)", len(bad), got, float64(got)/float64(len(bad)))
	if got > 20*uint64(len(bad)) {
		t.Errorf("%d bytes of bad text allocated %d bytes (over 20x)", len(bad), got)
	}
	if f := Read("bad.visaasm", []byte(bad)); len(f.Errors) != maxErrors || f.NumErrors() < lines {
		t.Errorf("%d errors kept, %d more, of %d", len(f.Errors), f.MoreErrors, lines)
	} else if el := f.ErrorLines(); len(el) != decoder.ShownErrors+1 || !strings.HasSuffix(el[len(el)-1], fmt.Sprintf("%d more errors not shown (%d in all)", f.NumErrors()-decoder.ShownErrors, f.NumErrors())) {
		t.Errorf("error lines: %d, last %q", len(el), el[len(el)-1])
	}
	typical := string(testkit.ReadFile(t, oracleDir+"/large_mix_1k.dis.visaasm"))
	// Once first: the decoder compiles its opcode table on first use (for
	// the INFO lines), once per process, not per read.
	Read("warm.visaasm", []byte(typical))
	got = allocated(typical)
	t.Logf("Intel's disassembly, %d bytes: %d bytes allocated (%.1fx)", len(typical), got, float64(got)/float64(len(typical)))
	if got > 6*uint64(len(typical)) {
		t.Errorf("%d bytes of disassembly allocated %d bytes (over 6x)", len(typical), got)
	}
}

// readCost returns the bytes allocated reading src and those still live
// after, with the result kept.
func readCost(src string) (alloc, live uint64, f *decoder.File) {
	data := []byte(src)
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f = Read("a.visaasm", data)
	runtime.ReadMemStats(&b)
	alloc = b.TotalAlloc - a.TotalAlloc
	runtime.GC()
	runtime.ReadMemStats(&b)
	runtime.KeepAlive(f)
	return alloc, b.HeapAlloc - min(a.HeapAlloc, b.HeapAlloc), f
}

// TestHostileTextBounded: the texts that cost up to 100 bytes a byte
// (issue 23: 64 MiB of `.kernel "k"` lines took 4.1 GB; a .decl of 8.4M
// words 44x) cost at most 20x, allocated and live. A body with no
// instruction is an error and no stream; bodies past one per bodyBytes
// of text are checked and not kept.
func TestHostileTextBounded(t *testing.T) {
	const size = 4 << 20
	repeat := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	words := func(w string) string {
		return head + ".decl V1 v_type=G type=d num_elts=1 align=GRF" + repeat(w) + "\n    ret (M1, 1)\n"
	}
	cases := []struct {
		name, src string
		check     func(f *decoder.File, size int) string
	}{
		{"kernels", ".version 4.1\n" + repeat(".kernel \"k\"\n"), func(f *decoder.File, _ int) string {
			if len(f.Streams) != 0 || len(f.Errors) > maxErrors+1 || !strings.Contains(f.Errors[0].Error(), `the instructions of k (line 2), ending with ret or fret, found ".kernel"`) {
				return fmt.Sprintf("%d streams, errors %v", len(f.Streams), f.Errors[:min(2, len(f.Errors))])
			}
			return ""
		}},
		{"tiny kernels", ".version 4.1\n" + repeat(".kernel \"k\"\nret (M1, 1)\n"), func(f *decoder.File, size int) string {
			if n := len(f.Streams); n != size/bodyBytes+1 || !strings.Contains(f.Errors[0].Error(), "kernels and functions in") {
				return fmt.Sprintf("%d streams, errors %v", n, f.Errors[:min(2, len(f.Errors))])
			}
			return ""
		}},
		{"labels", head + repeat("L:\n") + "ret (M1, 1)\n", nil},
		{"jumps", head + repeat("jmp (M1, 1) L\n") + "L:\nret (M1, 1)\n", nil},
		{"decl words", words(" x"), nil},
		{"decl keys", words(" a=b"), nil},
		{"input words", head + ".decl V1 v_type=G type=d num_elts=1\n.input V1" + repeat(" offset=0") + "\nret (M1, 1)\n", nil},
	}
	for _, c := range cases {
		alloc, live, f := readCost(c.src)
		t.Logf("%s: %d bytes, %.1fx allocated, %.1fx live, %d streams, %d errors", c.name, len(c.src), float64(alloc)/float64(len(c.src)), float64(live)/float64(len(c.src)), len(f.Streams), len(f.Errors))
		if alloc > 20*uint64(len(c.src)) || live > 20*uint64(len(c.src)) {
			t.Errorf("%s: %d bytes of text: %d allocated, %d live (over 20x)", c.name, len(c.src), alloc, live)
		}
		if c.check != nil {
			if msg := c.check(f, len(c.src)); msg != "" {
				t.Errorf("%s: %s", c.name, msg)
			}
		}
	}
}

// TestMessagesQuoteNamesClipped: a 100 KB label, kernel or surface name is
// quoted in a message as its first bytes and its length.
func TestMessagesQuoteNamesClipped(t *testing.T) {
	long := strings.Repeat("x", 100<<10)
	for name, src := range map[string]string{
		"label twice":  head + long + ":\n" + long + ":\nret (M1, 1)\n",
		"kernel cut":   ".version 4.1\n.kernel \"" + long + "\"\nmov (M1, 1) V0(0,0)<1> 0x1:d\n",
		"kernel empty": ".version 4.1\n.kernel \"" + long + "\"\n.kernel \"k\"\nret (M1, 1)\n",
		"surface var":  head + ".decl " + long + " v_type=G type=d num_elts=1\nresinfo.R (M1, 8)  " + long + " V0.0 V0.0\nret (M1, 1)\n",
		"ambiguous":    head + ".decl S v_type=T num_elts=1\n.decl " + long + " v_type=G type=d num_elts=1\n.decl " + long + " v_type=G type=d num_elts=1\nresinfo.R (M1, 8)  S " + long + ".0 " + long + ".0\nret (M1, 1)\n",
		"jump nowhere": head + "jmp (M1, 1) " + long + "\nret (M1, 1)\n",
		"surface rest": head + ".decl S v_type=G type=q num_elts=1\nresinfo.R (M1, 8)  S" + strings.Repeat(" V0.0", 20<<10) + "\nret (M1, 1)\n",
		"numbered":     ".version 4.1\n.kernel \"" + long + "\"\nmov (M1, 1) V0(0,0)<1> 0x1:d /// $5\nret (M1, 1)\n",
	} {
		f := Read("a.visaasm", []byte(src))
		if len(f.Errors) == 0 {
			t.Errorf("%s: no error", name)
		}
		for _, e := range f.Errors {
			if msg := e.Error(); len(msg) > 400 {
				t.Errorf("%s: a %d-byte message: %.200s", name, len(msg), msg)
			}
		}
	}
}

// TestManyLabelsDecodedBounded: decoding a line of a body of many label
// lines names its labels (at most 0x10000 get an id); the label table is
// sized for those, not for every label line (it was: 16 MiB of `L:` lines
// kept 92 MB more once the first line was decoded, dump --all 28x).
func TestManyLabelsDecodedBounded(t *testing.T) {
	src := manyLabels(300000)
	_, before, f := readCost(src)
	if len(f.Streams) != 1 || len(f.Errors) > 0 {
		t.Fatalf("%d streams, %v", len(f.Streams), f.Errors)
	}
	s := f.Streams[0]
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	var in decoder.Instruction
	s.Decode(s.NumInsts()-1, &in)
	s.Decode(0, &in)
	runtime.GC()
	runtime.ReadMemStats(&b)
	runtime.KeepAlive(f)
	grew := b.HeapAlloc - min(a.HeapAlloc, b.HeapAlloc)
	alloc := b.TotalAlloc - a.TotalAlloc
	t.Logf("%d bytes of labels: %d bytes live after reading, %d more after decoding lines (%d allocated)", len(src), before, grew, alloc)
	if got := len(s.Symbols.Labels); got != 0x10000 {
		t.Errorf("%d labels named, want 0x10000", got)
	}
	if grew > 5*uint64(len(src)) {
		t.Errorf("%d bytes of text: %d bytes more live once lines are decoded (over 5x)", len(src), grew)
	}
	// Naming the labels allocates in proportion too, not only what it
	// keeps: a map of every label line's name (~100 bytes a label) was
	// most of dump --all's 479 MB on 16 MiB of `L:` lines.
	if alloc > 5*uint64(len(src)) {
		t.Errorf("%d bytes of text: %d bytes allocated to decode lines (over 5x)", len(src), alloc)
	}
}
