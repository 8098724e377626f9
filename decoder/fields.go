package decoder

import (
	"fmt"
	"strconv"
)

// Fields returns the instruction's bit-field spans, in encoding order. They
// cover every bit of the instruction exactly once; bits with no meaning are
// named "reserved".
func (in *Info) Fields() []Field { return in.AppendFields(make([]Field, 0, 14)) }

// AppendFields appends the fields Fields returns to f: FieldSpans and
// AppendFieldValues side by side.
func (in *Info) AppendFields(f []Field) []Field {
	var buf [maxFields]FieldValue
	vals := in.AppendFieldValues(buf[:0])
	for k, sp := range in.FieldSpans() {
		f = append(f, Field{Name: sp.Name, Byte: sp.Byte, Bit: sp.Bit, Bits: sp.Bits, Raw: vals[k].Raw, Meaning: vals[k].Meaning})
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
	// '"' or '\\' (dump --json writes it unescaped).
	Named bool
}

// FieldValue is one field's value and what it means.
type FieldValue struct {
	Raw     uint64
	Meaning string
}

// maxFields is the most fields an INFO has (a RESINFO: 11 in either layout).
const maxFields = 11

// FieldSpans returns where in's fields lie, in encoding order: its form's
// spans (infospec.go), a shared table, not to be changed, the same slice
// for every INFO of one layout, raw-operand width and LOD presence (a
// caller may keep what it derives from one, keyed by its first element's
// address).
func (in *Info) FieldSpans() []FieldSpan { return in.form().spans }

func (in *Info) form() *infoForm { return formOf(in.Layout, in.Version.wide(), in.HasLOD) }

// AppendFieldValues appends the value and meaning of each field
// FieldSpans gives, in its order.
func (in *Info) AppendFieldValues(v []FieldValue) []FieldValue {
	b := in.Bytes()
	subMeaning := in.Op().String()
	if in.Op() != OpResinfo && in.Op() != OpSampleinfo {
		subMeaning = fmt.Sprintf("unknown sub-op 0x%02x", in.SubOp)
	}
	execMeaning := strconv.Itoa(in.ExecSize()) + " lanes"
	if in.ExecSize() == 0 {
		execMeaning = "illegal exec-size code " + strconv.Itoa(int(in.ExecCode))
	}
	f := in.form()
	for k := range f.fields {
		sp, fd := &f.spans[k], f.fields[k]
		var x uint64
		switch fd.part {
		case ipLODID, ipLODOff, ipDstID, ipDstOff:
			x = uint64(in.partValue(fd.part)) // an edited INFO's operands
		default:
			x = uint64(sp.get(b))
		}
		var m string
		switch {
		case fd.shift != 0 || fd.part == ipChanHigh:
			m = reservedMeaning(x)
		case fd.part == ipOpcode:
			m = "INFO (0x70)"
		case fd.part == ipSubOp:
			m = subMeaning
		case fd.part == ipExec:
			m = execMeaning
		case fd.part == ipMask:
			m = maskMeaning(MaskControl(in.Mask&15), in.ExecSize())
		case fd.part == ipChannels:
			m = in.Channels()
		case fd.part == ipSurface:
			m = in.SurfaceName()
			if d := in.SurfaceDecl(); d != "" && d != m {
				m += " (" + d + ")"
			}
		case fd.part == ipLODID || fd.part == ipDstID:
			m = in.VarName(uint32(x))
		default: // an offset
			m = "byte " + strconv.FormatUint(x, 10)
		}
		v = append(v, FieldValue{x, m})
	}
	return v
}

func reservedMeaning(v uint64) string {
	if v == 0 {
		return "reserved (0)"
	}
	return "reserved, set to " + strconv.FormatUint(v, 10)
}

// maskMeaning says which execution-mask bits the n lanes of mc read.
func maskMeaning(mc MaskControl, n int) string {
	if mc.NoMask() {
		return mc.String() + ": NoMask, all lanes enabled; EM window from bit " + strconv.Itoa(mc.LaneOffset())
	}
	return mc.String() + ": lanes read EM bits " + strconv.Itoa(mc.LaneOffset()) + ".." + strconv.Itoa(mc.LaneOffset()+max(n, 1)-1)
}
