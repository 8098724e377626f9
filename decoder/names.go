package decoder

import "unicode/utf8"

// DisplayName returns a name read from input as it is safe to show on a
// terminal: control characters (C0, DEL, C1) and bytes that are not UTF-8
// become '?'. A binary's string pool or a text's quoted kernel name could
// otherwise carry escape sequences that the inspector, or an SSH client's
// terminal, would act on. Names only label things (ids resolve by index),
// so nothing but their display changes.
func DisplayName(b []byte) string {
	clean := true
	for _, c := range b {
		if c < 0x20 || c >= 0x7f {
			clean = false
			break
		}
	}
	if clean {
		return string(b)
	}
	out := make([]byte, 0, len(b))
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		switch {
		case r == utf8.RuneError && n <= 1, r < 0x20, r >= 0x7f && r < 0xa0:
			out = append(out, '?')
		default:
			out = append(out, b[:n]...)
		}
		b = b[n:]
	}
	return string(out)
}

// AppendDisplay appends s, text read from an input, to b as DisplayName
// shows it: control characters and bytes that are not UTF-8 become '?'.
// Writers of text for a terminal (dump's text and listing lines) append
// every string of an input through it; JSON escapes them instead.
func AppendDisplay(b []byte, s string) []byte {
	i := 0
	for i < len(s) && s[i] >= 0x20 && s[i] < 0x7f {
		i++
	}
	b = append(b, s[:i]...)
	for s = s[i:]; len(s) > 0; {
		r, n := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && n <= 1, r < 0x20, r >= 0x7f && r < 0xa0:
			b = append(b, '?')
		default:
			b = append(b, s[:n]...)
		}
		s = s[n:]
	}
	return b
}
