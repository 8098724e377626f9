package decoder

import (
	"strconv"
)

// This file is the instruction model: one decoded instruction (Instruction)
// with a fixed array of operands of a closed set of types (Operand), in the
// manner of golang.org/x/arch. The binary decoder (Stream.Decode) fills it
// from the bytes; other readers (vISA text) may build one by hand and print
// it with the same code (Instruction.AppendText).

// MaxOperands is the most operands one instruction can carry: switchjmp's
// 32 labels plus its count and index, or a 3D sampler's 15 parameters plus
// its fixed fields.
const MaxOperands = 40

// Instruction is one decoded instruction. Args[:N] are its operands in
// encoding order, each named by its field in the opcode table (Operand.Name).
//
// An Instruction filled by Stream.Decode points into its own storage: reuse
// one value for many decodes (no allocation), and do not keep the operands
// of one decode across the next.
type Instruction struct {
	Op       uint8  // opcode
	Sub      uint16 // sub-op (dispatched opcodes, INFO, 3D sampler op word); 0 when none
	Mnemonic string // the opcode table's mnemonic ("svm/block_ld" style for dispatched opcodes)
	Index    int    // $N: the instruction's index in its body
	Off      int64  // absolute input offset of the opcode byte; -1 when built from text
	Len      int    // encoded length in bytes; 0 when built from text
	HasExec  bool   // the encoding has an exec byte
	Exec     Exec
	HasPred  bool // the encoding has a predicate field
	Pred     Pred
	N        int // operands in Args
	Args     [MaxOperands]Operand

	row   *tableRow
	sym   *Symbols
	ver   Version
	diags [maxDiags]diag
	nd    int
	// consumed is how many bytes the operand decoder read (the opcode
	// included): the instruction's length when table and walk agree.
	consumed int
	store    operandStore
	tbuf     []byte        // scratch for the text parser's print-back check, reused
	pscratch *parseScratch // the text parser's, reused
}

// Exec is an exec-size/emask byte (format doc §3.4, §6).
type Exec uint8

// SizeCode returns the exec-size code (bits 3..0).
func (e Exec) SizeCode() uint8 { return uint8(e) & 0xF }

// Size returns the lane count, or 0 for an illegal code.
func (e Exec) Size() int { return ExecSizeFromCode(e.SizeCode()) }

// Mask returns the emask control (bits 7..4).
func (e Exec) Mask() MaskControl { return MaskControl(e >> 4) }

// String returns "(M1, 16)" as IGC prints it.
func (e Exec) String() string { return string(e.appendText(nil)) }

func (e Exec) appendText(b []byte) []byte {
	b = append(b, '(')
	b = append(b, e.Mask().String()...)
	b = append(b, ", "...)
	b = appendExecSize(b, e.SizeCode())
	return append(b, ')')
}

// Pred is an instruction predicate field (format doc §3.4): bits 11..0 the
// predicate id (0 none), bits 14..13 the combine control, bit 15 invert.
type Pred uint16

// ID returns the predicate variable id (P<id>); 0 means no predicate.
func (p Pred) ID() uint16 { return uint16(p) & 0xFFF }

// Control returns 0 (none), 1 (.any) or 2 (.all); 3 is undefined.
func (p Pred) Control() uint8 { return uint8(p >> 13 & 3) }

// Inverse reports whether the predicate is inverted.
func (p Pred) Inverse() bool { return p&0x8000 != 0 }

// String returns "(!P1.any) " as IGC prints it before the mnemonic, or ""
// for no predicate.
func (p Pred) String() string { return string(p.appendText(nil)) }

func (p Pred) appendText(b []byte) []byte {
	if p.ID() == 0 {
		return b
	}
	b = append(b, '(')
	if p.Inverse() {
		b = append(b, '!')
	}
	b = append(b, 'P')
	b = strconv.AppendUint(b, uint64(p.ID()), 10)
	switch p.Control() {
	case 1:
		b = append(b, ".any"...)
	case 2:
		b = append(b, ".all"...)
	}
	return append(b, ") "...)
}

