package decoder

import (
	"strconv"
	"strings"
)

// The text of the LSC instructions (0x89 lsc_untyped, 0x8A lsc_typed, 0x8B
// lsc_fence), as IGC's disassembler formats them: the fields are named by
// the opcode table's rows, the enum values are IGC's LSC_* enums.

type lscKind uint8

const (
	lscLoad lscKind = iota
	lscStore
	lscAtomic
	lscOther
)

type lscOp struct {
	name string
	kind lscKind
}

// lscOps is indexed by LSC sub-op (format doc §3.6 LSC sub-op values).
var lscOps = func() (t [0x40]lscOp) {
	for i, form := range []string{"", "_strided", "_quad", "_block2d"} {
		t[i] = lscOp{"lsc_load" + form, lscLoad}
		t[4+i] = lscOp{"lsc_store" + form, lscStore}
	}
	for i, n := range []string{"iinc", "idec", "load", "store", "iadd", "isub", "smin", "smax", "umin", "umax", "icas", "fadd", "fsub", "fmin", "fmax", "fcas", "and", "or", "xor"} {
		t[0x08+i] = lscOp{"lsc_atomic_" + n, lscAtomic}
	}
	t[0x1B] = lscOp{"lsc_load_status", lscLoad}
	t[0x1C] = lscOp{"lsc_store_uncompressed", lscStore}
	t[0x1D] = lscOp{"lsc_ccs_update", lscOther}
	t[0x1E] = lscOp{"lsc_read_state_info", lscLoad}
	t[0x1F] = lscOp{"lsc_fence", lscOther}
	// The append-counter atomics (IGC's LSC_APNDCTR_ATOMIC_*,
	// visa_igc_common_header.h; names from IsaDescription.cpp).
	for i, n := range []string{"add", "sub", "store"} {
		t[0x28+i] = lscOp{"lsc_apndctr_atomic_" + n, lscAtomic}
	}
	// The sub-ops IGC named since 2025 (LSC_OP; its printer and lexer
	// take the names from IsaDescription.cpp LscOpInfoFind): the bfloat16
	// atomics, the MSRT quad load and store, the quad load with status.
	// IGC has no name for 0x2D-0x30 (LSC_GET_WATCHPT, LSC_SET_WATCHPT,
	// LSC_LOAD_ELEMENT_TEXTURE, LSC_LOAD_ELEMENT_STATUS_TEXTURE: LscOpInfoFind
	// knows none of them, its printer asserts) nor for 0x34, 0x35.
	for i, n := range []string{"bfadd", "bfsub", "bfmin", "bfmax", "bfcas"} {
		t[0x21+i] = lscOp{"lsc_atomic_" + n, lscAtomic}
	}
	t[0x31] = lscOp{"lsc_load_quad_msrt", lscLoad}
	t[0x32] = lscOp{"lsc_store_quad_msrt", lscStore}
	t[0x33] = lscOp{"lsc_extended_cache_ctrl", lscOther}
	t[0x36] = lscOp{"lsc_load_quad_status", lscLoad}
	return t
}()

// lscUntypedOnly reports whether sub-op sub is an untyped message only:
// IGC's typed table (IsaDescription.cpp LscTypedSubOpcodeDescs) has no
// entry for the bfloat16 and append-counter atomics and the extended
// cache control.
func lscUntypedOnly(sub uint16) bool {
	return sub >= 0x21 && sub <= 0x25 || sub >= 0x28 && sub <= 0x2A || sub == 0x33
}

// lscHasChMask reports whether sub-op sub's data shape is a channel mask
// (".xyzw") rather than an element count (IsaDescription.h
// LscOpInfo::hasChMask: the quad loads and stores, MSRT ones included).
func lscHasChMask(sub uint16) bool {
	return sub == 0x02 || sub == 0x06 || sub == 0x31 || sub == 0x32
}

// lscOpOf names sub-op sub of opcode op (0x89 untyped, 0x8A typed).
func lscOpOf(op uint8, sub uint16) lscOp {
	if int(sub) < len(lscOps) && lscOps[sub].name != "" && !(op == 0x8A && lscUntypedOnly(sub)) {
		return lscOps[sub]
	}
	return lscOp{"lsc_op_0x" + strconv.FormatUint(uint64(sub), 16), lscOther}
}

// lscForm is how an LSC message's operands are printed (and read back,
// lsctext.go).
type lscForm uint8

