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
