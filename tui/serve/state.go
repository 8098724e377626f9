package serve

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"infoscope/tui/fsio"
)

// DefaultStateDir is where the server keeps its users' surface files when
// Config.StateDir is empty: $XDG_STATE_HOME/infoscope, else
// ~/.local/state/infoscope (the XDG base directory default).
func DefaultStateDir() (string, error) {
	if d := os.Getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "infoscope"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return "", errors.New("no state directory: neither $XDG_STATE_HOME nor $HOME is set (serve --state-dir names one)")
	}
	return filepath.Join(home, ".local", "state", "infoscope"), nil
}

// The state directory's folders: what each key saved with ctrl+s, and
// apart from it the edits of a session that ended without its user saving
// or discarding them (the connection dropped, the server ended it).
const (
	savedDir   = "surfaces"
	unsavedDir = "unsaved"
	configDir  = "config" // each key's own configuration (ssh HOST config --set)
)

// stateStore keeps each key's surface files on the server's disk, so that
// what a user was told is kept survives a restart. Every write is atomic
// (fsio.SaveFile: a temporary file renamed over the old one, synced), so a kill
// or a full disk leaves the previous version whole. Files are named after
// the key's fingerprint; the folders are the server owner's only (0700).
type stateStore struct {
	dir string

	mu    sync.Mutex
	files map[string]*fsio.SaveFile // by path: saves to one path run one at a time
}

// openState creates the state folders if needed and checks they can be
// written, so that a server that could not keep a save refuses to start
// rather than fail on a user's first ctrl+s.
func openState(dir string) (*stateStore, error) {
	if dir == "" {
		var err error
		if dir, err = DefaultStateDir(); err != nil {
			return nil, err
		}
	}
	for _, sub := range []string{savedDir, unsavedDir, configDir} {
		p := filepath.Join(dir, sub)
		if err := os.MkdirAll(p, 0o700); err != nil {
			return nil, fmt.Errorf("state directory (--state-dir): %w", err)
		}
		probe, err := os.CreateTemp(p, ".probe-*")
		if err != nil {
			return nil, fmt.Errorf("state directory (--state-dir) cannot be written: %w", err)
		}
		_ = probe.Close()
		_ = os.Remove(probe.Name())
	}
	return &stateStore{dir: dir, files: map[string]*fsio.SaveFile{}}, nil
}

// keyFile is the file name for a key's fingerprint ("SHA256:" and base64):
// the base64 made safe for a file name ('/' and '+' become '_' and '-',
// which base64 does not use, so two keys never share a name).
func keyFile(key string) string {
	if key == "" {
		key = "none"
	}
	return strings.NewReplacer("/", "_", "+", "-", ":", "_").Replace(key) + ".json"
}

func (st *stateStore) path(sub, key string) string {
	name := keyFile(key)
	if sub == configDir {
		name = strings.TrimSuffix(name, ".json") + ".conf"
	}
	return filepath.Join(st.dir, sub, name)
}

func (st *stateStore) file(path string) *fsio.SaveFile {
	st.mu.Lock()
	defer st.mu.Unlock()
	f := st.files[path]
	if f == nil {
		f = fsio.NewSaveFile(path)
		st.files[path] = f
	}
	return f
}

// sizeLimit is the most bytes a file of sub holds, and what messages call
// such a file.
func sizeLimit(sub string) (int, string) {
	if sub == configDir {
		return maxConfigBytes, "configuration"
	}
	return maxSurfaceBytes, "surface file"
}

// sizeError refuses data too large to keep in a folder. Its message is for
// the client, which a failed write's is not: that one names the server's
// paths.
type sizeError struct {
	what     string
	n, limit int
}

func (e *sizeError) Error() string {
	return fmt.Sprintf("%s is %d bytes; the server keeps at most %d", e.what, e.n, e.limit)
}

// write keeps data as key's file of sub: a *sizeError past sub's limit.
func (st *stateStore) write(sub, key string, data []byte) error {
	if limit, what := sizeLimit(sub); len(data) > limit {
		return &sizeError{what, len(data), limit}
	}
	return st.file(st.path(sub, key)).Save(data)
}

// readKept reads p, a file of sub, within sub's limit: nil when there is
// none.
func readKept(sub, p string) ([]byte, error) {
	limit, what := sizeLimit(sub)
	return fsio.ReadLimited(p, "kept "+what, int64(limit))
}

// read returns key's file of sub and its modification time; ok is false
// when there is none.
func (st *stateStore) read(sub, key string) (data []byte, mod time.Time, ok bool, err error) {
	p := st.path(sub, key)
	st.file(p).Wait()
	fi, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, time.Time{}, false, nil
	}
	if err != nil {
		return nil, time.Time{}, false, err
	}
	if data, err = readKept(sub, p); err != nil {
		return nil, time.Time{}, false, err
	}
	return data, fi.ModTime(), data != nil, nil
}

// maxConfigBytes bounds a key's configuration: a few hundred lines.
const maxConfigBytes = 64 << 10

// resetConfig removes key's own configuration.
func (st *stateStore) resetConfig(key string) error {
	p := st.path(configDir, key)
	return st.file(p).Do(func() error { return removeIfThere(p) })
}

// removeIfThere removes the file at p; none there is no error.
func removeIfThere(p string) error {
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// dropUnsaved removes key's kept unsaved edits if they are still the ones
// a session started with (was): that session's user saved them or
// discarded them. Edits kept since by another session stay.
func (st *stateStore) dropUnsaved(key string, was []byte) error {
	p := st.path(unsavedDir, key)
	f := st.file(p)
	// Under the file's own lock nothing else writes it meanwhile.
	return f.Do(func() error {
		cur, err := readKept(unsavedDir, p)
		if err != nil || cur == nil || !bytes.Equal(cur, was) {
			return err
		}
		return removeIfThere(p)
	})
}
