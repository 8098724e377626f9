package decoder

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// locatedIn returns an error unless every error of f is a *FormatError
// naming the file, with an offset inside an input of n bytes.
func locatedIn(f *File, n int) error {
	for _, e := range f.Errors {
		var fe *FormatError
		if !errors.As(e, &fe) {
			return fmt.Errorf("error %v is not a *FormatError", e)
		}
		if fe.File != f.Name || fe.Off < 0 || fe.Off > int64(n) {
			return fmt.Errorf("error %q: file %q, offset %d; want file %q and an offset within 0..%d", e, fe.File, fe.Off, f.Name, n)
		}
	}
	return nil
}

func checkLocated(t *testing.T, f *File, n int, what string) {
	t.Helper()
	if err := locatedIn(f, n); err != nil {
		t.Fatalf("%s[:%d]: %v", what, n, err)
	}
}

// TestTruncateObjects cuts every object file (samples and oracle) at every
// length from 1 byte to one short of the whole, and requires a located
// error each time. (The empty prefix is no object file: it decodes as an
// empty raw stream.) A prefix that happens to end on an instruction
// boundary must still fail: the body's size field then points past the
// end; so must a prefix that cuts a kernel's gen binary.
func TestTruncateObjects(t *testing.T) {
	all := map[string][]byte{}
	for n, b := range sampleFiles(t) {
		if strings.HasSuffix(n, ".isa") {
			all[n] = b
		}
	}
	for n, b := range oracleFiles(t) {
		all[n] = b
	}
	for name, data := range all {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			misses, unlocated := 0, 0
			for l := 1; l < len(data); l++ {
				// -short: every length in the first 4 KiB (header and
				// metadata) and the last 64 bytes, a sample in between.
				if testing.Short() && l > 4096 && l < len(data)-64 && l%61 != 0 {
					continue
				}
				f := Decode(name, data[:l:l], Options{})
				if err := locatedIn(f, l); err != nil {
					if unlocated < 2 {
						t.Errorf("prefix of %d bytes: %v", l, err)
					}
					unlocated++
				}
				if len(f.Errors) == 0 {
					if misses < 2 {
						t.Errorf("prefix of %d of %d bytes decodes without error", l, len(data))
					}
					misses++
				}
			}
			if misses+unlocated > 0 {
				t.Errorf("of %d proper prefixes, %d decode without error and %d give an error located outside the input", len(data)-1, misses, unlocated)
			}
		})
	}
}

// TestTruncateStreams cuts the raw-stream samples at every length. In the
// stream's own layout a prefix is an error exactly when it does not end on
// an instruction boundary, and the error is at or after the last whole
// instruction; with auto-detection every error must still be located.
func TestTruncateStreams(t *testing.T) {
	for _, c := range []struct {
		name   string
		layout Layout
	}{{"stream_igc.bin", LayoutIGC}, {"stream_seed.bin", LayoutSeed}} {
		data := sampleFiles(t)[c.name]
		whole := Decode(c.name, data, Options{Layout: c.layout})
		if len(whole.Errors) > 0 {
			t.Fatalf("%s: %v", c.name, whole.Errors)
		}
		// An empty input is an error (there is nothing to decode), so 0 is
		// not a clean boundary.
		bounds := map[int]bool{}
		for _, in := range whole.Streams[0].Insts() {
			bounds[int(in.Off)+int(in.Len)] = true
		}
		for l := 0; l < len(data); l++ {
			p := data[:l:l]
			f := Decode(c.name, p, Options{Layout: c.layout, Hex: HexOff})
			checkLocated(t, f, l, c.name)
			if got := len(f.Errors) > 0; got == bounds[l] {
				t.Errorf("%s[:%d]: errors %v, want error %v", c.name, l, f.Errors, !bounds[l])
			}
			if len(f.Errors) > 0 {
				var fe *FormatError
				errors.As(f.Errors[0], &fe)
				if len(f.Streams) == 0 {
					continue
				}
				s := f.Streams[0]
				if end := streamEnd(s); fe.Off < int64(end) {
					t.Errorf("%s[:%d]: error at %d, before the end of the last whole instruction (%d)", c.name, l, fe.Off, end)
				}
			}
			checkLocated(t, Decode(c.name, p, Options{Hex: HexOff}), l, c.name+" auto")
		}
	}
}

// TestTruncateHex cuts the hex text at every byte: never a panic, every
// error located in the text or in the bytes it holds.
func TestTruncateHex(t *testing.T) {
	text := sampleFiles(t)["stream.hex"]
	for l := 0; l < len(text); l++ {
		f := Decode("stream.hex", text[:l:l], Options{})
		checkLocated(t, f, max(l, len(f.Data)), "stream.hex")
	}
}
