package visatext

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/testkit"
)

// FuzzRead: any input reads without a panic, every error is located, every
// INFO has its rebuilt bytes and $N is the instruction's index.
func FuzzRead(f *testing.F) {
	f.Add([]byte(head + "    resinfo.R (M1, 8) T1 %r0.0 %r0.0\n    ret (M1, 1)\n"))
	f.Add([]byte(head + "    (!P1.any) add.sat (M1_NM, 8) V33(0,1)<1> (-abs)V34(1,0)<8;8,1> 0x3f800000:f\n    jmp (M1, 1) L0\nL0:\n    addr_add (M1_NM, 1) A0(0)<1> &V35[64] 0x20:uw\n    mov (M1, 8) r[A0(0),4]<1>:d 0x1:d\n    ret (M1, 1)\n"))
	// The assembler's forms of the inline-asm blocks: scoped named
	// predicates, "(M1_NM,16)", runs of blanks, "flat[V+(0,0)]".
	f.Add([]byte(head + "{\n.decl PI v_type=P num_elts=16\n.decl X v_type=G type=UD num_elts=16\nsetp (M1_NM,16) PI 0x0F0F:uw\n(!PI) sel (M1_NM,16) X(0,0)<1>  X(0,1)<1;1,0>  X(0,2)<1;1,0>\nlsc_load_block2d.ugm.ca.ca (M1, 1)  %null:d16.32x2nn flat[X+(0,0)]\n}\n    ret (M1, 1)\n"))
	// Every real input too, cut so that one execution stays short.
	for _, p := range textInputs(f) {
		b := testkit.ReadFile(f, p)
		f.Add(b[:min(len(b), 8<<10)])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file := Read("f.visaasm", data)
		for _, e := range file.Errors {
			var te *decoder.TextError
			if errors.As(e, &te) && (te.Line < 1 || te.Col < 1) {
				t.Fatalf("unlocated: %v", e)
			}
		}
		var in decoder.Instruction
		for _, s := range file.Streams {
			// Every line parses or stays text; a parsed one prints back
			// to its text as IGC's assembler reads it (CanonicalText),
			// up to the length of runs of blanks.
			for i := range s.Text {
				s.Decode(i, &in)
				if in.Off != -1 || in.Index != i {
					t.Fatalf("$%d: decoded off %d index %d", i, in.Off, in.Index)
				}
				if txt := lastLine(in.Text()); in.HasOperands() && s.Inst(i).Op != decoder.OpINFO && !sameUpToBlanks(txt, s.CanonicalText(i)) {
					t.Fatalf("$%d: %q parsed, prints as %q", i, s.Text[i].Text, txt)
				}
				_ = in.Diagnostics()
			}
			if len(s.Text) != s.NumInsts() {
				t.Fatalf("%d texts for %d insts", len(s.Text), s.NumInsts())
			}
			for i := range s.NumInsts() {
				if s.AbsOff(i) != -1 {
					t.Fatalf("$%d has file offset %d: text has none", i, s.AbsOff(i))
				}
			}
			for i := range s.NumInfos() {
				in := s.Info(i)
				// Its bytes are its form's: 9 for a SAMPLEINFO with the
				// 16-bit ids of versions before 3.4.
				sp := in.FieldSpans()
				if last := sp[len(sp)-1]; len(in.Bytes()) != last.Byte+last.Bits/8 || in.Off != -1 || s.Text[in.Inst].Mnemonic() == "" {
					t.Fatalf("INFO $%d: % x off %d", in.Inst, in.Bytes(), in.Off)
				}
				_ = in.Fields()
				_ = in.Diagnostics()
			}
		}
	})
}

// lastLine is the last line of an instruction's print: a subroutine
// prints its .function line before its label line.
func lastLine(s string) string { return s[strings.LastIndexByte(s, '\n')+1:] }

// sameUpToBlanks reports whether a and b differ only in the length of
// their runs of spaces: how a parsed line of a person's source compares
// with its print (the decoder's rule, written here another way).
func sameUpToBlanks(a, b string) bool {
	return spaces.ReplaceAllString(a, " ") == spaces.ReplaceAllString(b, " ")
}

var spaces = regexp.MustCompile(" +")
