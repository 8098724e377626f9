package decoder

import (
	"fmt"
	"strconv"
	"strings"
)

// Parsing the text of the LSC instructions (lsc_untyped 0x89, lsc_typed
// 0x8A, lsc_fence 0x8B) back into their opcode rows' fields: the inverse
// of lsc.go. The LSC printer is code, not a template, so these lines have
// their own reader; the rule is the same as for the others (textparse.go):
// the instruction built must print back to the very same text, or the line
// stays text.

// lscSubByName maps an LSC mnemonic to its sub-op.
var lscSubByName = func() map[string]uint16 {
	m := map[string]uint16{}
	for i, op := range lscOps {
		if op.name != "" {
			m[op.name] = uint16(i)
		}
	}
	return m
}()

// lscCursor walks an LSC line. A form is read as a run of steps: the
// first step to fail keeps its error in err, and every step after it does
// nothing (an operand it puts in the store is emptied with the rest on
// failure: parseText).
type lscCursor struct {
	s       string
	pos     int
	err     error
	names   TextNames
	line    int32
	in      *Instruction
	vals    map[string]uint32  // sub-fields by name
	ops     map[string]Operand // operands by name (one each)
	addr    []Operand          // a 2D block's address operands (six, or the payload)
	extra   []Operand          // text-only fields, after the row's
	loose   bool               // a person's source: runs of blanks of any length
	omitted string             // what the print shows and the text left out (a default pitch)
	c32     bool               // a data size spelled as IGC printed it before 2025-05 (d8c32)
}

func (c *lscCursor) rest() string { return c.s[c.pos:] }

// fail records that what was expected at the cursor, unless an earlier
// step failed, and returns the first failure.
func (c *lscCursor) fail(what string) error {
	if c.err == nil {
		c.err = &parseError{col: c.pos + 1, what: what, found: c.rest()}
	}
	return c.err
}

func (c *lscCursor) lit(l string) bool {
	if c.err != nil {
		return false
	}
	n, ok := matchLit(c.rest(), l, c.loose)
	if ok {
		c.pos += n
	}
	return ok
}

func (c *lscCursor) need(l string) {
	if !c.lit(l) {
		c.fail(strconv.Quote(l))
	}
}

// oneOf matches the longest of names at the cursor, returning its index.
func (c *lscCursor) oneOf(names []string) (int, bool) {
	if c.err != nil {
		return -1, false
	}
	k, n := longestPrefix(c.rest(), names)
	c.pos += n
	return k, k >= 0
}

// enum reads the longest of names at the cursor into field.
func (c *lscCursor) enum(field string, names []string, what string) {
	if v, ok := c.oneOf(names); ok {
		c.vals[field] = uint32(v)
	} else {
		c.fail(what)
	}
}

// ident reads a variable name: up to one of the bytes in stop.
func (c *lscCursor) ident(stop string) string {
	r := c.rest()
	i := strings.IndexAny(r, stop)
	if i < 0 {
		i = len(r)
	}
	c.pos += i
	return r[:i]
}

// digits returns the digits at the cursor (after a sign when signed): the
// bytes of the set digits.
func (c *lscCursor) digits(set string, signed bool) string {
	r := c.rest()
	sign := 0
	if signed && strings.HasPrefix(r, "-") {
		sign = 1
	}
	return r[:sign+span(r[sign:], set)]
}

func (c *lscCursor) decimal() (int64, bool) {
	d := c.digits(decimal, true)
	v, err := strconv.ParseInt(d, 10, 32)
	return v, c.took(d, err)
}

// hex reads 0x and hex digits of either case: IGC prints LSC immediates in
// upper case and its offsets in the case its stream was left in
// (lscPrinter); the print-back check keeps only the case the printer
// writes (a person's source, which IGC's lexer reads in any case, is
// first put in that case: visatext's CanonicalAt).
func (c *lscCursor) hex() (uint64, bool) {
	if !c.lit("0x") {
		return 0, false
	}
	d := c.digits(hexDigits+hexUpper, false)
	v, err := strconv.ParseUint(d, 16, 64)
	return v, c.took(d, err)
}

