package decoder

import (
	"encoding/binary"
	"errors"
	"sync"
)

// Decoding one instruction's operands, on demand: the walk keeps only each
// instruction's offset and length (8 bytes), and Stream.Decode reads the
// operands of the one asked for by interpreting its opcode-table row.

func (in *Instruction) addDiag(c diagCode, role string, val uint32) {
	if in.nd < maxDiags {
		in.diags[in.nd] = diag{code: c, role: role, val: val}
		in.nd++
	}
}

// Diagnostics returns one message per bad operand value found while
// decoding, or nil.
func (in *Instruction) Diagnostics() []string {
	if in.nd == 0 {
		return nil
	}
	out := make([]string, 0, in.nd)
	for _, d := range in.diags[:in.nd] {
		out = append(out, d.text(diagWhere{sym: in.sym, mnemonic: in.Mnemonic, len: in.Len}))
	}
	return out
}

// NumDiagnostics returns how many diagnostics the instruction has.
func (in *Instruction) NumDiagnostics() int { return in.nd }

// Decode decodes the operands of instruction i into in, which may be reused
// from a previous call (nothing is allocated). Bad values become
// diagnostics on in; Decode never fails on an instruction the walk accepted.
func (s *Stream) Decode(i int, in *Instruction) { s.decode(s.Inst(i), i, in) }

// DecodeInfo decodes the operands of INFO k's instruction into in: what
// Decode(InfoInst(k), in) gives. A stream held by marks finds the
// instruction from the INFO's own index and offset (its length is INFO's,
// from its sub-op byte), not through the stream's one-block cache, so
// a pass over the INFO (dump --json) does not walk the stream's blocks
// again, and goroutines reading different parts of one stream at once do
// not evict each other's block: safe for concurrent use, and nothing is
// allocated.
func (s *Stream) DecodeInfo(k int, in *Instruction) {
	if s.insts != nil {
		s.Decode(s.InfoInst(k), in) // held in full: no cache involved
		return
	}
	r := s.refs[k]
	p := int(r.off)
	// The walk passed the INFO whole, so its sub-op byte is in the stream.
	s.decode(instAt(s.Code, p, infoLen(s.Code[p+1], s.Layout, s.Version)), int(r.inst), in)
}

// decode is Decode of instruction i, si.
func (s *Stream) decode(si Inst, i int, in *Instruction) { s.decodeWith(si, i, in, true) }

// decodeWith is decode; an INFO's operands are read from its form
// (infospec.go) when spec is true, else by the operand decoder from the
// opcode table's row (TestIGCInfoDecode compares them). The seed layout
// has no row: its INFO are always read from the form.
func (s *Stream) decodeWith(si Inst, i int, in *Instruction, spec bool) {
	b := s.Code[si.Off : int(si.Off)+int(si.Len)]
	in.reset()
	in.Op, in.Index, in.Off, in.Len = si.Op, i, s.Base+int64(si.Off), int(si.Len)
	in.sym, in.ver = s.Symbols, s.Version
	if s.Text != nil {
		in.Off = -1 // text has no file offsets
	}
	if len(b) == 0 {
		// A stream read from text keeps only INFO's bytes: the other
		// instructions are parsed from their text where the opcode table
		// prints them exactly so; the rest keep the text's mnemonic
		// (lsc_load has no opcode of its own, so Op is 0). An INFO line
		// without bytes is one the reader kept as text, saying why (no
		// binary encoding, an ambiguous name): it stays text.
		if s.Text != nil && s.names != nil && s.Text[i].Text != "" && in.parseLine(s.Text[i].Text, s.Version, s.names, s.Text[i].Line) == nil && in.Op != OpINFO {
			in.Index, in.Off = i, -1
			return
		}
		in.reset()
		in.Op, in.Index, in.Off = si.Op, i, -1
		in.sym, in.ver = s.Symbols, s.Version
		in.Mnemonic = s.InstMnemonic(i)
		return
	}
	t := s.tab
	if t == nil || t.ver != tableVersion(s.Version) || t.lsc2022 != s.LSC2022 {
		t = tableForLSC(s.Version, s.LSC2022)
	}
	p := t.progs[si.Op]
	if sub := t.subs[si.Op]; sub != nil && len(b) > 1 {
		p = sub[b[1]]
	}
	if p == nil {
		in.Mnemonic = Mnemonic(si.Op, si.Sub)
		return
	}
	in.row = p.row
	in.Mnemonic = p.row.mnemonic
	if si.Op == OpINFO {
		in.Mnemonic = infoMnemonics()[si.Sub] // Mnemonic(si.Op, si.Sub), without its map lookup
		if s.Layout == LayoutSeed {
			in.decodeInfoInst(s, b, LayoutSeed)
			return
		}
	}
	if spec && si.Op == OpINFO && len(b) == infoLen(b[1], LayoutIGC, s.Version) {
		in.decodeInfoInst(s, b, LayoutIGC)
	} else {
		d := opDecoder{in: in, b: b, pos: 1, t: t}
		d.run(p.row.toks)
		in.consumed = d.pos
	}
	if in.HasExec && in.Exec.Size() == 0 {
		in.addDiag(dgExecSize, "exec", uint32(in.Exec.SizeCode()))
	}
	if p.row.text == "" {
		in.addDiag(dgNoText, "", 0)
	}
}

