package fsio

// Watching: Watch reports when files change on disk, for infoscope's live
// reload (the local inspector and every session of the SSH server).
//
// It watches the directories that hold the files rather than the files
// themselves: editors that save by writing a temporary file and renaming it
// over the original replace the inode, and a watch on the old inode would go
// silent after the first save. Bursts of events (an editor's write, chmod,
// rename; a compiler writing in chunks) are debounced into one call.

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Debounce is how long a file must stay quiet after an event before its
// change is reported.
const Debounce = 100 * time.Millisecond

// Watch calls onChange(path) once a named file has changed (written,
// created, replaced by rename, or removed) and then stayed quiet for
// Debounce. path is the string exactly as given in paths, so callers can
// map it back to what they loaded. onChange runs on Watch's goroutine, one
// call at a time; it should not block for long.
//
// A path that is a symlink is also watched through its target's directory,
// so edits to the target are seen. Watch blocks until ctx is done and then
// returns nil; it returns an error only if the watch cannot be set up (for
// example a file's directory does not exist).
func Watch(ctx context.Context, paths []string, onChange func(path string)) error {
	return watch(ctx, paths, Debounce, onChange, nil)
}

// watch is Watch with a debounce delay and a hook called once the
// directories are watched (tests wait for it before changing files).
func watch(ctx context.Context, paths []string, delay time.Duration, onChange func(path string), ready func()) error {
	if len(paths) == 0 {
		if ready != nil {
			ready()
		}
		<-ctx.Done()
		return nil
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("watch: %w", err)
	}
	defer w.Close()

	// names maps an absolute, cleaned file name (as fsnotify reports it,
	// because the directories are added absolute) to the caller's paths.
	names := map[string][]string{}
	dirs := map[string]bool{}
	add := func(abs, path string) {
		if slices.Contains(names[abs], path) {
			return
		}
		names[abs] = append(names[abs], path)
		dirs[filepath.Dir(abs)] = true
	}
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return fmt.Errorf("watch %s: %w", p, err)
		}
		add(abs, p)
		if target, err := filepath.EvalSymlinks(abs); err == nil && target != abs {
			if t, err := filepath.Abs(target); err == nil {
				add(t, p)
			}
		}
	}
	for d := range dirs {
		if err := w.Add(d); err != nil {
			return fmt.Errorf("watch %s: %w", d, err)
		}
	}
	if ready != nil {
		ready()
	}

	pending := map[string]time.Time{} // caller path -> when to report it
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	rearm := func() {
		var first time.Time
		for _, t := range pending {
			if first.IsZero() || t.Before(first) {
				first = t
			}
		}
		timer.Stop()
		if !first.IsZero() {
			timer.Reset(max(time.Until(first), 0))
		}
	}
	mark := func(ps []string) {
		due := time.Now().Add(delay)
		for _, p := range ps {
			pending[p] = due
		}
		rearm()
	}

	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			// A bare chmod (touch, editors fixing modes) leaves the bytes
			// as they were; everything else may have changed them.
			if ev.Op == fsnotify.Chmod {
				continue
			}
			if ps := names[filepath.Clean(ev.Name)]; len(ps) > 0 {
				mark(ps)
			}
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			// Lost events: any file may have changed, so report them all.
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				mark(paths)
			}
		case <-timer.C:
			// Files due within half a delay of now go in the same batch:
			// files changed together (a build writing several outputs) are
			// then reported together, in the caller's order, however the
			// scheduler spaced their events.
			cutoff := time.Now().Add(delay / 2)
			var due []string
			for p, t := range pending {
				if !t.After(cutoff) {
					due = append(due, p)
					delete(pending, p)
				}
			}
			// Report in the caller's order, so the calls are deterministic.
			for _, p := range orderLike(paths, due) {
				onChange(p)
			}
			rearm()
		}
	}
}

// orderLike returns the members of set in the order they have in order.
func orderLike(order, set []string) []string {
	in := make(map[string]bool, len(set))
	for _, s := range set {
		in[s] = true
	}
	out := make([]string, 0, len(set))
	for _, p := range order {
		if in[p] {
			out = append(out, p)
			delete(in, p) // a path given twice is reported once
		}
	}
	return out
}
