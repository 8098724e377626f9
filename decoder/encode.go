package decoder

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// ErrNotEncodable is wrapped by every encoder error: a value does not fit
// the field the format gives it, or two values contradict each other.
var ErrNotEncodable = errors.New("value does not fit the encoding")

// EncodeError says which field could not be encoded and why.
type EncodeError struct {
	Field  string // e.g. "kernel k: var[3].alias_index"
	Reason string
}

// Error returns "encode FIELD: REASON".
func (e *EncodeError) Error() string { return "encode " + e.Field + ": " + e.Reason }

// Unwrap returns ErrNotEncodable.
func (e *EncodeError) Unwrap() error { return ErrNotEncodable }

// EncodeInfo encodes one INFO instruction in the given layout for container
// version v; it is the inverse of the INFO decode. It uses SubOp, ExecCode,
// Mask, ChannelMask, Surface, HasLOD, LOD and Dst (ids and offsets; names are
// not encoded) and writes the channel byte's reserved bits as 0 (the seed
// layout's reserved bits are SubOp's and ExecCode's). Values that the layout cannot
// hold are refused: a value wider than its fields (ids wider than 16 bits
// below 3.4, an exec code, mask or channel mask over 15), a channel mask other
// than RGBA in the seed layout (it has no channel-mask byte), an emask the
// version cannot express, or HasLOD disagreeing with the sub-op.
func EncodeInfo(in *Info, layout Layout, v Version) ([]byte, error) {
	bad := func(field, format string, args ...any) ([]byte, error) {
		return nil, &EncodeError{Field: "info." + field, Reason: fmt.Sprintf(format, args...)}
	}
	if layout != LayoutIGC && layout != LayoutSeed {
		return bad("layout", "want igc or seed, got %s", layout)
	}
	wantLOD := infoHasLOD(in.SubOp, layout)
	if in.HasLOD != wantLOD {
		return bad("lod", "HasLOD is %v but sub-op 0x%02x %s a LOD operand in the %s layout", in.HasLOD, in.SubOp, map[bool]string{true: "has", false: "has no"}[wantLOD], layout)
	}
	if v.Num() == 300 && in.Mask > 8 {
		// Version 3.0 has only M1..M8 and M1_NM (format doc §6).
		return bad("mask_control", "%s cannot be expressed in version 3.0 (only M1..M8 and M1_NM)", in.Mask)
	}
	if layout == LayoutSeed && in.ChannelMask != 0xF {
		return bad("channel_mask", "the seed layout has no channel-mask byte: only RGBA (0xf) is expressible, got %s", ChannelNames(in.ChannelMask))
	}
	// Every other value must fit the bits its fields give it (ids: 16
	// below 3.4).
	f := formOf(layout, v.wide(), in.HasLOD)
	first := 0
	for k, fd := range f.fields {
		if k > 0 && f.fields[k-1].part != fd.part {
			first = k
		}
		if k+1 < len(f.fields) && f.fields[k+1].part == fd.part {
			continue // the value goes on in the next field
		}
		if x, n := in.partValue(fd.part), int(fd.shift)+f.spans[k].Bits; n < 32 && x>>n != 0 {
			return bad(f.spans[first].Name, "%d does not fit %d bits (version %s)", x, n, v)
		}
	}
	return f.encode(in), nil
}

// EncodeOptions configures EncodeObjectWith.
type EncodeOptions struct {
	// GenCode returns the machine code of gen binary g of kernel k (an index
	// into Object.Kernels). An Object records where its gen binaries were,
	// not what they hold, so without GenCode a kernel that lists gen
	// binaries is refused.
	GenCode func(k, g int) ([]byte, error)
}

// EncodeObject writes o as a vISA object file, laid out as IGC's last writer
// did: the header, then each kernel body, then the functions. Offsets,
// sizes, input_offset and entry are computed, not copied: body size is
// metadata plus instructions, entry points just past the attributes, and
// input_offset is the absolute offset of num_inputs. Bodies are written
// from their tables (Strings, Vars, Addrs, Preds, Labels, Samplers,
// Surfaces, Inputs, Attrs) and their Code bytes. A kernel with gen
// binaries needs EncodeObjectWith.
func EncodeObject(o *Object) ([]byte, error) { return EncodeObjectWith(o, EncodeOptions{}) }

