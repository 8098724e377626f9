package tui

import (
	"strings"
	"unicode/utf8"

	"infoscope/decoder"
)

// guardFrame is the last line of defence between a frame and the terminal:
// every string of an input is cleaned where it is rendered
// (decoder.Display), and this pass drops whatever control sequence still
// got through a place that forgot, keeping only the theme's own SGR
// (colour) sequences and newlines. Dropped sequences had no width in the
// layout (ansi measures them as zero), so nothing moves. An SGR sequence
// from an input cannot be told from the theme's here: only Display at the
// point of rendering stops those.
func guardFrame(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			n := seqLen(s[i:])
			if isSGRAt(s, i) {
				b.WriteString(s[i : i+n])
			}
			i += n
		case c < 0x20 && c != '\n', c == 0x7f:
			i++
		case c < 0x80:
			b.WriteByte(c)
			i++
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if decoder.Display(s[i:i+n]) == s[i:i+n] || r == utf8.RuneError && n > 1 {
				b.WriteString(s[i : i+n])
			}
			i += n
		}
	}
	return b.String()
}

// isSGRAt reports whether s[i:] starts with a complete SGR sequence
// (ESC [ parameters m).
func isSGRAt(s string, i int) bool {
	if i+1 >= len(s) || s[i+1] != '[' {
		return false
	}
	for j := i + 2; j < len(s); j++ {
		switch c := s[j]; {
		case c >= '0' && c <= '9', c == ';', c == ':':
		case c == 'm':
			return true
		default:
			return false
		}
	}
	return false
}

// seqLen is the length of the escape sequence at the start of s (s[0] is
// ESC): a CSI up to its final byte, an OSC, DCS, SOS, PM or APC string up to
// BEL or ST, or ESC and the byte after it.
func seqLen(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[':
		for j := 2; j < len(s); j++ {
			if s[j] >= 0x40 && s[j] <= 0x7e {
				return j + 1
			}
			if s[j] < 0x20 || s[j] > 0x7e {
				return j // cut short: the rest is text
			}
		}
		return len(s)
	case ']', 'P', 'X', '^', '_':
		for j := 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
			if s[j] == '\n' {
				return j // never eat a line of the frame
			}
		}
		return len(s)
	}
	return 2
}
