package decoder

import (
	"strings"
	"testing"
)

// TestInfoOnePrinter: an INFO prints alike as an Info (the list, dump)
// and as an Instruction (the Code pane, dump --all), with one mask, for
// every exec byte, in both layouts, at version 3.0 (its own emask
// nibbles), 3.3 (16-bit ids) and 4.1, for known and unknown sub-ops and
// channel bytes with reserved bits.
func TestInfoOnePrinter(t *testing.T) {
	n := 0
	for _, layout := range []Layout{LayoutIGC, LayoutSeed} {
		for _, v := range []Version{{3, 0}, {3, 3}, {4, 1}} {
			for _, sub := range []uint8{0x0A, 0x0B, 0x2A, 0x2B, 0x00, 0xFF} {
				for ex := range 256 {
					for _, ch := range []uint8{0x0F, 0x00, 0x19, 0xF6} {
						code := []byte{OpINFO, sub, uint8(ex), ch, 7, 32, 0, 0, 0, 0, 0, 33, 0, 0, 0, 0, 0}[:infoLen(sub, layout, v)]
						s := Walk(code, 0, WalkOptions{Version: v, Layout: layout})
						if s.Err != nil || s.NumInfos() != 1 {
							t.Fatalf("%s %s % x: %v, %d INFO", layout, v, code, s.Err, s.NumInfos())
						}
						info := s.Info(0)
						var in Instruction
						s.Decode(0, &in)
						if a, b := info.Text(), in.Text(); a != b || in.Exec.Mask() != info.Mask {
							t.Fatalf("%s %s % x: Info %q (%s), Instruction %q (%s)", layout, v, code, a, info.Mask, b, in.Exec.Mask())
						}
						n++
					}
				}
			}
		}
	}
	if n != 2*3*6*256*4 {
		t.Fatalf("%d INFO compared", n)
	}
}

// TestExec30: version 3.0's reader maps the emask nibble of every exec
// byte, not INFO's only (IGC's transformMask): 9 is "default", M1.
func TestExec30(t *testing.T) {
	// mov (exec 0x94) V33(0,0)<1;1,0> 0x3f800000:f, 16-bit ids
	code := []byte{0x29, 0x94, 0x00, 0x00, 0x00, 0x21, 0x00, 0x00, 0x00, 0x21, 0x01, 0x05, 0x07, 0x00, 0x00, 0x80, 0x3F}
	for _, c := range []struct {
		v    Version
		want string
	}{{Version{3, 0}, "mov (M1, 16) "}, {Version{3, 3}, "mov (M2_NM, 16) "}} {
		s := Walk(code, 0, WalkOptions{Version: c.v, Layout: LayoutIGC})
		var in Instruction
		if s.Err != nil || s.NumInsts() != 1 {
			t.Fatalf("%s: %v", c.v, s.Err)
		}
		if s.Decode(0, &in); !strings.HasPrefix(in.Text(), c.want) {
			t.Errorf("%s: %q, want %q...", c.v, in.Text(), c.want)
		}
	}
}

// BenchmarkInfoText decodes and prints every INFO of the oracle's
// info_channels.isa (60 INFO; ns/op is per file): as an Info (the list,
// dump's INFO lines) and as an Instruction (the Code pane, dump --all),
// through the one printer.
func BenchmarkInfoText(b *testing.B) {
	s := Decode("info_channels.isa", oracleFiles(b)["info_channels.isa"], Options{}).Streams[0]
	buf := make([]byte, 0, 256)
	b.Run("info", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for k := range s.NumInfos() {
				in := s.Info(k)
				buf = in.AppendText(buf[:0])
			}
		}
	})
	b.Run("instruction", func(b *testing.B) {
		var in Instruction
		b.ReportAllocs()
		for b.Loop() {
			for k := range s.NumInfos() {
				s.DecodeInfo(k, &in)
				buf = in.AppendText(buf[:0])
			}
		}
	})
}