// took moves the cursor past the digits d when they parsed (err is nil)
// and no step has failed, and reports whether it did.
func (c *lscCursor) took(d string, err error) bool {
	if err != nil || c.err != nil {
		return false
	}
	c.pos += len(d)
	return true
}

// offset reads an immediate offset "+N" or "-N" (decimal, not 0, from lo
// to hi) when the cursor is at one (ok).
func (c *lscCursor) offset(lo, hi int64, what string) (v int64, ok bool) {
	if c.err != nil || !strings.HasPrefix(c.rest(), "+") && !strings.HasPrefix(c.rest(), "-") {
		return 0, false
	}
	plus := c.lit("+")
	v, ok = c.decimal()
	if !ok || v == 0 || plus && v < 0 || v < lo || v > hi {
		c.fail(what)
		return 0, false
	}
	return v, true
}

// raw reads NAME[.offset], the LSC form of a raw operand.
func (c *lscCursor) raw(role, stop string) {
	if c.err != nil {
		return
	}
	w := c.ident(stop)
	name, off := w, uint64(0)
	if dot := strings.LastIndexByte(w, '.'); dot > 0 {
		if v, err := strconv.ParseUint(w[dot+1:], 10, 16); err == nil {
			name, off = w[:dot], v
		}
	}
	id, amb, ok := varID(c.names, name, c.line)
	if !ok {
		c.pos -= len(w)
		c.fail("a declared variable for " + role)
		return
	}
	c.ops[role] = c.stored(put(c.in.newRaw(), Raw{Role: role, RawOperand: RawOperand{ID: id, Offset: uint16(off)}, Ambiguous: amb}))
}

// vec reads an LSC vector operand: 0xHEX or NAME[(r,c)].
func (c *lscCursor) vec(role, stop string) Operand {
	if c.err != nil {
		return nil
	}
	if strings.HasPrefix(c.rest(), "0x") {
		v, ok := c.hex()
		if !ok {
			c.fail("an immediate 0x...")
			return nil
		}
		return c.stored(put(c.in.newImmediate(), Immediate{Role: role, Bits: v}))
	}
	name := c.ident(stop + "(")
	id, amb, ok := varID(c.names, name, c.line)
	if !ok {
		c.pos -= len(name)
		c.fail("a declared variable for " + role)
		return nil
	}
	var row, col uint64
	if c.lit("(") {
		a := c.ident(",")
		if !c.lit(",") {
			c.fail(",")
			return nil
		}
		b := c.ident(")")
		if !c.lit(")") {
			c.fail(")")
			return nil
		}
		var err1, err2 error
		row, err1 = strconv.ParseUint(a, 10, 8)
		col, err2 = strconv.ParseUint(b, 10, 8)
		if err1 != nil || err2 != nil {
			c.fail("(row,col)")
			return nil
		}
	}
	return c.stored(put(c.in.newGeneral(), General{Role: role, ID: id, Row: uint8(row), Col: uint8(col), Ambiguous: amb}))
}

// stored returns o, an operand put in the instruction's store; nil, a
// full store, is a failure.
func (c *lscCursor) stored(o Operand) Operand {
	if o == nil {
		c.fail("fewer operands")
	}
	return o
}

