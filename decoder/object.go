package decoder

import (
	"errors"
	"fmt"
	"strconv"
)

// Magic is the first four bytes of every vISA object file.
const Magic = "CISA"

// Limits from the format (format doc §2).
const (
	maxKernels   = 512  // the spec caps num_kernels
	maxStringLen = 1023 // the reader's limit on one string-pool entry
	maxSamplers  = 32   // sampler_count must be < 32
)

// BodyKind tells a kernel from a function.
type BodyKind uint8

// The two kinds of body.
const (
	KindKernel BodyKind = iota
	KindFunction
)

// String returns "kernel" or "function".
func (k BodyKind) String() string {
	if k == KindFunction {
		return "function"
	}
	return "kernel"
}

// Object is a decoded vISA object file.
type Object struct {
	Version Version
	// LSC2022: the bodies hold LSC instructions in the layout before IGC's
	// 52dab2294 (2023-07-26), without ss_idx, which IGC 1.0.13064 to
	// 1.0.14828 wrote under the same version 4.1; chosen when it, and not
	// today's layout, walks every body exactly to its end.
	LSC2022   bool
	Kernels   []*Body
	Functions []*Body
	FileVars  []FileVar // file-scope variables (3.x files from before mid-2019; format doc §2.6)
	Warnings  []string  // best-effort notes (unsupported version, inconsistent sizes)
	Errors    []error   // faults outside the bodies that did not stop decoding (Gen code past the end)

	// The record budgets (see recordsPerByte): what the bodies' tables and
	// walks may still decode, and the file size they derive from.
	metaLeft, recLeft, size int
	headerLen               int // bytes the file header took
}

// recordsPerByte bounds the records a file may decode per byte of it: once
// for the bodies' table entries (strings, variables, declarations, inputs,
// attributes) and once for the instructions of every walk, counting a body
// shared by several entries once per entry. A real file decodes each of its
// bytes into at most one record, so only entries that claim the same bytes
// again and again (65,535 entries on one body) reach it; past it the
// decoder reports the entry with a located error and leaves it out.
const recordsPerByte = 4

// Bodies returns the kernels followed by the functions.
func (o *Object) Bodies() []*Body {
	out := make([]*Body, 0, len(o.Kernels)+len(o.Functions))
	return append(append(out, o.Kernels...), o.Functions...)
}

// GenBinary is a kernel's entry pointing at compiled Gen machine code, which
// is not vISA; the decoder records it and skips it.
type GenBinary struct {
	Platform uint8
	Offset   uint32 // absolute file offset
	Size     uint32
}

// Attr is a kernel, function or variable attribute.
type Attr struct {
	NameIndex uint32
	Name      string
	Value     []byte // integer attributes are little-endian; size 0 means boolean true
}

// Var is a declared general variable (id 32+k).
type Var struct {
	NameIndex   uint32
	Name        string
	Props       uint8 // bits 3..0 VISA_Type, bits 7..4 alignment
	NumElements uint16
	AliasIndex  uint32 // 0 = not an alias
	AliasOffset uint16
	AliasScope  uint8
	Attrs       []Attr
}

// Type returns the VISA_Type code (low nibble of Props).
func (v *Var) Type() uint8 { return v.Props & 0xF }

// Bytes returns the variable's size in bytes.
func (v *Var) Bytes() int { return int(v.NumElements) * TypeSize(v.Type()) }

// TypeSize returns the element size in bytes of a VISA_Type code.
func TypeSize(t uint8) int {
	switch t {
	case 0, 1, 7, 8, 9, 12: // UD D F V VF UV
		return 4
	case 2, 3, 14, 15: // UW W HF BF
		return 2
	case 4, 5, 10: // UB B BOOL
		return 1
	case 6, 11, 13: // DF UQ Q
		return 8
	}
	return 0
}

// TypeName returns the name of a VISA_Type code ("ud", "f", ...).
func TypeName(t uint8) string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return fmt.Sprintf("type%d", t)
}

