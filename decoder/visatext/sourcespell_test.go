package visatext

import (
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/internal/visagen"
)

// spellSource is a person's source with what IGC's lexer takes and its
// printer never writes: hexadecimal numbers (CISA.l: 0[xX][[:xdigit:]]+)
// with an LSC surface in lower case, a 0X prefix, mixed case, an untyped
// offset in upper case; LSC data shapes (CISA.l LSC_DATA_SHAPE_TK) with
// 'u' for 'd', the element count 1 written out, and the sizes 5 to 7 as
// GenX_IR 1.0.12504 prints them (d8c32, d16c32h; since 2025-05 IGC
// prints d8u32, d16u32h).
const spellSource = `.version 4.1
.kernel "spell"
.decl UD0 v_type=G type=ud num_elts=64 align=GRF
.decl UD1 v_type=G type=ud num_elts=64 align=GRF
.decl UQ0 v_type=G type=uq num_elts=16 align=GRF
.kernel_attr Target="cm"
    lsc_load.ugm (M1, 16)  UD1:d32  bti(0x8b)[UD0]:a32
    lsc_load.ugm (M1, 16)  UD1:d32  bti(0X8B)[UD0]:a32
    lsc_store.ugm (M1, 16)  bti(0xaB)[UD0+0x1F0]:a32  UD1:d32
    lsc_load.ugm (M1, 16)  UD1:d32  flat[UD0-0X1F]:a64
    and (M1, 8) UD0(0,0)<1> UD1(0,0)<1;1,0> 0XFF:ud
    lsc_load.ugm (M1, 16)  UD1:u32x1  flat[UQ0]:a64
    lsc_load_quad.ugm (M1, 16)  UD1:u32.xz  flat[UQ0]:a64
    lsc_load.ugm (M1, 16)  UD1:d8c32  flat[UQ0]:a64
    lsc_load.ugm (M1, 16)  UD1:u16c32h  flat[UQ0]:a64
    ret (M1, 1)
`

// TestSourceSpellings (issue 19): every line of spellSource is parsed
// into its instruction, each prints as GenX_IR 1.0.12504 prints what it
// read (where GenX_IR is installed: its print is compared line by line),
// and the file prints back as written.
func TestSourceSpellings(t *testing.T) {
	sourcePrints(t, "spell", spellSource, []string{ // GenX_IR 1.0.12504's print of each
		"lsc_load.ugm (M1, 16)  UD1:d32  bti(0x8B)[UD0]:a32",
		"lsc_load.ugm (M1, 16)  UD1:d32  bti(0x8B)[UD0]:a32",
		"lsc_store.ugm (M1, 16)  bti(0xAB)[UD0+0x1F0]:a32  UD1:d32",
		"lsc_load.ugm (M1, 16)  UD1:d32  flat[UD0-0x1f]:a64",
		"and (M1, 8) UD0(0,0)<1> UD1(0,0)<1;1,0> 0xff:ud",
		"lsc_load.ugm (M1, 16)  UD1:d32  flat[UQ0]:a64",
		"lsc_load_quad.ugm (M1, 16)  UD1:d32.xz  flat[UQ0]:a64",
		"lsc_load.ugm (M1, 16)  UD1:d8c32  flat[UQ0]:a64",
		"lsc_load.ugm (M1, 16)  UD1:d16c32h  flat[UQ0]:a64",
		"ret (M1, 1)",
	})
}

// execChannelSource is a person's source with an execution size without
// its mask, which IGC's assembler reads as M1 (igc-1.0.12504.6
// visa/CISA.y, ExecSize: "(8)" is "(M1, 8)"), and 3D sampler channels in
// lower or mixed case, which it reads as upper case; oword_ld's "(2)" is
// its size. Found by the oracle campaign of 5 December 2026: infoscope
// refused these INFO lines and read the others as text.
const execChannelSource = `.version 4.1
.kernel "forms"
.decl lod v_type=G type=ud num_elts=128 align=GRF
.decl res v_type=G type=ud num_elts=1024 align=GRF
.decl F0 v_type=G type=f num_elts=1024 align=GRF
.decl s0 v_type=T num_elts=1
.decl SMP v_type=S num_elts=1
.decl P1x v_type=P num_elts=8
.kernel_attr Target="3d"
    mov (8) F0(0,0)<1> 0x0:f
    (P1x) add (16) F0(1,0)<1> F0(2,0)<1;1,0> 0x3f800000:f
    oword_ld (2) s0 0x0:ud res.0
    sample_lz.r (M1, 8) 0x0:uw SMP s0 F0.0 F0.32
    sample_lz.Rg (8) 0x0:uw SMP s0 F0.0 F0.32
    load_lz.rgba (M2, 8) 0x0:uw s0 F0.0 F0.32
    sample4.g (8) 0x0:uw SMP s0 F0.0 F0.32
    resinfo.rgba (M1, 8) s0 lod.0 res.0
    resinfo.R (16) s0 lod.0 res.0
    sampleinfo.rA (1) s0 res.0
    sampleinfo.b (32) s0 res.0
    ret (1)
`

