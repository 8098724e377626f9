package decoder

import (
	"errors"
	"strings"
	"testing"
)

// Native Gen code given by mistake is named for what it is: the Gen
// binaries that ship beside the vISA bodies of testdata/real (Gen8 to
// Gen12 platforms), a zebin ELF header and a patch-token header.
func TestNativeGenNamed(t *testing.T) {
	n := 0
	for name, data := range realFiles(t) {
		o, err := ParseObject(data, name)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range o.Kernels {
			for _, g := range b.GenBinaries {
				code := data[g.Offset : g.Offset+g.Size]
				if len(code) < 8*16 {
					continue // too short to tell from a vISA stream
				}
				n++
				f := Decode("k.gen", code, Options{})
				var fe *FormatError
				if len(f.Errors) != 1 || len(f.Streams) != 0 || !errors.As(f.Errors[0], &fe) || !errors.Is(fe, ErrNotVISA) || fe.Off != 0 || !strings.Contains(fe.Found, "native Gen machine code") {
					t.Errorf("%s %s platform %d: %v", name, b.Name, g.Platform, f.Errors)
				}
			}
		}
		// Every vISA body's instructions, read as a raw stream, stay vISA.
		for _, b := range o.Kernels {
			if _, ok := looksLikeGen(b.Code); ok && len(b.Code) > 0 {
				t.Errorf("%s %s: vISA instructions taken for Gen code", name, b.Name)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d Gen binaries", n)
	}
	elf := append([]byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\xcd\x00"), make([]byte, 48)...)
	for _, c := range []struct {
		data []byte
		want string
	}{
		{elf, "zebin"},
		{append([]byte("\x7fELF\x02\x01\x01"), make([]byte, 60)...), "an ELF file (machine 0)"},
		{append([]byte("CTNI"), make([]byte, 60)...), "patch-token"},
	} {
		f := Decode("k.bin", c.data, Options{})
		if len(f.Errors) != 1 || !errors.Is(f.Errors[0], ErrNotVISA) || !strings.Contains(f.Errors[0].Error(), c.want) {
			t.Errorf("%q: %v", c.want, f.Errors)
		}
	}
}
