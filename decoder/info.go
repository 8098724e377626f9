package decoder

import (
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
func (m MaskControl) String() string { return maskNames[m&15] }

var maskNames = [16]string{"M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M1_NM", "M2_NM", "M3_NM", "M4_NM", "M5_NM", "M6_NM", "M7_NM", "M8_NM"}

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

// readExec returns the exec byte b as version v's reader takes it: its
// emask nibble through maskFromNibble. IGC's reader maps the 3.0 nibble so
// for every instruction with an exec byte (ByteCodeReaderNG.cpp,
// transformMask), and its printer prints what it read.
func readExec(b uint8, v Version) Exec {
	return Exec(b&0xF | uint8(maskFromNibble(b>>4, v))<<4)
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
func ChannelNames(mask uint8) string { return channelNames[mask&0xF] }

var channelNames = [16]string{"0000", "R", "G", "RG", "B", "RB", "GB", "RGB", "A", "RA", "GA", "RGA", "BA", "RBA", "GBA", "RGBA"}

// RawOperand is a raw (id + byte offset) operand. Its printed name depends
// on the stream's variable table: see Info.VarName and Info.Operand.
type RawOperand struct {
	ID     uint32 // general-variable id: < 32 predefined, 32+k the k-th declared
	Offset uint16 // byte offset into the variable
}

// Field is one bit-field span of an encoded instruction.
type Field struct {
	Name    string `json:"name"`
	Byte    int    `json:"byte"`    // byte offset from the opcode
	Bit     int    `json:"bit"`     // first bit within that byte (0 = LSB)
	Bits    int    `json:"bits"`    // width; multi-byte fields are little-endian
	Raw     uint64 `json:"raw"`     // the field's value
	Meaning string `json:"meaning"` // what the value means
}

// Info is one decoded INFO instruction. It holds the raw fields only; a
// stream keeps none (only where each INFO is) and decodes one when asked
// (Stream.Info, ReadInfo, Infos). Names, the encoded bytes and diagnostic
// messages are derived on demand from the stream it was decoded from (an
// Info built by hand has none: raw names, no bytes, no diagnostics).
type Info struct {
	s           *Stream  // where Bytes come from; nil when built by hand
	sym         *Symbols // names (its stream's); nil: raw names
	Inst        int      // index of the instruction in its Stream
	Off         int64    // absolute input offset of the opcode byte
	LOD         RawOperand
	Dst         RawOperand
	Layout      Layout  // the layout it was read in
	Version     Version // container version (raw operand widths)
	SubOp       uint8   // raw sub-op byte
	ExecCode    uint8   // exec-size code (low nibble of the exec byte)
	Mask        MaskControl
	ChannelMask uint8 // bits 0..3 = R,G,B,A; 0xF in the seed layout
	Surface     uint8 // surface-table index
	HasLOD      bool  // RESINFO carries a LOD operand
	// The fields diagnose checks that the values above do not keep: the
	// emask nibble as read (3.0 maps it) and the channel-mask byte's
	// reserved high nibble (IGC layout).
	emask, chanHigh uint8
}

// ExecSize returns the lane count; 0 when ExecCode is illegal.
func (in *Info) ExecSize() int { return ExecSizeFromCode(in.ExecCode) }

// Bytes returns the encoded instruction (a slice of the input), or nil for
// an Info built by hand.
func (in *Info) Bytes() []byte {
	if in.s == nil {
		return nil
	}
	// A stream read from text has no file offsets: its position is its
	// instruction's (held in full for text). Off - Base is it for a binary.
	p := int(in.Off - in.s.Base)
	if in.s.Text != nil {
		p = int(in.s.Inst(in.Inst).Off)
	}
	return in.s.Code[p : p+infoLen(in.SubOp, in.Layout, in.Version) : p+infoLen(in.SubOp, in.Layout, in.Version)]
}

// SurfaceName returns the surface as IGC prints it: %slm, T1, T2, TSS, %bss,
// %scratch, T<n>.
func (in *Info) SurfaceName() string { return SurfaceName(in.Surface) }

// SurfaceDecl returns the surface's declared name from the string pool (the
// predefined name for T0..T5), or "" when unknown.
func (in *Info) SurfaceDecl() string {
	if in.Surface < NumPredefinedSurfaces {
		return predefinedSurfaces[in.Surface]
	}
	n, _ := in.sym.Surface(uint32(in.Surface))
	return n
}

// VarName returns the name IGC prints for a general-variable id: the
// string-pool name, %predefined, or V<id>.
func (in *Info) VarName(id uint32) string {
	name, _ := in.sym.varName(id)
	return name
}

// Operand returns "name.offset" as IGC prints the operand.
func (in *Info) Operand(r RawOperand) string {
	return in.VarName(r.ID) + "." + strconv.Itoa(int(r.Offset))
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
	// For the other instructions' text (nil for INFO-only users): labels by
	// index, the body's string pool (fcall, faddr and FILE name strings),
	// and how many addresses, predicates and samplers are declared.
	Labels   []LabelInfo
	Strings  []string
	Addrs    int
	Preds    int
	Samplers int
	Full     bool // the tables above are filled: indices outside them are diagnosed
	// Predefined names the predefined ids of files older than 3.4, which
	// numbered them differently (PredefinedVarNames); nil: today's.
	Predefined []string
}

// The predefined variables of the 3.x writers before 3.4 (IGC b0f00b3ee,
// visa/PreDefinedVars.cpp, PreDefinedVarsInternal_3_1 .. _3_3): 3.0 and
// 3.1 had ids 0-19, 3.2 added ce0, dbg0 and color, 3.3 group_id_z. 3.4
// renumbered them as today.
var predefinedVars33 = [...]string{
	"%null", "%thread_x", "%thread_y", "%local_id_x", "%local_id_y", "%local_size_x", "%local_size_y",
	"%group_id_x", "%group_id_y", "%group_count_x", "%group_count_y", "%tsc", "%r0", "%arg", "%retval",
	"%sp", "%fp", "%hw_id", "%sr0", "%cr0", "%ce0", "%dbg0", "%color", "%group_id_z",
}

// PredefinedVarNames returns the names of the predefined variable ids of
// version v when they differ from today's numbering (versions before 3.4),
// or nil.
func PredefinedVarNames(v Version) []string {
	switch n := v.Num(); {
	case n >= 304 || n < 300:
		return nil
	case n <= 301:
		return predefinedVars33[:20]
	case n == 302:
		return predefinedVars33[:23]
	}
	return predefinedVars33[:]
}

// LabelInfo is what instruction text needs to know of a label.
type LabelInfo struct {
	Name string
	Kind uint8 // 0 block, 1 subroutine, 2 FC, 3 function, 4 divergent-resource-loop
}

// VarInfo is what INFO decoding needs to know of a declared variable.
type VarInfo struct {
	Name  string
	Bytes int   // size in bytes (elements * element size)
	Type  uint8 // VISA_Type code
	// Alias is the id of the variable this one aliases (0: not an alias,
	// or an alias of a file-scope variable), AliasOffset the byte offset
	// into it: the alias reads and writes those bytes.
	Alias       uint32
	AliasOffset int
	// Align is the declared alignment as vISA text names it ("dword",
	// "GRF", "GRFx2", ...); "" when the text declares none.
	Align string
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
	if id < NumPredefinedVars && s != nil && s.Predefined != nil {
		if id < uint32(len(s.Predefined)) {
			return s.Predefined[id], true
		}
		return vName(id), false
	}
	if id < NumPredefinedVars {
		if n := PredefinedVarName(id); n != "" {
			return n, true
		}
		return vName(id), s == nil
	}
	if s == nil {
		return vName(id), true
	}
	if v := s.Var(id); v != nil {
		return v.Name, true
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

// diagnose appends the invalid values of the instruction to d, in the
// order Diagnostics reports them. It runs on demand (a few nanoseconds, no
// allocation into a caller's array) rather than at decode time, which
// keeps the stream's walk to the raw fields; an Info built by hand has no
// bytes and no diagnostics.
func (in *Info) diagnose(d []diag) []diag {
	if in.s == nil {
		return d // built by hand: no bytes
	}
	sym := in.sym
	add := func(c diagCode, val uint32) { d = append(d, diag{code: c, val: val}) }
	if op := in.Op(); op != OpResinfo && op != OpSampleinfo {
		add(dgInfoSub, uint32(in.SubOp))
	}
	if in.Layout == LayoutSeed && in.SubOp&0xE0 != 0 {
		add(dgReservedOp, uint32(in.SubOp>>5))
	}
	if n := in.ExecSize(); n == 0 {
		add(dgExecSize, uint32(in.ExecCode))
	} else if n+in.Mask.LaneOffset() > 32 {
		add(dgExecOver, uint32(in.Mask&15)<<4|uint32(in.ExecCode))
	}
	if in.Layout == LayoutSeed && in.ExecCode&8 != 0 {
		add(dgReservedExec, 0)
	}
	if in.Version.Num() == 300 && in.emask > 9 {
		add(dgEmask30, uint32(in.emask))
	}
	if in.Layout == LayoutIGC {
		if in.chanHigh != 0 {
			add(dgReservedChan, uint32(in.chanHigh))
		}
		if in.ChannelMask == 0 {
			add(dgChanZero, 0)
		}
	}
	if _, ok := sym.Surface(uint32(in.Surface)); sym != nil && in.Surface >= NumPredefinedSurfaces && !ok {
		add(dgSurfOutside, uint32(in.Surface))
	}
	lanes := in.ExecSize()
	if in.HasLOD {
		d = rawDiag(d, sym, "lod", in.LOD, lanes*4)
	}
	return rawDiag(d, sym, "dst", in.Dst, lanes*4*in.NumChannels())
}

// rawDiag appends what is wrong with a raw operand to d: its id must
// exist; the need bytes the instruction touches must lie inside the
// variable (infoscope's own check: GenX_IR 1.0.12504's verifier accepts
// such an operand); and the operand must start on a register, as IGC's
// verifier requires (rawAlign). Predefined variables are exempt.
func rawDiag(d []diag, sym *Symbols, role string, r RawOperand, need int) []diag {
	if c := varDiag(sym, r.ID); c != dgNone {
		return append(d, diag{code: c, role: role, val: r.ID})
	}
	if sym == nil || r.ID < NumPredefinedVars {
		return d
	}
	if v := sym.Var(r.ID); v != nil && need > 0 && int(r.Offset)+need > v.Bytes {
		d = append(d, diag{code: dgVarSize, role: role, val: r.ID, aux: uint32(r.Offset) | uint32(need)<<16})
	}
	if root, off := rawRoot(sym, r); root != nil && root.Bytes >= rawAlign && off%rawAlign != 0 {
		d = append(d, diag{code: dgRawAlign, role: role, val: r.ID, aux: uint32(r.Offset)})
	}
	return d
}

// rawAlign is the register size IGC's verifier holds raw operands to: one
// that starts inside a variable of a register or more must start on a
// register (igc-1.0.12504.6 visa/IsaVerification.cpp, verifyRawOperand:
// "Raw operand should be GRF-aligned"). 32 bytes is the register of every
// platform before PVC; PVC's 64-byte registers refuse offsets of 32 too,
// and infoscope does not know the platform a file was built for.
const rawAlign = 32

// rawRoot returns the variable r lies in and r's byte offset into it,
// following alias chains as verifyRawOperand does: to the first variable
// that aliases none, or one that aliases a predefined variable (whose
// offset is not added). A chain that loops or leaves the table ends where
// it does.
func rawRoot(sym *Symbols, r RawOperand) (*VarInfo, int) {
	v, off := sym.Var(r.ID), int(r.Offset)
	for range len(sym.Vars) {
		if v == nil || v.Alias < NumPredefinedVars {
			break
		}
		next := sym.Var(v.Alias)
		if next == nil {
			break
		}
		v, off = next, off+v.AliasOffset
	}
	return v, off
}

// maxInfoDiags is the most diagnostics an INFO can have.
const maxInfoDiags = 12

// NumDiagnostics returns how many diagnostics the instruction has, without
// formatting them.
func (in *Info) NumDiagnostics() int {
	var buf [maxInfoDiags]diag
	return len(in.diagnose(buf[:0]))
}

// Diagnostics returns the invalid values found in the instruction, one
// message each, or nil when there are none.
func (in *Info) Diagnostics() []string {
	var buf [maxInfoDiags]diag
	ds := in.diagnose(buf[:0])
	if len(ds) == 0 {
		return nil
	}
	out := make([]string, 0, len(ds))
	for _, d := range ds {
		out = append(out, d.text(diagWhere{sym: in.sym, info: true}))
	}
	return out
}

// Stream returns the stream the instruction was decoded from, or nil for
// an Info built by hand.
func (in *Info) Stream() *Stream { return in.s }
