package decoder

import "testing"

// TestXe3FormsText: the instructions IGC added for Xe2/Xe3 after the last
// binary writer are read from text as IGC's disassembler prints them
// (IsaDisassembly.cpp), and print back to the very line:
//   - raw_sendg: printInstructionMisc, case ISA_RAW_SENDG: the mnemonic
//     (raw_sendg, raw_sendgc, raw_sendg_eot, raw_sendgc_eot by modifier
//     bits 0 and 1), "." and the SFID in upper-case hex, the execution
//     size, each payload as a raw operand "/" its length in bytes, the two
//     indirect descriptors as vector operands, then desc_hi:desc_lo as one
//     upper-case hex number;
//   - shfl_idx4, lfsr, dnscl: printInstructionCommon: lfsr's function
//     control and dnscl's conversion, mode and rounding right after the
//     mnemonic (Common_ISA.cpp's lfsrFuncCtrl, dnsclConvertType,
//     dnsclMode, dnsclRndMode), .sat for lfsr only (a logic op;
//     shfl_idx4 and dnscl are excluded by name), then the operands as
//     the builder made them (VISAKernelImpl.cpp: shfl_idx4's dst and all
//     of dnscl's are raw);
//   - bdpas: printInstructionMisc, case ISA_BDPAS, as dpas: the precisions,
//     depth and count after the mnemonic, four raw operands, then two
//     vector operands without their regions; no predicate (the builder
//     refuses one). IGC's reader rejects the opcode; the text is read.
//
// The parsed instruction prints the line, and that line parses to the
// same operands.
func TestXe3FormsText(t *testing.T) {
	v := Version{4, 2}
	type want struct {
		name string
		val  uint32
	}
	for _, c := range []struct {
		text, mnem string
		pred       Pred
		fields     []want
	}{
		{"raw_sendg.0xE (M1, 16) V33.0/256 V34.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0x2000000000", "raw_sendg", 0,
			[]want{{"modifier", 0}, {"sfid", 0xE}, {"dst_len", 256}, {"src0_len", 64}, {"src1_len", 0}, {"desc_lo", 0}, {"desc_hi", 0x20}}},
		{"(P1) raw_sendgc.0x3 (M1_NM, 1) %null.0/0 V34.0/32 V35.64/64 V36(0,0)<0;1,0> %null(0,0)<0;1,0> 0x2000000A0B", "raw_sendg", 1,
			[]want{{"modifier", 1}, {"sfid", 3}, {"dst_len", 0}, {"src0_len", 32}, {"src1_len", 64}, {"desc_lo", 0xA0B}, {"desc_hi", 0x20}}},
		{"raw_sendg_eot.0x0 (M1, 16) %null.0/0 V34.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0x0", "raw_sendg", 0,
			[]want{{"modifier", 2}, {"sfid", 0}, {"desc_lo", 0}, {"desc_hi", 0}}},
		{"(!P2) raw_sendgc_eot.0xF (M1, 16) %null.0/0 V34.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0xFFFFFFFFFFFFFFFF", "raw_sendg", 0x8002,
			[]want{{"modifier", 3}, {"sfid", 0xF}, {"desc_lo", 0xFFFFFFFF}, {"desc_hi", 0xFFFFFFFF}}},
		{"shfl_idx4 (M1, 16) V33.0 V34(0,0)<1;1,0> V35(0,0)<1;1,0>", "shfl_idx4", 0, nil},
		{"(P2) shfl_idx4 (M5, 8) V33.64 V34(0,8)<1;1,0> V35(1,0)<0;1,0>", "shfl_idx4", 2, nil},
		{"lfsr.b32 (M1, 16) V33(0,0)<1> V34(0,0)<1;1,0> V35(0,0)<1;1,0>", "lfsr", 0, []want{{"funcctrl", 0}}},
		{"(P1) lfsr.b8v4 (M1, 16) V33(0,0)<1> V34(0,0)<1;1,0> 0x5:ud", "lfsr", 1, []want{{"funcctrl", 2}}},
		{"lfsr.b16v2.sat (M1, 32) V33(0,0)<1> V34(0,0)<1;1,0> V35(0,0)<1;1,0>", "lfsr", 0, []want{{"funcctrl", 1}}},
		{"dnscl.bftoe2m1.mode0.srnd (M1, 16) V33.0 V34.0 V35.0 V36.0", "dnscl", 0, []want{{"type", 1}, {"mode", 0}, {"rnd_mode", 0}}},
		{"(P3) dnscl.hftoint4.mode3.rne (M1, 16) V33.0 V34.64 V35.0 V36.0", "dnscl", 3, []want{{"type", 5}, {"mode", 3}, {"rnd_mode", 1}}},
		{"bdpas.bf.bf.8.8 (M1, 16) V33.0 V34.0 V35.0 V36.0 V37(0,0) V37(0,1)", "bdpas", 0, []want{{"precision_info", 0x08080909}}},
		{"bdpas.hf.hf.8.8 (M1_NM, 16) V33.0 %null.0 V35.512 V36.0 V37(1,0) V38(0,4)", "bdpas", 0, []want{{"precision_info", 0x0808_0A0A}}},
	} {
		var in, again Instruction
		if err := in.parseLine(c.text, v, symbolNames{}, 0); err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if got := in.Text(); got != c.text || in.Mnemonic != c.mnem || in.Pred != c.pred {
			t.Errorf("%q: prints %q (%s, pred %#x)", c.text, got, in.Mnemonic, uint16(in.Pred))
		}
		for _, f := range c.fields {
			if got, ok := in.Value(f.name); !ok || got != f.val {
				t.Errorf("%q: %s = %#x (%v), want %#x", c.text, f.name, got, ok, f.val)
			}
		}
		if err := again.parseLine(in.Text(), v, symbolNames{}, 0); err != nil || operandsOf(&again) != operandsOf(&in) {
			t.Errorf("%q: printed and read again: %v\n got %s\nwant %s", c.text, err, operandsOf(&again), operandsOf(&in))
		}
	}
	for _, bad := range []string{
		"raw_sendg.0xe (M1, 16) V33.0/256 V34.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0x2000000000",        // lower-case SFID
		"raw_sendg.14 (M1, 16) V33.0/256 V34.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0x2000000000",         // decimal SFID
		"raw_sendg.0xE (M1, 16) V33.0/256 V34.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0x2000000a0b",        // lower-case descriptor
		"raw_sendg.0xE (M1, 16) V33.0/256 V34.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0x10000000000000000", // 65 bits
		"raw_sendg.0xE (M1, 16) V33.0 V34.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0x0",                     // no length
		"raw_sendg.0xE (M1, 16) V33.0/256 V34.0/64 %null.0/0 %null(0,0)<0;1,0> 0x0",                                   // one indirect descriptor
		"raw_sendg.0xE.sat (M1, 16) V33.0/256 V34.0/64 %null.0/0 %null(0,0)<0;1,0> %null(0,0)<0;1,0> 0x0",
		"shfl_idx4.sat (M1, 16) V33.0 V34(0,0)<1;1,0> V35(0,0)<1;1,0>", // the printer names shfl_idx4 not to print .sat
		"shfl_idx4 (M1, 16) V33(0,0)<1> V34(0,0)<1;1,0> V35(0,0)<1;1,0>",
		"lfsr.b64 (M1, 16) V33(0,0)<1> V34(0,0)<1;1,0> V35(0,0)<1;1,0>",
		"lfsr (M1, 16) V33(0,0)<1> V34(0,0)<1;1,0> V35(0,0)<1;1,0>",
		"dnscl.bftoe2m1.mode4.srnd (M1, 16) V33.0 V34.0 V35.0 V36.0",
		"dnscl.bftoe2m1.mode0.srnd.sat (M1, 16) V33.0 V34.0 V35.0 V36.0",
		"dnscl.bftoe2m1.mode0.srnd (M1, 16) V33.0 V34.0 V35.0",
		"(P1) bdpas.bf.bf.8.8 (M1, 16) V33.0 V34.0 V35.0 V36.0 V37(0,0) V37(0,1)",          // no predicate
		"bdpas.bf.bf.8.8 (M1, 16) V33.0 V34.0 V35.0 V36.0 V37(0,0)<0;1,0> V37(0,1)<0;1,0>", // no regions
	} {
		var in Instruction
		if err := in.parseLine(bad, v, symbolNames{}, 0); err == nil {
			t.Errorf("%q parsed into %s", bad, operandsOf(&in))
		}
	}
}

