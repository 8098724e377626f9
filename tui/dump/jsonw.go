package dump

import (
	"encoding/hex"
	"slices"
	"strconv"
	"unicode/utf8"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/model/flow"
)

// The JSON Lines records are written here directly: this writer is the
// schema of dump --json (the keys, their order, their values), pinned by
// the goldens (testdata/golden) and by reading every record back
// (TestJSONRecordsReadBack). Strings are escaped as encoding/json escapes
// them with HTML escaping off (FuzzAppendString).

// jsonWriter holds the buffers reused from one record to the next, and
// what is the same from one record to the next: the keys before "index"
// (the file's and body's names, escaped once per stream) and the fixed
// part of each "fields" element. One goroutine's: a parallel writer gives
// each worker its own.
type jsonWriter struct {
	scratch []byte               // an instruction's text, before it is escaped
	values  []decoder.FieldValue // an INFO's bit fields' values
	// head is `{"file":F,"kernel":K,"index":` for headFile, headKernel.
	head                 []byte
	headFile, headKernel string
	// spans holds the fixed parts of the "fields" elements of each
	// table of spans met (a few: one per INFO layout, width and LOD).
	spans []spanJSON
	// ownNames is true while the record's stream names nothing from a
	// file (a raw binary stream: no symbols, no text): every name it
	// prints is the decoder's own (V33, %null, T6, L2), printable ASCII
	// with nothing to escape, so names, operand texts and INFO texts go
	// in unscanned (TestRawStreamTextsPlain).
	ownNames bool
	// opcodes[op] holds the keys "opcode" and "mnemonic" of opcode op,
	// with the mnemonic met last.
	opcodes [256]opcodeJSON
	// ops[n] holds the fixed starts of the n-th "operands" element met
	// (an opcode's n-th operand has one kind and name, or a few).
	ops [][]opJSON
}

// piece is a record's constant text, built once per writer.
type piece []byte

// newPiece returns a piece of t (copied).
func newPiece(t []byte) piece { return slices.Clone(t) }

// appendTo appends the piece's text to b.
func (p *piece) appendTo(b []byte) []byte { return append(b, *p...) }

// opcodeJSON is `","opcode":OP,"mnemonic":M,` for an opcode and
// mnemonic (the end of "bytes"' value and the next key's comma included).
type opcodeJSON struct {
	mnemonic string
	json     piece
	set      bool
}

// opcodeKeys returns the record's keys "opcode" and "mnemonic".
func (w *jsonWriter) opcodeKeys(op uint8, mnemonic string) *piece {
	c := &w.opcodes[op]
	if c.set && c.mnemonic == mnemonic {
		return &c.json
	}
	// Another sub-op of a dispatched opcode (--all).
	b := strconv.AppendUint(append(w.scratch[:0], `","opcode":`...), uint64(op), 10)
	b = appendString(append(b, `,"mnemonic":`...), mnemonic)
	b = append(b, ',')
	c.mnemonic, c.json, c.set = mnemonic, append(c.json[:0], b...), true // rebuilt in place
	w.scratch = b
	return &c.json
}

// opJSON is an operand element's start, `{"kind":K,"name":N,"text":`,
// for its kind and name.
type opJSON struct {
	kind decoder.OperandKind
	name string
	json piece
}

// opStart returns the start of the n-th "operands" element, an operand
// of that kind and name.
func (w *jsonWriter) opStart(n int, kind decoder.OperandKind, name string) *piece {
	if n >= len(w.ops) {
		w.ops = append(w.ops, make([][]opJSON, n+1-len(w.ops))...)
	}
	ops := w.ops[n]
	for k := range ops {
		if op := &ops[k]; op.name == name && op.kind == kind {
			return &op.json
		}
	}
	// Up to maxOpStarts per place; past them (--all, many opcodes) the
	// last is rebuilt.
	var op *opJSON
	if len(ops) < maxOpStarts {
		w.ops[n] = append(ops, opJSON{})
		op = &w.ops[n][len(ops)]
	} else {
		op = &ops[len(ops)-1]
	}
	b := appendString(append(w.scratch[:0], `{"kind":`...), string(kind))
	b = appendString(append(b, `,"name":`...), name)
	b = append(b, `,"text":`...)
	op.kind, op.name, op.json = kind, name, append(op.json[:0], b...) // rebuilt in place
	w.scratch = b
	return &op.json
}

// maxOpStarts is how many operand starts a place keeps: an INFO's places
// have one or two; a body's opcodes (--all) a few more.
const maxOpStarts = 16