const (
	lscUntyped      lscForm = iota // "V1:d32  flat[0x4*V2+0x10]:a64"
	lscStrided                     // untyped, with a pitch: "flat[V2, 0x10]"
	lscBlock2D                     // "V1:d16.2x16x8nn  flat[B,W,H,P,X,Y]"
	lscApndctr                     // "V1:d32  bti(0x2)  V3:d32"
	lscExtCacheCtrl                // ".reset.64B (M1, 16) flat[V2]:a64"
	lscTyped                       // "V1:d32  bti(0x2)[U,V,R,LOD]:a32"
	lscTypedBlock2D                // no execution size: "V1:16x8  bti(0x2)[X,Y]"
	lscTypedRSI                    // read-state-info, no execution size: "V1  bti(0x2)[U]"
)

// lscFormOf returns the form of sub-op sub of opcode op (0x89 untyped,
// 0x8A typed).
func lscFormOf(op uint8, sub uint16) lscForm {
	if op == 0x8A {
		switch sub {
		case 0x03, 0x07:
			return lscTypedBlock2D
		case 0x1E:
			return lscTypedRSI
		}
		return lscTyped
	}
	switch {
	case sub == 0x01 || sub == 0x05:
		return lscStrided
	case sub == 0x03 || sub == 0x07:
		return lscBlock2D
	case sub >= 0x28 && sub <= 0x2A:
		return lscApndctr
	case sub == 0x33:
		return lscExtCacheCtrl
	}
	return lscUntyped
}

// lscPrinter prints one LSC instruction. upper is the case IGC's printer
// has left its stream in: printing a bad enum value (formatBadEnum) or an
// immediate surface or ss_idx in hex (formatAddrTypeArgs) sets
// std::uppercase and nothing clears it, so the untyped immediate scale
// and offset printed after them are in upper case.
type lscPrinter struct {
	*Instruction
	upper bool
}

func (p *lscPrinter) appendBadEnum(b []byte, v uint32) []byte {
	p.upper = true
	b = append(b, "<<"...)
	b = append(b, upperHex(uint64(v))...)
	return append(b, "?>>"...)
}

// appendEnum prints the name of v in names (the tables the LSC parser
// reads, lsctext.go), or v as a bad value after prefix when names has no
// name for it.
func (p *lscPrinter) appendEnum(b []byte, names []string, v uint32, prefix string) []byte {
	if v < uint32(len(names)) && names[v] != "" {
		return append(b, names[v]...)
	}
	return p.appendBadEnum(append(b, prefix...), v)
}

// upperHex is v in upper-case hex, as IGC prints LSC immediates.
func upperHex(v uint64) string {
	return strings.ToUpper(strconv.FormatUint(v, 16))
}

// appendHex appends v in hex, upper or lower case.
func appendHex(b []byte, v uint64, upper bool) []byte {
	if upper {
		return append(b, upperHex(v)...)
	}
	return strconv.AppendUint(b, v, 16)
}

func (in *Instruction) v(name string) uint32 {
	x, _ := in.Value(name)
	return x
}

// appendLSC prints an LSC message: the mnemonic, SFID and cache controls,
// the text-only flags, the execution size where the form shows one, then
// the operands.
func (in *Instruction) appendLSC(b []byte) []byte {
	b = in.Pred.appendText(b)
	p := &lscPrinter{Instruction: in}
	if in.Op == 0x8B {
		return p.appendFence(b)
	}
	op, form := lscOpOf(in.Op, in.Sub), lscFormOf(in.Op, in.Sub)
	sfid := uint32(2) // .tgm: a typed message has no SFID field
	if in.Op == 0x89 {
		sfid = in.v("sfid")
	}
	b = append(b, op.name...)
	b = p.appendEnum(b, lscSfids, sfid, ".")
	b = p.appendCaching(b)
	if form == lscExtCacheCtrl {
		return p.appendExtCacheCtrl(b)
	}
	// IGC from 2025 (text only: no object holds them): ".ov" on a load
	// from .ugm (Common_ISA_util.h hasOV), ".msaa" on a typed atomic
	// (hasMSAA), when set.
	for _, f := range []string{"ov", "msaa"} {
		if v, _ := in.Value(f); v != 0 {
			b = append(append(b, '.'), f...)
		}
	}
	if form != lscTypedBlock2D && form != lscTypedRSI {
		b = append(b, ' ')
		b = in.Exec.appendText(b)
	}
	b = append(b, "  "...)
	switch form {
	case lscTypedRSI:
		b = in.appendLSCRaw(b, "dst")
		b = append(b, "  "...)
		b = p.appendAddrType(b, in.v("addr_model"))
		b = append(b, '[')
		b = in.appendLSCRaw(b, "u")
		return append(b, ']')
	case lscApndctr:
		return p.appendApndctr(b)
	}
	return p.appendOperands(b, op.kind, form)
}

