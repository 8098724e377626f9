package decoder

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
)

// OpINFO is the INFO opcode (RESINFO / SAMPLEINFO).
const OpINFO = 0x70

// Layout selects which binary layout INFO instructions are read in.
type Layout uint8

// The INFO layouts. LayoutAuto is only an option value: the decoder resolves
// it to LayoutIGC or LayoutSeed.
const (
	LayoutAuto Layout = iota
	LayoutIGC         // what Intel's writer produced: channel-mask byte; 17/11 bytes (format doc §5.1)
	LayoutSeed        // the user's INFO spec: no channel-mask byte; 16/10 bytes (§5.2, §8.3)
)

// String returns "auto", "igc" or "seed".
func (l Layout) String() string {
	switch l {
	case LayoutIGC:
		return "igc"
	case LayoutSeed:
		return "seed"
	}
	return "auto"
}

// ParseLayout parses "igc", "seed" or "auto".
func ParseLayout(s string) (Layout, error) {
	switch s {
	case "igc":
		return LayoutIGC, nil
	case "seed":
		return LayoutSeed, nil
	case "auto", "":
		return LayoutAuto, nil
	}
	return LayoutAuto, fmt.Errorf("unknown layout %q (want igc, seed or auto)", s)
}

// InfoOp is the INFO sub-operation.
type InfoOp uint8

// The two INFO sub-operations (format doc §5.4).
const (
	OpResinfo    InfoOp = 0x0A
	OpSampleinfo InfoOp = 0x0B
)

// String returns "resinfo", "sampleinfo" or "unknown".
func (o InfoOp) String() string {
	switch o {
	case OpResinfo:
		return "resinfo"
	case OpSampleinfo:
		return "sampleinfo"
	}
	return "unknown"
}

// MaskControl is an execution-mask control, normalised to 0..15:
// 0..7 are M1..M8, 8..15 are M1_NM..M8_NM.
type MaskControl uint8

// String returns "M1".."M8" or "M1_NM".."M8_NM".
func (m MaskControl) String() string {
	s := "M" + strconv.Itoa(int(m&7)+1)
	if m.NoMask() {
		s += "_NM"
	}
	return s
}

// NoMask reports whether the control ignores the execution mask.
func (m MaskControl) NoMask() bool { return m&8 != 0 }

// LaneOffset returns the first EM bit the instruction reads (0, 4, ..., 28).
func (m MaskControl) LaneOffset() int { return int(m&7) * 4 }

// maskFromNibble maps the emask nibble to a control; version 3.0 used
// another meaning (format doc §6).
func maskFromNibble(n uint8, v Version) MaskControl {
	if v.Num() == 300 {
		switch {
		case n <= 7:
			return MaskControl(n)
		case n == 8:
			return 8
		}
		return 0
	}
	return MaskControl(n & 15)
}

// ExecSizeFromCode returns the lane count for an exec-size code, or 0 when
// the code is illegal (>= 6).
func ExecSizeFromCode(code uint8) int {
	if code < 6 {
		return 1 << code
	}
	return 0
}

// ChannelNames returns the channel suffix IGC prints for a mask: R, RG, ...,
// RGBA, and "0000" for 0.
func ChannelNames(mask uint8) string {
	mask &= 0xF
	if mask == 0 {
		return "0000"
	}
	s := ""
	for i, c := range "RGBA" {
		if mask>>i&1 != 0 {
			s += string(c)
		}
	}
	return s
}

// RawOperand is a raw (id + byte offset) operand.
type RawOperand struct {
	ID     uint32 // general-variable id: < 32 predefined, 32+k the k-th declared
	Offset uint16 // byte offset into the variable
	Name   string // the name IGC prints (string-pool name, %predefined, or V<id>)
}

// String returns "name.offset" as IGC prints it.
func (r RawOperand) String() string { return r.Name + "." + strconv.Itoa(int(r.Offset)) }

// Field is one bit-field span of an encoded instruction.
type Field struct {
	Name    string `json:"name"`
	Byte    int    `json:"byte"`    // byte offset from the opcode
	Bit     int    `json:"bit"`     // first bit within that byte (0 = LSB)
	Bits    int    `json:"bits"`    // width; multi-byte fields are little-endian
	Raw     uint64 `json:"raw"`     // the field's value
	Meaning string `json:"meaning"` // what the value means
}