// OperandKind names an operand's type, as JSON's "kind".
type OperandKind string

// The operand kinds.
const (
	KindGeneral   OperandKind = "general"   // general variable with region (vector class 0)
	KindAddress   OperandKind = "address"   // address variable (class 1)
	KindPredicate OperandKind = "predicate" // predicate variable (class 2, or cmp's destination)
	KindIndirect  OperandKind = "indirect"  // indirect through an address (class 3)
	KindImmediate OperandKind = "immediate" // typed immediate (class 5)
	KindState     OperandKind = "state"     // surface or sampler state operand (class 6)
	KindRaw       OperandKind = "raw"       // raw operand: variable + byte offset
	KindSurface   OperandKind = "surface"   // surface index byte
	KindSampler   OperandKind = "sampler"   // sampler index byte
	KindLabel     OperandKind = "label"     // label-table index
	KindField     OperandKind = "field"     // a per-opcode sub-field (channel mask, block size, ...)
)

// Operand is one operand of an Instruction. The set of types is closed:
// *General, *Address, *Predicate, *Indirect, *Immediate, *State, *Raw,
// *Surface, *Sampler, *LabelRef and *Param.
type Operand interface {
	// Kind returns the operand's kind.
	Kind() OperandKind
	// Name returns the field's name in the opcode table ("dst", "src0",
	// "surface", "chmask", ...), or "" for an unnamed field.
	Name() string
	isOperand()
}

// Modifier is a vector operand's source modifier or saturation (tag bits
// 5..3; format doc §2.5).
type Modifier uint8

// The modifiers.
const (
	ModNone Modifier = iota
	ModAbs
	ModNeg
	ModNegAbs
	ModSat
	ModNot
)

// String returns the prefix IGC prints: "(abs)", "(-)", "(-abs)", "(~)";
// "" for none and for saturation (printed as ".sat" on the mnemonic).
func (m Modifier) String() string {
	switch m {
	case ModAbs:
		return "(abs)"
	case ModNeg:
		return "(-)"
	case ModNegAbs:
		return "(-abs)"
	case ModNot:
		return "(~)"
	}
	return ""
}

// Region is a region word: bits 3..0 vertical stride, 7..4 width, 11..8
// horizontal stride, each a code (0 null, 1 -> 0, 2 -> 1, ..., 7 -> 32).
type Region uint16

// VStride returns the vertical-stride code.
func (r Region) VStride() uint8 { return uint8(r) & 0xF }

// Width returns the width code.
func (r Region) Width() uint8 { return uint8(r>>4) & 0xF }

// HStride returns the horizontal-stride code.
func (r Region) HStride() uint8 { return uint8(r>>8) & 0xF }

// RegionValue returns the value of a region code (code 1 is 0, code 2 is 1,
// ... code 7 is 32), or -1 for null (0) and codes above 7.
func RegionValue(code uint8) int {
	if code == 0 || code > 7 {
		return -1
	}
	if code == 1 {
		return 0
	}
	return 1 << (code - 2)
}

// valid reports whether every code is one the format defines.
func (r Region) valid() bool {
	return r.VStride() <= 7 && r.Width() <= 7 && r.HStride() <= 7 && r>>12 == 0
}

// String returns the region as IGC prints it: "<1>" (destination, width
// null), "<w,h>" (VxH, vertical stride null) or "<v;w,h>".
func (r Region) String() string { return string(r.appendText(nil)) }

func (r Region) appendText(b []byte) []byte {
	val := func(b []byte, c uint8) []byte {
		if v := RegionValue(c); v >= 0 {
			return AppendUint(b, uint64(v))
		}
		if c == 0 {
			return append(b, '0')
		}
		return append(b, '?')
	}
	b = append(b, '<')
	switch {
	case r.Width() == 0:
		b = val(b, r.HStride())
	case r.VStride() == 0:
		b = val(b, r.Width())
		b = append(b, ',')
		b = val(b, r.HStride())
	default:
		b = val(b, r.VStride())
		b = append(b, ';')
		b = val(b, r.Width())
		b = append(b, ',')
		b = val(b, r.HStride())
	}
	return append(b, '>')
}

