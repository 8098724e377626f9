package decoder

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// HexMode says whether input is hex text.
type HexMode uint8

// Hex detection modes.
const (
	HexAuto HexMode = iota // hex text when LooksLikeHex says so
	HexOn                  // always hex text
	HexOff                 // never hex text
)

// Options configures Decode.
type Options struct {
	Layout  Layout  // INFO layout; LayoutAuto: igc for object files, try both for raw streams
	Offset  int64   // raw streams: where the first instruction starts
	Hex     HexMode // hex-text detection
	Version Version // raw streams: the container version to assume (zero: DefaultVersion)
	Text    bool    // read as vISA text (--visaasm-text) even when not detected as such
	// Raw reads a binary input as a raw instruction stream (--raw) even
	// when it does not walk as vISA (plausibleStream).
	Raw bool
	// MaxInput is the most bytes ReadInput reads of one input (0:
	// DefaultMaxInput).
	MaxInput int64
	// Name names an option in messages: the program that set it knows how
	// (a command, by its flag: "--offset"). Nil or "": Option.String.
	Name func(Option) string
}

// Option is one of Options' settings as a message refers to it: the
// decoder reports which option a message is about, and Options.Name words
// it, so that the decoder names no command's flags.
type Option uint8

// The options messages refer to.
const (
	OptionLayout   Option = iota + 1 // Options.Layout
	OptionOffset                     // Options.Offset
	OptionMaxInput                   // Options.MaxInput
	OptionRaw                        // Options.Raw
)

// String names the option where no program does.
func (op Option) String() string {
	switch op {
	case OptionLayout:
		return "the layout option"
	case OptionOffset:
		return "the offset option"
	case OptionMaxInput:
		return "the input size limit"
	case OptionRaw:
		return "the raw stream option"
	}
	return "an option"
}

// Say is how messages name op: by o.Name, else op.String().
func (o Options) Say(op Option) string {
	if o.Name != nil {
		if n := o.Name(op); n != "" {
			return n
		}
	}
	return op.String()
}

// File is one decoded input.
type File struct {
	Name         string
	Data         []byte  // the binary bytes (converted from hex text when Hex)
	Hex          bool    // the input was hex text
	Object       *Object // nil for raw streams
	Streams      []*Stream
	Layout       Layout // the INFO layout used
	LayoutReason string // why that layout
	Warnings     []string
	Errors       []error // every located error kept, in input order
	// MoreErrors counts the errors found past those kept in Errors: a
	// reader keeps a bounded number, so that input that is all errors
	// costs memory in proportion to its size.
	MoreErrors int
	// Parts are the vISA images of a C/C++ source, each decoded as its own
	// File named "FILE:ARRAY[k]". The source's File has no Streams; its
	// Errors hold every part's and its Warnings every part's, prefixed
	// with the part's ARRAY[k].
	Parts []*File
}

// Each returns the files that hold streams: the parts of a C source, or f.
func (f *File) Each() []*File {
	if f.Parts != nil {
		return f.Parts
	}
	return []*File{f}
}

// IsObject reports whether the input was a vISA object file.
func (f *File) IsObject() bool { return f.Object != nil }

// NumInfos returns the number of INFO instructions over all streams.
func (f *File) NumInfos() int {
	n := 0
	for _, s := range f.Streams {
		n += s.NumInfos()
	}
	for _, p := range f.Parts {
		n += p.NumInfos()
	}
	return n
}