var (
	lscSfids = []string{".ugm", ".ugml", ".tgm", ".slm"}
	// 7 is LSC_CACHING_CONSTCACHED (IGC from 2023-11).
	lscCaches = []string{".df", ".uc", ".ca", ".wb", ".wt", ".st", ".ri", ".cc"}
	// IGC's printer names sizes 5-7 (LSC_DATA_SIZE_8c32b, ...) d8u32,
	// d16u32 and d16u32h (IsaDisassembly.cpp formatDataSize), as real
	// dumps show them; before 2025-05 (600dbce90) it named them d8c32,
	// d16c32 and d16c32h, as GenX_IR 1.0.12504 prints them.
	lscDataSizes    = []string{"", "d8", "d16", "d32", "d64", "d8u32", "d16u32", "d16u32h"}
	lscDataSizesC32 = []string{"", "", "", "", "", "d8c32", "d16c32", "d16c32h"}
	lscElems        = []string{"", "", "x2", "x3", "x4", "x8", "x16", "x32", "x64"}
	// surf (6, a surface state pointer), a32u and a32s (4 and 5, 32-bit
	// offsets zero- or sign-extended): IGC from 2025-12.
	lscAddrTypes = []string{"", "flat", "bss", "ss", "bti", "arg", "surf"}
	lscAddrSizes = []string{"", ":a16", ":a32", ":a64", ":a32u", ":a32s"}
	lscFenceOps  = []string{".none", ".evict", ".invalidate", ".discard", ".clean", ".flushl3", ".type6"}
	lscScopes    = []string{".group", ".local", ".tile", ".gpu", ".gpus", ".sysrel", ".sysacq"}
)

// parseLSC parses an LSC line (after any predicate, which parseLSC reads
// too) into in: the steps of lscPrinter, in its order.
//
// Loose (a person's source), a run of blanks matches a run of any length.
func (in *Instruction) parseLSC(text string, v Version, names TextNames, line int32, loose bool) error {
	sym := in.sym
	in.reset()
	in.sym, in.ver, in.Off = sym, v, -1
	c := &lscCursor{s: text, names: names, line: line, in: in, vals: map[string]uint32{}, ops: map[string]Operand{}, loose: loose}
	p := &textParser{in: in, s: text}
	if err := p.pred(); err != nil {
		return err
	}
	c.pos = p.pos
	mn := c.ident(". ")
	t := tableFor(v.BestEffort())
	if mn == "lsc_fence" {
		return c.fence(t)
	}
	sub, ok := lscSubByName[mn]
	if !ok {
		return fmt.Errorf("no LSC operation is named %s", mn)
	}
	if c.sfid(); c.err != nil {
		return c.err
	}
	op := uint8(0x89)
	if c.vals["sfid"] == 2 {
		op = 0x8A
	}
	subs := t.subs[op]
	if subs == nil || subs[sub] == nil || subs[sub].row == nil {
		return fmt.Errorf("no opcode row for %s", mn)
	}
	pr := subs[sub]
	in.row, in.Op, in.Sub, in.Mnemonic = pr.row, op, sub, pr.row.mnemonic
	c.vals["subop"] = uint32(sub)
	if l1, ok := c.oneOf(lscCaches); ok {
		l3, ok := c.oneOf(lscCaches)
		if !ok {
			return c.fail("the L3 cache control")
		}
		if l3b, ok := c.oneOf(lscCaches); ok {
			// Three levels (L1, L2, L3: IGC's efficient-64-bit
			// platforms); L2 is text only.
			c.extra = append(c.extra, in.param("l2", uint32(l3), 1))
			l3 = l3b
		}
		c.vals["l1"], c.vals["l3"] = uint32(l1), uint32(l3)
	}
	// Text-only flags of IGC from 2025 (appendLSC).
	if op == 0x89 && c.vals["sfid"] == 0 && (sub == 0x00 || sub == 0x02 || sub == 0x1B) && c.lit(".ov") {
		c.extra = append(c.extra, in.param("ov", 1, 1))
	}
	if op == 0x8A && sub >= 0x08 && sub <= 0x1A && c.lit(".msaa") {
		c.extra = append(c.extra, in.param("msaa", 1, 1))
	}
	form := lscFormOf(op, sub)
	if form == lscExtCacheCtrl {
		c.extCacheCtrl()
	} else {
		// The typed 2D block and read-state-info print no execution
		// size: in.Exec stays (M1, 1), as IGC makes the 2D block
		// (VISAKernelImpl.cpp AppendVISALscTypedBlock2DInst).
		if form != lscTypedBlock2D && form != lscTypedRSI {
			c.execSize()
		}
		c.need("  ")
		switch form {
		case lscTypedRSI:
			c.raw("dst", " ")
			c.need("  ")
			c.addrType("addr_model")
			c.need("[")
			c.raw("u", "]")
			c.need("]")
		case lscApndctr:
			c.apndctr()
		default:
			c.operands(lscOps[sub].kind, form)
		}
	}
	return c.finish(t)
}