// Info is one decoded INFO instruction.
type Info struct {
	Inst        int     // index of the instruction in its Stream
	Off         int64   // absolute input offset of the opcode byte
	Bytes       []byte  // the encoded instruction (a slice of the input)
	Layout      Layout  // the layout it was read in
	Version     Version // container version (raw operand widths)
	SubOp       uint8   // raw sub-op byte
	ExecCode    uint8   // exec-size code (low nibble of the exec byte)
	ExecSize    int     // lanes; 0 when ExecCode is illegal
	Mask        MaskControl
	ChannelMask uint8  // bits 0..3 = R,G,B,A; 0xF in the seed layout
	Surface     uint8  // surface-table index
	SurfaceName string // as IGC prints it: %slm, T1, T2, TSS, %bss, %scratch, T<n>
	SurfaceDecl string // the declared name from the string pool, when known
	HasLOD      bool   // RESINFO carries a LOD operand
	LOD         RawOperand
	Dst         RawOperand
	Diagnostics []string // invalid values found in the instruction
}

// Op returns the sub-operation (resinfo, sampleinfo or unknown).
func (in *Info) Op() InfoOp {
	op := in.SubOp
	if in.Layout == LayoutSeed {
		op &= 0x1F
	}
	return InfoOp(op)
}

// Channels returns the enabled channel letters (e.g. "RGBA").
func (in *Info) Channels() string { return ChannelNames(in.ChannelMask) }

// NumChannels returns how many channels the instruction returns.
func (in *Info) NumChannels() int { return bits.OnesCount8(in.ChannelMask & 0xF) }

// Symbols resolves ids to names for INFO decoding. A nil *Symbols (raw
// streams) prints V<id> and T<n> and checks nothing against tables.
type Symbols struct {
	Vars     []VarInfo // declared general variables; Vars[k] has id 32+k
	Surfaces []string  // declared surface names; Surfaces[k] is T<6+k>
}

// VarInfo is what INFO decoding needs to know of a declared variable.
type VarInfo struct {
	Name  string
	Bytes int // size in bytes (elements * element size)
}

var predefinedVars = [...]string{
	"%null", "%thread_x", "%thread_y", "%group_id_x", "%group_id_y", "%group_id_z",
	"%tsc", "%r0", "%arg", "%retval", "%sp", "%fp", "%hw_id", "%sr0", "%cr0", "%ce0",
	"%dbg0", "%color", "%impl_arg_buf_ptr", "%local_id_buf_ptr", "%msg0", "%scratchloc",
}

// NumPredefinedVars is the size of the predefined general-variable space.
const NumPredefinedVars = 32

// NumPredefinedSurfaces is the number of predefined surfaces (T0..T5).
const NumPredefinedSurfaces = 6

var predefinedSurfaces = [NumPredefinedSurfaces]string{"%slm", "T1", "T2", "TSS", "%bss", "%scratch"}

// PredefinedVarName returns the name IGC prints for a predefined id, or "".
func PredefinedVarName(id uint32) string {
	if id < uint32(len(predefinedVars)) {
		return predefinedVars[id]
	}
	return ""
}

// SurfaceName returns the name IGC's disassembler prints for a surface index.
func SurfaceName(idx uint8) string { return surfaceNames[idx] }

// surfaceNames holds every printed surface name, so decoding allocates none.
var surfaceNames = func() (t [256]string) {
	for i := range t {
		if i < NumPredefinedSurfaces {
			t[i] = predefinedSurfaces[i]
		} else {
			t[i] = "T" + strconv.Itoa(i)
		}
	}
	return t
}()

// varName resolves a general-variable id and reports whether it is valid.
func (s *Symbols) varName(id uint32) (string, bool) {
	if id < NumPredefinedVars {
		if n := PredefinedVarName(id); n != "" {
			return n, true
		}
		return vName(id), s == nil
	}
	if s == nil {
		return vName(id), true
	}
	k := uint64(id) - NumPredefinedVars
	if k < uint64(len(s.Vars)) {
		return s.Vars[k].Name, true
	}
	return vName(id), false
}

// vNames holds "V<id>" for small ids, so raw streams (which have no names)
// do not allocate a string per operand.
var vNames = func() []string {
	t := make([]string, 1024)
	for i := range t {
		t[i] = "V" + strconv.Itoa(i)
	}
	return t
}()

func vName(id uint32) string {
	if id < uint32(len(vNames)) {
		return vNames[id]
	}
	return "V" + strconv.FormatUint(uint64(id), 10)
}

