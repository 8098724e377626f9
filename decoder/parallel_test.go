package decoder

import (
	"bytes"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"testing"

	"infoscope/sampledata"
	"infoscope/sampledata/benchcpu"
)

// supportedVersions are the versions a writer produced (Version.Supported).
var supportedVersions = []Version{{3, 0}, {3, 1}, {3, 2}, {3, 3}, {3, 4}, {3, 5}, {3, 6}, {3, 7}, {3, 8}, {4, 0}, {4, 1}, {4, 8}}

// sameWalk reports how a parallel walk of code in chunks of the given size
// differs from the sequential walk: records, INFO and error (its located
// message and its value) must be the same.
func sameWalk(code []byte, o WalkOptions, chunk int) error {
	seq := walk(code, 7, o, 0)
	par := walk(code, 7, o, chunk)
	what := fmt.Sprintf("%s %s, %d bytes in chunks of %d", o.Version, o.Layout, len(code), chunk)
	if d := firstInstDiff(seq, par); d >= 0 {
		return fmt.Errorf("%s: %d records, sequential %d; first difference at record %d", what, par.NumInsts(), seq.NumInsts(), d)
	}
	if seq.NumInfos() != par.NumInfos() {
		return fmt.Errorf("%s: %d INFO, sequential %d", what, par.NumInfos(), seq.NumInfos())
	}
	for k := range seq.NumInfos() {
		a, b := seq.Info(k), par.Info(k)
		a.s, b.s = nil, nil
		if *a != *b {
			return fmt.Errorf("%s: INFO %d: %+v, sequential %+v", what, k, *b, *a)
		}
	}
	if (seq.Err == nil) != (par.Err == nil) || seq.Err != nil && (seq.Err.Error() != par.Err.Error() || !reflect.DeepEqual(seq.Err, par.Err)) {
		return fmt.Errorf("%s: error %v, sequential %v", what, par.Err, seq.Err)
	}
	return nil
}

// firstDiff returns the index of the first record where a and b differ,
// or -1 when they hold the same records.
func firstInstDiff(a, b *Stream) int {
	n := min(a.NumInsts(), b.NumInsts())
	for i := range n {
		if a.Inst(i) != b.Inst(i) {
			return i
		}
	}
	if a.NumInsts() != b.NumInsts() {
		return n
	}
	return -1
}

