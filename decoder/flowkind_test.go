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

// TestSymbolsLookups: each lookup of a declaration by id or index answers
// nil (or false) outside its table, for a predefined id, and without a
// table, and the declaration itself inside it.
func TestSymbolsLookups(t *testing.T) {
	s := &Symbols{Vars: []VarInfo{{Name: "a"}, {Name: "b"}}, Labels: []LabelInfo{{Name: "L0"}},
		Surfaces: []string{"T6name"}, Strings: []string{"s0"}}
	var none *Symbols
	if v := s.Var(NumPredefinedVars + 1); v == nil || v.Name != "b" {
		t.Errorf("Var(33) = %v", v)
	}
	for _, id := range []uint32{0, NumPredefinedVars - 1, NumPredefinedVars + 2, 1<<32 - 1} {
		if s.Var(id) != nil || none.Var(id) != nil {
			t.Errorf("Var(%d) not nil", id)
		}
	}
	if l := s.Label(0); l == nil || l.Name != "L0" || s.Label(1) != nil || none.Label(0) != nil {
		t.Errorf("Label")
	}
	if n, ok := s.Surface(NumPredefinedSurfaces); !ok || n != "T6name" {
		t.Errorf("Surface(6) = %q %v", n, ok)
	}
	for _, id := range []uint32{0, NumPredefinedSurfaces - 1, NumPredefinedSurfaces + 1} {
		if _, ok := s.Surface(id); ok {
			t.Errorf("Surface(%d) declared", id)
		}
	}
	if p, ok := s.PoolString(0); !ok || p != "s0" {
		t.Errorf("PoolString(0) = %q", p)
	}
	if _, ok := s.PoolString(1); ok {
		t.Errorf("PoolString(1)")
	}
	if _, ok := none.PoolString(0); ok {
		t.Errorf("nil PoolString")
	}
}
