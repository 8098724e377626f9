package decoder

import (
	"slices"
	"strconv"
	"sync"
)

// Fields returns the instruction's bit-field spans, in encoding order. They
// cover every bit of the instruction exactly once; bits with no meaning are
// named "reserved".
func (in *Info) Fields() []Field { return in.AppendFields(make([]Field, 0, 14)) }

// AppendFields appends the fields Fields returns to f: FieldSpans and
// AppendFieldValues side by side. The meanings of common values come from
// tables, so a caller reusing f allocates nothing for most instructions.
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

// FieldSpans returns where in's fields lie, in encoding order: a shared
// table, not to be changed, the same slice for every INFO of one layout,
// raw-operand width and LOD presence (a caller may keep what it derives
// from one, keyed by its first element's address).
func (in *Info) FieldSpans() []FieldSpan {
	k := 0
	if in.Layout == LayoutSeed {
		k = 1
	}
	if in.Version.wide() {
		k |= 2
	}
	if in.HasLOD {
		k |= 4
	}
	return fieldSpans[k]
}

// fieldSpans holds FieldSpans' tables, by layout (1: seed), width (2:
// 32-bit ids) and LOD (4).
var fieldSpans = func() (t [8][]FieldSpan) {
	for k := range t {
		seed, idBits, lod := k&1 != 0, 16, k&4 != 0
		if k&2 != 0 {
			idBits = 32
		}
		s := []FieldSpan{{Name: "opcode", Byte: 0, Bit: 0, Bits: 8}}
		p := 3
		if seed {
			s = append(s,
				FieldSpan{Name: "op", Byte: 1, Bit: 0, Bits: 5},
				FieldSpan{Name: "reserved", Byte: 1, Bit: 5, Bits: 3},
				FieldSpan{Name: "exec_size", Byte: 2, Bit: 0, Bits: 3},
				FieldSpan{Name: "reserved", Byte: 2, Bit: 3, Bits: 1},
				FieldSpan{Name: "mask_control", Byte: 2, Bit: 4, Bits: 4})
		} else {
			s = append(s,
				FieldSpan{Name: "sub_op", Byte: 1, Bit: 0, Bits: 8},
				FieldSpan{Name: "exec_size", Byte: 2, Bit: 0, Bits: 4},
				FieldSpan{Name: "mask_control", Byte: 2, Bit: 4, Bits: 4},
				FieldSpan{Name: "channel_mask", Byte: 3, Bit: 0, Bits: 4},
				FieldSpan{Name: "reserved", Byte: 3, Bit: 4, Bits: 4})
			p = 4
		}
		s = append(s, FieldSpan{Name: "surface", Byte: p, Bit: 0, Bits: 8, Named: true})
		p++
		raw := func(id, off string) {
			s = append(s, FieldSpan{Name: id, Byte: p, Bit: 0, Bits: idBits, Named: true},
				FieldSpan{Name: off, Byte: p + idBits/8, Bit: 0, Bits: 16})
			p += idBits/8 + 2
		}
		if lod {
			raw("lod.id", "lod.offset")
		}
		raw("dst.id", "dst.offset")
		t[k] = s
	}
	return t
}()

