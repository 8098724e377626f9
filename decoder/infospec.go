package decoder

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// INFO's byte layout, written once. Each INFO form (IGC's or the seed's
// layout, with or without the LOD operand, 16- or 32-bit ids) is a list of
// bit fields built by infoSpec; the walk's lengths (infoLen), the decoding
// of an Info and of an Instruction, the field spans (FieldSpans, the Bits
// panel, dump --json), the field values and the encoder (EncodeInfo) all
// read that list. The opcode table's INFO row says the same of the IGC
// layout in the table's terms (its template is the text the parser reads;
// Info.AppendText prints it); TestIGCInfoDecode holds the two together.

// infoPart says which value of an Info a field holds bits of.
type infoPart uint8

const (
	ipOpcode   infoPart = iota // the opcode byte, 0x70
	ipSubOp                    // Info.SubOp (the whole sub-op byte)
	ipExec                     // Info.ExecCode (the exec byte's low nibble)
	ipMask                     // the emask nibble (Info.Mask)
	ipChannels                 // Info.ChannelMask
	ipChanHigh                 // the channel-mask byte's reserved high nibble
	ipSurface                  // Info.Surface
	ipLODID                    // Info.LOD.ID
	ipLODOff                   // Info.LOD.Offset
	ipDstID                    // Info.Dst.ID
	ipDstOff                   // Info.Dst.Offset
)

// infoField is one field of an INFO form: where it lies, and which bits
// of which Info value it holds (bits shift.. of part).
type infoField struct {
	part  infoPart
	shift uint8
}

// infoForm is one INFO form: its fields in encoding order (spans[k] is
// where fields[k] lies) and its length in bytes.
type infoForm struct {
	spans  []FieldSpan
	fields []infoField
	len    int
}

// infoSpec builds the form of the given layout (seed: the user's INFO spec,
// no channel-mask byte; else IGC's writer, format doc §5.1, §5.2), id width
// (wide: 32-bit ids, version 3.4 on) and LOD presence, one field after the
// other from bit 0 of the opcode byte.
func infoSpec(seed, wide, lod bool) infoForm {
	var f infoForm
	bit := 0
	field := func(name string, part infoPart, shift uint8, n int) {
		named := part == ipSurface || part == ipLODID || part == ipDstID
		f.spans = append(f.spans, FieldSpan{Name: name, Byte: bit / 8, Bit: bit % 8, Bits: n, Named: named})
		f.fields = append(f.fields, infoField{part, shift})
		bit += n
	}
	field("opcode", ipOpcode, 0, 8)
	if seed {
		field("op", ipSubOp, 0, 5)
		field("reserved", ipSubOp, 5, 3)
		field("exec_size", ipExec, 0, 3)
		field("reserved", ipExec, 3, 1)
		field("mask_control", ipMask, 0, 4)
	} else {
		field("sub_op", ipSubOp, 0, 8)
		field("exec_size", ipExec, 0, 4)
		field("mask_control", ipMask, 0, 4)
		field("channel_mask", ipChannels, 0, 4)
		field("reserved", ipChanHigh, 0, 4)
	}
	field("surface", ipSurface, 0, 8)
	idBits := 16
	if wide {
		idBits = 32
	}
	if lod {
		field("lod.id", ipLODID, 0, idBits)
		field("lod.offset", ipLODOff, 0, 16)
	}
	field("dst.id", ipDstID, 0, idBits)
	field("dst.offset", ipDstOff, 0, 16)
	f.len = bit / 8
	return f
}

// infoForms holds every form, by layout (1: seed), width (2: 32-bit ids)
// and LOD (4).
var infoForms = func() (t [8]infoForm) {
	for k := range t {
		t[k] = infoSpec(k&1 != 0, k&2 != 0, k&4 != 0)
	}
	return t
}()

// formOf returns the form of an INFO in layout (IGC unless LayoutSeed).
func formOf(layout Layout, wide, lod bool) *infoForm {
	k := 0
	if layout == LayoutSeed {
		k = 1
	}
	if wide {
		k |= 2
	}
	if lod {
		k |= 4
	}
	return &infoForms[k]
}

