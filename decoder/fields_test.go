package decoder

import "testing"

// TestAppendFieldAllocates checks that writing every field of an INFO, its
// value and meaning, allocates nothing once the buffer has grown: dump
// --json does it for every INFO record.
func TestAppendFieldAllocates(t *testing.T) {
	// The §8.1 RESINFO (TestDoc81Fields): a declared surface, two named
	// variables, two offsets.
	code := []byte{0x70, 0x0A, 0x04, 0x0F, 0x06, 0x20, 0, 0, 0, 0, 0, 0x21, 0, 0, 0, 0, 0}
	s := Walk(code, 0x80, WalkOptions{Symbols: docSymbols})
	if s.Err != nil || s.NumInfos() != 1 {
		t.Fatalf("walk: %v", s.Err)
	}
	in := s.Info(0)
	m := make([]byte, 0, 64)
	n := len(in.FieldSpans())
	allocs := testing.AllocsPerRun(100, func() {
		for k := range n {
			_, m = in.AppendField(m[:0], k)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations for %d fields, want 0", allocs, n)
	}
}
