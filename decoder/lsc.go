package decoder

import (
	"strconv"
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
	t[0x00] = lscOp{"lsc_load", lscLoad}
	t[0x01] = lscOp{"lsc_load_strided", lscLoad}
	t[0x02] = lscOp{"lsc_load_quad", lscLoad}
	t[0x03] = lscOp{"lsc_load_block2d", lscLoad}
	t[0x04] = lscOp{"lsc_store", lscStore}
	t[0x05] = lscOp{"lsc_store_strided", lscStore}
	t[0x06] = lscOp{"lsc_store_quad", lscStore}
	t[0x07] = lscOp{"lsc_store_block2d", lscStore}
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
	t[0x28] = lscOp{"lsc_apndctr_atomic_add", lscAtomic}
	t[0x29] = lscOp{"lsc_apndctr_atomic_sub", lscAtomic}
	t[0x2A] = lscOp{"lsc_apndctr_atomic_store", lscAtomic}
	return t
}()

func lscOpOf(sub uint32) lscOp {
	if sub < uint32(len(lscOps)) && lscOps[sub].name != "" {
		return lscOps[sub]
	}
	return lscOp{"lsc_op_0x" + strconv.FormatUint(uint64(sub), 16), lscOther}
}

func appendBadEnum(b []byte, v uint32) []byte {
	b = append(b, "<<"...)
	b = append(b, upperHex(v)...)
	return append(b, "?>>"...)
}

func upperHex(v uint32) string {
	s := []byte(strconv.FormatUint(uint64(v), 16))
	for i, c := range s {
		if c >= 'a' && c <= 'f' {
			s[i] = c - 'a' + 'A'
		}
	}
	return string(s)
}

func (in *Instruction) v(name string) uint32 {
	x, _ := in.Value(name)
	return x
}

func (in *Instruction) appendLSC(b []byte) []byte {
	b = in.Pred.appendText(b)
	switch in.Op {
	case 0x8B:
		return in.appendLSCFence(b)
	case 0x8A:
		op := lscOpOf(uint32(in.Sub))
		if in.Sub >= 0x28 && in.Sub <= 0x2A {
			// The append-counter atomics are untyped only (IGC's
			// IsaDescription.cpp names them in the untyped table alone).
			op = lscOp{"lsc_op_0x" + strconv.FormatUint(uint64(in.Sub), 16), lscOther}
		}
		if in.Sub == 0x1E {
			return in.appendLSCTypedRSI(b, op)
		}
		if in.Sub == 0x03 || in.Sub == 0x07 {
			return in.appendLSCTypedBlock2D(b, op)
		}
		return in.appendLSCTyped(b, op)
	}
	op := lscOpOf(uint32(in.Sub))
	if in.Sub == 0x03 || in.Sub == 0x07 {
		return in.appendLSCBlock2D(b, op)
	}
	if in.Sub >= 0x28 && in.Sub <= 0x2A {
		return in.appendLSCApndctr(b, op)
	}
	return in.appendLSCUntyped(b, op)
}

func appendSfid(b []byte, v uint32) []byte {
	b = append(b, '.')
	switch v {
	case 0:
		return append(b, "ugm"...)
	case 1:
		return append(b, "ugml"...)
	case 2:
		return append(b, "tgm"...)
	case 3:
		return append(b, "slm"...)
	}
	return appendBadEnum(b, v)
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
		if c <= 6 {
			b = append(b, []string{".df", ".uc", ".ca", ".wb", ".wt", ".st", ".ri"}[c]...)
		} else {
			b = appendBadEnum(b, c)
		}
	}
	return b
}