// execSize reads " (M1, 16)".
func (c *lscCursor) execSize() {
	c.need(" ")
	if c.err != nil {
		return
	}
	e, n := execPrefix(c.rest())
	if n == 0 {
		c.fail("an execution size (M1, 16)")
		return
	}
	c.in.Exec, c.in.HasExec = e, true
	c.pos += n
}

// extCacheCtrl reads the rest of an extended cache control (IGC from
// 2025-12, text only), the inverse of appendExtCacheCtrl:
// ".reset.64B (M1, 16) flat[V1]:a64".
func (c *lscCursor) extCacheCtrl() {
	c.need(".reset.64B")
	c.extra = append(c.extra, c.in.param("ccop", 1, 1), c.in.param("ccsize", 0, 1))
	c.execSize()
	c.need(" flat[")
	c.vals["addr_type"] = 1
	c.raw("src0", "]")
	c.need("]")
	c.addrSize()
}

func (c *lscCursor) fence(t *opTable) error {
	in := c.in
	pr := t.progs[0x8B]
	if pr == nil || pr.row == nil {
		return fmt.Errorf("no opcode row for lsc_fence")
	}
	in.row, in.Op, in.Mnemonic = pr.row, 0x8B, pr.row.mnemonic
	c.sfid()
	c.enum("fence_op", lscFenceOps, "a fence operation (.none, .evict, ...)")
	c.enum("scope", lscScopes, "a fence scope (.group, .local, ...)")
	// The fence prints no execution size; IGC creates it (M1_NM, 1).
	in.Exec = Exec(8 << 4) // M1_NM, 1 lane
	return c.finish(t)
}

// shape reads the data shape of a message of form: ":d32x4t" (or
// ":d32.xyzw" for the quad ops), a 2D block's ":d16.2x16x8nn", a typed 2D
// block's ":16x8".
func (c *lscCursor) shape(form lscForm) {
	switch form {
	case lscBlock2D:
		c.block2DShape()
		return
	case lscTypedBlock2D:
		c.need(":")
		w, ok1 := c.decimal()
		ok2 := c.lit("x")
		h, ok3 := c.decimal()
		if !ok1 || !ok2 || !ok3 || w < 0 || w > 0xFFFF || h < 0 || h > 0xFFFF {
			c.fail("WxH: the block's width and height")
		}
		c.vals["width"], c.vals["height"] = uint32(w), uint32(h)
		return
	}
	c.dataSize()
	c.vals["data_order"], c.vals["data_elems"] = 1, 1
	if lscHasChMask(c.in.Sub) {
		c.need(".")
		var m uint32
		for k, l := range "xyzw" {
			if c.lit(string(l)) {
				m |= 1 << k
			}
		}
		// IGC's data shape holds elems and chmask in one union and
		// writes it to both fields.
		c.vals["chmask"], c.vals["data_elems"] = m, m
		return
	}
	if e, ok := c.oneOf(lscElems); ok {
		c.vals["data_elems"] = uint32(e)
	}
	c.vals["chmask"] = c.vals["data_elems"]
	if c.lit("t") {
		c.vals["data_order"] = 2
	}
}

// dataSize reads ":d32", the size that starts a data shape, in either
// spelling of sizes 5 to 7 (d8u32 or d8c32).
func (c *lscCursor) dataSize() {
	c.need(":")
	if v, ok := c.oneOf(lscDataSizesC32); ok {
		c.vals["data_size"], c.c32 = uint32(v), true
		return
	}
	c.enum("data_size", lscDataSizes, "a data size (d8, d16, d32, d64, ...)")
}

