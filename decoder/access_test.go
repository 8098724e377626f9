package decoder

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"
	"unsafe"

	"infoscope/sampledata"
	"infoscope/sampledata/testkit"
)

// allInsts returns every instruction of s through Inst.
func allInsts(s *Stream) []Inst {
	out := make([]Inst, s.NumInsts())
	for i := range out {
		out[i] = s.Inst(i)
	}
	return out
}

// allInfos returns every INFO of s through Info.
func allInfos(s *Stream) []Info {
	out := make([]Info, s.NumInfos())
	for k := range out {
		out[k] = *s.Info(k)
	}
	return out
}

// TestAccessors checks the accessors against each other and against the
// careful walk, on a stream held in full and on one held by marks (cut
// short by an error too): the iterators give what the indexed calls give,
// Inst(i) in any order is the careful walk's instruction, the cheap INFO
// fields (instruction, offset, InfoAt) agree with the decoded Info, and
// an Info handed out is the caller's own.
func TestAccessors(t *testing.T) {
	all, _ := instTemplates(t)
	for _, c := range []struct {
		name  string
		size  int
		cut   bool // an unknown opcode ends the stream
		marks bool
	}{{"full", 64 << 10, false, false}, {"marks", 1 << 20, false, true}, {"marks-cut", 1 << 20, true, true}} {
		code := sampledata.MixedStream(c.size, all)
		if c.cut {
			code = append(code[:len(code):len(code)], 0xFF, 1, 2, 3)
		}
		o := WalkOptions{Version: DefaultVersion(), Layout: LayoutIGC}
		s := Walk(code, 0x100, o)
		want, werr := carefulWalk(code, o)
		if (s.Err != nil) != c.cut || (werr != nil) != c.cut || s.NumInfos() < 100 || (s.marks != nil) != c.marks || (s.insts != nil) == c.marks {
			t.Fatalf("%s: walk: %v, careful %v, %d INFO, held by marks %v", c.name, s.Err, werr, s.NumInfos(), s.marks != nil)
		}
		if s.NumInsts() != len(want) {
			t.Fatalf("%s: %d instructions, careful walk %d", c.name, s.NumInsts(), len(want))
		}
		// Backwards, then at random: every block walked again.
		for i := len(want) - 1; i >= 0; i -= 7 {
			if s.Inst(i) != want[i] {
				t.Fatalf("%s: Inst(%d) = %+v, careful walk %+v", c.name, i, s.Inst(i), want[i])
			}
		}
		r := rand.New(rand.NewPCG(5, 6))
		for range 2000 {
			if i := r.IntN(len(want)); s.Inst(i) != want[i] {
				t.Fatalf("%s: Inst(%d) = %+v, careful walk %+v", c.name, i, s.Inst(i), want[i])
			}
		}
		n, k := 0, 0
		for i, in := range s.Insts() {
			if i != n || in != want[i] {
				t.Fatalf("%s: Insts() step %d gave $%d %+v, careful walk %+v", c.name, n, i, in, want[n])
			}
			n++
			ki, ok := s.InfoAt(i)
			if ok != (in.Op == OpINFO) || ok && (ki != k || s.InfoInst(k) != i) {
				t.Fatalf("%s: InfoAt($%d) = %d, %v for %s", c.name, i, ki, ok, in.Mnemonic())
			}
			if ok {
				// The record a full decode of the instruction's bytes gives.
				var ref Info
				decodeInfo(&ref, s, i, code[in.Off:int(in.Off)+int(in.Len)], int(in.Off), o.Layout, DefaultVersion())
				if got := s.Info(k); *got != ref || s.InfoOff(k) != 0x100+int64(in.Off) || !bytes.Equal(got.Bytes(), code[in.Off:int(in.Off)+int(in.Len)]) {
					t.Fatalf("%s: INFO %d: %+v, want %+v", c.name, k, *got, ref)
				}
				k++
			}
		}
		if n != s.NumInsts() || k != s.NumInfos() {
			t.Fatalf("%s: Insts() gave %d of %d, %d INFO of %d", c.name, n, s.NumInsts(), k, s.NumInfos())
		}
		n = 0
		for k, in := range s.Infos() {
			want := s.Info(k)
			if k != n || *in != *want || in.Inst != s.InfoInst(k) || in.Off != s.InfoOff(k) || in.Off != s.AbsOff(in.Inst) {
				t.Fatalf("%s: INFO %d: iterator %+v, Info %+v, InfoInst %d, InfoOff %d", c.name, k, *in, *want, s.InfoInst(k), s.InfoOff(k))
			}
			var r Info
			s.ReadInfo(k, &r)
			if r != *want || r.Text() != want.Text() {
				t.Fatalf("%s: INFO %d: ReadInfo %+v, Info %+v", c.name, k, r, *want)
			}
			n++
		}
		if n != s.NumInfos() {
			t.Fatalf("%s: Infos() gave %d of %d", c.name, n, s.NumInfos())
		}
		n = 0
		for range s.Infos() {
			n++
			if n == 10 {
				break // an early stop must be honoured
			}
		}
		if n != 10 {
			t.Fatalf("%s: Infos() stopped after %d", c.name, n)
		}
		a := s.Info(3)
		a.Surface++
		if s.Info(3).Surface == a.Surface {
			t.Errorf("%s: an Info handed out shares the stream's record", c.name)
		}
	}
}