// typeNames are the names of the type codes 0..15.
var typeNames = [...]string{"ud", "d", "uw", "w", "ub", "b", "df", "f", "v", "vf", "bool", "uq", "uv", "q", "hf", "bf"}

// Decl is an address, predicate, sampler or surface declaration.
type Decl struct {
	NameIndex   uint32
	Name        string
	NumElements uint16
	Attrs       []Attr
}

// Label is a label declaration.
type Label struct {
	NameIndex uint32
	Name      string
	Kind      uint8 // 0 block, 1 subroutine, 2 FC, 3 function, 4 divergent-resource-loop
	Attrs     []Attr
}

// Input is a kernel input.
type Input struct {
	Kind   uint8  // bits 2..0 class (0 general, 1 sampler, 2 surface), bits 7..3 implicit kind
	ID     uint32 // index in that class's table, predefined entries included
	Offset int16  // byte offset in the GRF file
	Size   uint16
}

// Body is a kernel or function: its header entry, its metadata tables and
// its instructions.
type Body struct {
	Kind        BodyKind
	Name        string // from the file header
	Linkage     uint8  // functions only
	Offset      uint32 // absolute file offset of the body
	Size        uint32 // header's body size (the reader ignores it)
	InputOffset uint32 // kernels only: absolute offset of num_inputs
	GenBinaries []GenBinary
	VarRelocs   []Reloc // variable relocation entries (format doc §2.6)
	FuncRelocs  []Reloc // function relocation entries
	// Stripped is set when the file carries the body's metadata but not its
	// instructions (format doc §2.7): the header size ends at the metadata
	// while the body's own size is not 0. Code is then nil and nothing is
	// walked; entry and size point at bytes that belong to something else.
	Stripped bool

	Strings     []string
	NameIndex   uint32
	Vars        []Var
	Addrs       []Decl
	Preds       []Decl
	Labels      []Label
	Samplers    []Decl
	Surfaces    []Decl
	Inputs      []Input
	CodeSize    uint32 // number of instruction bytes
	Entry       uint32 // offset of the first instruction from the body start
	InputSize   uint8  // functions only
	RetValSize  uint8  // functions only
	Attrs       []Attr
	Code        []byte  // the instruction bytes
	MetaEnd     uint32  // offset (from the body start) just past the attributes
	Stream      *Stream // the walked instructions
	Err         error   // why the body's metadata could not be decoded, or nil
	headerField string
	inputRel    uint32
	offsetAt    int64 // where the header's offset field is, for errors
	shared      *Body // the first entry on the same body, whose tables and walk this one reuses
	skipped     bool  // left out past the record budget
}

// share makes b, an entry on the same body as first, reuse first's decoded
// tables and code (the slices, not copies). b keeps its header fields.
func (b *Body) share(first *Body) {
	h := *b
	*b = *first
	b.Name, b.Linkage, b.Size, b.InputOffset, b.GenBinaries = h.Name, h.Linkage, h.Size, h.InputOffset, h.GenBinaries
	b.VarRelocs, b.FuncRelocs = h.VarRelocs, h.FuncRelocs
	// Stripped follows this entry's header size, which may differ.
	b.Stripped = b.Err == nil && b.strippedHere()
	b.headerField, b.offsetAt = h.headerField, h.offsetAt
	b.Stream, b.shared = nil, first
}

// records is the number of table entries b's metadata decoded.
func (b *Body) records() int {
	n := len(b.Strings) + len(b.Vars) + len(b.Addrs) + len(b.Preds) + len(b.Labels) + len(b.Samplers) + len(b.Surfaces) + len(b.Inputs) + len(b.Attrs)
	for i := range b.Vars {
		n += len(b.Vars[i].Attrs)
	}
	return n + 1
}

