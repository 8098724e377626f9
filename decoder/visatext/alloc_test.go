package visatext

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"infoscope/decoder"
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

// Memory stays in proportion to the text, also for the densest text there
// is: one-character labels, 3 bytes a line, each an instruction.
func TestReadMemoryBound(t *testing.T) {
	const lines = 100000
	var sb strings.Builder
	sb.WriteString(head)
	for i := range lines {
		sb.WriteString("L" + strconv.Itoa(i) + ":\n")
	}
	sb.WriteString("    ret (M1, 1)\n")
	src := sb.String()
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
	typical := string(mustRead(t, oracleDir+"/large_mix_1k.dis.visaasm"))
	got = allocated(typical)
	t.Logf("Intel's disassembly, %d bytes: %d bytes allocated (%.1fx)", len(typical), got, float64(got)/float64(len(typical)))
	if got > 6*uint64(len(typical)) {
		t.Errorf("%d bytes of disassembly allocated %d bytes (over 6x)", len(typical), got)
	}
}
