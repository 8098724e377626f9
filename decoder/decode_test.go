package decoder

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// docSymbols are the tables of format doc §8: lod = V32 (UD×16), res = V33
// (UD×64), one declared surface img = T6.
var docSymbols = &Symbols{Vars: []VarInfo{{Name: "lod", Bytes: 64}, {Name: "res", Bytes: 256}}, Surfaces: []string{"img"}}

var sentinels = map[string]error{
	"truncated":      ErrTruncated,
	"unknown opcode": ErrUnknownOpcode,
	"undetermined":   ErrUndetermined,
	"bad value":      ErrBadValue,
	"too large":      ErrTooLarge,
}

// TestDecodeVectors runs testdata/decode.txt (format described at its top).
func TestDecodeVectors(t *testing.T) {
	n := 0
	for where, cols := range vectorLines(t, "decode.txt") {
		n++
		if len(cols) != 6 {
			t.Fatalf("%s: %d columns, want 6", where, len(cols))
		}
		layout, err := ParseLayout(cols[1])
		if err != nil || layout == LayoutAuto {
			t.Fatalf("%s: layout %q", where, cols[1])
		}
		head, _, s := vectorWalk(t, where, cols[0], cols[2], cols[3], layout)
		check, want := cols[4], cols[5]
		if check == "error" {
			var fe *FormatError
			if !errors.As(s.Err, &fe) {
				t.Errorf("%s: want a %s error, got %v", where, want, s.Err)
				continue
			}
			if sentinels[want] == nil || !errors.Is(s.Err, sentinels[want]) || fe.Off != int64(len(head)) || fe.File != "vec" {
				t.Errorf("%s: got %v (at %d), want %s at %d", where, s.Err, fe.Off, want, len(head))
			}
			continue
		}
		if s.NumInsts() == 0 {
			t.Errorf("%s: nothing decoded: %v", where, s.Err)
			continue
		}
		if got := int(s.Inst(0).Len); got != len(head) {
			t.Errorf("%s: length %d, want %d (err %v)", where, got, len(head), s.Err)
		}
		var got string
		if check == "mnemonic" {
			got = s.Inst(0).Mnemonic()
		} else {
			if s.NumInfos() == 0 || s.Info(0).Inst != 0 {
				t.Errorf("%s: first instruction is not INFO", where)
				continue
			}
			in := s.Info(0)
			switch check {
			case "igc":
				got = in.Text()
			case "seed":
				got = string(in.AppendSeedText(nil))
			case "diag":
				got = strings.Join(in.Diagnostics(), "; ")
			default:
				t.Fatalf("%s: check %q", where, check)
			}
			if err := fieldsCover(in); err != nil {
				t.Errorf("%s: %v", where, err)
			}
		}
		if got != want {
			t.Errorf("%s:\n got %q\nwant %q", where, got, want)
		}
	}
	if n < 50 {
		t.Errorf("only %d vectors", n)
	}
}

// fieldsCover checks that in.Fields() covers every bit of the instruction
// exactly once and that each field's Raw is what its bits hold; that
// FieldSpans gives the same spans, one table's for every INFO of a shape;
// and that every meaning but a Named span's is printable ASCII with no '"'
// or '\\' (the decoder's own words; only a name from the file may hold any
// byte).
func fieldsCover(in *Info) error {
	code := in.Bytes()
	nbits := len(code) * 8
	seen := make([]bool, nbits)
	spans := in.FieldSpans()
	if again := (&Info{Layout: in.Layout, Version: in.Version, HasLOD: in.HasLOD}).FieldSpans(); &again[0] != &spans[0] {
		return fmt.Errorf("FieldSpans: two tables for one shape")
	}
	fields := in.Fields()
	if len(fields) != len(spans) {
		return fmt.Errorf("%d fields, %d spans", len(fields), len(spans))
	}
	for k, f := range fields {
		if sp := spans[k]; sp.Name != f.Name || sp.Byte != f.Byte || sp.Bit != f.Bit || sp.Bits != f.Bits {
			return fmt.Errorf("field %d: %+v, span %+v", k, f, sp)
		}
		if !spans[k].Named && strings.ContainsFunc(f.Meaning, func(r rune) bool { return r < 0x20 || r > 0x7e || r == '"' || r == '\\' }) {
			return fmt.Errorf("field %s: meaning %q is not plain ASCII", f.Name, f.Meaning)
		}
		start := f.Byte*8 + f.Bit
		if f.Bits <= 0 || f.Bits > 64 || start < 0 || start+f.Bits > nbits {
			return fmt.Errorf("field %s (byte %d bit %d, %d bits) outside the %d-byte instruction", f.Name, f.Byte, f.Bit, f.Bits, len(code))
		}
		var raw uint64
		for i := f.Bits - 1; i >= 0; i-- {
			b := start + i
			if seen[b] {
				return fmt.Errorf("bit %d covered twice (by %s)", b, f.Name)
			}
			seen[b] = true
			raw = raw<<1 | uint64(code[b/8]>>(b%8)&1)
		}
		if raw != f.Raw {
			return fmt.Errorf("field %s: Raw %d, its bits hold %d", f.Name, f.Raw, raw)
		}
	}
	for b, ok := range seen {
		if !ok {
			return fmt.Errorf("bit %d (byte %d) is covered by no field", b, b/8)
		}
	}
	return nil
}

