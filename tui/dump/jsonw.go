package dump

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
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

// jsonWriter holds the buffers reused from one record to the next (and
// from file to file: one per worker of dumpFiles).
type jsonWriter struct {
	scratch              []byte // a text before it is escaped
	head                 []byte // a record's start for headFile and headKernel
	headFile, headKernel string
	enc                  *json.Encoder // marshal's, writing to encoded
	encoded              bytes.Buffer
}

// appendRecord appends the JSON object of instruction i of s and a
// newline; in is its INFO decode or nil, dec its operands' decode; with
// fl, the INFO's data flow. An INFO record of a binary stream is written
// from in and dec alone (not s.Inst, which walks the stream's block).
func (w *jsonWriter) appendRecord(b []byte, f *decoder.File, s *decoder.Stream, i int, in *decoder.Info, dec *decoder.Instruction, o Options, fl *flow.Flow) []byte {
	fromText := s.FromText()
	// The file and kernel, the same for every record of a stream, are
	// escaped once a stream (dump --json --all of a corpus: 3% of its CPU).
	if w.head == nil || w.headFile != f.Name || w.headKernel != s.Kernel {
		w.head = appendString(append(w.head[:0], `{"file":`...), f.Name)
		w.head = appendString(append(w.head, `,"kernel":`...), s.Kernel)
		w.headFile, w.headKernel = f.Name, s.Kernel
	}
	b = appendInt(append(append(b, w.head...), `,"index":`...), i)
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
	b = appendInt(append(b, `,"length":`...), len(code))
	b = append(b, `,"bytes":"`...)
	b = hex.AppendEncode(b, code)
	if fromText && in == nil && dec.HasOperands() {
		opcode = dec.Op // parsed from the line ("fence_global" is fence's)
	}
	b = decoder.AppendUint(append(b, `","opcode":`...), uint64(opcode))
	b = appendString(append(b, `,"mnemonic":`...), mnemonic)
	b = append(b, ',')
	if in == nil {
		// An INFO record's "text" comes later, after "dst". From
		// vISA text it is the line as written: the operands' decode gives
		// only the mnemonic of a line whose operands are not parsed.
		b = append(b, `"text":`...)
		if fromText {
			b = appendString(b, s.Text[i].Text)
		} else {
			b = append(b, '"')
			b = w.quoteFrom(dec.AppendText(b), len(b))
		}
		b = append(b, ',')
	}
	b = appendArray(append(b, `"operands":`...), dec.N, func(b []byte, k int) []byte {
		return w.appendOperand(b, dec, dec.Args[k])
	})
	b = strconv.AppendBool(append(b, `,"parsed":`...), dec.HasOperands())
	if in == nil && dec.NumDiagnostics() > 0 {
		b = appendStrings(append(b, `,"diagnostics":`...), dec.Diagnostics())
	}
	if fromText {
		if line := s.Line(i); line != 0 {
			b = appendInt(append(b, `,"line":`...), line)
		}
		if src := s.Text[i].Text; src != "" {
			b = appendString(append(b, `,"source":`...), src)
		}
		b = appendString(append(b, `,"note":`...), TextNote)
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
			b = w.appendLowering(b, j, in)
		}
	}
	return append(b, "}\n"...)
}

// appendInfo appends the keys only INFO records have.
func (w *jsonWriter) appendInfo(b []byte, f *decoder.File, s *decoder.Stream, in *decoder.Info, o Options) []byte {
	b = appendString(append(b, `,"layout":`...), in.Layout.String())
	b = appendString(append(b, `,"op":`...), in.Op().String())
	b = appendInt(append(b, `,"exec_size":`...), in.ExecSize())
	mc := in.Mask & 15
	b = appendString(append(b, `,"mask":`...), (mc &^ 8).String())
	b = strconv.AppendBool(append(b, `,"nomask":`...), mc.NoMask())
	b = appendInt(append(b, `,"lane_offset":`...), mc.LaneOffset())
	b = appendString(append(b, `,"channels":`...), decoder.ChannelNames(in.ChannelMask))
	b = appendInt(append(b, `,"surface":{"index":`...), int(in.Surface))
	name := in.SurfaceDecl()
	if name == "" {
		name = in.SurfaceName()
	}
	b = appendString(append(b, `,"name":`...), name)
	b = append(b, `},"lod":`...)
	if in.HasLOD {
		b = appendOperandRef(b, in, in.LOD)
	} else {
		b = append(b, "null"...)
	}
	b = appendOperandRef(append(b, `,"dst":`...), in, in.Dst)
	if o.Syntax == "seed" {
		w.scratch = in.AppendSeedText(w.scratch[:0])
	} else {
		w.scratch = in.AppendText(w.scratch[:0])
	}
	b = appendString(append(b, `,"text":`...), w.scratch)
	b = appendStrings(append(b, `,"diagnostics":`...), in.Diagnostics())
	spans := in.FieldSpans()
	b = appendArray(append(b, `,"fields":`...), len(spans), func(b []byte, n int) []byte {
		sp := &spans[n]
		b = appendString(append(b, `{"name":`...), sp.Name)
		b = appendInt(append(b, `,"byte":`...), sp.Byte)
		b = appendInt(append(b, `,"bit":`...), sp.Bit)
		b = appendInt(append(b, `,"bits":`...), sp.Bits)
		var raw uint64
		raw, w.scratch = in.AppendField(w.scratch[:0], n)
		b = decoder.AppendUint(append(b, `,"raw":`...), raw)
		b = appendString(append(b, `,"meaning":`...), w.scratch)
		return append(b, '}')
	})
	if o.Surfaces != nil {
		b = w.appendSimulation(b, f, s, in, o)
	}
	return b
}

