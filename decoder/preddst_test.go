package decoder

import "testing"

// TestPredDstText (issue 19): invm and rsqtm, the math macros with a
// predicate destination, are read from text as IGC prints them
// (IsaDisassembly.cpp printInstructionCommon: the mnemonic, .sat, the
// execution size, then dst, the flag, the sources), though no object's
// length for them is known (their rows stay UNDETERMINED for bytes). IGC's
// builder makes them with no predicate (VISAKernelImpl.cpp
// AppendVISAPredDstArithmeticInst), so a predicate is not its print.
// GenX_IR 1.0.12504 predates both.
func TestPredDstText(t *testing.T) {
	v := Version{4, 1}
	var in Instruction
	for _, c := range []struct{ text, mnem string }{
		{"invm (M1, 16) V41(0,0)<1> P1 V42(0,0)<1;1,0> V43(0,0)<1;1,0>", "invm"},
		{"rsqtm (M5, 8) V41(1,0)<1> P2 V42(0,8)<1;1,0>", "rsqtm"},
	} {
		if err := in.parseLine(c.text, v, symbolNames{}, 0); err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if in.Text() != c.text || in.Mnemonic != c.mnem || in.Operand("dst_pred") == nil {
			t.Errorf("%q: prints %q (%s), flag %v", c.text, in.Text(), in.Mnemonic, in.Operand("dst_pred"))
		}
	}
	for _, bad := range []string{
		"(P2) invm (M1, 16) V41(0,0)<1> P1 V42(0,0)<1;1,0> V43(0,0)<1;1,0>",
		"rsqtm (M1, 16) V41(0,0)<1> P1 V42(0,0)<1;1,0> V43(0,0)<1;1,0>",
	} {
		if err := in.parseLine(bad, v, symbolNames{}, 0); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
