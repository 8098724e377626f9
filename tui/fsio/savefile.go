package fsio

// Atomic saves: the inspector's surface file and the mark files are
// written so that nothing the user had is lost: a crash, a kill or a full
// disk at any moment leaves the file either as it was or as it is being
// saved, never empty or cut.
//
// A save writes a temporary file in the same directory (so the rename does
// not cross file systems), syncs it, and renames it over the old one; the
// directory is then synced so the rename itself survives a power cut. The
// first save of a session keeps the previous version as FILE~.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// SaveFile is one file saved atomically. Saves are serialised; the zero value
// with Path set is ready to use.
type SaveFile struct {
	Path string

	mu       sync.Mutex
	backedUp bool // FILE~ has been written this session (or there was nothing to keep)
	swept    bool // stale temporary files have been looked for
}

// staleAfter is the age past which a temporary file beside the surface file
// is taken for the leftover of a save that was killed: no save takes that
// long, so it cannot be another process's save in progress.
const staleAfter = 10 * time.Minute

// NewSaveFile returns a File for path.
func NewSaveFile(path string) *SaveFile { return &SaveFile{Path: path} }

// Save replaces the file's contents with data, atomically.
func (f *SaveFile) Save(data []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	path := f.Path
	// Save through a symbolic link to its target, keeping the link.
	if t, err := filepath.EvalSymlinks(path); err == nil {
		path = t
	}
	perm := fs.FileMode(0o644)
	old, err := os.Stat(path)
	switch {
	case err == nil && !old.Mode().IsRegular():
		return fmt.Errorf("save %s: not a regular file (%v)", f.Path, old.Mode().Type())
	case err == nil:
		perm = old.Mode().Perm()
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("save: %w", err)
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if !f.swept {
		f.swept = true
		sweep(dir, base)
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("save: %w", err)
	}
	tmpName := tmp.Name()
	ok := false
	defer func() {
		if !ok {
			_ = tmp.Close()
			_ = os.Remove(tmpName)
		}
	}()
	if err := tmp.Chmod(perm); err != nil {
		return fmt.Errorf("save %s: %w", f.Path, err)
	}
	if err := writeSynced(tmp, data); err != nil {
		return fmt.Errorf("save %s: %w", f.Path, err)
	}
	if !f.backedUp && old != nil {
		if err := backup(path, dir, base); err != nil {
			return fmt.Errorf("save %s: keeping the previous version as %s~: %w", f.Path, base, err)
		}
	}
	if err := os.Rename(tmpName, path); err != nil {
		return fmt.Errorf("save: %w", err)
	}
	ok = true
	f.backedUp = true
	syncDir(dir)
	return nil
}

// Wait returns once no save is running.
func (f *SaveFile) Wait() {
	f.mu.Lock()
	defer f.mu.Unlock()
}

// Do runs fn while no save of f runs or starts: for a caller that reads,
// compares or removes the file and must not interleave with a save.
func (f *SaveFile) Do(fn func() error) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return fn()
}

// sweep removes the temporary files that killed saves of dir/base left
// behind, once they are old enough to be sure of it.
func sweep(dir, base string) {
	for _, pattern := range []string{"." + base + ".tmp-*", "." + base + "~.tmp-*"} {
		names, _ := filepath.Glob(filepath.Join(dir, pattern))
		for _, name := range names {
			if fi, err := os.Lstat(name); err == nil && fi.Mode().IsRegular() && time.Since(fi.ModTime()) > staleAfter {
				_ = os.Remove(name)
			}
		}
	}
}

// backup makes path~ the current contents of path, atomically too: a hard
// link under a temporary name renamed over path~, or a copy where the file
// system has no links.
func backup(path, dir, base string) error {
	tmp, err := os.CreateTemp(dir, "."+base+"~.tmp-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	_ = tmp.Close()
	_ = os.Remove(name)
	if err := os.Link(path, name); err != nil {
		data, rerr := os.ReadFile(path)
		if rerr != nil {
			return rerr
		}
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return err
		}
		if err := writeSynced(f, data); err != nil {
			_ = os.Remove(name)
			return err
		}
	}
	if err := os.Rename(name, path+"~"); err != nil {
		_ = os.Remove(name)
		return err
	}
	return nil
}

// writeSynced writes data to f, syncs it to disk and closes it (closed on
// a failure too).
func writeSynced(f *os.File, data []byte) error {
	_, err := f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncDir makes a rename in dir durable. Some systems cannot sync a
// directory; the rename has happened either way, so that is not an error.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync()
	_ = d.Close()
}