// AppendFieldValues appends the value and meaning of each field
// FieldSpans gives, in its order.
func (in *Info) AppendFieldValues(v []FieldValue) []FieldValue {
	b := in.Bytes()
	subMeaning := in.Op().String()
	if in.Op() != OpResinfo && in.Op() != OpSampleinfo {
		subMeaning = "unknown sub-op 0x" + hex2(in.SubOp)
	}
	tables := fieldTables()
	execMeaning := tables.lanes[in.ExecSize()]
	if in.ExecSize() == 0 {
		execMeaning = "illegal exec-size code " + strconv.Itoa(int(in.ExecCode))
	}
	maskMeaning := tables.mask[in.Mask&15][in.ExecSize()]
	// Written by index into room for all of them (no append per field).
	n := len(v)
	v = slices.Grow(v, maxFields)[:n+maxFields]
	f := v[n:]
	f[0] = FieldValue{uint64(b[0]), "INFO (0x70)"}
	p := 3
	if in.Layout == LayoutSeed {
		f[1] = FieldValue{uint64(b[1] & 0x1F), subMeaning}
		f[2] = FieldValue{uint64(b[1] >> 5), reservedMeaning(uint64(b[1] >> 5))}
		f[3] = FieldValue{uint64(b[2] & 7), execMeaning}
		f[4] = FieldValue{uint64(b[2] >> 3 & 1), reservedMeaning(uint64(b[2] >> 3 & 1))}
		f[5] = FieldValue{uint64(b[2] >> 4), maskMeaning}
	} else {
		f[1] = FieldValue{uint64(b[1]), subMeaning}
		f[2] = FieldValue{uint64(b[2] & 0xF), execMeaning}
		f[3] = FieldValue{uint64(b[2] >> 4), maskMeaning}
		f[4] = FieldValue{uint64(b[3] & 0xF), in.Channels()}
		f[5] = FieldValue{uint64(b[3] >> 4), reservedMeaning(uint64(b[3] >> 4))}
		p = 4
	}
	sm := in.SurfaceName()
	if d := in.SurfaceDecl(); d != "" && d != sm {
		sm += " (" + d + ")"
	}
	f[6] = FieldValue{uint64(b[p]), sm}
	k := 7
	if in.HasLOD {
		f[k], f[k+1] = FieldValue{uint64(in.LOD.ID), in.VarName(in.LOD.ID)}, FieldValue{uint64(in.LOD.Offset), tables.offsetMeaning(in.LOD.Offset)}
		k += 2
	}
	f[k], f[k+1] = FieldValue{uint64(in.Dst.ID), in.VarName(in.Dst.ID)}, FieldValue{uint64(in.Dst.Offset), tables.offsetMeaning(in.Dst.Offset)}
	return v[:n+k+2]
}

// offsetMeaning returns "byte N".
func (t *fieldMeanings) offsetMeaning(off uint16) string {
	if int(off) < len(t.byteOff) {
		return t.byteOff[off]
	}
	return "byte " + strconv.Itoa(int(off))
}

// hex2 formats v as two lower-case hex digits.
func hex2(v uint8) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[v>>4], digits[v&15]})
}

func reservedMeaning(v uint64) string {
	if v == 0 {
		return "reserved (0)"
	}
	return "reserved, set to " + strconv.FormatUint(v, 10)
}

// fieldMeanings holds the meanings that depend on small values only.
type fieldMeanings struct {
	lanes   [33]string     // exec size -> "16 lanes"
	mask    [16][33]string // mask control, exec size -> "M1: lanes read EM bits 0..15"
	byteOff [4096]string   // offset -> "byte 64"
}

// fieldTables builds the tables on first use (the inspector and dump
// need them; most tests and tools never do).
var fieldTables = sync.OnceValue(func() *fieldMeanings {
	t := new(fieldMeanings)
	for n := range t.lanes {
		t.lanes[n] = strconv.Itoa(n) + " lanes"
	}
	for m := range t.mask {
		mc := MaskControl(m)
		for n := range t.mask[m] {
			if mc.NoMask() {
				t.mask[m][n] = mc.String() + ": NoMask, all lanes enabled; EM window from bit " + strconv.Itoa(mc.LaneOffset())
			} else {
				t.mask[m][n] = mc.String() + ": lanes read EM bits " + strconv.Itoa(mc.LaneOffset()) + ".." + strconv.Itoa(mc.LaneOffset()+max(n, 1)-1)
			}
		}
	}
	for k := range t.byteOff {
		t.byteOff[k] = "byte " + strconv.Itoa(k)
	}
	return t
})