// lscURB is LSC_URB, the SFID IGC's LSC_SFID names after .slm: its
// disassembler (IsaDisassembly.cpp formatSfid) has no case for it and
// prints it as a bad value, ".<<4?>>".
const lscURB = 4

// sfid reads an LSC SFID: .ugm, .ugml, .tgm, .slm, or LSC_URB as IGC
// prints it. Other bad values are no SFID IGC makes, and stay refused.
func (c *lscCursor) sfid() {
	if c.lit(".<<4?>>") {
		c.vals["sfid"] = lscURB
		return
	}
	c.enum("sfid", lscSfids, "an LSC SFID (.ugm, .ugml, .tgm, .slm, .<<4?>> for urb)")
}

// addrType reads "flat", "bss(V1)", "bti(0x4)", "ss(V2(0,1),0x3)".
func (c *lscCursor) addrType(field string) {
	c.enum(field, lscAddrTypes, "an address type (flat, bss, ss, bti, arg, surf)")
	if c.err != nil {
		return
	}
	if !c.lit("(") {
		c.ops["surface"] = c.stored(put(c.in.newImmediate(), Immediate{Role: "surface"}))
		return
	}
	c.ops["surface"] = c.vec("surface", ",)")
	if c.lit(",") {
		v, ok := c.hex()
		if !ok || v > 0xFFFFFFFF {
			c.fail("a surface-state index 0x...")
		}
		c.vals["ss_idx"] = uint32(v)
	}
	c.need(")")
}

func (c *lscCursor) addrSize() {
	c.enum("addr_size", lscAddrSizes, "an address size (:a16, :a32, :a64, :a32u, :a32s)")
}

// address reads the address of a message of form, the inverse of
// lscPrinter.appendAddr.
func (c *lscCursor) address(form lscForm) {
	switch form {
	case lscBlock2D:
		c.block2DAddr()
		return
	case lscTypedBlock2D:
		// "bti(0x1)[X+1,Y-2]"
		c.addrType("addr_model")
		c.need("[")
		c.ops["x"] = c.vecOffset("x", "x_imm", 4)
		c.need(",")
		c.ops["y"] = c.vecOffset("y", "y_imm", 4)
		c.need("]")
		return
	case lscTyped:
		// "bti(0x2)[u+1,v,r,lod]:a32"
		c.addrType("addr_model")
		c.need("[")
		for i, n := range []string{"u", "v", "r", "lod"} {
			if i > 0 && !c.lit(",") {
				break
			}
			c.raw(n, "+-,]")
			if i == 3 {
				break // lod has no offset
			}
			if v, ok := c.offset(-0x7FFFFFFF, 0x7FFFFFFF, "an offset"); ok {
				c.vals[n+"_off"] = uint32(int32(v))
			}
		}
		c.need("]")
		c.addrSize()
		return
	}
	// Untyped: "flat[0x4*V1+0x10]:a64" (strided: "[V1, V2]").
	c.addrType("addr_type")
	c.need("[")
	c.vals["imm_scale"] = 1
	save := c.pos
	if sc, ok := c.hex(); ok && c.lit("*") {
		c.vals["imm_scale"] = uint32(sc)
	} else {
		c.pos = save
	}
	c.raw("src0", "+-,]")
	switch {
	case c.lit("+"):
		v, ok := c.hex()
		if !ok || v > 0x7FFFFFFF {
			c.fail("an offset 0x...")
		}
		c.vals["imm_offset"] = uint32(v)
	case c.lit("-"):
		v, ok := c.hex()
		if !ok || v > 0x80000000 {
			c.fail("an offset 0x...")
		}
		c.vals["imm_offset"] = uint32(-int32(v))
	}
	if form == lscStrided && c.lit(", ") {
		c.ops["src0_pitch"] = c.vec("src0_pitch", "]")
	}
	c.need("]")
	c.addrSize()
}