// General is a general-variable vector operand: V<ID> (named by the body's
// declarations) at row Row, column Col, with a region.
type General struct {
	Role   string
	ID     uint32 // < 32 predefined, 32+k the k-th declared variable
	Row    uint8  // in GRFs
	Col    uint8  // in elements of the variable's type
	Region Region
	Mod    Modifier
	// Ambiguous marks an operand read from text whose name is declared
	// more than once where it is used: ID is the first declaration's, and
	// which variable the instruction means is not known.
	Ambiguous bool
}

// Address is an address-variable vector operand: A<ID>(Off)<Width>.
type Address struct {
	Role  string
	ID    uint16
	Off   uint8
	Width uint8 // exec-size code
	Mod   Modifier
}

// Predicate is a predicate-variable operand: P<ID>.
type Predicate struct {
	Role string
	ID   uint16
	Mod  Modifier
}

// Indirect is an indirect operand: r[A<Addr>(AddrOff),ImmOff]<region>:type.
type Indirect struct {
	Role    string
	Addr    uint16
	AddrOff uint8
	ImmOff  int16
	Type    uint8 // VISA_Type code
	Region  Region
	Mod     Modifier
}

// Immediate is a typed immediate: Bits holds the value's bytes
// (little-endian; 8 bytes for DF, Q, UQ, 4 for the rest).
type Immediate struct {
	Role string
	Type uint8 // VISA_Type code
	Bits uint64
	Mod  Modifier
}

// State is a state vector operand: a surface (Class 0) or sampler (1).
type State struct {
	Role  string
	Class uint8
	Index uint16
	Off   uint8
	Mod   Modifier
}

// modded is a vector operand: one with a modifier.
type modded interface{ mod() *Modifier }

func (o *General) mod() *Modifier   { return &o.Mod }
func (o *Address) mod() *Modifier   { return &o.Mod }
func (o *Predicate) mod() *Modifier { return &o.Mod }
func (o *Indirect) mod() *Modifier  { return &o.Mod }
func (o *Immediate) mod() *Modifier { return &o.Mod }
func (o *State) mod() *Modifier     { return &o.Mod }

// Raw is a raw operand: a variable and a byte offset.
type Raw struct {
	Role string
	RawOperand
	Ambiguous bool // as General's
}

// Surface is a surface-index byte (T0..T5 predefined, T6+k declared).
type Surface struct {
	Role  string
	Index uint8
}

// Sampler is a sampler-index byte (S<k>).
type Sampler struct {
	Role  string
	Index uint8
}

// LabelRef is a label-table index.
type LabelRef struct {
	Role  string
	Index uint16
}

// Param is a per-opcode sub-field of 1, 2 or 4 bytes (a sub-op, channel
// mask, block size, message descriptor, ...).
type Param struct {
	Role  string
	Value uint32
	Size  uint8 // bytes
}

// Kind returns KindGeneral.
func (*General) Kind() OperandKind { return KindGeneral }

// Kind returns KindAddress.
func (*Address) Kind() OperandKind { return KindAddress }

// Kind returns KindPredicate.
func (*Predicate) Kind() OperandKind { return KindPredicate }

// Kind returns KindIndirect.
func (*Indirect) Kind() OperandKind { return KindIndirect }

// Kind returns KindImmediate.
func (*Immediate) Kind() OperandKind { return KindImmediate }

// Kind returns KindState.
func (*State) Kind() OperandKind { return KindState }

// Kind returns KindRaw.
func (*Raw) Kind() OperandKind { return KindRaw }

// Kind returns KindSurface.
func (*Surface) Kind() OperandKind { return KindSurface }

// Kind returns KindSampler.
func (*Sampler) Kind() OperandKind { return KindSampler }

// Kind returns KindLabel.
func (*LabelRef) Kind() OperandKind { return KindLabel }

// Kind returns KindField.
func (*Param) Kind() OperandKind { return KindField }

