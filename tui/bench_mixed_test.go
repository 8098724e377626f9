package tui

import (
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata"
)

var (
	mixed1MOnce sync.Once
	mixed1MBuf  []byte
	mixed1MErr  string
)

// mixedStream1M returns a raw igc-layout stream of about 92 MB holding 1M
// varied INFO (mixedInfos' records) among the ordinary instructions of the
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
		infos := decoder.Walk(mixedInfos(1_000_000, 1, 50), 0, decoder.WalkOptions{Layout: decoder.LayoutIGC})
		if infos.Err != nil || infos.NumInfos() != 1_000_000 || len(others) == 0 {
			mixed1MErr = "building the stream failed"
			return
		}
		const size = 92_000_000
		r := rand.New(rand.NewPCG(3, 4))
		buf := make([]byte, 0, size+1024)
		for k := range infos.NumInsts() {
			buf = append(buf, infos.InstBytes(k)...)
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

// BenchmarkFirstFrameMixed measures the mixed 92 MB stream with 1M INFO
// from bytes to the first frame (decode, row index, panels, View), with
// the layout the user gets by default (auto: both layouts tried) and igc.
func BenchmarkFirstFrameMixed(b *testing.B) {
	data := mixedStream1M(b)
	for _, layout := range []decoder.Layout{decoder.LayoutAuto, decoder.LayoutIGC} {
		b.Run("1M/layout="+layout.String(), func(b *testing.B) {
			start, _ := cpuTime()
			for b.Loop() {
				m := newLoaded(Config{Sources: []Source{BytesSource("big.bin", data)}, Decode: decoder.Options{Layout: layout}}, 80, 24)
				_ = m.View()
				if m.list.rows.total != 1_000_000 {
					b.Fatal(m.list.rows.total)
				}
			}
			reportCPU(b, start)
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
		m := newLoaded(Config{Sources: []Source{BytesSource("big.bin", data)}}, 80, 24)
		_ = m.View()
		runtime.GC()
		runtime.ReadMemStats(&after)
		if m.list.rows.total != 1_000_000 {
			b.Fatal(m.list.rows.total)
		}
		held := int64(after.HeapInuse) - int64(before.HeapInuse)
		if f := m.list.rows.files[0]; len(f.Data) == 0 || &f.Data[0] != &data[0] {
			held -= int64(len(data)) // the model holds a copy of the file
		}
		b.ReportMetric(float64(held)/1e6/float64(m.list.rows.total)*1e6, "B/info")
		b.ReportMetric(float64(held)/1e6, "MB-held")
		runtime.KeepAlive(m)
	}
	b.ReportMetric(float64(len(data))/1e6, "MB-file")
}