// TestSourceExecAndChannels: execChannelSource reads as GenX_IR 1.0.12504
// reads it (its print of each line below, from "GenX_IR k.visaasm
// -platform DG2 -dumpcommonisa -asmOutput out -stopafter HWConformityChk"),
// ends its kernel with "ret (1)", and prints back as written.
func TestSourceExecAndChannels(t *testing.T) {
	sourcePrints(t, "forms", execChannelSource, []string{
		"mov (M1, 8) F0(0,0)<1> 0x0:f",
		"(P1) add (M1, 16) F0(1,0)<1> F0(2,0)<1;1,0> 0x3f800000:f",
		"oword_ld (2) T6 0x0:ud res.0",
		"sample_lz.R (M1, 8)  0x0:uw S0 T6 F0.0 F0.32",
		"sample_lz.RG (M1, 8)  0x0:uw S0 T6 F0.0 F0.32",
		"load_lz.RGBA (M2, 8)  0x0:uw T6 F0.0 F0.32",
		"sample4.G (M1, 8) 0x0:uw S0 T6 F0.0 F0.32",
		"resinfo.RGBA (M1, 8)  T6 lod.0 res.0",
		"resinfo.R (M1, 16)  T6 lod.0 res.0",
		"sampleinfo.RA (M1, 1)  T6 res.0",
		"sampleinfo.B (M1, 32)  T6 res.0",
		"ret (M1, 1)",
	})
}

// sourcePrints checks that every line of src (one kernel, name) is parsed
// into its instruction and prints as want, GenX_IR 1.0.12504's print of
// it; that the file prints back as written; and, where GenX_IR is
// installed, that it prints want.
func sourcePrints(t *testing.T, name, src string, want []string) {
	t.Helper()
	f := Read(name+".visaasm", []byte(src))
	if len(f.Errors) > 0 || len(f.Streams) != 1 {
		t.Fatalf("%d bodies: %v", len(f.Streams), f.Errors)
	}
	s := f.Streams[0]
	if s.NumInsts() != len(want) {
		t.Fatalf("%d instructions, want %d", s.NumInsts(), len(want))
	}
	var in decoder.Instruction
	for i, w := range want {
		s.Decode(i, &in)
		if !in.HasOperands() {
			t.Errorf("$%d not parsed: %s", i, s.Text[i].Text)
			continue
		}
		if got := string(in.AppendText(nil)); got != w {
			t.Errorf("$%d prints\n\t%s\nwant\n\t%s", i, got, w)
		}
	}
	if got, _ := printBack(f); got != src {
		t.Errorf("not printed back as written:\n%s", got)
	}

	genxir := visagen.Tool(t, "GenX_IR")
	runs := runGenXIR(t, genxir, []visagen.Kernel{{Name: name, Platform: visagen.DG2, Text: []byte(src)}},
		"-dumpcommonisa", "-asmOutput", "out", "-stopafter", "HWConformityChk")
	if r := runs[0]; r.err != nil {
		t.Fatalf("GenX_IR refused the source: %v\n%s%s", r.err, r.out, r.errs)
	}
	var intel []string
	for _, l := range strings.Split(string(runs[0].canon), "\n") {
		code, _, ok := strings.Cut(l, "/// $")
		if !ok {
			continue
		}
		// GenX_IR prints its first instruction on the .kernel_attr line.
		if i := strings.Index(code, "    "); i > 0 {
			code = code[i:]
		}
		intel = append(intel, strings.TrimSpace(code))
	}
	if strings.Join(intel, "\n") != strings.Join(want, "\n") {
		t.Errorf("GenX_IR prints\n%s\nthe test expects\n%s", strings.Join(intel, "\n"), strings.Join(want, "\n"))
	}
}