// chunkSizes returns chunk sizes for an n-byte stream, from two chunks to
// a few bytes each (at most 1024 chunks; fewer sizes when short).
func chunkSizes(n int, short bool) []int {
	sizes := []int{n/2 + 1, n/7 + 1, n/64 + 1, 37, 9}
	if short {
		sizes = []int{n/3 + 1, 9}
	}
	var out []int
	for _, c := range sizes {
		if c = max(c, n/1024+1); c < n && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// badOpcode returns an opcode byte version v's walk rejects.
func badOpcode(t testing.TB, v Version) byte {
	for op := 0; op < 256; op++ {
		s := walk(bytes.Repeat([]byte{byte(op)}, 300), 0, WalkOptions{Version: v}, 0)
		if s.NumInsts() == 0 && s.Err != nil {
			return byte(op)
		}
	}
	t.Fatalf("version %s rejects no opcode", v)
	return 0
}

// TestParallelWalkGenerated compares parallel and sequential walks of
// generated streams: mixed opcodes with INFO, read in both layouts and at
// every version; cut short; with a bad opcode in the middle; and of long
// instructions only, so that chunk boundaries fall inside them and whole
// chunks lie within one instruction.
func TestParallelWalkGenerated(t *testing.T) {
	all, _ := instTemplates(t)
	mixed := sampledata.MixedStream(12<<10, all)
	longest := slices.MaxFunc(all, func(a, b []byte) int { return len(a) - len(b) })
	long := bytes.Repeat(longest, 12<<10/len(longest))
	// Dense after sparse: the first chunk's density undersizes the
	// shared buffer, so the records do not fit it in place.
	denseTail := append(slices.Clone(long), bytes.Repeat([]byte{0x59}, 12<<10)...)
	for _, v := range supportedVersions {
		streams := map[string][]byte{
			"mixed":     mixed,
			"truncated": mixed[:len(mixed)-3],
			"bad":       withBadAt(mixed, badOpcode(t, v)),
			"long":      long,
			"long-cut":  long[:len(long)-len(longest)/2],
			"denseTail": denseTail,
		}
		for name, code := range streams {
			for _, l := range []Layout{LayoutIGC, LayoutSeed} {
				o := WalkOptions{File: name, Kernel: "k", Version: v, Layout: l, Symbols: docSymbols}
				for _, c := range chunkSizes(len(code), v != DefaultVersion()) {
					if err := sameWalk(code, o, c); err != nil {
						t.Errorf("%s: %v", name, err)
					}
				}
			}
		}
	}
	// The cases must reach the paths they are meant for.
	s := walk(withBadAt(mixed, badOpcode(t, DefaultVersion())), 0, WalkOptions{}, 64)
	if s.Err == nil || s.NumInsts() == 0 {
		t.Errorf("bad opcode mid-stream: %d records, error %v", s.NumInsts(), s.Err)
	}
	if s := walk(mixed[:len(mixed)-3], 0, WalkOptions{}, 64); s.Err == nil {
		t.Error("truncated stream walked without error")
	}
}

// withBadAt returns code with the opcode of its instruction at about
// three fifths (in the igc layout at version 4.1) replaced by bad.
func withBadAt(code []byte, bad byte) []byte {
	s := walk(code, 0, WalkOptions{}, 0)
	c := slices.Clone(code)
	c[s.Inst(s.NumInsts()*3/5).Off] = bad
	return c
}

// TestParallelWalkFiles compares parallel and sequential walks of every
// body of the oracle and real binaries, at their version, in both layouts,
// and of each whole file read as a raw stream.
func TestParallelWalkFiles(t *testing.T) {
	files := oracleFiles(t)
	for n, b := range realFiles(t) {
		files[n] = b
	}
	for name, data := range files {
		f := Decode(name, data, Options{})
		if f.Object == nil {
			t.Fatalf("%s: not an object file: %v", name, f.Errors)
		}
		for _, b := range f.Object.Bodies() {
			for _, l := range []Layout{LayoutIGC, LayoutSeed} {
				o := WalkOptions{File: name, Kernel: b.Name, Version: f.Object.Version, Layout: l}
				for _, c := range chunkSizes(len(b.Code), false) {
					if err := sameWalk(b.Code, o, c); err != nil {
						t.Errorf("%s %s: %v", name, b.Name, err)
					}
				}
			}
		}
		o := WalkOptions{File: name, Version: f.Object.Version}
		for _, c := range chunkSizes(len(data), true) {
			if err := sameWalk(data, o, c); err != nil {
				t.Errorf("%s as a raw stream: %v", name, err)
			}
		}
	}
}

// TestWalkParallelLarge: Walk itself walks a large stream in parallel
// chunks when there are processors for it, and gives the sequential
// result, for both layouts and through Decode's layout detection.
func TestWalkParallelLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("walks 4 MiB streams")
	}
	want := 0
	if runtime.GOMAXPROCS(0) > 1 {
		want = chunkBytes
	}
	if got := parallelChunk(64 << 20); got != want {
		t.Errorf("64 MiB: chunks of %d bytes, want %d", got, want)
	}
	if got := parallelChunk(parallelMin - 1); got != 0 {
		t.Errorf("a stream under %d bytes walked in chunks of %d", parallelMin, got)
	}
	all, _ := instTemplates(t)
	code := sampledata.MixedStream(4<<20, all)
	for _, l := range []Layout{LayoutIGC, LayoutSeed} {
		o := WalkOptions{Layout: l}
		if err := sameWalk(code, o, chunkBytes); err != nil {
			t.Error(err)
		}
		a, b := Walk(code, 7, o), walk(code, 7, o, 0)
		if firstInstDiff(a, b) >= 0 || a.NumInfos() != b.NumInfos() || fmt.Sprint(a.Err) != fmt.Sprint(b.Err) {
			t.Errorf("%s: Walk differs from the sequential walk", l)
		}
	}
	f := Decode("big.bin", code, Options{Hex: HexOff})
	if f.Layout != LayoutIGC || len(f.Errors) > 0 || len(f.Streams) != 1 {
		t.Fatalf("layout %s, errors %v", f.Layout, f.Errors)
	}
	if firstInstDiff(f.Streams[0], walk(code, 0, WalkOptions{File: "big.bin"}, 0)) >= 0 {
		t.Error("Decode's auto layout differs from the sequential walk")
	}
}

