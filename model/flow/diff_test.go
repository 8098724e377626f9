package flow

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/sampledata"
	"infoscope/sampledata/templates"
	"infoscope/sampledata/testkit"
)

// The differential tests: the sparse analysis (dataflow_body.go) gives the
// Flow the reference (ref_test.go) gives, for every INFO of every
// body of the test inputs and of generated bodies.

// sameFlow fails t when b and the reference disagree on the INFO at.
func sameFlow(t *testing.T, what string, b *Body, ref *refBody, at int, op InfoOperands) {
	t.Helper()
	got, want := b.Analyze(at, op), ref.Analyze(at, op)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: INFO at $%d (%+v):\ngot  %+v\nwant %+v", what, at, op, got, want)
	}
	// Within a budget it either finishes with the same Flow or says so.
	if lim, _, _ := b.analyze(at, op, 0); !reflect.DeepEqual(lim, want) {
		t.Fatalf("%s: unlimited analyze differs", what)
	}
	for _, limit := range []int{1, 50} {
		if lim, _, ok := b.analyze(at, op, limit); ok && !reflect.DeepEqual(lim, want) {
			t.Fatalf("%s: INFO at $%d within %d visits: got %+v", what, at, limit, lim)
		}
	}
}

// testInputs returns every file under the packages' testdata and the
// samples, gunzipped.
func testInputs(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, dir := range []string{filepath.Join("..", "..", "decoder", "testdata"), filepath.Join("..", "testdata"), filepath.Join("..", "..", "sampledata")} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".md") {
				return err
			}
			out[path] = testkit.ReadFile(t, path)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func diffFile(t *testing.T, name string, data []byte, o decoder.Options) int {
	t.Helper()
	n := 0
	for _, p := range decoder.Decode(name, data, o).Each() {
		for si, s := range p.Streams {
			if s.NumInfos() == 0 {
				continue
			}
			sf := NewStream(s, 32)
			ref := refNewBody(sf.flowInsts())
			for k, in := range s.Infos() {
				// The result layout is Simulate's.
				v, off := root(s.Symbols, in.Dst.ID)
				var want []ChunkRange
				for _, c := range model.Simulate(in, model.Env{GRFBytes: 32}).Dst {
					want = append(want, ChunkRange{Channel: c.Channel, Range: Range{Var: v, Start: off + c.ByteStart, End: off + c.ByteEnd}})
				}
				if !reflect.DeepEqual(sf.Operands(k).Dst, want) {
					t.Fatalf("%s: INFO %d: result chunks %+v, Simulate's %+v", name, k, sf.Operands(k).Dst, want)
				}
				sameFlow(t, name+" stream "+string(rune('0'+si%10)), sf.Body, ref, s.InfoInst(k), sf.Operands(k))
				n++
			}
		}
	}
	return n
}

// TestFlowMatchesReference: every INFO of every body of every test input
// and of a mixed raw stream of the samples' instructions (labels, jumps,
// gotos, calls, returns, sends): the same Flow as the reference.
func TestFlowMatchesReference(t *testing.T) {
	n := 0
	for name, data := range testInputs(t) {
		n += diffFile(t, name, data, decoder.Options{})
	}
	stream := sampledata.MixedStream(96<<10, templates.Mixed())
	n += diffFile(t, "mixed.bin", stream, decoder.Options{Layout: decoder.LayoutIGC})
	if n < 1000 {
		t.Fatalf("only %d INFO compared", n)
	}
	t.Logf("%d INFO compared", n)
}

// genBody builds a body from r: straight code, labels, conditional and
// unconditional jumps (back: loops; forward), switch jumps, calls,
// returns, predicated and partial writes, overlapping accesses of three
// variables (as aliases resolve to), and INFO-like instructions. It
// returns the body and the INFO to ask about.
// picker is where genBody takes its choices.
type picker interface{ IntN(n int) int }

func genBody(r picker, n int) ([]Inst, []int, []InfoOperands) {
	const nlabels = 6
	vars := []uint32{vLOD, vRes, vOther}
	acc := func(must bool) Access {
		s := r.IntN(24) * 4
		return Access{Var: vars[r.IntN(len(vars))], Start: s, End: s + 4*(1+r.IntN(12)), Must: must}
	}
	insts := make([]Inst, n)
	var infos []int
	var ops []InfoOperands
	for i := range insts {
		in := Inst{Label: -1}
		switch x := r.IntN(20); {
		case x < 3:
			in.Label = r.IntN(nlabels)
		case x == 3:
			in.Targets, in.Stop = []int{r.IntN(nlabels)}, r.IntN(2) == 0
		case x == 4:
			in.Targets, in.Stop = []int{r.IntN(nlabels), r.IntN(nlabels), r.IntN(nlabels + 2)}, true
		case x == 5:
			in.Stop = true
		case x == 6:
			in.Call = true
			in.Indirect = r.IntN(3) == 0
		case x < 9:
			lanes := []int{1, 4, 8, 16}[r.IntN(4)]
			s := r.IntN(8) * 4
			op := InfoOperands{HasLOD: r.IntN(5) != 0, Lanes: lanes, LOD: Range{vLOD, s, s + lanes*4}}
			if r.IntN(4) == 0 {
				op.LOD.Var = vars[r.IntN(3)]
			}
			base := r.IntN(4) * 32
			for k, ch := range []string{"R", "G", "B", "A"} {
				if r.IntN(3) != 0 {
					op.Dst = append(op.Dst, ChunkRange{ch, Range{vRes, base + k*lanes*4, base + (k+1)*lanes*4}})
				}
			}
			in = infoFlowInst(op)
			infos, ops = append(infos, i), append(ops, op)
		default:
			for range r.IntN(3) {
				in.Reads = append(in.Reads, acc(r.IntN(4) != 0))
			}
			for range r.IntN(3) {
				in.Writes = append(in.Writes, acc(r.IntN(3) != 0))
			}
			in.Payload = r.IntN(40) == 0
			in.Opaque = r.IntN(40) == 0
		}
		insts[i] = in
	}
	return insts, infos, ops
}

