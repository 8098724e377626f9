package flow

import (
	"bytes"
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
	"infoscope/sampledata/testkit"
)

// Hand-built bodies: variables 40 (lod), 41 (res), 42 (other).
const (
	vLOD   = 40
	vRes   = 41
	vOther = 42
)

func w(v uint32, s, e int) Access  { return Access{Var: v, Start: s, End: e, Must: true} }
func mw(v uint32, s, e int) Access { return Access{Var: v, Start: s, End: e} }

func fi(reads, writes []Access) Inst {
	return Inst{Reads: reads, Writes: writes, Label: -1}
}
func label(l int) Inst { return Inst{Label: l} }
func jmp(l int, cond bool) Inst {
	return Inst{Label: -1, Targets: []int{l}, Stop: !cond}
}

// info8 is a SIMD8 resinfo reading lod bytes 0..32 and returning R and G
// into res (R at 0..32, G at 32..64).
func info8() (Inst, InfoOperands) {
	op := InfoOperands{HasLOD: true, LOD: Range{vLOD, 0, 32}, Lanes: 8,
		Dst: []ChunkRange{{"R", Range{vRes, 0, 32}}, {"G", Range{vRes, 32, 64}}}}
	return infoFlowInst(op), op
}

func TestFlowStraight(t *testing.T) {
	in, op := info8()
	body := []Inst{
		fi(nil, []Access{w(vLOD, 0, 32)}),           // $0 writes all of lod
		fi(nil, []Access{w(vOther, 0, 32)}),         // $1 unrelated
		in,                                          // $2 INFO
		fi([]Access{w(vRes, 0, 16)}, nil),           // $3 reads R lanes 0-3
		fi(nil, []Access{w(vRes, 0, 32)}),           // $4 overwrites R
		fi([]Access{w(vRes, 0, 64)}, nil),           // $5 reads R (new value) and G
		fi([]Access{w(vRes, 40, 44)}, nil),          // $6 reads G lane 2
		fi(nil, []Access{w(vRes, 32, 64)}),          // $7 overwrites G
		fi([]Access{w(vRes, 0, 64)}, nil),           // $8 reads nothing of INFO's
		{Label: -1, Reads: []Access{w(vLOD, 0, 4)}}, // $9 reads lod: not a reader of the result
		fi(nil, []Access{w(vLOD, 0, 32)}),           // $10 writes lod after: not a source
	}
	f := NewBody(body).Analyze(2, op)
	checkFlow(t, f, Flow{
		Sources: []Source{{Inst: 0, Start: 0, End: 32, Lanes: "0-7"}},
		Readers: []Reader{
			{3, []ChannelLanes{{"R", "0-3"}}},
			{5, []ChannelLanes{{"G", "0-7"}}},
			{6, []ChannelLanes{{"G", "2"}}},
		},
		Overwrites: []Overwrite{{"R", 4, "0-7"}, {"G", 7, "0-7"}},
	})
	if f.Blocks != 1 || len(f.Notes) != 0 {
		t.Errorf("blocks %d, notes %v", f.Blocks, f.Notes)
	}
}

// checkFlow compares f's sources, lanes from outside, readers and
// overwrites with want's.
func checkFlow(t *testing.T, f, want Flow) {
	t.Helper()
	if !reflect.DeepEqual(f.Sources, want.Sources) {
		t.Errorf("sources = %+v, want %+v", f.Sources, want.Sources)
	}
	if f.Outside != want.Outside {
		t.Errorf("outside = %q, want %q", f.Outside, want.Outside)
	}
	if !reflect.DeepEqual(f.Readers, want.Readers) {
		t.Errorf("readers = %+v, want %+v", f.Readers, want.Readers)
	}
	if !reflect.DeepEqual(f.Overwrites, want.Overwrites) {
		t.Errorf("overwrites = %+v, want %+v", f.Overwrites, want.Overwrites)
	}
}

