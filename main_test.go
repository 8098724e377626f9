package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A missing file is refused before the screen opens (it used to open an
// empty inspector with a read error); so is a directory with no .visaasm
// file, while an IGC dump folder stands for its .visaasm files.
func TestCheckInput(t *testing.T) {
	dir := t.TempDir()
	if _, err := checkInput(dir); err == nil || !strings.Contains(err.Error(), "no .visaasm file") {
		t.Errorf("an empty directory was accepted (%v)", err)
	}
	if _, err := checkInput(filepath.Join(dir, "missing.isa")); err == nil {
		t.Error("a missing file was accepted")
	}
	f := filepath.Join(dir, "k.isa")
	if err := os.WriteFile(f, []byte("CISA"), 0o644); err != nil {
		t.Fatal(err)
	}
	if files, err := checkInput(f); err != nil || len(files) != 1 || files[0] != f {
		t.Errorf("a file was refused: %v %v", files, err)
	}
	for _, n := range []string{"b.visaasm", "a.visaasm", "a.inline.visaasm", "c.inline.visaasm", "x.ll"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(".version 4.1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, note, err := dumpFolder(dir)
	want := []string{"a.visaasm", "b.visaasm", "c.inline.visaasm"}
	if err != nil || len(files) != len(want) {
		t.Fatalf("dump folder: %v %v", files, err)
	}
	for i, w := range want {
		if files[i] != filepath.Join(dir, w) {
			t.Errorf("file %d: %s, want %s", i, files[i], w)
		}
	}
	if note != "skipped 2 not .visaasm (k.isa, x.ll) and 1 .inline.visaasm with their kernel's .visaasm beside them" {
		t.Errorf("note %q", note)
	}
}

// A surface file that does not parse is reported, not fatal: the inspector
// opens on defaults (issue 13: it used to refuse to start), and the file is
// left as it was.
func TestLoadSurfacesUnparsable(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "infoscope-surfaces.json")
	broken := []byte(`{"version": 1, "surfaces": {"T6": {"width": `) // cut by a crash
	if err := os.WriteFile(path, broken, 0o644); err != nil {
		t.Fatal(err)
	}
	sf, err := loadSurfaces(path)
	if err == nil || sf != nil {
		t.Fatalf("broken file: %v, %v", sf, err)
	}
	if !strings.Contains(err.Error(), path) {
		t.Errorf("error %q does not name the file", err)
	}
	if b, _ := os.ReadFile(path); string(b) != string(broken) {
		t.Errorf("the file changed: %q", b)
	}
	if sf, err := loadSurfaces(filepath.Join(dir, "none.json")); sf != nil || err != nil {
		t.Errorf("missing file: %v, %v (want nothing: defaults, no complaint)", sf, err)
	}
}
