package decoder

import (
	"infoscope/sampledata"
	"infoscope/sampledata/testkit"

	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// realFiles returns the shipped binaries of testdata/real, uncompressed, by
// their base name ("9be93e2638bd.isa").
func realFiles(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, p := range testkit.Glob(t, 1, "testdata/real/*.isa.gz") {
		out[strings.TrimSuffix(filepath.Base(p), ".gz")] = testkit.ReadFile(t, p)
	}
	return out
}

// realFacts are what the format doc (§2.6, §2.7, §3.8, §10) and the
// provenance say about each file, not what the decoder found.
var realFacts = map[string]struct {
	version  Version
	stripped bool // every body stripped (§2.7); otherwise none
	fileVars int  // num_file_scope_variables (§2.6)
	aliases  bool // kernel variables alias file-scope ones
	legacy   map[uint8]int
}{
	"773d3815a461.isa": {version: Version{3, 1}},
	"9be93e2638bd.isa": {version: Version{3, 2}, legacy: map[uint8]int{0x3D: 2, 0x3E: 2}},
	"14f840937876.isa": {version: Version{3, 2}, stripped: true, fileVars: 39},
	"a0c1e9f297da.isa": {version: Version{3, 2}, stripped: true},
	"3ed8e4a6f701.isa": {version: Version{3, 2}, fileVars: 26, aliases: true},
	"ddd63b40dbd5.isa": {version: Version{3, 2}},
	"eb866fd1f84e.isa": {version: Version{3, 3}},
	"0dd959d4796b.isa": {version: Version{3, 5}},
	"b986357fc666.isa": {version: Version{3, 6}},
	"50d63e3d7724.isa": {version: Version{3, 6}},
}

// TestRealShippedFiles: every body of every shipped binary walks to exactly
// the end of its instruction area (entry + size), stripped bodies are
// reported by name and not walked, the header tables are read, and nothing
// is an error.
func TestRealShippedFiles(t *testing.T) {
	files := realFiles(t)
	if len(files) != len(realFacts) {
		t.Errorf("%d files in testdata/real, %d described", len(files), len(realFacts))
	}
	for name, data := range files {
		facts, ok := realFacts[name]
		if !ok {
			t.Errorf("%s: not described in realFacts", name)
			continue
		}
		f := Decode(name, data, Options{})
		if len(f.Errors) > 0 || f.Object == nil {
			t.Errorf("%s: %v", name, f.Errors)
			continue
		}
		o := f.Object
		if o.Version != facts.version {
			t.Errorf("%s: version %s, want %s", name, o.Version, facts.version)
		}
		if len(o.FileVars) != facts.fileVars {
			t.Errorf("%s: %d file-scope variables, want %d", name, len(o.FileVars), facts.fileVars)
		}
		ops := map[uint8]int{}
		aliases := 0
		for _, b := range o.Bodies() {
			where := name + ": " + b.Name
			// §2.6: with file-scope variables, every body's variable table is
			// an identity permutation of 0..n-1; no function entries.
			if len(b.VarRelocs) != len(o.FileVars) || len(b.FuncRelocs) != 0 {
				t.Errorf("%s: %d variable and %d function relocations for %d file-scope variables", where, len(b.VarRelocs), len(b.FuncRelocs), len(o.FileVars))
			}
			seen := map[uint16]bool{}
			for _, r := range b.VarRelocs {
				if r.Symbolic != r.Resolved || int(r.Resolved) >= len(o.FileVars) || seen[r.Resolved] {
					t.Errorf("%s: relocation %d→%d", where, r.Symbolic, r.Resolved)
				}
				seen[r.Resolved] = true
			}
			for k := range b.Vars {
				if b.Vars[k].AliasScope == 1 {
					aliases++
					if o.FileVarFor(b, &b.Vars[k]) == nil {
						t.Errorf("%s: V%d aliases no file-scope variable", where, 32+k)
					}
				}
			}
			if b.Stripped != facts.stripped {
				t.Errorf("%s: stripped %v, want %v", where, b.Stripped, facts.stripped)
				continue
			}
			if b.Stripped {
				if b.Stream != nil || b.Code != nil || b.Entry <= b.MetaEnd || len(b.Vars)+len(b.Addrs)+len(b.Preds)+len(b.Labels) != 0 {
					t.Errorf("%s: stripped body walked or with tables (entry 0x%x, metadata 0x%x)", where, b.Entry, b.MetaEnd)
				}
				if !containsWarning(f.Warnings, "kernel "+b.Name+": instruction stream stripped") {
					t.Errorf("%s: no stripped warning in %q", where, f.Warnings)
				}
				continue
			}
			s := b.Stream
			if s == nil || s.Err != nil {
				t.Errorf("%s: not walked: %v", where, s)
				continue
			}
			// The walk covers [entry, entry+size) exactly, and the writer's
			// sizes agree (§2.7: entry = metadata, header size = both).
			end := 0
			for _, in := range s.Insts() {
				if int(in.Off) != end {
					t.Fatalf("%s: instruction at +0x%x, previous ended at +0x%x", where, in.Off, end)
				}
				end += int(in.Len)
				ops[in.Op]++
			}
			if end != int(b.CodeSize) || len(b.Code) != int(b.CodeSize) || b.Entry != b.MetaEnd || b.Size != b.MetaEnd+b.CodeSize {
				t.Errorf("%s: walk ends at +0x%x of %d bytes (entry 0x%x, metadata 0x%x, header size %d)", where, end, b.CodeSize, b.Entry, b.MetaEnd, b.Size)
			}
		}
		if facts.aliases != (aliases > 0) {
			t.Errorf("%s: %d variables alias file-scope variables, want some: %v", name, aliases, facts.aliases)
		}
		for _, op := range []uint8{0x3B, 0x3D, 0x3E, 0x3F, 0x76, 0x77} {
			if ops[op] != facts.legacy[op] {
				t.Errorf("%s: %d × opcode 0x%02x, want %d", name, ops[op], op, facts.legacy[op])
			}
		}
		for _, w := range f.Warnings {
			if !strings.Contains(w, "instruction stream stripped") {
				t.Errorf("%s: warning %q", name, w)
			}
		}
		if len(o.Summary()) < 1+len(o.Bodies()) {
			t.Errorf("%s: summary %q", name, o.Summary())
		}
	}
}

func containsWarning(ws []string, s string) bool {
	for _, w := range ws {
		if strings.Contains(w, s) {
			return true
		}
	}
	return false
}

// TestRealHeaderDamage: a relocation or file-scope count too large for the
// file is refused at the count's own byte, an entry cut short at the entry.
func TestRealHeaderDamage(t *testing.T) {
	data := realFiles(t)["14f840937876.isa"]
	o, err := ParseObject(data, "h.isa")
	if err != nil {
		t.Fatal(err)
	}
	// kernel[0]: 8 bytes in, UB name_len, name, offset, size, input_offset.
	relocAt := 8 + 1 + len(o.Kernels[0].Name) + 12
	if got := binary.LittleEndian.Uint16(data[relocAt:]); int(got) != len(o.Kernels[0].VarRelocs) {
		t.Fatalf("num_syms_variable at 0x%x is %d, want %d", relocAt, got, len(o.Kernels[0].VarRelocs))
	}
	cases := []struct {
		name  string
		at    int // byte patched
		val   uint16
		cut   int // keep this many bytes, if non-zero
		field string
		errAt int
		want  error
	}{
		{"variable count", relocAt, 0xFFFF, 0, "kernel[0].num_syms_variable", relocAt, ErrTooLarge},
		{"function count", relocAt + 2 + 4*len(o.Kernels[0].VarRelocs), 0xFFFF, 0, "kernel[0].num_syms_function", relocAt + 2 + 4*len(o.Kernels[0].VarRelocs), ErrTooLarge},
		// Entries are 4 bytes each, so a file cut inside them is refused
		// at the count.
		{"entries cut", 0, 0, relocAt + 2 + 4*30 + 2, "kernel[0].num_syms_variable", relocAt, ErrTooLarge},
	}
	for _, c := range cases {
		d := append([]byte{}, data...)
		if c.cut > 0 {
			d = d[:c.cut]
		} else {
			binary.LittleEndian.PutUint16(d[c.at:], c.val)
		}
		_, err := ParseObject(d, "h.isa")
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Field != c.field || fe.Off != int64(c.errAt) || !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %s at 0x%x", c.name, err, c.field, c.errAt)
		}
	}
	// The file-scope count: after the kernel table.
	fsAt := bytes.Index(data[:o.Kernels[0].Offset], []byte{39, 0})
	for fsAt >= 0 {
		if _, err := parseHeader(withU16(data, fsAt, 0xFFFF), "h.isa"); err != nil {
			var fe *FormatError
			if errors.As(err, &fe) && fe.Field == "num_file_scope_variables" {
				if fe.Off != int64(fsAt) || !errors.Is(err, ErrTooLarge) {
					t.Errorf("file-scope count: %v, want at 0x%x", err, fsAt)
				}
				// One entry whose name runs past a file cut after the
				// header: refused at the name's first byte.
				d := withU16(withU16(data, fsAt, 1), fsAt+3, 0xFFFF)[:fsAt+100]
				_, err := parseHeader(d, "h.isa")
				if !errors.As(err, &fe) || fe.Field != "file_scope_var[0].name" || fe.Off != int64(fsAt+5) || !errors.Is(err, ErrTruncated) {
					t.Errorf("file-scope name_len: %v, want file_scope_var[0].name at 0x%x", err, fsAt+5)
				}
				return
			}
		}
		next := bytes.Index(data[fsAt+1:o.Kernels[0].Offset], []byte{39, 0})
		if next < 0 {
			break
		}
		fsAt += 1 + next
	}
	t.Error("num_file_scope_variables not found or not refused")
}