func TestFlowBranch(t *testing.T) {
	in, op := info8()
	body := []Inst{
		jmp(1, true),                       // $0 (P1) jmp L1
		fi(nil, []Access{w(vLOD, 0, 32)}),  // $1 then side
		jmp(2, false),                      // $2 jmp L2
		label(1),                           // $3 L1:
		fi(nil, []Access{w(vLOD, 0, 16)}),  // $4 else side: lanes 0-3 only
		label(2),                           // $5 L2:
		in,                                 // $6 INFO
		jmp(3, true),                       // $7 (P2) jmp L3
		fi([]Access{w(vRes, 32, 64)}, nil), // $8 reads G on one side
		label(3),                           // $9 L3:
		fi([]Access{w(vRes, 0, 32)}, nil),  // $10 reads R after the join
	}
	f := NewBody(body).Analyze(6, op)
	checkFlow(t, f, Flow{
		Sources: []Source{
			{Inst: 4, Start: 0, End: 16, Lanes: "0-3", SomePaths: true},
			{Inst: 1, Start: 0, End: 32, Lanes: "0-7", SomePaths: true},
		},
		// Lanes 4-7 are unwritten on the else path: they come from outside.
		Outside: "4-7",
		Readers: []Reader{{8, []ChannelLanes{{"G", "0-7"}}}, {10, []ChannelLanes{{"R", "0-7"}}}},
	})
	if f.Blocks != 6 || f.Block != [2]int{5, 7} {
		t.Errorf("blocks = %d, INFO's block %v", f.Blocks, f.Block)
	}
}

func TestFlowLoop(t *testing.T) {
	in, op := info8()
	body := []Inst{
		fi(nil, []Access{w(vLOD, 0, 32)}),  // $0 before the loop
		label(0),                           // $1 L0:
		fi([]Access{w(vRes, 0, 4)}, nil),   // $2 reads R lane 0 of the previous iteration
		in,                                 // $3 INFO
		fi(nil, []Access{w(vLOD, 0, 32)}),  // $4 next iteration's LOD
		jmp(0, true),                       // $5 (P1) jmp L0
		fi([]Access{w(vRes, 60, 64)}, nil), // $6 after the loop: G lane 7
		{Label: -1, Stop: true},            // $7 ret
		fi([]Access{w(vRes, 0, 64)}, nil),  // $8 unreachable
	}
	checkFlow(t, NewBody(body).Analyze(3, op), Flow{
		Sources: []Source{
			{Inst: 0, Start: 0, End: 32, Lanes: "0-7", SomePaths: true},
			{Inst: 4, Start: 0, End: 32, Lanes: "0-7", SomePaths: true},
		},
		Readers: []Reader{{6, []ChannelLanes{{"G", "7"}}}, {2, []ChannelLanes{{"R", "0"}}}},
	})
}

func TestFlowPartialAndPredicated(t *testing.T) {
	in, op := info8()
	body := []Inst{
		fi(nil, []Access{w(vLOD, 16, 48)}), // $0 lanes 4-7 of lod (and 16 bytes past it)
		fi(nil, []Access{w(vLOD, 0, 20)}),  // $1 lanes 0-4: kills lane 4 of $0
		fi(nil, []Access{mw(vLOD, 0, 8)}),  // $2 predicated: lanes 0-1, may
		in,                                 // $3 INFO
		fi([]Access{w(vRes, 28, 36)}, nil), // $4 straddles R lane 7 and G lane 0
		fi(nil, []Access{mw(vRes, 0, 64)}), // $5 predicated write: no overwrite
		fi([]Access{w(vRes, 30, 31)}, nil), // $6 one byte of R lane 7
	}
	checkFlow(t, NewBody(body).Analyze(3, op), Flow{
		Sources: []Source{
			{Inst: 2, Start: 0, End: 8, Lanes: "0-1", SomePaths: true},
			{Inst: 1, Start: 0, End: 20, Lanes: "0-4"},
			{Inst: 0, Start: 20, End: 32, Lanes: "5-7"},
		},
		Readers: []Reader{{4, []ChannelLanes{{"R", "7"}, {"G", "0"}}}, {6, []ChannelLanes{{"R", "7"}}}},
		// No overwrites: the write is predicated.
	})
}

// gen builds a general operand V<id>(row,col)<region>.
func gen(role string, id uint32, row, col uint8, r decoder.Region) *decoder.General {
	return &decoder.General{Role: role, ID: id, Row: row, Col: col, Region: r}
}

// Regions: <1> for a destination, <1;1,0> and <0;1,0> for sources.
const (
	regDst    decoder.Region = 2 << 8
	regSeq    decoder.Region = 2 | 2<<4 | 1<<8
	regScalar decoder.Region = 1 | 2<<4 | 1<<8
)

