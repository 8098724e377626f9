package visatext

import (
	"errors"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/testkit"
)

// oracleDir holds Intel's binaries, their disassembly and their source
// text (decoder/testdata/oracle, with its provenance note).
const oracleDir = "../testdata/oracle"

var reNum = regexp.MustCompile(`/// \$(\d+)\s*$`)

// Every real dump opens without an error; every numbered line's $N is its
// instruction's index; the VC path's V<n> names are their ids.
func TestDumps(t *testing.T) {
	paths, _ := filepath.Glob("testdata/dumps/*.visaasm")
	if len(paths) != 3 {
		t.Fatalf("%d dumps", len(paths))
	}
	for _, p := range paths {
		data := testkit.ReadFile(t, p)
		if !decoder.IsText(data) {
			t.Errorf("%s: not detected", p)
		}
		f := Read(p, data)
		for _, e := range f.Errors {
			t.Errorf("%v", e)
		}
		if len(f.Streams) != 1 {
			t.Fatalf("%s: %d bodies", p, len(f.Streams))
		}
		s := f.Streams[0]
		lines := strings.Split(string(data), "\n")
		numbered := 0
		for i := range s.Text {
			ti := s.Text[i]
			if ti.Line == 0 {
				t.Errorf("%s: $%d has no line", p, i)
				continue
			}
			if m := reNum.FindStringSubmatch(lines[ti.Line-1]); m != nil {
				numbered++
				if n, _ := strconv.Atoi(m[1]); n != i {
					t.Errorf("%s:%d: $%s read as $%d", p, ti.Line, m[1], i)
				}
			} else if m := ti.Mnemonic(); m != "label" && m != "subroutine" && m != "LOC" && m != "FILE" {
				t.Errorf("%s:%d: %s has no $N", p, ti.Line, m)
			}
		}
		if numbered < len(s.Text)/2 {
			t.Errorf("%s: %d numbered of %d", p, numbered, len(s.Text))
		}
		if s.Text[0].Mnemonic() != "subroutine" || s.Text[0].Text != "_main_0:" && !strings.HasSuffix(s.Text[0].Text, "_BB_0:") {
			t.Errorf("%s: $0 is %q %q, want IGC's leading subroutine", p, s.Text[0].Mnemonic(), s.Text[0].Text)
		}
		if strings.Contains(p, "VC_asm") {
			for k, v := range s.Symbols.Vars {
				if v.Name != "V"+strconv.Itoa(32+k) {
					t.Fatalf("%s: var %d named %s, want V%d", p, k, v.Name, 32+k)
				}
			}
		}
	}
}

const head = ".version 4.1\n.kernel \"k\"\n"

func readString(src string) *decoder.File { return Read("t.visaasm", []byte(src)) }

func errorsOf(f *decoder.File) string {
	var s []string
	for _, e := range f.Errors {
		s = append(s, e.Error())
	}
	return strings.Join(s, "\n")
}

func TestNameResolution(t *testing.T) {
	src := head + `.decl a v_type=G type=ud num_elts=16 align=GRF
.decl b v_type=G type=w num_elts=32 align=GRF alias=<a, 0>
.decl res v_type=G type=ud num_elts=128 align=GRF
.decl s1 v_type=T num_elts=1
.decl s2 v_type=T num_elts=1
.kernel_attr Target="cm"
    resinfo.R (M1, 8) s2 b.0 res.32
    resinfo.R (M1, 8) T7 b.0 res.0
    sampleinfo.RA (M2_NM, 16) %bss %r0.32
L0:
    resinfo.R (M1, 8) s1 res.0 res.0
    ret (M1, 1)
`
	f := readString(src)
	if len(f.Errors) > 0 {
		t.Fatal(errorsOf(f))
	}
	// A declared variable named by its id (V33 for b) parses, but prints
	// back otherwise: refused, located, saying how it prints.
	g := readString(strings.Replace(src, "T7 b.0", "T7 V33.0", 1))
	if got, w := errorsOf(g), `t.visaasm:10:5: expected a line that prints back as written (this one prints back as "resinfo.R (M1, 8)  T7 b.0 res.0"), found "resinfo.R`; !strings.HasPrefix(got, w) {
		t.Errorf("V33 for b: %s\nwant %s", got, w)
	}
	s := f.Streams[0]
	want := []struct {
		n    int
		text string
	}{
		{0, "resinfo.R (M1, 8)  T7 b.0 res.32"},
		{1, "resinfo.R (M1, 8)  T7 b.0 res.0"},
		{2, "sampleinfo.RA (M2_NM, 16)  %bss %r0.32"},
		{4, "resinfo.R (M1, 8)  T6 res.0 res.0"},
	}
	if s.NumInfos() != len(want) {
		t.Fatalf("%d INFO", s.NumInfos())
	}
	for i, w := range want {
		if s.Info(i).Inst != w.n || s.Info(i).Text() != w.text {
			t.Errorf("INFO %d: $%d %q, want $%d %q", i, s.Info(i).Inst, s.Info(i).Text(), w.n, w.text)
		}
	}
	if got := s.InstMnemonic(3); got != "label" {
		t.Errorf("$3 is %q, want label", got)
	}
	if d := s.Info(2).Bytes(); string(d) != "\x70\x0b\x94\x09\x04\x07\x00\x00\x00\x20\x00" {
		t.Errorf("sampleinfo bytes % x", d)
	}
}

