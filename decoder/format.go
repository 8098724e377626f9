package decoder

import "strconv"

// Text returns the instruction as IGC's disassembler prints it (format doc
// §5.5), without indentation or the trailing comment:
//
//	resinfo.RGBA (M1, 16)  T6 lod.0 res.0
func (in *Info) Text() string { return string(in.AppendText(make([]byte, 0, 48))) }

// AppendText appends Text to b. It is INFO's one printer: an INFO
// Instruction prints through it too (Instruction.AppendText, through the
// view Instruction.info), so the list, the dump, the Bits panel's title
// and the Code pane cannot disagree.
func (in *Info) AppendText(b []byte) []byte {
	switch op := in.Op(); op {
	case OpResinfo, OpSampleinfo:
		b = append(b, op.String()...)
		b = append(b, '.')
		b = append(b, in.Channels()...)
	default:
		// IGC's printer gives the channel suffix to resinfo and
		// sampleinfo only (IsaDisassembly.cpp, ISA_3D_INFO).
		b = append(b, "info_0x"...)
		b = strconv.AppendUint(b, uint64(in.SubOp), 16)
	}
	b = append(b, ' ')
	b = in.exec().appendText(b)
	b = append(b, "  "...)
	return in.appendOperands(b)
}

// exec returns the exec byte as the instruction reads it: the exec-size
// code and the mask control (version 3.0's nibble already mapped).
func (in *Info) exec() Exec { return Exec(uint8(in.Mask&15)<<4 | in.ExecCode&15) }

// appendExecSize appends the lane count of an exec-size code, or "?CODE"
// for an illegal one.
func appendExecSize(b []byte, code uint8) []byte {
	if n := ExecSizeFromCode(code); n > 0 {
		return AppendUint(b, uint64(n))
	}
	return strconv.AppendUint(append(b, '?'), uint64(code), 10)
}

// AppendSeedText appends the instruction in the user's spec syntax to b:
//
//	RESINFO (16) T6 lod.0 res.0
func (in *Info) AppendSeedText(b []byte) []byte {
	switch in.Op() {
	case OpResinfo:
		b = append(b, "RESINFO"...)
	case OpSampleinfo:
		b = append(b, "SAMPLEINFO"...)
	default:
		b = append(b, "INFO_0x"...)
		b = strconv.AppendUint(b, uint64(in.SubOp), 16)
	}
	b = append(b, " ("...)
	b = appendExecSize(b, in.ExecCode&15)
	b = append(b, ") "...)
	return in.appendOperands(b)
}

// appendOperands appends "SURFACE [LOD] DST" as both syntaxes print them.
func (in *Info) appendOperands(b []byte) []byte {
	b = append(b, SurfaceName(in.Surface)...)
	if in.HasLOD {
		b = appendRawOperand(append(b, ' '), in.sym, in.LOD)
	}
	return appendRawOperand(append(b, ' '), in.sym, in.Dst)
}

// appendRawOperand appends "name.offset" as Info.Operand returns it.
func appendRawOperand(b []byte, sym *Symbols, r RawOperand) []byte {
	name, _ := sym.varName(r.ID)
	b = append(append(b, name...), '.')
	return AppendUint(b, uint64(r.Offset))
}

// AppendUint appends v in decimal, as strconv.AppendUint does. The numbers
// of operands and dump records are mostly under 100 (rows, columns,
// strides, ids, opcodes): written here, not by a call copying strconv's
// table, they cost less (dump --json --all of docs/benchmarks.md's corpus
// spent 10% of its CPU in strconv).
func AppendUint(b []byte, v uint64) []byte {
	switch {
	case v < 10:
		return append(b, byte('0'+v))
	case v < 100:
		return append(b, byte('0'+v/10), byte('0'+v%10))
	}
	return strconv.AppendUint(b, v, 10)
}

// AppendText appends the region as String returns it ("<v;w,h>").
func (r Region) AppendText(b []byte) []byte { return r.appendText(b) }