// Decode decodes one binary input: hex text is converted first; data
// starting with "CISA" is an object file, a C source's arrays are its
// images, anything else a raw instruction stream. vISA text is refused with
// an error: visatext.Decode reads it (and hands everything else here).
func Decode(name string, data []byte, o Options) *File {
	f := &File{Name: name, Data: data}
	if len(data) == 0 {
		f.Errors = append(f.Errors, &FormatError{File: name, Field: "input", Expected: "an object file, a raw instruction stream or hex text", Found: "0 bytes", Err: ErrTruncated})
		return f
	}
	// vISA text (a zebin ELF may carry it in .visaasm sections) is read by
	// decoder/visatext, which imports this package: its Decode takes every
	// input and hands what is not text here.
	if o.Text || IsText(data) {
		f.Errors = append(f.Errors, &FormatError{File: name, Field: "input", Expected: "an object file, a raw instruction stream or hex text (vISA text is read by decoder/visatext: visatext.Decode)", Found: "vISA text", Err: ErrBadValue})
		return f
	}
	if o.Hex != HexOn && !o.Text && !bytes.HasPrefix(data, []byte(Magic)) {
		if err := notVISA(name, data); err != nil {
			f.Errors = append(f.Errors, err)
			return f
		}
		// A .c/.h holding only hex bytes (no declaration) stays hex text.
		if LooksLikeCSource(data) || IsCSourceName(name) && !(o.Hex == HexAuto && LooksLikeHex(data) && parsesAsHex(data)) {
			f.decodeCSource(o)
			return f
		}
	}
	if o.Hex == HexOn || (o.Hex == HexAuto && LooksLikeHex(data)) {
		b, err := ParseHex(data, name)
		if err != nil {
			f.Errors = append(f.Errors, err)
			return f
		}
		f.Data, f.Hex = b, true
	}
	if bytes.HasPrefix(f.Data, []byte(Magic)) {
		f.decodeObject(o)
		return f
	}
	// Text that is none of the text forms read above is not a raw stream
	// either, unless the user says where the stream starts or which
	// layout it has (or --hex=false): its bytes would decode as junk.
	if !f.Hex && o.Hex != HexOff && o.Offset == 0 && o.Layout == LayoutAuto && looksLikeText(f.Data) {
		f.Errors = append(f.Errors, &FormatError{File: name, Off: 0, Field: "input",
			Expected: `vISA: an object file ("CISA"), vISA text, hex text, a C source, or a raw stream (` + o.Say(OptionOffset) + " or " + o.Say(OptionLayout) + " to read text bytes as one)",
			Found:    "text that is none of them: " + textKind(f.Data), Err: ErrNotVISA})
		return f
	}
	f.decodeRaw(o)
	return f
}

func parsesAsHex(data []byte) bool {
	_, err := ParseHex(data, "")
	return err == nil
}

// decodeCSource decodes every vISA image of a C/C++ source as a part.
func (f *File) decodeCSource(o Options) {
	cs := ParseCSource(f.Name, f.Data)
	f.Errors = append(f.Errors, cs.Errors...)
	f.Warnings = append(f.Warnings, cs.Warnings...)
	f.Parts = []*File{}
	po := o
	po.Hex, po.Offset = HexOff, 0
	for _, img := range cs.Images() {
		p := Decode(f.Name+":"+img.Name, img.Data, po)
		f.Parts = append(f.Parts, p)
		f.Errors = append(f.Errors, p.Errors...)
		f.MoreErrors += p.MoreErrors
		for _, w := range p.Warnings {
			f.Warnings = append(f.Warnings, img.Name+": "+w)
		}
		if f.LayoutReason == "" {
			f.Layout, f.LayoutReason = p.Layout, p.LayoutReason
		}
	}
	if len(f.Parts) == 0 && len(cs.Errors) == 0 {
		found := "no array initialiser of integers"
		if n := len(cs.Arrays); n > 0 {
			names := make([]string, 0, min(n, 4))
			for _, a := range cs.Arrays[:min(n, 4)] {
				names = append(names, a.Name)
			}
			more := ""
			if n > 4 {
				more = ", ..."
			}
			found = fmt.Sprintf("%d array initialiser(s) (%s%s) and no \"CISA\" magic in any", n, strings.Join(names, ", "), more)
		}
		f.Errors = append(f.Errors, &FormatError{File: f.Name, Field: "C source", Expected: "an array initialiser holding a vISA object file", Found: found, Err: ErrNotVISA})
	}
}