// EncodeObjectWith is EncodeObject with options; each kernel's gen
// binaries are written right after its body, as the writer placed them.
func EncodeObjectWith(o *Object, opt EncodeOptions) ([]byte, error) {
	v := o.Version
	if v.Major < 3 {
		return nil, &EncodeError{Field: "major_version", Reason: fmt.Sprintf("%d: the reader rejects major < 3", v.Major)}
	}
	if len(o.Kernels) > maxKernels {
		return nil, &EncodeError{Field: "num_kernels", Reason: fmt.Sprintf("%d exceeds %d", len(o.Kernels), maxKernels)}
	}
	if len(o.Functions) > 0xFFFF {
		return nil, &EncodeError{Field: "num_functions", Reason: fmt.Sprintf("%d does not fit 16 bits", len(o.Functions))}
	}
	nameLenW := v.Num() >= 307
	// Encode the bodies first, kernels then functions as the file holds
	// them: the header needs their sizes.
	type part struct {
		body     []byte
		inputRel int
		gens     [][]byte
		off      uint64   // in the file
		genOff   []uint64 // each gen binary's
	}
	bodies := slices.Concat(o.Kernels, o.Functions)
	parts := make([]part, len(bodies))
	header := 4 + 2 + 2 + 2 + 2 // magic, version, num_kernels, num_file_scope_variables, num_functions
	nameLen := func(name, field string) (int, error) {
		limit := 0xFF
		if nameLenW {
			limit = 0xFFFF
		}
		if len(name) > limit {
			return 0, &EncodeError{Field: field + ".name", Reason: fmt.Sprintf("%d bytes exceed the name_len limit %d for version %s", len(name), limit, v)}
		}
		if nameLenW {
			return 2 + len(name), nil
		}
		return 1 + len(name), nil
	}
	for i, b := range bodies {
		kernel := i < len(o.Kernels)
		f, kind, wrong := fmt.Sprintf("kernel[%d]", i), KindKernel, "body in Kernels is not a kernel"
		if !kernel {
			f, kind, wrong = fmt.Sprintf("function[%d]", i-len(o.Kernels)), KindFunction, "body in Functions is not a function"
		}
		if b.Kind != kind {
			return nil, &EncodeError{Field: f, Reason: wrong}
		}
		n, err := nameLen(b.Name, f)
		if err != nil {
			return nil, err
		}
		if kernel && len(b.GenBinaries) > 4 {
			return nil, &EncodeError{Field: f + ".num_gen_binaries", Reason: fmt.Sprintf("%d exceeds 4", len(b.GenBinaries))}
		}
		// name, offset, size, two symbol counts; a kernel's input_offset and
		// gen binaries, a function's linkage
		header += n + 4 + 4 + 2 + 2 + 1
		if kernel {
			header += 4 + 9*len(b.GenBinaries)
		}
		body, rel, err := encodeBody(b, v)
		if err != nil {
			return nil, err
		}
		parts[i] = part{body: body, inputRel: rel}
		for g := 0; kernel && g < len(b.GenBinaries); g++ {
			if opt.GenCode == nil {
				return nil, &EncodeError{Field: fmt.Sprintf("kernel %s: gen_binary[%d]", b.Name, g), Reason: "the Object does not carry gen binary bytes; use EncodeObjectWith and GenCode"}
			}
			code, err := opt.GenCode(i, g)
			if err != nil {
				return nil, err
			}
			parts[i].gens = append(parts[i].gens, code)
		}
	}
	// Lay out the file.
	pos := uint64(header)
	for i := range parts {
		p := &parts[i]
		p.off = pos
		pos += uint64(len(p.body))
		for _, g := range p.gens {
			p.genOff = append(p.genOff, pos)
			pos += uint64(len(g))
		}
	}
	if pos > 0xFFFFFFFF {
		return nil, &EncodeError{Field: "file", Reason: fmt.Sprintf("%d bytes: offsets are 32 bits", pos)}
	}
	out := make([]byte, 0, pos)
	le := binary.LittleEndian
	out = append(out, Magic...)
	out = append(out, v.Major, v.Minor)
	out = le.AppendUint16(out, uint16(len(o.Kernels)))
	putName := func(name string) {
		if nameLenW {
			out = le.AppendUint16(out, uint16(len(name)))
		} else {
			out = append(out, uint8(len(name)))
		}
		out = append(out, name...)
	}
	kparts, fparts := parts[:len(o.Kernels)], parts[len(o.Kernels):]
	for i, b := range o.Kernels {
		p := &kparts[i]
		putName(b.Name)
		out = le.AppendUint32(out, uint32(p.off))
		out = le.AppendUint32(out, uint32(len(p.body)))
		out = le.AppendUint32(out, uint32(p.off)+uint32(p.inputRel))
		out = le.AppendUint16(out, 0) // num_syms_variable
		out = le.AppendUint16(out, 0) // num_syms_function
		out = append(out, uint8(len(b.GenBinaries)))
		for g, gb := range b.GenBinaries {
			out = append(out, gb.Platform)
			out = le.AppendUint32(out, uint32(p.genOff[g]))
			out = le.AppendUint32(out, uint32(len(p.gens[g])))
		}
	}
	out = le.AppendUint16(out, 0) // num_file_scope_variables
	out = le.AppendUint16(out, uint16(len(o.Functions)))
	for i, b := range o.Functions {
		out = append(out, b.Linkage)
		putName(b.Name)
		out = le.AppendUint32(out, uint32(fparts[i].off))
		out = le.AppendUint32(out, uint32(len(fparts[i].body)))
		out = le.AppendUint16(out, 0)
		out = le.AppendUint16(out, 0)
	}
	for _, p := range parts {
		out = append(out, p.body...)
		for _, g := range p.gens {
			out = append(out, g...)
		}
	}
	return out, nil
}