// block2DShape reads a 2D block's shape ":d16.2x16x8nn".
func (c *lscCursor) block2DShape() {
	c.dataSize()
	c.need(".")
	var nums []int64
	for {
		v, ok := c.decimal()
		if !ok || v < 0 || v > 0xFFFF {
			c.fail("a block dimension")
			return
		}
		nums = append(nums, v)
		if !c.lit("x") {
			break
		}
	}
	switch len(nums) {
	case 2:
		c.vals["blocks"] = 1
	case 3:
		if nums[0] == 1 {
			c.fail("a block count other than 1 (1 is not printed)")
			return
		}
		c.vals["blocks"], nums = uint32(nums[0]), nums[1:]
	default:
		c.fail("WxH or NxWxH")
		return
	}
	c.vals["width"], c.vals["height"] = uint32(nums[0]), uint32(nums[1])
	c.vals["data_order"] = 1
	if c.transposed() {
		c.vals["data_order"] = 2
	}
	if c.transposed() {
		c.vals["vnni"] = 1
	}
}

// transposed reads "t" (true) or "n", a 2D block's data order or VNNI.
func (c *lscCursor) transposed() bool {
	if c.lit("t") {
		return true
	}
	c.need("n")
	return false
}

// vecOffset reads a 2D block's X or Y operand (as role) and its
// immediate offset "+2" or "-1" when there is one: the text-only field
// imm of size bytes (appendBlockXY).
func (c *lscCursor) vecOffset(role, imm string, size uint8) Operand {
	o := c.vec(role, "+-,]")
	if v, ok := c.offset(-0x8000, 0x7FFF, "an immediate offset"); ok {
		c.extra = append(c.extra, c.in.param(imm, uint32(int32(v)), size))
	}
	return o
}

// block2DAddr reads a 2D block's address, either six surface parameters
// "flat[B,W,H,P,X,Y]" (X and Y with an immediate offset "+2" when not 0)
// or an address payload "flat[V1 + (x,y)]" (IGC from 2024, text only: no
// object file holds it).
func (c *lscCursor) block2DAddr() {
	c.need("flat[")
	c.addr = []Operand{c.vec("addr_params", " ,]")}
	if c.lit(" + (") {
		x, ok1 := c.decimal()
		ok2 := c.lit(",")
		y, ok3 := c.decimal()
		if !ok1 || !ok2 || !ok3 || x < -0x8000 || x > 0x7FFF || y < -0x8000 || y > 0x7FFF || !c.lit(")]") {
			c.fail("(x,y)]: immediate offsets")
			return
		}
		c.extra = append(c.extra, c.in.param("payload_x", uint32(int32(x)), 2), c.in.param("payload_y", uint32(int32(y)), 2))
		return
	}
	for k := 1; k < 6; k++ {
		c.need(",")
		if k < 4 {
			c.addr = append(c.addr, c.vec("addr_params", "+-,]"))
		} else {
			c.addr = append(c.addr, c.vecOffset("addr_params", []string{"x_imm", "y_imm"}[k-4], 2))
		}
	}
	c.need("]")
}

// apndctr reads an append-counter atomic's operands, the inverse of
// appendApndctr: "DST:d32  bti(0x2)  SRC:d32". Its src0 is not printed:
// IGC's builder makes it %null.
func (c *lscCursor) apndctr() {
	c.raw("dst", ":")
	c.shape(lscApndctr)
	c.need("  ")
	addr, src := apndctrFields(c.in.Sub)
	c.addrType(addr)
	c.need("  ")
	c.raw(src, ":")
	c.shape(lscApndctr)
}

