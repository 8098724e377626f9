package decoder

import (
	"bytes"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"testing"
)

// supportedVersions are the versions a writer produced (Version.Supported).
var supportedVersions = []Version{{3, 0}, {3, 1}, {3, 2}, {3, 3}, {3, 4}, {3, 5}, {3, 6}, {3, 7}, {3, 8}, {4, 0}, {4, 1}, {4, 8}}

// sameWalk reports how a parallel walk of code in the given number of
// chunks differs from the sequential walk: records, INFO and error (its
// located message and its value) must be the same.
func sameWalk(code []byte, o WalkOptions, chunks int) error {
	seq := walk(code, 7, o, 1)
	par := walk(code, 7, o, chunks)
	what := fmt.Sprintf("%s %s, %d bytes in %d chunks", o.Version, o.Layout, len(code), chunks)
	if !slices.Equal(seq.Insts, par.Insts) {
		i := 0
		for i < min(len(seq.Insts), len(par.Insts)) && seq.Insts[i] == par.Insts[i] {
			i++
		}
		return fmt.Errorf("%s: %d records, sequential %d; first difference at record %d", what, len(par.Insts), len(seq.Insts), i)
	}
	if len(seq.Infos) != len(par.Infos) {
		return fmt.Errorf("%s: %d INFO, sequential %d", what, len(par.Infos), len(seq.Infos))
	}
	for k := range seq.Infos {
		a, b := seq.Infos[k], par.Infos[k]
		a.s, b.s = nil, nil
		if a != b {
			return fmt.Errorf("%s: INFO %d: %+v, sequential %+v", what, k, b, a)
		}
	}
	if (seq.Err == nil) != (par.Err == nil) || seq.Err != nil && (seq.Err.Error() != par.Err.Error() || !reflect.DeepEqual(seq.Err, par.Err)) {
		return fmt.Errorf("%s: error %v, sequential %v", what, par.Err, seq.Err)
	}
	return nil
}

// chunkCounts returns chunk counts for an n-byte stream, from two to
// chunks of a few bytes, each at most one chunk per byte (fewer when
// short).
func chunkCounts(n int, short bool) []int {
	counts := []int{2, 7, 64, n / 37, n / 9}
	if short {
		counts = []int{3, n / 9}
	}
	var out []int
	for _, c := range counts {
		if c = min(c, 1024); c >= 2 && c <= n && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// badOpcode returns an opcode byte version v's walk rejects.
func badOpcode(t testing.TB, v Version) byte {
	for op := 0; op < 256; op++ {
		s := walk(bytes.Repeat([]byte{byte(op)}, 300), 0, WalkOptions{Version: v}, 1)
		if len(s.Insts) == 0 && s.Err != nil {
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
	mixed := mixedStream(12<<10, all)
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
				for _, c := range chunkCounts(len(code), v != DefaultVersion) {
					if err := sameWalk(code, o, c); err != nil {
						t.Errorf("%s: %v", name, err)
					}
				}
			}
		}
	}
	// The cases must reach the paths they are meant for.
	s := walk(withBadAt(mixed, badOpcode(t, DefaultVersion)), 0, WalkOptions{}, 64)
	if s.Err == nil || len(s.Insts) == 0 {
		t.Errorf("bad opcode mid-stream: %d records, error %v", len(s.Insts), s.Err)
	}
	if s := walk(mixed[:len(mixed)-3], 0, WalkOptions{}, 64); s.Err == nil {
		t.Error("truncated stream walked without error")
	}
}

// withBadAt returns code with the opcode of its instruction at about
// three fifths (in the igc layout at version 4.1) replaced by bad.
func withBadAt(code []byte, bad byte) []byte {
	s := walk(code, 0, WalkOptions{}, 1)
	c := slices.Clone(code)
	c[s.Insts[len(s.Insts)*3/5].Off] = bad
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
				for _, c := range chunkCounts(len(b.Code), false) {
					if err := sameWalk(b.Code, o, c); err != nil {
						t.Errorf("%s %s: %v", name, b.Name, err)
					}
				}
			}
		}
		o := WalkOptions{File: name, Version: f.Object.Version}
		for _, c := range chunkCounts(len(data), true) {
			if err := sameWalk(data, o, c); err != nil {
				t.Errorf("%s as a raw stream: %v", name, err)
			}
		}
	}
}

