package main

import (
	"infoscope/tui/fsio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A dump folder opens by dump sets: a .visaasm's .asm, .visa.ll and
// -dyn-perf.txt are its parts, not inputs nor "skipped"; an .isaasm equal
// to its .visaasm is not listed twice (a different one is); a lone .asm
// opens as native code.
func TestDumpFolderSets(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"k1.visaasm": ".version 4.1\n", "k1.isaasm": ".version 4.1\n", "k1.asm": "//.kernel k1\n", "k1.visa.ll": "x", "k1-dyn-perf.txt": "x",
		"k2.visaasm": ".version 4.1\n", "k2.isaasm": ".version 4.1\n// other\n",
		"k3.isaasm": ".version 4.1\n",
		"lone.asm":  "//.kernel lone\n",
		"notes.txt": "x",
	}
	for n, c := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, note, err := fsio.Folder(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, g := range got {
		names = append(names, filepath.Base(g))
	}
	want := "k1.visaasm k2.isaasm k2.visaasm k3.isaasm lone.asm"
	if strings.Join(names, " ") != want {
		t.Errorf("opened %v, want %s", names, want)
	}
	if note != "skipped 1 not vISA (notes.txt); 1 .isaasm identical to their .visaasm not listed twice" {
		t.Errorf("note %q", note)
	}
}