// renamed returns err with its kernel set to name: a shared body's error
// is reported once per entry, under each entry's name.
func renamed(err error, name string) error {
	var fe *FormatError
	if !errors.As(err, &fe) || fe.Kernel == name {
		return err
	}
	c := *fe
	c.Kernel = name
	return &c
}

// overBudget is the error of the first entry left out past a record
// budget; n is what its walk would add (-1: its tables).
func (o *Object) overBudget(b *Body, what string, n int) error {
	found := fmt.Sprintf("the body at 0x%x", b.Offset)
	if n >= 0 {
		found += fmt.Sprintf(" adds %d", n)
	}
	if b.shared != nil {
		found += " (shared with " + b.shared.Kind.String() + " " + strconv.Quote(clip(b.shared.Name)) + ")"
	}
	return &FormatError{Off: b.offsetAt, Field: b.headerField + ".offset",
		Expected: fmt.Sprintf("at most %d decoded %s for the %d-byte file (%d per byte)", recordsPerByte*o.size, what, o.size, recordsPerByte),
		Found:    found + "; this entry and the ones after it are left out", Err: ErrBudget}
}

// walk walks b's instructions under the record budget. An entry on a body
// an earlier entry walked gets a Stream of its own name over that walk's
// instructions. It returns nil for an entry left out (with an error for
// the first one).
func (o *Object) walk(b *Body, file string, v Version, layout Layout) (*Stream, error) {
	if b.skipped || o.recLeft < 0 {
		return nil, nil
	}
	if first := b.shared; first != nil && first.Stream != nil && first.Stream.Layout == layout && first.Stream.Version == v && first.Stream.LSC2022 == o.LSC2022 {
		n := first.Stream.NumInsts()
		if n > o.recLeft {
			o.recLeft = -1
			return nil, located(o.overBudget(b, "instructions", n), file, b.Name)
		}
		o.recLeft -= n
		s := *first.Stream
		s.Kernel, s.Err = b.Name, renamed(s.Err, b.Name)
		b.Stream = &s
		return &s, nil
	}
	// A walk decodes at most one instruction per byte.
	if len(b.Code) > o.recLeft {
		o.recLeft = -1
		return nil, located(o.overBudget(b, "instructions", len(b.Code)), file, b.Name)
	}
	s := b.walkLSC(file, v, layout, o.LSC2022)
	o.recLeft -= s.NumInsts()
	return s, nil
}

// String returns the name of string-pool entry i, or "" when out of range.
func (b *Body) String(i uint32) string {
	if uint64(i) < uint64(len(b.Strings)) {
		return b.Strings[i]
	}
	return ""
}

// Symbols returns the name tables INFO decoding uses.
func (b *Body) Symbols() *Symbols {
	s := &Symbols{Vars: make([]VarInfo, len(b.Vars)), Surfaces: make([]string, len(b.Surfaces)),
		Labels: make([]LabelInfo, len(b.Labels)), Strings: b.Strings,
		Addrs: len(b.Addrs), Preds: len(b.Preds), Samplers: len(b.Samplers), Full: true}
	for i := range b.Vars {
		s.Vars[i] = VarInfo{Name: b.Vars[i].Name, Bytes: b.Vars[i].Bytes(), Type: b.Vars[i].Type(), Align: alignName(b.Vars[i].Props >> 4)}
		if b.Vars[i].AliasScope == 0 {
			s.Vars[i].Alias, s.Vars[i].AliasOffset = b.Vars[i].AliasIndex, int(b.Vars[i].AliasOffset)
		}
	}
	for i := range b.Labels {
		s.Labels[i] = LabelInfo{Name: labelDeclName(b.Labels[i]), Kind: b.Labels[i].Kind}
	}
	for i := range b.Surfaces {
		s.Surfaces[i] = b.Surfaces[i].Name
	}
	return s
}