// finish returns the first failure of the steps, or that they stopped
// short of the end of the line; else it adds the fields in the row's
// encoding order (sub-fields the text does not show are 0, raw operands
// it does not show %null), then the text-only ones, and checks that the
// instruction prints back as the line.
func (c *lscCursor) finish(t *opTable) error {
	if c.pos != len(c.s) {
		c.fail("the end of the instruction")
	}
	if c.err != nil {
		return c.err
	}
	in, text := c.in, c.s
	if lscFormOf(in.Op, in.Sub) == lscStrided && c.ops["src0_pitch"] == nil {
		// A strided address without its pitch: IGC's assembler makes it
		// the size of one lane's data (igc-1.0.12504.6
		// visa/VISAKernelImpl.cpp:8122-8125, lscStridedOpBlockStride).
		m := c.stored(put(in.newImmediate(), Immediate{Role: "src0_pitch", Bits: lscDefaultPitch(c.vals["data_size"], c.vals["data_elems"], c.vals["data_order"])}))
		if c.err != nil {
			return c.err
		}
		c.ops["src0_pitch"] = m
		c.omitted = ", " + string(in.appendLSCVec(nil, m)) + "]"
	}
	d := opDecoder{in: in, t: t}
	addr := 0 // the next of c.addr
	err := d.walk(in.row.toks, func(tk *token) error {
		var o Operand
		switch tk.kind {
		case "E":
			in.HasExec = true
			return nil
		case "P":
			in.HasPred = true
			return nil
		case "B", "W", "D", "I":
			o = in.param(tk.name, c.vals[tk.name], uint8(t.fixedSize(tk.kind)))
		case "R":
			if o = c.ops[tk.name]; o == nil {
				o = put(in.newRaw(), Raw{Role: tk.name}) // %null
			}
		case "V", "VC":
			switch x := c.ops[tk.name]; {
			case tk.name == "addr_params":
				if addr >= len(c.addr) {
					return nil // the payload form has one
				}
				o, addr = c.addr[addr], addr+1
			case x != nil:
				o = x
			default:
				o = put(in.newGeneral(), General{Role: tk.name}) // %null
			}
		default:
			return fmt.Errorf("the %s field of %s is not parsed", tk.kind, in.Mnemonic)
		}
		if o == nil || !in.Add(o) {
			return errTooMany
		}
		return nil
	})
	if err != nil {
		return err
	}
	if addr != len(c.addr) {
		return fmt.Errorf("the text shows %d 2D block address operands", len(c.addr))
	}
	if c.c32 {
		c.extra = append(c.extra, in.param("size_c32", 1, 1))
	}
	for _, o := range c.extra {
		if o == nil || !in.Add(o) {
			return errTooMany
		}
	}
	in.tbuf = in.AppendText(in.tbuf[:0])
	back := string(in.tbuf)
	if c.omitted != "" {
		back = strings.Replace(back, c.omitted, "]", 1) // the text left it out
	}
	if back != text && !(c.loose && sameUpToBlanks(back, text)) {
		return fmt.Errorf("prints back as %q", in.tbuf)
	}
	return nil
}

// lscDefaultPitch is the pitch IGC gives a strided address written without
// one: the bytes of one lane's data (one element when transposed).
func lscDefaultPitch(size, elems, order uint32) uint64 {
	b := uint64(4)
	switch size {
	case 1:
		b = 1
	case 2:
		b = 2
	case 4:
		b = 8
	}
	if order != 2 && elems >= 1 && elems <= 8 {
		b *= []uint64{1, 2, 3, 4, 8, 16, 32, 64}[elems-1]
	}
	return b
}

// operands reads an LSC message's operands in the printer's order
// (appendOperands): a load "DST:shape  address", a store
// "address  SRC1:shape", an atomic "DST:shape  address  SRC1  SRC2".
func (c *lscCursor) operands(kind lscKind, form lscForm) {
	if kind == lscStore {
		c.address(form)
		c.need("  ")
		c.raw("src1", ":")
		c.shape(form)
		return
	}
	c.raw("dst", ":")
	c.shape(form)
	c.need("  ")
	c.address(form)
	if kind == lscLoad {
		return
	}
	for _, src := range []string{"src1", "src2"} {
		c.need("  ")
		c.raw(src, " ")
	}
}