func withU16(data []byte, at int, v uint16) []byte {
	d := append([]byte{}, data...)
	binary.LittleEndian.PutUint16(d[at:], v)
	return d
}

// cStyles write an image as a C/C++ source the ways Intel's sources do
// (format doc §10): byte arrays, word arrays with a NAME_SIZE constant, the
// DEFINE_SHARED_ARRAY macros, with comments and preprocessor lines around.
var cStyles = map[string]cStyle{
	"uchar_hex": {"// generated\n#include \"genx.h\"\n/* not an array: const unsigned char x[] = { 0x43, 0x49, 0x53, 0x41 }; */\n" +
		"#if 0\n#define %[1]s_SIZE 4\n#endif\nconst unsigned char %[1]s[%[2]d] = {\n",
		1, "0x%02x", 16, "};\nstatic const int table[] = { 1, -2, 3 }; // no image\n"},
	"uint32_macro": {"#include \"media_bin_mgr.h\"\n\nDEFINE_SHARED_ARRAY_SIZE_UINT32(%[1]s_SIZE, %[2]d);\nDEFINE_SHARED_ARRAY_UINT32(%[1]s) =\n{\n",
		4, "0x%08x", 8, "};\n"},
	"uint_extern_decimal": {"extern const unsigned int %[1]s_SIZE = %[2]d;\nextern const unsigned int %[1]s[] = {\n",
		4, "%du", 6, "};\n"},
	"uint16_define": {"#define %[1]s_SIZE %[2]d // bytes\nstatic const uint16_t %[1]s[] __attribute__((aligned(64))) = {",
		2, "0x%04X", 12, "};\n"},
	"uint8_macro_decimal": {"DEFINE_SHARED_ARRAY_UINT8(%[1]s) = {\n", 1, "%d", 20, "};\n"},
}

