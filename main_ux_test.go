package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 12 item 15: a directory argument opens the vISA files in it (by
// name or by magic), nothing else, sorted; an empty one says what it wants.
func TestExpandDir(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		"b.isa":     "CISA....",
		"a.bin":     "CISA....", // object magic, any name
		"notes.txt": "hello",
		"raw.bin":   "\x70\x0a",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub.isa"), 0o755); err != nil {
		t.Fatal(err)
	}
	got, err := expandDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, "a.bin"), filepath.Join(dir, "b.isa")}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("got %v, want %v", got, want)
	}
	if _, err := expandDir(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no vISA file") {
		t.Errorf("empty directory: %v", err)
	}
}

func TestVersionAndHelpWords(t *testing.T) {
	if v := versionLine(); !strings.HasPrefix(v, "infoscope ") || !strings.Contains(v, "go1.") {
		t.Errorf("version line %q", v)
	}
	if !wantsHelp([]string{"--no-mouse", "--help"}) || wantsHelp([]string{"--", "-h"}) || wantsHelp([]string{"k.isa"}) {
		t.Error("wantsHelp")
	}
	if code := run([]string{"version"}); code != 0 {
		t.Errorf("version: exit %d", code)
	}
}

// Without a terminal the inspector says to use dump instead of failing
// with a terminal error (tests run with stdout not a terminal).
func TestNoTerminalSaysDump(t *testing.T) {
	if isTerminal(os.Stdout) {
		t.Skip("stdout is a terminal")
	}
	stderr := captureStderr(t, func() {
		if code := run([]string{"sampledata/kernels.isa"}); code != 2 {
			t.Errorf("exit %d, want 2", code)
		}
	})
	if !strings.Contains(stderr, "infoscope dump") {
		t.Errorf("stderr %q does not point to dump", stderr)
	}
	// A missing file among several does not stop the start: it is still
	// the terminal that is missing here, not the file.
	stderr = captureStderr(t, func() { run([]string{"sampledata/kernels.isa", "sampledata/missing.isa"}) })
	if strings.Contains(stderr, "missing.isa") || !strings.Contains(stderr, "infoscope dump") {
		t.Errorf("a missing file among several refused the start: %q", stderr)
	}
	stderr = captureStderr(t, func() { run([]string{"sampledata/missing.isa"}) })
	if !strings.Contains(stderr, "missing.isa") {
		t.Errorf("a lone missing file: %q", stderr)
	}
}

func captureStderr(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stderr
	os.Stderr = w
	f()
	os.Stderr = old
	w.Close()
	b := make([]byte, 1<<16)
	n, _ := r.Read(b)
	r.Close()
	return string(b[:n])
}
