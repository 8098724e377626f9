package decoder

import (
	"strings"
	"testing"
)

// TestLSCUnseenForms: the LSC forms no real file here holds, the typed 2D
// block and the append-counter atomics. Their bytes follow IGC's only
// reader of them (visa/ByteCodeReaderNG.cpp; IGC has had no vISA binary
// writer since 33849b344, Sep 2023, and these forms came in b8f3d1414,
// Dec 2023): readInstructionLscTypedBlock2D reads sub-op, exec, pred, l1,
// l3, addr model, width, height, surface, ss_idx, dst, X, Y, src1 (no
// immediate offsets: it builds with 0, 0); readInstructionLscUntypedAppendCounterAtomic
// reads sub-op, exec, pred, sfid, l1, l3, addr model, the four data-shape
// bytes, surface, ss_idx, dst, src for 0x28 and 0x29 only (0x2A goes the
// generic untyped way). The walk must end exactly at the end of the
// bytes, each instruction must print as IGC's printer prints what its
// builder made of them (visa/IsaDisassembly.cpp,
// LscInstFormatter::formatTypedBlock2D: no exec size, "DST:WxH
// surf[X+ix,Y+iy]", an offset shown only when not 0, read as 16 bits,
// with '+' only before a positive one; formatUntypedAppendCounterAtomic:
// exec size, "DST:shape  surf  SRC:shape", the builder's %null src0 never
// printed), and the text must parse back into the very same instruction.
func TestLSCUnseenForms(t *testing.T) {
	u32 := func(v uint32) []byte { return []byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)} }
	gen := func(id uint32) []byte { return append(append([]byte{0x00}, u32(id)...), 0, 0, 0, 0) } // V<id>(0,0), region 0
	imm := func(v uint32) []byte { return append([]byte{0x05, 0x00}, u32(v)...) }                 // UD immediate
	raw := func(id uint32) []byte { return append(u32(id), 0, 0) }
	cat := func(parts ...[]byte) []byte {
		var b []byte
		for _, p := range parts {
			b = append(b, p...)
		}
		return b
	}
	cases := []struct {
		bytes []byte
		want  string
	}{
		{cat([]byte{0x8A, 0x03, 0x00, 0x00, 0x00, 0x02, 0x01, 0x04, 16, 0, 8, 0}, imm(2), u32(0), raw(41),
			gen(42), gen(43), raw(0)),
			"lsc_load_block2d.tgm.ca.uc  V41:16x8  bti(0x2)[V42,V43]"},
		{cat([]byte{0x8A, 0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 32, 0, 4, 0}, gen(44), u32(0), raw(0),
			imm(0x10), gen(43), raw(45)),
			"lsc_store_block2d.tgm  bss(V44)[0x10,V43]  V45:32x4"},
		{cat([]byte{0x89, 0x28, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x03, 0x01, 0x01, 0x01}, imm(3), u32(0),
			raw(41), raw(46)),
			"lsc_apndctr_atomic_add.ugm (M1, 16)  V41:d32  bti(0x3)  V46:d32"},
		{cat([]byte{0x89, 0x29, 0x04, 0x00, 0x00, 0x00, 0x01, 0x03, 0x04, 0x03, 0x01, 0x02, 0x02}, imm(3), u32(0),
			raw(41), raw(46)),
			"lsc_apndctr_atomic_sub.ugm.uc.wb (M1, 16)  V41:d32x2  bti(0x3)  V46:d32x2"},
		// 0x2A in the generic untyped layout: addr type, scale, offset,
		// addr size, shape, surface, ss_idx, dst, src0, src1, src2.
		{cat([]byte{0x89, 0x2A, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x01, 0x01, 0x01}, imm(3), u32(0),
			raw(41), raw(0), raw(46), raw(0)),
			"lsc_apndctr_atomic_store.ugm (M1, 16)  V41:d32  bti(0x3)  V46:d32"},
		// Issue 19: the sub-ops IGC names since 2025 (visa_igc_common_header.h
		// LSC_OP; names from IsaDescription.cpp LscOpInfoFind, which its
		// printer and its lexer CISA.l use): the bfloat16 atomics 0x21-0x25
		// (untyped, the generic untyped layout), the MSRT quad load and
		// store 0x31, 0x32 (typed, a channel mask as the quad ops have:
		// LscOpInfo::hasChMask) and the quad status load 0x36 (typed, no
		// channel mask); the cache control 7, .cc (LSC_CACHING_CONSTCACHED);
		// the address type 6, surf, and the sizes 4 and 5, a32u and a32s.
		{cat([]byte{0x89, 0x21, 0x04, 0x00, 0x00, 0x00, 0x02, 0x07, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x03, 0x01, 0x01, 0x01}, imm(0), u32(0),
			raw(41), raw(42), raw(43), raw(0)),
			"lsc_atomic_bfadd.ugm.ca.cc (M1, 16)  V41:d32  flat[V42]:a64  V43  %null"},
		{cat([]byte{0x89, 0x25, 0x04, 0x00, 0x00, 0x03, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x01, 0x02, 0x02}, imm(0), u32(0),
			raw(41), raw(42), raw(43), raw(44)),
			"lsc_atomic_bfcas.slm (M1, 16)  V41:d16x2  flat[V42]:a32  V43  V44"},
		{cat([]byte{0x8A, 0x31, 0x04, 0x00, 0x00, 0x00, 0x00, 0x04, 0x02, 0x03, 0x01, 0x0F, 0x0F}, imm(2), u32(0),
			raw(41), raw(42), u32(0), raw(43), u32(0), raw(44), u32(0), raw(45), raw(0), raw(0)),
			"lsc_load_quad_msrt.tgm (M1, 16)  V41:d32.xyzw  bti(0x2)[V42,V43,V44,V45]:a32"},
		{cat([]byte{0x8A, 0x32, 0x04, 0x00, 0x00, 0x01, 0x03, 0x02, 0x02, 0x03, 0x01, 0x03, 0x03}, gen(47), u32(0),
			raw(0), raw(42), u32(1), raw(43), u32(0), raw(0), u32(0), raw(0), raw(46), raw(0)),
			"lsc_store_quad_msrt.tgm.uc.wb (M1, 16)  bss(V47)[V42+1,V43]:a32  V46:d32.xy"},
		{cat([]byte{0x8A, 0x36, 0x04, 0x00, 0x00, 0x00, 0x00, 0x04, 0x02, 0x03, 0x01, 0x01, 0x01}, imm(2), u32(0),
			raw(41), raw(42), u32(0), raw(0), u32(0), raw(0), u32(0), raw(0), raw(0), raw(0)),
			"lsc_load_quad_status.tgm (M1, 16)  V41:d32  bti(0x2)[V42]:a32"},
		{cat([]byte{0x89, 0x00, 0x04, 0x00, 0x00, 0x00, 0x01, 0x07, 0x06, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x03, 0x01, 0x01, 0x01}, imm(0x40), u32(3),
			raw(41), raw(42), raw(0), raw(0)),
			"lsc_load.ugm.uc.cc (M1, 16)  V41:d32  surf(0x40,0x3)[V42]:a32u"},
		{cat([]byte{0x89, 0x04, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0xF0, 0xFF, 0xFF, 0xFF, 0x05, 0x03, 0x01, 0x01, 0x01}, imm(0), u32(0),
			raw(0), raw(42), raw(41), raw(0)),
			"lsc_store.ugm (M1, 16)  flat[V42-0x10]:a32s  V41:d32"},
		// IGC's printer writes the immediate scale and offset with the
		// stream's case flag, which printing an immediate surface (or an
		// ss_idx, or a bad enum value) before them has set to upper case
		// (IsaDisassembly.cpp formatAddrTypeArgs: std::uppercase, never
		// reset); GenX_IR 1.0.12504 prints "bti(0xAB)[UD0+0x1F0]" and
		// "flat[UD0-0x1f]" (visatext TestSourceSpellings).
		{cat([]byte{0x89, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x0C, 0x00, 0xF0, 0x01, 0x00, 0x00, 0x02, 0x03, 0x01, 0x01, 0x01}, imm(0x5), u32(0),
			raw(41), raw(42), raw(0), raw(0)),
			"lsc_load.ugm (M1, 16)  V41:d32  bti(0x5)[0xC*V42+0x1F0]:a32"},
		{cat([]byte{0x89, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x0C, 0x00, 0xF0, 0x01, 0x00, 0x00, 0x02, 0x03, 0x01, 0x01, 0x01}, gen(47), u32(0),
			raw(41), raw(42), raw(0), raw(0)),
			"lsc_load.ugm (M1, 16)  V41:d32  bss(V47)[0xc*V42+0x1f0]:a32"},
	}
	v := Version{4, 1}
	var code []byte
	for _, c := range cases {
		code = append(code, c.bytes...)
	}
	s := Walk(code, 0, WalkOptions{File: "lsc", Version: v, Layout: LayoutIGC})
	if s.Err != nil || s.NumInsts() != len(cases) {
		t.Fatalf("walk: %v, %d instructions, want %d", s.Err, s.NumInsts(), len(cases))
	}
	var dec, got Instruction
	for i, c := range cases {
		s.Decode(i, &dec)
		text := dec.Text()
		if text != c.want {
			t.Errorf("$%d prints %q, IGC's printer %q", i, text, c.want)
			continue
		}
		if err := got.parseLine(text, v, symbolNames{}, 0); err != nil {
			t.Errorf("$%d %q: %v", i, text, err)
			continue
		}
		if g, w := operandsOf(&got), operandsOf(&dec); g != w {
			t.Errorf("$%d %q:\n parsed  %s\n decoded %s", i, text, g, w)
		}
	}
	// The typed 2D block's immediate offsets are text only (IGC's builder
	// takes them; its reader reads none): parsed, kept, printed back.
	for _, c := range []struct {
		text string
		x, y int32
	}{
		{"lsc_load_block2d.tgm.ca.uc  V41:16x8  bti(0x2)[V42+3,V43-4]", 3, -4},
		{"lsc_store_block2d.tgm  bss(V44)[0x10,V43+32767]  V45:32x4", 0, 32767},
	} {
		if err := got.parseLine(c.text, v, symbolNames{}, 0); err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		x, _ := got.Value("x_imm")
		y, _ := got.Value("y_imm")
		if got.Text() != c.text || int32(x) != c.x || int32(y) != c.y {
			t.Errorf("%q: prints %q, offsets %d,%d", c.text, got.Text(), int32(x), int32(y))
		}
	}
	// What IGC never prints is refused: a 0 or "+-" offset, an exec size.
	for _, bad := range []string{
		"lsc_load_block2d.tgm  V41:16x8  bti(0x2)[V42+0,V43]",
		"lsc_load_block2d.tgm  V41:16x8  bti(0x2)[V42+-3,V43]",
		"lsc_load_block2d.tgm (M1, 1)  V41:16x8  bti(0x2)[V42,V43]",
		"lsc_apndctr_atomic_add.ugm (M1, 16)  V41:d32  bti(0x3)  V46:d32x2",
	} {
		if err := got.parseLine(bad, v, symbolNames{}, 0); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// TestLSCThreeCacheLevels: on IGC's efficient-64-bit platforms the printer
// shows three cache controls, L1, L2 and L3, when not all default
// (visa/IsaDisassembly.cpp formatCachingOptsL1L2L3); no object holds L2
// (ByteCodeReaderNG.cpp readLscCacheOpts reads L1 and L3), so it is kept as
// a text-only field. Such lines parse and print back; two levels keep
// printing two; three defaults, which IGC never prints, are refused.
func TestLSCThreeCacheLevels(t *testing.T) {
	v := Version{4, 1}
	var in Instruction
	for _, c := range []struct {
		text       string
		l1, l2, l3 uint32
		three      bool
	}{
		{"lsc_load.ugm.ca.uc.wb (M1, 16)  V41:d32  flat[V42]:a64", 2, 1, 3, true},
		{"lsc_store.ugm.df.st.df (M1, 16)  flat[V42]:a64  V41:d32x4", 0, 5, 0, true},
		{"lsc_load_block2d.tgm.uc.ca.ca  V41:16x8  bti(0x2)[V42,V43]", 1, 2, 2, true},
		{"lsc_load.ugm.ca.uc (M1, 16)  V41:d32  flat[V42]:a64", 2, 0, 1, false},
	} {
		if err := in.parseLine(c.text, v, symbolNames{}, 0); err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		l2, three := in.Value("l2")
		if in.Text() != c.text || in.v("l1") != c.l1 || l2 != c.l2 || in.v("l3") != c.l3 || three != c.three {
			t.Errorf("%q: prints %q, l1 %d l2 %d(%v) l3 %d", c.text, in.Text(), in.v("l1"), l2, three, in.v("l3"))
		}
	}
	for _, bad := range []string{
		"lsc_load.ugm.df.df.df (M1, 16)  V41:d32  flat[V42]:a64",
		"lsc_load.ugm.df.df (M1, 16)  V41:d32  flat[V42]:a64",
	} {
		if err := in.parseLine(bad, v, symbolNames{}, 0); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// TestLSCTextOnlyForms (issue 19): what IGC prints since 2025 and no
// object holds (IGC has written no vISA object since 2023): ".ov" on a
// load from .ugm (Common_ISA_util.h hasOV), ".msaa" on a typed atomic
// (hasMSAA), each after the cache controls (IsaDisassembly.cpp
// formatUntypedSimple, formatTyped); the sizes 5 to 7 as IGC printed them
// until 2025-05 (d8c32, d16c32, d16c32h: GenX_IR 1.0.12504's print, kept
// as written). GenX_IR 1.0.12504 knows none of .ov, .msaa, .cc, surf,
// a32u/a32s or the 2025 sub-op names: these are checked against IGC's
// sources only. Lines IGC's grammar does not allow stay text.
func TestLSCTextOnlyForms(t *testing.T) {
	v := Version{4, 1}
	var in Instruction
	for _, c := range []struct {
		text, field string
		value       uint32
	}{
		{"lsc_load.ugm.ov (M1, 16)  V41:d32  flat[V42]:a64", "ov", 1},
		{"lsc_load_quad.ugm.ca.ca.ov (M1, 16)  V41:d32.xz  flat[V42]:a64", "ov", 1},
		{"lsc_atomic_iadd.tgm.msaa (M1, 16)  V41:d32  bti(0x2)[V42,V43]:a32  V44  %null", "msaa", 1},
		{"lsc_load.ugm (M1, 16)  V41:d8c32  flat[V42]:a64", "size_c32", 1},
		{"lsc_load.ugm (M1, 16)  V41:d16c32hx2t  flat[V42]:a64", "size_c32", 1},
		{"lsc_atomic_bfmin.ugm.uc.wb (M1, 16)  V41:d16u32  flat[V42]:a64  V43  %null", "data_size", 6},
		// IsaDisassembly.cpp formatExtendedCacheCtrlInst: one blank
		// before flat, ".reset" and ".64B" the only values published.
		{"lsc_extended_cache_ctrl.ugm.reset.64B (M1, 16) flat[V42]:a64", "ccop", 1},
		{"lsc_extended_cache_ctrl.ugm.ca.uc.wb.reset.64B (M1_NM, 1) flat[V42]:a64", "addr_size", 3},
	} {
		if err := in.parseLine(c.text, v, symbolNames{}, 0); err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if got, ok := in.Value(c.field); in.Text() != c.text || !ok || got != c.value {
			t.Errorf("%q: prints %q, %s %d (%v)", c.text, in.Text(), c.field, got, ok)
		}
	}
	for _, bad := range []string{
		"lsc_store.ugm.ov (M1, 16)  flat[V42]:a64  V41:d32",                     // no ov on a store
		"lsc_load.slm.ov (M1, 16)  V41:d32  flat[V42]:a32",                      // nor from SLM
		"lsc_load_quad.tgm.msaa (M1, 16)  V41:d32.x  bti(0x2)[V42]:a32",         // msaa: atomics only
		"lsc_atomic_bfadd.tgm (M1, 16)  V41:d32  bti(0x2)[V42]:a32  V43  %null", // untyped only
		"lsc_load.ugm (M1, 16)  V41:d8c32  flat[V42]:a64  ",                     // trailing blanks
		"lsc_load.ugm (M1, 16)  V41:d32  bti(0x8b)[V42]:a32",                    // IGC prints 0x8B
		"lsc_load.ugm (M1, 16)  V41:d32  bti(0x8B)[V42+0x1f]:a32",               // and 0x1F after it
		"lsc_extended_cache_ctrl.ugm.set.64B (M1, 16) flat[V42]:a64",            // IGC prints .reset
		"lsc_extended_cache_ctrl.ugm.reset.128B (M1, 16) flat[V42]:a64",         // and .64B
		"lsc_extended_cache_ctrl.ugm.reset.64B (M1, 16)  flat[V42]:a64",         // and one blank
		"lsc_extended_cache_ctrl.tgm.reset.64B (M1, 16) flat[V42]:a64",          // untyped only
	} {
		if err := in.parseLine(bad, v, symbolNames{}, 0); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// TestLSCHexCase: IGC's printer writes the untyped immediate scale and
// offset in the case its stream is left in (IsaDisassembly.cpp:
// formatAddrTypeArgs and formatBadEnum set std::uppercase and nothing
// clears it): lower case after a flat or variable surface, upper case after
// an immediate surface, an ss_idx or a bad enum value (the URB's SFID).
// The printer keeps that state as it prints: a variable whose name holds
// "?>>" is no bad value and leaves the case alone. Each line parses and
// prints back as itself; written in the other case it is refused.
func TestLSCHexCase(t *testing.T) {
	v := Version{4, 2}
	names := symbolNames{&Symbols{Vars: []VarInfo{{Name: "x?>>", Bytes: 64}}}}
	swap := strings.NewReplacer("0xC*", "0xc*", "0x1F0]", "0x1f0]", "0xc*", "0xC*", "0x1f0]", "0x1F0]")
	for _, text := range []string{
		"lsc_load.ugm (M1, 16)  V41:d32  flat[0xc*V42+0x1f0]:a32",
		"lsc_load.ugm (M1, 16)  x?>>:d32  bss(V47)[0xc*V42-0x1f0]:a32",
		"lsc_load.ugm (M1, 16)  V41:d32  bti(0x5)[0xC*V42+0x1F0]:a32",
		"lsc_load.ugm (M1, 16)  V41:d32  ss(V47(0,1),0x3)[0xC*V42-0x1F0]:a32",
		"lsc_load.<<4?>> (M1, 16)  V41:d32  flat[0xC*V42+0x1F0]:a32",
	} {
		var in Instruction
		in.SetSymbols(names.sym)
		if err := in.parseLine(text, v, names, 0); err != nil || in.Text() != text {
			t.Errorf("%q: %v, prints %q", text, err, in.Text())
		}
		if other := swap.Replace(text); in.parseLine(other, v, names, 0) == nil {
			t.Errorf("%q parsed", other)
		}
	}
}

// TestLSCReadStateInfo: the typed read-state-info prints no execution
// size and no data shape, its address one coordinate ("V41  bti(0x2)[V42]",
// lscTypedRSI); it parses back into its destination, surface and U. An
// execution size or a second coordinate, which the printer never writes,
// is refused.
func TestLSCReadStateInfo(t *testing.T) {
	v := Version{4, 1}
	var in Instruction
	text := "lsc_read_state_info.tgm  V41  bti(0x2)[V42]"
	if err := in.parseLine(text, v, symbolNames{}, 0); err != nil || in.Text() != text {
		t.Fatalf("%q: %v, prints %q", text, err, in.Text())
	}
	dst, _ := in.Operand("dst").(*Raw)
	u, _ := in.Operand("u").(*Raw)
	s, _ := in.Operand("surface").(*Immediate)
	if in.Op != 0x8A || in.Sub != 0x1E || dst == nil || dst.ID != 41 || u == nil || u.ID != 42 || s == nil || s.Bits != 2 {
		t.Errorf("%q: %s", text, operandsOf(&in))
	}
	for _, bad := range []string{
		"lsc_read_state_info.tgm (M1, 16)  V41  bti(0x2)[V42]",
		"lsc_read_state_info.tgm  V41  bti(0x2)[V42,V43]",
		"lsc_read_state_info.tgm  V41:d32  bti(0x2)[V42]",
	} {
		if err := in.parseLine(bad, v, symbolNames{}, 0); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