// infoHasLOD reports whether an INFO whose sub-op byte is sub has the LOD
// operand: a RESINFO's, the seed layout reading the sub-op's low 5 bits.
func infoHasLOD(sub uint8, layout Layout) bool {
	if layout == LayoutSeed {
		sub &= 0x1F
	}
	return sub == uint8(OpResinfo)
}

// infoLen returns the length of an INFO instruction whose sub-op byte is sub.
func infoLen(sub uint8, layout Layout, v Version) int {
	return formOf(layout, v.wide(), infoHasLOD(sub, layout)).len
}

// get returns the value of the field at sp in b (multi-byte fields are
// little-endian; none is wider than 32 bits).
func (sp *FieldSpan) get(b []byte) uint32 {
	if sp.Bits == 32 {
		return binary.LittleEndian.Uint32(b[sp.Byte:])
	}
	if sp.Bits == 16 {
		return uint32(binary.LittleEndian.Uint16(b[sp.Byte:]))
	}
	return uint32(b[sp.Byte]) >> sp.Bit & (1<<sp.Bits - 1)
}

// put writes v's low Bits bits as the field at sp in b.
func (sp *FieldSpan) put(b []byte, v uint32) {
	switch sp.Bits {
	case 32:
		binary.LittleEndian.PutUint32(b[sp.Byte:], v)
	case 16:
		binary.LittleEndian.PutUint16(b[sp.Byte:], uint16(v))
	default:
		m := uint8(1<<sp.Bits-1) << sp.Bit
		b[sp.Byte] = b[sp.Byte]&^m | uint8(v)<<sp.Bit&m
	}
}

// decodeInfo decodes the INFO instruction b (at least its bytes, at index
// pos of s.Code) into in, field by field as its form lists them. Every
// field of in is written (LOD zeroed when there is none).
func decodeInfo(in *Info, s *Stream, inst int, b []byte, pos int, layout Layout, v Version) {
	lod := infoHasLOD(b[1], layout)
	f := formOf(layout, v.wide(), lod)
	in.s, in.sym = s, s.Symbols
	in.Inst, in.Off = inst, s.Base+int64(pos)
	in.Layout, in.Version, in.HasLOD = layout, v, lod
	in.SubOp, in.ExecCode, in.ChannelMask, in.chanHigh, in.Surface = 0, 0, 0xF, 0, 0
	in.LOD, in.Dst = RawOperand{}, RawOperand{}
	for k := range f.fields {
		sp, fd := &f.spans[k], f.fields[k]
		x := sp.get(b)
		switch fd.part {
		case ipSubOp:
			in.SubOp |= uint8(x) << fd.shift
		case ipExec:
			in.ExecCode |= uint8(x) << fd.shift
		case ipMask:
			in.emask, in.Mask = uint8(x), maskFromNibble(uint8(x), v)
		case ipChannels:
			in.ChannelMask = uint8(x)
		case ipChanHigh:
			in.chanHigh = uint8(x)
		case ipSurface:
			in.Surface = uint8(x)
		case ipLODID:
			in.LOD.ID = x
		case ipLODOff:
			in.LOD.Offset = uint16(x)
		case ipDstID:
			in.Dst.ID = x
		case ipDstOff:
			in.Dst.Offset = uint16(x)
		}
	}
}

// infoPartValue returns the value of in that part holds, as EncodeInfo
// writes it.
func (in *Info) partValue(part infoPart) uint32 {
	switch part {
	case ipOpcode:
		return OpINFO
	case ipSubOp:
		return uint32(in.SubOp)
	case ipExec:
		return uint32(in.ExecCode)
	case ipMask:
		return uint32(in.Mask)
	case ipChannels:
		return uint32(in.ChannelMask)
	case ipSurface:
		return uint32(in.Surface)
	case ipLODID:
		return in.LOD.ID
	case ipLODOff:
		return uint32(in.LOD.Offset)
	case ipDstID:
		return in.Dst.ID
	case ipDstOff:
		return uint32(in.Dst.Offset)
	}
	return 0 // reserved bits are written as 0
}

