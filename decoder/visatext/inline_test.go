package visatext

import (
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/testkit"
)

const (
	inlineFinal = "testdata/inline/intel__sycl-tla__faOriginal__OCL_asm02a05bd857049a6b_simd16_entry_0001.visaasm"
	inlineAsm   = "testdata/inline/intel__sycl-tla__faOriginal__OCL_asm02a05bd857049a6b_simd16_entry_0001.inline.visaasm"
)

// TestFinalDumpOfInlineAsm: the final dump of a kernel with inline
// assembly opens without an error and every instruction line is parsed
// (LSC's 2D block loads with an address payload among them). Its header
// declares DST 112 times (and RA0, IN0, ... 4 times): each operand naming
// such a name is marked ambiguous, never resolved to one of them
// silently; operands of names declared once are not.
func TestFinalDumpOfInlineAsm(t *testing.T) {
	f := Read(inlineFinal, testkit.ReadFile(t, inlineFinal))
	for _, e := range f.Errors {
		t.Errorf("%v", e)
	}
	if len(f.Streams) != 1 {
		t.Fatalf("%d bodies", len(f.Streams))
	}
	s := f.Streams[0]
	declared := map[string]int{}
	for _, v := range s.Symbols.Vars {
		declared[v.Name]++
	}
	var in decoder.Instruction
	lines, amb, block2d := 0, 0, 0
	for i := range s.Text {
		if s.Text[i].Text == "" || s.Inst(i).Op == decoder.OpINFO {
			continue
		}
		lines++
		s.Decode(i, &in)
		if !in.HasOperands() {
			t.Errorf("line %d not parsed: %s (%v)", s.Text[i].Line, s.Text[i].Text, s.TextParseError(i))
			continue
		}
		if got := lastLine(in.Text()); got != s.Text[i].Text {
			t.Errorf("line %d prints as %q", s.Text[i].Line, got)
		}
		if strings.Contains(s.Text[i].Text, " + (") {
			block2d++
		}
		for _, a := range in.Args[:in.N] {
			var id uint32
			var ambiguous bool
			switch o := a.(type) {
			case *decoder.General:
				id, ambiguous = o.ID, o.Ambiguous
			case *decoder.Raw:
				id, ambiguous = o.ID, o.Ambiguous
			default:
				continue
			}
			name := in.VarName(id)
			dup := declared[name] > 1
			if dup != ambiguous {
				t.Errorf("line %d: %s ambiguous=%v", s.Text[i].Line, name, ambiguous)
			}
			if ambiguous {
				amb++
			}
		}
	}
	if amb < 112*4 || block2d == 0 {
		t.Errorf("%d ambiguous operands, %d payload block loads: the test proves little", amb, block2d)
	}
	t.Logf("%d lines parsed; %d operands ambiguous; %d 2D block messages with an address payload", lines, amb, block2d)
}

// TestInlineAsmDump: IGC's .inline.visaasm opens without an error (type=UD
// and align=64 as the inline assembly's author wrote them are the
// assembler's); its /// $N comments, which skip the inline blocks'
// instructions, are noted in one warning, not an error per line; and its
// instructions get the $N of the kernel's final dump, each the same
// mnemonic as there.
func TestInlineAsmDump(t *testing.T) {
	f := Read(inlineAsm, testkit.ReadFile(t, inlineAsm))
	for _, e := range f.Errors {
		t.Errorf("%v", e)
	}
	if len(f.Warnings) != 1 || !strings.Contains(f.Warnings[0], "inline assembly") {
		t.Errorf("warnings %q, want one about the inline blocks' numbers", f.Warnings)
	}
	if len(f.Warnings) > 0 && len(f.Warnings[0]) > 1500 {
		t.Errorf("the warning is %d bytes long", len(f.Warnings[0]))
	}
	final := Read(inlineFinal, testkit.ReadFile(t, inlineFinal))
	if len(f.Streams) != 1 || len(final.Streams) != 1 {
		t.Fatalf("%d and %d bodies", len(f.Streams), len(final.Streams))
	}
	s, fs := f.Streams[0], final.Streams[0]
	if s.NumInsts() != fs.NumInsts() {
		t.Fatalf("%d instructions, the final dump %d", s.NumInsts(), fs.NumInsts())
	}
	inlined := 0
	for i := range s.NumInsts() {
		a, b := s.Text[i], fs.Text[i]
		if a.Mnemonic() != b.Mnemonic() {
			t.Errorf("$%d: %s (line %d), the final dump %s (line %d)", i, a.Mnemonic(), a.Line, b.Mnemonic(), b.Line)
		}
		if a.Col == 1 && a.Text != "" && !strings.HasSuffix(a.Text, ":") {
			inlined++ // the inline blocks' lines are not indented
		}
	}
	if inlined < 100 {
		t.Errorf("%d inlined instructions: the test proves little", inlined)
	}
	// Here each block declares its DST in its own { } scope: every dpas
	// names the DST of its block, unambiguously, 112 blocks 112 ids.
	var in decoder.Instruction
	ids := map[uint32]bool{}
	for i := range s.NumInsts() {
		if s.Text[i].Mnemonic() != "dpas" {
			continue
		}
		s.Decode(i, &in)
		if !in.HasOperands() {
			t.Fatalf("line %d not parsed: %v", s.Text[i].Line, s.TextParseError(i))
		}
		r, ok := in.Operand("dst").(*decoder.Raw)
		if !ok || r.Ambiguous || in.VarName(r.ID) != "DST" {
			t.Fatalf("line %d: dst %+v", s.Text[i].Line, in.Operand("dst"))
		}
		ids[r.ID] = true
	}
	if len(ids) != 112 {
		t.Errorf("the dpas name %d distinct DST, want 112", len(ids))
	}
}
