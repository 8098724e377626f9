package decoder

import (
	"bytes"
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
func lscUntypedOnly(sub uint32) bool {
	return sub >= 0x21 && sub <= 0x25 || sub >= 0x28 && sub <= 0x2A || sub == 0x33
}

// lscHasChMask reports whether sub-op sub's data shape is a channel mask
// (".xyzw") rather than an element count (IsaDescription.h
// LscOpInfo::hasChMask: the quad loads and stores, MSRT ones included).
func lscHasChMask(sub uint16) bool {
	return sub == 0x02 || sub == 0x06 || sub == 0x31 || sub == 0x32
}

func lscOpOf(sub uint32) lscOp {
	if sub < uint32(len(lscOps)) && lscOps[sub].name != "" {
		return lscOps[sub]
	}
	return lscOp{"lsc_op_0x" + strconv.FormatUint(uint64(sub), 16), lscOther}
}

func appendBadEnum(b []byte, v uint32) []byte {
	b = append(b, "<<"...)
	b = append(b, upperHex(uint64(v))...)
	return append(b, "?>>"...)
}

// appendLSCEnum prints the name of v in names (the tables the LSC parser
// reads, lsctext.go), or v as a bad value after prefix when names has no
// name for it.
func appendLSCEnum(b []byte, names []string, v uint32, prefix string) []byte {
	if v < uint32(len(names)) && names[v] != "" {
		return append(b, names[v]...)
	}
	return appendBadEnum(append(b, prefix...), v)
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

func (in *Instruction) appendLSC(b []byte) []byte {
	start := len(b)
	b = in.Pred.appendText(b)
	if in.Op == 0x8B {
		return in.appendLSCFence(b)
	}
	sub := uint32(in.Sub)
	op := lscOpOf(sub)
	typed, block2D, apndctr := in.Op == 0x8A, sub == 0x03 || sub == 0x07, sub >= 0x28 && sub <= 0x2A
	if typed && lscUntypedOnly(sub) {
		op = lscOp{"lsc_op_0x" + strconv.FormatUint(uint64(sub), 16), lscOther}
	}
	if !typed && sub == 0x33 {
		return in.appendLSCExtCacheCtrl(b, op)
	}
	if !typed {
		b = in.appendLSCHead(b, op, in.v("sfid"), true)
	} else {
		// The typed 2D block and read-state-info forms show no execution size.
		b = in.appendLSCHead(b, op, 2, !block2D && sub != 0x1E)
	}
	switch {
	case typed && sub == 0x1E:
		b = in.appendLSCRaw(b, "dst")
		b = append(b, "  "...)
		b = in.appendAddrType(b, in.v("addr_model"))
		b = append(b, '[')
		b = in.appendLSCRaw(b, "u")
		return append(b, ']')
	case typed && block2D:
		return in.appendLSCTypedBlock2D(b, op)
	case typed:
		return in.appendLSCTyped(b, op)
	case block2D:
		return in.appendLSCBlock2D(b, op)
	case apndctr:
		return in.appendLSCApndctr(b)
	}
	return in.appendLSCUntyped(b, op, start)
}

// appendLSCExtCacheCtrl prints an extended cache control as IGC's
// printer does (IsaDisassembly.cpp formatExtendedCacheCtrlInst, IGC from
// 2025-12; text only): after the cache controls its operation and size,
// ".reset" and ".64B" (the only values IGC's published enums have), the
// execution size, one blank, the flat address and its size.
func (in *Instruction) appendLSCExtCacheCtrl(b []byte, op lscOp) []byte {
	b = append(b, op.name...)
	b = appendLSCEnum(b, lscSfids, in.v("sfid"), ".")
	b = in.appendCaching(b)
	if in.v("ccop") == 1 {
		b = append(b, ".reset"...)
	} else {
		b = appendBadEnum(append(b, '.'), in.v("ccop"))
	}
	if in.v("ccsize") == 0 {
		b = append(b, ".64B"...)
	}
	b = append(b, ' ')
	b = in.Exec.appendText(b)
	b = append(b, ' ')
	b = appendLSCEnum(b, lscAddrTypes[:2], in.v("addr_type"), "")
	b = append(b, '[')
	b = in.appendLSCRaw(b, "src0")
	b = append(b, ']')
	return appendLSCEnum(b, lscAddrSizes, in.v("addr_size"), ":")
}

// appendLSCHead prints an LSC message up to its first operand: the
// mnemonic, SFID, cache controls and, where the form shows one, the
// execution size.
func (in *Instruction) appendLSCHead(b []byte, op lscOp, sfid uint32, exec bool) []byte {
	b = append(b, op.name...)
	b = appendLSCEnum(b, lscSfids, sfid, ".")
	b = in.appendCaching(b)
	// IGC from 2025 (text only: no object holds them): ".ov" on a load
	// from .ugm (Common_ISA_util.h hasOV), ".msaa" on a typed atomic
	// (hasMSAA), when set.
	for _, f := range []string{"ov", "msaa"} {
		if v, _ := in.Value(f); v != 0 {
			b = append(append(b, '.'), f...)
		}
	}
	if exec {
		b = append(b, ' ')
		b = in.Exec.appendText(b)
	}
	return append(b, "  "...)
}

// appendCaching prints the cache controls when not all default, as IGC's
// formatCachingOpts does: L1 and L3, or L1, L2 and L3 on the platforms of
// vISA_enableEfficient64b (formatCachingOptsL1L2L3). The L2 control is
// text only: no object file holds it (IGC's reader reads L1 and L3).
func (in *Instruction) appendCaching(b []byte) []byte {
	l1, l3 := in.v("l1"), in.v("l3")
	cs := []uint32{l1, l3}
	l2, three := in.Value("l2")
	if three {
		cs = []uint32{l1, l2, l3}
	}
	if l1 == 0 && l2 == 0 && l3 == 0 {
		return b
	}
	for _, c := range cs {
		b = appendLSCEnum(b, lscCaches, c, "")
	}
	return b
}

func (in *Instruction) appendLSCFence(b []byte) []byte {
	b = append(b, "lsc_fence"...)
	b = appendLSCEnum(b, lscSfids, in.v("sfid"), ".")
	for _, f := range []struct {
		field string
		names []string
	}{{"fence_op", lscFenceOps}, {"scope", lscScopes}} {
		if v := in.v(f.field); v < uint32(len(f.names)) {
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
func (in *Instruction) appendDataSize(b []byte) []byte {
	names := lscDataSizes
	if c, _ := in.Value("size_c32"); c != 0 {
		names = lscDataSizesC32
	}
	return appendLSCEnum(append(b, ':'), names, in.v("data_size"), "")
}

func (in *Instruction) appendDataShape(b []byte) []byte {
	b = in.appendDataSize(b)
	if lscHasChMask(in.Sub) {
		b = append(b, '.')
		m := in.v("chmask")
		if m&^0xF != 0 {
			return appendBadEnum(b, m)
		}
		return appendLetters(b, m, "xyzw")
	}
	if e := in.v("data_elems"); e != 1 {
		b = appendLSCEnum(b, lscElems, e, "")
	}
	switch o := in.v("data_order"); o {
	case 1:
	case 2:
		b = append(b, 't')
	default:
		b = appendBadEnum(b, o)
	}
	return b
}

func (in *Instruction) appendAddrType(b []byte, addrType uint32) []byte {
	b, _ = in.appendAddrTypeHex(b, addrType)
	return b
}

// appendAddrTypeHex is appendAddrType, and reports whether it printed a
// number in upper-case hex (an immediate surface or an ss_idx): IGC's
// printer then leaves its stream in upper case for what follows
// (IsaDisassembly.cpp formatAddrTypeArgs sets std::uppercase and never
// clears it).
func (in *Instruction) appendAddrTypeHex(b []byte, addrType uint32) ([]byte, bool) {
	b = appendLSCEnum(b, lscAddrTypes, addrType, "")
	ssIdx := in.v("ss_idx")
	s := in.Operand("surface")
	showIdx, imm := false, false
	switch s := s.(type) {
	case *Immediate:
		if s.Bits == 0 && ssIdx == 0 && (addrType == 1 || addrType == 5) {
			return b, false
		}
		showIdx, imm = ssIdx != 0, true
	case *General:
		showIdx = ssIdx != 0 && (s.Row != 0 || s.Col != 0)
	}
	b = append(b, '(')
	b = in.appendLSCVec(b, s)
	if showIdx {
		b = append(b, ",0x"...)
		b = append(b, upperHex(uint64(ssIdx))...)
	}
	return append(b, ')'), imm || showIdx
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

// appendLSCUntyped prints an untyped load, store or atomic; start is
// where the instruction's text begins in b. The immediate scale and
// offset are in upper-case hex when IGC's printer has set its stream to
// upper case before them: by a surface or ss_idx in hex
// (appendAddrTypeHex) or a bad enum value ("<<7?>>", formatBadEnum).
func (in *Instruction) appendLSCUntyped(b []byte, op lscOp, start int) []byte {
	strided := in.Sub == 0x01 || in.Sub == 0x05
	return in.appendLSCOperands(b, op.kind, in.appendDataShape, func(b []byte) []byte {
		b, upper := in.appendAddrTypeHex(b, in.v("addr_type"))
		upper = upper || bytes.Contains(b[start:], []byte("?>>"))
		b = append(b, '[')
		if sc := in.v("imm_scale"); sc > 1 {
			b = append(b, "0x"...)
			b = appendHex(b, uint64(sc), upper)
			b = append(b, '*')
		}
		b = in.appendLSCRaw(b, "src0")
		b = appendOffset(b, int64(int32(in.v("imm_offset"))), true, upper)
		if strided {
			if g, ok := in.Operand("src0_pitch").(*General); !ok || g.ID != 0 {
				b = append(b, ", "...)
				b = in.appendLSCVec(b, in.Operand("src0_pitch"))
			}
		}
		b = append(b, ']')
		return appendLSCEnum(b, lscAddrSizes, in.v("addr_size"), ":")
	})
}

func (in *Instruction) appendLSCBlock2D(b []byte, op lscOp) []byte {
	shape := func(b []byte) []byte {
		b = in.appendDataSize(b)
		b = append(b, '.')
		if n := in.v("blocks"); n != 1 {
			b = strconv.AppendUint(b, uint64(n), 10)
			b = append(b, 'x')
		}
		b = in.appendWxH(b)
		for _, t := range []bool{in.v("data_order") == 2, in.v("vnni") != 0} {
			if t {
				b = append(b, 't')
			} else {
				b = append(b, 'n')
			}
		}
		return b
	}
	var params [6]Operand
	k := 0
	for _, a := range in.Args[:in.N] {
		if a.Name() == "addr_params" && k < 6 {
			params[k] = a
			k++
		}
	}
	return in.appendLSCOperands(b, op.kind, shape, func(b []byte) []byte {
		b = append(b, "flat["...)
		if x, ok := in.Value("payload_x"); ok && k == 1 {
			// The address payload form (IGC from 2024; text only).
			y, _ := in.Value("payload_y")
			b = in.appendLSCVec(b, params[0])
			b = append(b, " + ("...)
			b = strconv.AppendInt(b, int64(int16(x)), 10)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(int16(y)), 10)
			return append(b, ")]"...)
		}
		for _, p := range params[:4] {
			b = in.appendLSCVec(b, p)
			b = append(b, ',')
		}
		// X and Y with their immediate offsets, printed by IGC from
		// 2024 when not 0 (text only).
		b = in.appendBlockXY(b, params[4], params[5])
		return append(b, ']')
	})
}

func (in *Instruction) appendLSCTyped(b []byte, op lscOp) []byte {
	return in.appendLSCOperands(b, op.kind, in.appendDataShape, func(b []byte) []byte {
		b = in.appendAddrType(b, in.v("addr_model"))
		b = append(b, '[')
		for i, n := range []string{"u", "v", "r", "lod"} {
			r, ok := in.Operand(n).(*Raw)
			if !ok || in.VarName(r.ID) == "%null" {
				break
			}
			if i > 0 {
				b = append(b, ',')
			}
			b = in.appendLSCRaw(b, n)
			if i < 3 {
				b = appendOffset(b, int64(int32(in.v(n+"_off"))), false, false)
			}
		}
		b = append(b, ']')
		return appendLSCEnum(b, lscAddrSizes, in.v("addr_size"), ":")
	})
}

// appendLSCTypedBlock2D prints a typed 2D block load or store as IGC's
// printer does (IsaDisassembly.cpp, LscInstFormatter::formatTypedBlock2D):
// no execution size, the shape ":WxH" after the data operand, the address
// "surf[X+ix,Y+iy]" with each immediate offset (read as 16 bits, signed)
// shown only when not 0. The offsets are text only: IGC's reader
// (ByteCodeReaderNG.cpp readInstructionLscTypedBlock2D) reads none from a
// file and builds the instruction with 0 and 0; a dump printed from IGC's
// builder can show them.
func (in *Instruction) appendLSCTypedBlock2D(b []byte, op lscOp) []byte {
	shape := func(b []byte) []byte { return in.appendWxH(append(b, ':')) }
	return in.appendLSCOperands(b, op.kind, shape, func(b []byte) []byte {
		b = in.appendAddrType(b, in.v("addr_model"))
		b = append(b, '[')
		b = in.appendBlockXY(b, in.Operand("x"), in.Operand("y"))
		return append(b, ']')
	})
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

// appendLSCApndctr prints an append-counter atomic's operands as IGC's
// printer does (IsaDisassembly.cpp, formatUntypedAppendCounterAtomic): the
// destination and its shape, the surface alone (no per-lane address: IGC's
// builder makes src0 %null and the printer skips it), then the data with
// the same shape.
func (in *Instruction) appendLSCApndctr(b []byte) []byte {
	b = in.appendLSCRaw(b, "dst")
	b = in.appendDataShape(b)
	b = append(b, "  "...)
	addr, src := apndctrFields(in.Sub)
	b = in.appendAddrType(b, in.v(addr))
	b = append(b, "  "...)
	b = in.appendLSCRaw(b, src)
	return in.appendDataShape(b)
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

// appendLSCOperands prints an LSC message's operands in Intel's order: a
// load's destination and data shape then the address, a store's address
// then its data and shape, an atomic's destination and shape, address and
// both sources.
func (in *Instruction) appendLSCOperands(b []byte, kind lscKind, shape, addr func([]byte) []byte) []byte {
	if kind == lscStore {
		b = addr(b)
		b = append(b, "  "...)
		b = in.appendLSCRaw(b, "src1")
		return shape(b)
	}
	b = in.appendLSCRaw(b, "dst")
	b = shape(b)
	b = append(b, "  "...)
	b = addr(b)
	if kind == lscLoad {
		return b
	}
	for _, src := range []string{"src1", "src2"} {
		b = append(b, "  "...)
		b = in.appendLSCRaw(b, src)
	}
	return b
}
