package decoder

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"infoscope/sampledata"
)

// fuzzSeeds adds every sample and oracle binary (and, for the raw-stream
// target, every body's instruction bytes) to the corpus.
func fuzzSeeds(f *testing.F, bodies bool) {
	seeds := sampleFiles(f)
	for n, b := range oracleFiles(f) {
		seeds[n] = b
	}
	// The shipped binaries: whole when small, else their first 16 KiB
	// (headers with relocation tables and file-scope variables, bodies).
	for n, b := range realFiles(f) {
		seeds[n] = b[:min(len(b), 16<<10)]
	}
	seeds["source.c"] = []byte(cStyles["uchar_hex"].source("k", seeds["50d63e3d7724.isa"]))
	for _, data := range seeds {
		f.Add(data)
		if !bodies {
			continue
		}
		if o, err := ParseObject(data, ""); err == nil {
			for _, b := range o.Bodies() {
				if len(b.Code) > 0 {
					f.Add(b.Code)
				}
			}
		}
	}
}

// checkFile is what every fuzz target asserts about a decode: every error
// is a located *FormatError inside the input; each stream's instructions
// tile its decoded prefix with no gap or overlap; every INFO is one of
// those instructions and its fields cover its bits exactly once.
func checkFile(f *File, inputLen int) error {
	if f.Parts != nil {
		return checkSource(f)
	}
	if err := locatedIn(f, max(inputLen, len(f.Data))); err != nil {
		return err
	}
	for _, s := range f.Streams {
		if err := checkStream(s); err != nil {
			return err
		}
		if s.Base < 0 || s.Base+int64(len(s.Code)) > int64(len(f.Data)) {
			return fmt.Errorf("stream %q at %d+%d lies outside the %d-byte data", s.Kernel, s.Base, len(s.Code), len(f.Data))
		}
	}
	return nil
}

// checkSource checks a C source's decode: each image as a file of its own,
// and every error located in the source or in one of its images.
func checkSource(f *File) error {
	parts := map[string]*File{}
	for _, p := range f.Parts {
		if !strings.HasPrefix(p.Name, f.Name+":") || len(p.Data) < 4 || string(p.Data[:4]) != Magic {
			return fmt.Errorf("part %q of %q: %d bytes, % x", p.Name, f.Name, len(p.Data), p.Data[:min(4, len(p.Data))])
		}
		parts[p.Name] = p
		if err := checkFile(p, len(p.Data)); err != nil {
			return err
		}
	}
	for _, e := range f.Errors {
		var fe *FormatError
		if !errors.As(e, &fe) {
			return fmt.Errorf("error %v is not a *FormatError", e)
		}
		n := len(f.Data)
		if p := parts[fe.File]; p != nil {
			n = len(p.Data)
		} else if fe.File != f.Name {
			return fmt.Errorf("error %q names %q, neither the source nor an image", e, fe.File)
		}
		if fe.Off < 0 || fe.Off > int64(n) {
			return fmt.Errorf("error %q: offset %d outside 0..%d", e, fe.Off, n)
		}
	}
	return nil
}

func checkStream(s *Stream) error {
	pos := 0
	for i, in := range s.Insts() {
		if int(in.Off) != pos || in.Len == 0 {
			return fmt.Errorf("%s: instruction %d at %d (len %d), want it at %d", s.Kernel, i, in.Off, in.Len, pos)
		}
		pos += int(in.Len)
		if pos > len(s.Code) {
			return fmt.Errorf("%s: instruction %d ends at %d, past the %d-byte code", s.Kernel, i, pos, len(s.Code))
		}
		if s.Code[in.Off] != in.Op {
			return fmt.Errorf("%s: instruction %d: Op 0x%02x, byte 0x%02x", s.Kernel, i, in.Op, s.Code[in.Off])
		}
	}
	// The walk either consumed the whole code or says why it stopped.
	if s.Err == nil && pos != len(s.Code) {
		return fmt.Errorf("%s: decoded %d of %d bytes without an error", s.Kernel, pos, len(s.Code))
	}
	if s.Err != nil {
		var fe *FormatError
		if !errors.As(s.Err, &fe) || fe.Off < s.Base+int64(pos) || fe.Off > s.Base+int64(len(s.Code)) {
			return fmt.Errorf("%s: walk error %v is not located in the undecoded rest [%d, %d]", s.Kernel, s.Err, s.Base+int64(pos), s.Base+int64(len(s.Code)))
		}
	}
	if err := checkOperands(s); err != nil {
		return err
	}
	last := -1
	for k := range s.NumInfos() {
		in := s.Info(k)
		if in.Inst <= last || in.Inst >= s.NumInsts() || s.Inst(in.Inst).Op != OpINFO {
			return fmt.Errorf("%s: INFO %d names instruction %d", s.Kernel, k, in.Inst)
		}
		last = in.Inst
		if in.Off != s.AbsOff(in.Inst) || len(in.Bytes()) != int(s.Inst(in.Inst).Len) || len(in.Diagnostics()) != in.NumDiagnostics() {
			return fmt.Errorf("%s: INFO %d at %d (%d bytes) is not instruction %d", s.Kernel, k, in.Off, len(in.Bytes()), in.Inst)
		}
		if err := fieldsCover(in); err != nil {
			return fmt.Errorf("%s: INFO at 0x%x: %v", s.Kernel, in.Off, err)
		}
		// Its operands: DecodeInfo's, read from the form, and the
		// operand decoder's are Decode's.
		var got, written, table Instruction
		s.DecodeInfo(k, &got)
		s.decodeWith(s.Inst(in.Inst), in.Inst, &written, true)
		s.decodeWith(s.Inst(in.Inst), in.Inst, &table, false)
		if d := sameInstruction(&got, &written); d != "" {
			return fmt.Errorf("%s: INFO %d: DecodeInfo %s", s.Kernel, k, d)
		}
		if d := sameInstruction(&written, &table); d != "" {
			return fmt.Errorf("%s: INFO %d: written out %s", s.Kernel, k, d)
		}
		_ = in.Text()
		_ = in.AppendSeedText(nil)
	}
	infos := 0
	for _, in := range s.Insts() {
		if in.Op == OpINFO {
			infos++
		}
	}
	if infos != s.NumInfos() {
		return fmt.Errorf("%s: %d INFO instructions, %d Infos", s.Kernel, infos, s.NumInfos())
	}
	return nil
}