// cStyle is one way of writing an array: head (with the array's name
// %[1]s and its length in bytes %[2]d), the bytes as width-byte elements
// in format, perLine to a line, then tail.
type cStyle struct {
	head    string
	width   int
	format  string
	perLine int
	tail    string
}

// source writes the images as one array of that style.
func (c cStyle) source(name string, imgs ...[]byte) string {
	var b strings.Builder
	data := bytes.Join(imgs, nil)
	fmt.Fprintf(&b, c.head, name, len(data))
	writeElems(&b, data, c.width, c.format, c.perLine)
	b.WriteString(c.tail)
	return b.String()
}

// writeElems writes data as width-byte little-endian elements (the last one
// zero-padded), perLine to a line.
func writeElems(b *strings.Builder, data []byte, width int, format string, perLine int) {
	for i, k := 0, 0; i < len(data); i, k = i+width, k+1 {
		var chunk [8]byte
		copy(chunk[:], data[i:min(i+width, len(data))])
		v := binary.LittleEndian.Uint64(chunk[:])
		fmt.Fprintf(b, format, v)
		b.WriteString(",")
		if (k+1)%perLine == 0 {
			b.WriteString("\n")
		} else {
			b.WriteString(" ")
		}
	}
}

// TestCSourceStyles generates C sources in each array style from the
// shipped binaries and checks that opening the source gives the same
// instructions, warnings and names as opening the image.
func TestCSourceStyles(t *testing.T) {
	files := realFiles(t)
	for style, gen := range cStyles {
		for name, data := range files {
			if len(data) > 100<<10 && style != "uint32_macro" && style != "uchar_hex" {
				continue // the large files in the two commonest styles only, to stay fast
			}
			arr := "K_" + strings.TrimSuffix(name, ".isa")
			src := []byte(gen.source(arr, data))
			f := Decode("k.cpp", src, Options{})
			if len(f.Errors) > 0 || len(f.Parts) != 1 {
				t.Errorf("%s %s: %d parts, errors %v", style, name, len(f.Parts), f.Errors)
				continue
			}
			sameDecode(t, style+" "+name, f.Parts[0], Decode("img", data, Options{}), "k.cpp:"+arr+"[0]")
		}
	}
	// Two images in one array, in every style: FILE:ARRAY[0] and [1].
	a, b := files["50d63e3d7724.isa"], files["b986357fc666.isa"]
	for style, gen := range cStyles {
		f := Decode("two.h", []byte(gen.source("pair", a, b)), Options{})
		if len(f.Errors) > 0 || len(f.Parts) != 2 {
			t.Errorf("%s two images: %d parts, errors %v", style, len(f.Parts), f.Errors)
			continue
		}
		sameDecode(t, style+" pair[0]", f.Parts[0], Decode("a", a, Options{}), "two.h:pair[0]")
		sameDecode(t, style+" pair[1]", f.Parts[1], Decode("b", b, Options{}), "two.h:pair[1]")
	}
}

