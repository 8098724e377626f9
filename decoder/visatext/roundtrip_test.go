package visatext

import (
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/testkit"
)

// printBack prints f's lines again (decoder.File.AppendTextLine, as dump
// --visaasm does) and counts the instruction lines not made from the
// model.
func printBack(f *decoder.File) (string, []string) {
	var b []byte
	var in decoder.Instruction
	var asWritten []string
	tl := f.TextLayout()
	for k := range tl.Lines {
		var model bool
		b, model = f.AppendTextLine(b, tl, k, &in)
		if !model && tl.Lines[k].Inst >= 0 {
			asWritten = append(asWritten, tl.Lines[k].Raw)
		}
		if k < len(tl.Lines)-1 || tl.FinalNewline {
			b = append(b, '\n')
		}
	}
	return string(b), asWritten
}

// TestRoundTrip: every IGC-written text (real dumps, Intel's disassembly of
// the oracle binaries) prints back byte for byte, every instruction line
// made again from the instruction model: the printer's padding, its
// "/// $N", none after FILE and LOC or labels, the first instruction after
// the last .kernel_attr; every other line as written.
func TestRoundTrip(t *testing.T) {
	paths := append(testkit.Glob(t, 15, "testdata/dumps/*.visaasm", "testdata/dumpset/*.visaasm", oracleDir+"/*.dis.visaasm"),
		inlineFinal, "testdata/v42_info_min.visaasm", "testdata/forms/xe3_forms.visaasm")
	lines := 0
	for _, p := range paths {
		data := testkit.ReadFile(t, p)
		f := Read(p, data)
		got, asWritten := printBack(f)
		if got != string(data) {
			t.Errorf("%s: printed back differs", p)
		}
		for _, l := range asWritten {
			t.Errorf("%s: not made from the model: %q", p, l)
		}
		lines += len(f.TextLayout().Lines)
	}
	t.Logf("%d files, %d lines", len(paths), lines)
}

// TestRoundTripInlineAsm: the .inline.visaasm prints back byte for byte,
// every line IGC's first pass printed (indented, "/// $N") made from the
// instruction model: its predicates named as its .decl lines name them
// (P46 where IGC, parsing the inline blocks' INTERLEAVE_2 among them,
// numbers it P49). Only the inline assembly blocks' own lines, laid out by
// their author ("(M1_NM,16)", runs of blanks), are printed as written;
// TestInlineAsmLinesAsFinalDump checks what they parse into.
func TestRoundTripInlineAsm(t *testing.T) {
	data := testkit.ReadFile(t, inlineAsm)
	f := Read(inlineAsm, data)
	got, asWritten := printBack(f)
	if got != string(data) {
		t.Errorf("printed back differs")
	}
	for _, l := range asWritten {
		if strings.HasPrefix(l, "    ") || strings.Contains(l, " /// $") {
			t.Errorf("an IGC-printed line not made from the model: %q", l)
		}
	}
	if len(asWritten) == 0 || len(asWritten) > 300 {
		t.Errorf("%d lines as written; the inline blocks hold 266", len(asWritten))
	}
	t.Logf("%d inline-block lines as written", len(asWritten))
}

// TestRoundTripCRLF: a dump with CRLF line ends (IGC on Windows writes
// text-mode files; a dump may pass through a Windows checkout) is still
// IGC's printed text: it prints back byte for byte, CRs kept, every
// instruction line made from the model. Its "/// $N\r" used to read as no
// number, so the file counted as source text and dump --visaasm printed its
// instruction lines alone.
func TestRoundTripCRLF(t *testing.T) {
	for _, p := range []string{oracleDir + "/info_min.dis.visaasm", "testdata/v42_info_min.visaasm"} {
		data := strings.ReplaceAll(string(testkit.ReadFile(t, p)), "\n", "\r\n")
		f := Read(p, []byte(data))
		if tl := f.TextLayout(); !tl.Printed {
			t.Errorf("%s with CRLF: not taken for IGC's printed text", p)
		}
		got, asWritten := printBack(f)
		if got != data {
			t.Errorf("%s with CRLF: printed back differs:\n%q\nwant\n%q", p, got, data)
		}
		for _, l := range asWritten {
			t.Errorf("%s with CRLF: not made from the model: %q", p, l)
		}
	}
}
