package main

import (
	"os"
	"path/filepath"
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
