package decoder

import (
	"strconv"
	"sync"
)

// Fields returns the instruction's bit-field spans, in encoding order. They
// cover every bit of the instruction exactly once; bits with no meaning are
// named "reserved".
func (in *Info) Fields() []Field { return in.AppendFields(make([]Field, 0, 14)) }

// AppendFields appends the spans Fields returns to f. The meanings of
// common values come from tables, so a caller reusing f (dump --json, a
// million records) allocates nothing for most instructions.
func (in *Info) AppendFields(f []Field) []Field {
	b := in.Bytes()
	add := func(name string, byteOff, bit, nbits int, raw uint64, meaning string) {
		f = append(f, Field{Name: name, Byte: byteOff, Bit: bit, Bits: nbits, Raw: raw, Meaning: meaning})
	}
	add("opcode", 0, 0, 8, uint64(b[0]), "INFO (0x70)")
	subMeaning := in.Op().String()
	if in.Op() != OpResinfo && in.Op() != OpSampleinfo {
		subMeaning = "unknown sub-op 0x" + hex2(in.SubOp)
	}
	if in.Layout == LayoutSeed {
		add("op", 1, 0, 5, uint64(b[1]&0x1F), subMeaning)
		add("reserved", 1, 5, 3, uint64(b[1]>>5), reservedMeaning(uint64(b[1]>>5)))
	} else {
		add("sub_op", 1, 0, 8, uint64(b[1]), subMeaning)
	}
	tables := fieldTables()
	execMeaning := tables.lanes[in.ExecSize()]
	if in.ExecSize() == 0 {
		execMeaning = "illegal exec-size code " + strconv.Itoa(int(in.ExecCode))
	}
	if in.Layout == LayoutSeed {
		add("exec_size", 2, 0, 3, uint64(b[2]&7), execMeaning)
		add("reserved", 2, 3, 1, uint64(b[2]>>3&1), reservedMeaning(uint64(b[2]>>3&1)))
	} else {
		add("exec_size", 2, 0, 4, uint64(b[2]&0xF), execMeaning)
	}
	add("mask_control", 2, 4, 4, uint64(b[2]>>4), tables.mask[in.Mask&15][in.ExecSize()])
	p := 3
	if in.Layout == LayoutIGC {
		add("channel_mask", 3, 0, 4, uint64(b[3]&0xF), in.Channels())
		add("reserved", 3, 4, 4, uint64(b[3]>>4), reservedMeaning(uint64(b[3]>>4)))
		p = 4
	}
	sm := in.SurfaceName()
	if d := in.SurfaceDecl(); d != "" && d != sm {
		sm += " (" + d + ")"
	}
	add("surface", p, 0, 8, uint64(b[p]), sm)
	p++
	idBits := 16
	if in.Version.wide() {
		idBits = 32
	}
	raw := func(idName, offName string, r RawOperand) {
		add(idName, p, 0, idBits, uint64(r.ID), in.VarName(r.ID))
		p += idBits / 8
		meaning := ""
		if int(r.Offset) < len(tables.byteOff) {
			meaning = tables.byteOff[r.Offset]
		} else {
			meaning = "byte " + strconv.Itoa(int(r.Offset))
		}
		add(offName, p, 0, 16, uint64(r.Offset), meaning)
		p += 2
	}
	if in.HasLOD {
		raw("lod.id", "lod.offset", in.LOD)
	}
	raw("dst.id", "dst.offset", in.Dst)
	return f
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