// appendExtCacheCtrl prints the rest of an extended cache control as
// IGC's printer does (IsaDisassembly.cpp formatExtendedCacheCtrlInst, IGC
// from 2025-12; text only): after the cache controls its operation and
// size, ".reset" and ".64B" (the only values IGC's published enums have),
// the execution size, one blank, the flat address and its size.
func (p *lscPrinter) appendExtCacheCtrl(b []byte) []byte {
	if p.v("ccop") == 1 {
		b = append(b, ".reset"...)
	} else {
		b = p.appendBadEnum(append(b, '.'), p.v("ccop"))
	}
	if p.v("ccsize") == 0 {
		b = append(b, ".64B"...)
	}
	b = append(b, ' ')
	b = p.Exec.appendText(b)
	b = append(b, ' ')
	b = p.appendEnum(b, lscAddrTypes[:2], p.v("addr_type"), "")
	b = append(b, '[')
	b = p.appendLSCRaw(b, "src0")
	b = append(b, ']')
	return p.appendEnum(b, lscAddrSizes, p.v("addr_size"), ":")
}

// appendCaching prints the cache controls when not all default, as IGC's
// formatCachingOpts does: L1 and L3, or L1, L2 and L3 on the platforms of
// vISA_enableEfficient64b (formatCachingOptsL1L2L3). The L2 control is
// text only: no object file holds it (IGC's reader reads L1 and L3).
func (p *lscPrinter) appendCaching(b []byte) []byte {
	l1, l3 := p.v("l1"), p.v("l3")
	cs := []uint32{l1, l3}
	l2, three := p.Value("l2")
	if three {
		cs = []uint32{l1, l2, l3}
	}
	if l1 == 0 && l2 == 0 && l3 == 0 {
		return b
	}
	for _, c := range cs {
		b = p.appendEnum(b, lscCaches, c, "")
	}
	return b
}

func (p *lscPrinter) appendFence(b []byte) []byte {
	b = append(b, "lsc_fence"...)
	b = p.appendEnum(b, lscSfids, p.v("sfid"), ".")
	for _, f := range []struct {
		field string
		names []string
	}{{"fence_op", lscFenceOps}, {"scope", lscScopes}} {
		if v := p.v(f.field); v < uint32(len(f.names)) {
			b = append(b, f.names[v]...)
		} else {
			b = append(b, ".???"...)
		}
	}
	return b
}

// appendLSCRaw prints a raw operand without its ".0" offset.
func (in *Instruction) appendLSCRaw(b []byte, name string) []byte {
	r, ok := in.Operand(name).(*Raw)
	if !ok {
		return append(b, "<<BAD_OPERAND_NOT_RAW>>"...)
	}
	b = append(b, in.VarName(r.ID)...)
	if r.Offset != 0 {
		b = append(b, '.')
		b = strconv.AppendUint(b, uint64(r.Offset), 10)
	}
	return b
}

// appendDataSize prints ":d32", the size that starts a data shape, in
// the spelling the text had for sizes 5 to 7 (c32: IGC before 2025-05,
// GenX_IR 1.0.12504 among them; u32 since).
func (p *lscPrinter) appendDataSize(b []byte) []byte {
	names := lscDataSizes
	if c, _ := p.Value("size_c32"); c != 0 {
		names = lscDataSizesC32
	}
	return p.appendEnum(append(b, ':'), names, p.v("data_size"), "")
}

// appendShape prints the data shape of a message of form.
func (p *lscPrinter) appendShape(b []byte, form lscForm) []byte {
	switch form {
	case lscBlock2D:
		b = p.appendDataSize(b)
		b = append(b, '.')
		if n := p.v("blocks"); n != 1 {
			b = strconv.AppendUint(b, uint64(n), 10)
			b = append(b, 'x')
		}
		b = p.appendWxH(b)
		for _, t := range []bool{p.v("data_order") == 2, p.v("vnni") != 0} {
			if t {
				b = append(b, 't')
			} else {
				b = append(b, 'n')
			}
		}
		return b
	case lscTypedBlock2D:
		return p.appendWxH(append(b, ':'))
	}
	b = p.appendDataSize(b)
	if lscHasChMask(p.Sub) {
		b = append(b, '.')
		m := p.v("chmask")
		if m&^0xF != 0 {
			return p.appendBadEnum(b, m)
		}
		return appendLetters(b, m, "xyzw")
	}
	if e := p.v("data_elems"); e != 1 {
		b = p.appendEnum(b, lscElems, e, "")
	}
	switch o := p.v("data_order"); o {
	case 1:
	case 2:
		b = append(b, 't')
	default:
		b = p.appendBadEnum(b, o)
	}
	return b
}