// encode writes in's values into a new INFO of form f.
func (f *infoForm) encode(in *Info) []byte {
	out := make([]byte, f.len)
	for k := range f.fields {
		f.spans[k].put(out, in.partValue(f.fields[k].part)>>f.fields[k].shift)
	}
	return out
}

// decodeInfoInst fills an INFO instruction's operands from b (exactly its
// bytes): the record decodeInfo reads from its form, as the operands of
// the opcode table's row: subop, chmask (the whole channel byte; 0xF, of
// size 0, in the seed layout, which has none), surface, [lod,] dst, and
// the exec byte.
func (in *Instruction) decodeInfoInst(s *Stream, b []byte, layout Layout) {
	var f Info
	decodeInfo(&f, s, 0, b, 0, layout, s.Version)
	in.Sub, in.HasExec, in.Exec = uint16(f.SubOp), true, f.exec()
	in.Add(in.param("subop", uint32(f.SubOp), 1))
	if layout == LayoutSeed {
		in.Add(in.param("chmask", 0xF, 0))
	} else {
		in.Add(in.param("chmask", uint32(f.chanHigh<<4|f.ChannelMask), 1))
	}
	in.Add(in.surface("surface", f.Surface))
	if f.HasLOD {
		in.Add(in.raw("lod", f.LOD))
	}
	in.Add(in.raw("dst", f.Dst))
	in.consumed = len(b)
}

// info returns the INFO instruction in as an Info (named from in's
// symbols, without a stream: no bytes, no diagnostics), the view its text is printed from and its
// bytes encoded from: the operands decodeInfoInst or the parser gave it.
// A channel mask of size 0 is the seed layout's, which has no such byte.
func (in *Instruction) info() Info {
	f := Info{sym: in.sym, Layout: LayoutIGC, Version: in.ver, SubOp: uint8(in.Sub), ExecCode: in.Exec.SizeCode(), Mask: in.Exec.Mask()}
	for _, o := range in.Args[:in.N] {
		switch o := o.(type) {
		case *Param:
			if o.Role == "chmask" {
				f.ChannelMask = uint8(o.Value)
				if o.Size == 0 {
					f.Layout = LayoutSeed
				}
			}
		case *Surface:
			f.Surface = o.Index
		case *Raw:
			if o.Role == "lod" {
				f.LOD, f.HasLOD = o.RawOperand, true
			} else {
				f.Dst = o.RawOperand
			}
		}
	}
	return f
}

func readRaw(r *RawOperand, b []byte, p int, wide bool) {
	if wide {
		r.ID = binary.LittleEndian.Uint32(b[p:])
		p += 4
	} else {
		r.ID = uint32(binary.LittleEndian.Uint16(b[p:]))
		p += 2
	}
	r.Offset = binary.LittleEndian.Uint16(b[p:])
}

// info3d parses INFO's "resinfo.RGBA" or "sampleinfo.R": the sub-op and
// the channel mask, printed as one word (Info.AppendText). An unknown
// sub-op prints without its channels ("info_0x2a"), which the text then
// does not give: it is not parsed.
func (p *textParser) info3d(part tmplPart, fi fieldInfo) error {
	r := p.rest()
	for _, op := range [...]InfoOp{OpResinfo, OpSampleinfo} {
		name := op.String() + "."
		if !strings.HasPrefix(r, name) {
			continue
		}
		ch, _, _ := strings.Cut(r[len(name):], " ")
		m := slices.Index(channelNames[:], ch)
		if m < 0 {
			p.pos += len(name)
			return p.fail("a channel suffix R, G, B, A in that order (e.g. RGBA, RA) or 0000")
		}
		p.pos += len(name) + len(ch)
		p.in.Sub = uint16(op)
		p.in.Mnemonic = infoMnemonics()[op]
		if err := p.add(part.name, p.in.param(part.name, uint32(op), uint8(fi.size))); err != nil {
			return err
		}
		return p.add("chmask", p.in.param("chmask", uint32(m), 1))
	}
	return p.fail("resinfo or sampleinfo and a channel suffix")
}

