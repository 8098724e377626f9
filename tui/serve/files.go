package serve

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"infoscope/decoder"
	"infoscope/decoder/native"
	"infoscope/model/lower"
	"infoscope/model/workspace"
	"infoscope/tui/fsio"
)

// fileSet is the set of served files. It is the only way a session reaches
// the disk: the inspector's sources read exactly these paths, and `dump`
// opens names through a table built at start, never joining, cleaning or
// resolving a client-supplied string.
//
// Each file is served under its base name, which keeps the server's
// directory layout private and the list readable; files that share a base
// name are served under the path as given instead.
type fileSet struct {
	opts   decoder.Options   // the server's decode options: their size limit (--max-input) holds for every read
	names  []string          // served names, in command-line order
	paths  []string          // the paths as given, same order
	byName map[string]string // served name -> path
	byPath map[string]string // path as given -> served name
	notes  []string          // what folders given held that is not served, and parts left out, for the log
	// The dump set of a served vISA text file that has an .asm (found at
	// start, the server's paths), by served name: the inspector's native
	// view, as a local open shows it.
	sets map[string]native.DumpSet
	// The .asm and .visa.ll of those sets by served name (the stem of
	// their vISA's served name): the native view and `dump` read them
	// like a served file, never naming them to clients by their paths.
	parts   map[string]string
	natives fsio.NativeCache // by served name
}

func newFileSet(paths []string, opts decoder.Options) (*fileSet, error) {
	if len(paths) == 0 {
		return nil, errors.New("no files to serve")
	}
	s := &fileSet{opts: opts, byName: map[string]string{}, byPath: map[string]string{}, sets: map[string]native.DumpSet{}, parts: map[string]string{}}
	var bad []string
	base := map[string]int{}
	add := func(p string) {
		if _, dup := s.byPath[p]; !dup {
			s.byPath[p] = ""
			s.paths = append(s.paths, p)
			base[filepath.Base(p)]++
		}
	}
	for _, p := range paths {
		st, err := os.Stat(p)
		switch {
		case err != nil:
			bad = append(bad, err.Error())
			continue
		case st.IsDir():
			// An IGC dump folder, as the inspector opens one: its vISA
			// (each .visaasm with its dump set) and binaries; a lone
			// .asm has no vISA to be shown beside.
			files, note, err := fsio.Folder(p)
			if err != nil {
				bad = append(bad, err.Error())
				continue
			}
			files, _, lone := fsio.VISAOnly(files, "")
			for _, f := range files {
				add(f)
			}
			if len(lone) > 0 {
				note = strings.TrimPrefix(note+fmt.Sprintf("; %d lone .asm not served (no vISA beside them)", len(lone)), "; ")
			}
			if note != "" {
				s.notes = append(s.notes, p+": "+note)
			}
			continue
		case !st.Mode().IsRegular():
			bad = append(bad, p+": not a regular file")
			continue
		}
		add(p)
	}
	if len(bad) > 0 {
		return nil, fmt.Errorf("files to serve: %s", strings.Join(bad, "; "))
	}
	for _, p := range s.paths {
		name := filepath.Base(p)
		if base[name] > 1 {
			name = p
		}
		s.names = append(s.names, name)
		s.byName[name] = p
		s.byPath[p] = name
		if native.IsVISAText(p) {
			if set := native.SetOf(p, fsio.RegularFile); set.ASM != "" {
				s.sets[name] = set
			}
		}
	}
	for _, name := range s.names {
		set := s.sets[name]
		stem := native.Stem(name)
		for _, pp := range [][2]string{{stem + ".asm", set.ASM}, {stem + ".visa.ll", set.VisaLL}} {
			part, p := pp[0], pp[1]
			if p == "" {
				continue
			}
			// A part whose name is served for another file (an .asm
			// given on its own, from elsewhere) is left out: the name
			// is that file's.
			if served, ok := s.byName[part]; ok && served != p {
				s.notes = append(s.notes, fmt.Sprintf("%s: not joined to %s: its name %s is served for %s", p, name, part, served))
				continue
			}
			s.parts[part] = p
		}
	}
	return s, nil
}

// hasPart reports whether name is a served dump set's .asm or .visa.ll
// that is a regular file now (dump's Env.Exists, as a local dump asks).
func (s *fileSet) hasPart(name string) bool {
	p, ok := s.parts[name]
	return ok && fsio.RegularFile(p)
}

