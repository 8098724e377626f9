package visatext

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"infoscope/decoder"
	"infoscope/decoder/internal/visagen"
	"infoscope/sampledata/testkit"
)

// subSource is source text as IGC's assembler takes it: subroutines
// opened by .function alone (no label line), called by their names.
const subSource = `.version 4.1
.kernel "k"
.decl V32 v_type=G type=ud num_elts=8 align=GRF
.kernel_attr Target="cm"
    mov (M1, 8) V32(0,0)<1> 0x0:ud
    call (M1, 1) foo
    ret (M1, 1)
.function "foo"
    add (M1, 8) V32(0,0)<1> V32(0,0)<1;1,0> 0x1:ud
    call (M1, 1) bar
    ret (M1, 1)
.function "bar"
    add (M1, 8) V32(0,0)<1> V32(0,0)<1;1,0> 0x2:ud
    ret (M1, 1)
`

// mnemonicsByN lists "$N mnemonic" of every instruction of f's one body.
func mnemonicsByN(t *testing.T, f *decoder.File) []string {
	t.Helper()
	for _, e := range f.Errors {
		t.Errorf("%v", e)
	}
	if len(f.Streams) != 1 {
		t.Fatalf("%d bodies", len(f.Streams))
	}
	s := f.Streams[0]
	var out []string
	for i := range s.NumInsts() {
		if s.Text[i].Line != 0 {
			out = append(out, strconv.Itoa(i)+" "+s.InstMnemonic(i))
		}
	}
	return out
}

// TestSubroutineSourceText: a .function without its label is the
// subroutine instruction itself, calls name it, and every $N after it is
// the one Intel's assembler gives (GenX_IR's own print of the text, when
// it is installed; the numbers written here otherwise).
func TestSubroutineSourceText(t *testing.T) {
	got := mnemonicsByN(t, Read("sub.visaasm", []byte(subSource)))
	want := []string{"0 mov", "1 call", "2 ret", "3 subroutine", "4 add", "5 call", "6 ret", "7 subroutine", "8 add", "9 ret"}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("read as\n %s\nwant\n %s", strings.Join(got, ", "), strings.Join(want, ", "))
	}
	genxir := visagen.Tool(t, "GenX_IR")
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := visagen.Run(ctx, genxir, dir, visagen.Kernel{Text: []byte(subSource), Platform: "DG2"},
		"-dumpcommonisa", "-asmOutput", "out", "-stopafter", "HWConformityChk")
	if err != nil {
		t.Fatalf("GenX_IR: %v\n%s", err, out)
	}
	f := Read("out.visaasm", testkit.ReadFile(t, filepath.Join(dir, "out.visaasm")))
	intel := mnemonicsByN(t, f)
	if strings.Join(got, ", ") != strings.Join(intel, ", ") {
		t.Errorf("read as\n %s\nGenX_IR numbers\n %s", strings.Join(got, ", "), strings.Join(intel, ", "))
	}
	// Intel's print of the calls (call (M1, 1) foo_0) parses and prints
	// back. (GenX_IR 1.0.12504 crashes on a kernel that calls two
	// subroutines from its main body; the second is called from the
	// first here.)
	s := f.Streams[0]
	var in decoder.Instruction
	for i := range s.NumInsts() {
		if s.Text[i].Line != 0 && s.InstMnemonic(i) == "call" {
			if s.Decode(i, &in); !in.HasOperands() || in.Text() != s.Text[i].Text {
				t.Errorf("%q: parsed %v (%v), prints %q", s.Text[i].Text, in.HasOperands(), s.TextParseError(i), in.Text())
			}
		}
	}
}

// A body may end in a label (no branch need reach it): the text is not
// cut short.
func TestBodyEndsInLabel(t *testing.T) {
	src := ".version 4.1\n.kernel \"k\"\n.kernel_attr Target=\"cm\"\n    ret (M1, 1)\n\nL_end:\n"
	f := Read("end.visaasm", []byte(src))
	if len(f.Errors) != 0 {
		t.Errorf("%v", f.Errors)
	}
	cut := Read("cut.visaasm", []byte(".version 4.1\n.kernel \"k\"\n.kernel_attr Target=\"cm\"\n    mov (M1, 1) %null(0,0)<1> 0x0:ud\n\nL_end:\n"))
	if len(cut.Errors) != 1 || !strings.Contains(cut.Errors[0].Error(), "cut short") {
		t.Errorf("a body whose last instruction is not ret: %v", cut.Errors)
	}
}
