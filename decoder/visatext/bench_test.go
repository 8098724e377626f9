package visatext

import (
	"path/filepath"
	"testing"
)

// BenchmarkRead reads the largest oracle text (Intel's disassembly of a
// 1,000-instruction kernel).
func BenchmarkRead(b *testing.B) {
	data := mustRead(b, filepath.Join(oracleDir, "large_mix_1k.dis.visaasm"))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if f := Read("large_mix_1k.dis.visaasm", data); len(f.Errors) > 0 {
			b.Fatal(f.Errors)
		}
	}
}