// infoMnemonics returns Mnemonic(OpINFO, sub) for every sub-op byte
// (built once the table is loaded).
var infoMnemonics = sync.OnceValue(func() *[256]string {
	t := new([256]string)
	for sub := range t {
		t[sub] = Mnemonic(OpINFO, uint8(sub))
	}
	return t
})

func (in *Instruction) reset() {
	in.Op, in.Sub, in.Mnemonic, in.Index, in.Off, in.Len = 0, 0, "", 0, 0, 0
	in.HasExec, in.Exec, in.HasPred, in.Pred = false, 0, false, 0
	for k := range in.Args[:in.N] {
		in.Args[k] = nil
	}
	in.N, in.nd, in.row, in.consumed = 0, 0, nil, 0
	st := &in.store
	st.nv = [6]uint8{}
	st.nraw, st.nsurf, st.nsamp, st.nlabel, st.nparam = 0, 0, 0, 0, 0
}

type opDecoder struct {
	in  *Instruction
	b   []byte
	pos int
	t   *opTable
	bad bool // ran past the end: stop
}

func (d *opDecoder) need(n int, role string) bool {
	if d.bad {
		return false
	}
	if d.pos+n > len(d.b) {
		d.in.addDiag(dgTruncated, role, 0)
		d.bad = true
		return false
	}
	return true
}

func (d *opDecoder) u8() uint8 {
	v := d.b[d.pos]
	d.pos++
	return v
}

func (d *opDecoder) u16() uint16 {
	v := binary.LittleEndian.Uint16(d.b[d.pos:])
	d.pos += 2
	return v
}

func (d *opDecoder) u32() uint32 {
	v := binary.LittleEndian.Uint32(d.b[d.pos:])
	d.pos += 4
	return v
}

func (d *opDecoder) add(o Operand) {
	if o == nil || !d.in.Add(o) {
		if d.in.nd == 0 || d.in.diags[d.in.nd-1].code != dgTooMany {
			d.in.addDiag(dgTooMany, "", 0)
		}
	}
}

// value returns the value of an earlier field, for counts and conditions
// (the table is validated at load: the name exists).
func (d *opDecoder) value(name string) uint32 {
	v, _ := d.in.Value(name)
	return v
}

func (d *opDecoder) run(toks []token) {
	d.walk(toks, func(tk *token) error {
		if d.field(tk); d.bad {
			return errBadField
		}
		return nil
	})
}

