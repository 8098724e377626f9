package dump

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
	"infoscope/model/index"
	"infoscope/sampledata"
)

// parVariants are the output options the parallel driver must reproduce
// exactly; JSON and --all are among them so that they stay identical
// whichever way they are written.
func parVariants(t testing.TB) map[string]Options {
	flt, err := index.ParseFilter("op:resinfo")
	if err != nil {
		t.Fatal(err)
	}
	text, err := index.ParseFilter("v33")
	if err != nil {
		t.Fatal(err)
	}
	return map[string]Options{
		"text":        {Syntax: "igc"},
		"seed":        {Syntax: "seed"},
		"filter":      {Syntax: "igc", Filter: flt},
		"filter-text": {Syntax: "seed", Filter: text},
		"strict":      {Syntax: "igc", Strict: true},
		"all":         {Syntax: "igc", All: true},
		"json":        {Syntax: "igc", JSON: true},
	}
}

// parTunings force parallel chunks on small inputs: one record a chunk,
// odd sizes that split streams unevenly, more workers than processors.
var parTunings = []parOptions{{workers: 2, chunk: 1}, {workers: 3, chunk: 7}, {workers: 2, chunk: 64}, {workers: 5, chunk: 3}}

// hostileInputs are generated streams: dense, mixed, damaged part way
// (decodable INFO before the error, none after), amplified.
func hostileInputs(t testing.TB) map[string][]byte {
	mixed := sampledata.MixedStream(256<<10, instTemplates(t))
	// An opcode byte half way that is no opcode: the walk stops there with
	// a located error.
	s := visatext.Decode("mixed.bin", mixed, decoder.Options{Layout: decoder.LayoutIGC}).Streams[0]
	broken := bytes.Clone(mixed)
	broken[s.Inst(s.NumInsts()/2).Off] = 0xff
	return map[string][]byte{
		"mixed.bin":     mixed,
		"broken.bin":    broken,
		"onebyte.bin":   sampledata.OneByteInstructions(64 << 10),
		"amplified.isa": sampledata.AmplifiedObject(50, mixed[:4096]),
	}
}

// writeBoth returns f's output written sequentially and with po.
func writeBoth(t testing.TB, f *decoder.File, o Options, po parOptions) (seq, par []byte) {
	var a, b bytes.Buffer
	o.par = parOptions{workers: 1}
	if _, err := Write(&a, f, o); err != nil {
		t.Fatal(err)
	}
	o.par = po
	if _, err := Write(&b, f, o); err != nil {
		t.Fatal(err)
	}
	return a.Bytes(), b.Bytes()
}

// firstDiff describes where two outputs part.
func firstDiff(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for k := range min(len(al), len(bl)) {
		if al[k] != bl[k] {
			return fmt.Sprintf("line %d:\n seq %q\n par %q", k+1, al[k], bl[k])
		}
	}
	return fmt.Sprintf("%d lines sequentially, %d in parallel", len(al), len(bl))
}

// TestParallelMatchesSequential: every input of every kind (Intel's
// binaries and their text, C source, the samples, hostile streams, a
// stream with a decode error half way), in every output variant, comes
// out byte for byte the same whether written on one goroutine or in
// parallel chunks of any size.
func TestParallelMatchesSequential(t *testing.T) {
	in := jsonInputs(t)
	for name, data := range hostileInputs(t) {
		in[name] = data
	}
	variants := parVariants(t)
	lines := 0
	for name, data := range in {
		f := visatext.Decode(name, data, decoder.Options{})
		if name == "broken.bin" && len(f.Errors) == 0 {
			t.Fatal("broken.bin decodes without error: the test would not cover a stream that stops part way")
		}
		for vn, o := range variants {
			for _, po := range parTunings {
				seq, par := writeBoth(t, f, o, po)
				if !bytes.Equal(seq, par) {
					t.Errorf("%s %s %+v: %s", name, vn, po, firstDiff(seq, par))
				}
				lines += bytes.Count(seq, []byte("\n"))
			}
		}
	}
	if lines == 0 {
		t.Fatal("no output compared")
	}
	t.Logf("%d inputs, %d lines compared", len(in), lines)
}

// TestParallelRun: the whole command, with the chunks forced small,
// writes what the sequential command writes on stdout and on stderr
// (layout notes, the located error of a damaged stream) with the same
// exit status.
func TestParallelRun(t *testing.T) {
	hostile := hostileInputs(t)
	open := func(name string) ([]byte, error) {
		if d, ok := hostile[name]; ok {
			return d, nil
		}
		return sampledata.Read(name)
	}
	args := append([]string{"--strict"}, sampledata.Names()...)
	args = append(args, "broken.bin", "mixed.bin")
	run := func(po parOptions) (string, string, int) {
		var out, errb bytes.Buffer
		code := runTuned(args, Env{Stdout: &out, Stderr: &errb, Open: open}, po)
		return out.String(), errb.String(), code
	}
	so, se, sc := run(parOptions{workers: 1})
	po, pe, pc := run(parOptions{workers: 2, chunk: 5})
	if so != po {
		t.Errorf("stdout differs: %s", firstDiff([]byte(so), []byte(po)))
	}
	if se != pe || sc != pc {
		t.Errorf("stderr or status differ:\nseq %d %q\npar %d %q", sc, se, pc, pe)
	}
	if !strings.Contains(se, "broken.bin") || sc != ExitError {
		t.Errorf("the damaged stream's error is not reported (exit %d):\n%s", sc, se)
	}
}

