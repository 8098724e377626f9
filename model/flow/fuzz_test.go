package flow

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/testkit"
)

// FuzzStreamFlow runs the data flow of every INFO of arbitrary input,
// decoded as a file (object, raw stream or hex): it must not panic, and
// what it lists must be instructions of the body, and the same as the
// reference analysis lists.
func FuzzStreamFlow(f *testing.F) {
	for _, name := range []string{"info_min.isa", "func_s1.isa", "info_channels.isa"} {
		data := testkit.ReadFile(f, filepath.Join("..", "..", "decoder", "testdata", "oracle", name))
		f.Add(data)
	}
	for _, name := range []string{"dataflow.isa", "dataflow.visaasm"} {
		if data, err := os.ReadFile(filepath.Join("..", "testdata", name)); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file := decoder.Decode("fuzz", data, decoder.Options{})
		for _, s := range file.Streams {
			sf := NewStream(s, 32)
			ref := refNewBody(sf.flowInsts())
			for k := range s.NumInfos() {
				sameFlow(t, "fuzz", sf.Body, ref, s.InfoInst(k), sf.Operands(k))
				fl := sf.Info(k)
				for _, src := range fl.Sources {
					if src.Inst < 0 || src.Inst >= s.NumInsts() || src.Inst == s.Info(k).Inst {
						t.Fatalf("source $%d of $%d in %d instructions", src.Inst, s.Info(k).Inst, s.NumInsts())
					}
				}
				for _, r := range fl.Readers {
					if r.Inst < 0 || r.Inst >= s.NumInsts() || len(r.Channels) == 0 {
						t.Fatalf("reader %+v in %d instructions", r, s.NumInsts())
					}
				}
			}
		}
	})
}

// FuzzFlowMatchesReference: bodies generated from arbitrary input give
// the reference's Flow for every INFO.
func FuzzFlowMatchesReference(f *testing.F) {
	f.Add([]byte{40, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(bytes.Repeat([]byte{0x31, 0x07, 0x80, 0xff, 0x10}, 60))
	f.Fuzz(func(t *testing.T, data []byte) {
		insts, infos, ops := genBodyBytes(data)
		b, ref := NewBody(insts), refNewBody(insts)
		for k, at := range infos {
			sameFlow(t, "fuzz", b, ref, at, ops[k])
		}
	})
}
