package diff

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var regen = flag.Bool("regen", false, "write testdata/triton_matmul.inserted.visaasm again")

// TestRealPair: a real kernel against the same kernel with one instruction
// inserted near the top and every later variable and $N shifted (diff(1)
// prints 1,485 lines for the two): the report holds exactly the
// insertion.
func TestRealPair(t *testing.T) {
	const a, b = "testdata/triton_matmul.visaasm", "testdata/triton_matmul.inserted.visaasm"
	text := mustRead(t, a)
	want, at := insertShifted(text, 5)
	if *regen {
		if err := os.WriteFile(b, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := mustRead(t, b)
	if got != want {
		t.Fatalf("%s is not insertShifted(%s): run with -regen", b, a)
	}
	ks := compareFiles(t, readText(t, a, text), readText(t, b, got))
	if len(ks) != 1 {
		t.Fatalf("%d kernels", len(ks))
	}
	k := ks[0]
	if len(k.Changes) != 1 || len(k.Decls) != 0 {
		t.Fatalf("%s", describe(k))
	}
	c := k.Changes[0]
	if c.Kind != Added || c.A != -1 || c.B != at || c.BText != "mov (M1_NM, 1) V0202(0,0)<1> 0x2a:d" {
		t.Errorf("%+v", c)
	}
	if k.StatsB.Insts != k.StatsA.Insts+1 {
		t.Errorf("stats %+v %+v", k.StatsA, k.StatsB)
	}
	// Every other row is Same, $N shifted by one after the insertion.
	for _, r := range k.Rows {
		if r.Kind == Same && r.B != r.A+map[bool]int{true: 1, false: 0}[r.A >= at] {
			t.Fatalf("row %+v", r)
		}
	}
}

// The kernel with inline vISA assembly that decoder/visatext's tests read
// (see that folder's PROVENANCE.md): IGC's .inline.visaasm (the text of
// its first pass, each inline block declaring its own DST, SRC1_UD,
// INTERLEAVE_2, ... in { } scopes, written as its author wrote them:
// "(M1_NM,16)", 0x0F0F) and the final dump of the same kernel (every
// block's declarations listed in the header, so that DST, declared 112
// times, is ambiguous in every instruction that names it).
const (
	inlineDir   = "../../decoder/visatext/testdata/inline/"
	inlineFinal = inlineDir + "intel__sycl-tla__faOriginal__OCL_asm02a05bd857049a6b_simd16_entry_0001.visaasm"
	inlineAsm   = inlineDir + "intel__sycl-tla__faOriginal__OCL_asm02a05bd857049a6b_simd16_entry_0001.inline.visaasm"
)

// TestInlinePair: the two texts are one program. Instruction by
// instruction (4,122 of them, in the same order) they differ only in how
// they are written: blanks, hexadecimal digits' case, predicates named in
// the blocks (INTERLEAVE_2) against their numbers (P46, P50, ...), the
// numbering of the predicates after the first block, where the variables
// are declared, and which declaration of an inline block's name an
// operand means, which the final dump does not say. (A normalising text
// comparison of the two, predicate names aside, finds no other
// difference; before the blocks' names were matched this report held 241
// changed, 32 added and 32 removed instructions.) The report is empty,
// and every instruction pairs with the one at its own $N.
//
// Then two real changes made in the .inline.visaasm are each reported,
// alone: a sel of the first interleave block reading IN2 where it read
// IN1, and the first dpas block's DST aliasing V0117 where it aliased
// V0686 (its dpas then writes and reads other bytes).
func TestInlinePair(t *testing.T) {
	final, asm := mustRead(t, inlineFinal), mustRead(t, inlineAsm)
	ks := compareFiles(t, readText(t, inlineFinal, final), readText(t, inlineAsm, asm))
	if len(ks) != 1 {
		t.Fatalf("%d kernels", len(ks))
	}
	k := ks[0]
	if !k.Same() {
		t.Fatalf("%s", describe(k))
	}
	if k.StatsA.Insts != 4122 || len(k.Rows) != 4122 {
		t.Fatalf("%d instructions, %d rows", k.StatsA.Insts, len(k.Rows))
	}
	for _, r := range k.Rows {
		if r.A != r.B {
			t.Fatalf("row %+v", r)
		}
	}
	// The other way round: the ambiguous operands on B's side.
	if k := compareFiles(t, readText(t, inlineAsm, asm), readText(t, inlineFinal, final))[0]; !k.Same() {
		t.Fatalf("the .inline.visaasm against the final dump: %s", describe(k))
	}

	lines := strings.Split(asm, "\n")
	edit := func(line int, from, to string) {
		t.Helper()
		if !strings.Contains(lines[line-1], from) {
			t.Fatalf("line %d is %q", line, lines[line-1])
		}
		lines[line-1] = strings.Replace(lines[line-1], from, to, 1)
	}
	edit(2448, "IN1(0,0)<2;2,0>", "IN2(0,0)<2;2,0>")
	edit(1886, "alias=<V0686,0>", "alias=<V0117,0>")
	edited := readText(t, inlineAsm, strings.Join(lines, "\n"))
	k = compareFiles(t, readText(t, inlineFinal, final), edited)[0]
	s := edited.Streams[0]
	at := func(line int) int {
		for i := range s.Text {
			if s.Text[i].Line == int32(line) {
				return i
			}
		}
		t.Fatalf("no instruction on line %d", line)
		return -1
	}
	sel, dpas := at(2448), at(1889)
	if len(k.Changes) != 2 || len(k.Decls) != 0 {
		t.Fatalf("%s", describe(k))
	}
	for _, c := range k.Changes {
		var names []string
		for _, f := range c.Fields {
			names = append(names, f.Name+": "+f.A+" -> "+f.B)
		}
		got := strings.Join(names, "; ")
		switch {
		case c.Kind != Changed || c.A != c.B:
			t.Errorf("%+v", c)
		case c.B == sel:
			if len(c.Fields) != 1 || !strings.HasPrefix(c.Fields[0].A, "IN1 ") || !strings.HasPrefix(c.Fields[0].B, "IN2 ") {
				t.Errorf("$%d: %s", sel, got)
			}
		case c.B == dpas:
			if want := "dst: DST (ambiguous: 112 declarations) -> DST (V0117+0); src0: DST (ambiguous: 112 declarations) -> DST (V0117+0)"; got != want {
				t.Errorf("$%d: %s, want %s", dpas, got, want)
			}
		default:
			t.Errorf("$%d changed: %s", c.B, got)
		}
	}
}