// TestDoc81Fields checks the spans of the §8.1 RESINFO against the doc.
func TestDoc81Fields(t *testing.T) {
	code := []byte{0x70, 0x0A, 0x04, 0x0F, 0x06, 0x20, 0, 0, 0, 0, 0, 0x21, 0, 0, 0, 0, 0}
	s := Walk(code, 0x80, WalkOptions{Symbols: docSymbols})
	if s.Err != nil || s.NumInfos() != 1 {
		t.Fatalf("walk: %v", s.Err)
	}
	in := s.Info(0)
	if in.Off != 0x80 || in.Op() != OpResinfo || in.ExecSize() != 16 || in.Mask != 0 || in.Mask.NoMask() || in.Mask.LaneOffset() != 0 ||
		in.ChannelMask != 0xF || in.Channels() != "RGBA" || in.NumChannels() != 4 || in.Surface != 6 || in.SurfaceName() != "T6" || in.SurfaceDecl() != "img" ||
		in.LOD != (RawOperand{ID: 32, Offset: 0}) || in.Dst != (RawOperand{ID: 33, Offset: 0}) || in.Operand(in.LOD) != "lod.0" || in.Operand(in.Dst) != "res.0" {
		t.Errorf("decoded %+v", in)
	}
	type span struct {
		name            string
		byteOff, bit, n int
		raw             uint64
		meaning         string
	}
	want := []span{
		{"opcode", 0, 0, 8, 0x70, "INFO (0x70)"},
		{"sub_op", 1, 0, 8, 0x0A, "resinfo"},
		{"exec_size", 2, 0, 4, 4, "16 lanes"},
		{"mask_control", 2, 4, 4, 0, "M1: lanes read EM bits 0..15"},
		{"channel_mask", 3, 0, 4, 0xF, "RGBA"},
		{"reserved", 3, 4, 4, 0, "reserved (0)"},
		{"surface", 4, 0, 8, 6, "T6 (img)"},
		{"lod.id", 5, 0, 32, 32, "lod"},
		{"lod.offset", 9, 0, 16, 0, "byte 0"},
		{"dst.id", 11, 0, 32, 33, "res"},
		{"dst.offset", 15, 0, 16, 0, "byte 0"},
	}
	got := in.Fields()
	if len(got) != len(want) {
		t.Fatalf("%d fields, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Name != w.name || g.Byte != w.byteOff || g.Bit != w.bit || g.Bits != w.n || g.Raw != w.raw || g.Meaning != w.meaning {
			t.Errorf("field %d: got %+v, want %+v", i, g, w)
		}
	}
	if err := fieldsCover(in); err != nil {
		t.Error(err)
	}
}