// TestSourcePredDstMacros: a person's "(P2) invm ..." is read as IGC's
// assembler reads it, without the predicate its builder drops
// (VISAKernelImpl.cpp AppendVISAPredDstArithmeticInst), as for min and
// max; the file prints back as written.
func TestSourcePredDstMacros(t *testing.T) {
	src := `.version 4.1
.kernel "m"
.decl F0 v_type=G type=f num_elts=16 align=GRF
.decl F1 v_type=G type=f num_elts=16 align=GRF
.decl F2 v_type=G type=f num_elts=16 align=GRF
.decl P1 v_type=P num_elts=16
.decl P2 v_type=P num_elts=16
    (P2) invm (M1, 16) F0(0,0)<1> P1 F1(0,0)<1;1,0> F2(0,0)<1;1,0>
    rsqtm (M1, 16) F0(0,0)<1> P1 F1(0,0)<1;1,0>
    ret (M1, 1)
`
	f := Read("m.visaasm", []byte(src))
	if len(f.Errors) > 0 || len(f.Streams) != 1 {
		t.Fatalf("%v", f.Errors)
	}
	var in decoder.Instruction
	for i, w := range []string{"invm (M1, 16) F0(0,0)<1> P1 F1(0,0)<1;1,0> F2(0,0)<1;1,0>", "rsqtm (M1, 16) F0(0,0)<1> P1 F1(0,0)<1;1,0>"} {
		f.Streams[0].Decode(i, &in)
		if got := string(in.AppendText(nil)); !in.HasOperands() || got != w {
			t.Errorf("$%d: parsed %v, prints %q, want %q", i, in.HasOperands(), got, w)
		}
	}
	if got, _ := printBack(f); got != src {
		t.Errorf("not printed back as written:\n%s", got)
	}
}

// TestSourceRawSendg: a person's raw_sendg is read as IGC's assembler
// reads it (CISA.y RawSendgSfid: an SFID name, a decimal number or hex
// digits of either case, below 16; the descriptor any hex number) and
// prints as its disassembler prints it (IsaDisassembly.cpp: the SFID and
// the descriptor in upper-case hex); the file prints back as written.
// ".urb" is no SFID name the assembler has, and stays text.
func TestSourceRawSendg(t *testing.T) {
	src := `.version 4.2
.kernel "g"
.decl D v_type=G type=ud num_elts=64 align=GRF
.decl S v_type=G type=ud num_elts=64 align=GRF
    raw_sendg.ugm (M1, 16) D.0/256 S.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0x2000000a0b
    raw_sendgc.0X0f (M1, 16) D.0/256 S.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0X00ff
    raw_sendg_eot.3 (M1, 16) %null.0/0 S.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0x0
    raw_sendgc_eot.gtwy (M1, 16) %null.0/0 S.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0xAb
    raw_sendg.urb (M1, 16) D.0/256 S.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0x0
    raw_sendg.16 (M1, 16) D.0/256 S.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0x0
    ret (M1, 1)
`
	f := Read("g.visaasm", []byte(src))
	if len(f.Errors) > 0 || len(f.Streams) != 1 {
		t.Fatalf("%v", f.Errors)
	}
	var in decoder.Instruction
	for i, w := range []string{
		"raw_sendg.0xE (M1, 16) D.0/256 S.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0x2000000A0B",
		"raw_sendgc.0xF (M1, 16) D.0/256 S.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0xFF",
		"raw_sendg_eot.0x3 (M1, 16) %null.0/0 S.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0x0",
		"raw_sendgc_eot.0x3 (M1, 16) %null.0/0 S.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0xAB",
		"", "",
	} {
		f.Streams[0].Decode(i, &in)
		if got := string(in.AppendText(nil)); in.HasOperands() != (w != "") || w != "" && got != w {
			t.Errorf("$%d: parsed %v, prints %q, want %q", i, in.HasOperands(), got, w)
		}
	}
	if got, _ := printBack(f); got != src {
		t.Errorf("not printed back as written:\n%s", got)
	}
}