// labelDeclName is the name IGC's reader gives a label: its string with
// "_<string index>" appended (string 0 is the bare "L"), except FC labels,
// which keep their string.
func labelDeclName(l Label) string {
	switch {
	case l.NameIndex == 0:
		return "L"
	case l.Kind == 2:
		return l.Name
	}
	return l.Name + "_" + strconv.FormatUint(uint64(l.NameIndex), 10)
}

// parseHeader decodes the file header: the version, the kernel and
// function tables and the file-scope variables.
func parseHeader(data []byte, file string) (*Object, error) {
	c := &cursor{data: data}
	if len(data) < 4 || string(data[:4]) != Magic {
		found := fmt.Sprintf("% x", data[:min(4, len(data))])
		if len(data) < 4 {
			found = fmt.Sprintf("%d bytes", len(data))
		}
		return nil, &FormatError{File: file, Off: 0, Field: "magic", Expected: `"CISA" (43 49 53 41)`, Found: found, Err: ErrBadMagic}
	}
	c.pos = 4
	o := &Object{}
	o.Version.Major = c.u8("major_version")
	o.Version.Minor = c.u8("minor_version")
	if c.err == nil {
		switch v := o.Version; {
		case v.Major < 3:
			return nil, located(&FormatError{Off: 4, Field: "major_version", Expected: "3 or 4 (the reader rejects major < 3)", Found: fmt.Sprint(v.Major), Err: ErrBadValue}, file, "")
		case !v.Supported():
			o.Warnings = append(o.Warnings, fmt.Sprintf("version %s is not one a binary writer produced (3.0-3.8, 4.0, 4.1, 4.8); decoded best-effort with %s rules", v, v.BestEffort()))
		}
	}
	v := o.Version
	o.size = len(data)
	o.metaLeft, o.recLeft = recordsPerByte*len(data), recordsPerByte*len(data)
	nameLenW := v.Num() >= 307
	nk := c.u16("num_kernels")
	if c.err == nil && nk > maxKernels {
		c.failValue("num_kernels", fmt.Sprintf("at most %d", maxKernels), fmt.Sprint(nk), ErrBadValue)
	}
	// With an empty name, kernel_info is 18 bytes (UB name_len) or 19 (UW)
	// and function_info 14 or 15; bodies may be shared, so nothing larger
	// bounds the counts.
	nameLenSize := 1
	if nameLenW {
		nameLenSize = 2
	}
	c.count(uint64(nk), 17+nameLenSize, "num_kernels")
	readName := func(field string) string {
		n := c.countField(nameLenW, field+".name_len")
		return DisplayName(c.bytes(n, field+".name"))
	}
	if c.err == nil {
		o.Kernels = make([]*Body, 0, nk)
	}
	for i := 0; i < int(nk) && c.err == nil; i++ {
		f := fmt.Sprintf("kernel[%d]", i)
		b := &Body{Kind: KindKernel, headerField: f}
		b.Name = readName(f)
		b.offsetAt = c.off()
		b.Offset = c.u32(f + ".offset")
		b.Size = c.u32(f + ".size")
		b.InputOffset = c.u32(f + ".input_offset")
		b.VarRelocs, b.FuncRelocs = readRelocs(c, f)
		ng := c.u8(f + ".num_gen_binaries")
		if c.err == nil && ng > 4 {
			c.failValue(f+".num_gen_binaries", "0-4", fmt.Sprint(ng), ErrBadValue)
		}
		c.count(uint64(ng), 9, f+".num_gen_binaries")
		for g := 0; g < int(ng) && c.err == nil; g++ {
			at := c.off()
			gb := GenBinary{Platform: c.u8(f + ".gen_binary.platform"), Offset: c.u32(f + ".gen_binary.offset"), Size: c.u32(f + ".gen_binary.size")}
			if c.err == nil && uint64(gb.Offset)+uint64(gb.Size) > uint64(len(data)) {
				// Gen code is skipped, not decoded, so a file cut inside it
				// still has whole vISA bodies: report it and go on.
				o.Errors = append(o.Errors, located(&FormatError{Off: at + 1, Field: f + ".gen_binary", Expected: fmt.Sprintf("Gen code inside the %d-byte file", len(data)), Found: fmt.Sprintf("offset 0x%x + size %d ends at 0x%x", gb.Offset, gb.Size, uint64(gb.Offset)+uint64(gb.Size)), Err: ErrTruncated}, file, ""))
			}
			b.GenBinaries = append(b.GenBinaries, gb)
		}
		o.Kernels = append(o.Kernels, b)
	}
	o.FileVars = readFileVars(c, v)
	nf := c.u16("num_functions")
	c.count(uint64(nf), 13+nameLenSize, "num_functions")
	for i := 0; i < int(nf) && c.err == nil; i++ {
		f := fmt.Sprintf("function[%d]", i)
		b := &Body{Kind: KindFunction, headerField: f}
		b.Linkage = c.u8(f + ".linkage")
		b.Name = readName(f)
		b.offsetAt = c.off()
		b.Offset = c.u32(f + ".offset")
		b.Size = c.u32(f + ".size")
		b.VarRelocs, b.FuncRelocs = readRelocs(c, f)
		o.Functions = append(o.Functions, b)
	}
	if c.err != nil {
		return nil, located(c.err, file, "")
	}
	o.headerLen = c.pos
	return o, nil
}