// appendSimulation appends the simulated lanes' keys (with --surfaces,
// --dmask, --lod, --grf or --rules). They are rare and nested, so they go
// through encoding/json.
func (w *jsonWriter) appendSimulation(b []byte, f *decoder.File, s *decoder.Stream, in *decoder.Info, o Options) []byte {
	env, src := o.Surfaces.EnvFor(model.Scope{File: f.Name, Body: s.Kernel}, in)
	env.Rules = o.Rules
	if o.Surfaces.GRFBytes == 0 { // neither --grf nor the file's grf_bytes: the platform's
		env.GRFBytes = o.grf
	}
	res := model.Simulate(in, env)
	if r := o.Rules.String(); r != "" {
		b = appendString(append(b, `,"rules":`...), r)
	}
	if ss := src.String(); ss != "" {
		b = appendString(append(b, `,"surface_source":`...), ss)
	}
	if lanes := res.LaneRecords(); len(lanes) > 0 {
		b = w.marshal(append(b, `,"lanes":`...), lanes)
	}
	if dl := res.DstLayout(); dl != nil {
		b = w.marshal(append(b, `,"dst_layout":`...), dl)
	}
	return b
}

// marshal appends v as encoding/json writes it without HTML escaping
// (regions print as <8;8,1>, not \u003c8;8,1\u003e) and with C1 controls
// and bidi overrides escaped (decoder.JSONGuard), as appendString writes
// strings; a value that cannot be marshaled (none of ours) writes null.
func (w *jsonWriter) marshal(b []byte, v any) []byte {
	if w.enc == nil {
		w.enc = json.NewEncoder(decoder.JSONGuard(&w.encoded))
		w.enc.SetEscapeHTML(false)
	}
	w.encoded.Reset()
	if err := w.enc.Encode(v); err != nil {
		return append(b, "null"...)
	}
	return append(b, bytes.TrimSuffix(w.encoded.Bytes(), []byte("\n"))...)
}

// appendFlow appends "lod_defs" and "dst_uses" of an INFO's data flow.
func appendFlow(b []byte, fl *flow.Flow) []byte {
	b = appendArray(append(b, `,"lod_defs":`...), len(fl.Sources), func(b []byte, n int) []byte {
		return appendInt(b, fl.Sources[n].Inst)
	})
	return appendArray(append(b, `,"dst_uses":`...), len(fl.Readers), func(b []byte, n int) []byte {
		u := &fl.Readers[n]
		b = appendInt(append(b, `{"index":`...), u.Inst)
		b = append(b, `,"channels":`...)
		if u.Channels == nil {
			b = append(b, "null"...)
		} else {
			b = appendArray(b, len(u.Channels), func(b []byte, m int) []byte {
				b = appendString(append(b, `{"channel":`...), u.Channels[m].Channel)
				b = appendString(append(b, `,"lanes":`...), u.Channels[m].Lanes)
				return append(b, '}')
			})
		}
		return append(b, '}')
	})
}

// appendOperandRef appends the "lod" or "dst" object.
func appendOperandRef(b []byte, in *decoder.Info, r decoder.RawOperand) []byte {
	b = decoder.AppendUint(append(b, `{"id":`...), uint64(r.ID))
	b = appendInt(append(b, `,"offset":`...), int(r.Offset))
	b = appendString(append(b, `,"name":`...), in.VarName(r.ID))
	return append(b, '}')
}

// modNames are the "modifier" values by source modifier.
var modNames = [...]string{"", "abs", "neg", "neg_abs", "sat", "not", "mod6", "mod7"}

