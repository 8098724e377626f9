package decoder

import "testing"

// TestAppendFieldAllocates checks that writing every field of an INFO, its
// value and meaning, allocates nothing once the buffer has grown: dump
// --json does it for every INFO record. The oracle binaries' INFO have
// declared and predefined surfaces, named variables, every mask control.
func TestAppendFieldAllocates(t *testing.T) {
	var infos []*Info
	for name, data := range oracleFiles(t) {
		for _, s := range Decode(name, data, Options{}).Streams {
			for k := range s.NumInfos() {
				infos = append(infos, s.Info(k))
			}
		}
	}
	if len(infos) < 50 {
		t.Fatalf("only %d INFO", len(infos))
	}
	m := make([]byte, 0, 256)
	allocs := testing.AllocsPerRun(10, func() {
		for _, in := range infos {
			for k := range in.FieldSpans() {
				_, m = in.AppendField(m[:0], k)
			}
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations for the fields of %d INFO, want 0", allocs, len(infos))
	}
}