// bodyWriter appends little-endian fields and keeps the first error.
type bodyWriter struct {
	out    []byte
	wide   bool
	prefix string
	err    error
}

func (w *bodyWriter) fail(field, format string, args ...any) {
	if w.err == nil {
		w.err = &EncodeError{Field: w.prefix + field, Reason: fmt.Sprintf(format, args...)}
	}
}

func (w *bodyWriter) u8(v uint8)   { w.out = append(w.out, v) }
func (w *bodyWriter) u16(v uint16) { w.out = binary.LittleEndian.AppendUint16(w.out, v) }
func (w *bodyWriter) u32(v uint32) { w.out = binary.LittleEndian.AppendUint32(w.out, v) }

// idx writes an I-width field (UD from 3.4, UW below).
func (w *bodyWriter) idx(v uint32, field string) {
	if w.wide {
		w.u32(v)
		return
	}
	if v > 0xFFFF {
		w.fail(field, "%d does not fit 16 bits (version < 3.4)", v)
	}
	w.u16(uint16(v))
}

// count writes a count field of the given byte width after checking n fits
// (limit, when non-zero, is a stricter exclusive bound from the format).
func (w *bodyWriter) count(n int, width int, limit int, field string) {
	max := 1<<(8*width) - 1
	if width == 4 {
		max = 0xFFFFFFFF
	}
	if limit > 0 && n >= limit {
		w.fail(field, "%d entries: must be less than %d", n, limit)
	}
	if n > max {
		w.fail(field, "%d entries do not fit %d bytes", n, width)
	}
	switch width {
	case 1:
		w.u8(uint8(n))
	case 2:
		w.u16(uint16(n))
	default:
		w.u32(uint32(n))
	}
}

func (w *bodyWriter) attrs(as []Attr, field string) {
	for i, a := range as {
		f := fmt.Sprintf("%s[%d]", field, i)
		w.idx(a.NameIndex, f+".name")
		if len(a.Value) > 0xFF {
			w.fail(f+".size", "%d value bytes do not fit 1 byte", len(a.Value))
		}
		w.u8(uint8(len(a.Value)))
		w.out = append(w.out, a.Value...)
	}
}

func (w *bodyWriter) decl(d Decl, f string) {
	w.idx(d.NameIndex, f+".name_index")
	w.u16(d.NumElements)
	w.count(len(d.Attrs), 1, 0, f+".attribute_count")
	w.attrs(d.Attrs, f+".attr")
}

