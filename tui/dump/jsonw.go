package dump

import (
	"encoding/hex"
	"strconv"
	"unicode/utf8"

	"infoscope/decoder"
	"infoscope/model"
)

// The JSON Lines records are written here directly, byte for byte what
// encoding/json (HTML escaping off) writes for the Record NewRecord
// builds: TestJSONWriterMatchesRecord holds the two together on every
// kind of input. Going through Record cost ~11 us a record (reflection,
// then the encoder re-scanning what Record.MarshalJSON returned); this
// costs about as much as the text line.

// jsonWriter holds the buffers reused from one record to the next.
type jsonWriter struct {
	scratch []byte          // an instruction's text, before it is escaped
	fields  []decoder.Field // an INFO's bit fields
}

// appendRecord appends the JSON object of instruction i of s and a
// newline; in is its INFO decode or nil, dec its operands' decode; with
// sf, INFO k's data flow.
func (w *jsonWriter) appendRecord(b []byte, f *decoder.File, s *decoder.Stream, i int, in *decoder.Info, dec *decoder.Instruction, o Options, sf *model.StreamFlow, k int) []byte {
	inst := s.Inst(i)
	fromText := s.FromText()
	b = append(b, `{"file":`...)
	b = appendString(b, f.Name)
	b = append(b, `,"kernel":`...)
	b = appendString(b, s.Kernel)
	b = append(b, `,"index":`...)
	b = strconv.AppendInt(b, int64(i), 10)
	b = append(b, `,"offset":`...)
	if fromText {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, s.Base+int64(inst.Off), 10) // s.AbsOff(i), without a second Inst(i)
	}
	b = append(b, `,"length":`...)
	b = strconv.AppendInt(b, int64(inst.Len), 10)
	b = append(b, `,"bytes":"`...)
	b = hex.AppendEncode(b, s.Code[inst.Off:int(inst.Off)+int(inst.Len)]) // s.InstBytes(i)
	opcode := inst.Op
	if fromText && in == nil && dec.HasOperands() {
		opcode = dec.Op // parsed from the line ("fence_global" is fence's)
	}
	b = append(b, `","opcode":`...)
	b = strconv.AppendUint(b, uint64(opcode), 10)
	b = append(b, `,"mnemonic":`...)
	if fromText {
		b = appendString(b, s.InstMnemonic(i))
	} else {
		b = appendString(b, inst.Mnemonic()) // s.InstMnemonic(i)
	}
	if in == nil {
		// An INFO record's "text" comes later, in Record's place.
		// For vISA text this is what the operands' decode prints (the
		// mnemonic when the line's operands are not parsed), as the Record
		// path wrote it; "source" holds the line as written.
		b = append(b, `,"text":`...)
		w.scratch = dec.AppendText(w.scratch[:0])
		b = appendString(b, w.scratch)
	}
	b = append(b, `,"operands":[`...)
	for n, a := range dec.Args[:dec.N] {
		if n > 0 {
			b = append(b, ',')
		}
		b = w.appendOperand(b, dec, a)
	}
	b = append(b, ']')
	if in == nil && dec.NumDiagnostics() > 0 {
		b = append(b, `,"diagnostics":`...)
		b = appendStrings(b, dec.Diagnostics())
	}
	if fromText {
		if line := s.Line(i); line != 0 {
			b = append(b, `,"line":`...)
			b = strconv.AppendInt(b, int64(line), 10)
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
		if sf != nil {
			b = appendFlow(b, sf, k)
		}
	}
	return append(b, "}\n"...)
}