// holds reports whether a group's condition on an earlier field holds for
// the values parsed so far; true when that field is not parsed yet.
func (p *textParser) holds(g *token) bool {
	prm, ok := p.find(g.cname).(*Param)
	if !ok {
		return true
	}
	if g.cbit {
		return prm.Value>>g.cval&1 != 0
	}
	return prm.Value == g.cval
}

// LineError is where a line of vISA text parts from its opcode row's
// template: Col is 1-based in the line as written.
type LineError struct {
	Col             int
	Expected, Found string
}

func (e *LineError) Error() string {
	return fmt.Sprintf("column %d: expected %s, found %q", e.Col, e.Expected, e.Found)
}

// AmbiguousError says an INFO operand names a variable declared more than
// once where it is used: ID is the first declaration's, so the INFO's
// bytes are not known from the text.
type AmbiguousError struct{ ID uint32 }

func (e *AmbiguousError) Error() string { return fmt.Sprintf("variable id %d is ambiguous", e.ID) }

// EncodeInfoLine parses into in (scratch, reused: an Instruction is a few
// kilobytes) the INFO line text (resinfo / sampleinfo, without
// indentation and comment) of a body read from text, on line, through the
// one template parser (as Stream.Decode parses every line), its names
// printed back from sym, and encodes it
// in the igc layout of version v (EncodeInfo). A line that does not parse
// is a *LineError, an ambiguous operand an *AmbiguousError, a value v
// cannot encode an *EncodeError.
func (in *Instruction) EncodeInfoLine(text string, v Version, names TextNames, sym *Symbols, line int32) ([]byte, error) {
	in.reset()
	in.sym = sym
	canon, err := parseCanonical(text, v, names, line, in.parseInfo)
	if err == errNoInfoRow {
		return nil, &LineError{Col: 1, Expected: "resinfo or sampleinfo", Found: text}
	}
	if err != nil {
		var pe *parseError
		if !errors.As(err, &pe) {
			// It parsed, but prints otherwise (a declared variable
			// named by its id): nothing is guessed.
			return nil, &LineError{Col: 1, Expected: "a line that prints back as written (this one " + err.Error() + ")", Found: text}
		}
		col := min(originalCol(text, canon, pe.col), len(text)+1)
		return nil, &LineError{Col: col, Expected: pe.what, Found: text[col-1:]}
	}
	for _, o := range in.Args[:in.N] {
		if r, ok := o.(*Raw); ok && r.Ambiguous {
			return nil, &AmbiguousError{ID: r.ID}
		}
	}
	f := in.info()
	return EncodeInfo(&f, LayoutIGC, v)
}

// errNoInfoRow says no INFO row of the opcode table prints as a line.
var errNoInfoRow = errors.New("no INFO row")

// parseInfo parses text with INFO's row alone ("resinfo" also names a
// sample_3d sub-op), as parseText does with every row.
func (in *Instruction) parseInfo(text string, v Version, names TextNames, line int32, loose bool) error {
	t := tableFor(v.BestEffort())
	for _, p := range textCandidates(t, text) {
		if p.row.op == OpINFO {
			_, err := in.parseRow(p, t, v, text, names, line, loose)
			return err
		}
	}
	return errNoInfoRow
}

// originalCol maps col (1-based) in canon, the canonical form of text, back
// to text: exact before the first rewritten name and after the last one,
// the first rewritten byte between them.
func originalCol(text, canon string, col int) int {
	pre := 0
	for pre < len(text) && pre < len(canon) && text[pre] == canon[pre] {
		pre++
	}
	if col-1 <= pre {
		return col
	}
	suf := 0
	for suf < len(text)-pre && suf < len(canon)-pre && text[len(text)-1-suf] == canon[len(canon)-1-suf] {
		suf++
	}
	if col-1 >= len(canon)-suf {
		return col - len(canon) + len(text)
	}
	return pre + 1
}
