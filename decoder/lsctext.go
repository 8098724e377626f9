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
var lscSubByName = func() map[string]uint8 {
	m := map[string]uint8{}
	for i, op := range lscOps {
		if op.name != "" {
			m[op.name] = uint8(i)
		}
	}
	return m
}()

// lscCursor walks an LSC line.
type lscCursor struct {
	s       string
	pos     int
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

func (c *lscCursor) fail(what string) error {
	return &parseError{col: c.pos + 1, what: what, found: c.rest()}
}

func (c *lscCursor) lit(l string) bool {
	n, ok := matchLit(c.rest(), l, c.loose)
	if ok {
		c.pos += n
	}
	return ok
}

func (c *lscCursor) need(l string) error {
	if !c.lit(l) {
		return c.fail(strconv.Quote(l))
	}
	return nil
}

// oneOf matches the longest of names at the cursor, returning its index.
func (c *lscCursor) oneOf(names []string) (int, bool) {
	k, n := longestPrefix(c.rest(), names)
	c.pos += n
	return k, k >= 0
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
	return r[:len(r)-len(strings.TrimLeft(r[sign:], set))]
}

func (c *lscCursor) decimal() (int64, bool) {
	d := c.digits("0123456789", true)
	v, err := strconv.ParseInt(d, 10, 32)
	return v, c.took(d, err)
}

// hex reads 0x and hex digits of either case: IGC prints LSC immediates in
// upper case and its offsets in the case its stream was left in
// (appendLSCUntyped); the print-back check keeps only the case the
// printer writes (a person's source, which IGC's lexer reads in any case,
// is first put in that case: visatext's CanonicalAt).
func (c *lscCursor) hex() (uint64, bool) {
	if !c.lit("0x") {
		return 0, false
	}
	d := c.digits("0123456789abcdefABCDEF", false)
	v, err := strconv.ParseUint(d, 16, 64)
	return v, c.took(d, err)
}

// took moves the cursor past the digits d when they parsed (err is nil),
// and reports whether they did.
func (c *lscCursor) took(d string, err error) bool {
	if err == nil {
		c.pos += len(d)
	}
	return err == nil
}

// offset reads an immediate offset "+N" or "-N" (decimal, not 0, from lo
// to hi) when the cursor is at one (ok).
func (c *lscCursor) offset(lo, hi int64, what string) (v int64, ok bool, err error) {
	if !strings.HasPrefix(c.rest(), "+") && !strings.HasPrefix(c.rest(), "-") {
		return 0, false, nil
	}
	plus := c.lit("+")
	v, ok = c.decimal()
	if !ok || v == 0 || plus && v < 0 || v < lo || v > hi {
		return 0, false, c.fail(what)
	}
	return v, true, nil
}

// raw reads NAME[.offset], the LSC form of a raw operand.
func (c *lscCursor) raw(role, stop string) error {
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
		return c.fail("a declared variable for " + role)
	}
	x := put(c.in.newRaw(), Raw{Role: role, RawOperand: RawOperand{ID: id, Offset: uint16(off)}, Ambiguous: amb})
	if x == nil {
		return c.fail("fewer operands")
	}
	c.ops[role] = x
	return nil
}

// vec reads an LSC vector operand: 0xHEX or NAME[(r,c)].
func (c *lscCursor) vec(role, stop string) (Operand, error) {
	if strings.HasPrefix(c.rest(), "0x") {
		v, ok := c.hex()
		if !ok {
			return nil, c.fail("an immediate 0x...")
		}
		return c.stored(put(c.in.newImmediate(), Immediate{Role: role, Bits: v}))
	}
	name := c.ident(stop + "(")
	id, amb, ok := varID(c.names, name, c.line)
	if !ok {
		c.pos -= len(name)
		return nil, c.fail("a declared variable for " + role)
	}
	var row, col uint64
	if c.lit("(") {
		a := c.ident(",")
		if !c.lit(",") {
			return nil, c.fail(",")
		}
		b := c.ident(")")
		if !c.lit(")") {
			return nil, c.fail(")")
		}
		var err1, err2 error
		row, err1 = strconv.ParseUint(a, 10, 8)
		col, err2 = strconv.ParseUint(b, 10, 8)
		if err1 != nil || err2 != nil {
			return nil, c.fail("(row,col)")
		}
	}
	return c.stored(put(c.in.newGeneral(), General{Role: role, ID: id, Row: uint8(row), Col: uint8(col), Ambiguous: amb}))
}

