package decoder

import (
	"bytes"
	"compress/gzip"
	"errors"
	"math/rand"
	"strings"
	"testing"

	"infoscope/sampledata/testkit"
)

// TestBinaryNotVISARefused: binary files that are not vISA (random bytes,
// an ELF, a PNG, gzip data, a ZIP, a PDF) are refused as not vISA, named
// for what their magic says when it is known, instead of being decoded
// as a raw stream that stops after a few junk instructions; --raw (and
// --offset, --layout, --hex=false) still read their bytes as a stream.
func TestBinaryNotVISARefused(t *testing.T) {
	rng := rand.New(rand.NewSource(19))
	junk := func(n int) []byte {
		b := make([]byte, n)
		rng.Read(b)
		return b
	}
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(bytes.Repeat([]byte("a vISA kernel, compressed\n"), 40))
	w.Close()
	// An x86-64 executable's header with no section table, and code.
	elf := make([]byte, 64)
	copy(elf, "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x3e\x00")
	elf = append(elf, junk(300)...)
	for _, c := range []struct {
		name string
		data []byte
		kind string
	}{
		{"png", append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR"), junk(500)...), "PNG image"},
		{"gzip", gz.Bytes(), "gzip"},
		{"zip", append([]byte("PK\x03\x04\x14\x00"), junk(400)...), "ZIP archive"},
		{"pdf", append([]byte("%PDF-1.7\n"), junk(400)...), "PDF"},
		{"jpeg", append([]byte("\xff\xd8\xff\xe0"), junk(400)...), "JPEG"},
		{"elf", elf, "ELF file (machine 62)"},
		{"random", junk(4096), "does not read as a raw vISA stream"},
	} {
		f := Decode(c.name, c.data, Options{})
		if len(f.Errors) != 1 || !errors.Is(f.Errors[0], ErrNotVISA) || !strings.Contains(f.Errors[0].Error(), c.kind) || len(f.Streams) != 0 {
			t.Errorf("%s: errors %v, %d streams", c.name, f.Errors, len(f.Streams))
		}
		if c.name == "elf" {
			continue // an ELF is never a raw stream
		}
		for _, o := range []Options{{Raw: true}, {Layout: LayoutIGC}, {Hex: HexOff}} {
			g := Decode(c.name, c.data, o)
			if len(g.Streams) != 1 || len(g.Errors) > 0 && errors.Is(g.Errors[0], ErrNotVISA) {
				t.Errorf("%s %+v: not read as a stream: %v", c.name, o, g.Errors)
			}
		}
	}
	// Random bytes of every size from 32 bytes up are refused: junk does
	// not walk 16 instructions of mostly common opcodes, nor to its end.
	for k := range 2000 {
		b := junk(32 + rng.Intn(8192))
		f := Decode("junk", b, Options{})
		if len(f.Streams) != 0 {
			t.Fatalf("random input %d (%d bytes) read as a raw stream: %d instructions, %v", k, len(b), f.Streams[0].NumInsts(), f.Errors)
		}
	}
}

// TestRawStreamsStillRead: real instruction streams without magic are
// still read as raw streams: every body of the oracle's objects, whole and
// cut short (a damaged stream keeps its located error, not "not vISA").
func TestRawStreamsStillRead(t *testing.T) {
	names := []string{"large_mix_1k", "mix_s2", "mix_legacy_skl", "func_s1", "info_channels", "info_min"}
	bodies := 0
	for _, n := range names {
		data := testkit.ReadFile(t, "testdata/oracle/"+n+".isa")
		obj := Decode(n, data, Options{})
		for _, s := range obj.Streams {
			code := s.Code
			if len(code) == 0 {
				continue
			}
			bodies++
			o := Options{Version: obj.Object.Version}
			whole := Decode(n, code, o)
			if len(whole.Streams) != 1 || len(whole.Errors) > 0 {
				t.Errorf("%s body %d (%d bytes): %v", n, bodies, len(code), whole.Errors)
			}
			if s.NumInsts() < minDamagedRun+2 {
				continue
			}
			cut := Decode(n, code[:int(s.Inst(minDamagedRun+1).Off)+1], o)
			if len(cut.Streams) != 1 || len(cut.Errors) == 0 || errors.Is(cut.Errors[0], ErrNotVISA) {
				t.Errorf("%s body %d cut short: %d streams, %v", n, bodies, len(cut.Streams), cut.Errors)
			}
		}
	}
	if bodies < 6 {
		t.Errorf("%d bodies: the test proves little", bodies)
	}
}

// TestRawCheckCostsNoRewalk: the plausibility check of a large raw stream
// reads a prefix through the cheap iterator, so the stream is not walked
// a second time, block by block, before its decode (it was: three times
// the time of dump on a 4 MiB stream, BenchmarkDumpText in tui/dump).
func TestRawCheckCostsNoRewalk(t *testing.T) {
	data := testkit.ReadFile(t, "testdata/oracle/large_mix_1k.isa")
	obj := Decode("large_mix_1k", data, Options{})
	body := obj.Streams[0].Code
	var code []byte
	for len(code) < 4<<20 {
		code = append(code, body...)
	}
	f := Decode("big", code, Options{Version: obj.Object.Version})
	if len(f.Streams) != 1 || len(f.Errors) > 0 {
		t.Fatalf("repeated body: %d streams, %v", len(f.Streams), f.Errors)
	}
	s := f.Streams[0]
	if s.NumInsts() <= mixSample {
		t.Fatalf("%d instructions: the test needs more than %d", s.NumInsts(), mixSample)
	}
	if a := testing.AllocsPerRun(3, func() { plausibleStream(s) }); a > 16 {
		t.Errorf("plausibleStream allocates %.0f times on %d instructions: it walks the stream again", a, s.NumInsts())
	}
}