// Name returns the field name.
func (o *General) Name() string { return o.Role }

// Name returns the field name.
func (o *Address) Name() string { return o.Role }

// Name returns the field name.
func (o *Predicate) Name() string { return o.Role }

// Name returns the field name.
func (o *Indirect) Name() string { return o.Role }

// Name returns the field name.
func (o *Immediate) Name() string { return o.Role }

// Name returns the field name.
func (o *State) Name() string { return o.Role }

// Name returns the field name.
func (o *Raw) Name() string { return o.Role }

// Name returns the field name.
func (o *Surface) Name() string { return o.Role }

// Name returns the field name.
func (o *Sampler) Name() string { return o.Role }

// Name returns the field name.
func (o *LabelRef) Name() string { return o.Role }

// Name returns the field name.
func (o *Param) Name() string { return o.Role }

func (*General) isOperand()   {}
func (*Address) isOperand()   {}
func (*Predicate) isOperand() {}
func (*Indirect) isOperand()  {}
func (*Immediate) isOperand() {}
func (*State) isOperand()     {}
func (*Raw) isOperand()       {}
func (*Surface) isOperand()   {}
func (*Sampler) isOperand()   {}
func (*LabelRef) isOperand()  {}
func (*Param) isOperand()     {}

// Operand returns the first operand named name, or nil.
func (in *Instruction) Operand(name string) Operand {
	for _, a := range in.Args[:in.N] {
		if a.Name() == name {
			return a
		}
	}
	return nil
}

// Value returns the value of the sub-field named name (a Param, or a
// surface or sampler index), and whether there is one.
func (in *Instruction) Value(name string) (uint32, bool) {
	switch o := in.Operand(name).(type) {
	case *Param:
		return o.Value, true
	case *Surface:
		return uint32(o.Index), true
	case *Sampler:
		return uint32(o.Index), true
	}
	return 0, false
}

// Add appends an operand (for readers that build instructions by hand). It
// returns false when Args is full.
func (in *Instruction) Add(o Operand) bool {
	if in.N >= MaxOperands {
		return false
	}
	in.Args[in.N] = o
	in.N++
	return true
}

// SetSymbols sets the names the instruction prints with (nil: V<id>, T<n>,
// L<k>).
func (in *Instruction) SetSymbols(s *Symbols) { in.sym = s }

// Symbols returns the names the instruction prints with.
func (in *Instruction) Symbols() *Symbols { return in.sym }

// operandStore holds the operands of one decode, so that decoding allocates
// nothing: Args point into it.
type operandStore struct {
	gen                                [maxVec]General
	addr                               [maxVec]Address
	pred                               [maxVec]Predicate
	ind                                [maxVec]Indirect
	imm                                [maxVec]Immediate
	state                              [maxVec]State
	raw                                [maxRaw]Raw
	surf                               [4]Surface
	samp                               [4]Sampler
	label                              [34]LabelRef
	param                              [24]Param
	nv                                 [6]uint8 // per vector class in the order above
	nraw, nsurf, nsamp, nlabel, nparam uint8
}

const (
	maxVec   = 12
	maxRaw   = 20
	maxDiags = 8
)

// Reset empties in and gives it an opcode (and sub-op, for the opcodes
// dispatched on it, and the 3D sampler and INFO ops), so that a reader of
// vISA text can add the operands it parsed (Add, named as in the opcode
// table) and print them with the same code as a decoded instruction. It
// returns false for an opcode the table does not define at version v.
func (in *Instruction) Reset(op uint8, sub uint16, v Version) bool {
	in.reset()
	in.Op, in.Sub, in.Off, in.ver = op, sub, -1, v
	t := tableFor(v.BestEffort())
	p := t.progs[op]
	if s := t.subs[op]; s != nil {
		p = s[uint8(sub)]
	}
	if p == nil || p.row.rejected {
		in.Mnemonic = Mnemonic(op, uint8(sub))
		return false
	}
	in.row, in.Mnemonic = p.row, p.row.mnemonic
	return true
}