// stored returns o, an operand put in the instruction's store, or an
// error when the store was full (o is nil).
func (c *lscCursor) stored(o Operand) (Operand, error) {
	if o == nil {
		return nil, c.fail("fewer operands")
	}
	return o, nil
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
// too) into in.
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
	if err := c.sfid(); err != nil {
		return err
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
	in.row, in.Op, in.Sub, in.Mnemonic = pr.row, op, uint16(sub), pr.row.mnemonic
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
	// Text-only flags of IGC from 2025 (appendLSCHead).
	if op == 0x89 && c.vals["sfid"] == 0 && (sub == 0x00 || sub == 0x02 || sub == 0x1B) && c.lit(".ov") {
		c.extra = append(c.extra, in.param("ov", 1, 1))
	}
	if op == 0x8A && sub >= 0x08 && sub <= 0x1A && c.lit(".msaa") {
		c.extra = append(c.extra, in.param("msaa", 1, 1))
	}
	var err error
	switch {
	case op == 0x8A && sub == 0x1E:
		err = c.typedRSI()
	case op == 0x89 && (sub == 0x03 || sub == 0x07):
		err = c.block2D(lscOpOf(uint32(sub)))
	case op == 0x89 && sub >= 0x28 && sub <= 0x2A:
		err = c.apndctr(sub)
	case op == 0x89 && sub == 0x33:
		err = c.extCacheCtrl()
	case op == 0x8A && (sub == 0x03 || sub == 0x07):
		err = c.typedBlock2D(lscOpOf(uint32(sub)))
	default:
		err = c.message(op, sub)
	}
	if err != nil {
		return err
	}
	if c.pos != len(c.s) {
		return c.fail("the end of the instruction")
	}
	return c.finish(t, text)
}

// execSize reads " (M1, 16)" and the two blanks after it.
func (c *lscCursor) execSize() error {
	return c.execSizeThen("  ")
}

// execSizeThen reads " (M1, 16)" and then sep.
func (c *lscCursor) execSizeThen(sep string) error {
	if err := c.need(" "); err != nil {
		return err
	}
	e, n := execPrefix(c.rest())
	if n == 0 {
		return c.fail("an execution size (M1, 16)")
	}
	c.in.Exec, c.in.HasExec = e, true
	c.pos += n
	return c.need(sep)
}

// extCacheCtrl reads the rest of an extended cache control (IGC from
// 2025-12, text only), the inverse of appendLSCExtCacheCtrl:
// ".reset.64B (M1, 16) flat[V1]:a64".
func (c *lscCursor) extCacheCtrl() error {
	if err := c.need(".reset.64B"); err != nil {
		return err
	}
	c.extra = append(c.extra, c.in.param("ccop", 1, 1), c.in.param("ccsize", 0, 1))
	if err := c.execSizeThen(" flat["); err != nil {
		return err
	}
	c.vals["addr_type"] = 1
	if err := c.raw("src0", "]"); err != nil {
		return err
	}
	if err := c.need("]"); err != nil {
		return err
	}
	return c.addrSize()
}

func (c *lscCursor) fence(t *opTable) error {
	in := c.in
	pr := t.progs[0x8B]
	if pr == nil || pr.row == nil {
		return fmt.Errorf("no opcode row for lsc_fence")
	}
	in.row, in.Op, in.Mnemonic = pr.row, 0x8B, pr.row.mnemonic
	if err := c.sfid(); err != nil {
		return err
	}
	if err := c.enum("fence_op", lscFenceOps, "a fence operation (.none, .evict, ...)"); err != nil {
		return err
	}
	if err := c.enum("scope", lscScopes, "a fence scope (.group, .local, ...)"); err != nil {
		return err
	}
	// The fence prints no execution size; IGC creates it (M1_NM, 1).
	in.Exec = Exec(8 << 4) // M1_NM, 1 lane
	if c.pos != len(c.s) {
		return c.fail("the end of the instruction")
	}
	return c.finish(t, c.s)
}

// shape reads a data shape ":d32x4t" (or ":d32.xyzw" for the quad ops).
func (c *lscCursor) shape(sub uint8) error {
	if err := c.dataSize(); err != nil {
		return err
	}
	c.vals["data_order"], c.vals["data_elems"] = 1, 1
	if lscHasChMask(uint16(sub)) {
		if err := c.need("."); err != nil {
			return err
		}
		var m uint32
		for k, l := range "xyzw" {
			if c.lit(string(l)) {
				m |= 1 << k
			}
		}
		// IGC's data shape holds elems and chmask in one union and
		// writes it to both fields.
		c.vals["chmask"], c.vals["data_elems"] = m, m
		return nil
	}
	if e, ok := c.oneOf(lscElems); ok {
		c.vals["data_elems"] = uint32(e)
	}
	c.vals["chmask"] = c.vals["data_elems"]
	if c.lit("t") {
		c.vals["data_order"] = 2
	}
	return nil
}

// dataSize reads ":d32", the size that starts a data shape, in either
// spelling of sizes 5 to 7 (d8u32 or d8c32).
func (c *lscCursor) dataSize() error {
	if err := c.need(":"); err != nil {
		return err
	}
	if v, ok := c.oneOf(lscDataSizesC32); ok {
		c.vals["data_size"], c.c32 = uint32(v), true
		return nil
	}
	return c.enum("data_size", lscDataSizes, "a data size (d8, d16, d32, d64, ...)")
}

// enum reads the longest of names at the cursor into field.
func (c *lscCursor) enum(field string, names []string, what string) error {
	v, ok := c.oneOf(names)
	if !ok {
		return c.fail(what)
	}
	c.vals[field] = uint32(v)
	return nil
}

// lscURB is LSC_URB, the SFID IGC's LSC_SFID names after .slm: its
// disassembler (IsaDisassembly.cpp formatSfid) has no case for it and
// prints it as a bad value, ".<<4?>>".
const lscURB = 4

// sfid reads an LSC SFID: .ugm, .ugml, .tgm, .slm, or LSC_URB as IGC
// prints it. Other bad values are no SFID IGC makes, and stay refused.
func (c *lscCursor) sfid() error {
	if c.lit(".<<4?>>") {
		c.vals["sfid"] = lscURB
		return nil
	}
	return c.enum("sfid", lscSfids, "an LSC SFID (.ugm, .ugml, .tgm, .slm, .<<4?>> for urb)")
}

// addrType reads "flat", "bss(V1)", "bti(0x4)", "ss(V2(0,1),0x3)".
func (c *lscCursor) addrType(field string) error {
	if err := c.enum(field, lscAddrTypes, "an address type (flat, bss, ss, bti, arg, surf)"); err != nil {
		return err
	}
	if !c.lit("(") {
		m, err := c.stored(put(c.in.newImmediate(), Immediate{Role: "surface"}))
		c.ops["surface"] = m
		return err
	}
	o, err := c.vec("surface", ",)")
	if err != nil {
		return err
	}
	c.ops["surface"] = o
	if c.lit(",") {
		v, ok := c.hex()
		if !ok || v > 0xFFFFFFFF {
			return c.fail("a surface-state index 0x...")
		}
		c.vals["ss_idx"] = uint32(v)
	}
	return c.need(")")
}

func (c *lscCursor) addrSize() error {
	return c.enum("addr_size", lscAddrSizes, "an address size (:a16, :a32, :a64, :a32u, :a32s)")
}

// untypedAddr reads "flat[0x4*V1+0x10]:a64" (strided: "[V1, V2]").
func (c *lscCursor) untypedAddr(strided bool) error {
	if err := c.addrType("addr_type"); err != nil {
		return err
	}
	if err := c.need("["); err != nil {
		return err
	}
	c.vals["imm_scale"] = 1
	save := c.pos
	if sc, ok := c.hex(); ok && c.lit("*") {
		c.vals["imm_scale"] = uint32(sc)
	} else {
		c.pos = save
	}
	if err := c.raw("src0", "+-,]"); err != nil {
		return err
	}
	switch {
	case c.lit("+"):
		v, ok := c.hex()
		if !ok || v > 0x7FFFFFFF {
			return c.fail("an offset 0x...")
		}
		c.vals["imm_offset"] = uint32(v)
	case c.lit("-"):
		v, ok := c.hex()
		if !ok || v > 0x80000000 {
			return c.fail("an offset 0x...")
		}
		c.vals["imm_offset"] = uint32(-int32(v))
	}
	if strided && c.lit(", ") {
		o, err := c.vec("src0_pitch", "]")
		if err != nil {
			return err
		}
		c.ops["src0_pitch"] = o
	}
	if err := c.need("]"); err != nil {
		return err
	}
	return c.addrSize()
}

// typedAddr reads "bti(0x2)[u+1,v,r,lod]:a32".
func (c *lscCursor) typedAddr() error {
	if err := c.addrType("addr_model"); err != nil {
		return err
	}
	if err := c.need("["); err != nil {
		return err
	}
	for i, n := range []string{"u", "v", "r", "lod"} {
		if i > 0 && !c.lit(",") {
			break
		}
		if err := c.raw(n, "+-,]"); err != nil {
			return err
		}
		if i < 3 {
			v, ok, err := c.offset(-0x7FFFFFFF, 0x7FFFFFFF, "an offset")
			if err != nil {
				return err
			}
			if ok {
				c.vals[n+"_off"] = uint32(int32(v))
			}
		}
	}
	if err := c.need("]"); err != nil {
		return err
	}
	return c.addrSize()
}

// message reads the operands of an untyped or typed load, store or atomic.
func (c *lscCursor) message(op, sub uint8) error {
	if err := c.execSize(); err != nil {
		return err
	}
	return c.operands(lscOpOf(uint32(sub)).kind, func() error { return c.shape(sub) }, func() error {
		if op == 0x8A {
			return c.typedAddr()
		}
		return c.untypedAddr(sub == 0x01 || sub == 0x05)
	})
}

func (c *lscCursor) typedRSI() error {
	if err := c.need("  "); err != nil {
		return err
	}
	if err := c.raw("dst", " "); err != nil {
		return err
	}
	if err := c.need("  "); err != nil {
		return err
	}
	if err := c.addrType("addr_model"); err != nil {
		return err
	}
	if err := c.need("["); err != nil {
		return err
	}
	if err := c.raw("u", "]"); err != nil {
		return err
	}
	return c.need("]")
}

// block2D reads a 2D block load or store: its shape ":d16.2x16x8nn" and
// its address, either six surface parameters "flat[B,W,H,P,X,Y]" (X and Y
// with an immediate offset "+2" when not 0) or an address payload
// "flat[V1 + (x,y)]" (IGC from 2024, text only: no object file holds it).
func (c *lscCursor) block2D(op lscOp) error {
	if err := c.execSize(); err != nil {
		return err
	}
	shape := func() error {
		if err := c.dataSize(); err != nil {
			return err
		}
		if err := c.need("."); err != nil {
			return err
		}
		var nums []int64
		for {
			v, ok := c.decimal()
			if !ok || v < 0 || v > 0xFFFF {
				return c.fail("a block dimension")
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
				return c.fail("a block count other than 1 (1 is not printed)")
			}
			c.vals["blocks"], nums = uint32(nums[0]), nums[1:]
		default:
			return c.fail("WxH or NxWxH")
		}
		c.vals["width"], c.vals["height"] = uint32(nums[0]), uint32(nums[1])
		c.vals["data_order"] = 1
		if c.lit("t") {
			c.vals["data_order"] = 2
		} else if err := c.need("n"); err != nil {
			return err
		}
		if c.lit("t") {
			c.vals["vnni"] = 1
		} else if err := c.need("n"); err != nil {
			return err
		}
		return nil
	}
	addr := func() error {
		if err := c.need("flat["); err != nil {
			return err
		}
		first, err := c.vec("addr_params", " ,]")
		if err != nil {
			return err
		}
		if c.lit(" + (") {
			x, ok1 := c.decimal()
			ok2 := c.lit(",")
			y, ok3 := c.decimal()
			if !ok1 || !ok2 || !ok3 || x < -0x8000 || x > 0x7FFF || y < -0x8000 || y > 0x7FFF || !c.lit(")]") {
				return c.fail("(x,y)]: immediate offsets")
			}
			c.addr = []Operand{first}
			c.extra = append(c.extra, c.in.param("payload_x", uint32(int32(x)), 2), c.in.param("payload_y", uint32(int32(y)), 2))
			return nil
		}
		params := []Operand{first}
		for k := 1; k < 6; k++ {
			if err := c.need(","); err != nil {
				return err
			}
			var o Operand
			if k < 4 {
				o, err = c.vec("addr_params", "+-,]")
			} else {
				o, err = c.vecOffset("addr_params", []string{"x_imm", "y_imm"}[k-4], 2)
			}
			if err != nil {
				return err
			}
			params = append(params, o)
		}
		c.addr = params
		return c.need("]")
	}
	return c.operands(op.kind, shape, addr)
}

// typedBlock2D reads a typed 2D block load or store, the inverse of
// appendLSCTypedBlock2D: "  DST:WxH  bti(0x1)[X+1,Y-2]" (a store puts the
// address first). IGC makes it with one lane and no predicate
// (VISAKernelImpl.cpp AppendVISALscTypedBlock2DInst: EXEC_SIZE_1, M1).
func (c *lscCursor) typedBlock2D(op lscOp) error {
	c.in.Exec = 0
	if err := c.need("  "); err != nil {
		return err
	}
	shape := func() error {
		if err := c.need(":"); err != nil {
			return err
		}
		w, ok1 := c.decimal()
		ok2 := c.lit("x")
		h, ok3 := c.decimal()
		if !ok1 || !ok2 || !ok3 || w < 0 || w > 0xFFFF || h < 0 || h > 0xFFFF {
			return c.fail("WxH: the block's width and height")
		}
		c.vals["width"], c.vals["height"] = uint32(w), uint32(h)
		return nil
	}
	addr := func() error {
		if err := c.addrType("addr_model"); err != nil {
			return err
		}
		if err := c.need("["); err != nil {
			return err
		}
		for i, n := range []string{"x", "y"} {
			if i > 0 {
				if err := c.need(","); err != nil {
					return err
				}
			}
			o, err := c.vecOffset(n, n+"_imm", 4)
			if err != nil {
				return err
			}
			c.ops[n] = o
		}
		return c.need("]")
	}
	return c.operands(op.kind, shape, addr)
}

// vecOffset reads a 2D block's X or Y operand (as role) and its
// immediate offset "+2" or "-1" when there is one: the text-only field
// imm of size bytes (appendBlockXY).
func (c *lscCursor) vecOffset(role, imm string, size uint8) (Operand, error) {
	o, err := c.vec(role, "+-,]")
	if err != nil {
		return nil, err
	}
	v, ok, err := c.offset(-0x8000, 0x7FFF, "an immediate offset")
	if ok {
		c.extra = append(c.extra, c.in.param(imm, uint32(int32(v)), size))
	}
	return o, err
}

// apndctr reads an append-counter atomic, the inverse of
// appendLSCApndctr: " (M1, 16)  DST:d32  bti(0x2)  SRC:d32". Its src0 is
// not printed: IGC's builder makes it %null.
func (c *lscCursor) apndctr(sub uint8) error {
	if err := c.execSize(); err != nil {
		return err
	}
	if err := c.raw("dst", ":"); err != nil {
		return err
	}
	if err := c.shape(sub); err != nil {
		return err
	}
	if err := c.need("  "); err != nil {
		return err
	}
	addr, src := apndctrFields(uint16(sub))
	if err := c.addrType(addr); err != nil {
		return err
	}
	if err := c.need("  "); err != nil {
		return err
	}
	if err := c.raw(src, ":"); err != nil {
		return err
	}
	return c.shape(sub)
}

// finish adds the fields in the row's encoding order (sub-fields the text
// does not show are 0, raw operands it does not show %null), then the
// text-only ones, and checks that the instruction prints back as text.
func (c *lscCursor) finish(t *opTable, text string) error {
	in := c.in
	if in.Op == 0x89 && (in.Sub == 0x01 || in.Sub == 0x05) && c.ops["src0_pitch"] == nil {
		// A strided address without its pitch: IGC's assembler makes it
		// the size of one lane's data (igc-1.0.12504.6
		// visa/VISAKernelImpl.cpp:8122-8125, lscStridedOpBlockStride).
		m, err := c.stored(put(in.newImmediate(), Immediate{Role: "src0_pitch", Bits: lscDefaultPitch(c.vals["data_size"], c.vals["data_elems"], c.vals["data_order"])}))
		if err != nil {
			return err
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
// (appendLSCOperands): a load "DST:shape  address", a store
// "address  SRC1:shape", an atomic "DST:shape  address  SRC1  SRC2".
func (c *lscCursor) operands(kind lscKind, shape, addr func() error) error {
	if kind == lscStore {
		if err := addr(); err != nil {
			return err
		}
		if err := c.need("  "); err != nil {
			return err
		}
		if err := c.raw("src1", ":"); err != nil {
			return err
		}
		return shape()
	}
	if err := c.raw("dst", ":"); err != nil {
		return err
	}
	if err := shape(); err != nil {
		return err
	}
	if err := c.need("  "); err != nil {
		return err
	}
	if err := addr(); err != nil || kind == lscLoad {
		return err
	}
	for _, src := range []string{"src1", "src2"} {
		if err := c.need("  "); err != nil {
			return err
		}
		if err := c.raw(src, " "); err != nil {
			return err
		}
	}
	return nil
}