func (f *File) decodeObject(o Options) {
	obj, err := ParseObject(f.Data, f.Name)
	if err != nil {
		f.Errors = append(f.Errors, err)
		return
	}
	f.Object = obj
	f.Warnings = append(f.Warnings, obj.Warnings...)
	f.Errors = append(f.Errors, obj.Errors...)
	f.Layout = o.Layout
	f.LayoutReason = "object file: igc, the layout Intel's writer produced"
	if f.Layout == LayoutAuto {
		f.Layout = LayoutIGC
	} else {
		f.LayoutReason = forcedReason(o)
	}
	v := obj.Version.BestEffort()
	budget := obj.recLeft
	streams, errs, failed := f.walkBodies(obj, v)
	if failed && v.Num() >= 400 && walkedLSC(streams) {
		// The LSC layout of before 2023-07-26 (no ss_idx), which IGC
		// wrote under the same version: taken when it walks every body
		// that today's layout could not.
		kept := make([]*Stream, 0, len(obj.Bodies()))
		for _, b := range obj.Bodies() {
			kept = append(kept, b.Stream)
		}
		obj.recLeft, obj.LSC2022 = budget, true
		s2, e2, failed2 := f.walkBodies(obj, v)
		if !failed2 {
			streams, errs = s2, e2
			f.Warnings = append(f.Warnings, "LSC instructions in the layout before 2023-07-26 (no ss_idx; IGC 1.0.13064 to 1.0.14828 wrote it under version 4.1): today's layout does not walk every body to its end, this one does")
		} else {
			obj.LSC2022 = false
			for k, b := range obj.Bodies() {
				b.Stream = kept[k]
			}
		}
	}
	// A body IGC's cut-short writer wrote: its error says so.
	t := tableForLSC(v, obj.LSC2022)
	var in Instruction
	for _, s := range streams {
		b := obj.body(s.Kernel)
		if s.Err == nil || b == nil || b.Err != nil {
			continue
		}
		n, ok := cutShortWalk(b.Code, t, &in)
		if !ok {
			continue
		}
		cut := &CutShortError{File: f.Name, Kernel: s.Kernel, Off: b.CodeOffset(), Insts: n, Decoded: s.NumInsts(), Err: s.Err}
		var fe *FormatError
		if errors.As(s.Err, &fe) {
			cut.Off = fe.Off
		}
		for k, e := range errs {
			if e == s.Err {
				errs[k] = cut
			}
		}
		s.Err = cut
	}
	f.Streams = append(f.Streams, streams...)
	f.Errors = append(f.Errors, errs...)
}

// walkBodies walks every body of obj, returning their streams and errors,
// and whether any walk stopped short of its body's end.
func (f *File) walkBodies(obj *Object, v Version) (streams []*Stream, errs []error, failed bool) {
	for _, b := range obj.Bodies() {
		if b.Err != nil {
			errs = append(errs, b.Err)
			if b.Code == nil {
				continue
			}
		}
		if b.Stripped {
			continue // reported among the object's warnings
		}
		s, err := obj.walk(b, f.Name, v, f.Layout)
		if s == nil {
			if err != nil {
				errs = append(errs, err)
			}
			continue
		}
		streams = append(streams, s)
		if s.Err != nil {
			failed = true
			if b.Err == nil {
				errs = append(errs, s.Err)
			}
		}
	}
	return streams, errs, failed
}

func (f *File) decodeRaw(o Options) {
	if o.Offset < 0 || o.Offset > int64(len(f.Data)) {
		f.Errors = append(f.Errors, &FormatError{File: f.Name, Off: o.Offset, Field: o.Say(OptionOffset), Expected: fmt.Sprintf("an offset within the %d-byte input", len(f.Data)), Found: fmt.Sprint(o.Offset), Err: ErrBadValue})
		return
	}
	code := f.Data[o.Offset:]
	wo := WalkOptions{File: f.Name, Version: o.Version}
	if o.Layout != LayoutAuto {
		wo.Layout = o.Layout
		s := Walk(code, o.Offset, wo)
		f.Layout, f.LayoutReason = o.Layout, forcedReason(o)
		f.addStream(s)
		return
	}
	wo.Layout = LayoutIGC
	igc := Walk(code, o.Offset, wo)
	wo.Layout = LayoutSeed
	seed := Walk(code, o.Offset, wo)
	s, why := chooseLayout(igc, seed, len(code))
	// All zero bytes keep the walk's own error (no opcode 0x00): that
	// says what they are.
	if !f.Hex && !o.Raw && o.Offset == 0 && o.Hex != HexOff && !allZero(code) {
		if ok, walked := plausibleStream(s); !ok {
			found := "binary data that does not read as a raw vISA stream"
			if k := binaryKind(f.Data); k != "" {
				found = k
			}
			if _, gen := looksLikeGen(code); !gen {
				f.Errors = append(f.Errors, &FormatError{File: f.Name, Off: 0, Field: "input",
					Expected: `vISA: an object file ("CISA"), vISA text, hex text, a C source, or a raw instruction stream (` + o.Say(OptionRaw) + ", " + o.Say(OptionOffset) + " or " + o.Say(OptionLayout) + " read any bytes as one)",
					Found:    found + " (" + walked + ")", Err: ErrNotVISA})
				return
			}
		}
	}
	f.Layout, f.LayoutReason = s.Layout, why
	f.addStream(s)
}