// spanJSON is the fixed part of each "fields" element of one table of
// spans: `{"name":N,"byte":B,"bit":b,"bits":W,"raw":`, with the comma
// before it from the second on.
type spanJSON struct {
	table *decoder.FieldSpan // the table's first span: its identity
	json  []piece
}

// spanJSON returns the fixed parts of the "fields" elements of spans.
func (w *jsonWriter) spanJSON(spans []decoder.FieldSpan) []piece {
	for k := range w.spans {
		if w.spans[k].table == &spans[0] {
			return w.spans[k].json
		}
	}
	out := make([]piece, len(spans))
	for n, sp := range spans {
		var b []byte
		if n > 0 {
			b = append(b, ',')
		}
		b = appendString(append(b, `{"name":`...), sp.Name)
		b = appendInt(append(b, `,"byte":`...), sp.Byte)
		b = appendInt(append(b, `,"bit":`...), sp.Bit)
		b = appendInt(append(b, `,"bits":`...), sp.Bits)
		out[n] = newPiece(append(b, `,"raw":`...))
	}
	w.spans = append(w.spans, spanJSON{&spans[0], out})
	return out
}

// appendRecord appends the JSON object of instruction i of s and a
// newline; in is its INFO decode or nil, dec its operands' decode; with
// sf, INFO k's data flow. An INFO record of a binary stream is written
// from in and dec alone (not s.Inst, which goes through the stream's
// one-block cache), so INFO records may be written on several goroutines
// at once, each with its own jsonWriter.
func (w *jsonWriter) appendRecord(b []byte, f *decoder.File, s *decoder.Stream, i int, in *decoder.Info, dec *decoder.Instruction, o Options, fl *flow.Flow) []byte {
	fromText := s.FromText()
	w.ownNames = s.Symbols == nil && !fromText
	if w.head == nil || w.headFile != f.Name || w.headKernel != s.Kernel {
		w.head = appendString(append(w.head[:0], `{"file":`...), f.Name)
		w.head = appendString(append(w.head, `,"kernel":`...), s.Kernel)
		w.head = append(w.head, `,"index":`...)
		w.headFile, w.headKernel = f.Name, s.Kernel
	}
	b = append(b, w.head...)
	b = appendInt(b, i)
	b = append(b, `,"offset":`...)
	var (
		code     []byte
		opcode   uint8
		mnemonic string
	)
	switch {
	case in != nil && !fromText:
		code, opcode, mnemonic = in.Bytes(), decoder.OpINFO, dec.Mnemonic // the mnemonic of Inst(i)
		b = strconv.AppendUint(b, uint64(in.Off), 10)                     // a binary's: not negative
	case fromText:
		inst := s.Inst(i)
		code, opcode, mnemonic = s.Code[inst.Off:int(inst.Off)+int(inst.Len)], inst.Op, s.InstMnemonic(i)
		b = append(b, "null"...)
	default:
		// s.InstBytes(i), s.InstMnemonic(i) and s.AbsOff(i), from one Inst(i).
		inst := s.Inst(i)
		code, opcode, mnemonic = s.Code[inst.Off:int(inst.Off)+int(inst.Len)], inst.Op, inst.Mnemonic()
		b = strconv.AppendInt(b, s.Base+int64(inst.Off), 10)
	}
	b = append(b, `,"length":`...)
	b = appendInt(b, len(code))
	b = append(b, `,"bytes":"`...)
	b = hex.AppendEncode(b, code)
	if fromText && in == nil && dec.HasOperands() {
		opcode = dec.Op // parsed from the line ("fence_global" is fence's)
	}
	b = w.opcodeKeys(opcode, mnemonic).appendTo(b)
	if in == nil {
		// An INFO record's "text" comes later, after "dst". From
		// vISA text it is the line as written: the operands' decode gives
		// only the mnemonic of a line whose operands are not parsed.
		b = append(b, `"text":`...)
		if fromText {
			b = appendString(b, s.Text[i].Text)
		} else {
			b = w.appendQuoted(b, dec.AppendText, false) // a subroutine's holds quotes
		}
		b = append(b, ',')
	}
	b = append(b, `"operands":[`...)
	for n, a := range dec.Args[:dec.N] {
		if n > 0 {
			b = append(b, ',')
		}
		b = w.appendOperand(b, dec, n, a)
	}
	b = append(b, ']')
	if dec.HasOperands() {
		b = append(b, `,"parsed":true`...)
	} else {
		b = append(b, `,"parsed":false`...)
	}
	if in == nil && dec.NumDiagnostics() > 0 {
		b = append(b, `,"diagnostics":`...)
		b = appendStrings(b, dec.Diagnostics())
	}
	if fromText {
		if line := s.Line(i); line != 0 {
			b = append(b, `,"line":`...)
			b = appendInt(b, line)
		}
		if src := s.Text[i].Text; src != "" {
			b = append(b, `,"source":`...)
			b = appendString(b, src)
		}
		b = append(b, `,"note":`...)
		b = appendString(b, TextNote)
	}
	if in != nil {
		b = w.appendInfo(b, f, s, in, o)
		if fl != nil {
			b = appendFlow(b, fl)
		}
	}
	if j := o.joinFor(f, s); j != nil {
		b = appendNative(b, j, i)
		b = appendLLVM(b, j, i)
		if in != nil {
			b = appendLowering(b, j, in)
		}
	}
	return append(b, "}\n"...)
}