// TestAccessorsConcurrent reads one large stream from several goroutines
// at once, as SSH sessions sharing it and dump's parallel writer do (run
// with -race): every one sees the careful walk's instructions and the
// same INFO.
func TestAccessorsConcurrent(t *testing.T) {
	all, _ := instTemplates(t)
	code := sampledata.MixedStream(1<<20, all)
	o := WalkOptions{Version: DefaultVersion(), Layout: LayoutIGC}
	s := Walk(code, 0, o)
	want, _ := carefulWalk(code, o)
	texts := make([]string, s.NumInfos())
	insts := make([]string, s.NumInfos()) // the INFO's operands' text
	for k := range texts {
		texts[k] = s.Info(k).Text()
		var in Instruction
		s.Decode(s.InfoInst(k), &in)
		insts[k] = in.Text()
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for g := range 4 {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(g), 7))
			var in Instruction
			for range 3000 {
				i := r.IntN(len(want))
				if s.Inst(i) != want[i] {
					errs <- fmt.Sprintf("goroutine %d: Inst(%d) = %+v, want %+v", g, i, s.Inst(i), want[i])
					return
				}
				s.Decode(i, &in)
				if k := r.IntN(len(texts)); s.Info(k).Text() != texts[k] {
					errs <- fmt.Sprintf("goroutine %d: INFO %d = %q, want %q", g, k, s.Info(k).Text(), texts[k])
					return
				}
				k := r.IntN(len(texts))
				if s.DecodeInfo(k, &in); in.Text() != insts[k] {
					errs <- fmt.Sprintf("goroutine %d: DecodeInfo(%d) = %q, want %q", g, k, in.Text(), insts[k])
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// testInputs returns every input of the tests' files: the samples, IGC's
// binaries and their text, the shipped files.
func testInputs(t *testing.T) map[string][]byte {
	inputs := map[string][]byte{}
	for n, b := range sampleFiles(t) {
		inputs["sampledata/"+n] = b
	}
	for n, b := range oracleFiles(t) {
		inputs["oracle/"+n] = b
	}
	texts, _ := filepath.Glob("testdata/oracle/*.visaasm")
	for _, p := range texts {
		b := testkit.ReadFile(t, p)
		inputs["oracle/"+filepath.Base(p)] = b
	}
	for n, b := range realFiles(t) {
		inputs["real/"+n] = b
	}
	return inputs
}

// sameStorage reports whether a and b hold one walk's instructions and
// INFO (not two walks of the same bytes).
func sameStorage(a, b *Stream) bool {
	return (a.insts != nil || a.marks != nil) &&
		unsafe.SliceData(a.insts) == unsafe.SliceData(b.insts) &&
		unsafe.SliceData(a.marks) == unsafe.SliceData(b.marks) &&
		unsafe.SliceData(a.refs) == unsafe.SliceData(b.refs)
}

// sameInstruction returns why got and want differ, or "".
func sameInstruction(got, want *Instruction) string {
	if got.Text() != want.Text() || got.Op != want.Op || got.Sub != want.Sub || got.Mnemonic != want.Mnemonic ||
		got.Index != want.Index || got.Off != want.Off || got.Len != want.Len || got.N != want.N ||
		got.HasExec != want.HasExec || got.Exec != want.Exec || got.HasPred != want.HasPred || got.Pred != want.Pred ||
		got.row != want.row || got.consumed != want.consumed ||
		!reflect.DeepEqual(got.Args[:got.N], want.Args[:want.N]) || !reflect.DeepEqual(got.Diagnostics(), want.Diagnostics()) {
		return fmt.Sprintf("%+v, want %+v", got, want)
	}
	return ""
}

// TestIGCInfoDecode: an INFO's operands read from its form (infospec.go)
// are the operand decoder's reading of the table's INFO row, on every
// INFO of the test inputs and on INFO of every value of each byte but the
// opcode, at both raw-operand widths, with and without a variable table:
// the spec and the table describe one layout.
func TestIGCInfoDecode(t *testing.T) {
	for sub := range 256 {
		if got, want := infoMnemonics()[sub], Mnemonic(OpINFO, uint8(sub)); got != want {
			t.Fatalf("INFO sub-op 0x%02x: %q, Mnemonic %q", sub, got, want)
		}
	}
	check := func(name string, s *Stream) int {
		n := 0
		for k := range s.NumInfos() {
			i := s.InfoInst(k)
			var got, want Instruction
			s.decodeWith(s.Inst(i), i, &got, true)
			s.decodeWith(s.Inst(i), i, &want, false)
			if d := sameInstruction(&got, &want); d != "" {
				t.Fatalf("%s: INFO %d: %s", name, k, d)
			}
			n++
		}
		return n
	}
	n := 0
	for name, data := range testInputs(t) {
		for _, p := range Decode(name, data, Options{Layout: LayoutIGC}).Each() {
			for _, s := range p.Streams {
				n += check(name, s)
			}
		}
	}
	sym := &Symbols{Vars: []VarInfo{{Name: "a", Bytes: 64}, {Name: "b\"q\"", Bytes: 512}}, Surfaces: []string{"tex"}, Full: true}
	for _, v := range []Version{{3, 3}, {4, 1}} {
		for _, sub := range []uint8{0x0A, 0x0B, 0x2A, 0x00} {
			n0 := infoLen(sub, LayoutIGC, v)
			for pos := 2; pos < n0; pos++ {
				for x := range 256 {
					code := []byte{OpINFO, sub, 0x34, 0x0F, 7, 32, 0, 0, 0, 0, 0, 33, 0, 0, 0, 0, 0}[:n0]
					code[pos] = byte(x)
					for _, sy := range []*Symbols{nil, sym} {
						n += check(fmt.Sprintf("%x", code), Walk(code, 0, WalkOptions{Version: v, Layout: LayoutIGC, Symbols: sy}))
					}
				}
			}
		}
	}
	if n < 10000 {
		t.Fatalf("only %d INFO compared", n)
	}
}

// TestDecodeInfo: DecodeInfo(k) gives what Decode(InfoInst(k)) gives, on
// every INFO of every test input (the samples, IGC's binaries and their
// text, the shipped files) and of mixed streams held in full and by marks
// in both layouts, whatever was decoded into the Instruction before.
func TestDecodeInfo(t *testing.T) {
	inputs := testInputs(t)
	all, nonInfo := instTemplates(t)
	// The seed layout's: the same non-INFO, and the seed sample's INFO.
	seed := slices.Clone(nonInfo)
	for _, s := range Decode("stream_seed.bin", sampleFiles(t)["stream_seed.bin"], Options{Layout: LayoutSeed}).Streams {
		for k := range s.NumInfos() {
			seed = append(seed, s.Info(k).Bytes())
		}
	}
	check := func(name string, s *Stream) int {
		var got Instruction // reused, as dump reuses it
		for k := range s.NumInfos() {
			var want Instruction
			s.Decode(s.InfoInst(k), &want)
			s.DecodeInfo(k, &got)
			if d := sameInstruction(&got, &want); d != "" {
				t.Fatalf("%s: INFO %d ($%d): DecodeInfo %s", name, k, s.InfoInst(k), d)
			}
		}
		return s.NumInfos()
	}
	n, marks := 0, 0
	for name, data := range inputs {
		for _, p := range Decode(name, data, Options{}).Each() {
			for _, s := range p.Streams {
				n += check(name, s)
			}
		}
	}
	for layout, templates := range map[Layout][][]byte{LayoutIGC: all, LayoutSeed: seed} {
		s := Walk(sampledata.MixedStream(1<<20, templates), 0x40, WalkOptions{Version: DefaultVersion(), Layout: layout})
		if s.marks == nil || s.Err != nil {
			t.Fatalf("%s mixed stream: held in full %v, error %v", layout, s.marks == nil, s.Err)
		}
		marks += check("mixed "+layout.String(), s)
	}
	if n < 100 || marks < 1000 {
		t.Fatalf("only %d INFO of files and %d of streams held by marks checked", n, marks)
	}
}

// TestWalkIndexGrowsOnce: on a large stream of even INFO density the INFO
// list is sized from the density before the chunk being added, so it is
// allocated for the first chunk and once for the rest, not grown again
// (each growth copies the list: tens of MB on a 256 MiB stream).
func TestWalkIndexGrowsOnce(t *testing.T) {
	const chunks, instLen = 40, 16
	x := &walkIndex{end: chunks * walkChunk * instLen}
	insts := make([]Inst, walkChunk)
	grew, last := 0, -1
	for c := range chunks {
		for j := range insts {
			i := c*walkChunk + j
			insts[j] = Inst{Off: uint32(i * instLen), Len: instLen, Op: 0x01}
			if i%4 == 0 {
				insts[j].Op = OpINFO
			}
		}
		x.add(insts, c*walkChunk)
		if cap(x.refs) != last {
			grew, last = grew+1, cap(x.refs)
		}
	}
	if want := chunks * walkChunk / 4; len(x.refs) != want {
		t.Fatalf("%d INFO indexed, want %d", len(x.refs), want)
	}
	if grew > 2 {
		t.Errorf("the INFO list was allocated %d times, want at most 2 (the first chunk, then the estimate of the rest)", grew)
	}
}