// TestDoc85 decodes the 145-byte object file of format doc §8.5 and checks
// the documented fields.
func TestDoc85(t *testing.T) {
	if len(doc85) != 145 {
		t.Fatalf("doc85 is %d bytes", len(doc85))
	}
	f := Decode("doc85.isa", doc85, Options{})
	if len(f.Errors) > 0 || len(f.Warnings) > 0 {
		t.Fatalf("errors %v warnings %v", f.Errors, f.Warnings)
	}
	o := f.Object
	if o.Version != (Version{4, 1}) || len(o.Kernels) != 1 || len(o.Functions) != 0 {
		t.Fatalf("object %+v", o)
	}
	k := o.Kernels[0]
	checks := []struct {
		what      string
		got, want any
	}{
		{"name", k.Name, "k"},
		{"offset", k.Offset, uint32(0x20)},
		{"size", k.Size, uint32(0x71)},
		{"input_offset", k.InputOffset, uint32(0x69)},
		{"gen binaries", len(k.GenBinaries), 0},
		{"strings", strings.Join(k.Strings, ","), ",k,lod,res,img"},
		{"name_index", k.NameIndex, uint32(1)},
		{"vars", len(k.Vars), 2},
		{"var 32", fmt.Sprint(k.Vars[0].Name, k.Vars[0].Props, k.Vars[0].NumElements, k.Vars[0].Bytes()), "lod80 16 64"},
		{"var 33", fmt.Sprint(k.Vars[1].Name, k.Vars[1].Props, k.Vars[1].NumElements, k.Vars[1].Bytes()), "res80 64 256"},
		{"addresses/predicates/labels/samplers", len(k.Addrs) + len(k.Preds) + len(k.Labels) + len(k.Samplers), 0},
		{"surfaces", len(k.Surfaces), 1},
		{"surface T6", k.Surfaces[0].Name, "img"},
		{"inputs", fmt.Sprintf("%+v", k.Inputs), "[{Kind:2 ID:6 Offset:32 Size:4}]"},
		{"code size", k.CodeSize, uint32(17)},
		{"entry", k.Entry, uint32(0x60)},
		{"attributes", len(k.Attrs), 0},
		{"code offset", k.CodeOffset(), int64(0x80)},
		{"instructions", f.Streams[0].NumInsts(), 1},
		{"text", f.Streams[0].Info(0).Text(), "resinfo.RGBA (M1, 16)  T6 lod.0 res.0"},
		{"INFO offset", f.Streams[0].Info(0).Off, int64(0x80)},
		{"diagnostics", len(f.Streams[0].Info(0).Diagnostics()), 0},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.what, c.got, c.want)
		}
	}
}

// TestDecodeDoesNotCrash feeds the shortest troublesome inputs.
func TestDecodeDoesNotCrash(t *testing.T) {
	for _, b := range [][]byte{{}, {0x70}, {0x70, 0x0A}, {0x4E}, {0x2C}, {0x2C, 0x00, 0x00}, {0x69, 0x00, 0xFF}, {0x6D, 0, 0, 0, 0, 0, 0, 5}, []byte("CISA"), []byte("CISA\x04\x01"), []byte("CISA\x02\x00")} {
		for _, l := range []Layout{LayoutAuto, LayoutIGC, LayoutSeed} {
			f := Decode("x", b, Options{Layout: l})
			for _, e := range f.Errors {
				var fe *FormatError
				if !errors.As(e, &fe) || fe.Off < 0 || fe.Off > int64(len(b)) {
					t.Errorf("% x: error %v not located within the input", b, e)
				}
			}
		}
	}
}

// TestBadValueLocatedAtField: a count or value that is refused is reported
// at the first byte of the field that holds it (as the format doc's tables
// give it), not at the byte after it. The file is the doc's §8.5 example.
func TestBadValueLocatedAtField(t *testing.T) {
	for _, c := range []struct {
		name  string
		at    int    // field offset in the file (§8.5 table)
		bytes []byte // what is written there
		field string
	}{
		{"num_kernels over 512", 0x06, []byte{0x01, 0x04}, "num_kernels"},
		{"num_gen_binaries over 4", 0x1B, []byte{5}, "kernel[0].num_gen_binaries"},
		{"string_count past the body", 0x20, []byte{0xff, 0xff, 0xff, 0x7f}, "string_count"},
		{"variable_count past the body", 0x37, []byte{0xff, 0xff, 0xff, 0x0f}, "variable_count"},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := append([]byte(nil), doc85...)
			copy(data[c.at:], c.bytes)
			f := Decode("bad.isa", data, Options{})
			var fe *FormatError
			if len(f.Errors) == 0 || !errors.As(f.Errors[0], &fe) {
				t.Fatalf("errors %v", f.Errors)
			}
			if fe.Off != int64(c.at) || fe.Field != c.field {
				t.Errorf("error at 0x%x in %q, want 0x%x in %q: %v", fe.Off, fe.Field, c.at, c.field, fe)
			}
		})
	}
}