// infoLen returns the length of an INFO instruction whose sub-op byte is sub.
func infoLen(sub uint8, layout Layout, v Version) int {
	raw := 4
	if v.wide() {
		raw = 6
	}
	n := 4 + raw // op, sub, exec, surface, dst
	if layout == LayoutIGC {
		n++ // channel mask
		if sub == uint8(OpResinfo) {
			n += raw
		}
	} else if sub&0x1F == uint8(OpResinfo) {
		n += raw
	}
	return n
}

// decodeInfo decodes the INFO instruction b (exactly its bytes) into in,
// which the caller has zeroed. Filling in place keeps the record off the
// heap until it lands in the stream's slice.
func decodeInfo(in *Info, b []byte, off int64, layout Layout, v Version, sym *Symbols) {
	in.Off, in.Bytes, in.Layout, in.Version = off, b, layout, v
	in.SubOp = b[1]
	in.ExecCode = b[2] & 0xF
	in.ExecSize = ExecSizeFromCode(in.ExecCode)
	in.Mask = maskFromNibble(b[2]>>4, v)
	p := 3
	if layout == LayoutIGC {
		in.ChannelMask = b[3] & 0xF
		p = 4
		in.HasLOD = in.SubOp == uint8(OpResinfo)
	} else {
		in.ChannelMask = 0xF
		in.HasLOD = in.SubOp&0x1F == uint8(OpResinfo)
	}
	in.Surface = b[p]
	p++
	in.SurfaceName = SurfaceName(in.Surface)
	if in.HasLOD {
		p = readRaw(&in.LOD, b, p, v.wide())
	}
	readRaw(&in.Dst, b, p, v.wide())
	in.diagnose(sym)
}

func readRaw(r *RawOperand, b []byte, p int, wide bool) int {
	if wide {
		r.ID = binary.LittleEndian.Uint32(b[p:])
		p += 4
	} else {
		r.ID = uint32(binary.LittleEndian.Uint16(b[p:]))
		p += 2
	}
	r.Offset = binary.LittleEndian.Uint16(b[p:])
	return p + 2
}

func (in *Info) diag(format string, args ...any) {
	in.Diagnostics = append(in.Diagnostics, fmt.Sprintf(format, args...))
}

func (in *Info) diagnose(sym *Symbols) {
	switch {
	case in.Op() == OpResinfo || in.Op() == OpSampleinfo:
	default:
		in.diag("unknown sub-op 0x%02x: expected 0x0a (resinfo) or 0x0b (sampleinfo)", in.SubOp)
	}
	if in.Layout == LayoutSeed && in.SubOp&0xE0 != 0 {
		in.diag("reserved op bits 7..5 are 0b%03b, expected 0", in.SubOp>>5)
	}
	if in.ExecSize == 0 {
		in.diag("exec-size code %d is illegal: expected 0..5 (1 to 32 lanes)", in.ExecCode)
	} else if in.ExecSize+in.Mask.LaneOffset() > 32 {
		in.diag("exec size %d + lane offset %d (%s) = %d exceeds 32 lanes", in.ExecSize, in.Mask.LaneOffset(), in.Mask, in.ExecSize+in.Mask.LaneOffset())
	}
	if in.Layout == LayoutSeed && in.ExecCode&8 != 0 {
		in.diag("reserved exec bit 3 is set")
	}
	if in.Version.Num() == 300 && in.Bytes[2]>>4 > 9 {
		in.diag("emask nibble %d has no meaning in version 3.0; read as M1", in.Bytes[2]>>4)
	}
	if in.Layout == LayoutIGC {
		if in.Bytes[3]&0xF0 != 0 {
			in.diag("channel-mask bits 7..4 are 0x%x, expected 0", in.Bytes[3]>>4)
		}
		if in.ChannelMask == 0 {
			in.diag("channel mask is 0: no channel is returned")
		}
	}
	if sym != nil && in.Surface >= NumPredefinedSurfaces {
		k := int(in.Surface) - NumPredefinedSurfaces
		if k < len(sym.Surfaces) {
			in.SurfaceDecl = sym.Surfaces[k]
		} else {
			in.diag("surface index %d is outside the surface table (T0..T%d)", in.Surface, NumPredefinedSurfaces+len(sym.Surfaces)-1)
		}
	}
	if in.Surface < NumPredefinedSurfaces {
		in.SurfaceDecl = predefinedSurfaces[in.Surface]
	}
	lanes := in.ExecSize
	if in.HasLOD {
		in.checkRaw(sym, &in.LOD, "lod", lanes*4)
	}
	in.checkRaw(sym, &in.Dst, "dst", lanes*4*in.NumChannels())
}

