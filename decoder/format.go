package decoder

import (
	"strconv"
)

// Text returns the instruction as IGC's disassembler prints it (format doc
// §5.5), without indentation or the trailing comment:
//
//	resinfo.RGBA (M1, 16)  T6 lod.0 res.0
func (in *Info) Text() string { return string(in.AppendText(make([]byte, 0, 48))) }

// AppendText appends Text to b (allocating nothing when b has room).
func (in *Info) AppendText(b []byte) []byte {
	switch in.Op() {
	case OpResinfo, OpSampleinfo:
		b = append(b, in.Op().String()...)
	default:
		b = append(b, "info_0x"...)
		b = strconv.AppendUint(b, uint64(in.SubOp), 16)
	}
	b = append(b, '.')
	b = append(b, in.Channels()...)
	b = append(b, " ("...)
	b = append(b, in.Mask.String()...)
	b = append(b, ", "...)
	b = appendExecSize(b, in)
	b = append(b, ")  "...)
	return in.appendOperands(b)
}

// SeedText returns the instruction in the user's spec syntax:
//
//	RESINFO (16) T6 lod.0 res.0
func (in *Info) SeedText() string { return string(in.AppendSeedText(make([]byte, 0, 48))) }

// AppendSeedText appends SeedText to b.
func (in *Info) AppendSeedText(b []byte) []byte {
	switch in.Op() {
	case OpResinfo, OpSampleinfo:
		n := len(b)
		b = append(b, in.Op().String()...)
		for k := n; k < len(b); k++ {
			b[k] -= 'a' - 'A' // the names are lower-case ASCII letters
		}
	default:
		b = append(b, "INFO_0x"...)
		b = strconv.AppendUint(b, uint64(in.SubOp), 16)
	}
	b = append(b, " ("...)
	b = appendExecSize(b, in)
	b = append(b, ") "...)
	return in.appendOperands(b)
}

// appendOperands appends "SURFACE [LOD] DST" as both syntaxes print them.
func (in *Info) appendOperands(b []byte) []byte {
	b = append(b, in.SurfaceName()...)
	if in.HasLOD {
		b = in.appendOperand(append(b, ' '), in.LOD)
	}
	return in.appendOperand(append(b, ' '), in.Dst)
}

// appendOperand appends "name.offset" as Operand returns it.
func (in *Info) appendOperand(b []byte, r RawOperand) []byte {
	b = append(b, in.VarName(r.ID)...)
	b = append(b, '.')
	return strconv.AppendInt(b, int64(r.Offset), 10)
}

func appendExecSize(b []byte, in *Info) []byte {
	if in.ExecSize() == 0 {
		return strconv.AppendInt(append(b, '?'), int64(in.ExecCode), 10)
	}
	return strconv.AppendInt(b, int64(in.ExecSize()), 10)
}

// AppendOperandText appends o as OperandText returns it.
func (in *Instruction) AppendOperandText(b []byte, o Operand) []byte { return in.appendOperand(b, o) }

// AppendText appends the region as String returns it ("<v;w,h>").
func (r Region) AppendText(b []byte) []byte { return r.appendText(b) }