// encodeBody writes one kernel or function body and returns it with the
// body-relative offset of num_inputs (kernels).
func encodeBody(b *Body, v Version) ([]byte, int, error) {
	if b.Err != nil {
		return nil, 0, &EncodeError{Field: fmt.Sprintf("%s %s", b.Kind, b.Name), Reason: "body did not decode: " + b.Err.Error()}
	}
	w := &bodyWriter{wide: v.wide(), prefix: fmt.Sprintf("%s %s: ", b.Kind, b.Name)}
	w.idxCount(len(b.Strings), "string_count")
	for i, s := range b.Strings {
		for j := 0; j < len(s); j++ {
			if s[j] == 0 {
				w.fail(fmt.Sprintf("string[%d]", i), "contains a NUL byte at %d", j)
				break
			}
		}
		if len(s) > maxStringLen {
			w.fail(fmt.Sprintf("string[%d]", i), "%d bytes exceed the reader's %d-byte limit", len(s), maxStringLen)
		}
		w.out = append(w.out, s...)
		w.u8(0)
	}
	w.idx(b.NameIndex, "name_index")
	w.idxCount(len(b.Vars), "variable_count")
	for i, vr := range b.Vars {
		f := fmt.Sprintf("var[%d]", i)
		w.idx(vr.NameIndex, f+".name_index")
		w.u8(vr.Props)
		w.u16(vr.NumElements)
		w.idx(vr.AliasIndex, f+".alias_index")
		w.u16(vr.AliasOffset)
		w.u8(vr.AliasScope)
		w.count(len(vr.Attrs), 1, 0, f+".attribute_count")
		w.attrs(vr.Attrs, f+".attr")
	}
	w.count(len(b.Addrs), 2, 0, "address_count")
	for i, d := range b.Addrs {
		w.decl(d, fmt.Sprintf("address[%d]", i))
	}
	w.count(len(b.Preds), 2, 0, "predicate_count")
	for i, d := range b.Preds {
		w.decl(d, fmt.Sprintf("predicate[%d]", i))
	}
	w.count(len(b.Labels), 2, 0, "label_count")
	for i, l := range b.Labels {
		f := fmt.Sprintf("label[%d]", i)
		w.idx(l.NameIndex, f+".name_index")
		w.u8(l.Kind)
		w.count(len(l.Attrs), 1, 0, f+".attribute_count")
		w.attrs(l.Attrs, f+".attr")
	}
	w.count(len(b.Samplers), 1, maxSamplers, "sampler_count")
	for i, d := range b.Samplers {
		w.decl(d, fmt.Sprintf("sampler[%d]", i))
	}
	w.count(len(b.Surfaces), 1, 256-NumPredefinedSurfaces+1, "surface_count")
	for i, d := range b.Surfaces {
		w.decl(d, fmt.Sprintf("surface[%d]", i))
	}
	w.u8(0) // vme_count: VME variables were removed
	inputRel := 0
	if b.Kind == KindKernel {
		inputRel = len(w.out)
		if v.Num() >= 305 {
			w.count(len(b.Inputs), 4, 0, "num_inputs")
		} else {
			w.count(len(b.Inputs), 1, 0, "num_inputs")
		}
		for i, in := range b.Inputs {
			w.u8(in.Kind)
			w.idx(in.ID, fmt.Sprintf("input[%d].id", i))
			w.u16(uint16(in.Offset))
			w.u16(in.Size)
		}
	} else if len(b.Inputs) > 0 {
		w.fail("num_inputs", "a function has no inputs table, got %d inputs", len(b.Inputs))
	}
	if uint64(len(b.Code)) > 0xFFFFFFFF {
		w.fail("size", "%d instruction bytes do not fit 32 bits", len(b.Code))
	}
	w.u32(uint32(len(b.Code)))
	// entry: the metadata length, which the remaining fields make known now.
	meta := len(w.out) + 4 + 2
	if b.Kind == KindFunction {
		meta += 2
	}
	for _, a := range b.Attrs {
		meta += 1 + len(a.Value) + 2
		if w.wide {
			meta += 2
		}
	}
	w.u32(uint32(meta))
	if b.Kind == KindFunction {
		w.u8(b.InputSize)
		w.u8(b.RetValSize)
	}
	w.count(len(b.Attrs), 2, 0, "attribute_count")
	w.attrs(b.Attrs, "attribute")
	if w.err == nil && len(w.out) != meta {
		// Only reachable if the computation above and the writes disagree.
		w.fail("entry", "internal: computed entry %d, metadata is %d bytes", meta, len(w.out))
	}
	w.out = append(w.out, b.Code...)
	if w.err != nil {
		return nil, 0, w.err
	}
	return w.out, inputRel, nil
}

// idxCount writes a count stored in an I-width field.
func (w *bodyWriter) idxCount(n int, field string) {
	if uint64(n) > 0xFFFFFFFF {
		w.fail(field, "%d entries do not fit 32 bits", n)
	}
	w.idx(uint32(n), field)
}