// TestLSCURBText: an LSC message to the URB (LSC_URB, the fifth of IGC's
// LSC_SFID values) is read as IGC's disassembler prints it: its LSC
// formatter's formatSfid (IsaDisassembly.cpp) names only .ugm, .ugml,
// .tgm and .slm and prints any other SFID as a bad value, so the URB is
// ".<<4?>>". Other bad values name no SFID IGC has, and stay refused.
func TestLSCURBText(t *testing.T) {
	v := Version{4, 2}
	for _, c := range []struct {
		text string
		op   uint8
	}{
		{"lsc_load.<<4?>> (M1, 16)  V33:d32  flat[V34]:a32", 0x89},
		{"(P1) lsc_store.<<4?>>.uc.uc (M1, 16)  flat[V34]:a32  V35:d32x4", 0x89},
		{"lsc_fence.<<4?>>.none.group", 0x8B},
	} {
		var in, again Instruction
		if err := in.parseLine(c.text, v, symbolNames{}, 0); err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if got, _ := in.Value("sfid"); in.Text() != c.text || in.Op != c.op || got != 4 {
			t.Errorf("%q: prints %q, opcode %#x, sfid %d", c.text, in.Text(), in.Op, got)
		}
		if err := again.parseLine(in.Text(), v, symbolNames{}, 0); err != nil || operandsOf(&again) != operandsOf(&in) {
			t.Errorf("%q: printed and read again: %v\n got %s\nwant %s", c.text, err, operandsOf(&again), operandsOf(&in))
		}
	}
	for _, bad := range []string{
		"lsc_load.<<5?>> (M1, 16)  V33:d32  flat[V34]:a32",
		"lsc_load.<<04?>> (M1, 16)  V33:d32  flat[V34]:a32",
		"lsc_load.urb (M1, 16)  V33:d32  flat[V34]:a32", // IGC's assembler takes it; its printer never writes it
		"lsc_fence.<<5?>>.none.group",
	} {
		var in Instruction
		if err := in.parseLine(bad, v, symbolNames{}, 0); err == nil {
			t.Errorf("%q parsed into %s", bad, operandsOf(&in))
		}
	}
}
