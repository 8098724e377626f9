package decoder

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// TextInst is one instruction of a body read from vISA text (IGC's
// .visaasm form). Text has no encoding: only INFO instructions get bytes,
// rebuilt from the line in the igc layout (TextBody.InfoBytes); every other
// instruction is kept as its text. It is 32 bytes, so that text of short
// lines costs memory in proportion to its size.
type TextInst struct {
	Text    string // as written, without indentation or the /// comment; "name:" for a label
	Line    int32  // 1-based line of the instruction in its file; 0 for a $N the text skips
	Col     int32  // 1-based column where its text starts
	N       int32  // $N: its index in the body's binary instruction stream
	Op, Sub uint8  // opcode and sub-op when the mnemonic names one (label, subroutine included); 0 otherwise
}

// Mnemonic returns the instruction's mnemonic as written, before its first
// '.' ("lsc_load" for "lsc_load.ugm.uc.uc ..."), after any predicate;
// "label" or "subroutine" for labels.
func (t *TextInst) Mnemonic() string {
	if t.Op == opSubroutine || t.Op == opLabel {
		return Mnemonic(t.Op, 0)
	}
	s := t.Text
	if strings.HasPrefix(s, "(") {
		if i := strings.IndexByte(s, ')'); i >= 0 {
			s = strings.TrimLeft(s[i+1:], " \t")
		}
	}
	if i := strings.IndexAny(s, " \t.("); i >= 0 { // "(": vme_ime(0,1)
		s = s[:i]
	}
	return s
}

// The label opcodes (format doc: SUBROUTINE, LABEL).
const (
	opSubroutine = 0x30
	opLabel      = 0x31
)

// TextBody is one kernel or function read from vISA text.
type TextBody struct {
	Kind      BodyKind
	Name      string  // as the text prints it
	Version   Version // from the body's .version line
	Symbols   *Symbols
	Insts     []TextInst     // in $N order
	InfoBytes map[int][]byte // the rebuilt encoding of each INFO, by $N
	// Names resolves the names of the instructions' operands, so that
	// Stream.Decode parses them (parseLine); nil leaves every
	// instruction but INFO as text.
	Names TextNames
}

// NewTextStream builds the Stream of a body read from text. Its Code holds
// only the rebuilt INFO encodings, back to back; every Inst of the stream
// has the index $N (Stream.Inst(k) is instruction $k; gaps the text leaves
// are empty instructions), and its Infos are decoded from those bytes by
// the same code as a binary's, so they equal a binary's INFO in every field
// but the file offset: text has none, and Info.Off is -1.
//
// When b.Insts holds instruction $k at index k for every k (no gaps, the
// common case), the stream keeps b.Insts as its Text rather than a copy:
// the caller must not change them afterwards.
func NewTextStream(b *TextBody) *Stream {
	s := &Stream{Kernel: b.Name, Version: b.Version, Layout: LayoutIGC, Symbols: b.Symbols, names: b.Names}
	n := 0
	inPlace := true
	for k, t := range b.Insts {
		n = max(n, int(t.N)+1)
		inPlace = inPlace && int(t.N) == k
	}
	s.insts = make([]Inst, n)
	if inPlace {
		s.Text = b.Insts[:n:n]
	} else {
		s.Text = make([]TextInst, n)
	}
	var code bytes.Buffer
	for _, t := range b.Insts {
		if t.N < 0 {
			continue
		}
		enc := b.InfoBytes[int(t.N)]
		in := Inst{Off: uint32(code.Len()), Op: t.Op, Sub: t.Sub}
		if t.Op == OpINFO && len(enc) == infoLen(t.Sub, LayoutIGC, b.Version) {
			in.Len = uint16(len(enc))
			code.Write(enc)
		} else if t.Op == OpINFO {
			in.Op, in.Sub = 0, 0 // an INFO whose bytes could not be rebuilt is text only
		}
		s.insts[t.N] = in
		s.Text[t.N] = t
	}
	s.Code = code.Bytes()
	s.n = n
	ix := newWalkIndex(s.Code)
	ix.add(s.insts, 0)
	s.refs = ix.refs
	if cap(s.refs) > 2*len(s.refs)+64 {
		// add reserved a slot for every instruction of a long body; text
		// knows its INFO count exactly, and keeps that many.
		s.refs = slices.Clip(append(s.refs[:0:0], s.refs...))
	}
	return s
}