// ParseObject decodes a vISA object file's header and bodies. It does not
// walk the instructions (see Body.Walk). A header error is returned; a
// body's error is kept in that Body's Err, and the other bodies still decode.
func ParseObject(data []byte, file string) (*Object, error) {
	o, err := parseHeader(data, file)
	if err != nil {
		return nil, err
	}
	v := o.Version
	// Entries may share a body: its tables are decoded once and shared.
	type bodyKey struct {
		off  uint32
		kind BodyKind
	}
	parsed := map[bodyKey]*Body{}
	metaOver := false
	for _, b := range o.Bodies() {
		// An entry whose header size makes the body stripped where the
		// first's did not (or the reverse) needs its own code bounds:
		// it is decoded on its own (under the budget).
		if first := parsed[bodyKey{b.Offset, b.Kind}]; first != nil && first.Stripped == (first.Err == nil && first.CodeSize != 0 && b.Size == first.MetaEnd) {
			b.share(first)
		} else {
			if parsed[bodyKey{b.Offset, b.Kind}] == nil {
				parsed[bodyKey{b.Offset, b.Kind}] = b
			}
			if o.metaLeft < 0 {
				b.skipped = true
				if !metaOver {
					metaOver = true
					b.Err = located(o.overBudget(b, "table entries", -1), file, b.Name)
				}
				continue
			}
			b.parse(data, v)
			o.metaLeft -= b.records()
		}
		if b.Err != nil {
			b.Err = located(renamed(b.Err, b.Name), file, b.Name)
			continue
		}
		if b.Stripped {
			o.Warnings = append(o.Warnings, fmt.Sprintf("%s %s: instruction stream stripped: metadata and Gen code only (the header's size %d ends at the metadata; entry 0x%x and %d instruction bytes point past the body)", b.Kind, clip(b.Name), b.Size, b.Entry, b.CodeSize))
		}
		if b.Kind == KindKernel && b.InputOffset != 0 && b.InputOffset != b.Offset+b.inputRel {
			o.Warnings = append(o.Warnings, fmt.Sprintf("%s %s: input_offset 0x%x does not point at num_inputs (0x%x)", b.Kind, clip(b.Name), b.InputOffset, b.Offset+b.inputRel))
		}
		if want := b.MetaEnd + b.CodeSize; b.Size != want && b.Entry == b.MetaEnd {
			o.Warnings = append(o.Warnings, fmt.Sprintf("%s %s: header size %d differs from metadata + instructions (%d)", b.Kind, clip(b.Name), b.Size, want))
		}
	}
	return o, nil
}