// What text cannot give is said, never invented: the 64-bit surface form
// and ambiguous names are kept as text with a located diagnostic, as is
// an unknown mnemonic; the rest of the kernel opens.
func TestKeptAsText(t *testing.T) {
	src := head + `.decl DST v_type=G type=ud num_elts=64 align=GRF
.decl DST v_type=G type=ud num_elts=64 align=GRF
.decl res v_type=G type=ud num_elts=64 align=GRF
.decl sv v_type=G type=uq num_elts=1 align=qword
.kernel_attr Target="3d"
    resinfo.RGBA (M1, 16)  sv res.0 res.0
    resinfo.RGBA (M1, 16)  (sv, 2) res.0 res.0
    sampleinfo.R (M1, 8)  T1 DST.0
    frobnicate.x (M1, 8) res(0,0)<1> 0x1:ud
    sampleinfo.R (M1, 8)  T1 res.0
    ret (M1, 1)
`
	f := readString(src)
	got := errorsOf(f)
	for _, w := range []string{
		"t.visaasm:8:28: surface sv is a general variable (the 64-bit surface form): it has no binary encoding, kept as text",
		"t.visaasm:9:28: resinfo on a surface variable (the 64-bit surface form, (sv, 2) res.0 res.0) has no binary encoding: kept as text",
		"t.visaasm:10:30: DST is declared 2 times in k (lines 3, 4): its id is ambiguous, so this INFO is kept as text",
		`t.visaasm:11:5: unknown mnemonic "frobnicate.x": kept as text`,
	} {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in:\n%s", w, got)
		}
	}
	s := f.Streams[0]
	if s.NumInsts() != 6 || s.NumInfos() != 1 || s.Info(0).Inst != 4 {
		t.Fatalf("%d insts, %d INFO", s.NumInsts(), s.NumInfos())
	}
	// The decoder parses INFO text too; the lines kept as text stay so.
	for i := range 3 {
		var in decoder.Instruction
		if s.Decode(i, &in); in.HasOperands() {
			t.Errorf("$%d kept as text, decoded as %q", i, in.Text())
		}
	}
	if s.Text[3].Text != "frobnicate.x (M1, 8) res(0,0)<1> 0x1:ud" || s.InstMnemonic(3) != "frobnicate" {
		t.Errorf("unknown mnemonic kept as %q", s.Text[3].Text)
	}
	if s.Inst(0).Op == decoder.OpINFO || s.Inst(0).Len != 0 {
		t.Errorf("64-bit surface INFO was given bytes")
	}
}

func TestLocatedErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{head + ".decl x v_type=Q num_elts=1\n    ret (M1, 1)\n", `t.visaasm:3:16: expected v_type=G, A, P, S or T, found "Q"`},
		{head + ".decl x v_type=G type=zz num_elts=1\n    ret (M1, 1)\n", `t.visaasm:3:23: expected type=ud`},
		{head + "    resinfo.RGBX (M1, 8) T1 a.0 b.0\n    ret (M1, 1)\n", `t.visaasm:3:13: expected a channel suffix R, G, B, A in that order (e.g. RGBA, RA) or 0000, found "RGBX"`},
		{head + "    resinfo.R (M9, 8) T1 a.0 b.0\n    ret (M1, 1)\n", `t.visaasm:3:16: expected an execution mask M1..M8 or M1_NM..M8_NM, found "M9"`},
		{head + "    resinfo.R (M1, 3) T1 a.0 b.0\n    ret (M1, 1)\n", `t.visaasm:3:20: expected an execution size 1, 2, 4, 8, 16 or 32, found "3"`},
		{head + "    resinfo.R (M1, 8) T1 nope.0 b.0\n    ret (M1, 1)\n", `t.visaasm:3:26: expected a declared general variable, a %name or V<id>, found "nope.0"`},
		{head + "    sampleinfo.R (M1, 8) T1 %r0.0 extra\n    ret (M1, 1)\n", `t.visaasm:3:35: expected the end of the instruction, found "extra"`},
		{head + "    goto (M1, 8) L9\n    ret (M1, 1)\n", `t.visaasm:3:18: expected a label defined in k, found "L9"`},
		// The INFO is encoded by the decoder, which refuses what the
		// version cannot hold.
		{strings.Replace(head, "4.1", "3.3", 1) + "    resinfo.R (M1, 8) T1 V70000.0 %r0.0\n    ret (M1, 1)\n", `t.visaasm:3:26: expected a variable id below 65536 (vISA before 3.4 stores ids in 16 bits), found "V70000.0"`},
		{strings.Replace(head, "4.1", "3.0", 1) + "    sampleinfo.R (M2_NM, 8) T1 %r0.0\n    ret (M1, 1)\n", `t.visaasm:3:5: encode info.mask_control: M2_NM cannot be expressed in version 3.0 (only M1..M8 and M1_NM)`},
		{".kernel \"k\"\n    ret (M1, 1)\n", `t.visaasm:1:1: expected .version before .kernel`},
		{head + "    mov (M1, 8) %null(0,0)<1> 0x0:ud\n", "t.visaasm:4:1: expected ret or fret at the end of k (the text may be cut short after line 3), found end of file"},
		{"// nothing\n", "t.visaasm:2:1: expected .version and a .kernel, found end of file"},
		{head + "    mov (M1, 8) %null(0,0)<1> 0x0:ud /// $5\n    ret (M1, 1)\n", "t.visaasm:3:38: numbered $5, but it is instruction $0 of k (counting labels)"},
	}
	for _, c := range cases {
		f := readString(c.src)
		got := errorsOf(f)
		if !strings.Contains(got, c.want) {
			t.Errorf("%q:\n got  %s\n want %s", c.src, got, c.want)
		}
		for _, e := range f.Errors {
			var te *decoder.TextError
			if !errors.As(e, &te) || te.Line < 1 || te.Col < 1 {
				t.Errorf("unlocated error %v", e)
			}
		}
	}
}

func TestDetect(t *testing.T) {
	for src, want := range map[string]bool{
		"// c\n\n.version 4.1\n":   true,
		"\n.kernel \"x\"":          true,
		".decl a v_type=G":         true,
		"CISA\x04\x01":             false,
		"70 0a 04":                 false,
		"// only a comment\n":      false,
		".versionx 4.1\n":          false,
		"  .kernel_attr Target=3d": true,
		"\ufeff.version 4.1\r\n":   true,
	} {
		if got := decoder.IsText([]byte(src)); got != want {
			t.Errorf("decoder.IsText(%q) = %v", src, got)
		}
	}
}

// $N numbers from the text are kept in order and bounded: a small gap is
// taken as written, a step back or a leap is counted instead.
func TestNumbering(t *testing.T) {
	f := readString(head + "    mov (M1, 8) %null(0,0)<1> 0x0:ud /// $3\n    sampleinfo.R (M1, 8) T1 %r0.0 /// $1\n" +
		"    mov (M1, 8) %null(0,0)<1> 0x0:ud /// $99999999999\n    sampleinfo.R (M1, 8) T1 %r0.0 /// $2000000000\n    ret (M1, 1)\n")
	s := f.Streams[0]
	if s.NumInsts() != 8 || s.NumInfos() != 2 || s.Info(0).Inst != 4 || s.Info(1).Inst != 6 {
		var at []int
		for k := range s.NumInfos() {
			at = append(at, s.InfoInst(k))
		}
		t.Fatalf("%d insts, INFO at %v", s.NumInsts(), at)
	}
	if len(f.Errors) != 4 {
		t.Errorf("errors:\n%s", errorsOf(f))
	}
}

