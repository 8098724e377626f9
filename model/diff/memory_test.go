package diff

import (
	"runtime"
	"testing"
	"time"

	"infoscope/decoder"
	"infoscope/sampledata"
	"infoscope/sampledata/templates"
)

// TestMemoryBound: comparing a raw stream of the samples' varied
// instructions with itself holds at most 20 times the stream's bytes
// (binary instructions are short: ~12 bytes, while each compared
// instruction keeps its key, parts and row).
func TestMemoryBound(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 4 MiB stream")
	}
	data := sampledata.MixedStream(4<<20, templates.Mixed())
	f := decoder.Decode("mixed.bin", data, decoder.Options{Layout: decoder.LayoutIGC})
	if len(f.Streams) != 1 {
		t.Fatalf("%d streams", len(f.Streams))
	}
	body := Body{Name: "mixed", Stream: f.Streams[0]}
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	// The live heap, sampled while Compare runs (a GC every sample, so
	// that garbage does not count).
	stop, peak := make(chan struct{}), make(chan uint64)
	go func() {
		var most uint64
		var m runtime.MemStats
		for {
			select {
			case <-stop:
				peak <- most
				return
			case <-time.After(20 * time.Millisecond):
			}
			runtime.GC()
			runtime.ReadMemStats(&m)
			most = max(most, m.HeapAlloc)
		}
	}()
	k := Compare(body, body, Options{})
	close(stop)
	most := <-peak
	if !k.Same() {
		t.Fatalf("%s", describe(k))
	}
	ratio := (float64(most) - float64(before.HeapAlloc)) / float64(len(data))
	t.Logf("%d instructions, %d bytes: live heap at most %.1f x the stream", f.Streams[0].NumInsts(), len(data), ratio)
	if ratio > 20 {
		t.Errorf("live heap %.1f x the stream, want at most 20", ratio)
	}
	runtime.KeepAlive(k)
}
