package fsio

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTree writes each file of files (relative paths, parents made) under
// dir with the same small vISA text.
func writeTree(t *testing.T, dir string, files ...string) {
	t.Helper()
	for _, f := range files {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(".version 4.1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// relFiles is Folder's answer for dir as paths relative to it.
func relFiles(t *testing.T, dir string) (string, string) {
	t.Helper()
	files, note, err := Folder(dir)
	if err != nil {
		t.Fatal(err)
	}
	var rel []string
	for _, f := range files {
		r, err := filepath.Rel(dir, f)
		if err != nil {
			t.Fatal(err)
		}
		rel = append(rel, filepath.ToSlash(r))
	}
	return strings.Join(rel, " "), note
}

// A dump root opens the dumps below it (issue 19: a folder holding only a
// subfolder of dumps was refused as "a directory with no .visaasm file"):
// subdirectories are entered in name order, hidden ones are not, dump sets
// pair within their own folder, and an .inline.visaasm is skipped only when
// its kernel's .visaasm is beside it.
func TestFolderRecursive(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir,
		"top.visaasm",
		"b/run2/k.visaasm", "b/run2/k.asm", "b/run2/k.isaasm",
		"a/k.visaasm", "a/k.inline.visaasm", "a/notes.txt",
		"a/deeper/x.isa",
		"c/k.inline.visaasm", // no k.visaasm beside it: it opens
		"d/lone.asm",
		".git/objects/h.visaasm", "a/.cache/y.visaasm",
	)
	got, note := relFiles(t, dir)
	want := "a/deeper/x.isa a/k.visaasm b/run2/k.visaasm c/k.inline.visaasm d/lone.asm top.visaasm"
	if got != want {
		t.Errorf("opened\n %s\nwant\n %s", got, want)
	}
	if want := "skipped 1 not vISA (a/notes.txt) and 1 .inline.visaasm with their kernel's .visaasm beside them; 1 .isaasm identical to their .visaasm not listed twice"; note != want {
		t.Errorf("note\n %q\nwant\n %q", note, want)
	}
	// The order does not depend on the order files were made in.
	again := t.TempDir()
	writeTree(t, again, "z/1.visaasm", "a/2.visaasm", "m/n/3.visaasm", "0.visaasm")
	if got, _ := relFiles(t, again); got != "0.visaasm a/2.visaasm m/n/3.visaasm z/1.visaasm" {
		t.Errorf("order: %s", got)
	}
}

// A folder with nothing to open at any depth is refused, and says that its
// subdirectories were searched too.
func TestFolderRecursiveNone(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, "a/b/readme.md", ".hidden/k.visaasm")
	_, _, err := Folder(dir)
	if err == nil || !strings.Contains(err.Error(), "in it or its subdirectories") {
		t.Errorf("got %v", err)
	}
}

// Symbolic links are followed, but each real directory is entered once: a
// link to an ancestor ends the walk, and a link to a folder already seen
// does not list its files twice. A dangling link is passed over.
func TestFolderSymlinkLoop(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, "a/k.visaasm", "b/j.visaasm")
	for link, target := range map[string]string{
		"a/up":        "..",
		"a/self":      ".",
		"b/again":     "../a",
		"b/gone":      "nowhere",
		"b/l.visaasm": "j.visaasm", // a link to a dump opens
		"c_alias":     "a",
	} {
		p := filepath.Join(dir, link)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Skip("symlinks unsupported:", err)
		}
	}
	got, _ := relFiles(t, dir)
	if want := "a/k.visaasm b/j.visaasm b/l.visaasm"; got != want {
		t.Errorf("opened %s, want %s", got, want)
	}
}

// A folder named by a relative path is entered once too when a link
// below it names it, or a folder in it, by its absolute path: real
// directories are told apart by their absolute real paths, not by what
// resolving the name as given returns (relative for a relative name), or
// the folder was walked a second time through the link and every file in
// it listed twice.
func TestFolderSymlinkAbsoluteToRelativeRoot(t *testing.T) {
	base := t.TempDir()
	writeTree(t, base, "root/a/k.visaasm", "root/j.visaasm")
	for link, target := range map[string]string{
		"root/a/top": filepath.Join(base, "root"),
		"root/b":     filepath.Join(base, "root", "a"),
	} {
		if err := os.Symlink(target, filepath.Join(base, link)); err != nil {
			t.Skip("symlinks unsupported:", err)
		}
	}
	t.Chdir(base)
	got, _ := relFiles(t, "root")
	if want := "a/k.visaasm j.visaasm"; got != want {
		t.Errorf("opened %s, want %s", got, want)
	}
}

// The walk is bounded: a tree deeper than maxScanDepth is entered down to
// that depth and the note says the rest was not; the folders beside the
// deep one are still entered.
func TestFolderDepthBound(t *testing.T) {
	dir := t.TempDir()
	deep := ""
	for range maxScanDepth + 2 {
		deep = filepath.Join(deep, "d")
	}
	writeTree(t, dir, "k.visaasm", filepath.Join(deep, "too-deep.visaasm"))
	ok := filepath.Join(strings.Repeat("d/", maxScanDepth), "deep-enough.visaasm")
	writeTree(t, dir, ok, "e/beside.visaasm")
	got, note := relFiles(t, dir)
	if want := filepath.ToSlash(ok) + " e/beside.visaasm k.visaasm"; got != want {
		t.Errorf("opened %s, want %s", got, want)
	}
	if !strings.Contains(note, "deeper than 8 levels not entered") {
		t.Errorf("note %q", note)
	}
}

// A subdirectory that cannot be listed is noted; the others open.
func TestFolderUnreadableSubdir(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every directory")
	}
	dir := t.TempDir()
	writeTree(t, dir, "a/k.visaasm", "locked/j.visaasm")
	locked := filepath.Join(dir, "locked")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(locked, 0o755) })
	got, note := relFiles(t, dir)
	if got != "a/k.visaasm" || note != "1 subdirectories not readable (locked)" {
		t.Errorf("opened %s, note %q", got, note)
	}
}

// The walk enters at most maxScanDirs subdirectories and says so: a user
// who points at a home directory gets an answer, not a walk of the disk.
func TestFolderDirBound(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, "k.visaasm")
	for i := range maxScanDirs + 5 {
		if err := os.Mkdir(filepath.Join(dir, fmt.Sprintf("d%05d", i)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeTree(t, dir, "d00000/first.visaasm", fmt.Sprintf("d%05d/last.visaasm", maxScanDirs+4))
	got, note := relFiles(t, dir)
	if got != "d00000/first.visaasm k.visaasm" || note != fmt.Sprintf("stopped after %d subdirectories", maxScanDirs) {
		t.Errorf("opened %s, note %q", got, note)
	}
}