// TestParallelWalkMemory: a parallel walk allocates a handful of slices
// whatever the number of instructions (a buffer per worker, reused from
// chunk to chunk, and the stream's index), and about the bytes of a
// sequential walk besides the workers' buffers, a fixed cost: both keep
// only the index (access.go), which the records go to as they come.
func TestParallelWalkMemory(t *testing.T) {
	all, _ := instTemplates(t)
	Walk(all[0], 0, WalkOptions{}) // compile the table first
	for _, c := range []struct {
		name   string
		code   []byte
		factor float64
	}{
		{"mixed", sampledata.MixedStream(4<<20, all), 1.1},
		{"one-byte", bytes.Repeat([]byte{0x59}, 4<<20), 1.2},
		{"dense-tail", append(sampledata.MixedStream(2<<20, all), bytes.Repeat([]byte{0x59}, 2<<20)...), 1.5},
	} {
		var seq, par *Stream
		sb := allocs(func() { seq = walk(c.code, 0, WalkOptions{}, 0) })
		pb := allocs(func() { par = walk(c.code, 0, WalkOptions{}, chunkBytes) })
		if seq.Err != nil || firstInstDiff(seq, par) >= 0 {
			t.Fatalf("%s: %v; %d records, sequential %d", c.name, seq.Err, par.NumInsts(), seq.NumInsts())
		}
		t.Logf("%s: %d records; sequential %d bytes allocated, parallel %d (%.2fx)", c.name, seq.NumInsts(), sb, pb, float64(pb)/float64(sb))
		// A buffer per worker and one more, each of at most a chunk's
		// records and a margin, whatever the stream's size.
		bufs := float64((max(runtime.GOMAXPROCS(0), 2) + 2) * chunkBytes * 8 * 5 / 4)
		if float64(pb) > c.factor*float64(sb)+bufs {
			t.Errorf("%s: parallel walk allocated %d bytes, sequential %d: more than %.1fx and %.0f for the buffers", c.name, pb, sb, c.factor, bufs)
		}
		n := testing.AllocsPerRun(1, func() { walk(c.code, 0, WalkOptions{}, chunkBytes) })
		// A handful per goroutine (the walkers)
		// and per buffer, none per chunk or instruction.
		if n > 64 {
			t.Errorf("%s: %.0f allocations in a parallel walk of %d instructions (%d chunks)", c.name, n, seq.NumInsts(), len(c.code)/chunkBytes)
		}
	}
}

