package model

import (
	"os"
	"path/filepath"
	"testing"

	"infoscope/decoder"
)

// FuzzStreamFlow runs the data flow of every INFO of arbitrary input,
// decoded as a file (object, raw stream or hex): it must not panic, and
// what it lists must be instructions of the body.
func FuzzStreamFlow(f *testing.F) {
	for _, name := range []string{"info_min.isa", "func_s1.isa", "info_channels.isa"} {
		data, err := os.ReadFile(filepath.Join("..", "decoder", "testdata", "oracle", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, name := range []string{"dataflow.isa", "dataflow.visaasm"} {
		if data, err := os.ReadFile(filepath.Join("testdata", name)); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file := decoder.Decode("fuzz", data, decoder.Options{})
		for _, s := range file.Streams {
			sf := NewStreamFlow(s, 32)
			for k := range s.NumInfos() {
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