// appendInfo appends the keys only INFO records have.
func (w *jsonWriter) appendInfo(b []byte, f *decoder.File, s *decoder.Stream, in *decoder.Info, o Options) []byte {
	b = append(b, `,"layout":`...)
	b = appendConst(b, in.Layout.String())
	b = append(b, `,"op":`...)
	b = appendConst(b, in.Op().String())
	b = append(b, `,"exec_size":`...)
	b = strconv.AppendInt(b, int64(in.ExecSize()), 10)
	b = append(b, `,"mask":`...)
	b = appendConst(b, (in.Mask &^ 8).String())
	b = append(b, `,"nomask":`...)
	b = strconv.AppendBool(b, in.Mask.NoMask())
	b = append(b, `,"lane_offset":`...)
	b = strconv.AppendInt(b, int64(in.Mask.LaneOffset()), 10)
	b = append(b, `,"channels":`...)
	b = appendConst(b, in.Channels())
	name := in.SurfaceDecl()
	if name == "" {
		name = in.SurfaceName()
	}
	b = append(b, `,"surface":{"index":`...)
	b = strconv.AppendUint(b, uint64(in.Surface), 10)
	b = append(b, `,"name":`...)
	b = appendString(b, name)
	b = append(b, `},"lod":`...)
	if in.HasLOD {
		b = appendOperandRef(b, in, in.LOD)
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"dst":`...)
	b = appendOperandRef(b, in, in.Dst)
	b = append(b, `,"text":`...)
	if o.Syntax == "seed" {
		w.scratch = in.AppendSeedText(w.scratch[:0])
	} else {
		w.scratch = in.AppendText(w.scratch[:0])
	}
	b = appendString(b, w.scratch)
	b = append(b, `,"diagnostics":`...)
	if in.NumDiagnostics() == 0 {
		b = append(b, "[]"...)
	} else {
		b = appendStrings(b, in.Diagnostics())
	}
	b = append(b, `,"fields":[`...)
	w.fields = in.AppendFields(w.fields[:0])
	for n, fl := range w.fields {
		if n > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = appendConst(b, fl.Name)
		b = append(b, `,"byte":`...)
		b = strconv.AppendInt(b, int64(fl.Byte), 10)
		b = append(b, `,"bit":`...)
		b = strconv.AppendInt(b, int64(fl.Bit), 10)
		b = append(b, `,"bits":`...)
		b = strconv.AppendInt(b, int64(fl.Bits), 10)
		b = append(b, `,"raw":`...)
		b = strconv.AppendUint(b, fl.Raw, 10)
		b = append(b, `,"meaning":`...)
		b = appendString(b, fl.Meaning)
		b = append(b, '}')
	}
	b = append(b, ']')
	if o.Surfaces != nil {
		b = appendSimulation(b, f, s, in, o)
	}
	return b
}

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

// appendFlow appends "lod_defs" and "dst_uses" of INFO k.
func appendFlow(b []byte, sf *model.StreamFlow, k int) []byte {
	fl := sf.Info(k)
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

// appendOperandRef appends the "lod" or "dst" object.
func appendOperandRef(b []byte, in *decoder.Info, r decoder.RawOperand) []byte {
	b = append(b, `{"id":`...)
	b = strconv.AppendUint(b, uint64(r.ID), 10)
	b = append(b, `,"offset":`...)
	b = strconv.AppendUint(b, uint64(r.Offset), 10)
	b = append(b, `,"name":`...)
	b = appendString(b, in.VarName(r.ID))
	return append(b, '}')
}

// appendOperand appends one element of "operands", with the keys
// OperandRecord gives its kind.
func (w *jsonWriter) appendOperand(b []byte, in *decoder.Instruction, a decoder.Operand) []byte {
	b = append(b, `{"kind":`...)
	b = appendConst(b, string(a.Kind()))
	b = append(b, `,"name":`...)
	b = appendString(b, a.Name())
	w.scratch = in.AppendOperandText(w.scratch[:0], a)
	t := w.scratch
	if len(t) > 0 && t[0] == ' ' {
		t = t[1:]
	}
	b = append(b, `,"text":`...)
	b = appendString(b, t)
	// The optional keys, in OperandRecord's order; -1 stands for absent.
	var (
		id, row, col, off int64 = -1, -1, -1, -1
		hasOff, hasValue  bool
		value             uint64
		vname, typ        string
		region            decoder.Region
		hasRegion         bool
		mod               = -1
	)
	switch o := a.(type) {
	case *decoder.General:
		id, vname, row, col, region, hasRegion, mod = int64(o.ID), in.VarName(o.ID), int64(o.Row), int64(o.Col), o.Region, true, int(o.Mod&7)
	case *decoder.Raw:
		id, vname, off, hasOff = int64(o.ID), in.VarName(o.ID), int64(o.Offset), true
	case *decoder.Address:
		id, off, hasOff, mod = int64(o.ID), int64(o.Off), true, int(o.Mod&7)
	case *decoder.Predicate:
		id, mod = int64(o.ID), int(o.Mod&7)
	case *decoder.Indirect:
		id, off, hasOff, region, hasRegion, typ, mod = int64(o.Addr), int64(o.ImmOff), true, o.Region, true, decoder.TypeName(o.Type), int(o.Mod&7)
	case *decoder.Immediate:
		typ, value, hasValue, mod = decoder.TypeName(o.Type), o.Bits, true, int(o.Mod&7)
	case *decoder.State:
		id, off, hasOff, mod = int64(o.Index), int64(o.Off), true, int(o.Mod&7)
	case *decoder.Surface:
		id = int64(o.Index)
	case *decoder.Sampler:
		id = int64(o.Index)
	case *decoder.LabelRef:
		id = int64(o.Index)
	case *decoder.Param:
		value, hasValue = uint64(o.Value), true
	}
	if id >= 0 {
		b = strconv.AppendInt(append(b, `,"id":`...), id, 10)
	}
	if vname != "" {
		b = appendString(append(b, `,"var":`...), vname)
	}
	if row >= 0 {
		b = strconv.AppendInt(append(b, `,"row":`...), row, 10)
	}
	if col >= 0 {
		b = strconv.AppendInt(append(b, `,"col":`...), col, 10)
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
		b = strconv.AppendInt(append(b, `,"offset":`...), off, 10)
	}
	return append(b, '}')
}

// appendConst appends a string of the decoder's own tables (a field's,
// layout's, mask's or operand kind's name): printable ASCII with nothing
// to escape, which TestJSONWriterMatchesRecord would show otherwise.
func appendConst(b []byte, s string) []byte {
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

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
	const hexDigits = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
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