func movInst(exec int, dst, src *decoder.General, sym *decoder.Symbols) *decoder.Instruction {
	in := &decoder.Instruction{Mnemonic: "mov", HasExec: true, HasPred: true}
	for code := uint8(0); code < 8; code++ {
		if decoder.ExecSizeFromCode(code) == exec {
			in.Exec = decoder.Exec(code)
		}
	}
	in.Add(dst)
	in.Add(src)
	in.SetSymbols(sym)
	return in
}

// TestFlowAliasAndSIMD32 decodes hand-built instructions: a SIMD32 RGBA
// result spans 16 GRFs; an alias of res reads G through its root's bytes,
// and a mov to an alias of lod is a source.
func TestFlowAliasAndSIMD32(t *testing.T) {
	sym := &decoder.Symbols{Vars: []decoder.VarInfo{
		{Name: "lod", Bytes: 128, Type: 0},
		{Name: "res", Bytes: 512, Type: 0},
		{Name: "resG", Bytes: 128, Type: 0, Alias: 33, AliasOffset: 128}, // id 34: res bytes 128..256
		{Name: "lodHi", Bytes: 64, Type: 0, Alias: 32, AliasOffset: 64},  // id 35: lod bytes 64..128
		{Name: "x", Bytes: 128, Type: 0},                                 // id 36
	}}
	info := InfoOperands{HasLOD: true, LOD: Range{32, 0, 128}, Lanes: 32}
	for c, name := range []string{"R", "G", "B", "A"} {
		info.Dst = append(info.Dst, ChunkRange{name, Range{33, c * 128, c*128 + 128}})
	}
	body := []Inst{
		flowInst(movInst(16, gen("dst", 35, 0, 0, regDst), gen("src0", 36, 0, 0, regScalar), sym), 32), // lanes 16-31 of lod
		infoFlowInst(info),
		flowInst(movInst(16, gen("dst", 36, 0, 0, regDst), gen("src0", 34, 1, 0, regSeq), sym), 32),    // resG row 1: G lanes 8-23
		flowInst(movInst(8, gen("dst", 36, 0, 0, regDst), gen("src0", 33, 12, 0, regScalar), sym), 32), // res row 12 col 0: A lane 0
		flowInst(movInst(32, gen("dst", 34, 0, 0, regDst), gen("src0", 36, 0, 0, regScalar), sym), 32), // overwrites all of G
	}
	checkFlow(t, NewBody(body).Analyze(1, info), Flow{
		Sources:    []Source{{Inst: 0, Start: 64, End: 128, Lanes: "16-31"}},
		Outside:    "0-15",
		Readers:    []Reader{{2, []ChannelLanes{{"G", "8-23"}}}, {3, []ChannelLanes{{"A", "0"}}}},
		Overwrites: []Overwrite{{"G", 4, "0-31"}},
	})
}

// oracleSources lists the oracle INFO with a LOD source: info_min's
// kernels set their LOD with a mov ("mov (M1, 8) lod(0,0)<1> 0x0:ud").
var oracleSources = map[string][]int{
	"info_min.isa $1":     {0},
	"info_min_skl.isa $1": {0},
}

// TestFlowOracles: apart from info_min's mov, the oracle kernels never
// touch their LOD or result variables outside INFO instructions, so every
// other INFO has no LOD source, and none has a reader.
func TestFlowOracles(t *testing.T) {
	infos := 0
	for _, p := range testkit.Glob(t, 1, filepath.Join("..", "..", "decoder", "testdata", "oracle", "*.isa")) {
		data := testkit.ReadFile(t, p)
		f := decoder.Decode(filepath.Base(p), data, decoder.Options{})
		for _, s := range f.Streams {
			sf := NewStream(s, 32)
			for k := range s.NumInfos() {
				infos++
				fl := sf.Info(k)
				var got []int
				for _, src := range fl.Sources {
					got = append(got, src.Inst)
				}
				want := oracleSources[f.Name+" $"+strconv.Itoa(s.Info(k).Inst)]
				if !reflect.DeepEqual(got, want) || len(fl.Readers) != 0 {
					t.Errorf("%s %s $%d: sources %+v, readers %+v; want sources %v and no reader", f.Name, s.Kernel, s.Info(k).Inst, fl.Sources, fl.Readers, want)
				}
				if fl.Blocks < 1 || fl.Block[0] > s.Info(k).Inst || fl.Block[1] < s.Info(k).Inst {
					t.Errorf("%s $%d: block %v of %d", f.Name, s.Info(k).Inst, fl.Block, fl.Blocks)
				}
			}
		}
	}
	if infos == 0 {
		t.Fatal("no INFO in the oracle files")
	}
}