// native is the inspector's Config.Native over SSH: the join of served
// file name with its dump set (fsio.NativeJoin, as a local open builds
// it: the .asm and the .visa.ll's LLVM lines), nil when it has no .asm
// or the .asm cannot be read now (each part is read like a served file:
// still a regular file, within --max-input). Sessions share one join a
// file, kept as a local open keeps it: a changed .asm or .visa.ll is
// read again.
func (s *fileSet) native(name string) *lower.Join {
	set, ok := s.sets[name]
	if !ok {
		return nil
	}
	return s.natives.Join(name, set, func() *lower.Join {
		// The parts go by their served names (the Code pane names the
		// .visa.ll): no path of the server's reaches a session.
		read := func(n string) ([]byte, error) { return readServed(n, s.parts[n], s.opts) }
		served, asm, _ := native.ReadSet(name, s.hasPart, read)
		return fsio.NativeJoin(served, asm, read)
	})
}

// servedSource is a workspace.Source for one served file: its Name is the served
// name, and it reads its own fixed path and nothing else.
type servedSource struct {
	name, path string
	opts       decoder.Options
}

func (f servedSource) Name() string          { return f.name }
func (f servedSource) Read() ([]byte, error) { return readServed(f.name, f.path, f.opts) }

// readServed reads a served file, as it is now: at every reload and every
// dump, not only at start. What the path names may have changed since (a
// symbolic link retargeted, a file replaced): it must still be a regular
// file, and it is read under the size limit of opts (serve --max-input).
// The file is opened without blocking, so a FIFO put in its place is
// refused at once rather than holding the reload, or a dump slot, until
// someone writes to it; /dev/zero is refused before a byte is read.
//
// Errors name the file by its served name: os errors carry the path,
// which would show clients the server's directories.
func readServed(name, path string, opts decoder.Options) ([]byte, error) {
	fh, err := openNoBlock(path)
	if err != nil {
		return nil, hidePath(name, err)
	}
	defer fh.Close()
	fi, err := fh.Stat()
	if err != nil {
		return nil, hidePath(name, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file now (%s): not read", name, fileKind(fi.Mode()))
	}
	data, err := decoder.ReadInput(name, fh, fi.Size(), opts)
	if err != nil {
		return nil, hidePath(name, err)
	}
	return data, nil
}

// hidePath puts name in place of the path in an os error.
func hidePath(name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: name, Err: pe.Err}
	}
	var de *decoder.FormatError
	if errors.As(err, &de) {
		return err // names the file by the name it was given: the served name
	}
	return fmt.Errorf("read %s: failed", name)
}

// fileKind names what a non-regular file is, for a message.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a directory"
	}
	return m.Type().String()
}

// sources returns the source list of the server's workspace.
func (s *fileSet) sources() []workspace.Source {
	out := make([]workspace.Source, len(s.names))
	for i, name := range s.names {
		out[i] = servedSource{name, s.byName[name], s.opts}
	}
	return out
}

// opener returns the Open function of `ssh host dump`: served files by
// served name, the parts of their dump sets (hasPart) by theirs, as the
// Code pane shows them to every session, and "-" for the session's stdin
// (dump --surfaces -).
func (s *fileSet) opener(stdin io.Reader) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		if name == "-" {
			return io.ReadAll(stdin)
		}
		p, ok := s.byName[name]
		if !ok {
			p, ok = s.parts[name]
		}
		if !ok {
			return nil, &fs.PathError{Op: "open", Path: name, Err: errNotServed}
		}
		return readServed(name, p, s.opts)
	}
}

var errNotServed = errors.New("not a served file (ssh HOST files lists them)")

// listing is the text of `ssh host files`: the served names, one a line,
// each as decoder.Display shows it: a name is the server's file's, and an
// escape sequence in it would act on the client's terminal.
func (s *fileSet) listing() string {
	names := append([]string(nil), s.names...)
	sort.Strings(names)
	for i, n := range names {
		names[i] = decoder.Display(n)
	}
	return strings.Join(names, "\n") + "\n"
}

// limitedReader reads at most n bytes and then fails, so a client cannot make
// the server buffer an endless stdin; a silent cut would decode garbage.
type limitedReader struct {
	r     io.Reader
	n     int64 // bytes still allowed
	limit int64 // bytes allowed in all, for the message
}

// errStdinTooLarge is a limitedReader's error past limit bytes.
func errStdinTooLarge(limit int64) error {
	return fmt.Errorf("stdin larger than this server reads for dump - (%s; serve --max-dump-stdin sets it)", decoder.FormatSize(limit))
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		// Probe one byte: exactly n bytes followed by EOF is fine.
		var one [1]byte
		if n, err := l.r.Read(one[:]); n == 0 && err != nil {
			return 0, err
		}
		return 0, errStdinTooLarge(l.limit)
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	return n, err
}
