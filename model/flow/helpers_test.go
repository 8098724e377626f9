package flow

import (
	"slices"

	"infoscope/decoder"
)

// The analysis' entry points for hand-built bodies and single
// instructions, which only the tests need (the program builds a Stream).

// NewBody builds the control flow graph of insts.
func NewBody(insts []Inst) *Body { return newBody(insts, false) }

// newBody is NewBody, without the dominator tree when noTree.
func newBody(insts []Inst, noTree bool) *Body {
	bb := bodyBuilder{noTree: noTree}
	bb.grow(len(insts))
	for i := range insts {
		bb.add(&insts[i])
	}
	return bb.finish()
}

// infoFlowInst reduces an INFO's operands to what data flow needs.
func infoFlowInst(op InfoOperands) Inst {
	var fi Inst
	infoFlowInstTo(&fi, op)
	return fi
}

// flowInst reduces a decoded instruction to what data flow needs.
func flowInst(in *decoder.Instruction, grf int) Inst {
	var fi Inst
	flowInstTo(&fi, in, grf)
	return fi
}

// flowInsts returns every instruction of the stream reduced (the tests
// build the reference analysis from them).
func (sf *Stream) flowInsts() []Inst {
	var insts []Inst
	sf.eachFlowInst(func(fi *Inst) {
		c := *fi
		c.Reads, c.Writes, c.Targets = slices.Clone(fi.Reads), slices.Clone(fi.Writes), slices.Clone(fi.Targets)
		insts = append(insts, c)
	})
	return insts
}
