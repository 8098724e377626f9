// Package decoder reads Intel vISA object files and raw vISA instruction
// streams, walks every instruction, and decodes INFO (opcode 0x70,
// RESINFO/SAMPLEINFO) instructions into bit-exact field spans.
//
// The decoder imports no other package of this module. It never panics on
// input: every read is bounds-checked, every count is checked against the
// bytes that remain before anything is allocated, and failures are reported
// as *FormatError values that name the file, the kernel, the byte offset,
// what was expected and what was found.
package decoder

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// These are the sentinel errors wrapped by *FormatError; test with errors.Is.
var (
	// ErrTruncated means the input ended inside a field or instruction.
	ErrTruncated = errors.New("truncated")
	// ErrUnknownOpcode means an opcode byte names no instruction the
	// format defines (reserved or rejected by IGC's reader).
	ErrUnknownOpcode = errors.New("unknown opcode")
	// ErrUndetermined means an opcode exists but its binary length cannot
	// be determined (no writer ever produced it consistently).
	ErrUndetermined = errors.New("instruction length undetermined")
	// ErrBadMagic means an object file does not start with "CISA".
	ErrBadMagic = errors.New("bad magic")
	// ErrBadValue means a field holds a value the format does not allow.
	ErrBadValue = errors.New("bad value")
	// ErrTooLarge means a count or size cannot fit in the bytes that remain.
	ErrTooLarge = errors.New("count exceeds remaining bytes")
	// ErrNotVISA means the input is something else: native Gen code, an
	// ELF (zebin) file, or a C source with no vISA image in it.
	ErrNotVISA = errors.New("not vISA")
	// ErrBudget means an input would decode into more records or bytes
	// than its size allows (entries sharing one body, an input past
	// --max-input).
	ErrBudget = errors.New("over the decoding budget")
)

// FormatError is the one error type the decoder returns for bad input.
type FormatError struct {
	File     string // input name as given by the caller; may be empty
	Kernel   string // kernel or function name; empty for raw streams and the file header
	Off      int64  // absolute byte offset in the input where the problem was found
	Field    string // what was being read, e.g. "kernel[0].name_len"
	Expected string // what the format requires there
	Found    string // what the input holds there
	Err      error  // one of the sentinel errors above
}

// Error formats the error as "file: kernel K: byte 0xOFF: FIELD: expected X, found Y".
func (e *FormatError) Error() string {
	s := ""
	if e.File != "" {
		s = e.File + ": "
	}
	if e.Kernel != "" {
		s += "kernel " + clip(e.Kernel) + ": "
	}
	s += fmt.Sprintf("byte 0x%x: ", e.Off)
	if e.Field != "" {
		s += e.Field + ": "
	}
	switch {
	case e.Expected != "" && e.Found != "":
		s += "expected " + e.Expected + ", found " + e.Found
	case e.Expected != "":
		s += "expected " + e.Expected
	case e.Found != "":
		s += "found " + e.Found
	}
	if e.Err != nil && e.Expected == "" && e.Found == "" {
		s += e.Err.Error()
	} else if e.Err != nil {
		s += " (" + e.Err.Error() + ")"
	}
	return s
}

// Unwrap returns the sentinel error.
func (e *FormatError) Unwrap() error { return e.Err }

// located fills in the file and kernel of a *FormatError that lacks them.
func located(err error, file, kernel string) error {
	var fe *FormatError
	if errors.As(err, &fe) {
		if fe.File == "" {
			fe.File = file
		}
		if fe.Kernel == "" {
			fe.Kernel = kernel
		}
	}
	return err
}

// clipLen is how many bytes of the input a message quotes at most: a
// 10 MB token or a 64 KiB kernel name would otherwise be repeated whole.
const clipLen = 40

// clip cuts s, text taken from the input, to what a message quotes.
func clip(s string) string { return clipBytes(s) }

// Clip cuts s, text taken from an input (a name, a token), to what a
// message quotes: its first 40 bytes and its length. Messages that name
// something of the input quote it through Clip, so that a 100 KB label
// makes a line of a hundred bytes, not of 100 KB.
func Clip(s string) string { return clipBytes(s) }

// clipBytes is clip for bytes, which it does not copy whole: a bad token
// of megabytes costs the few dozen bytes quoted, not a string of it all.
func clipBytes[T string | []byte](s T) string {
	if len(s) <= clipLen {
		return string(s)
	}
	cut := clipLen
	for cut > clipLen-4 && cut > 0 && !utf8.RuneStart(s[cut]) {
		cut-- // do not split a character
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:cut], len(s))
}
