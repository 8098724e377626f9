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
	"sync"
	"time"

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
	notes  []string          // what folders given held that is not served, for the log
	// The dump set of a served vISA text file that has an .asm (found at
	// start, the server's paths), by served name: the inspector's native
	// view, as a local open shows it. Its parts are read like a served
	// file, never named to clients by their paths.
	sets    map[string]native.DumpSet
	nativeM sync.Mutex
	natives map[string]nativeJoin // by served name: the last join read
}

// nativeJoin is a served file's native join, and the state of its .asm
// and .visa.ll when they were read (either changed: both read again).
type nativeJoin struct {
	asm, ll stamp
	join    *lower.Join
}

// stamp is a file's size and modification time when it was read; zero
// for a file that could not be stat'ed.
type stamp struct {
	size int64
	mod  time.Time
}

// stampOf returns the stamp of the file at path, ok false when it
// cannot be stat'ed.
func stampOf(path string) (st stamp, ok bool) {
	fi, err := os.Stat(path)
	if err != nil {
		return stamp{}, false
	}
	return stamp{fi.Size(), fi.ModTime()}, true
}

func (a stamp) equal(b stamp) bool { return a.size == b.size && a.mod.Equal(b.mod) }

func newFileSet(paths []string, opts decoder.Options) (*fileSet, error) {
	if len(paths) == 0 {
		return nil, errors.New("no files to serve")
	}
	s := &fileSet{opts: opts, byName: map[string]string{}, byPath: map[string]string{}, sets: map[string]native.DumpSet{}, natives: map[string]nativeJoin{}}
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
	return s, nil
}

// native is the inspector's Config.Native over SSH: the join of served
// file name with its dump set (fsio.NativeJoin, as a local open builds
// it: the .asm and the .visa.ll's LLVM lines), nil when it has no .asm
// or the .asm cannot be read now (each part is checked like a served
// file: still a regular file, within --max-input). Sessions share one
// join a file; a changed .asm or .visa.ll is read again.
func (s *fileSet) native(name string) *lower.Join {
	set, ok := s.sets[name]
	if !ok {
		return nil
	}
	asmNow, ok := stampOf(set.ASM)
	if !ok {
		return nil
	}
	llNow, _ := stampOf(set.VisaLL) // zero when there is none, or it is gone: read without its LLVM lines
	s.nativeM.Lock()
	defer s.nativeM.Unlock()
	if nj, ok := s.natives[name]; ok && nj.asm.equal(asmNow) && nj.ll.equal(llNow) {
		return nj.join
	}
	// The parts go by the served name's stem (the Code pane names the
	// .visa.ll), read maps them to the paths found at start: no path of
	// the server's reaches a session.
	stem := native.Stem(name)
	paths := map[string]string{stem + ".asm": set.ASM}
	if set.VisaLL != "" {
		paths[stem+".visa.ll"] = set.VisaLL
	}
	has := func(n string) bool { _, ok := paths[n]; return ok }
	read := func(n string) ([]byte, error) { return readServed(n, paths[n], s.opts) }
	served, asm, _ := native.ReadSet(name, has, read)
	j := fsio.NativeJoin(served, asm, read)
	s.natives[name] = nativeJoin{asmNow, llNow, j}
	return j
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
// served name, and "-" for the session's stdin (dump --surfaces -).
func (s *fileSet) opener(stdin io.Reader) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		if name == "-" {
			return io.ReadAll(stdin)
		}
		p, ok := s.byName[name]
		if !ok {
			return nil, &fs.PathError{Op: "open", Path: name, Err: errNotServed}
		}
		return readServed(name, p, s.opts)
	}
}

var errNotServed = errors.New("not a served file (ssh HOST files lists them)")

// listing is the text of `ssh host files`: the served names, one a line.
func (s *fileSet) listing() string {
	names := append([]string(nil), s.names...)
	sort.Strings(names)
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
