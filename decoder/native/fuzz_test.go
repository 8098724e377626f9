package native

import (
	"errors"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/testkit"
)

// FuzzParse feeds the reader arbitrary text: it must not panic, must
// keep at most MaxErrors located errors that point inside the input, and
// must read no more instructions than the input has lines.
func FuzzParse(f *testing.F) {
	f.Add([]byte("(W&~f0.1.any8h) add (16|M16) (sat)r27.0<1>:q -r8.0<0;1,0>:q r[a0.0,16]<1,0>:f {Compacted,I@1} // x; $15&7:%48\n"))
	f.Add([]byte("// B000: [x], Preds:{B1},  Succs:{\n//.declare a (1) rf=r size=-1\n// Line 99999999999999999999\n"))
	// Every real input too, cut so that one execution stays short.
	for _, p := range asmFiles(f) {
		b := testkit.ReadFile(f, p)
		f.Add(b[:min(len(b), 16<<10)])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		nf := Parse("fuzz.asm", data)
		if len(nf.Errors) > MaxErrors {
			t.Fatalf("%d errors kept", len(nf.Errors))
		}
		for _, e := range nf.Errors {
			var te *decoder.TextError
			if !errors.As(e, &te) || te.Line < 1 || te.Line > nf.Lines || te.Col < 1 {
				t.Fatalf("error not located inside the input: %v", e)
			}
		}
		if len(nf.Insts) > nf.Lines {
			t.Fatalf("%d instructions from %d lines", len(nf.Insts), nf.Lines)
		}
		prev := 0
		for _, in := range nf.Insts {
			if in.Line <= prev {
				t.Fatalf("instruction lines out of order: %d after %d", in.Line, prev)
			}
			prev = in.Line
		}
		for _, s := range nf.Sends() {
			if s.Sampler != nil {
				s.ChannelDisable()
			}
		}
	})
}
