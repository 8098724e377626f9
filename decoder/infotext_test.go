package decoder

import (
	"path/filepath"
	"strings"
	"testing"

	"infoscope/sampledata/testkit"
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
// byte, not INFO's only, and of scatter and gather's num_elts (IGC's
// transformMask): 9 is "default", M1.
func TestExec30(t *testing.T) {
	// mov (exec 0x94) V33(0,0)<1;1,0> 0x3f800000:f, 16-bit ids
	mov := []byte{0x29, 0x94, 0x00, 0x00, 0x00, 0x21, 0x00, 0x00, 0x00, 0x21, 0x01, 0x05, 0x07, 0x00, 0x00, 0x80, 0x3F}
	// scatter.2 (num_elts 0x91) T6 0x3f800000:f V43.64 V43.64
	scatter := []byte{0x3A, 0x01, 0x91, 0x06, 0x05, 0x07, 0x00, 0x00, 0x80, 0x3F, 0x2B, 0x00, 0x40, 0x00, 0x2B, 0x00, 0x40, 0x00}
	for _, c := range []struct {
		code []byte
		v    Version
		want string
	}{
		{mov, Version{3, 0}, "mov (M1, 16) "}, {mov, Version{3, 3}, "mov (M2_NM, 16) "},
		{scatter, Version{3, 0}, "scatter.2 (M1, 16) "}, {scatter, Version{3, 3}, "scatter.2 (M2_NM, 16) "},
	} {
		s := Walk(c.code, 0, WalkOptions{Version: c.v, Layout: LayoutIGC})
		var in Instruction
		if s.Err != nil || s.NumInsts() != 1 {
			t.Fatalf("%s: %v", c.v, s.Err)
		}
		if s.Decode(0, &in); !strings.HasPrefix(in.Text(), c.want) {
			t.Errorf("%s: %q, want %q...", c.v, in.Text(), c.want)
		}
	}
}

// TestGenXIR30 checks INFO's mask against GenX_IR's dump of objects whose
// resinfo carries each kind of emask nibble at version 3.0 (and two at 3.3,
// where the nibble means what it does today): the Info's text and the
// Instruction's (the Code pane's) are Intel's line.
func TestGenXIR30(t *testing.T) {
	files, _ := filepath.Glob("testdata/genxir30/*.isa")
	if len(files) != 7 {
		t.Fatalf("%d objects in testdata/genxir30, want 7", len(files))
	}
	for _, isa := range files {
		want := parseDisassembly(t, strings.TrimSuffix(isa, ".isa")+".dis.visaasm")
		data := testkit.ReadFile(t, isa)
		f := Decode(isa, data, Options{})
		if len(f.Errors) > 0 || len(f.Streams) == 0 || len(want) != 1 || len(want[0].infos) != 1 || f.Streams[0].NumInfos() != 1 {
			t.Fatalf("%s: %v, %d streams; dump %+v", isa, f.Errors, len(f.Streams), want)
		}
		s := f.Streams[0]
		var in Instruction
		s.Decode(s.InfoInst(0), &in)
		if got, inst := s.Info(0).Text(), in.Text(); got != want[0].infos[0] || inst != got {
			t.Errorf("%s: Info %q, Instruction %q, GenX_IR %q", filepath.Base(isa), got, inst, want[0].infos[0])
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