// appendOperand appends an element of "operands", a: "kind", "name"
// (its field in the opcode table), "text" (as Intel prints it), then the
// keys of its kind, in this order: "id" (general, raw, address, predicate,
// indirect's address; surface, sampler, label, state: index), "var"
// (general, raw: the variable's name), "row", "col" (general), "region"
// (general, indirect), "modifier" (vector operands), "type" (immediate,
// indirect), "value" (immediate's bits, field), "offset" (raw, address,
// state, indirect), "ambiguous" (general, raw read from text whose name
// is declared more than once).
func (w *jsonWriter) appendOperand(b []byte, in *decoder.Instruction, a decoder.Operand) []byte {
	// The optional keys; -1 stands for absent.
	var (
		id, row, col, off int64 = -1, -1, -1, -1
		hasOff, hasValue  bool
		value             uint64
		vname, typ        string
		region            decoder.Region
		hasRegion         bool
		mod               = -1
		ambiguous         bool
	)
	switch o := a.(type) {
	case *decoder.General:
		id, vname, row, col, region, hasRegion, mod = int64(o.ID), in.VarName(o.ID), int64(o.Row), int64(o.Col), o.Region, true, int(o.Mod&7)
		ambiguous = o.Ambiguous
	case *decoder.Raw:
		id, vname, off, hasOff = int64(o.ID), in.VarName(o.ID), int64(o.Offset), true
		ambiguous = o.Ambiguous
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
	b = appendString(append(b, `{"kind":`...), string(a.Kind()))
	b = appendString(append(b, `,"name":`...), a.Name())
	// The text without the space Intel prints before an operand.
	b = append(b, `,"text":"`...)
	n := len(b)
	b = in.AppendOperandText(b, a)
	if len(b) > n && b[n] == ' ' {
		b = append(b[:n], b[n+1:]...)
	}
	b = w.quoteFrom(b, n)
	if id >= 0 {
		b = decoder.AppendUint(append(b, `,"id":`...), uint64(id))
	}
	if vname != "" {
		b = appendString(append(b, `,"var":`...), vname)
	}
	if row >= 0 {
		b = decoder.AppendUint(append(b, `,"row":`...), uint64(row))
	}
	if col >= 0 {
		b = decoder.AppendUint(append(b, `,"col":`...), uint64(col))
	}
	if hasRegion {
		// A region's text is digits and "<;,>?": nothing to escape.
		b = append(region.AppendText(append(b, `,"region":"`...)), '"')
	}
	if mod >= 0 && modNames[mod] != "" {
		b = appendString(append(b, `,"modifier":`...), modNames[mod])
	}
	if typ != "" {
		b = appendString(append(b, `,"type":`...), typ)
	}
	if hasValue {
		b = decoder.AppendUint(append(b, `,"value":`...), value)
	}
	if hasOff {
		b = appendInt(append(b, `,"offset":`...), int(off))
	}
	if ambiguous {
		b = append(b, `,"ambiguous":true`...)
	}
	return append(b, '}')
}

// appendInt appends v in decimal.
func appendInt(b []byte, v int) []byte {
	if v < 0 {
		return strconv.AppendInt(b, int64(v), 10)
	}
	return decoder.AppendUint(b, uint64(v))
}

// quoteFrom ends the JSON string whose text was appended at b[n:], after
// its opening quote: as it is when nothing in it needs escaping (almost
// every instruction's and operand's text), else escaped by appendString.
// Formatted in place, a text is not copied again (the corpus's records).
func (w *jsonWriter) quoteFrom(b []byte, n int) []byte {
	for _, c := range b[n:] {
		if !jsonPlain[c] {
			w.scratch = append(w.scratch[:0], b[n:]...)
			return appendString(b[:n-1], w.scratch)
		}
	}
	return append(b, '"')
}

// appendStrings appends a JSON array of strings.
func appendStrings(b []byte, ss []string) []byte {
	return appendArray(b, len(ss), func(b []byte, n int) []byte { return appendString(b, ss[n]) })
}

// appendArray appends a JSON array of n elements, element k appended by
// elem.
func appendArray(b []byte, n int, elem func(b []byte, k int) []byte) []byte {
	b = append(b, '[')
	for k := range n {
		if k > 0 {
			b = append(b, ',')
		}
		b = elem(b, k)
	}
	return append(b, ']')
}

// appendLineText appends {"line":N,"text":S}, a line of a file beside the
// input (.asm, .visa.ll).
func appendLineText(b []byte, line int, text string) []byte {
	b = appendInt(append(b, `{"line":`...), line)
	b = appendString(append(b, `,"text":`...), text)
	return append(b, '}')
}

// appendString appends s as a JSON string the way encoding/json writes it
// with HTML escaping off, and the runes decoder.JSONGuard escapes escaped
// too: '"' and '\\' escaped, \b \f \n \r \t by name, other control bytes
// as \u00XX, each byte of invalid UTF-8 as \ufffd, U+2028 and U+2029 (they
// end a line in JavaScript), C1 controls and the bidirectional controls
// (U+202A-U+202E, U+2066-U+2069: JSON Lines on a terminal act on nothing)
// as \uXXXX. Escaped at the source, dump's JSON needs no guard passing over
// every byte written.
func appendString[T string | []byte](b []byte, s T) []byte {
	const hexDigits = "0123456789abcdef"
	b = append(b, '"')
	start := 0 // s[start:i] is still to be copied as it is
	for i := 0; i < len(s); {
		c := s[i]
		if jsonPlain[c] {
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
		// At most one rune's bytes converted: a []byte's stays off the heap.
		r, size := utf8.DecodeRuneInString(string(s[i:min(len(s), i+utf8.UTFMax)]))
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r < 0xa0 || r >= 0x2028 && r <= 0x202e || r >= 0x2066 && r <= 0x2069:
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', hexDigits[r>>12], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
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

// jsonPlain[c] reports whether appendString copies byte c as it is:
// printable ASCII but '"' and '\\'.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()