// checkOperands decodes every instruction's operands and prints it: the
// operand decoder, driven by the same table row as the walk, must read
// exactly the instruction's bytes, and printing must not fail.
func checkOperands(s *Stream) error {
	var in Instruction
	var b []byte
	for i := range s.NumInsts() {
		s.Decode(i, &in)
		if in.row != nil && in.consumed != int(s.Inst(i).Len) && !(in.Op == OpINFO && s.Layout == LayoutSeed) {
			return fmt.Errorf("%s: instruction %d (%s, %d bytes): operands read %d bytes", s.Kernel, i, in.Mnemonic, s.Inst(i).Len, in.consumed)
		}
		if in.Index != i || in.N > MaxOperands || len(in.Diagnostics()) != in.NumDiagnostics() {
			return fmt.Errorf("%s: instruction %d: index %d, %d operands", s.Kernel, i, in.Index, in.N)
		}
		for _, a := range in.Args[:in.N] {
			if a == nil {
				return fmt.Errorf("%s: instruction %d: nil operand", s.Kernel, i)
			}
			_ = in.AppendOperandText(nil, a)
		}
		b = in.appendLine(b[:0])
	}
	return nil
}

// FuzzDecodeOperands decodes and prints every instruction of arbitrary
// bytes walked as a stream, with and without symbol tables, and the whole
// listing of arbitrary bytes read as an object file.
func FuzzDecodeOperands(f *testing.F) {
	fuzzSeeds(f, true)
	full := &Symbols{Vars: docSymbols.Vars, Surfaces: docSymbols.Surfaces, Labels: []LabelInfo{{Name: "L.a$", Kind: 1}}, Strings: []string{"f", "\x01\"q"}, Addrs: 1, Preds: 2, Samplers: 1, Full: true}
	f.Fuzz(func(t *testing.T, code []byte) {
		for _, v := range []Version{{4, 1}, {3, 3}, {3, 1}} {
			for _, sym := range []*Symbols{nil, full} {
				s := Walk(code, 0, WalkOptions{File: "fuzz", Version: v, Layout: LayoutIGC, Symbols: sym})
				if err := checkOperands(s); err != nil {
					t.Fatalf("%s: %v", v, err)
				}
			}
		}
		if o, err := ParseObject(code, "fuzz"); err == nil {
			for _, b := range o.Bodies() {
				if b.Err == nil {
					b.Walk("fuzz", o.Version.BestEffort(), LayoutIGC)
				}
			}
			if err := o.WriteVisaasm(io.Discard); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// The fuzz oracles' bounds on one decode: bytes allocated per input byte
// and a fixed allowance (the File, the object's tables of entries, error
// messages); records decoded per input byte (time: the walks and the
// front ends' work are linear in the records), with hex text counted by
// the bytes it converts to.
const (
	fuzzAllocPerByte = maxAllocPerByte
	fuzzAllocFixed   = 64 << 10
)

// leastAllocs returns the least f allocates in three runs: the counter is
// the process's, and a fuzzing worker's own goroutines allocate now and
// then while f runs.
func leastAllocs(f func()) uint64 {
	least := allocs(f)
	for range 2 {
		least = min(least, allocs(f))
	}
	return least
}

// decodeBounded decodes data and checks that the decode allocated and
// produced no more than the bounds allow for its size.
func decodeBounded(t *testing.T, data []byte, o Options) *File {
	t.Helper()
	// The first decode compiles the opcode table of the file's version
	// (once per process); the next are measured.
	Decode("fuzz", data, o)
	var file *File
	decode := func() { file = Decode("fuzz", data, o) }
	// One measure decides almost every input; only one over the bound is
	// measured again (the least of three), so that a GC cycle's or the
	// runtime's own allocations landing in the window do not fail it.
	limit := fuzzAllocPerByte*uint64(len(data)) + fuzzAllocFixed
	got := allocs(decode)
	if got > limit {
		got = leastAllocs(decode)
	}
	if got > limit {
		t.Fatalf("%d-byte input (%+v): %d bytes allocated, more than %d", len(data), o, got, limit)
	}
	if n := countRecords(file); n > recordsPerByte*len(data) {
		t.Fatalf("%d-byte input (%+v): %d instructions decoded, more than %d per byte", len(data), o, n, recordsPerByte)
	}
	return file
}

// FuzzDecodeObject decodes arbitrary input as a file (object, raw or hex),
// within the per-byte bounds of allocation and records.
func FuzzDecodeObject(f *testing.F) {
	fuzzSeeds(f, false)
	// Entries sharing one body, and bodies of their own on one region of
	// code: the amplification shapes.
	f.Add(sampledata.AmplifiedObject(40, bytes.Repeat([]byte{0x59}, 4<<10)))
	f.Add(overlapping(40, bytes.Repeat([]byte{0x59}, 4<<10)))
	f.Add(nestedHeaders(40))
	var src bytes.Buffer
	src.WriteString("unsigned char k[] = {")
	for _, c := range nestedHeaders(40) {
		fmt.Fprintf(&src, "%d,", c)
	}
	f.Add(append(src.Bytes(), "};\n"...))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, l := range []Layout{LayoutAuto, LayoutSeed} {
			file := decodeBounded(t, data, Options{Layout: l})
			if err := checkFile(file, len(data)); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// FuzzWalkRaw walks arbitrary bytes as an instruction stream in both
// layouts and at a narrow and a wide version.
func FuzzWalkRaw(f *testing.F) {
	fuzzSeeds(f, true)
	f.Fuzz(func(t *testing.T, code []byte) {
		for _, v := range []Version{{4, 1}, {3, 3}, {3, 0}} {
			for _, l := range []Layout{LayoutIGC, LayoutSeed} {
				s := Walk(code, 7, WalkOptions{File: "fuzz", Version: v, Layout: l, Symbols: docSymbols})
				if err := checkStream(s); err != nil {
					t.Fatalf("%s %s: %v", v, l, err)
				}
			}
		}
		file := decodeBounded(t, code, Options{Hex: HexOff})
		if err := checkFile(file, len(code)); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzCSource reads arbitrary text as a C source: no panic, errors located
// in the text, every image starting with the magic inside its array.
func FuzzCSource(f *testing.F) {
	small := realFiles(f)["50d63e3d7724.isa"]
	for _, gen := range cStyles {
		f.Add([]byte(gen.source("k", small)))
	}
	f.Add([]byte("/* { */ #if 0\nchar a[] = {0x43};\n#endif\nconst uint8_t b[2] = { 'C', '\\x49', -1 };\n#define b_SIZE 2\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		cs := ParseCSource("fuzz.c", src)
		for _, e := range cs.Errors {
			var fe *FormatError
			if !errors.As(e, &fe) || fe.File != "fuzz.c" || fe.Off < 0 || fe.Off > int64(len(src)) {
				t.Fatalf("error %v not located in the %d-byte source", e, len(src))
			}
		}
		for _, a := range cs.Arrays {
			if a.Width < 1 || a.Width > 8 || len(a.Data) > len(src)*a.Width {
				t.Fatalf("array %s: width %d, %d bytes from a %d-byte source", a.Name, a.Width, len(a.Data), len(src))
			}
			for _, img := range a.Images {
				if img.Off < 0 || img.Off+len(img.Data) > len(a.Data) || string(img.Data[:4]) != Magic {
					t.Fatalf("image %s at %d+%d of %d", img.Name, img.Off, len(img.Data), len(a.Data))
				}
			}
		}
		if err := checkFile(Decode("fuzz.c", src, Options{}), len(src)); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzParseHex converts arbitrary text: an error is located inside the
// text; a success round-trips through plain hex.
func FuzzParseHex(f *testing.F) {
	for n, b := range sampleFiles(f) {
		if strings.HasSuffix(n, ".hex") {
			f.Add(b)
		}
	}
	f.Add([]byte("0x70, 0x0a, 0x04 // comment\n70 0b # more\n00000000: 700a 040f  p..."))
	f.Fuzz(func(t *testing.T, text []byte) {
		var b []byte
		var err error
		// The output is the only allocation, at most half the text; an
		// error quotes a few dozen bytes of it.
		if got := leastAllocs(func() { b, err = ParseHex(text, "fuzz.hex") }); got > uint64(len(text)/2)+4<<10 {
			t.Fatalf("%d-byte text: %d bytes allocated", len(text), got)
		}
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.File != "fuzz.hex" || fe.Off < 0 || fe.Off > int64(len(text)) {
				t.Fatalf("error %v not located in the %d-byte text", err, len(text))
			}
			return
		}
		if len(b) == 0 {
			t.Fatal("no bytes and no error")
		}
		plain := fmt.Sprintf("% x", b)
		b2, err := ParseHex([]byte(plain), "")
		if err != nil || string(b2) != string(b) {
			t.Fatalf("plain hex of the result does not parse back: %v", err)
		}
	})
}