// appendQuoted appends as a JSON string what text appends: written in
// place, and escaped through scratch only when it holds a byte to escape
// (a name from the file's string pool may; an instruction's text may
// hold quotes). plain: the text is known to need no escape.
func (w *jsonWriter) appendQuoted(b []byte, text func([]byte) []byte, plain bool) []byte {
	b = append(b, '"')
	start := len(b)
	b = text(b)
	if !plain && !plainBytes(b[start:]) {
		w.scratch = append(w.scratch[:0], b[start:]...)
		return appendString(b[:start-1], w.scratch)
	}
	return append(b, '"')
}

// appendInfo appends the keys only INFO records have.
func (w *jsonWriter) appendInfo(b []byte, f *decoder.File, s *decoder.Stream, in *decoder.Info, o Options) []byte {
	op := 2
	switch in.Op() {
	case decoder.OpResinfo:
		op = 0
	case decoder.OpSampleinfo:
		op = 1
	}
	l := in.Layout
	if l > decoder.LayoutSeed {
		l = decoder.LayoutAuto // prints as auto, as Layout.String does
	}
	b = infoKeys.layoutOp[l][op].appendTo(b)
	b = appendInt(b, in.ExecSize())
	b = infoKeys.mask[in.Mask&15].appendTo(b)
	b = infoKeys.channels[in.ChannelMask&15].appendTo(b)
	b = appendInt(b, int(in.Surface))
	name := in.SurfaceDecl()
	if name == "" {
		name = in.SurfaceName()
	}
	b = append(b, `,"name":`...)
	b = w.appendName(b, name)
	b = append(b, `},"lod":`...)
	if in.HasLOD {
		b = w.appendOperandRef(b, in, in.LOD)
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"dst":`...)
	b = w.appendOperandRef(b, in, in.Dst)
	b = append(b, `,"text":`...)
	if o.Syntax == "seed" {
		b = w.appendQuoted(b, in.AppendSeedText, w.ownNames)
	} else {
		b = w.appendQuoted(b, in.AppendText, w.ownNames)
	}
	b = append(b, `,"diagnostics":`...)
	if in.NumDiagnostics() == 0 {
		b = append(b, "[]"...)
	} else {
		b = appendStrings(b, in.Diagnostics())
	}
	b = append(b, `,"fields":[`...)
	spans := in.FieldSpans()
	fixed := w.spanJSON(spans)
	w.values = in.AppendFieldValues(w.values[:0])
	for n, v := range w.values {
		b = fixed[n].appendTo(b)
		b = strconv.AppendUint(b, v.Raw, 10)
		if spans[n].Named && !w.ownNames {
			b = append(b, `,"meaning":`...)
			b = appendString(b, v.Meaning)
			b = append(b, '}')
		} else {
			b = append(b, `,"meaning":"`...) // the decoder's own ASCII: nothing to escape
			b = append(b, v.Meaning...)
			b = append(b, `"}`...)
		}
	}
	b = append(b, ']')
	if o.Surfaces != nil {
		b = appendSimulation(b, f, s, in, o)
	}
	return b
}