// checkRaw names a raw operand and checks it against the variable table:
// the id must exist and the bytes the instruction touches must lie inside
// the variable (a verifier rule; predefined variables are exempt).
func (in *Info) checkRaw(sym *Symbols, r *RawOperand, what string, need int) {
	name, ok := sym.varName(r.ID)
	r.Name = name
	if !ok {
		if r.ID < NumPredefinedVars {
			in.diag("%s variable id %d is a reserved predefined id", what, r.ID)
		} else {
			in.diag("%s variable id %d is outside the variable table (V0..V%d)", what, r.ID, NumPredefinedVars+len(sym.Vars)-1)
		}
		return
	}
	if sym != nil && r.ID >= NumPredefinedVars && need > 0 {
		size := sym.Vars[r.ID-NumPredefinedVars].Bytes
		if int(r.Offset)+need > size {
			in.diag("%s %s needs %d bytes from offset %d but %s holds %d bytes", what, r, need, r.Offset, name, size)
		}
	}
}

// Fields returns the instruction's bit-field spans, in encoding order. They
// cover every bit of the instruction exactly once; bits with no meaning are
// named "reserved".
func (in *Info) Fields() []Field {
	b := in.Bytes
	f := make([]Field, 0, 14)
	add := func(name string, byteOff, bit, nbits int, raw uint64, meaning string) {
		f = append(f, Field{Name: name, Byte: byteOff, Bit: bit, Bits: nbits, Raw: raw, Meaning: meaning})
	}
	add("opcode", 0, 0, 8, uint64(b[0]), "INFO (0x70)")
	subMeaning := in.Op().String()
	if in.Op() != OpResinfo && in.Op() != OpSampleinfo {
		subMeaning = fmt.Sprintf("unknown sub-op 0x%02x", in.SubOp)
	}
	if in.Layout == LayoutSeed {
		add("op", 1, 0, 5, uint64(b[1]&0x1F), subMeaning)
		add("reserved", 1, 5, 3, uint64(b[1]>>5), reservedMeaning(uint64(b[1]>>5)))
	} else {
		add("sub_op", 1, 0, 8, uint64(b[1]), subMeaning)
	}
	execMeaning := fmt.Sprintf("%d lanes", in.ExecSize)
	if in.ExecSize == 0 {
		execMeaning = fmt.Sprintf("illegal exec-size code %d", in.ExecCode)
	}
	if in.Layout == LayoutSeed {
		add("exec_size", 2, 0, 3, uint64(b[2]&7), execMeaning)
		add("reserved", 2, 3, 1, uint64(b[2]>>3&1), reservedMeaning(uint64(b[2]>>3&1)))
	} else {
		add("exec_size", 2, 0, 4, uint64(b[2]&0xF), execMeaning)
	}
	mm := in.Mask.String()
	if in.Mask.NoMask() {
		mm += fmt.Sprintf(": NoMask, all lanes enabled; EM window from bit %d", in.Mask.LaneOffset())
	} else {
		mm += fmt.Sprintf(": lanes read EM bits %d..%d", in.Mask.LaneOffset(), in.Mask.LaneOffset()+max(in.ExecSize, 1)-1)
	}
	add("mask_control", 2, 4, 4, uint64(b[2]>>4), mm)
	p := 3
	if in.Layout == LayoutIGC {
		add("channel_mask", 3, 0, 4, uint64(b[3]&0xF), in.Channels())
		add("reserved", 3, 4, 4, uint64(b[3]>>4), reservedMeaning(uint64(b[3]>>4)))
		p = 4
	}
	sm := in.SurfaceName
	if in.SurfaceDecl != "" && in.SurfaceDecl != in.SurfaceName {
		sm += " (" + in.SurfaceDecl + ")"
	}
	add("surface", p, 0, 8, uint64(b[p]), sm)
	p++
	idBits := 16
	if in.Version.wide() {
		idBits = 32
	}
	raw := func(prefix string, r RawOperand) {
		add(prefix+".id", p, 0, idBits, uint64(r.ID), r.Name)
		p += idBits / 8
		add(prefix+".offset", p, 0, 16, uint64(r.Offset), fmt.Sprintf("byte %d", r.Offset))
		p += 2
	}
	if in.HasLOD {
		raw("lod", in.LOD)
	}
	raw("dst", in.Dst)
	return f
}

func reservedMeaning(v uint64) string {
	if v == 0 {
		return "reserved (0)"
	}
	return fmt.Sprintf("reserved, set to %d", v)
}