// sameDecode checks that part decodes as want: the same kernels, the same
// instructions at the same offsets, the same warnings.
func sameDecode(t *testing.T, where string, part, want *File, name string) {
	t.Helper()
	if part.Name != name {
		t.Errorf("%s: part named %q, want %q", where, part.Name, name)
	}
	if !bytes.Equal(part.Data, want.Data) {
		t.Errorf("%s: image of %d bytes, want %d", where, len(part.Data), len(want.Data))
		return
	}
	if len(part.Streams) != len(want.Streams) || len(part.Warnings) != len(want.Warnings) {
		t.Errorf("%s: %d streams, %d warnings; want %d, %d", where, len(part.Streams), len(part.Warnings), len(want.Streams), len(want.Warnings))
		return
	}
	for i, s := range part.Streams {
		w := want.Streams[i]
		if s.Kernel != w.Kernel || s.Base != w.Base || s.NumInsts() != w.NumInsts() {
			t.Errorf("%s: stream %d: %s at 0x%x, %d instructions; want %s at 0x%x, %d", where, i, s.Kernel, s.Base, s.NumInsts(), w.Kernel, w.Base, w.NumInsts())
			continue
		}
		for k := range s.NumInsts() {
			if s.Inst(k) != w.Inst(k) {
				t.Errorf("%s: %s instruction %d: %+v, want %+v", where, s.Kernel, k, s.Inst(k), w.Inst(k))
				break
			}
		}
	}
}

// BenchmarkCSource reads the largest shipped binary written as a C byte
// array (MediaSDK's style: about 6 source bytes per image byte) and
// decodes its image.
func BenchmarkCSource(b *testing.B) {
	img := realFiles(b)["3ed8e4a6f701.isa"]
	src := []byte(cStyles["uchar_hex"].source("AVCENCFEI_MFE_GEN9", img))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		cs := ParseCSource("k.cpp", src)
		if len(cs.Images()) != 1 {
			b.Fatal("no image")
		}
	}
}