// infoKeys holds an INFO record's keys from "layout" to the surface's
// "index", but the exec size's and index's values: from "layout" to
// "exec_size" by layout and op (resinfo, sampleinfo, other), then "mask",
// "nomask" and "lane_offset" by mask control, then "channels" to the
// surface's "index" by channel mask.
var infoKeys = func() (t struct {
	layoutOp [3][3]piece
	mask     [16]piece
	channels [16]piece
}) {
	for l := range t.layoutOp {
		for k, op := range []decoder.InfoOp{decoder.OpResinfo, decoder.OpSampleinfo, 0} {
			t.layoutOp[l][k] = newPiece([]byte(`,"layout":"` + decoder.Layout(l).String() + `","op":"` + op.String() + `","exec_size":`))
		}
	}
	for m := range t.mask {
		mc := decoder.MaskControl(m)
		t.mask[m] = newPiece([]byte(`,"mask":"` + (mc &^ 8).String() + `","nomask":` + strconv.FormatBool(mc.NoMask()) + `,"lane_offset":` + strconv.Itoa(mc.LaneOffset())))
	}
	for c := range t.channels {
		t.channels[c] = newPiece([]byte(`,"channels":"` + decoder.ChannelNames(uint8(c)) + `","surface":{"index":`))
	}
	return t
}()

// appendSimulation appends the simulated lanes' keys (with --surfaces,
// --dmask, --lod, --grf or --rules). They are rare and nested, so they go
// through encoding/json.
func appendSimulation(b []byte, f *decoder.File, s *decoder.Stream, in *decoder.Info, o Options) []byte {
	env, src := o.Surfaces.EnvFor(model.Scope{File: f.Name, Body: s.Kernel}, in)
	env.Rules = o.Rules
	res := model.Simulate(in, env)
	if r := o.Rules.String(); r != "" {
		b = appendString(append(b, `,"rules":`...), r)
	}
	if ss := src.String(); ss != "" {
		b = appendString(append(b, `,"surface_source":`...), ss)
	}
	if lanes := res.LaneRecords(); len(lanes) > 0 {
		b = appendMarshaled(append(b, `,"lanes":`...), lanes)
	}
	if dl := res.DstLayout(); dl != nil {
		b = appendMarshaled(append(b, `,"dst_layout":`...), dl)
	}
	return b
}

// appendMarshaled appends v as encoding/json writes it (HTML escaping
// off); a value that cannot be marshaled (none of ours) writes null.
func appendMarshaled(b []byte, v any) []byte {
	m, err := marshal(v)
	if err != nil {
		return append(b, "null"...)
	}
	return append(b, m...)
}

// appendFlow appends "lod_defs" and "dst_uses" of an INFO's data flow.
func appendFlow(b []byte, fl *flow.Flow) []byte {
	b = append(b, `,"lod_defs":[`...)
	for n, src := range fl.Sources {
		if n > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(src.Inst), 10)
	}
	b = append(b, `],"dst_uses":[`...)
	for n, u := range fl.Readers {
		if n > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"index":`...)
		b = strconv.AppendInt(b, int64(u.Inst), 10)
		b = append(b, `,"channels":`...)
		if u.Channels == nil {
			b = append(b, "null"...)
		} else {
			b = append(b, '[')
			for m, c := range u.Channels {
				if m > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"channel":`...)
				b = appendString(b, c.Channel)
				b = append(b, `,"lanes":`...)
				b = appendString(b, c.Lanes)
				b = append(b, '}')
			}
			b = append(b, ']')
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendName appends a variable's or surface's name as a JSON string.
func (w *jsonWriter) appendName(b []byte, name string) []byte {
	if w.ownNames {
		b = append(b, '"')
		b = append(b, name...)
		return append(b, '"')
	}
	return appendString(b, name)
}

// appendOperandRef appends the "lod" or "dst" object.
func (w *jsonWriter) appendOperandRef(b []byte, in *decoder.Info, r decoder.RawOperand) []byte {
	b = append(b, `{"id":`...)
	b = strconv.AppendUint(b, uint64(r.ID), 10)
	b = append(b, `,"offset":`...)
	b = appendInt(b, int(r.Offset))
	b = append(b, `,"name":`...)
	b = w.appendName(b, in.VarName(r.ID))
	return append(b, '}')
}

// modNames are the "modifier" values by source modifier.
var modNames = [...]string{"", "abs", "neg", "neg_abs", "sat", "not", "mod6", "mod7"}

