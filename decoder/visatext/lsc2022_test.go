package visatext

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/internal/visagen"
	"infoscope/sampledata/testkit"
)

// buildLSC2022 rewrites an object in today's LSC layout into the layout
// IGC wrote before 2023-07-26: the u32 ss_idx after the surface operand
// of every generic lsc_untyped instruction removed (it comes just before
// the four 6-byte raw operands dst, src0, src1, src2 that end the
// instruction), and the three fields that count those bytes fixed: the
// kernel's size in the file header, its Gen binary's offset, and the
// body's instruction byte count. One kernel, generic LSC messages only
// (what the oracle's DG2 files hold); anything else fails the test.
func buildLSC2022(t *testing.T, data []byte) []byte {
	t.Helper()
	f := decoder.Decode("in", data, decoder.Options{})
	if len(f.Errors) > 0 || f.Object == nil || len(f.Object.Kernels) != 1 || len(f.Object.Functions) != 0 || f.Object.LSC2022 {
		t.Fatalf("not one kernel in today's layout: %v", f.Errors)
	}
	b := f.Object.Kernels[0]
	s := b.Stream
	var cut []int // file offsets of the ss_idx fields, ascending
	var in decoder.Instruction
	for i := range s.NumInsts() {
		x := s.Inst(i)
		if x.Op != 0x89 {
			continue
		}
		s.Decode(i, &in)
		if in.Sub != 0 && in.Sub != 2 && in.Sub != 4 && in.Sub != 6 && !(in.Sub >= 8 && in.Sub <= 0x1B) {
			t.Fatalf("$%d: %s, not a generic LSC message", i, in.Mnemonic)
		}
		at := int(b.CodeOffset()) + int(x.Off) + int(x.Len) - 4*6 - 4
		v, _ := in.Value("ss_idx")
		if got := binary.LittleEndian.Uint32(data[at:]); got != v {
			t.Fatalf("$%d: %#x at 0x%x, the decoded ss_idx is %#x", i, got, at, v)
		}
		cut = append(cut, at)
	}
	if len(cut) == 0 {
		t.Fatal("no LSC message")
	}
	n := uint32(4 * len(cut))
	// The counting fields, found by their values in the bytes before the
	// instructions (each must occur exactly once there).
	fix := func(v uint32) {
		t.Helper()
		var w [4]byte
		binary.LittleEndian.PutUint32(w[:], v)
		head := data[:b.CodeOffset()]
		if bytes.Count(head, w[:]) != 1 {
			t.Fatalf("the field holding %#x occurs %d times before the code", v, bytes.Count(head, w[:]))
		}
		binary.LittleEndian.PutUint32(data[bytes.Index(head, w[:]):], v-n)
	}
	data = bytes.Clone(data)
	fix(b.Size)
	fix(b.CodeSize)
	if len(b.GenBinaries) != 1 {
		t.Fatalf("%d Gen binaries", len(b.GenBinaries))
	}
	fix(b.GenBinaries[0].Offset)
	var out []byte
	from := 0
	for _, at := range cut {
		out = append(out, data[from:at]...)
		from = at + 4
	}
	return append(out, data[from:]...)
}

// TestLSC2022Built: the pre-July-2023 LSC object is built here from the
// oracle's DG2 file mix_s2.isa (buildLSC2022) and equals the shared copy
// byte for byte; infoscope detects its layout and decodes it to the
// oracle's instructions; and where GenX_IR 1.0.12504 (which reads only
// that layout) is installed, its print of the object it read is infoscope's
// print of every instruction, but for svm_block_ld/st's alignment suffix,
// which the 12504 printer takes from another bit (intel-tools notes).
func TestLSC2022Built(t *testing.T) {
	orig := testkit.ReadFile(t, oracleDir+"/mix_s2.isa")
	built := buildLSC2022(t, orig)
	if want := testkit.ReadFile(t, "../testdata/igc2022/mix_s2.lsc2022.isa"); !bytes.Equal(built, want) {
		t.Fatalf("built %d bytes, the 2022-layout copy has %d; they differ", len(built), len(want))
	}
	f := decoder.Decode("built", built, decoder.Options{})
	if len(f.Errors) > 0 || !f.Object.LSC2022 {
		t.Fatalf("layout 2022 %v, errors %v", f.Object.LSC2022, f.Errors)
	}
	s := f.Streams[0]
	// Without GenX_IR, the built object is checked against the shared copy only.
	genxir := visagen.Tool(t, "GenX_IR")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "k.isa"), built, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(genxir, "k.isa", "-platform", "DG2", "-dumpcommonisa")
	cmd.Dir = dir
	msg, _ := cmd.CombinedOutput() // it exits non-zero once it has printed
	text, err := os.ReadFile(filepath.Join(dir, ".visaasm"))
	if err != nil {
		t.Fatalf("GenX_IR printed nothing: %v\n%s", err, msg)
	}
	g := Read("genxir.visaasm", text)
	if len(g.Errors) > 0 || len(g.Streams) != 1 {
		t.Fatalf("GenX_IR's print: %v", g.Errors)
	}
	gs := g.Streams[0]
	if gs.NumInsts() != s.NumInsts() {
		t.Fatalf("GenX_IR read %d instructions, infoscope %d", gs.NumInsts(), s.NumInsts())
	}
	align := strings.NewReplacer(".aligned ", " ", ".unaligned ", " ")
	var in decoder.Instruction
	lsc := 0
	for i := range s.NumInsts() {
		if gs.Text[i].Text == "" {
			continue
		}
		s.Decode(i, &in)
		ours := in.Text()
		if k, ok := s.InfoAt(i); ok {
			ours = s.Info(k).Text()
		}
		ours = ours[strings.LastIndexByte(ours, '\n')+1:]
		theirs := gs.Text[i].Text
		if strings.HasPrefix(theirs, "svm_block_") {
			ours, theirs = align.Replace(ours), align.Replace(theirs)
		}
		if ours != theirs {
			t.Errorf("$%d: infoscope %q, GenX_IR %q", i, ours, theirs)
		}
		if in.Op == 0x89 {
			lsc++
		}
	}
	if lsc < 4 {
		t.Errorf("%d LSC messages: the test proves little", lsc)
	}
	t.Logf("%d instructions, %d LSC messages, as GenX_IR 1.0.12504 reads them", s.NumInsts(), lsc)
}
