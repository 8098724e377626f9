package decoder

import (
	"bytes"
	"sync"
	"testing"

	"infoscope/sampledata"
)

// instTemplates returns the encoded bytes of every instruction of the
// kernels.isa and stream_igc.bin samples (igc layout, version 4.1): ALU
// with every operand class, INFO, sends, sampler, LSC, control flow.
func instTemplates(t testing.TB) (all, nonInfo [][]byte) {
	t.Helper()
	files := sampleFiles(t)
	for _, name := range []string{"kernels.isa", "stream_igc.bin"} {
		f := Decode(name, files[name], Options{Layout: LayoutIGC})
		if len(f.Errors) > 0 {
			t.Fatal(f.Errors)
		}
		for _, s := range f.Streams {
			for i, in := range s.Insts() {
				b := s.InstBytes(i)
				all = append(all, b)
				if in.Op != OpINFO {
					nonInfo = append(nonInfo, b)
				}
			}
		}
	}
	return all, nonInfo
}

var (
	benchOnce sync.Once
	benchBuf  []byte
)

// benchStream is the 64 MiB benchmark stream, built once per process.
func benchStream(b *testing.B) []byte {
	benchOnce.Do(func() {
		all, _ := instTemplates(b)
		benchBuf = sampledata.MixedStream(64<<20, all)
	})
	return benchBuf
}

// BenchmarkDecode walks the 64 MiB mixed stream in the igc layout: the
// length of every instruction and the full decode of every INFO.
func BenchmarkDecode(b *testing.B) { benchWalk(b, benchStream(b)) }

// benchWalk times Walk over buf in the igc layout.
func benchWalk(b *testing.B, buf []byte) {
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	for b.Loop() {
		if s := Walk(buf, 0, WalkOptions{Layout: LayoutIGC}); s.Err != nil {
			b.Fatal(s.Err)
		}
	}
}

// BenchmarkDecodeAuto is the raw-stream path a user gets without --layout:
// Decode tries both layouts and picks one.
func BenchmarkDecodeAuto(b *testing.B) {
	buf := benchStream(b)
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		f := Decode("bench", buf, Options{})
		if len(f.Errors) > 0 || f.Layout != LayoutIGC {
			b.Fatal(f.Errors, f.LayoutReason)
		}
	}
}

// BenchmarkCountScan is the yardstick: bytes.Count of the INFO opcode over
// the same buffer, a vectorised scan that touches every byte once.
func BenchmarkCountScan(b *testing.B) {
	buf := benchStream(b)
	b.SetBytes(int64(len(buf)))
	b.ResetTimer()
	for b.Loop() {
		if bytes.Count(buf, []byte{OpINFO}) == 0 {
			b.Fatal("no 0x70 byte")
		}
	}
}

// TestBenchStream checks the benchmark input: at least 64 MiB, one whole
// stream, a real mix, and the same bytes on every build.
func TestBenchStream(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 64 MiB")
	}
	all, _ := instTemplates(t)
	a := sampledata.MixedStream(64<<20, all)
	if len(a) < 64<<20 {
		t.Fatalf("%d bytes", len(a))
	}
	s := Walk(a, 0, WalkOptions{Layout: LayoutIGC})
	if s.Err != nil {
		t.Fatal(s.Err)
	}
	ops := map[uint8]bool{}
	for _, in := range s.Insts() {
		ops[in.Op] = true
	}
	if len(ops) < 40 || s.NumInfos() < s.NumInsts()/20 {
		t.Errorf("%d opcodes, %d INFO of %d instructions: not a mix", len(ops), s.NumInfos(), s.NumInsts())
	}
	if b := sampledata.MixedStream(1<<20, all); !bytes.Equal(b, a[:len(b)]) {
		t.Error("stream is not deterministic")
	}
	t.Logf("%d bytes, %d instructions (%d INFO), %d opcodes", len(a), s.NumInsts(), s.NumInfos(), len(ops))
}

// TestWalkAllocs: walking allocates a fixed handful of slices, not one
// allocation per instruction. Ten times the instructions must not cost
// more than a few extra allocations (slice growth), INFO or not.
func TestWalkAllocs(t *testing.T) {
	all, nonInfo := instTemplates(t)
	for _, c := range []struct {
		name      string
		templates [][]byte
	}{{"non-INFO", nonInfo}, {"mixed", all}} {
		small := sampledata.MixedStream(16<<10, c.templates)
		large := sampledata.MixedStream(160<<10, c.templates)
		count := func(buf []byte) (float64, int) {
			n := 0
			allocs := testing.AllocsPerRun(5, func() {
				s := Walk(buf, 0, WalkOptions{Layout: LayoutIGC})
				if s.Err != nil {
					t.Fatal(s.Err)
				}
				n = s.NumInsts()
			})
			return allocs, n
		}
		as, ns := count(small)
		al, nl := count(large)
		t.Logf("%s: %d instructions: %.0f allocs; %d instructions: %.0f allocs", c.name, ns, as, nl, al)
		if as > 8 || al > 8 {
			t.Errorf("%s: %.0f / %.0f allocations for %d / %d instructions; want a constant handful", c.name, as, al, ns, nl)
		}
	}
}

var (
	benchPlainOnce sync.Once
	benchPlainBuf  []byte
)

// BenchmarkDecodeNoInfo walks a 64 MiB stream of the same ordinary
// instructions without INFO: the cost of the length walk alone.
func BenchmarkDecodeNoInfo(b *testing.B) {
	benchPlainOnce.Do(func() {
		_, nonInfo := instTemplates(b)
		benchPlainBuf = sampledata.MixedStream(64<<20, nonInfo)
	})
	benchWalk(b, benchPlainBuf)
}

// TestDecodeOperandsAllocs: decoding an instruction's operands into a
// reused Instruction allocates nothing, and printing into a reused buffer
// nothing either; only Text (a new string) allocates.
func TestDecodeOperandsAllocs(t *testing.T) {
	files := oracleFiles(t)
	f := Decode("large_mix_1k.isa", files["large_mix_1k.isa"], Options{})
	if len(f.Errors) > 0 || len(f.Streams) == 0 {
		t.Fatal(f.Errors)
	}
	s := f.Streams[0]
	d := decodeAll{buf: make([]byte, 0, 4096)}
	allocs := testing.AllocsPerRun(5, func() { d.run(s) })
	if allocs != 0 {
		t.Errorf("decoding and printing %d instructions: %.0f allocations, want 0", s.NumInsts(), allocs)
	}
}

// BenchmarkDecodeOperands decodes and prints every instruction of the
// oracle's 1k-instruction kernel (ns/op is per kernel).
func BenchmarkDecodeOperands(b *testing.B) {
	files := oracleFiles(b)
	f := Decode("large_mix_1k.isa", files["large_mix_1k.isa"], Options{})
	s := f.Streams[0]
	d := decodeAll{buf: make([]byte, 0, 4096)}
	b.ReportAllocs()
	for b.Loop() {
		d.run(s)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*s.NumInsts()), "ns/inst")
}

// decodeAll decodes and prints every instruction of a stream into the
// same Instruction and buffer.
type decodeAll struct {
	in  Instruction
	buf []byte
}

func (d *decodeAll) run(s *Stream) {
	for i := range s.NumInsts() {
		s.Decode(i, &d.in)
		d.buf = d.in.AppendText(d.buf[:0])
	}
}