// TestDriverBounded: whatever the order in which workers finish, at most
// two chunks per worker are formatted and not yet written, and the
// records come out in order.
func TestDriverBounded(t *testing.T) {
	const workers, n = 3, 5000
	var started, written atomic.Int64
	var over atomic.Bool
	rs := recordSet[int]{
		counts: []int{n / 2, 0, n / 2},
		chunk:  10,
		appendRange: func(calls *int, b []byte, si, lo, hi, limit int) ([]byte, int) {
			*calls++
			if started.Add(1)-written.Load() > 2*workers {
				over.Store(true)
			}
			for j := lo; j < hi; j++ {
				b = fmt.Appendf(b, "%d.%d\n", si, j)
			}
			return b, hi
		},
		parallel: true,
	}
	var out bytes.Buffer
	w := writerFunc(func(p []byte) (int, error) {
		written.Add(1)
		return out.Write(p)
	})
	if err := writeRecords(w, rs, parOptions{workers: workers}); err != nil {
		t.Fatal(err)
	}
	if over.Load() {
		t.Error("more than two chunks per worker were in flight")
	}
	var want bytes.Buffer
	for _, si := range []int{0, 2} {
		for j := range n / 2 {
			fmt.Fprintf(&want, "%d.%d\n", si, j)
		}
	}
	if !bytes.Equal(out.Bytes(), want.Bytes()) {
		t.Errorf("records out of order: %s", firstDiff(want.Bytes(), out.Bytes()))
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestDriverWriteError: a failed write stops the driver, which returns
// the error once its workers are done.
func TestDriverWriteError(t *testing.T) {
	rs := recordSet[int]{
		counts: []int{100000},
		chunk:  10,
		appendRange: func(_ *int, b []byte, _, lo, hi, _ int) ([]byte, int) {
			return append(b, "x\n"...), hi
		},
		parallel: true,
	}
	bad := errors.New("disk full")
	writes := 0
	w := writerFunc(func(p []byte) (int, error) {
		writes++
		return 0, bad
	})
	if err := writeRecords(w, rs, parOptions{workers: 2}); !errors.Is(err, bad) {
		t.Fatalf("err = %v, want %v", err, bad)
	}
	if writes != 1 {
		t.Errorf("%d writes after the first failed", writes-1)
	}
}

// TestDriverPanic: a record whose formatting panics panics on the
// caller's goroutine, as a sequential write would, not in a worker where
// nothing could recover it.
func TestDriverPanic(t *testing.T) {
	rs := recordSet[int]{
		counts: []int{1000},
		chunk:  10,
		appendRange: func(_ *int, b []byte, _, lo, hi, _ int) ([]byte, int) {
			if lo <= 555 && 555 < hi {
				panic("bad record")
			}
			return append(b, "x\n"...), hi
		},
		parallel: true,
	}
	defer func() {
		p := recover()
		if s, _ := p.(string); !strings.Contains(s, "bad record") || !strings.Contains(s, "550 to 559") {
			t.Errorf("recovered %v, want the worker's panic and its records", p)
		}
	}()
	_ = writeRecords(writerFunc(func(p []byte) (int, error) { return len(p), nil }), rs, parOptions{workers: 2})
	t.Error("no panic")
}

// FuzzParallelWrite: any input, written in parallel chunks of any size,
// gives the sequential output.
func FuzzParallelWrite(f *testing.F) {
	for _, name := range []string{"stream_igc.bin", "stream_seed.bin", "damaged.isa", "kernels.isa"} {
		data, err := sampledata.Read(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint8(3), uint8(2), false)
	}
	f.Add(sampledata.MixedStream(8<<10, instTemplates(f)), uint8(1), uint8(3), true)
	f.Fuzz(func(t *testing.T, data []byte, chunk, workers uint8, seed bool) {
		f := visatext.Decode("fuzz.bin", data, decoder.Options{})
		o := Options{Syntax: "igc"}
		if seed {
			o.Syntax = "seed"
		}
		po := parOptions{workers: 2 + int(workers%4), chunk: 1 + int(chunk%32)}
		if seq, par := writeBoth(t, f, o, po); !bytes.Equal(seq, par) {
			t.Fatalf("%+v: %s", po, firstDiff(seq, par))
		}
	})
}