// flowSummary is what a test compares between a binary and its text: the
// $N of the sources (with some-paths), the readers with their channels and
// lanes, and the overwrites.
func flowSummary(f Flow) string {
	var b strings.Builder
	for _, s := range f.Sources {
		fmt.Fprintf(&b, "src $%d %s %v; ", s.Inst, s.Lanes, s.SomePaths)
	}
	for _, r := range f.Readers {
		fmt.Fprintf(&b, "reader $%d %v; ", r.Inst, r.Channels)
	}
	for _, o := range f.Overwrites {
		fmt.Fprintf(&b, "over %s $%d %s; ", o.Channel, o.Inst, o.Lanes)
	}
	fmt.Fprintf(&b, "outside %q", f.Outside)
	return b.String()
}

// TestFlowTextMatchesBinary: data flow read from vISA text (Intel's own
// disassembly of every oracle binary, and the data-flow sample's listing)
// equals the binary's, INFO by INFO.
func TestFlowTextMatchesBinary(t *testing.T) {
	oracles, _ := filepath.Glob(filepath.Join("..", "..", "decoder", "testdata", "oracle", "*.isa"))
	pairs := [][2]string{{filepath.Join("..", "testdata", "dataflow.isa"), filepath.Join("..", "testdata", "dataflow.visaasm")}}
	for _, p := range oracles {
		pairs = append(pairs, [2]string{p, strings.TrimSuffix(p, ".isa") + ".dis.visaasm"})
	}
	compared := 0
	for _, p := range pairs {
		bin := testkit.ReadFile(t, p[0])
		txt := testkit.ReadFile(t, p[1])
		fb := decoder.Decode(p[0], bin, decoder.Options{})
		ft := visatext.Read(p[1], txt)
		if len(fb.Streams) != len(ft.Streams) {
			t.Fatalf("%s: %d bodies, text %d", p[0], len(fb.Streams), len(ft.Streams))
		}
		for si, sb := range fb.Streams {
			st := ft.Streams[si]
			if sb.NumInfos() != st.NumInfos() {
				t.Fatalf("%s %s: %d INFO, text %d", p[0], sb.Kernel, sb.NumInfos(), st.NumInfos())
			}
			flb, flt := NewStream(sb, 32), NewStream(st, 32)
			for k := range sb.NumInfos() {
				gb, gt := flowSummary(flb.Info(k)), flowSummary(flt.Info(k))
				if gb != gt {
					t.Errorf("%s %s $%d:\nbinary %s\ntext   %s", p[0], sb.Kernel, sb.Info(k).Inst, gb, gt)
				}
				compared++
			}
		}
	}
	if compared < 100 {
		t.Errorf("only %d INFO compared", compared)
	}
}

// parsedLine returns text parsed as the one line of a body read from vISA
// text, as Stream.Decode parses it; t fails when it does not parse.
func parsedLine(t *testing.T, text string, v decoder.Version, sym *decoder.Symbols, names decoder.TextNames) *decoder.Instruction {
	t.Helper()
	s := decoder.NewTextStream(&decoder.TextBody{Version: v, Symbols: sym, Insts: []decoder.TextInst{{Text: text, Line: 1}}, Names: names})
	var in decoder.Instruction
	if s.Decode(0, &in); !in.HasOperands() {
		t.Fatalf("%s: %v", text, s.TextParseError(0))
	}
	return &in
}

// textNames resolves the variables and labels of TestTextLineFlow.
type textNames map[string]uint32

func (n textNames) VarID(name string) (uint32, bool) { id, ok := n[name]; return id, ok }
func (n textNames) LabelIndex(name string) (uint16, bool) {
	id, ok := n[name]
	return uint16(id), ok && id < 8
}