// BenchmarkRealDecode decodes the same image as BenchmarkCSource from its
// bytes: the baseline for the cost of reading it from a source.
func BenchmarkRealDecode(b *testing.B) {
	img := realFiles(b)["3ed8e4a6f701.isa"]
	b.SetBytes(int64(len(img)))
	b.ReportAllocs()
	for b.Loop() {
		if f := Decode("k.isa", img, Options{}); len(f.Errors) > 0 {
			b.Fatal(f.Errors)
		}
	}
}

// A C source or Gen code longer than the 64 KiB ReadInput decides by is
// read whole: the source fails as hex text, the Gen code as a vISA stream,
// and neither may be cut to its first bytes.
func TestReadInputWholeSourceAndGen(t *testing.T) {
	img := realFiles(t)["9be93e2638bd.isa"]
	src := []byte(cStyles["uchar_hex"].source("hist", img))
	for _, name := range []string{"k.cpp", "k.txt"} {
		got, err := ReadInput(name, bytes.NewReader(src), int64(len(src)), Options{})
		if err != nil || len(got) != len(src) {
			t.Fatalf("%s: read %d of %d bytes: %v", name, len(got), len(src), err)
		}
		f := Decode(name, got, Options{})
		if len(f.Errors) > 0 || len(f.Parts) != 1 || !bytes.Equal(f.Parts[0].Data, img) {
			t.Errorf("%s: %d parts, errors %v", name, len(f.Parts), f.Errors)
		}
	}
	// The largest Gen binary of the shipped files.
	var gen []byte
	for _, data := range realFiles(t) {
		o, _ := ParseObject(data, "")
		for _, b := range o.Kernels {
			for _, g := range b.GenBinaries {
				if int(g.Size) > len(gen) {
					gen = data[g.Offset : g.Offset+g.Size]
				}
			}
		}
	}
	if len(gen) <= 64<<10 {
		t.Fatalf("largest Gen binary %d bytes", len(gen))
	}
	got, err := ReadInput("k.gen", bytes.NewReader(gen), int64(len(gen)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f := Decode("k.gen", got, Options{}); len(f.Errors) != 1 || !errors.Is(f.Errors[0], ErrNotVISA) {
		t.Errorf("Gen code read as %d bytes: %v", len(got), f.Errors)
	}
}

// A .h holding only hex bytes is hex text; one holding code but no image
// says so.
func TestCSourceNameFallsBackToHex(t *testing.T) {
	f := Decode("bytes.h", []byte("0x70, 0x0b, 0x83, 0x09, 0x06, 0x21, 0x00, 0x00, 0x00, 0x40, 0x00\n"), Options{})
	if len(f.Errors) > 0 || !f.Hex || f.NumInfos() != 1 {
		t.Errorf("hex in a .h: hex %v, %d INFO, errors %v", f.Hex, f.NumInfos(), f.Errors)
	}
	f = Decode("code.c", []byte("int main(void) { return 0; }\n"), Options{})
	if len(f.Errors) != 1 || !errors.Is(f.Errors[0], ErrNotVISA) || !strings.Contains(f.Errors[0].Error(), "no array initialiser of integers") {
		t.Errorf("code with no array: %v", f.Errors)
	}
}

// BenchmarkCSourceManyArrays reads a source of 300,000 small arrays
// (14 MB; issue 23: 65-70 s while each array's line was counted from the
// start of the file).
func BenchmarkCSourceManyArrays(b *testing.B) {
	src := sampledata.ManyCArrays(300_000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if cs := ParseCSource("many.c", src); len(cs.Arrays) != 300_000 {
			b.Fatal(len(cs.Arrays))
		}
	}
}

// BenchmarkCSourceRepeatedMagic decodes a 20 MB array repeating "CISA".
func BenchmarkCSourceRepeatedMagic(b *testing.B) {
	src := sampledata.RepeatedMagicCArray(1 << 20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if f := Decode("cisa.c", src, Options{}); len(f.Parts) == 0 {
			b.Fatal("no part")
		}
	}
}