func (b *Body) parse(data []byte, v Version) {
	if uint64(b.Offset) >= uint64(len(data)) {
		b.Err = &FormatError{Off: b.offsetAt, Field: b.headerField + ".offset", Expected: fmt.Sprintf("a body offset inside the %d-byte file", len(data)), Found: fmt.Sprintf("0x%x", b.Offset), Err: ErrTruncated}
		return
	}
	c := &cursor{data: data[b.Offset:], base: int64(b.Offset)}
	wide := v.wide()
	iw := 2
	if wide {
		iw = 4
	}
	attrs := func(n int, field string) []Attr {
		if !c.count(uint64(n), iw+1, field) {
			return nil
		}
		var out []Attr
		for i := 0; i < n && c.err == nil; i++ {
			a := Attr{NameIndex: c.idx(wide, field+".name")}
			sz := c.u8(field + ".size")
			a.Value = c.bytes(int(sz), field+".value")
			a.Name = b.String(a.NameIndex)
			out = append(out, a)
		}
		return out
	}
	ns := c.idx(wide, "string_count")
	if c.count(uint64(ns), 1, "string_count") {
		b.Strings = make([]string, 0, ns)
		for i := 0; i < int(ns) && c.err == nil; i++ {
			c.at("string", i)
			b.Strings = append(b.Strings, c.cstring(maxStringLen, ""))
		}
		c.at("", 0)
	}
	b.NameIndex = c.idx(wide, "name_index")
	nv := c.idx(wide, "variable_count")
	varMin := 11
	if wide {
		varMin = 15
	}
	if c.count(uint64(nv), varMin, "variable_count") {
		b.Vars = make([]Var, 0, nv)
	}
	for i := 0; i < int(nv) && c.err == nil; i++ {
		c.at("var", i)
		vr := Var{NameIndex: c.idx(wide, ".name_index")}
		vr.Props = c.u8(".bit_properties")
		vr.NumElements = c.u16(".num_elements")
		vr.AliasIndex = c.idx(wide, ".alias_index")
		vr.AliasOffset = c.u16(".alias_offset")
		vr.AliasScope = c.u8(".alias_scope")
		vr.Attrs = attrs(int(c.u8(".attribute_count")), ".attr")
		vr.Name = b.String(vr.NameIndex)
		b.Vars = append(b.Vars, vr)
	}
	c.at("", 0)
	// decls reads a declaration table whose count is a UW (wideCount) or a
	// UB; limit, when non-zero, is the first count the format refuses.
	decls := func(field string, wideCount bool, limit int) []Decl {
		at := c.off()
		n := c.countField(wideCount, field+"_count")
		if c.err == nil && limit > 0 && n >= limit {
			c.err = &FormatError{Off: at, Field: field + "_count", Expected: fmt.Sprintf("less than %d", limit), Found: fmt.Sprint(n), Err: ErrBadValue}
			return nil
		}
		if !c.count(uint64(n), iw+3, field+"_count") {
			return nil
		}
		out := make([]Decl, 0, n)
		for i := 0; i < n && c.err == nil; i++ {
			c.at(field, i)
			d := Decl{NameIndex: c.idx(wide, ".name_index"), NumElements: c.u16(".num_elements")}
			d.Attrs = attrs(int(c.u8(".attribute_count")), ".attr")
			d.Name = b.String(d.NameIndex)
			out = append(out, d)
		}
		c.at("", 0)
		return out
	}
	b.Addrs = decls("address", true, 0)
	b.Preds = decls("predicate", true, 0)
	nl := c.u16("label_count")
	if c.count(uint64(nl), iw+2, "label_count") {
		b.Labels = make([]Label, 0, nl)
	}
	for i := 0; i < int(nl) && c.err == nil; i++ {
		c.at("label", i)
		l := Label{NameIndex: c.idx(wide, ".name_index"), Kind: c.u8(".kind")}
		l.Attrs = attrs(int(c.u8(".attribute_count")), ".attr")
		l.Name = b.String(l.NameIndex)
		b.Labels = append(b.Labels, l)
	}
	c.at("", 0)
	b.Samplers = decls("sampler", false, maxSamplers)
	// Surface indices are one byte and start at 6, so at most 250 fit.
	b.Surfaces = decls("surface", false, 256-NumPredefinedSurfaces+1)
	at := c.off()
	if vme := c.u8("vme_count"); c.err == nil && vme != 0 {
		c.err = &FormatError{Off: at, Field: "vme_count", Expected: "0 (VME variables were removed; the reader asserts it)", Found: fmt.Sprint(vme), Err: ErrBadValue}
	}
	if b.Kind == KindKernel {
		b.inputRel = uint32(c.pos)
		var ni uint32
		if v.Num() >= 305 {
			ni = c.u32("num_inputs")
		} else {
			ni = uint32(c.u8("num_inputs"))
		}
		if c.count(uint64(ni), iw+5, "num_inputs") {
			b.Inputs = make([]Input, 0, ni)
		}
		for i := 0; i < int(ni) && c.err == nil; i++ {
			c.at("input", i)
			in := Input{Kind: c.u8(".kind"), ID: c.idx(wide, ".id"), Offset: int16(c.u16(".offset")), Size: c.u16(".size")}
			b.Inputs = append(b.Inputs, in)
		}
		c.at("", 0)
	}
	b.CodeSize = c.u32("size")
	b.Entry = c.u32("entry")
	if b.Kind == KindFunction {
		b.InputSize = c.u8("input_size")
		b.RetValSize = c.u8("return_value_size")
	}
	na := c.u16("attribute_count")
	b.Attrs = attrs(int(na), "attribute")
	b.MetaEnd = uint32(c.pos)
	if c.err != nil {
		b.Err = c.err
		return
	}
	if b.strippedHere() {
		b.Stripped = true
		return
	}
	start := uint64(b.Offset) + uint64(b.Entry)
	end := start + uint64(b.CodeSize)
	if end > uint64(len(data)) {
		b.Err = &FormatError{Off: int64(b.Offset) + int64(b.MetaEnd) - 8, Field: "size/entry", Expected: fmt.Sprintf("instructions inside the %d-byte file", len(data)), Found: fmt.Sprintf("entry 0x%x + size %d ends at 0x%x", b.Entry, b.CodeSize, end), Err: ErrTruncated}
		// Keep what is there so the walk can report where it stops.
		if start < uint64(len(data)) {
			b.Code = data[start:]
		}
		return
	}
	b.Code = data[start:end:end]
}

// strippedHere applies the format doc's test (§2.7) to b's parsed metadata:
// the header size ends at the metadata while instructions are declared.
func (b *Body) strippedHere() bool { return b.CodeSize != 0 && b.Size == b.MetaEnd }

// CodeOffset returns the absolute file offset of the first instruction.
func (b *Body) CodeOffset() int64 { return int64(b.Offset) + int64(b.Entry) }

// Walk walks the body's instructions (even when its size field runs past
// the file: the walk then stops with a truncation error at the last whole
// instruction).
func (b *Body) Walk(file string, v Version, layout Layout) *Stream {
	return b.walkLSC(file, v, layout, false)
}

func (b *Body) walkLSC(file string, v Version, layout Layout, lsc2022 bool) *Stream {
	sym := b.Symbols()
	sym.Predefined = PredefinedVarNames(v)
	s := Walk(b.Code, b.CodeOffset(), WalkOptions{File: file, Kernel: b.Name, Version: v, Layout: layout, Symbols: sym, LSC2022: lsc2022})
	b.Stream = s
	return s
}

// body returns the body named name (the first, when names repeat).
func (o *Object) body(name string) *Body {
	for _, b := range o.Bodies() {
		if b.Name == name {
			return b
		}
	}
	return nil
}
