package decoder

import (
	"strconv"
	"strings"
)

// Text returns the instruction as IGC's disassembler prints it (format doc
// §5.5), without indentation or the trailing comment:
//
//	resinfo.RGBA (M1, 16)  T6 lod.0 res.0
func (in *Info) Text() string {
	var sb strings.Builder
	sb.Grow(48)
	switch in.Op() {
	case OpResinfo, OpSampleinfo:
		sb.WriteString(in.Op().String())
	default:
		sb.WriteString("info_0x")
		sb.WriteString(strconv.FormatUint(uint64(in.SubOp), 16))
	}
	sb.WriteByte('.')
	sb.WriteString(in.Channels())
	sb.WriteString(" (")
	sb.WriteString(in.Mask.String())
	sb.WriteString(", ")
	sb.WriteString(execSizeText(in))
	sb.WriteString(")  ")
	sb.WriteString(in.SurfaceName())
	if in.HasLOD {
		sb.WriteByte(' ')
		sb.WriteString(in.Operand(in.LOD))
	}
	sb.WriteByte(' ')
	sb.WriteString(in.Operand(in.Dst))
	return sb.String()
}

// SeedText returns the instruction in the user's spec syntax:
//
//	RESINFO (16) T6 lod.0 res.0
func (in *Info) SeedText() string {
	var sb strings.Builder
	switch in.Op() {
	case OpResinfo, OpSampleinfo:
		sb.WriteString(strings.ToUpper(in.Op().String()))
	default:
		sb.WriteString("INFO_0x")
		sb.WriteString(strconv.FormatUint(uint64(in.SubOp), 16))
	}
	sb.WriteString(" (")
	sb.WriteString(execSizeText(in))
	sb.WriteString(") ")
	sb.WriteString(in.SurfaceName())
	if in.HasLOD {
		sb.WriteByte(' ')
		sb.WriteString(in.Operand(in.LOD))
	}
	sb.WriteByte(' ')
	sb.WriteString(in.Operand(in.Dst))
	return sb.String()
}

func execSizeText(in *Info) string {
	if in.ExecSize() == 0 {
		return "?" + strconv.Itoa(int(in.ExecCode))
	}
	return strconv.Itoa(in.ExecSize())
}