var (
	// errBadField stops run's walk at a field that does not decode (d.bad).
	errBadField = errors.New("bad field")
	// errTooMany is a text reader's error for a row with more operands
	// than the instruction model holds.
	errTooMany = errors.New("more operands than the instruction model holds")
)

// walk calls field for each field of toks in encoding order, as the
// fields before it say: a group's fields when its condition holds, a
// counted field as many times as its count. It stops at field's first
// error. The decoder, the text parser and the LSC reader all walk a row
// with it.
func (d *opDecoder) walk(toks []token, field func(*token) error) error {
	for i := range toks {
		tk := &toks[i] // tokens are large: no copy per field
		if tk.k == tkGroup {
			if d.cond(tk) {
				if err := d.walk(tk.group, field); err != nil {
					return err
				}
			}
			continue
		}
		n := 1
		if tk.count != "" {
			n = tk.n
			if n < 0 {
				n = int(d.value(tk.count))
			}
		}
		for range n {
			if err := field(tk); err != nil {
				return err
			}
		}
	}
	return nil
}

func (d *opDecoder) cond(tk *token) bool {
	switch {
	case tk.cond == "":
		return true
	case tk.cname == "": // ver... or major...
		return d.t.versionCond(tk.cond)
	case tk.cbit:
		return d.value(tk.cname)>>tk.cval&1 != 0
	}
	return d.value(tk.cname) == tk.cval
}

func (d *opDecoder) field(tk *token) {
	in := d.in
	wide := d.t.ver.wide()
	switch tk.k {
	case tkExec:
		if d.need(1, "exec") {
			in.HasExec, in.Exec = true, readExec(d.u8(), in.ver)
		}
	case tkPred:
		if d.need(2, "pred") {
			in.HasPred, in.Pred = true, Pred(d.u16())
			if id := in.Pred.ID(); id != 0 && in.sym != nil && in.sym.Full && int(id) > in.sym.Preds {
				in.addDiag(dgPredOutside, "pred", uint32(id))
			}
		}
	case tkFixed:
		size := d.t.fixedSize(tk.kind)
		if !d.need(size, tk.name) {
			return
		}
		var v uint32
		switch size {
		case 1:
			v = uint32(d.u8())
		case 2:
			v = uint32(d.u16())
		default:
			v = d.u32()
		}
		if tk.name == "subop" {
			in.Sub = uint16(v)
		}
		d.add(in.param(tk.name, v, uint8(size)))
		if tk.str {
			in.checkString(tk.name, v)
		}
	case tkState:
		if !d.need(1, tk.name) {
			return
		}
		v := d.u8()
		if tk.name == "sampler" {
			d.add(in.sampler(tk.name, v))
		} else {
			d.add(in.surface(tk.name, v))
		}
	case tkLabel:
		if d.need(2, tk.name) {
			d.add(in.label(tk.name, d.u16()))
		}
	case tkRaw:
		n := 4
		if wide {
			n = 6
		}
		if d.need(n, tk.name) {
			d.add(in.rawAt(tk.name, d.b, d.pos, wide))
			d.pos += n
		}
	case tkVec, tkVecCmp:
		d.vector(tk.name, tk.k == tkVecCmp)
	}
}

