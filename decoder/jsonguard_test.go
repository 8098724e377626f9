package decoder

import (
	"testing"
	"unicode/utf8"
)

// TestJSONGuardLeads checks what JSONGuard's quick pass relies on: every
// rune it escapes (unsafeRune, above ASCII) is encoded starting with the
// byte 0xC2 or 0xE2.
func TestJSONGuardLeads(t *testing.T) {
	for r := rune(utf8.RuneSelf); r <= utf8.MaxRune; r++ {
		n := utf8.RuneLen(r)
		if n < 0 || !unsafeRune(r, n) {
			continue
		}
		if lead := utf8.AppendRune(nil, r)[0]; lead != 0xC2 && lead != 0xE2 {
			t.Errorf("U+%04X is escaped and starts with 0x%X", r, lead)
		}
	}
}