// TestTextLineFlow: a line of vISA text is reduced through the instruction
// the decoder parses it into, as a binary's would be: the destination's
// and sources' bytes from their regions and element types, aliases
// resolved, a message's raw operand read or written as the opcode table's
// flow column says, labels and jumps by label index. A line the decoder
// does not parse has no operands and is marked Unparsed: nothing is read
// from its text.
func TestTextLineFlow(t *testing.T) {
	sym := &decoder.Symbols{Vars: []decoder.VarInfo{
		{Name: "a", Bytes: 64, Type: 0},                              // 32: UD
		{Name: "h", Bytes: 64, Type: 14},                             // 33: HF
		{Name: "al", Bytes: 32, Type: 0, Alias: 32, AliasOffset: 32}, // 34: a from byte 32
	}, Labels: []decoder.LabelInfo{{Name: "skip_3"}, {Name: "out_9"}}}
	names := textNames{"a": 32, "h": 33, "al": 34, "skip_3": 0, "out_9": 1}
	v := decoder.Version{Major: 4, Minor: 1}
	line := func(text string) Inst {
		t.Helper()
		return flowInst(parsedLine(t, text, v, sym, names), 32)
	}
	cases := []struct {
		text        string
		reads, writ []Access
	}{
		{"mov (M1, 8) a(0,0)<1> h(0,4)<1;1,0>", []Access{w(33, 8, 24)}, []Access{w(32, 0, 32)}},
		{"(P1) add (M1, 4) al(0,1)<2> a(1,0)<0;1,0> 0x1:ud", []Access{w(32, 32, 36)}, []Access{mw(32, 36, 40), mw(32, 44, 48), mw(32, 52, 56), mw(32, 60, 64)}},
		{"cmp.lt (M1, 8) P1 a(0,0)<1;1,0> h(0,0)<0;1,0>", []Access{w(32, 0, 32), w(33, 0, 2)}, nil},
	}
	for _, c := range cases {
		fi := line(c.text)
		if !reflect.DeepEqual(fi.Reads, c.reads) || !reflect.DeepEqual(fi.Writes, c.writ) {
			t.Errorf("%s:\nreads  %+v, want %+v\nwrites %+v, want %+v", c.text, fi.Reads, c.reads, fi.Writes, c.writ)
		}
	}
	if fi := line("skip_3:"); fi.Label != 0 {
		t.Errorf("label: %+v", fi)
	}
	if fi := line("(!P2.any) goto (M1, 16) skip_3"); !reflect.DeepEqual(fi.Targets, []int{0}) || fi.Stop {
		t.Errorf("predicated goto: %+v", fi)
	}
	if fi := line("jmp (M1, 1) out_9"); !reflect.DeepEqual(fi.Targets, []int{1}) || !fi.Stop {
		t.Errorf("jmp: %+v", fi)
	}
}

// TestUnparsedLinesSaidSo: a body read from text whose lines the decoder
// does not parse has those lines marked, with no reads or writes guessed
// from them, and the note counts them.
func TestUnparsedLinesSaidSo(t *testing.T) {
	src := ".version 4.1\n.kernel \"k\"\n" +
		".decl lod v_type=G type=ud num_elts=16 align=GRF\n.decl res v_type=G type=ud num_elts=64 align=GRF\n" +
		".decl T6 v_type=T num_elts=1 v_name=mysurf\n" +
		"    mov (M1, 8) lod(0,0)<1> 0x0:ud\n" +
		"    frobnicate (M1, 8) lod(0,0)<1> res(0,0)<1;1,0>\n" +
		"    resinfo.RGBA (M1, 8)  T6 lod.0 res.0\n" +
		"    ret (M1, 1)\n"
	f := visatext.Read("u.visaasm", []byte(src))
	if len(f.Streams) != 1 {
		t.Fatalf("streams: %d, errors %v", len(f.Streams), f.Errors)
	}
	sf := NewStream(f.Streams[0], 32)
	insts := sf.flowInsts()
	if len(insts) != 4 || !insts[1].Unparsed || insts[0].Unparsed || insts[3].Unparsed || len(insts[1].Reads)+len(insts[1].Writes) != 0 {
		t.Fatalf("insts %+v", insts)
	}
	fl := sf.Info(0)
	if len(fl.Sources) != 1 || fl.Sources[0].Inst != 0 {
		t.Errorf("sources %+v: the unparsed line's operands were read", fl.Sources)
	}
	if !slices.Contains(fl.Notes, unparsedNote(1)) {
		t.Errorf("notes %q", fl.Notes)
	}
}

