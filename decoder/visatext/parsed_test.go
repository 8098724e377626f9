package visatext

import (
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/testkit"
)

// TestEveryRealLineParsed: every instruction line of every real text here
// (IGC's dumps, the dump-set kernels with d8u32/d16u32 data, the
// .inline.visaasm and its final dump, the oracle's sources and Intel's
// disassembly of them) is parsed into its opcode's operands, and prints
// back as the line in IGC's form (CanonicalText) up to the length of runs
// of blanks. The forms the assembler takes that IGC does not print are
// counted, so that the test fails if they stop being here.
func TestEveryRealLineParsed(t *testing.T) {
	var paths []string
	for _, g := range []string{"testdata/dumps/*.visaasm", "testdata/dumpset/*.visaasm", "testdata/inline/*.visaasm", oracleDir + "/*.visaasm"} {
		paths = append(paths, testkit.Glob(t, 1, g)...)
	}
	forms := map[string]int{}
	count := func(text string) {
		for _, f := range []string{",16)", "+(", "d8u32", "d16u32", "(!INTERLEAVE_", "media_ld"} {
			if strings.Contains(text, f) {
				forms[f]++
			}
		}
		if strings.HasPrefix(text, "(") && strings.Contains(text, ") max ") {
			forms["predicated max"]++
		}
	}
	lines := 0
	var in decoder.Instruction
	for _, p := range paths {
		f := Read(p, testkit.ReadFile(t, p))
		for _, e := range f.Errors {
			t.Errorf("%v", e)
		}
		for _, s := range f.Streams {
			for i := range s.Text {
				if s.Text[i].Text == "" || s.Inst(i).Op == decoder.OpINFO {
					continue
				}
				lines++
				count(s.Text[i].Text)
				s.Decode(i, &in)
				if !in.HasOperands() {
					t.Errorf("%s:%d not parsed: %s (%v)", p, s.Text[i].Line, s.Text[i].Text, s.TextParseError(i))
					continue
				}
				if got, want := lastLine(in.Text()), s.CanonicalText(i); !sameUpToBlanks(got, want) {
					t.Errorf("%s:%d prints as %q, want %q", p, s.Text[i].Line, got, want)
				}
			}
		}
	}
	for _, f := range []string{",16)", "+(", "d8u32", "d16u32", "(!INTERLEAVE_", "media_ld", "predicated max"} {
		if forms[f] == 0 {
			t.Errorf("no line with %q: the test proves less than it says", f)
		}
	}
	t.Logf("%d files, %d instruction lines, forms %v", len(paths), lines, forms)
}

// TestInlineAsmLinesAsFinalDump: each instruction of an inline assembly
// block in the .inline.visaasm, parsed as the assembler reads it (named
// predicates, each block's own INTERLEAVE_2 numbered anew, "(M1_NM,16)",
// "flat[V+(0,0)]"), prints exactly as the kernel's final dump prints the
// same $N: IGC's own reading of those lines.
func TestInlineAsmLinesAsFinalDump(t *testing.T) {
	f := Read(inlineAsm, testkit.ReadFile(t, inlineAsm))
	final := Read(inlineFinal, testkit.ReadFile(t, inlineFinal))
	if len(f.Streams) != 1 || len(final.Streams) != 1 {
		t.Fatalf("%d and %d bodies", len(f.Streams), len(final.Streams))
	}
	s, fs := f.Streams[0], final.Streams[0]
	var a, b decoder.Instruction
	inlined, preds := 0, map[string]bool{}
	for i := range s.NumInsts() {
		tx := s.Text[i]
		if tx.Col != 1 || tx.Text == "" || strings.HasSuffix(tx.Text, ":") {
			continue // not an inline block's line
		}
		inlined++
		s.Decode(i, &a)
		fs.Decode(i, &b)
		got, want := lastLine(a.Text()), fs.Text[i].Text
		if got != want {
			t.Errorf("line %d $%d: %q prints as %q; the final dump: %q", tx.Line, i, tx.Text, got, want)
		}
		if strings.Contains(tx.Text, "INTERLEAVE_2)") {
			preds[got[:strings.IndexByte(got, ')')]] = true
		}
	}
	if inlined < 300 || len(preds) < 4 {
		t.Errorf("%d inlined lines, INTERLEAVE_2 as %v: the test proves little", inlined, preds)
	}
	t.Logf("%d inlined lines; INTERLEAVE_2 printed as %v", inlined, preds)
}
