package decoder

import "fmt"

// The vISA writer of IGC 1.0.12198 to 1.0.12812 (72fd35947, 2022-09-06,
// to its fix in ee604b2c8 and 1396b4610, 2022-12; Debian 12's libigc
// among them) wrote each instruction without its last k operand slots,
// k the number of its exec-size and predicate slots: INFO loses its dst,
// mov keeps only its opcode, exec and predicate, ret only its opcode. The
// body keeps its declared size and ends in zeros (through ocloc, in
// uninitialised heap). Such a body does not walk; it is recognised by
// walking it so cut, which must reach the zeros exactly.

// CutShortError reports a body that IGC's cut-short writer wrote.
type CutShortError struct {
	File, Kernel string
	Off          int64 // where the ordinary walk stopped
	Insts        int   // the instructions the cut walk found
	Decoded      int   // those decoded before the ordinary walk stopped
	Err          error // the ordinary walk's located error
}

// Unwrap returns the ordinary walk's error (a *FormatError, located).
func (e *CutShortError) Unwrap() error { return e.Err }

// Error says what happened and which IGC releases write such files.
func (e *CutShortError) Error() string {
	s := ""
	if e.File != "" {
		s = e.File + ": "
	}
	return s + fmt.Sprintf("kernel %s: byte 0x%x: cut short by its writer: each of its %d instructions lacks its last exec-size and predicate operand slots (INFO its dst) and the body ends in zeros, as the vISA writer of IGC 1.0.12198 to 1.0.12812 (Debian 12's among them) wrote every object; those operands are not in the file, so only the %d instruction(s) before this byte are shown",
		e.Kernel, e.Off, e.Insts, e.Decoded)
}

// cutShortWalk walks code as that writer wrote it and returns how many
// instructions it holds, or false when it does not walk so to its zero
// padding exactly. in is scratch, one for every body of a file: an
// Instruction is ~5 KB, and a file may have a failing body per 34 bytes.
func cutShortWalk(code []byte, t *opTable, in *Instruction) (int, bool) {
	n, pos := 0, 0
	for pos < len(code) {
		if allZero(code[pos:]) {
			return n, n > 0
		}
		op := code[pos]
		p := t.progs[op]
		if sub := t.subs[op]; sub != nil {
			if pos+1 >= len(code) {
				return n, false
			}
			p = sub[code[pos+1]]
		}
		if p == nil || p.gone || p.row == nil || p.row.rejected || p.row.undet {
			return n, false
		}
		toks := p.row.toks
		k := 0
		for i := range toks {
			if toks[i].k == tkExec || toks[i].k == tkPred {
				k++
			}
		}
		if k > len(toks) {
			return n, false
		}
		in.reset()
		d := opDecoder{in: in, b: code[pos:], pos: 1, t: t}
		d.run(toks[:len(toks)-k])
		if d.bad || d.pos <= 0 {
			return n, false
		}
		pos += d.pos
		n++
	}
	return n, false // no zeros at the end
}