// appendAddrType prints an address type and its surface: "flat",
// "bti(0x2)", "ss(V1(0,1),0x3)". An immediate surface or an ss_idx is in
// upper-case hex, and leaves IGC's stream in upper case (p.upper).
func (p *lscPrinter) appendAddrType(b []byte, addrType uint32) []byte {
	b = p.appendEnum(b, lscAddrTypes, addrType, "")
	ssIdx := p.v("ss_idx")
	s := p.Operand("surface")
	showIdx := false
	switch s := s.(type) {
	case *Immediate:
		if s.Bits == 0 && ssIdx == 0 && (addrType == 1 || addrType == 5) {
			return b
		}
		showIdx, p.upper = ssIdx != 0, true
	case *General:
		showIdx = ssIdx != 0 && (s.Row != 0 || s.Col != 0)
	}
	b = append(b, '(')
	b = p.appendLSCVec(b, s)
	if showIdx {
		b = append(b, ",0x"...)
		b = append(b, upperHex(uint64(ssIdx))...)
		p.upper = true
	}
	return append(b, ')')
}

// appendLSCVec prints a vector operand in LSC's short form: an immediate in
// upper-case hex without type, a variable without its region.
func (in *Instruction) appendLSCVec(b []byte, o Operand) []byte {
	switch o := o.(type) {
	case *Immediate:
		b = append(b, "0x"...)
		return append(b, upperHex(o.Bits)...)
	case *General:
		b = append(b, in.VarName(o.ID)...)
		if o.Row != 0 || o.Col != 0 {
			b = appendRowCol(b, o.Row, o.Col)
		}
		return b
	}
	return append(b, "<<BAD_OPERAND_VECTOR_KIND>>"...)
}

// appendOffset prints an immediate offset after the operand it moves:
// "+2", "-0x10" (hex, in upper case when upper), nothing for 0.
func appendOffset(b []byte, v int64, hex, upper bool) []byte {
	if v == 0 {
		return b
	}
	if v > 0 {
		b = append(b, '+')
	} else {
		b = append(b, '-')
		v = -v
	}
	if !hex {
		return strconv.AppendInt(b, v, 10)
	}
	return appendHex(append(b, "0x"...), uint64(v), upper)
}

// appendAddr prints the address of a message of form: the address type
// and surface, the address operands in brackets, the address size.
func (p *lscPrinter) appendAddr(b []byte, form lscForm) []byte {
	switch form {
	case lscBlock2D:
		return p.appendBlock2DAddr(b)
	case lscTypedBlock2D:
		// IGC's printer (IsaDisassembly.cpp, LscInstFormatter::formatTypedBlock2D)
		// shows X and Y with their immediate offsets, read as 16 bits,
		// signed, when not 0. The offsets are text only: IGC's reader
		// (ByteCodeReaderNG.cpp readInstructionLscTypedBlock2D) reads none
		// from a file and builds the instruction with 0 and 0; a dump
		// printed from IGC's builder can show them.
		b = p.appendAddrType(b, p.v("addr_model"))
		b = append(b, '[')
		b = p.appendBlockXY(b, p.Operand("x"), p.Operand("y"))
		return append(b, ']')
	case lscTyped:
		b = p.appendAddrType(b, p.v("addr_model"))
		b = append(b, '[')
		for i, n := range []string{"u", "v", "r", "lod"} {
			r, ok := p.Operand(n).(*Raw)
			if !ok || p.VarName(r.ID) == "%null" {
				break
			}
			if i > 0 {
				b = append(b, ',')
			}
			b = p.appendLSCRaw(b, n)
			if i < 3 {
				b = appendOffset(b, int64(int32(p.v(n+"_off"))), false, false)
			}
		}
		b = append(b, ']')
		return p.appendEnum(b, lscAddrSizes, p.v("addr_size"), ":")
	}
	// Untyped: the immediate scale and offset are in hex, in the case
	// IGC's stream is in (p.upper).
	b = p.appendAddrType(b, p.v("addr_type"))
	b = append(b, '[')
	if sc := p.v("imm_scale"); sc > 1 {
		b = append(b, "0x"...)
		b = appendHex(b, uint64(sc), p.upper)
		b = append(b, '*')
	}
	b = p.appendLSCRaw(b, "src0")
	b = appendOffset(b, int64(int32(p.v("imm_offset"))), true, p.upper)
	if form == lscStrided {
		if g, ok := p.Operand("src0_pitch").(*General); !ok || g.ID != 0 {
			b = append(b, ", "...)
			b = p.appendLSCVec(b, p.Operand("src0_pitch"))
		}
	}
	b = append(b, ']')
	return p.appendEnum(b, lscAddrSizes, p.v("addr_size"), ":")
}

