package native

import (
	"bytes"
	"errors"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/testkit"
)

// syclSet is the folder of the real SYCL dump set: its .asm sit there
// beside the .visaasm IGC compiled them from, where model/diff and the
// front ends open them as a dump folder (one copy, see its PROVENANCE.md).
const syclSet = "../../model/diff/testdata/dumpset"

// readTestdata reads a test input by name from testdata or, for the SYCL
// dump set's .asm, from syclSet.
func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	dir := "testdata"
	if strings.HasPrefix(name, "OCL_") {
		dir = syclSet
	}
	return testkit.ReadFile(t, filepath.Join(dir, name))
}

// asmFiles are the paths of every .asm of testdata and of the SYCL dump set.
func asmFiles(t testing.TB) []string {
	t.Helper()
	return testkit.Glob(t, 8, "testdata/*.asm", syclSet+"/*.asm")
}

// tagRE finds the vISA id of an instruction line independently of the
// reader: the "$N" after the line's last "//".
var tagRE = regexp.MustCompile(`(?:^|[ ;])\$(\d+)(?:&\d+)?(?::%\d+)?(?:\s|$)`)

// TestParseTestdata reads every .asm of testdata and checks what it read
// against counts taken from the text by other means.
func TestParseTestdata(t *testing.T) {
	for _, path := range asmFiles(t) {
		data := testkit.ReadFile(t, path)
		f := Parse(filepath.Base(path), data)
		for _, e := range f.Errors {
			t.Errorf("%v", e)
		}
		if f.InstCount < 0 || f.InstCount != len(f.Insts) {
			t.Errorf("%s: //.instCount %d, %d instructions read", f.Name, f.InstCount, len(f.Insts))
		}
		// Per $N, the instruction lines that carry it, counted from the text.
		want := map[int]int{}
		lines := strings.Split(string(data), "\n")
		declares, blocks := 0, 0
		for _, l := range lines {
			tl := strings.TrimSpace(l)
			switch {
			case strings.HasPrefix(tl, "//.declare "):
				declares++
			case regexp.MustCompile(`^// B\d+:`).MatchString(tl):
				blocks++
			case tl == "" || strings.HasPrefix(tl, "//") || strings.HasSuffix(tl, ":") && !strings.Contains(tl, " "):
			default:
				if i := strings.LastIndex(l, "//"); i >= 0 {
					if m := tagRE.FindStringSubmatch(l[i+2:]); m != nil {
						n, _ := strconv.Atoi(m[1])
						want[n]++
					}
				}
			}
		}
		got := map[int]int{}
		for _, in := range f.Insts {
			if in.VISA != NoID {
				got[in.VISA]++
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d distinct $N read, %d in the text", f.Name, len(got), len(want))
		}
		for n, c := range want {
			if got[n] != c {
				t.Errorf("%s: $%d on %d lines, read on %d", f.Name, n, c, got[n])
			}
		}
		if len(f.Declares) != declares || len(f.Blocks) != blocks {
			t.Errorf("%s: %d declares and %d blocks read, %d and %d in the text", f.Name, len(f.Declares), len(f.Blocks), declares, blocks)
		}
		// Every successor names its predecessor back.
		byName := map[string]*Block{}
		for i := range f.Blocks {
			byName[f.Blocks[i].Name] = &f.Blocks[i]
		}
		for _, b := range f.Blocks {
			for _, s := range b.Succs {
				sb := byName[s]
				if sb == nil || !contains(sb.Preds, b.Name) {
					t.Errorf("%s: %s -> %s, but %s does not list %s as a predecessor", f.Name, b.Name, s, s, b.Name)
				}
			}
		}
		if f.Lines != len(lines) && f.Lines != len(lines)-1 {
			t.Errorf("%s: %d lines counted, file has %d", f.Name, f.Lines, len(lines))
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestParseHeader(t *testing.T) {
	cases := []struct {
		file, platform string
		grf, swsb      int
		ra             string
		spill          int
	}{
		{"info22_channels.DG2.asm", "DG2", 128, 16, "TRIVIAL_RA", 0},
		{"OCL_asm23954d4a795eca46_simd32_entry_0003.asm", "XE2", 256, 32, "LOCAL_ROUND_ROBIN_RA", 0},
		{"g1.SKL.asm", "SKL", 128, 0, "", -1},
		{"g1spill.SKL.asm", "SKL", 128, 0, "GRAPH_COLORING_SPILL_RR_RA", 4096},
	}
	for _, c := range cases {
		f := Parse(c.file, readTestdata(t, c.file))
		if f.Platform != c.platform || f.NumGRF != c.grf || f.NumSWSB != c.swsb || c.ra != "" && f.RA != c.ra || c.spill >= 0 && f.SpillBytes != c.spill {
			t.Errorf("%s: platform %q numGRF %d numSWSB %d RA %q spill %d; want %q %d %d %q %d",
				c.file, f.Platform, f.NumGRF, f.NumSWSB, f.RA, f.SpillBytes, c.platform, c.grf, c.swsb, c.ra, c.spill)
		}
	}
	f := Parse("k", readTestdata(t, "g1spill.SKL.asm"))
	if f.SpillRefs != 60 {
		t.Errorf("spill GRF est. ref count %d, want 60", f.SpillRefs)
	}
	f = Parse("k", readTestdata(t, "info22_channels.DG2.asm"))
	var lod *Declare
	for i := range f.Declares {
		if f.Declares[i].Name == "lod" {
			lod = &f.Declares[i]
		}
	}
	if lod == nil || lod.ID != 38 || lod.RF != "r" || lod.Size != 512 || lod.Type != "ud" || lod.Reg != "r2.0" || lod.Align != "16 words" {
		t.Errorf("declare lod: %+v", lod)
	}
	if d := f.Declares[1]; d.Name != "" || d.ID != 1 || d.Alias != "BuiltInR0+0" || d.Reg != "r0.0" {
		t.Errorf("unnamed alias declare: %+v", d)
	}
	if len(f.Inputs) != 1 || f.Inputs[0].ID != "lod" || f.Inputs[0].At != "r2" {
		t.Errorf("inputs: %+v", f.Inputs)
	}
	stat := func(f *File, key string) string {
		for _, s := range f.Stats {
			if s.Key == key {
				return s.Value
			}
		}
		return "(none)"
	}
	if v := stat(f, "BankConflicts"); v != "0" {
		t.Errorf("footer BankConflicts %q", v)
	}
	x := Parse("x", readTestdata(t, "OCL_asm23954d4a795eca46_simd32_entry_0003.asm"))
	if v := stat(x, "syncInstCount"); v != "3" {
		t.Errorf("footer syncInstCount %q", v)
	}
}

// TestParseHeaderDisplayable: the header's values (the kernel's name, the
// platform, the register allocator, every //.key value) are shown by the
// front ends beside the vISA text's, so they are read as decoder.Display
// shows them, as vISA names are: an .asm holding an escape sequence in
// its //.kernel or //.platform line printed it raw to dump's terminal.
func TestParseHeaderDisplayable(t *testing.T) {
	const esc = "\x1b]0;pwn\a\x1b[2J\u009b31m\u202e"
	data := string(readTestdata(t, "info22_channels.DG2.asm"))
	for _, key := range []string{"//.kernel info22_channels", "//.platform DG2", "//.RA type\tTRIVIAL_RA"} {
		if !strings.Contains(data, key+"\n") {
			t.Fatalf("no %q line", key)
		}
		data = strings.Replace(data, key+"\n", key+esc+"\n", 1)
	}
	data = strings.Replace(data, "//.platform", "//.odd"+esc+" value"+esc+"\n//.platform", 1)
	f := Parse("x.asm", []byte(data))
	shown := []string{f.Kernel, f.Platform, f.RA}
	for _, s := range f.Stats {
		shown = append(shown, s.Key, s.Value)
	}
	for _, s := range shown {
		if s != decoder.Display(s) {
			t.Errorf("header value %q is not as Display shows it", s)
		}
	}
	if want := "info22_channels" + decoder.Display(esc); f.Kernel != want {
		t.Errorf("kernel %q, want %q", f.Kernel, want)
	}
	if f.Platform != "DG2"+decoder.Display(esc) || f.NumGRF != 128 {
		t.Errorf("platform %q numGRF %d", f.Platform, f.NumGRF)
	}
}

func TestParseLines(t *testing.T) {
	src := `//.kernel k
//.platform DG2

vISA asm emission: failed to re-decode binary for asm output
ERROR: PC[0x1188] unsupported Align16 ternary destination for SIMD4 (must be .xywz or .{x,y,z,w})
// B000: Preds:{},  Succs:{B001}
per_thread_prolog:
(W&~f0.1.any8h) add (16|M16)    (sat)r27.0<1>:q    -r8.0<0;1,0>:q     (abs)r23.0<4;1,0>:uw  {Compacted,I@1}   //  ALU pipe: int; $15&7:%48 R{} IR{}{O:1,}
// B001: [inDivergent],  Preds:{B000, B001},  Succs:{B001}
// _main:

// File: k.cl

// Line 12:  x = y;
        cmp (32|M0)   (lt)f1.0   null<1>:ud    r9.0<1;1,0>:ud    r3.0<0;1,0>:ud   {I@3}              //  ALU pipe: int; $22
(W)     store.ugm.d16u32.a64 (32|M0)  bti[255][r13:4+0x80]   r17:2              {I@2,$4} // ex_desc:0x0; desc:0x8000B84 // $35
        sync.allwr                           ($1,$2,$3,$4)                                           // $90
(~f0.0) goto (32|M0)                         _0_007            _0_007                                //  ALU pipe: int; $27
        mov (8|M0)               r10.0<1>:f    r[a0.0,16]<1,0>:f  qnan(0x3FFFFF):f
<<error formatting instruction at PC 0x798>>
 // $29
        add (8|M0)               r10.0<1>:f    -r[a0.5,12]<0;1,0>:f  ~r[a0.4]<1;1,0>:f
//.BankConflicts: 1
`
	f := Parse("t.asm", []byte(src))
	if len(f.Errors) != 0 {
		t.Fatal(f.Errors)
	}
	if len(f.Notes) != 2 || !strings.HasPrefix(f.Notes[1].Value, "ERROR: PC[0x1188]") {
		t.Errorf("notes: %+v", f.Notes)
	}
	if len(f.Insts) != 8 || len(f.Blocks) != 2 || len(f.Labels) != 2 {
		t.Fatalf("%d insts, %d blocks, %d labels", len(f.Insts), len(f.Blocks), len(f.Labels))
	}
	in := f.Insts[0]
	if !in.Pred.NoMask || !in.Pred.Invert || in.Pred.Flag != "f0.1" || in.Pred.Ctrl != "any8h" || in.Op != "add" || in.Exec != 16 || in.Chan != 16 || !in.Sat {
		t.Errorf("inst 0: %+v", in)
	}
	if in.VISA != 15 || in.Lexical != 7 || in.Offset != 48 || in.Comment != "ALU pipe: int; R{} IR{}{O:1,}" {
		t.Errorf("inst 0 ids %d &%d :%%%d comment %q", in.VISA, in.Lexical, in.Offset, in.Comment)
	}
	if len(in.Ops) != 3 || in.Ops[0].File != "r" || in.Ops[0].Reg != 27 || in.Ops[0].Type != "q" ||
		in.Ops[1].Mod != "-" || in.Ops[1].Region != "<0;1,0>" || in.Ops[2].Mod != "(abs)" || in.Ops[2].Type != "uw" {
		t.Errorf("inst 0 operands: %+v", in.Ops)
	}
	if strings.Join(in.SWSB, ",") != "Compacted,I@1" {
		t.Errorf("inst 0 swsb %q", in.SWSB)
	}
	if b := f.Blocks[1]; strings.Join(b.Attrs, ",") != "inDivergent" || strings.Join(b.Preds, ",") != "B000,B001" || b.First != 1 || b.End != 8 {
		t.Errorf("block 1: %+v", b)
	}
	if l := f.Labels[1]; l.Name != "_main" || !l.Commented || l.Inst != 1 {
		t.Errorf("label: %+v", l)
	}
	cmp := f.Insts[1]
	if cmp.Cond != "lt" || cmp.CondF != "f1.0" || cmp.Ops[0].File != "null" || cmp.SrcFile != "k.cl" || cmp.SrcLine != 12 {
		t.Errorf("cmp: %+v", cmp)
	}
	st := f.Insts[2]
	if st.Ops[0].Kind != KAddress || st.Ops[1].Kind != KPayload || st.Ops[1].Len != 2 || st.VISA != 35 || st.Comment != "ex_desc:0x0; desc:0x8000B84" {
		t.Errorf("store: %+v", st)
	}
	if f.Insts[3].Ops[0].Kind != KSync || f.Insts[4].Ops[0].Kind != KLabel || f.Insts[4].Ops[1].Text != "_0_007" {
		t.Errorf("sync/goto: %+v %+v", f.Insts[3].Ops, f.Insts[4].Ops)
	}
	if m := f.Insts[5]; m.VISA != NoID || m.Ops[1].Kind != KIndirect || m.Ops[2].Kind != KImm || m.Ops[2].ImmOK {
		t.Errorf("mov: %+v", m)
	}
	if u := f.Insts[6]; !u.Unformatted || u.VISA != 29 || u.Op != "" {
		t.Errorf("unformatted: %+v", u)
	}
	if a := f.Insts[7]; a.Ops[1].Kind != KIndirect || a.Ops[1].Mod != "-" || a.Ops[2].Mod != "~" || a.Ops[2].Region != "<1;1,0>" {
		t.Errorf("indirect with modifiers: %+v", a.Ops)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		line string
		col  int
	}{
		{"        mov (8|M0)   r1.0<1>:ud   %%%", 35},
		{"        mov (8|X0)   r1.0<1>:ud   r2.0<1;1,0>:ud", 13},
		{"(Q)     mov (8|M0)   r1.0<1>:ud   r2.0<1;1,0>:ud", 1},
		{"        mov (8|M0)   r1.0<1>:ud   r2.0<1;1,0>:ud  {A@1,?}", 51},
		{"        mov (8|M0)   r1.0<1:ud    r2.0<1;1,0>:ud", 22},
		{"        9ov (8|M0)   r1.0<1>:ud", 9},
		{"        mov (8|M0)   r1.0<1>:ud   0xZZ:ud", 35},
	}
	for _, c := range cases {
		f := Parse("bad.asm", []byte("//.kernel k\n"+c.line+"\n"))
		if len(f.Errors) != 1 {
			t.Errorf("%q: %d errors %v", c.line, len(f.Errors), f.Errors)
			continue
		}
		var te *decoder.TextError
		if !errors.As(f.Errors[0], &te) || te.File != "bad.asm" || te.Line != 2 || te.Col != c.col || te.Expected == "" {
			t.Errorf("%q: %#v, want line 2 col %d", c.line, f.Errors[0], c.col)
		}
		if len(f.Insts) != 0 {
			t.Errorf("%q: a bad line became an instruction", c.line)
		}
	}
	// Errors are bounded; the count goes on.
	bad := bytes.Repeat([]byte("        mov (8|M0) %%%\n"), 1000)
	f := Parse("many.asm", bad)
	if len(f.Errors) != MaxErrors || f.MoreErrors != 1000-MaxErrors || f.Lines != 1000 {
		t.Errorf("%d errors kept, %d more, %d lines", len(f.Errors), f.MoreErrors, f.Lines)
	}
}

// TestSendsInfo22 checks the sampler sends GenX_IR made of INFO on DG2:
// descriptors built in a0.0 from a register and an immediate, one reused
// from an earlier $N, and header channel masks written as floats.
func TestSendsInfo22(t *testing.T) {
	f := Parse("info22_channels.DG2.asm", readTestdata(t, "info22_channels.DG2.asm"))
	byN := map[int]Send{}
	sampler := 0
	for _, s := range f.Sends() {
		if s.Sampler != nil {
			sampler++
			byN[f.Insts[s.Inst].VISA] = s
		}
	}
	if sampler != 90 {
		t.Errorf("%d sampler sends, want 90 (one per INFO)", sampler)
	}
	s85 := byN[85]
	if s85.DescReg != "a0.0" || s85.DescAdded != "r82.0" || s85.Desc != 0x26CB000 || f.Insts[s85.DescFrom].VISA != 85 {
		t.Errorf("$85: %+v", s85)
	}
	m := s85.Sampler
	if m.Message != "sampleinfo" || m.SIMDMode != "simd16" || m.Lanes != 16 || m.Rlen != 6 || m.Mlen != 1 || !m.Header {
		t.Errorf("$85 message: %+v", m)
	}
	if cd, ok := s85.ChannelDisable(); !ok || cd != 0x4 {
		t.Errorf("$85 channel disable %x %v, want 4 (B)", cd, ok)
	}
	s88 := byN[88]
	if s88.DescFrom < 0 || f.Insts[s88.DescFrom].VISA != 87 || s88.Desc != 0x26CB000 {
		t.Errorf("$88 reuses $87's a0.0: %+v", s88)
	}
	if cd, ok := s88.ChannelDisable(); !ok || cd != 0x1 {
		t.Errorf("$88 channel disable %x %v, want 1 (R)", cd, ok)
	}
}

func TestDecodeSamplerGen9(t *testing.T) {
	m := DecodeSampler(Gen9, 0x2, 0x021AA000, true)
	if m.Message != "resinfo" || m.SIMDMode != "simd8" || m.Mlen != 1 || m.Rlen != 1 || !m.Header || m.BTI != 0 || len(m.Fields) != 11 {
		t.Errorf("%+v", m)
	}
	if m := DecodeSampler(Gen9, 0x2, 0x0206A000, true); m.Message != "sample_unorm_killpix_media" || m.Lanes != 0 {
		t.Errorf("SIMD32/64 mode 0x0A is a media message: %+v", m)
	}
	if m := DecodeSampler(Gen9, 0x2, 0x0200A000, true); m.SIMDMode != "" || !m.Fields[7].Bad {
		t.Errorf("SIMD mode 0 before XeHP is invalid: %+v", m)
	}
	if g, ok := GenOf("XE2"); ok || g != GenUnknown {
		t.Errorf("XE2 decoded as %v", g)
	}
}