// vector reads one vector operand (format doc §3.2).
func (d *opDecoder) vector(role string, cmpDst bool) {
	in := d.in
	if !d.need(1, role) {
		return
	}
	tag := d.b[d.pos]
	cls, mod := tag&7, Modifier(tag>>3&7)
	if mod > ModNot {
		in.addDiag(dgModifier, role, uint32(mod))
	}
	if cmpDst && cls != 0 {
		if !d.need(3, role) {
			return
		}
		d.pos++
		o := in.predicate(role, d.u16()&0xFFF, mod)
		d.add(o)
		return
	}
	switch cls {
	case 0:
		n := 7
		if d.t.ver.wide() {
			n = 9
		}
		if !d.need(n, role) {
			return
		}
		d.pos++
		var id uint32
		if d.t.ver.wide() {
			id = d.u32()
		} else {
			id = uint32(d.u16())
		}
		g := in.newGeneral()
		if g == nil {
			d.pos += 4
			d.add(nil)
			return
		}
		*g = General{Role: role, ID: id, Row: d.u8(), Col: d.u8(), Region: Region(d.u16()), Mod: mod}
		in.checkVar(role, id)
		if !g.Region.valid() {
			in.addDiag(dgRegion, role, uint32(g.Region))
		}
		d.add(g)
	case 1:
		if !d.need(5, role) {
			return
		}
		d.pos++
		a := in.newAddress()
		if a == nil {
			d.pos += 4
			d.add(nil)
			return
		}
		*a = Address{Role: role, ID: d.u16(), Off: d.u8(), Width: d.u8(), Mod: mod}
		if in.sym != nil && in.sym.Full && int(a.ID) >= in.sym.Addrs {
			in.addDiag(dgAddrOutside, role, uint32(a.ID))
		}
		d.add(a)
	case 2:
		if !d.need(3, role) {
			return
		}
		d.pos++
		d.add(in.predicate(role, d.u16()&0xFFF, mod))
	case 3:
		if !d.need(9, role) {
			return
		}
		d.pos++
		x := in.newIndirect()
		if x == nil {
			d.pos += 8
			d.add(nil)
			return
		}
		x.Role, x.Mod = role, mod
		x.Addr, x.AddrOff, x.ImmOff = d.u16(), d.u8(), int16(d.u16())
		ty := d.u8()
		// The high nibble carries other bits in real 3.x files (0x10
		// is common); the reader, like IGC's, keeps the low one.
		x.Type, x.Region = ty&0xF, Region(d.u16())
		if !x.Region.valid() {
			in.addDiag(dgRegion, role, uint32(x.Region))
		}
		if in.sym != nil && in.sym.Full && int(x.Addr) >= in.sym.Addrs {
			in.addDiag(dgAddrOutside, role, uint32(x.Addr))
		}
		d.add(x)
	case 5:
		if !d.need(2, role) {
			return
		}
		ty := d.b[d.pos+1]
		n := 6
		if longImm>>(ty&0xF)&1 != 0 {
			n = 10
		}
		if !d.need(n, role) {
			return
		}
		d.pos += 2
		m := in.newImmediate()
		if m == nil {
			d.pos += n - 2
			d.add(nil)
			return
		}
		var bits uint64
		if n == 10 {
			bits = binary.LittleEndian.Uint64(d.b[d.pos:])
		} else {
			bits = uint64(binary.LittleEndian.Uint32(d.b[d.pos:]))
		}
		d.pos += n - 2
		*m = Immediate{Role: role, Type: ty & 0xF, Bits: bits, Mod: mod}
		if ty > 0xF {
			in.addDiag(dgTypeCode, role, uint32(ty))
		}
		d.add(m)
	case 6:
		if !d.need(5, role) {
			return
		}
		d.pos++
		st := in.newState()
		if st == nil {
			d.pos += 4
			d.add(nil)
			return
		}
		*st = State{Role: role, Class: d.u8(), Index: d.u16(), Off: d.u8(), Mod: mod}
		switch st.Class {
		case 0:
			in.checkSurface(role, st.Index)
		case 1:
			in.checkSampler(role, st.Index)
		default:
			in.addDiag(dgStateClass, role, uint32(st.Class))
		}
		d.add(st)
	default:
		// The walk refuses classes 4 and 7, so a decode never gets here;
		// stop rather than guess a length.
		in.addDiag(dgTruncated, role, 0)
		d.bad = true
	}
}

func (in *Instruction) checkVar(role string, id uint32) {
	if c := varDiag(in.sym, id); c != dgNone {
		in.addDiag(c, role, id)
	}
}