// An instruction built by hand (as a vISA text reader would) prints with
// the same code as a decoded one.
func TestInstructionByHand(t *testing.T) {
	var in Instruction
	if !in.Reset(0x01, 0, DefaultVersion()) {
		t.Fatal("add: not in the table")
	}
	in.SetSymbols(docSymbols)
	in.HasExec, in.Exec, in.HasPred, in.Pred = true, 0x84, true, 0x8001|1<<13
	in.Add(&General{Role: "dst", ID: 33, Region: 0x100 | 0x200})
	in.Add(&General{Role: "src0", ID: 32, Row: 1, Region: 0x255, Mod: ModNeg})
	in.Add(&Immediate{Role: "src1", Type: 7, Bits: 0x3f800000})
	if got, want := in.Text(), "(!P1.any) add (M1_NM, 16) res(0,0)<2> (-)lod(1,0)<8;8,1> 0x3f800000:f"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if in.Reset(0x00, 0, DefaultVersion()) {
		t.Error("opcode 0 is not defined")
	}
}

// Files older than 3.4 numbered the predefined variables differently: in a
// 3.3 file id 12 is %r0 and id 23 %group_id_z; in a 3.1 file id 23 is
// outside the predefined set.
func TestPredefinedBefore34(t *testing.T) {
	// mov (M1, 1) V12(0,0)<1> V23(0,0)<0;1,0>, with UW ids (below 3.4)
	// and with UD ids.
	narrow := []byte{0x29, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x17, 0x00, 0x00, 0x00, 0x21, 0x01}
	wide := []byte{0x29, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x17, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, 0x01}
	for _, c := range []struct {
		v     Version
		want  string
		diags int
	}{
		{Version{3, 3}, "mov (M1, 1) %r0(0,0)<1> %group_id_z(0,0)<0;1,0>", 0},
		{Version{3, 1}, "mov (M1, 1) %r0(0,0)<1> V23(0,0)<0;1,0>", 1},
		{Version{3, 4}, "mov (M1, 1) %hw_id(0,0)<1> V23(0,0)<0;1,0>", 1},
	} {
		mov := narrow
		if c.v.wide() {
			mov = wide
		}
		sym := &Symbols{Predefined: PredefinedVarNames(c.v), Full: true}
		s := Walk(mov, 0, WalkOptions{Version: c.v, Layout: LayoutIGC, Symbols: sym})
		if s.Err != nil || s.NumInsts() != 1 {
			t.Fatalf("%s: %v", c.v, s.Err)
		}
		var in Instruction
		s.Decode(0, &in)
		if got := in.Text(); got != c.want || in.NumDiagnostics() != c.diags {
			t.Errorf("%s: %q %v, want %q and %d diagnostics", c.v, got, in.Diagnostics(), c.want, c.diags)
		}
	}
}

// Bad operand values are diagnostics on the instruction, never a panic,
// and the text still prints what Intel's disassembler would have: V<id>
// for a variable outside the table, ? for a region code it has no value
// for, the label's index for a label outside the table.
func TestBadOperandDiagnostics(t *testing.T) {
	sym := &Symbols{Vars: docSymbols.Vars, Full: true}
	// mov (M1, 16) V40(0,0)<1> V32(0,0)<8;9,1>; jmp L5; mov with a class-6
	// state operand of class 3.
	code := []byte{
		0x29, 0x04, 0x00, 0x00, 0x00, 0x28, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x20, 0x00, 0x00, 0x00, 0x00, 0x00, 0x95, 0x02,
		0x32, 0x00, 0x00, 0x00, 0x05, 0x00,
		0x29, 0x04, 0x00, 0x00, 0x00, 0x21, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x06, 0x03, 0x07, 0x00, 0x00,
	}
	s := Walk(code, 0, WalkOptions{Layout: LayoutIGC, Symbols: sym})
	if s.Err != nil || s.NumInsts() != 3 {
		t.Fatalf("walk: %v, %d instructions", s.Err, s.NumInsts())
	}
	want := []struct{ text, diag string }{
		{"mov (M1, 16) V40(0,0)<1> lod(0,0)<8;?,1>", "dst: variable id 40 is outside the variable table (V0..V33); src0: region 0x295 has a stride or width code above 7"},
		{"jmp (M1, 1) L5", "label: label 5 is outside the label table (0 labels)"},
		{"mov (M1, 16) res(0,0)<1> V7(0)", "src0: state class 3 is neither surface (0) nor sampler (1)"},
	}
	var in Instruction
	for i, w := range want {
		s.Decode(i, &in)
		if got := in.Text(); got != w.text {
			t.Errorf("%d: text %q, want %q", i, got, w.text)
		}
		if got := strings.Join(in.Diagnostics(), "; "); got != w.diag {
			t.Errorf("%d: diagnostics %q, want %q", i, got, w.diag)
		}
	}
}
