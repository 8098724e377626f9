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
	"infoscope/model/workspace"
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
	names  []string          // served names, in command-line order
	paths  []string          // the paths as given, same order
	byName map[string]string // served name -> path
	byPath map[string]string // path as given -> served name
}

func newFileSet(paths []string) (*fileSet, error) {
	if len(paths) == 0 {
		return nil, errors.New("no files to serve")
	}
	s := &fileSet{byName: map[string]string{}, byPath: map[string]string{}}
	var bad []string
	base := map[string]int{}
	for _, p := range paths {
		if _, dup := s.byPath[p]; dup {
			continue
		}
		st, err := os.Stat(p)
		switch {
		case err != nil:
			bad = append(bad, err.Error())
			continue
		case !st.Mode().IsRegular():
			bad = append(bad, p+": not a regular file")
			continue
		}
		s.byPath[p] = ""
		s.paths = append(s.paths, p)
		base[filepath.Base(p)]++
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
	}
	return s, nil
}

// servedSource is a workspace.Source for one served file: its Name is the served
// name, and it reads its own fixed path and nothing else.
type servedSource struct{ name, path string }

func (f servedSource) Name() string          { return f.name }
func (f servedSource) Read() ([]byte, error) { return readServed(f.name, f.path) }

// readServed reads a served file, naming it by its served name in errors:
// os errors carry the path, which would show clients the server's
// directories (a file deleted or replaced while served, say).
func readServed(name, path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return nil, &fs.PathError{Op: pe.Op, Path: name, Err: pe.Err}
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: failed", name)
	}
	return data, nil
}

// sources returns the source list of the server's workspace.
func (s *fileSet) sources() []workspace.Source {
	out := make([]workspace.Source, len(s.names))
	for i, name := range s.names {
		out[i] = servedSource{name, s.byName[name]}
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
		return readServed(name, p)
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
