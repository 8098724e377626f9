package decoder

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenXIR30 checks INFO's mask against GenX_IR's dump of objects whose
// resinfo carries each kind of emask nibble at version 3.0 (and two at 3.3,
// where the nibble means what it does today): the Info's text and the
// Instruction's (the Code pane's) are Intel's line.
func TestGenXIR30(t *testing.T) {
	files, _ := filepath.Glob("testdata/genxir30/*.isa")
	if len(files) != 7 {
		t.Fatalf("%d objects in testdata/genxir30, want 7", len(files))
	}
	for _, isa := range files {
		want := parseDisassembly(t, strings.TrimSuffix(isa, ".isa")+".dis.visaasm")
		data, err := os.ReadFile(isa)
		if err != nil {
			t.Fatal(err)
		}
		f := Decode(isa, data, Options{})
		if len(f.Errors) > 0 || len(f.Streams) == 0 || len(want) != 1 || len(want[0].infos) != 1 || f.Streams[0].NumInfos() != 1 {
			t.Fatalf("%s: %v, %d streams; dump %+v", isa, f.Errors, len(f.Streams), want)
		}
		s := f.Streams[0]
		var in Instruction
		s.Decode(s.InfoInst(0), &in)
		if got, inst := s.Info(0).Text(), in.Text(); got != want[0].infos[0] || inst != got {
			t.Errorf("%s: Info %q, Instruction %q, GenX_IR %q", filepath.Base(isa), got, inst, want[0].infos[0])
		}
	}
}
