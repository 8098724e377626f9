package fsio

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"infoscope/decoder"
	"infoscope/decoder/native"
	"infoscope/decoder/visatext"
)

// The directory scan: a FILE that is a directory stands for the vISA files
// in it.

// binaryExt is the binary file name ending a directory argument opens
// (besides its .visaasm dumps); files starting with the vISA object magic
// open whatever their name.
const binaryExt = ".isa"

// binariesIn returns the names (of regular files in dir) that are vISA
// binaries: a name ending in binaryExt or the object magic in the first
// bytes.
func binariesIn(dir string, names []string) []string {
	var out []string
	for _, n := range names {
		if strings.HasSuffix(n, binaryExt) || hasMagic(filepath.Join(dir, n)) {
			out = append(out, n)
		}
	}
	return out
}

// hasMagic reports whether the file at path starts with the vISA magic.
func hasMagic(path string) bool {
	fh, err := os.Open(path)
	if err != nil {
		return false
	}
	defer fh.Close()
	b := make([]byte, len(decoder.Magic))
	_, err = io.ReadFull(fh, b)
	return err == nil && string(b) == decoder.Magic
}

// RegularFile reports whether name is a regular file (dump's Env.Exists).
func RegularFile(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.Mode().IsRegular()
}

// FolderFiles is Folder for dump's and diff's Env.Folder: nil for a name
// that is not a directory (their own read reports a missing file).
func FolderFiles(name string) ([]string, string, error) {
	if fi, err := os.Stat(name); err != nil || !fi.IsDir() {
		return nil, "", nil // dump's own read reports a missing file
	}
	return Folder(name)
}

// Folder lists the files of directory dir to open: its vISA text dumps
// (the dump sets of native code beside them counted with them), its
// binaries, and a note on what it skipped; an error when it has none.
func Folder(dir string) (files []string, note string, err error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, "", err
	}
	var names []string
	for _, e := range ents {
		if e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	// The vISA binaries in it open too; the note counts what is neither.
	bins := binariesIn(dir, names)
	names = slices.DeleteFunc(names, func(n string) bool { return slices.Contains(bins, n) })
	// Dump sets: a .visaasm brings in the .asm, .visa.ll and -dyn-perf.txt
	// of its stem (not opened apart, not "skipped"); an .isaasm equal to
	// its .visaasm is not listed twice; a lone .asm opens as native code.
	sets, lone, dropped := native.Folder(names, func(a, b string) bool { return sameFile(filepath.Join(dir, a), filepath.Join(dir, b)) })
	part := map[string]bool{}
	var extra []string
	for _, s := range sets {
		for _, p := range []string{s.ASM, s.VisaLL, s.DynPerf} {
			if p != "" {
				part[p] = true
			}
		}
		if strings.HasSuffix(s.VISA, ".isaasm") {
			extra = append(extra, s.VISA)
			part[s.VISA] = true
		}
	}
	extra = append(extra, lone...)
	for _, n := range append(lone, dropped...) {
		part[n] = true
	}
	names = slices.DeleteFunc(names, func(n string) bool { return part[n] })
	open, note := visatext.DumpFolder(names)
	open = append(append(open, extra...), bins...)
	if len(dropped) > 0 {
		if note != "" {
			note += "; "
		}
		note += fmt.Sprintf("%d .isaasm identical to their .visaasm not listed twice", len(dropped))
	}
	if len(open) == 0 {
		return nil, "", fmt.Errorf("%s is a directory with no .visaasm file and no vISA binary (%s, or a file starting with %q)", dir, binaryExt, decoder.Magic)
	}
	sort.Strings(open)
	for _, n := range open {
		files = append(files, filepath.Join(dir, n))
	}
	return files, note, nil
}

// sameFile reports whether the files at a and b hold the same bytes (an
// .isaasm IGC wrote beside an identical .visaasm); sizes are compared
// first, and a file too large to compare counts as different.
func sameFile(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	if err1 != nil || err2 != nil || fa.Size() != fb.Size() || fa.Size() > 256<<20 {
		return false
	}
	da, err1 := os.ReadFile(a)
	db, err2 := os.ReadFile(b)
	return err1 == nil && err2 == nil && string(da) == string(db)
}