// appendOperand appends the n-th element of "operands", a: "kind", "name"
// (its field in the opcode table), "text" (as Intel prints it), then the
// keys of its kind, in this order: "id" (general, raw, address, predicate,
// indirect's address; surface, sampler, label, state: index), "var"
// (general, raw: the variable's name), "row", "col" (general), "region"
// (general, indirect), "modifier" (vector operands), "type" (immediate,
// indirect), "value" (immediate's bits, field), "offset" (raw, address,
// state, indirect), "ambiguous" (general, raw read from text whose name
// is declared more than once).
func (w *jsonWriter) appendOperand(b []byte, in *decoder.Instruction, n int, a decoder.Operand) []byte {
	// The optional keys; -1 stands for absent.
	var (
		id, row, col, off int64 = -1, -1, -1, -1
		hasOff, hasValue  bool
		value             uint64
		vname, typ        string
		region            decoder.Region
		hasRegion         bool
		mod               = -1
		kind              decoder.OperandKind
		role              string
		ambiguous         bool
		// known: the text is a number or a name of the decoder's own
		// tables (a field's value, T6, %slm, S0), with nothing to escape
		// (TestOperandTextsPlain); other kinds may print the file's names.
		known bool
	)
	// Kind and Name through the concrete type: calls the compiler inlines.
	switch o := a.(type) {
	case *decoder.General:
		kind, role = o.Kind(), o.Name()
		id, vname, row, col, region, hasRegion, mod = int64(o.ID), in.VarName(o.ID), int64(o.Row), int64(o.Col), o.Region, true, int(o.Mod&7)
		ambiguous = o.Ambiguous
	case *decoder.Raw:
		kind, role = o.Kind(), o.Name()
		id, vname, off, hasOff = int64(o.ID), in.VarName(o.ID), int64(o.Offset), true
		ambiguous = o.Ambiguous
	case *decoder.Address:
		kind, role = o.Kind(), o.Name()
		id, off, hasOff, mod = int64(o.ID), int64(o.Off), true, int(o.Mod&7)
	case *decoder.Predicate:
		kind, role = o.Kind(), o.Name()
		id, mod = int64(o.ID), int(o.Mod&7)
	case *decoder.Indirect:
		kind, role = o.Kind(), o.Name()
		id, off, hasOff, region, hasRegion, typ, mod = int64(o.Addr), int64(o.ImmOff), true, o.Region, true, decoder.TypeName(o.Type), int(o.Mod&7)
	case *decoder.Immediate:
		kind, role = o.Kind(), o.Name()
		typ, value, hasValue, mod = decoder.TypeName(o.Type), o.Bits, true, int(o.Mod&7)
	case *decoder.State:
		kind, role = o.Kind(), o.Name()
		id, off, hasOff, mod = int64(o.Index), int64(o.Off), true, int(o.Mod&7)
	case *decoder.Surface:
		kind, role, known = o.Kind(), o.Name(), true
		id = int64(o.Index)
	case *decoder.Sampler:
		kind, role, known = o.Kind(), o.Name(), true
		id = int64(o.Index)
	case *decoder.LabelRef:
		kind, role = o.Kind(), o.Name()
		id = int64(o.Index)
	case *decoder.Param:
		kind, role, known = o.Kind(), o.Name(), true
		value, hasValue = uint64(o.Value), true
	default:
		kind, role = a.Kind(), a.Name()
	}
	b = w.opStart(n, kind, role).appendTo(b)
	// The text without the space Intel prints before an operand.
	b = append(b, '"')
	start := len(b)
	b = in.AppendOperandText(b, a)
	if len(b) > start && b[start] == ' ' {
		b = append(b[:start], b[start+1:]...)
	}
	if !known && !w.ownNames && !plainBytes(b[start:]) {
		w.scratch = append(w.scratch[:0], b[start:]...)
		b = appendString(b[:start-1], w.scratch)
	} else {
		b = append(b, '"')
	}
	if id >= 0 {
		b = strconv.AppendUint(append(b, `,"id":`...), uint64(id), 10)
	}
	if vname != "" {
		b = w.appendName(append(b, `,"var":`...), vname)
	}
	if row >= 0 {
		b = strconv.AppendUint(append(b, `,"row":`...), uint64(row), 10)
	}
	if col >= 0 {
		b = strconv.AppendUint(append(b, `,"col":`...), uint64(col), 10)
	}
	if hasRegion {
		w.scratch = region.AppendText(w.scratch[:0])
		if len(w.scratch) > 0 {
			b = appendString(append(b, `,"region":`...), w.scratch)
		}
	}
	if mod >= 0 && modNames[mod] != "" {
		b = appendString(append(b, `,"modifier":`...), modNames[mod])
	}
	if typ != "" {
		b = appendString(append(b, `,"type":`...), typ)
	}
	if hasValue {
		b = strconv.AppendUint(append(b, `,"value":`...), value, 10)
	}
	if hasOff {
		b = append(b, `,"offset":`...)
		if off >= 0 {
			b = strconv.AppendUint(b, uint64(off), 10)
		} else {
			b = strconv.AppendInt(b, off, 10)
		}
	}
	if ambiguous {
		b = append(b, `,"ambiguous":true`...)
	}
	return append(b, '}')
}