func TestLabelChecks(t *testing.T) {
	f := readString(head + "L1:\n    jmp (M1, 1) L2\nL1:\n    goto (M1, 8) L1\n    ret (M1, 1)\n")
	got := errorsOf(f)
	for _, w := range []string{
		"t.visaasm:5:1: label L1 is defined twice in k (first on line 3)",
		`t.visaasm:4:17: expected a label defined in k, found "L2"`,
	} {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in:\n%s", w, got)
		}
	}
	if strings.Count(got, "\n") != 1 {
		t.Errorf("errors:\n%s", got)
	}
}

// IGC's asm-writer form (NAME.inline.visaasm): declarations between the
// instructions, inline assembly unindented in { } scopes that declare the
// same name again, attributes and inputs at the end.
func TestInlineForm(t *testing.T) {
	src := `.version 4.1
//// KERNEL: ////

.kernel "k"
.kernel_attr OutputAsmPath="k.asm"
.decl V0032 v_type=G type=ud num_elts=16 align=GRF
    mov (M1, 16) V0032(0,0)<1> 0x0:ud
.decl V0033 v_type=G type=ud num_elts=64 align=GRF
/// Inlined ASM
{
.decl DST v_type=G type=ud num_elts=8 align=GRF
mov (M1, 8) DST(0,0)<1> 0x1:ud
}
{
.decl DST v_type=G type=ud num_elts=8 align=GRF
mov (M1, 8) DST(0,0)<1> 0x2:ud
}
/// End Inlined ASM
.decl T6 v_type=T num_elts=1 v_name=T006
    resinfo.RGBA (M1, 16)  T6 V0032.0 V0033.0
    sampleinfo.R (M1, 8)  T6 DST.0
    ret (M1, 1)
.input V0032 offset=32 size=64
.kernel_attr PerThreadInputSize=96
`
	f := readString(src)
	if got := errorsOf(f); got != "t.visaasm:21:30: DST is declared 2 times in k (lines 11, 15): its id is ambiguous, so this INFO is kept as text" {
		t.Errorf("errors:\n%s", got)
	}
	s := f.Streams[0]
	if s.NumInsts() != 6 || s.NumInfos() != 1 || s.Info(0).Inst != 3 {
		t.Fatalf("%d insts, %d INFO", s.NumInsts(), s.NumInfos())
	}
	if in := s.Info(0); in.LOD.ID != 32 || in.Dst.ID != 33 || in.SurfaceDecl() != "T006" || in.NumDiagnostics() != 0 {
		t.Errorf("INFO %s: lod %d dst %d surface %q, %v", in.Text(), in.LOD.ID, in.Dst.ID, in.SurfaceDecl(), in.Diagnostics())
	}
}

// Stream.Decode of a text instruction without an encoding gives its
// mnemonic as written and no file offset; INFO decodes from its bytes.
func TestDecodeTextInstruction(t *testing.T) {
	f := readString(head + "    lsc_load.ugm (M1, 16)  V0040:d32  flat[V0041]:a64\n    sampleinfo.R (M1, 8)  T1 %r0.0\n    ret (M1, 1)\n")
	s := f.Streams[0]
	var in decoder.Instruction
	s.Decode(0, &in)
	if in.Mnemonic != "lsc_load" || in.Off != -1 || in.Index != 0 || in.N != 0 {
		t.Errorf("$0: %q off %d $%d, %d operands", in.Mnemonic, in.Off, in.Index, in.N)
	}
	s.Decode(1, &in)
	if in.Mnemonic != "sampleinfo" || in.N == 0 || in.Off != -1 {
		t.Errorf("$1: %q, %d operands, off %d", in.Mnemonic, in.N, in.Off)
	}
}

// The assembler's spellings of an execution size that IGC's printer never
// writes (NoMask, blanks inside the parentheses) read as the printed form.
func TestExecSourceSpellings(t *testing.T) {
	f := readString(head + "    resinfo.R ( NoMask , 8 ) T1 %r0.0 %r0.0\n    sampleinfo.RG (M2,  16)  T1 %r0.0\n    ret (M1, 1)\n")
	if len(f.Errors) > 0 {
		t.Fatal(errorsOf(f))
	}
	s := f.Streams[0]
	if s.NumInfos() != 2 || s.Info(0).Text() != "resinfo.R (M1_NM, 8)  T1 %r0.0 %r0.0" || s.Info(1).Text() != "sampleinfo.RG (M2, 16)  T1 %r0.0" {
		t.Errorf("%d INFO: %q", s.NumInfos(), s.Info(0).Text())
	}
}