func (in *Instruction) appendLSCFence(b []byte) []byte {
	b = append(b, "lsc_fence"...)
	b = appendSfid(b, in.v("sfid"))
	if op := in.v("fence_op"); op <= 6 {
		b = append(b, []string{".none", ".evict", ".invalidate", ".discard", ".clean", ".flushl3", ".type6"}[op]...)
	} else {
		b = append(b, ".???"...)
	}
	if sc := in.v("scope"); sc <= 6 {
		b = append(b, []string{".group", ".local", ".tile", ".gpu", ".gpus", ".sysrel", ".sysacq"}[sc]...)
	} else {
		b = append(b, ".???"...)
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

func (in *Instruction) appendDataShape(b []byte, op lscOp, sub uint32) []byte {
	b = append(b, ':')
	if sz := in.v("data_size"); sz >= 1 && sz <= 7 {
		b = append(b, lscDataSizes[sz]...)
	} else {
		b = appendBadEnum(b, sz)
	}
	if sub == 0x02 || sub == 0x06 { // quad ops carry a channel mask
		b = append(b, '.')
		m := in.v("chmask")
		if m&^0xF != 0 {
			return appendBadEnum(b, m)
		}
		return appendLetters(b, m, "xyzw")
	}
	switch e := in.v("data_elems"); e {
	case 1:
	case 2, 3, 4, 5, 6, 7, 8:
		b = append(b, []string{"", "", "x2", "x3", "x4", "x8", "x16", "x32", "x64"}[e]...)
	default:
		b = appendBadEnum(b, e)
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
	switch addrType {
	case 1:
		b = append(b, "flat"...)
	case 2:
		b = append(b, "bss"...)
	case 3:
		b = append(b, "ss"...)
	case 4:
		b = append(b, "bti"...)
	case 5:
		b = append(b, "arg"...)
	default:
		b = appendBadEnum(b, addrType)
	}
	ssIdx := in.v("ss_idx")
	switch s := in.Operand("surface").(type) {
	case *Immediate:
		if s.Bits != 0 || ssIdx != 0 || (addrType != 1 && addrType != 5) {
			b = append(b, "(0x"...)
			b = append(b, upperHex64s(s.Bits)...)
			if ssIdx != 0 {
				b = append(b, ",0x"...)
				b = append(b, upperHex(ssIdx)...)
			}
			b = append(b, ')')
		}
	case *General:
		b = append(b, '(')
		b = append(b, in.VarName(s.ID)...)
		if s.Row != 0 || s.Col != 0 {
			b = appendRowCol(b, s.Row, s.Col)
			if ssIdx != 0 {
				b = append(b, ",0x"...)
				b = append(b, upperHex(ssIdx)...)
			}
		}
		b = append(b, ')')
	default:
		b = append(b, "(<<BAD_OPERAND_VECTOR_KIND>>)"...)
	}
	return b
}

func upperHex64(v uint64) string {
	return upperHex(uint32(v>>32)) + func() string {
		s := upperHex(uint32(v))
		for len(s) < 8 {
			s = "0" + s
		}
		return s
	}()
}

func appendAddrSize(b []byte, v uint32) []byte {
	b = append(b, ':')
	if v >= 1 && v <= 3 {
		return append(b, []string{"", "a16", "a32", "a64"}[v]...)
	}
	return appendBadEnum(b, v)
}

// appendLSCVec prints a vector operand in LSC's short form: an immediate in
// upper-case hex without type, a variable without its region.
func (in *Instruction) appendLSCVec(b []byte, o Operand) []byte {
	switch o := o.(type) {
	case *Immediate:
		b = append(b, "0x"...)
		return append(b, upperHex64s(o.Bits)...)
	case *General:
		b = append(b, in.VarName(o.ID)...)
		if o.Row != 0 || o.Col != 0 {
			b = appendRowCol(b, o.Row, o.Col)
		}
		return b
	}
	return append(b, "<<BAD_OPERAND_VECTOR_KIND>>"...)
}

func upperHex64s(v uint64) string {
	if v>>32 == 0 {
		return upperHex(uint32(v))
	}
	return upperHex64(v)
}

func (in *Instruction) appendLSCUntyped(b []byte, op lscOp) []byte {
	sub := uint32(in.Sub)
	b = append(b, op.name...)
	b = appendSfid(b, in.v("sfid"))
	b = in.appendCaching(b)
	b = append(b, ' ')
	b = in.Exec.appendText(b)
	b = append(b, "  "...)
	strided := sub == 0x01 || sub == 0x05
	addr := func(b []byte) []byte {
		b = in.appendAddrType(b, in.v("addr_type"))
		b = append(b, '[')
		if sc := in.v("imm_scale"); sc > 1 {
			b = append(b, "0x"...)
			b = strconv.AppendUint(b, uint64(sc), 16)
			b = append(b, '*')
		}
		b = in.appendLSCRaw(b, "src0")
		if off := int32(in.v("imm_offset")); off != 0 {
			if off < 0 {
				b = append(b, '-')
				b = append(b, "0x"...)
				b = strconv.AppendUint(b, uint64(-int64(off)), 16)
			} else {
				b = append(b, '+')
				b = append(b, "0x"...)
				b = strconv.AppendUint(b, uint64(off), 16)
			}
		}
		if strided {
			if g, ok := in.Operand("src0_pitch").(*General); !ok || g.ID != 0 {
				b = append(b, ", "...)
				b = in.appendLSCVec(b, in.Operand("src0_pitch"))
			}
		}
		b = append(b, ']')
		return appendAddrSize(b, in.v("addr_size"))
	}
	return in.appendLSCOperands(b, op, sub, addr)
}

func (in *Instruction) appendLSCBlock2D(b []byte, op lscOp) []byte {
	b = append(b, op.name...)
	b = appendSfid(b, in.v("sfid"))
	b = in.appendCaching(b)
	b = append(b, ' ')
	b = in.Exec.appendText(b)
	b = append(b, "  "...)
	shape := func(b []byte) []byte {
		b = append(b, ':')
		if sz := in.v("data_size"); sz >= 1 && sz <= 7 {
			b = append(b, lscDataSizes[sz]...)
		} else {
			b = appendBadEnum(b, sz)
		}
		b = append(b, '.')
		if n := in.v("blocks"); n != 1 {
			b = strconv.AppendUint(b, uint64(n), 10)
			b = append(b, 'x')
		}
		b = strconv.AppendUint(b, uint64(in.v("width")), 10)
		b = append(b, 'x')
		b = strconv.AppendUint(b, uint64(in.v("height")), 10)
		if in.v("data_order") == 2 {
			b = append(b, 't')
		} else {
			b = append(b, 'n')
		}
		if in.v("vnni") != 0 {
			b = append(b, 't')
		} else {
			b = append(b, 'n')
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
	addr := func(b []byte) []byte {
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
		for i, p := range params {
			if i > 0 {
				b = append(b, ',')
			}
			b = in.appendLSCVec(b, p)
			// Immediate offsets of X and Y, printed by IGC from 2024
			// when not 0 (text only).
			if i >= 4 {
				if v, ok := in.Value([]string{"x_imm", "y_imm"}[i-4]); ok && int16(v) != 0 {
					if int16(v) > 0 {
						b = append(b, '+')
					}
					b = strconv.AppendInt(b, int64(int16(v)), 10)
				}
			}
		}
		return append(b, ']')
	}
	if op.kind == lscLoad {
		b = in.appendLSCRaw(b, "dst")
		b = shape(b)
		b = append(b, "  "...)
		return addr(b)
	}
	b = addr(b)
	b = append(b, "  "...)
	b = in.appendLSCRaw(b, "src1")
	return shape(b)
}

func (in *Instruction) appendLSCTyped(b []byte, op lscOp) []byte {
	sub := uint32(in.Sub)
	b = append(b, op.name...)
	b = appendSfid(b, 2)
	b = in.appendCaching(b)
	b = append(b, ' ')
	b = in.Exec.appendText(b)
	b = append(b, "  "...)
	addr := func(b []byte) []byte {
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
				off := int32(in.v(n + "_off"))
				if off > 0 {
					b = append(b, '+')
					b = strconv.AppendInt(b, int64(off), 10)
				} else if off < 0 {
					b = append(b, '-')
					b = strconv.AppendInt(b, -int64(off), 10)
				}
			}
		}
		b = append(b, ']')
		return appendAddrSize(b, in.v("addr_size"))
	}
	return in.appendLSCOperands(b, op, sub, addr)
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
	b = append(b, op.name...)
	b = appendSfid(b, 2)
	b = in.appendCaching(b)
	b = append(b, "  "...)
	shape := func(b []byte) []byte {
		b = append(b, ':')
		b = strconv.AppendUint(b, uint64(in.v("width")), 10)
		b = append(b, 'x')
		return strconv.AppendUint(b, uint64(in.v("height")), 10)
	}
	addr := func(b []byte) []byte {
		b = in.appendAddrType(b, in.v("addr_model"))
		b = append(b, '[')
		for i, n := range []string{"x", "y"} {
			if i > 0 {
				b = append(b, ',')
			}
			b = in.appendLSCVec(b, in.Operand(n))
			if v := int16(in.v(n + "_imm")); v != 0 {
				if v > 0 {
					b = append(b, '+')
				}
				b = strconv.AppendInt(b, int64(v), 10)
			}
		}
		return append(b, ']')
	}
	if op.kind == lscLoad {
		b = in.appendLSCRaw(b, "dst")
		b = shape(b)
		b = append(b, "  "...)
		return addr(b)
	}
	b = addr(b)
	b = append(b, "  "...)
	b = in.appendLSCRaw(b, "src1")
	return shape(b)
}

// appendLSCApndctr prints an append-counter atomic as IGC's printer does
// (IsaDisassembly.cpp, formatUntypedAppendCounterAtomic): the destination
// and its shape, the surface alone (no per-lane address: IGC's builder
// makes src0 %null and the printer skips it), then the data with the same
// shape.
func (in *Instruction) appendLSCApndctr(b []byte, op lscOp) []byte {
	b = append(b, op.name...)
	b = appendSfid(b, in.v("sfid"))
	b = in.appendCaching(b)
	b = append(b, ' ')
	b = in.Exec.appendText(b)
	b = append(b, "  "...)
	b = in.appendLSCRaw(b, "dst")
	b = in.appendDataShape(b, op, uint32(in.Sub))
	b = append(b, "  "...)
	addr, src := apndctrFields(in.Sub)
	b = in.appendAddrType(b, in.v(addr))
	b = append(b, "  "...)
	b = in.appendLSCRaw(b, src)
	return in.appendDataShape(b, op, uint32(in.Sub))
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

func (in *Instruction) appendLSCTypedRSI(b []byte, op lscOp) []byte {
	b = append(b, op.name...)
	b = appendSfid(b, 2)
	b = in.appendCaching(b)
	b = append(b, "  "...)
	b = in.appendLSCRaw(b, "dst")
	b = append(b, "  "...)
	b = in.appendAddrType(b, in.v("addr_model"))
	b = append(b, '[')
	b = in.appendLSCRaw(b, "u")
	return append(b, ']')
}

// appendLSCOperands prints an LSC message's operands in Intel's order: a
// load's destination and data shape then the address, a store's address
// then its data, an atomic's destination, address and both sources.
func (in *Instruction) appendLSCOperands(b []byte, op lscOp, sub uint32, addr func([]byte) []byte) []byte {
	switch op.kind {
	case lscLoad:
		b = in.appendLSCRaw(b, "dst")
		b = in.appendDataShape(b, op, sub)
		b = append(b, "  "...)
		b = addr(b)
	case lscStore:
		b = addr(b)
		b = append(b, "  "...)
		b = in.appendLSCRaw(b, "src1")
		b = in.appendDataShape(b, op, sub)
	default:
		b = in.appendLSCRaw(b, "dst")
		b = in.appendDataShape(b, op, sub)
		b = append(b, "  "...)
		b = addr(b)
		b = append(b, "  "...)
		b = in.appendLSCRaw(b, "src1")
		b = append(b, "  "...)
		b = in.appendLSCRaw(b, "src2")
	}
	return b
}