// FuzzParallelWalk walks arbitrary bytes in parallel chunks of a few bytes
// each, so that small inputs exercise the joins, and compares the result
// with the sequential walk's at a narrow and a wide version in both
// layouts.
func FuzzParallelWalk(f *testing.F) {
	fuzzSeeds(f, true)
	f.Fuzz(func(t *testing.T, code []byte) {
		if len(code) < 2 {
			return
		}
		// Chunks of 1 to 64 bytes (at most 1024 of them), the size taken
		// from the input so that the fuzzer varies it.
		chunk := max(1+int(code[0])%64, len(code)/1024+1)
		for _, v := range []Version{{4, 1}, {3, 3}, {3, 6}} {
			for _, l := range []Layout{LayoutIGC, LayoutSeed} {
				if err := sameWalk(code, WalkOptions{File: "fuzz", Version: v, Layout: l, Symbols: docSymbols}, chunk); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}

// BenchmarkParallelWalk is Walk on the 64 MiB mixed stream (igc layout):
// run with -cpu 1,2 (and more where there are more cores), it compares the
// sequential walk (GOMAXPROCS=1) with the parallel walk on as many workers
// as processors. ns/inst is per instruction walked. It loops over b.N, not
// b.Loop: the testing package runs a benchmark's first call before it sets
// -cpu's GOMAXPROCS (go.dev/issue/49980), and b.Loop does every iteration
// in that call, so with b.Loop "-cpu 1" would measure the default.
func BenchmarkParallelWalk(b *testing.B) {
	buf := benchStream(b)
	n := walk(buf, 0, WalkOptions{}, 0).NumInsts()
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	b.ResetTimer()
	start, _ := benchcpu.Now()
	for range b.N {
		s := Walk(buf, 0, WalkOptions{Layout: LayoutIGC})
		if s.Err != nil || s.NumInsts() != n {
			b.Fatal(s.Err, s.NumInsts(), n)
		}
	}
	benchcpu.Report(b, start)
	b.ReportMetric(float64(runtime.GOMAXPROCS(0)), "procs")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/inst")
}

// TestParallelWalkJoinsEarly: on real instruction mixes a chunk's
// speculative walk is joined a few dozen bytes into the chunk, so the
// parallel walk does not fall back to walking chunks again. Every chunk
// start of the 4 MiB mixed stream and of the largest real body (cut into
// 16 chunks) is checked: the bytes the true walk walks before it joins.
func TestParallelWalkJoinsEarly(t *testing.T) {
	all, _ := instTemplates(t)
	type stream struct {
		name string
		code []byte
		v    Version
	}
	var big stream
	for name, data := range realFiles(t) {
		f := Decode(name, data, Options{})
		for _, b := range f.Object.Bodies() {
			if len(b.Code) > len(big.code) || len(b.Code) == len(big.code) && name+" "+b.Name < big.name {
				big = stream{name + " " + b.Name, b.Code, f.Object.Version}
			}
		}
	}
	for _, c := range []stream{{"mixed", sampledata.MixedStream(4<<20, all), DefaultVersion()}, big} {
		seq := walk(c.code, 0, WalkOptions{Version: c.v}, 0)
		if seq.Err != nil {
			t.Fatalf("%s: %v", c.name, seq.Err)
		}
		w := &walker{s: seq, t: seq.tab, o: WalkOptions{Version: c.v, Layout: LayoutIGC}, fastAt: &seq.tab.fastAt[0]}
		chunk := min(chunkBytes, len(c.code)/16)
		total, worst, chunks, i := 0, 0, 0, 0
		for lo := chunk; lo < len(c.code); lo += chunk {
			for i < seq.NumInsts() && int(seq.Inst(i).Off) < lo {
				i++
			}
			if i == seq.NumInsts() {
				break // the last instruction spans the rest
			}
			ch := &chunkWalk{lo: lo, hi: min(lo+chunk, len(c.code))}
			w.speculate(ch)
			catch, keep, _, _ := w.join(ch, int(seq.Inst(i).Off), nil)
			if len(keep) == 0 {
				t.Errorf("%s: the chunk at %d was never joined (%d records walked again)", c.name, lo, len(catch))
				continue
			}
			d := int(keep[0].Off) - lo
			total, worst, chunks = total+d, max(worst, d), chunks+1
		}
		t.Logf("%s: %d chunks of %d bytes joined %.0f bytes in on average, %d at worst", c.name, chunks, chunk, float64(total)/float64(max(chunks, 1)), worst)
		if chunks == 0 || worst > 4096 || total/chunks > 512 {
			t.Errorf("%s: %d chunks joined %d bytes in on average, %d at worst", c.name, chunks, total/max(chunks, 1), worst)
		}
	}
}