// predefNames resolves the one predefined name the test below writes.
type predefNames struct{}

func (predefNames) VarID(name string) (uint32, bool) { return 1, name == "%thread_x" }
func (predefNames) LabelIndex(string) (uint16, bool) { return 0, false }

// Data flow sizes a predefined variable's elements as the decoder does:
// %thread_x is UW, so column 1 is bytes 2-3 (it took 4 bytes an element,
// 4-7, before the one element-size function).
func TestPredefinedElemSize(t *testing.T) {
	in := parsedLine(t, "mov (M1, 1) %thread_x(0,1)<1> 0x1:uw", decoder.Version{Major: 4, Minor: 1}, nil, predefNames{})
	fi := flowInst(in, 32)
	want := []Access{{Var: 1, Start: 2, End: 4, Must: true}}
	if !reflect.DeepEqual(fi.Writes, want) {
		t.Errorf("writes %+v, want %+v (decoder.ElemSize(%%thread_x) = %d)", fi.Writes, want, decoder.ElemSize(nil, 1))
	}
}

// TestLabelChainCostLinear: the data flow of a label/jump chain read from
// vISA text costs bytes in proportion to its lines, whatever its length:
// the view's build parses each line into its instruction without
// allocating per line (the parser's scratch used to cost ~7 KB a line,
// 0.9 GB for 1 MiB of labels). Bytes, not time: the machine is shared.
func TestLabelChainCostLinear(t *testing.T) {
	perLine := func(n int) float64 {
		f := visatext.Read("chain.visaasm", labelChain(n))
		if len(f.Streams) != 1 {
			t.Fatalf("%d streams: %v", len(f.Streams), f.Errors)
		}
		s := f.Streams[0]
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		sf := NewStream(s, 32)
		for k := range s.NumInfos() {
			if fl := sf.Info(k); k == 1 && len(fl.Readers) != 1 {
				t.Fatalf("readers %+v", fl.Readers)
			}
		}
		runtime.ReadMemStats(&m1)
		return float64(m1.TotalAlloc-m0.TotalAlloc) / float64(s.NumInsts())
	}
	small, large := perLine(5_000), perLine(40_000)
	t.Logf("bytes allocated an instruction: %.0f (5,000 labels), %.0f (40,000)", small, large)
	if large > 1024 || large > 2*small+256 {
		t.Errorf("%.0f bytes an instruction for 40,000 labels (%.0f for 5,000): want at most 1 KB, and no growth with size", large, small)
	}
}

// TestAnalyzeBudget: analyses share a Budget; the one that passes it and
// every one after it report false with no flow, Over says where it ran
// out, and without a budget the same INFO are analysed in full.
func TestAnalyzeBudget(t *testing.T) {
	// Labels between INFO, the LOD never written: each INFO's question
	// reaches back to the entry, so the k-th costs about k blocks.
	label := []byte{0x31, 0x00, 0x00}
	info := []byte{0x70, 0x0a, 0x03, 0x0f, 0x06, 0x20, 0, 0, 0, 0, 0, 0x21, 0, 0, 0, 0, 0}
	const pairs = 3_000
	s := decoder.Walk(bytes.Repeat(append(append([]byte{}, label...), info...), pairs), 0, decoder.WalkOptions{})
	sf := NewStream(s, 32)
	b := &Budget{limit: 200_000, left: 200_000}
	first := -1
	for k := range s.NumInfos() {
		fl, ok := sf.Analyze(k, b)
		switch {
		case ok && first >= 0:
			t.Fatalf("INFO #%d analysed after the budget ran out at #%d", k, first)
		case !ok && first < 0:
			first = k
			if want := fmt.Sprintf("(INFO #%d of %d)", k, pairs); !strings.Contains(b.Over(), want) {
				t.Errorf("Over %q, want %q", b.Over(), want)
			}
		case !ok && (fl.Outside != "" || fl.Blocks != 0):
			t.Fatalf("INFO #%d: a flow past the budget: %+v", k, fl)
		}
	}
	if first <= 0 {
		t.Fatalf("the budget ran out at %d", first)
	}
	if fl, ok := sf.Analyze(first, nil); !ok || fl.Outside == "" || fl.Outside != sf.Info(first).Outside {
		t.Errorf("without a budget: %v %+v", ok, fl)
	}
}