// FromText reports whether the stream was read from vISA text.
func (s *Stream) FromText() bool { return s.Text != nil }

// InstMnemonic returns the mnemonic of instruction i: as written for a
// stream read from text, from the opcode table otherwise.
func (s *Stream) InstMnemonic(i int) string {
	if s.Text != nil {
		if m := s.Text[i].Mnemonic(); m != "" {
			return m
		}
		return "?"
	}
	return s.Inst(i).Mnemonic()
}

// CanonicalText returns the text of instruction i of a stream read from
// vISA text as IGC's assembler reads it: names of addresses, predicates,
// samplers and surfaces by id, immediates without leading zeros,
// subroutines with their label id (TextCanon), the execution size in the
// printer's spelling (sourceForms; "(N)" as "(M1, N)" where only that
// parses, as parseCanonical reads it). A parsed instruction
// prints as this text, up to the length of runs of blanks (and a
// subroutine's label line is the last line of its print). It is the text
// as written for a body without declarations, and "" for binaries.
func (s *Stream) CanonicalText(i int) string {
	if s.Text == nil || i < 0 || i >= len(s.Text) {
		return ""
	}
	canon := sourceForms(s.Text[i].Text)
	if c, ok := s.names.(TextCanon); ok && s.Text[i].Text != "" {
		canon = sourceForms(c.CanonicalAt(s.Text[i].Text, s.Text[i].Line))
	}
	// A line that parses only with its bare execution size completed
	// ("ret (1)" as "ret (M1, 1)") is read as that: parse it to know.
	if m1 := bareExec(canon); m1 != canon && s.names != nil {
		var in Instruction
		in.sym = s.Symbols
		if got, err := parseCanonical(s.Text[i].Text, s.Version, s.names, s.Text[i].Line, in.parseText); err == nil {
			return got
		}
	}
	return canon
}

// TextVarID returns the id of the general variable name means in
// instruction i of a stream read from text, as its operands are parsed:
// with scopes ({ } blocks, IGC's .inline.visaasm), the innermost
// declaration visible on its line; ambiguous when several are equally
// visible (TextScopes). ok is false for a name the body does not declare
// and for binaries.
func (s *Stream) TextVarID(i int, name string) (id uint32, ambiguous, ok bool) {
	if s.Text == nil || s.names == nil || i < 0 || i >= len(s.Text) {
		return 0, false, false
	}
	return varID(s.names, name, s.Text[i].Line)
}

// Line returns the 1-based source line of instruction i of a stream read
// from text, or 0 (binaries, and $N the text does not show).
func (s *Stream) Line(i int) int {
	if s.Text == nil || i < 0 || i >= len(s.Text) {
		return 0
	}
	return int(s.Text[i].Line)
}

// TextError is a located error in vISA text: "file:line:column: expected
// X, found Y".
type TextError struct {
	File     string
	Line     int // 1-based
	Col      int // 1-based
	Expected string
	Found    string
	Msg      string // used instead of Expected/Found when set
}