// forcedReason is the LayoutReason of the layout the user chose (o.Layout).
// Like the other reasons it names the layout, so a status line can show it
// alone ("layout seed, set by --layout").
func forcedReason(o Options) string { return o.Layout.String() + ", set by " + o.Say(OptionLayout) }

func (f *File) addStream(s *Stream) {
	if s.Err != nil {
		if n, ok := looksLikeGen(s.Code); ok {
			f.Errors = append(f.Errors, genError(f.Name, n))
			return
		}
	}
	f.Streams = append(f.Streams, s)
	if s.Err != nil {
		f.Errors = append(f.Errors, s.Err)
	}
}

func streamEnd(s *Stream) int {
	if s.NumInsts() == 0 {
		return 0
	}
	last := s.Inst(s.NumInsts() - 1)
	return int(last.Off) + int(last.Len)
}

func diagCount(s *Stream) int {
	n := 0
	for _, in := range s.Infos() {
		n += in.NumDiagnostics()
	}
	return n
}

// chooseLayout picks the layout that decodes the whole stream, and says why.
func chooseLayout(igc, seed *Stream, n int) (*Stream, string) {
	switch {
	case igc.Err == nil && seed.Err != nil:
		return igc, fmt.Sprintf("auto: igc decodes all %d bytes; seed stops at byte 0x%x", n, seed.Base+int64(streamEnd(seed)))
	case seed.Err == nil && igc.Err != nil:
		return seed, fmt.Sprintf("auto: seed decodes all %d bytes; igc stops at byte 0x%x", n, igc.Base+int64(streamEnd(igc)))
	case igc.Err == nil && seed.Err == nil:
		di, ds := diagCount(igc), diagCount(seed)
		if ds < di {
			return seed, fmt.Sprintf("auto: both layouts decode all %d bytes; seed has fewer INFO diagnostics (%d vs %d)", n, ds, di)
		}
		if di < ds {
			return igc, fmt.Sprintf("auto: both layouts decode all %d bytes; igc has fewer INFO diagnostics (%d vs %d)", n, di, ds)
		}
		return igc, fmt.Sprintf("auto: both layouts decode all %d bytes equally well; igc is the default", n)
	}
	ei, es := streamEnd(igc), streamEnd(seed)
	if es > ei {
		return seed, fmt.Sprintf("auto: neither layout decodes the whole stream; seed gets further (to byte 0x%x, igc to 0x%x)", seed.Base+int64(es), igc.Base+int64(ei))
	}
	return igc, fmt.Sprintf("auto: neither layout decodes the whole stream; igc gets as far or further (to byte 0x%x, seed to 0x%x)", igc.Base+int64(ei), seed.Base+int64(es))
}

// ShownErrors is how many of a file's errors the front ends show (dump on
// stderr, the inspector's errors view): the rest are counted in one line.
const ShownErrors = 20

// ErrorLines returns what a front end shows of f's errors: the first
// ShownErrors, and a line counting the rest. Both front ends show these
// same lines, so that a file with thousands of errors reads the same in
// either and neither floods its screen.
func (f *File) ErrorLines() []string {
	n := min(len(f.Errors), ShownErrors)
	out := make([]string, 0, n+1)
	for _, e := range f.Errors[:n] {
		out = append(out, e.Error())
	}
	if rest := len(f.Errors) - n + f.MoreErrors; rest > 0 {
		out = append(out, fmt.Sprintf("%s: %d more errors not shown (%d in all)", f.Name, rest, f.NumErrors()))
	}
	return out
}

// NumErrors returns how many errors f has: those kept and those counted.
func (f *File) NumErrors() int { return len(f.Errors) + f.MoreErrors }

// walkedLSC reports whether a failed walk passed an LSC instruction (the
// first one read in the wrong layout is where such a walk loses its way).
func walkedLSC(streams []*Stream) bool {
	for _, s := range streams {
		if s.Err == nil {
			continue
		}
		for i := range s.NumInsts() {
			if op := s.Inst(i).Op; op == 0x89 || op == 0x8A {
				return true
			}
		}
	}
	return false
}
