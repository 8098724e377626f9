package fsio

import (
	"fmt"
	"io"
	"io/fs"
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
// in it and in its subdirectories (a dump root holds a folder per run or
// per application).

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
	sc := scan{root: dir, seen: map[string]bool{}}
	if err := sc.dir("", 0); err != nil {
		return nil, "", err
	}
	names := sc.names
	// The vISA binaries in it open too; the note counts what is neither.
	bins := binariesIn(dir, names)
	isBin := make(map[string]bool, len(bins)) // a folder may hold 50,000 files
	for _, b := range bins {
		isBin[b] = true
	}
	names = slices.DeleteFunc(names, func(n string) bool { return isBin[n] })
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
	scanNote := sc.notes()
	if scanNote != "" {
		note = strings.TrimPrefix(note+"; "+scanNote, "; ")
	}
	if len(open) == 0 {
		return nil, "", fmt.Errorf("%s is a directory with no .visaasm file and no vISA binary (%s, or a file starting with %q) in it or its subdirectories%s", dir, binaryExt, decoder.Magic, strings.TrimSuffix(" ("+scanNote+")", " ()"))
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

// Bounds of the scan below a directory argument. IGC's dump roots nest a
// folder per application or run a few levels deep; a user who points at
// a home directory by mistake gets a prompt answer and a note, not a walk
// of the whole disk.
const (
	maxScanDepth = 8     // subdirectory levels entered below the argument
	maxScanDirs  = 1024  // subdirectories entered
	maxScanFiles = 50000 // regular files looked at
)

// scan walks a directory argument: the regular files below root (names
// relative to it, each directory's in name order before its
// subdirectories'), entering subdirectories not hidden (a name starting
// with '.': .git, editors' caches), following symbolic links but entering
// each real directory once (so a link to an ancestor ends), within the
// bounds above; notes says what it left out.
type scan struct {
	root       string
	names      []string
	seen       map[string]bool // real paths of the directories entered
	dirs       int
	unreadable []string // subdirectories that could not be listed
	tooDeep    bool     // a subdirectory past maxScanDepth was left out
	limit      string   // the bound that stopped the scan
}

// dir lists directory rel (relative to root) at depth below it; the error
// is the root's own (a subdirectory that cannot be listed is noted).
func (s *scan) dir(rel string, depth int) error {
	abs := filepath.Join(s.root, rel)
	// The real path made absolute: EvalSymlinks of a relative root is
	// relative, while a link below it may name the same folder by its
	// absolute path.
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		if a, err := filepath.Abs(real); err == nil {
			real = a
		}
		if s.seen[real] {
			return nil
		}
		s.seen[real] = true
	}
	ents, err := os.ReadDir(abs)
	if err != nil {
		if rel == "" {
			return err
		}
		s.unreadable = append(s.unreadable, rel)
		return nil
	}
	var subs []string
	for _, e := range ents {
		t := e.Type()
		if t&fs.ModeSymlink != 0 {
			fi, err := os.Stat(filepath.Join(abs, e.Name()))
			if err != nil {
				continue // a dangling link
			}
			t = fi.Mode().Type()
		}
		switch {
		case t.IsRegular():
			if len(s.names) == maxScanFiles {
				s.limit = fmt.Sprintf("stopped after %d files", maxScanFiles)
				return nil
			}
			s.names = append(s.names, filepath.Join(rel, e.Name()))
		case t.IsDir() && !strings.HasPrefix(e.Name(), "."):
			subs = append(subs, filepath.Join(rel, e.Name()))
		}
	}
	if depth == maxScanDepth && len(subs) > 0 {
		s.tooDeep = true
		return nil
	}
	for _, sub := range subs {
		switch {
		case s.limit != "":
			return nil
		case s.dirs == maxScanDirs:
			s.limit = fmt.Sprintf("stopped after %d subdirectories", maxScanDirs)
			return nil
		}
		s.dirs++
		if err := s.dir(sub, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// notes says what the scan left out: "" when nothing.
func (s *scan) notes() string {
	var parts []string
	if n := len(s.unreadable); n > 0 {
		list := strings.Join(s.unreadable[:min(n, 3)], ", ")
		if n > 3 {
			list += fmt.Sprintf(", and %d more", n-3)
		}
		parts = append(parts, fmt.Sprintf("%d subdirectories not readable (%s)", n, list))
	}
	if s.tooDeep {
		parts = append(parts, fmt.Sprintf("subdirectories deeper than %d levels not entered", maxScanDepth))
	}
	if s.limit != "" {
		parts = append(parts, s.limit)
	}
	return strings.Join(parts, "; ")
}
