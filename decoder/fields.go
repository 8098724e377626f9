package decoder

import (
	"fmt"
	"strconv"
)

// Fields returns the instruction's bit-field spans, in encoding order. They
// cover every bit of the instruction exactly once; bits with no meaning are
// named "reserved".
func (in *Info) Fields() []Field {
	spans := in.FieldSpans()
	f := make([]Field, len(spans))
	var m []byte
	for k, sp := range spans {
		var raw uint64
		raw, m = in.AppendField(m[:0], k)
		f[k] = Field{Name: sp.Name, Byte: sp.Byte, Bit: sp.Bit, Bits: sp.Bits, Raw: raw, Meaning: string(m)}
	}
	return f
}

// FieldSpan is where one bit field of an encoded INFO lies.
type FieldSpan struct {
	Name string
	Byte int // byte offset from the opcode
	Bit  int // first bit within that byte (0 = LSB)
	Bits int // width; multi-byte fields are little-endian
	// Named: the field's meaning holds a name from the file (a variable's
	// or a surface's, from its string pool), which may hold any byte.
	// Every other meaning is the decoder's own printable ASCII, with no
	// '"' or '\\'.
	Named bool
}

// FieldSpans returns where in's fields lie, in encoding order: its form's
// spans (infospec.go), a shared table, not to be changed, the same slice
// for every INFO of one layout, raw-operand width and LOD presence (a
// caller may keep what it derives from one, keyed by its first element's
// address).
func (in *Info) FieldSpans() []FieldSpan { return in.form().spans }

func (in *Info) form() *infoForm { return formOf(in.Layout, in.Version.wide(), in.HasLOD) }

// AppendField returns the value of field k of FieldSpans and appends what
// it means to m. Appended, not returned as a string: dump --json writes the
// meaning of every field of every INFO, and made as strings they cost four
// allocations a record.
func (in *Info) AppendField(m []byte, k int) (raw uint64, _ []byte) {
	f := in.form()
	sp, fd := &f.spans[k], f.fields[k]
	switch fd.part {
	case ipLODID, ipLODOff, ipDstID, ipDstOff:
		raw = uint64(in.partValue(fd.part)) // an edited INFO's operands
	default:
		raw = uint64(sp.get(in.Bytes()))
	}
	if fd.shift != 0 || fd.part == ipChanHigh {
		if raw == 0 {
			return raw, append(m, "reserved (0)"...)
		}
		return raw, strconv.AppendUint(append(m, "reserved, set to "...), raw, 10)
	}
	switch fd.part {
	case ipOpcode:
		return raw, append(m, "INFO (0x70)"...)
	case ipSubOp:
		if op := in.Op(); op == OpResinfo || op == OpSampleinfo {
			return raw, append(m, op.String()...)
		}
		return raw, fmt.Appendf(m, "unknown sub-op 0x%02x", in.SubOp)
	case ipExec:
		if n := in.ExecSize(); n != 0 {
			return raw, append(strconv.AppendInt(m, int64(n), 10), " lanes"...)
		}
		return raw, strconv.AppendUint(append(m, "illegal exec-size code "...), uint64(in.ExecCode), 10)
	case ipMask:
		return raw, appendMaskMeaning(m, MaskControl(in.Mask&15), in.ExecSize())
	case ipChannels:
		return raw, append(m, in.Channels()...)
	case ipSurface:
		m = append(m, in.SurfaceName()...)
		if d := in.SurfaceDecl(); d != "" && d != in.SurfaceName() {
			m = append(append(append(m, " ("...), d...), ')')
		}
		return raw, m
	case ipLODID, ipDstID:
		return raw, append(m, in.VarName(uint32(raw))...)
	}
	return raw, strconv.AppendUint(append(m, "byte "...), raw, 10) // an offset
}

// appendMaskMeaning appends which execution-mask bits the n lanes of mc
// read.
func appendMaskMeaning(m []byte, mc MaskControl, n int) []byte {
	m = append(m, mc.String()...)
	if mc.NoMask() {
		m = append(m, ": NoMask, all lanes enabled; EM window from bit "...)
		return strconv.AppendInt(m, int64(mc.LaneOffset()), 10)
	}
	m = strconv.AppendInt(append(m, ": lanes read EM bits "...), int64(mc.LaneOffset()), 10)
	return strconv.AppendInt(append(m, ".."...), int64(mc.LaneOffset()+max(n, 1)-1), 10)
}
