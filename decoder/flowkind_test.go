package decoder

import (
	"strings"
	"testing"
)

// TestFlowColumn: the opcode table's flow column gives data flow what an
// opcode does to control flow and whether a message reads memory into its
// data operand; a word the column does not know is refused when the table
// is parsed, and an instruction read from text that the decoder does not
// parse still has its opcode's kind.
func TestFlowColumn(t *testing.T) {
	want := map[string]FlowKind{
		"label": FlowLabel, "subroutine": FlowLabel, "jmp": FlowJump, "goto": FlowJump,
		"switchjmp": FlowSwitch, "ret": FlowReturn, "fret": FlowReturn, "call": FlowCall,
		"fcall": FlowCall, "ifcall": FlowICall, "gather4_scaled": FlowLoad, "svm/block_ld": FlowLoad,
		"oword_ld": FlowLoad, "scatter4_scaled": FlowNone, "svm/block_st": FlowNone, "mov": FlowNone,
		"raw_send": FlowNone,
	}
	seen := map[string]bool{}
	for _, r := range tableRows {
		if k, ok := want[r.mnemonic]; ok {
			seen[r.mnemonic] = true
			if r.flow != k {
				t.Errorf("%s: flow %q, want %q", r.mnemonic, r.flow, k)
			}
		}
	}
	if len(seen) != len(want) {
		t.Errorf("rows found: %v", seen)
	}
	head := "opcode\tmnemonic\tfields\tnotes\ttext\tflow\n"
	if _, err := parseTable(head + "0x32\tjmp\tE P LBL:label\t\t\tjumps\n"); err == nil || !strings.Contains(err.Error(), `flow "jumps"`) {
		t.Errorf("unknown flow word: %v", err)
	}
	var in Instruction
	in.Op, in.ver = 0x34, DefaultVersion()
	if in.Flow() != FlowReturn {
		t.Errorf("ret without operands: %q", in.Flow())
	}
	in.Op = 0x4E // dispatched on its sub-op: the opcode alone does not say
	if in.Flow() != FlowNone {
		t.Errorf("svm without a row: %q", in.Flow())
	}
}
