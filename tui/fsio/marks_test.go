package fsio

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"infoscope/model"
)

// Each input's marks are read from and written to FILE.infoscope-marks.json
// beside it; a file that does not load is said and left alone (its marks
// stay in memory).
func TestSidecars(t *testing.T) {
	dir := t.TempDir()
	a, b, c := filepath.Join(dir, "a.isa"), filepath.Join(dir, "b.isa"), filepath.Join(dir, "c.isa")
	mk := model.Mark{File: a, Kernel: "k", Pos: 0x23, Text: "resinfo.R (M1, 8) T1 V40.0 V41.0", Note: "see V40"}
	data, err := model.MarshalMarks(a, []model.Mark{mk})
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) {
		if err := os.WriteFile(name, data, 0o640); err != nil {
			t.Fatal(err)
		}
	}
	write(a+marksSuffix, data)
	broken := []byte(`{"version": 1, "marks": [`)
	write(b+marksSuffix, broken)

	s := OpenMarks([]string{a, b, c, a})
	cfg := config(s)
	if !slices.Equal(cfg.Marks, []model.Mark{mk}) {
		t.Errorf("loaded %+v", cfg.Marks)
	}
	if !strings.Contains(cfg.LoadNote, b+marksSuffix) || !strings.Contains(cfg.LoadNote, "left as it is") || strings.Contains(cfg.LoadNote, a) {
		t.Errorf("load note %q", cfg.LoadNote)
	}
	if path, w := cfg.Save(b, data); path != "" || w != nil {
		t.Error("the mark file that did not load would be overwritten")
	}
	if got, _ := os.ReadFile(b + marksSuffix); string(got) != string(broken) {
		t.Error("the broken mark file was changed")
	}

	// Atomic: the new file replaces the old by a rename (a new inode, the
	// old one's permissions), nothing is left in the directory but the
	// file and its backup, and what is read back is what was saved.
	before, err := os.Stat(a + marksSuffix)
	if err != nil {
		t.Fatal(err)
	}
	mk2 := mk
	mk2.Note = "not V40: V41"
	data2, _ := model.MarshalMarks(a, []model.Mark{mk, mk2})
	path, w := cfg.Save(a, data2)
	if path != a+marksSuffix || w == nil {
		t.Fatalf("save a: %q", path)
	}
	if err := w(); err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if os.SameFile(before, after) || after.Mode().Perm() != 0o640 {
		t.Errorf("not replaced by a rename: same file %v, mode %v", os.SameFile(before, after), after.Mode())
	}
	if got, err := readMarks(path, a); err != nil || len(got) != 2 || got[1].Note != "not V40: V41" {
		t.Errorf("read back %+v %v", got, err)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("left behind: %s", e.Name())
		}
	}

	// Writes run in any order: the last one writes the latest marks; a
	// write whose command never ran is done by wait.
	_, w1 := cfg.Save(c, []byte(`{"version": 1, "marks": []}`+"\n"))
	_, w2 := cfg.Save(c, data)
	if err := w2(); err != nil {
		t.Fatal(err)
	}
	if err := w1(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(c + marksSuffix); string(got) != string(data) {
		t.Errorf("an older write landed last:\n%s", got)
	}
	_, _ = cfg.Save(c, data2)
	if err := s.Wait(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(c + marksSuffix); string(got) != string(data2) {
		t.Errorf("wait did not write the pending marks:\n%s", got)
	}
}

// Without input files (the samples, stdin) there is nowhere to write:
// marks are kept in memory, which the inspector says.
func TestSidecarsNone(t *testing.T) {
	if cfg := config(OpenMarks(nil)); cfg.Save != nil || cfg.LoadNote != "" || len(cfg.Marks) != 0 {
		t.Errorf("%+v", cfg)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "k.isa")
	if err := os.Mkdir(in+marksSuffix, 0o755); err != nil {
		t.Fatal(err)
	}
	if note := config(OpenMarks([]string{in})).LoadNote; !strings.Contains(note, "not a regular file") {
		t.Errorf("a directory as mark file: %q", note)
	}
}

// marksConfig is Marks.Config's results by name.
type marksConfig struct {
	Marks    []model.Mark
	Save     func(input string, data []byte) (string, func() error)
	LoadNote string
}

func config(s *Marks) marksConfig {
	m, save, note := s.Config()
	return marksConfig{m, save, note}
}

// An input whose name is already near the file system's limit cannot
// have a mark file beside it (the suffix takes it past NAME_MAX): that is
// no mark file, not one that did not load, so the inspector starts
// without a problem to show; a mark made there fails to save, and says
// why, when it is made.
func TestSidecarNameTooLong(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, strings.Repeat("L", 240)+".visaasm")
	if err := os.WriteFile(in, []byte(".version 4.1\n"), 0o644); err != nil {
		t.Skip("a 248-byte name is refused here:", err)
	}
	cfg := config(OpenMarks([]string{in}))
	if cfg.LoadNote != "" || len(cfg.Marks) != 0 || cfg.Save == nil {
		t.Fatalf("load note %q, %d marks, save set %v", cfg.LoadNote, len(cfg.Marks), cfg.Save != nil)
	}
	data, err := model.MarshalMarks(in, []model.Mark{{File: in, Kernel: "k", Pos: 1, Text: "ret (M1, 1)"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, write := cfg.Save(in, data); write == nil || write() == nil {
		t.Error("saving a mark file whose name is too long did not fail")
	}
}
