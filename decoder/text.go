package decoder

import (
	"bytes"
	"fmt"
)

// TextInst is one instruction of a body read from vISA text (IGC's
// .visaasm form). Text has no encoding: only INFO instructions get bytes,
// rebuilt from the line in the igc layout; every other instruction is kept
// as its text.
type TextInst struct {
	Line     int    // 1-based line of the instruction in its file
	Col      int    // 1-based column where its text starts
	N        int    // $N: its index in the body's binary instruction stream
	Mnemonic string // as written, e.g. "lsc_load.ugm" or "resinfo.RGBA"; "label" for labels
	Text     string // the instruction as written, without indentation or the /// comment
	Op, Sub  uint8  // opcode and sub-op when the mnemonic names one; 0 otherwise
	Bytes    []byte // the rebuilt INFO encoding; nil for any other instruction
}

// TextBody is one kernel or function read from vISA text.
type TextBody struct {
	Kind    BodyKind
	Name    string  // as the text prints it
	Version Version // from the body's .version line
	Symbols *Symbols
	Insts   []TextInst // in $N order
}

// NewTextStream builds the Stream of a body read from text. Its Code holds
// only the rebuilt INFO encodings, back to back; every Inst of the stream
// has the index $N (Stream.Insts[k] is instruction $k; gaps the text leaves
// are empty instructions), and its Infos are decoded from those bytes by
// the same code as a binary's, so they equal a binary's INFO in every field
// but the file offset: text has none, and Info.Off is -1.
func NewTextStream(b *TextBody) *Stream {
	s := &Stream{Kernel: b.Name, Version: b.Version, Layout: LayoutIGC, Symbols: b.Symbols}
	n := 0
	for _, t := range b.Insts {
		n = max(n, t.N+1)
	}
	s.Insts = make([]Inst, n)
	s.Text = make([]TextInst, n)
	var code bytes.Buffer
	for _, t := range b.Insts {
		if t.N < 0 {
			continue
		}
		in := Inst{Off: uint32(code.Len()), Len: uint16(len(t.Bytes)), Op: t.Op, Sub: t.Sub}
		if t.Op == OpINFO && len(t.Bytes) != infoLen(t.Sub, LayoutIGC, b.Version) {
			in.Op, in.Sub = 0, 0 // an INFO whose bytes could not be rebuilt is text only
		}
		if in.Op == OpINFO {
			code.Write(t.Bytes)
		} else {
			in.Len = 0
		}
		s.Insts[t.N] = in
		s.Text[t.N] = t
	}
	s.Code = code.Bytes()
	s.decodeInfos()
	for i := range s.Infos {
		s.Infos[i].Off = -1
	}
	return s
}

// FromText reports whether the stream was read from vISA text.
func (s *Stream) FromText() bool { return s.Text != nil }

// InstMnemonic returns the mnemonic of instruction i: as written for a
// stream read from text, from the opcode table otherwise.
func (s *Stream) InstMnemonic(i int) string {
	if s.Text != nil {
		if m := s.Text[i].Mnemonic; m != "" {
			return m
		}
		return "?"
	}
	return s.Insts[i].Mnemonic()
}

// Line returns the 1-based source line of instruction i of a stream read
// from text, or 0 (binaries, and $N the text does not show).
func (s *Stream) Line(i int) int {
	if s.Text == nil || i < 0 || i >= len(s.Text) {
		return 0
	}
	return s.Text[i].Line
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

// TextReader reads vISA text into a File; see RegisterTextReader.
type TextReader struct {
	// Detect reports whether data is vISA text (or a container of it).
	Detect func(data []byte) bool
	// Read decodes data.
	Read func(name string, data []byte) *File
}

var textReader *TextReader

// RegisterTextReader installs the reader Decode hands vISA text to. The
// text reader lives in its own package (decoder/visatext), which imports
// this one; it registers itself when imported, as image formats do.
func RegisterTextReader(r *TextReader) { textReader = r }
