package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A directory is refused before the screen opens, as a missing file is
// (it used to open an empty inspector with a read error).
func TestCheckInput(t *testing.T) {
	dir := t.TempDir()
	if err := checkInput(dir); err == nil {
		t.Error("a directory was accepted")
	}
	if err := checkInput(filepath.Join(dir, "missing.isa")); err == nil {
		t.Error("a missing file was accepted")
	}
	f := filepath.Join(dir, "k.isa")
	if err := os.WriteFile(f, []byte("CISA"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := checkInput(f); err != nil {
		t.Errorf("a file was refused: %v", err)
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
