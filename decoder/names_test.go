package decoder

import (
	"strings"
	"testing"
)

// A kernel name carrying an escape sequence (a hostile binary clearing an
// SSH client's screen) reaches the screen as plain text.
func TestDisplayName(t *testing.T) {
	for in, want := range map[string]string{
		"info_main":          "info_main",
		"k\x1b[2J\x1b]0;x\a": "k?[2J?]0;x?",
		"tab\there\x7f":      "tab?here?",
		"c1\u009b31m":        "c1?31m",
		"bad\xff\xfeutf8":    "bad??utf8",
		"naïve_ключ":         "naïve_ключ",
	} {
		if got := DisplayName([]byte(in)); got != want {
			t.Errorf("DisplayName(%q) = %q, want %q", in, got, want)
		}
	}
}

// The object reader cleans names from the string pool.
func TestObjectNamesDisplaySafe(t *testing.T) {
	c := &cursor{data: []byte("ev\x1b[31mil\x00")}
	if got := c.cstring(64, "name"); got != "ev?[31mil" {
		t.Errorf("cstring: %q", got)
	}
}

// Bidirectional overrides show as '?' too: they would show a name in
// another order than it is read.
func TestDisplayBidi(t *testing.T) {
	if got := Display("a\u202eb\u2066c\u2069d"); got != "a?b?c?d" {
		t.Errorf("%q", got)
	}
}

// JSONGuard escapes C1 controls and bidi overrides, even split between
// two writes, and passes the rest as it is.
func TestJSONGuard(t *testing.T) {
	var b strings.Builder
	g := JSONGuard(&b)
	in := "{\"k\":\"é\u009b1m\u202ex\"}"
	cut := strings.Index(in, "\u009b") + 1 // inside the C1 rune
	if _, err := g.Write([]byte(in[:cut])); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Write([]byte(in[cut:])); err != nil {
		t.Fatal(err)
	}
	if want := `{"k":"é\u009b1m\u202ex"}`; b.String() != want {
		t.Errorf("%q, want %q", b.String(), want)
	}
}

// TestDisplayRow: a subroutine's two printed lines take one row joined by a
// space (a "?" stood for the line break in diff views), and what Display
// cleans is still cleaned.
func TestDisplayRow(t *testing.T) {
	for in, want := range map[string]string{
		".function \"sub_4\"\nsub_4:":  ".function \"sub_4\" sub_4:",
		"mov (M1, 8) V1(0,0)<1> 0x0:d": "mov (M1, 8) V1(0,0)<1> 0x0:d",
		"a\x1b]0;T\x07\nb":             Display("a\x1b]0;T\x07") + " b",
	} {
		if got := DisplayRow(in); got != want {
			t.Errorf("DisplayRow(%q) = %q, want %q", in, got, want)
		}
	}
}