// appendInt appends v >= 0 in decimal.
func appendInt(b []byte, v int) []byte { return strconv.AppendUint(b, uint64(v), 10) }

// appendStrings appends a JSON array of strings.
func appendStrings(b []byte, ss []string) []byte {
	b = append(b, '[')
	for n, s := range ss {
		if n > 0 {
			b = append(b, ',')
		}
		b = appendString(b, s)
	}
	return append(b, ']')
}

// plainBytes reports whether s holds only plain bytes: nothing to escape.
func plainBytes(s []byte) bool {
	n := len(s)
	if n < 8 {
		return !special8(loadShort(s))
	}
	for i := 0; i+8 <= n; i += 8 {
		if special8(load8(s, i)) {
			return false
		}
	}
	return !special8(load8(s, n-8)) // the last word, overlapping
}

// plain marks the bytes a JSON string holds as they are: printable ASCII
// but '"' and '\\'.
var plain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// load8 returns s[i:i+8] as a little-endian word.
func load8[T string | []byte](s T, i int) uint64 {
	_ = s[i+7]
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}

// special8 reports whether any byte of x is not plain: below 0x20, '"',
// '\\' or from 0x80 (the usual test for a zero byte, (v-1) &^ v & 0x80,
// applied to each).
func special8(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	quote, backslash := x^(ones*'"'), x^(ones*'\\')
	return ((x-ones*0x20)&^x|(quote-ones)&^quote|(backslash-ones)&^backslash|x)&highs != 0
}

// appendString appends s as a JSON string the way encoding/json writes it
// with HTML escaping off: '"' and '\\' escaped, \b \f \n \r \t by name,
// other control bytes as \u00XX, each byte of invalid UTF-8 as \ufffd,
// and U+2028 and U+2029 escaped (they end a line in JavaScript).
func appendString[T string | []byte](b []byte, s T) []byte {
	// Most strings have nothing to escape: eight bytes at a time, the
	// last word (or the only, padded) overlapping the one before.
	n, i := len(s), 0
	for i+8 <= n && !special8(load8(s, i)) {
		i += 8
	}
	switch {
	case i == n:
	case n >= 8 && i+8 > n:
		if !special8(load8(s, n-8)) {
			i = n
		}
	case n < 8:
		if !special8(loadShort(s)) {
			i = n
		}
	}
	if i == n {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	return appendEscaped(append(b, '"'), s, i)
}

// loadShort returns s (fewer than 8 bytes) as a word in which every
// byte is one of s's, or plain ('a') where s has none: two overlapping
// loads of 4 or 2 bytes, or one byte.
func loadShort[T string | []byte](s T) uint64 {
	const pad = 0x6161616161616161
	switch n := len(s); {
	case n >= 4:
		lo := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24
		hi := uint64(s[n-4]) | uint64(s[n-3])<<8 | uint64(s[n-2])<<16 | uint64(s[n-1])<<24
		return lo | hi<<32
	case n >= 2:
		lo := uint64(s[0]) | uint64(s[1])<<8
		hi := uint64(s[n-2]) | uint64(s[n-1])<<8
		return lo | hi<<16 | pad&^0xFFFFFFFF
	case n == 1:
		return uint64(s[0]) | pad&^0xFF
	}
	return pad
}

// appendEscaped appends s, whose bytes before i are plain, escaped, and
// the closing quote.
func appendEscaped[T string | []byte](b []byte, s T, i int) []byte {
	const hexDigits = "0123456789abcdef"
	start := 0
	for i < len(s) {
		// Eight plain bytes at a time: most strings have nothing to escape.
		for i+8 <= len(s) && !special8(load8(s, i)) {
			i += 8
		}
		if i == len(s) {
			break
		}
		c := s[i]
		if plain[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, `\b`...)
			case '\f':
				b = append(b, `\f`...)
			case '\n':
				b = append(b, `\n`...)
			case '\r':
				b = append(b, `\r`...)
			case '\t':
				b = append(b, `\t`...)
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		// A rune is at most 4 bytes: converting them alone keeps the
		// conversion of a []byte off the heap.
		r, size := utf8.DecodeRuneInString(string(s[i:min(len(s), i+utf8.UTFMax)]))
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, `\u202`...)
			b = append(b, hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
