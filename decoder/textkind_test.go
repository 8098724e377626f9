package decoder

import (
	"errors"
	"strings"
	"testing"
)

// Text that is not vISA (a README, Go source, /etc/passwd, a TSV file) is
// refused with an error that names what it looks like, instead of being
// decoded as a raw stream of junk or called native Gen code; --offset or
// --layout still read its bytes as a stream (or as whatever else they
// are). A stream of printable one-byte opcodes is still a stream.
func TestTextNotVISARefused(t *testing.T) {
	for _, c := range []struct{ text, kind string }{
		{"# infoscope\n\nA terminal inspector.\n\n```sh\ninfoscope dump k.isa\n```\n", "Markdown"},
		{"package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(1) }\n", "Go source"},
		{"root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n", "passwd"},
		{"file\trepo\tpath\na.visaasm\tintel/x\tdump/a\nb.visaasm\tintel/y\tdump/b\n", "TSV"},
		{"some notes about the kernel\nthat we looked at today\n", "plain text"},
	} {
		f := Decode("in", []byte(c.text), Options{})
		if len(f.Errors) != 1 || !errors.Is(f.Errors[0], ErrNotVISA) || !strings.Contains(f.Errors[0].Error(), c.kind) || len(f.Streams) != 0 {
			t.Errorf("%s: errors %v, %d streams", c.kind, f.Errors, len(f.Streams))
		}
		if strings.Contains(f.Errors[0].Error(), "Gen") {
			t.Errorf("%s: called Gen code: %v", c.kind, f.Errors[0])
		}
		if g := Decode("in", []byte(c.text), Options{Layout: LayoutIGC}); len(g.Errors) > 0 && strings.Contains(g.Errors[0].Error(), "text that is none of them") {
			t.Errorf("%s with --layout igc: still refused as text: %v", c.kind, g.Errors)
		}
	}
}
