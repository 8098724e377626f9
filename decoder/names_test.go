package decoder

import "testing"

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