// TestFlowMatchesReferenceGenerated: generated bodies, every INFO, and
// every instruction asked about with the first INFO's operands; with the
// dominator tree, and without it (the search that replaces it past its
// bound).
func TestFlowMatchesReferenceGenerated(t *testing.T) {
	t.Run("tree", func(t *testing.T) { flowMatchesGenerated(t, false) })
	t.Run("no tree", func(t *testing.T) { flowMatchesGenerated(t, true) })
}

func flowMatchesGenerated(t *testing.T, withoutTree bool) {
	noTree := 0
	defer func() {
		if (noTree > 100) != withoutTree {
			t.Errorf("%d bodies without a dominator tree, tree left out: %v", noTree, withoutTree)
		}
	}()
	r := rand.New(rand.NewPCG(11, 3))
	for iter := range 400 {
		n := 1 + r.IntN(120)
		if iter%50 == 0 {
			n = 600 + r.IntN(600)
		}
		insts, infos, ops := genBody(r, n)
		b, ref := newBody(insts, withoutTree), refNewBody(insts)
		if b.pre == nil {
			noTree++
		}
		for k, at := range infos {
			sameFlow(t, "generated", b, ref, at, ops[k])
		}
		if len(ops) > 0 && n < 200 {
			for at := range n {
				sameFlow(t, "generated, any instruction", b, ref, at, ops[0])
			}
		}
	}
}

// bytePicker reads fuzz input: each choice from the next byte, zero past
// the end, so that the fuzzer steers the body.
type bytePicker struct{ data []byte }

func (p *bytePicker) IntN(n int) int {
	if len(p.data) == 0 {
		return 0
	}
	c := int(p.data[0])
	p.data = p.data[1:]
	return c % n
}

// genBodyBytes builds a body from fuzz input.
func genBodyBytes(data []byte) ([]Inst, []int, []InfoOperands) {
	n := 1
	if len(data) > 0 {
		n += int(data[0])
	}
	return genBody(&bytePicker{data}, n)
}

// TestBytesSetAddLanes: add and lanes work a word at a time; they set and
// find the bytes one at a time would.
func TestBytesSetAddLanes(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 7))
	for range 20000 {
		lo, hi := r.IntN(600)-40, r.IntN(600)-40
		var got, want bytesSet
		got.add(lo, hi)
		for b := max(lo, 0); b < min(hi, 512); b++ {
			want[b>>6] |= 1 << (b & 63)
		}
		if got != want {
			t.Fatalf("add(%d, %d) = %x, want %x", lo, hi, got, want)
		}
		start, n := r.IntN(600)-40, r.IntN(40)
		var wm uint32
		for l := range min(n, 32) {
			for b := max(start+l*4, 0); b < min(start+l*4+4, 512); b++ {
				if want[b>>6]>>(b&63)&1 != 0 {
					wm |= 1 << l
				}
			}
		}
		if gm := want.lanes(start, n); gm != wm {
			t.Fatalf("lanes(%d, %d) of %x = %x, want %x", start, n, want, gm, wm)
		}
	}
}

// TestFlowConcurrent: one Body asked from several goroutines at once (the
// scratch comes from the body's pool) gives each the reference's Flow.
func TestFlowConcurrent(t *testing.T) {
	insts, infos, ops := genBody(rand.New(rand.NewPCG(21, 4)), 900)
	b, ref := NewBody(insts), refNewBody(insts)
	want := make([]Flow, len(infos))
	for k, at := range infos {
		want[k] = ref.Analyze(at, ops[k])
	}
	errs := make(chan string, 4)
	for g := range 4 {
		go func() {
			for x := range infos {
				k := (x + g*7) % len(infos)
				if got := b.Analyze(infos[k], ops[k]); !reflect.DeepEqual(got, want[k]) {
					errs <- fmt.Sprintf("goroutine %d, INFO at $%d: %+v", g, infos[k], got)
					return
				}
			}
			errs <- ""
		}()
	}
	for range 4 {
		if e := <-errs; e != "" {
			t.Error(e)
		}
	}
}

// TestDominatorsBounded: a chain of labels each jumped to from a chain of
// jumps after it makes the dominator iteration quadratic; past its bound
// the body has no tree (and the analysis searches instead).
func TestDominatorsBounded(t *testing.T) {
	build := func(m int) *Body {
		var insts []Inst
		for i := range m {
			insts = append(insts, Inst{Label: i})
		}
		for i := range m {
			insts = append(insts, Inst{Label: -1, Targets: []int{i}})
		}
		return NewBody(insts)
	}
	if b := build(20); b.pre == nil {
		t.Error("a small body has no dominator tree")
	}
	if b := build(5000); b.pre != nil {
		t.Error("the quadratic body has a dominator tree")
	}
}