func (in *Instruction) checkSurface(role string, idx uint16) {
	if _, ok := in.sym.Surface(uint32(idx)); in.sym != nil && idx >= NumPredefinedSurfaces && !ok {
		in.addDiag(dgSurfOutside, role, uint32(idx))
	}
}

func (in *Instruction) checkSampler(role string, idx uint16) {
	if in.sym != nil && in.sym.Full && idx != 31 && int(idx) >= in.sym.Samplers {
		in.addDiag(dgSampOutside, role, uint32(idx))
	}
}

func (in *Instruction) checkString(role string, idx uint32) {
	if _, ok := in.sym.PoolString(idx); in.sym != nil && in.sym.Full && !ok {
		in.addDiag(dgStringOutside, role, idx)
	}
}

// The constructors below take storage from in.store; they return nil when
// it is full, which only a hostile
// table could cause: Add then records dgTooMany.

// slot takes the next free element of a store array (n counts those
// taken), or nil when all are.
func slot[T any](arr []T, n *uint8) *T {
	if int(*n) >= len(arr) {
		return nil
	}
	*n++
	return &arr[*n-1]
}

// put stores v in slot, an operand new* took from the store, and returns
// it; nil when the store was full (slot is nil).
func put[T any, P interface {
	*T
	Operand
}](slot P, v T) Operand {
	if slot == nil {
		return nil
	}
	*slot = v
	return slot
}

func (in *Instruction) newGeneral() *General     { return slot(in.store.gen[:], &in.store.nv[0]) }
func (in *Instruction) newAddress() *Address     { return slot(in.store.addr[:], &in.store.nv[1]) }
func (in *Instruction) newIndirect() *Indirect   { return slot(in.store.ind[:], &in.store.nv[3]) }
func (in *Instruction) newImmediate() *Immediate { return slot(in.store.imm[:], &in.store.nv[4]) }
func (in *Instruction) newState() *State         { return slot(in.store.state[:], &in.store.nv[5]) }
func (in *Instruction) newRaw() *Raw             { return slot(in.store.raw[:], &in.store.nraw) }

func (in *Instruction) predicate(role string, id uint16, mod Modifier) Operand {
	o := put(slot(in.store.pred[:], &in.store.nv[2]), Predicate{Role: role, ID: id, Mod: mod})
	if o != nil && in.sym != nil && in.sym.Full && int(id) > in.sym.Preds {
		in.addDiag(dgPredOutside, role, uint32(id))
	}
	return o
}

func (in *Instruction) param(role string, v uint32, size uint8) Operand {
	return put(slot(in.store.param[:], &in.store.nparam), Param{Role: role, Value: v, Size: size})
}

func (in *Instruction) surface(role string, idx uint8) Operand {
	o := put(slot(in.store.surf[:], &in.store.nsurf), Surface{Role: role, Index: idx})
	if o != nil {
		in.checkSurface(role, uint16(idx))
	}
	return o
}

func (in *Instruction) sampler(role string, idx uint8) Operand {
	o := put(slot(in.store.samp[:], &in.store.nsamp), Sampler{Role: role, Index: idx})
	if o != nil {
		in.checkSampler(role, uint16(idx))
	}
	return o
}

func (in *Instruction) label(role string, idx uint16) Operand {
	o := put(slot(in.store.label[:], &in.store.nlabel), LabelRef{Role: role, Index: idx})
	if o != nil && in.sym != nil && in.sym.Full && in.sym.Label(uint32(idx)) == nil {
		in.addDiag(dgLabelOutside, role, uint32(idx))
	}
	return o
}

func (in *Instruction) rawAt(role string, b []byte, p int, wide bool) Operand {
	var r RawOperand
	readRaw(&r, b, p, wide)
	return in.raw(role, r)
}

func (in *Instruction) raw(role string, ro RawOperand) Operand {
	r := in.newRaw()
	if r == nil {
		return nil
	}
	*r = Raw{Role: role, RawOperand: ro} // whole: a slot reused after text keeps no Ambiguous
	in.checkVar(role, r.ID)
	return r
}
