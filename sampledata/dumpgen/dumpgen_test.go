package dumpgen

import (
	"strings"
	"testing"

	"infoscope/decoder/visatext"
)

// TestReadable: every generated kernel, and its changed copy, reads as
// vISA text without an error, every instruction parsed.
func TestReadable(t *testing.T) {
	a := Build(1, 4, 300)
	b, added, changed := Change(a)
	if added != 4 || changed != 4 {
		t.Fatalf("added %d changed %d", added, changed)
	}
	for i := range a {
		for _, k := range []Kernel{a[i], b[i]} {
			f := visatext.Read(k.Name, []byte(k.Text))
			if len(f.Errors) > 0 {
				t.Fatalf("%s: %v", k.Name, f.Errors[0])
			}
			if len(f.Streams) != 1 || f.Streams[0].NumInsts() < 300 {
				t.Fatalf("%s: %d streams", k.Name, len(f.Streams))
			}
		}
		if !strings.Contains(b[i].Text, "0x2a:d") || a[i].Text == b[i].Text {
			t.Fatalf("%s: not changed", a[i].Name)
		}
	}
}