// appendBlock2DAddr prints an untyped 2D block's address: six surface
// parameters "flat[B,W,H,P,X,Y]", or an address payload and its offsets
// "flat[V1 + (x,y)]".
func (p *lscPrinter) appendBlock2DAddr(b []byte) []byte {
	var params [6]Operand
	k := 0
	for _, a := range p.Args[:p.N] {
		if a.Name() == "addr_params" && k < 6 {
			params[k] = a
			k++
		}
	}
	b = append(b, "flat["...)
	if x, ok := p.Value("payload_x"); ok && k == 1 {
		// The address payload form (IGC from 2024; text only).
		y, _ := p.Value("payload_y")
		b = p.appendLSCVec(b, params[0])
		b = append(b, " + ("...)
		b = strconv.AppendInt(b, int64(int16(x)), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(int16(y)), 10)
		return append(b, ")]"...)
	}
	for _, o := range params[:4] {
		b = p.appendLSCVec(b, o)
		b = append(b, ',')
	}
	// X and Y with their immediate offsets, printed by IGC from
	// 2024 when not 0 (text only).
	b = p.appendBlockXY(b, params[4], params[5])
	return append(b, ']')
}

// appendWxH prints a 2D block's width and height, "16x8".
func (in *Instruction) appendWxH(b []byte) []byte {
	b = strconv.AppendUint(b, uint64(in.v("width")), 10)
	b = append(b, 'x')
	return strconv.AppendUint(b, uint64(in.v("height")), 10)
}

// appendBlockXY prints a 2D block's X and Y operands, each with its
// immediate offset (x_imm, y_imm: 16 bits, signed) when not 0: "X+2,Y-1".
func (in *Instruction) appendBlockXY(b []byte, x, y Operand) []byte {
	b = in.appendLSCVec(b, x)
	b = appendOffset(b, int64(int16(in.v("x_imm"))), false, false)
	b = append(b, ',')
	b = in.appendLSCVec(b, y)
	return appendOffset(b, int64(int16(in.v("y_imm"))), false, false)
}

// appendApndctr prints an append-counter atomic's operands as IGC's
// printer does (IsaDisassembly.cpp, formatUntypedAppendCounterAtomic): the
// destination and its shape, the surface alone (no per-lane address: IGC's
// builder makes src0 %null and the printer skips it), then the data with
// the same shape.
func (p *lscPrinter) appendApndctr(b []byte) []byte {
	b = p.appendLSCRaw(b, "dst")
	b = p.appendShape(b, lscApndctr)
	b = append(b, "  "...)
	addr, src := apndctrFields(p.Sub)
	b = p.appendAddrType(b, p.v(addr))
	b = append(b, "  "...)
	b = p.appendLSCRaw(b, src)
	return p.appendShape(b, lscApndctr)
}

// apndctrFields names an append-counter atomic's address-type field and
// data operand in its opcode row: 0x28 and 0x29 have their own row (IGC's
// reader, ByteCodeReaderNG.cpp readInstructionLscUntypedAppendCounterAtomic:
// addr_model, src); 0x2A is read by the generic untyped row (addr_type,
// src1), yet printed in the append-counter form.
func apndctrFields(sub uint16) (addr, src string) {
	if sub == 0x2A {
		return "addr_type", "src1"
	}
	return "addr_model", "src"
}

// appendOperands prints an LSC message's operands in Intel's order: a
// load's destination and data shape then the address, a store's address
// then its data and shape, an atomic's destination and shape, address and
// both sources.
func (p *lscPrinter) appendOperands(b []byte, kind lscKind, form lscForm) []byte {
	if kind == lscStore {
		b = p.appendAddr(b, form)
		b = append(b, "  "...)
		b = p.appendLSCRaw(b, "src1")
		return p.appendShape(b, form)
	}
	b = p.appendLSCRaw(b, "dst")
	b = p.appendShape(b, form)
	b = append(b, "  "...)
	b = p.appendAddr(b, form)
	if kind == lscLoad {
		return b
	}
	for _, src := range []string{"src1", "src2"} {
		b = append(b, "  "...)
		b = p.appendLSCRaw(b, src)
	}
	return b
}
