package decoder

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf8"
)

// Display returns s, text read from an input, as it is safe to write to a
// terminal or a text output: control characters (C0, DEL, C1), the
// bidirectional overrides and isolates, and bytes that are not UTF-8 each
// become '?'. This is the one rule for every string of an input that a
// front end shows (names, instruction text, labels, comments, messages that
// quote input); JSON escapes its strings instead. A string pool, a quoted
// kernel name, a comment or a surface's v_name could otherwise carry escape
// sequences that the inspector, or an SSH client's terminal, would act on
// (retitle the window, clear the screen, colour what follows), or overrides
// that show text in another order than it is read.
func Display(s string) string {
	i := safePrefix(s)
	if i == len(s) {
		return s
	}
	return string(AppendDisplay(make([]byte, 0, len(s)), s))
}

// DisplayRow is Display of an instruction's text where it takes one row
// (a list, a diff line): a subroutine prints as two lines (.function
// "NAME" and its label), joined here by a space as in dump's text lines,
// not by Display's "?" for the line break.
func DisplayRow(s string) string {
	return Display(strings.ReplaceAll(s, "\n", " "))
}

// DisplayName is Display of a name's bytes. Names only label things (ids
// resolve by index), so cleaning them when read changes nothing but their
// display.
func DisplayName(b []byte) string {
	return Display(string(b))
}

// AppendDisplay appends s to b as Display shows it. Writers of text lines
// (dump's text and listing lines) append every string of an input through it.
func AppendDisplay(b []byte, s string) []byte {
	i := safePrefix(s)
	b = append(b, s[:i]...)
	for s = s[i:]; len(s) > 0; {
		r, n := utf8.DecodeRuneInString(s)
		if unsafeRune(r, n) {
			b = append(b, '?')
		} else {
			b = append(b, s[:n]...)
		}
		s = s[n:]
	}
	return b
}

// safePrefix is the length of s's leading printable ASCII.
func safePrefix(s string) int {
	i := 0
	for i < len(s) && s[i] >= 0x20 && s[i] < 0x7f {
		i++
	}
	return i
}

// unsafeRune reports whether the rune r, decoded from n bytes, is shown as
// '?': invalid UTF-8, C0 controls, DEL, C1 controls (0x9b is CSI to many
// terminals), and the bidirectional embeddings, overrides and isolates
// (U+202A-U+202E, U+2066-U+2069).
func unsafeRune(r rune, n int) bool {
	switch {
	case r == utf8.RuneError && n <= 1, r < 0x20, r >= 0x7f && r < 0xa0:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// JSONGuard returns a writer that passes JSON text to w with the runes
// Display would replace and JSON encoders leave as they are (C1 controls,
// bidirectional overrides) written as \u escapes, so that JSON Lines on a
// terminal act on nothing, and still decode to the input's own text. It
// is for JSON text only: there a rune above ASCII can only be inside a
// string. A rune split between two writes is held until the next.
func JSONGuard(w io.Writer) io.Writer { return &jsonGuard{w: w} }

type jsonGuard struct {
	w    io.Writer
	pend []byte // the start of a rune cut by the end of the last write
	buf  []byte
}

func (g *jsonGuard) Write(p []byte) (int, error) {
	data := p
	if len(g.pend) > 0 {
		data = append(g.pend, p...)
		g.pend = nil
	}
	// Every rune it escapes starts with 0xC2 (C1 controls) or 0xE2 (the
	// bidirectional controls; TestJSONGuardLeads): a write with neither
	// byte passes on uncopied, found by two IndexByte scans rather than a
	// walk of its runes (all of dump --json's output comes through here).
	if bytes.IndexByte(data, 0xC2) < 0 && bytes.IndexByte(data, 0xE2) < 0 {
		if _, err := g.w.Write(data); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	// Hold back an incomplete rune at the end.
	cut := len(data)
	for i := len(data) - 1; i >= 0 && i >= len(data)-utf8.UTFMax; i-- {
		if utf8.RuneStart(data[i]) {
			if !utf8.FullRune(data[i:]) {
				cut = i
			}
			break
		}
	}
	out := g.buf[:0]
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < cut; {
		if data[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(data[i:cut])
		if r != utf8.RuneError && unsafeRune(r, n) {
			out = append(out, data[start:i]...)
			out = append(out, '\\', 'u', hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15])
			start = i + n
		}
		i += n
	}
	out = append(out, data[start:cut]...)
	g.pend = append(g.pend[:0], data[cut:]...)
	g.buf = out
	if _, err := g.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}
