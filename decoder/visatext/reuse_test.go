package visatext

import (
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata"
	"infoscope/sampledata/templates"
	"infoscope/sampledata/testkit"
)

// TestReusedInstructionNotAmbiguous: an Instruction decoded from a text
// body whose names are declared more than once, then reused for a binary
// (dump's workers reuse theirs from file to file), carries no operand's
// Ambiguous mark over: a binary's operands name ids, never ambiguous.
func TestReusedInstructionNotAmbiguous(t *testing.T) {
	s := Read(inlineFinal, testkit.ReadFile(t, inlineFinal)).Streams[0]
	var in decoder.Instruction
	amb := 0
	for i := range s.Text {
		if s.Text[i].Text == "" || s.Inst(i).Op == decoder.OpINFO {
			continue
		}
		s.Decode(i, &in)
		for _, a := range in.Args[:in.N] {
			if r, ok := a.(*decoder.Raw); ok && r.Ambiguous {
				amb++
			}
		}
		if amb > 0 {
			break
		}
	}
	bin := Decode("mixed.bin", sampledata.MixedStream(64<<10, templates.Mixed()), decoder.Options{Layout: decoder.LayoutIGC}).Streams[0]
	raws := 0
	for i := range bin.NumInsts() {
		bin.Decode(i, &in)
		for _, a := range in.Args[:in.N] {
			if r, ok := a.(*decoder.Raw); ok {
				raws++
				if r.Ambiguous {
					t.Fatalf("$%d %s: operand %s is ambiguous", i, in.Mnemonic, r.Role)
				}
			}
		}
	}
	if amb == 0 || raws == 0 {
		t.Errorf("%d ambiguous raw operands read from text, %d raw operands decoded: the test proves little", amb, raws)
	}
}
