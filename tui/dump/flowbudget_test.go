package dump

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
)

// TestDumpFlowBudget: a raw stream built so that each INFO's data flow
// reaches the whole body (every other instruction a label, the LOD never
// written: each INFO's need walks back to the entry) would cost time in
// the square of its size; dump --all --json stops the analyses at the
// body's budget (flow.Budget): the INFO records before it carry
// lod_defs and dst_uses, those from it on none, and stderr says where
// and why.
func TestDumpFlowBudget(t *testing.T) {
	label := []byte{0x31, 0x00, 0x00}
	info := []byte{0x70, 0x0a, 0x03, 0x0f, 0x06, 0x20, 0, 0, 0, 0, 0, 0x21, 0, 0, 0, 0, 0}
	const pairs = 20_000
	stdin := bytes.Repeat(append(append([]byte{}, label...), info...), pairs)
	out, errOut, code := run(t, stdin, "--json", "--all", "--layout", "igc", "-")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Count(errOut, "budget") != 1 || !strings.Contains(errOut, ": warning: the raw stream: data flow left out from INFO $") {
		t.Errorf("stderr: %s", errOut)
	}
	with, without, infos := 0, 0, 0
	for _, r := range records[flowRec](t, out) {
		if r.Op == nil {
			continue
		}
		infos++
		switch {
		case r.LODDefs != nil && without == 0:
			with++
		case r.LODDefs == nil:
			without++
		default:
			t.Fatalf("$%d: lod_defs after an INFO without them", r.Index)
		}
	}
	if infos != pairs || with == 0 || without == 0 {
		t.Errorf("%d INFO: %d with data flow, %d without", infos, with, without)
	}
	// The small bodies of the samples stay well within it (their keys are
	// checked by TestDumpJSONAllDataFlow).
}

// TestWriteLeavesFileAlone: the budget's warning comes back from Write,
// not appended to the decoded file, which a server's sessions may share;
// Run prints it (TestDumpFlowBudget).
func TestWriteLeavesFileAlone(t *testing.T) {
	label := []byte{0x31, 0x00, 0x00}
	info := []byte{0x70, 0x0a, 0x03, 0x0f, 0x06, 0x20, 0, 0, 0, 0, 0, 0x21, 0, 0, 0, 0, 0}
	data := bytes.Repeat(append(append([]byte{}, label...), info...), 20_000)
	f := visatext.Decode("raw", data, decoder.Options{Layout: decoder.LayoutIGC})
	before := len(f.Warnings)
	notes, err := new(formatter).write(io.Discard, f, Options{JSON: true, All: true, Syntax: "igc"})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Warnings) != before {
		t.Errorf("Write changed the file's warnings: %q", f.Warnings)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "budget") {
		t.Errorf("notes %q, want the budget's one", notes)
	}
}
