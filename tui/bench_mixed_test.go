package tui

import (
	"encoding/binary"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"infoscope/decoder"
	"infoscope/model/workspace"
	"infoscope/sampledata"
	"infoscope/sampledata/benchcpu"
)

var (
	mixed1MOnce sync.Once
	mixed1MBuf  []byte
	mixed1MErr  string
)

// mixedStream1M returns a raw igc-layout stream of about 92 MB holding 1M
// varied INFO (variedInfo's) among the ordinary instructions of the
// embedded samples (ALU, sends, sampler, LSC, control flow), as a large
// kernel dump looks: built once per process, the same bytes every run.
func mixedStream1M(tb testing.TB) []byte {
	tb.Helper()
	mixed1MOnce.Do(func() {
		var others [][]byte
		for _, name := range []string{"kernels.isa", "stream_igc.bin"} {
			data, err := sampledata.Read(name)
			if err != nil {
				mixed1MErr = err.Error()
				return
			}
			f := decoder.Decode(name, data, decoder.Options{Layout: decoder.LayoutIGC})
			for _, s := range f.Streams {
				for i, in := range s.Insts() {
					if in.Op != decoder.OpINFO {
						others = append(others, s.InstBytes(i))
					}
				}
			}
		}
		if len(others) == 0 {
			mixed1MErr = "no instructions in the samples"
			return
		}
		const size = 92_000_000
		r := rand.New(rand.NewPCG(3, 4))
		buf := make([]byte, 0, size+1024)
		for k := range 1_000_000 {
			buf = variedInfo(buf, r)
			for len(buf) < (k+1)*(size/1_000_000) {
				buf = append(buf, others[r.IntN(len(others))]...)
			}
		}
		mixed1MBuf = buf
	})
	if mixed1MErr != "" {
		tb.Fatal(mixed1MErr)
	}
	return mixed1MBuf
}

// variedInfo appends an igc-layout INFO with every field drawn from r:
// RESINFO or SAMPLEINFO, exec size and mask control within the 32 lanes,
// channels, surface, operands mostly declared variables (a few predefined)
// at various offsets.
func variedInfo(b []byte, r *rand.Rand) []byte {
	sub := []byte{0x0a, 0x0b, 0x0b}[r.IntN(3)]
	code := r.IntN(6)
	exec := byte(code) | byte(r.IntN(2))<<7 | byte(r.IntN(1+(32-1<<code)/4))<<4
	b = append(b, decoder.OpINFO, sub, exec, byte(1+r.IntN(15)), byte(r.IntN(12)))
	operand := func() {
		id := uint32(32 + r.IntN(5000))
		if r.IntN(50) == 0 {
			id = uint32(r.IntN(32))
		}
		b = binary.LittleEndian.AppendUint32(b, id)
		b = binary.LittleEndian.AppendUint16(b, uint16([]int{0, 0, 0, 1, 16, 32, 64, 100, 1234}[r.IntN(9)]))
	}
	if sub == 0x0a {
		operand() // the LOD
	}
	operand()
	return b
}

// BenchmarkFirstFrameMixed measures the mixed 92 MB stream with 1M INFO
// from bytes to the first frame (decode, row index, panels, View), with
// the layout the user gets by default (auto: both layouts tried) and igc.
func BenchmarkFirstFrameMixed(b *testing.B) {
	data := mixedStream1M(b)
	for _, layout := range []decoder.Layout{decoder.LayoutAuto, decoder.LayoutIGC} {
		b.Run("1M/layout="+layout.String(), func(b *testing.B) {
			benchcpu.Measure(b, "op", 1)
			for b.Loop() {
				m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("big.bin", data)}, Decode: decoder.Options{Layout: layout}}, 80, 24)
				_ = m.View()
				if m.list.rows.Len() != 1_000_000 {
					b.Fatal(m.list.rows.Len())
				}
			}
		})
	}
}

// BenchmarkHeldPerInfo measures the memory the inspector holds for the
// mixed 1M-INFO stream once loaded and shown, beyond the file's own bytes:
// the heap in use after a GC with the model alive, minus the heap before
// loading, minus the file, per INFO (reported as B/info).
func BenchmarkHeldPerInfo(b *testing.B) {
	data := mixedStream1M(b)
	var before, after runtime.MemStats
	for b.Loop() {
		runtime.GC()
		runtime.ReadMemStats(&before)
		m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("big.bin", data)}}, 80, 24)
		_ = m.View()
		runtime.GC()
		runtime.ReadMemStats(&after)
		if m.list.rows.Len() != 1_000_000 {
			b.Fatal(m.list.rows.Len())
		}
		held := int64(after.HeapInuse) - int64(before.HeapInuse)
		if f := m.list.rows.Files()[0]; len(f.Data) == 0 || &f.Data[0] != &data[0] {
			held -= int64(len(data)) // the model holds a copy of the file
		}
		b.ReportMetric(float64(held)/1e6/float64(m.list.rows.Len())*1e6, "B/info")
		b.ReportMetric(float64(held)/1e6, "MB-held")
		runtime.KeepAlive(m)
	}
	b.ReportMetric(float64(len(data))/1e6, "MB-file")
}