// Error formats the error as "file:line:column: expected X, found Y".
func (e *TextError) Error() string {
	if e.Msg != "" {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: expected %s, found %s", e.File, e.Line, e.Col, e.Expected, e.Found)
}

// BOM is the UTF-8 byte-order mark some editors put first.
const BOM = "\ufeff"

// directives are the words that start a line of vISA text.
var directives = map[string]bool{
	".version": true, ".kernel": true, ".global_function": true, ".function": true,
	".funcdecl": true, ".decl": true, ".input": true, ".parameter": true,
	".kernel_attr": true,
}

// IsText reports whether data is vISA text: its first line that is neither
// blank nor a comment starts with a vISA directive. A zebin ELF with
// .visaasm sections also counts. Decode refuses such input: the reader is
// decoder/visatext (visatext.Decode takes any input).
func IsText(data []byte) bool {
	if hasTextSections(data) {
		return true
	}
	for line := range bytes.Lines(bytes.TrimPrefix(data, []byte(BOM))) {
		t := bytes.TrimSpace(line)
		if len(t) == 0 || bytes.HasPrefix(t, []byte("//")) {
			continue
		}
		word := t
		if i := bytes.IndexAny(t, " \t"); i >= 0 {
			word = t[:i]
		}
		return directives[string(word)] || bytes.HasPrefix(word, []byte(".implicit_"))
	}
	return false
}

// FromText reports whether the instruction was read from vISA text: its
// bytes were rebuilt from the line, and it has no file offset (Off is -1).
func (in *Info) FromText() bool { return in.s != nil && in.s.Text != nil }

// Line returns the 1-based text line of an INFO read from vISA text, or 0.
func (in *Info) Line() int {
	if !in.FromText() {
		return 0
	}
	return in.s.Line(in.Inst)
}

// TextParseError returns why instruction i of a stream read from text is
// kept as text (its line does not parse into its opcode's operands, or
// does not print back exactly), or nil when it parses (and for INFO, whose
// bytes are rebuilt, and binaries).
func (s *Stream) TextParseError(i int) error {
	if s.Text == nil || i < 0 || i >= len(s.Text) || s.Text[i].Text == "" || s.insts[i].Len > 0 {
		return nil
	}
	if s.names == nil {
		return fmt.Errorf("the body's names are not known")
	}
	var in Instruction
	in.sym = s.Symbols
	return in.parseLine(s.Text[i].Text, s.Version, s.names, s.Text[i].Line)
}

// TextLayout is the layout of a file read from vISA text: every line and
// the instruction it holds, so that the file can be printed back (dump
// --visaasm) with each instruction's text made again from the instruction
// model. It is built on demand (File.TextLayout) from the text and the
// instructions' lines, so that reading text costs nothing for it.
type TextLayout struct {
	Lines        []TextLine
	FinalNewline bool // the last line ends in a newline
	BOM          bool // the text began with a UTF-8 byte-order mark
	// Printed: instruction lines carry IGC's "/// $N" comments, as in
	// the printer's output (a dump); source text a person wrote has none.
	Printed bool
}

// TextLine is one line of a file read from vISA text.
type TextLine struct {
	Raw string // the line as written, without its line end
	// CR: the line ended in "\r\n" (or in a last "\r"), as a dump
	// written on Windows does; Raw holds it without the "\r", so that the
	// line reads as the parser read it.
	CR bool
	// Stream and Inst locate the instruction the line holds (Inst its $N)
	// in File.Streams; -1 for a line that holds none (a declaration, a
	// comment, a line in error).
	Stream, Inst int32
	// Prefix is the length of what comes before the instruction's text:
	// its indentation, or the .kernel_attr the printer writes the first
	// instruction after.
	Prefix int32
	// Num is the number of the line's "/// $N" comment as written, or -1:
	// it is the instruction's $N but in an .inline.visaasm, whose
	// comments skip the inline blocks' instructions.
	Num int32
}

// TextLayout returns the layout of f's text, or nil when f was not read
// from one text (a binary, a zebin's sections).
func (f *File) TextLayout() *TextLayout {
	if len(f.Streams) == 0 || !f.Streams[0].FromText() || bytes.HasPrefix(f.Data, []byte("\x7fELF")) {
		return nil
	}
	data := string(f.Data)
	tl := &TextLayout{}
	if rest, ok := strings.CutPrefix(data, BOM); ok {
		data, tl.BOM = rest, true
	}
	tl.FinalNewline = strings.HasSuffix(data, "\n")
	tl.Lines = make([]TextLine, 0, strings.Count(data, "\n")+1)
	for l := range strings.Lines(data) {
		raw, cr := strings.CutSuffix(strings.TrimSuffix(l, "\n"), "\r")
		tl.Lines = append(tl.Lines, TextLine{Raw: raw, CR: cr, Stream: -1, Inst: -1, Num: -1})
	}
	for k, s := range f.Streams {
		for i := range s.Text {
			t := &s.Text[i]
			if t.Line <= 0 || int(t.Line) > len(tl.Lines) || int(t.Col) < 1 {
				continue
			}
			l := &tl.Lines[t.Line-1]
			l.Stream, l.Inst, l.Prefix = int32(k), int32(i), t.Col-1
			if c := strings.LastIndex(l.Raw, " /// $"); c >= 0 {
				if v, err := strconv.ParseInt(l.Raw[c+6:], 10, 32); err == nil && v >= 0 {
					l.Num, tl.Printed = int32(v), true
				}
			}
		}
	}
	return tl
}

// TextDeclared is implemented by TextNames of text whose .decl lines name
// addresses, predicates, samplers or surfaces otherwise than IGC prints
// them by id.
type TextDeclared interface {
	// Declared returns an instruction's text as IGC prints it with those
	// names as the body declares them.
	Declared(text string) string
}

// finishTextLine completes line l in b (its text from start, the
// instruction printed): as written if it is so already, else padded to
// column 80 of the instruction's indentation with " /// $N". ok reports
// whether that gives the line as written.
func finishTextLine(b []byte, start int, l *TextLine) (out []byte, ok bool) {
	if len(b)-start == len(l.Raw) && string(b[start:]) == l.Raw {
		return b, true
	}
	// IGC's form: padded to 80 columns counted from the instruction's
	// 4-space indentation, then its number.
	from := start + max(int(l.Prefix)-4, 0)
	for len(b)-from < 80 {
		b = append(b, ' ')
	}
	b = append(b, " /// $"...)
	n := int64(l.Inst)
	if l.Num >= 0 {
		n = int64(l.Num)
	}
	b = strconv.AppendInt(b, n, 10)
	return b, string(b[start:]) == l.Raw
}

// AppendTextLine appends line k of tl, a layout of f, printed again: a
// line that holds no instruction as written; an instruction's line as
// IGC's printer writes it, with the instruction's text made from the
// instruction model (in is scratch for its decode): the text before it,
// the instruction, padding to column 80 of the instruction's own
// indentation and " /// $N" when the line had that comment. model reports
// whether the line came out so; when that does not give the line as
// written (a line laid out by hand, an instruction kept as text), the line
// is appended as written. Either way the line is shown as Display shows
// it, tabs kept (they are blanks to vISA text): a comment or a name may
// hold an escape sequence, and the listing goes to a terminal. A line that
// ended in "\r\n" gets its "\r" back.
func (f *File) AppendTextLine(b []byte, tl *TextLayout, k int, in *Instruction) (out []byte, model bool) {
	start := len(b)
	out, model = f.appendTextLine(b, tl, k, in)
	for _, c := range out[start:] {
		if c < 0x20 && c != '\t' || c >= 0x7f {
			out = appendDisplayText(out[:start], string(out[start:]))
			break
		}
	}
	if tl.Lines[k].CR {
		out = append(out, '\r')
	}
	return out, model
}

// appendDisplayText appends s as AppendDisplay does, but for its tabs.
// Splitting at a tab splits no rune: a tab is one byte, never part of one.
func appendDisplayText(b []byte, s string) []byte {
	for {
		i := strings.IndexByte(s, '\t')
		if i < 0 {
			return AppendDisplay(b, s)
		}
		b = append(AppendDisplay(b, s[:i]), '\t')
		s = s[i+1:]
	}
}

// appendTextLine is AppendTextLine before the line is made safe to show
// and its "\r" put back.
func (f *File) appendTextLine(b []byte, tl *TextLayout, k int, in *Instruction) (out []byte, model bool) {
	l := &tl.Lines[k]
	if l.Inst < 0 || int(l.Stream) >= len(f.Streams) {
		return append(b, l.Raw...), false
	}
	s := f.Streams[l.Stream]
	i := int(l.Inst)
	if i >= s.NumInsts() || int(l.Prefix) > len(l.Raw) {
		return append(b, l.Raw...), false
	}
	start := len(b)
	b = append(b, l.Raw[:l.Prefix]...)
	t := &s.Text[i]
	switch {
	case t.Op == opLabel || t.Op == opSubroutine:
		b = append(b, t.Text...) // "name:", the label's own text
	default:
		if s.Decode(i, in); in.HasOperands() {
			b = in.AppendText(b)
		} else {
			return append(b[:start], l.Raw...), false
		}
	}
	if out, ok := finishTextLine(b, start, l); ok {
		return out, true
	}
	// IGC's assembler input (.inline.visaasm) names predicates,
	// addresses, samplers and surfaces as its .decl lines do, which IGC
	// renumbers when it parses them: print the instruction with those
	// names.
	if d, ok := s.names.(TextDeclared); ok {
		at := start + int(l.Prefix)
		if text := d.Declared(string(b[at:])); text != string(b[at:]) {
			b = append(b[:at], text...)
			if out, ok := finishTextLine(b, start, l); ok {
				return out, true
			}
		}
	}
	return append(b[:start], l.Raw...), false
}
