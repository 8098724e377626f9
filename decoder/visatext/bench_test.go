package visatext

import (
	"path/filepath"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/testkit"
)

// BenchmarkRead reads the largest oracle text (Intel's disassembly of a
// 1,000-instruction kernel).
func BenchmarkRead(b *testing.B) {
	data := testkit.ReadFile(b, filepath.Join(oracleDir, "large_mix_1k.dis.visaasm"))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if f := Read("large_mix_1k.dis.visaasm", data); len(f.Errors) > 0 {
			b.Fatal(f.Errors)
		}
	}
}

// BenchmarkDecodeBinary decodes the binary that text describes, for the
// ratio text/binary.
func BenchmarkDecodeBinary(b *testing.B) {
	data := testkit.ReadFile(b, filepath.Join(oracleDir, "large_mix_1k.isa"))
	b.ReportAllocs()
	for b.Loop() {
		if f := decoder.Decode("large_mix_1k.isa", data, decoder.Options{}); len(f.Errors) > 0 {
			b.Fatal(f.Errors)
		}
	}
}

// BenchmarkDecodeText decodes every instruction of the largest oracle text
// (operands parsed from the lines), against BenchmarkDecodeInsts, the same
// for its binary.
func BenchmarkDecodeText(b *testing.B) {
	benchDecodeAll(b, "large_mix_1k.dis.visaasm")
}

// BenchmarkDecodeInsts decodes every instruction of the binary.
func BenchmarkDecodeInsts(b *testing.B) {
	benchDecodeAll(b, "large_mix_1k.isa")
}

func benchDecodeAll(b *testing.B, name string) {
	f := Decode(name, testkit.ReadFile(b, filepath.Join(oracleDir, name)), decoder.Options{})
	var in decoder.Instruction
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range f.Streams {
			for i := range s.NumInsts() {
				s.Decode(i, &in)
			}
		}
	}
}