// TestWalkParallelLarge: Walk itself cuts a large stream into one chunk per
// processor, and gives the sequential result, for both layouts and through
// Decode's layout detection.
func TestWalkParallelLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("walks 4 MiB streams")
	}
	if got, want := walkChunks(64<<20), min(runtime.GOMAXPROCS(0), maxChunks); got != want {
		t.Errorf("64 MiB: %d chunks, want %d", got, want)
	}
	if got := walkChunks(parallelMin - 1); got != 1 {
		t.Errorf("a stream under %d bytes in %d chunks", parallelMin, got)
	}
	all, _ := instTemplates(t)
	code := mixedStream(4<<20, all)
	for _, l := range []Layout{LayoutIGC, LayoutSeed} {
		o := WalkOptions{Layout: l}
		if err := sameWalk(code, o, max(2, walkChunks(len(code)))); err != nil {
			t.Error(err)
		}
		a, b := Walk(code, 7, o), walk(code, 7, o, 1)
		if !slices.Equal(a.Insts, b.Insts) || len(a.Infos) != len(b.Infos) || fmt.Sprint(a.Err) != fmt.Sprint(b.Err) {
			t.Errorf("%s: Walk differs from the sequential walk", l)
		}
	}
	f := Decode("big.bin", code, Options{Hex: HexOff})
	if f.Layout != LayoutIGC || len(f.Errors) > 0 || len(f.Streams) != 1 {
		t.Fatalf("layout %s, errors %v", f.Layout, f.Errors)
	}
	if want := walk(code, 0, WalkOptions{File: "big.bin"}, 1); !slices.Equal(f.Streams[0].Insts, want.Insts) {
		t.Error("Decode's auto layout differs from the sequential walk")
	}
}

// TestParallelWalkMemory: a parallel walk allocates a handful of slices
// whatever the number of instructions, and about the bytes of a
// sequential one: its records go in place into one buffer sized from the
// density of the first bytes; on a stream denser than those, at most about
// twice.
func TestParallelWalkMemory(t *testing.T) {
	all, _ := instTemplates(t)
	Walk(all[0], 0, WalkOptions{}) // compile the table first
	for _, c := range []struct {
		name   string
		code   []byte
		factor float64
	}{
		{"mixed", mixedStream(2<<20, all), 1.1},
		{"one-byte", bytes.Repeat([]byte{0x59}, 2<<20), 1.1},
		// Denser than the first bytes said: the chunks outgrow their
		// regions and the records are copied once more.
		{"dense-tail", append(mixedStream(1<<20, all), bytes.Repeat([]byte{0x59}, 1<<20)...), 2.2},
	} {
		var seq, par *Stream
		sb := allocs(func() { seq = walk(c.code, 0, WalkOptions{}, 1) })
		pb := allocs(func() { par = walk(c.code, 0, WalkOptions{}, 4) })
		if seq.Err != nil || len(par.Insts) != len(seq.Insts) {
			t.Fatalf("%s: %v; %d records, sequential %d", c.name, seq.Err, len(par.Insts), len(seq.Insts))
		}
		t.Logf("%s: %d records; sequential %d bytes allocated, parallel %d (%.2fx)", c.name, len(seq.Insts), sb, pb, float64(pb)/float64(sb))
		if float64(pb) > c.factor*float64(sb) {
			t.Errorf("%s: parallel walk allocated %d bytes, sequential %d: more than %.1fx", c.name, pb, sb, c.factor)
		}
		n := testing.AllocsPerRun(3, func() { walk(c.code, 0, WalkOptions{}, 4) })
		if n > 64 {
			t.Errorf("%s: %.0f allocations in a 4-chunk walk of %d instructions", c.name, n, len(seq.Insts))
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
		chunks := min(max(2, len(code)/(1+int(code[0])%64)), len(code), 1024)
		for _, v := range []Version{{4, 1}, {3, 3}, {3, 6}} {
			for _, l := range []Layout{LayoutIGC, LayoutSeed} {
				if err := sameWalk(code, WalkOptions{File: "fuzz", Version: v, Layout: l, Symbols: docSymbols}, chunks); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}

// BenchmarkParallelWalk is Walk on the 64 MiB mixed stream (igc layout):
// run with -cpu 1,2 (and more where there are more cores), it compares one
// sequential walk (GOMAXPROCS=1) with the parallel walk in as many chunks
// as processors. ns/inst is per instruction walked. It loops over b.N, not
// b.Loop: the testing package runs a benchmark's first call before it sets
// -cpu's GOMAXPROCS (go.dev/issue/49980), and b.Loop does every iteration
// in that call, so with b.Loop "-cpu 1" would measure the default.
func BenchmarkParallelWalk(b *testing.B) {
	buf := benchStream(b)
	n := len(walk(buf, 0, WalkOptions{}, 1).Insts)
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		s := Walk(buf, 0, WalkOptions{Layout: LayoutIGC})
		if s.Err != nil || len(s.Insts) != n {
			b.Fatal(s.Err, len(s.Insts), n)
		}
	}
	b.ReportMetric(float64(walkChunks(len(buf))), "chunks")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/inst")
}
