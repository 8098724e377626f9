package fsio

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// started runs watch in the background and returns the channel of reported
// paths; the watch stops when the test ends.
func started(t *testing.T, paths []string, delay time.Duration) <-chan string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	got := make(chan string, 64)
	errc := make(chan error, 1)
	ready := make(chan struct{})
	go func() { errc <- watch(ctx, paths, delay, func(p string) { got <- p }, func() { close(ready) }) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-errc:
			if err != nil {
				t.Errorf("watch returned %v after cancel", err)
			}
		case <-time.After(30 * time.Second):
			t.Error("watch did not return after cancel")
		}
	})
	select {
	case <-ready:
	case err := <-errc:
		t.Fatalf("watch: %v", err)
	}
	return got
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// next waits for one report.
func next(t *testing.T, got <-chan string) string {
	t.Helper()
	select {
	case p := <-got:
		return p
	case <-time.After(30 * time.Second):
		t.Fatal("no change reported within 5s")
		return ""
	}
}

// quiet checks that nothing is reported for d.
func quiet(t *testing.T, got <-chan string, d time.Duration) {
	t.Helper()
	select {
	case p := <-got:
		t.Fatalf("unexpected report %q", p)
	case <-time.After(d):
	}
}

func TestWatchWrite(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.isa")
	write(t, a, "1")
	got := started(t, []string{a}, 100*time.Millisecond)
	write(t, a, "2")
	if p := next(t, got); p != a {
		t.Fatalf("reported %q, want %q", p, a)
	}
	quiet(t, got, 300*time.Millisecond)
}

// The caller's spelling of the path comes back, not the absolute one.
func TestWatchRelativePath(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	write(t, "rel.isa", "1")
	got := started(t, []string{"rel.isa"}, 100*time.Millisecond)
	write(t, "rel.isa", "2")
	if p := next(t, got); p != "rel.isa" {
		t.Fatalf("reported %q, want rel.isa", p)
	}
}

// Editors save by writing a temporary file and renaming it over the
// original; the watch must keep working across several such saves.
func TestWatchRenameReplace(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.isa")
	write(t, a, "1")
	got := started(t, []string{a}, 100*time.Millisecond)
	for i := range 3 {
		tmp := filepath.Join(dir, ".a.isa.swp")
		write(t, tmp, string(rune('a'+i)))
		if err := os.Rename(tmp, a); err != nil {
			t.Fatal(err)
		}
		if p := next(t, got); p != a {
			t.Fatalf("save %d: reported %q, want %q", i, p, a)
		}
	}
	quiet(t, got, 300*time.Millisecond)
}

func TestWatchRemoveAndRecreate(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.isa")
	write(t, a, "1")
	got := started(t, []string{a}, 100*time.Millisecond)
	if err := os.Remove(a); err != nil {
		t.Fatal(err)
	}
	if p := next(t, got); p != a {
		t.Fatalf("remove: reported %q", p)
	}
	write(t, a, "2")
	if p := next(t, got); p != a {
		t.Fatalf("recreate: reported %q", p)
	}
}

// A burst of writes gives one report, after the burst.
func TestWatchDebounce(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.isa")
	write(t, a, "")
	const delay = 400 * time.Millisecond
	got := started(t, []string{a}, delay)
	for i := range 10 {
		write(t, a, string(make([]byte, i)))
		time.Sleep(10 * time.Millisecond)
	}
	last := time.Now()
	next(t, got)
	if d := time.Since(last); d < delay*3/4 {
		t.Errorf("reported %v after the last write, want about %v", d, delay)
	}
	quiet(t, got, 2*delay)
}

// Other files in the same directory, and chmod, are not reported.
func TestWatchIgnoresOthers(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.isa")
	write(t, a, "1")
	got := started(t, []string{a}, 100*time.Millisecond)
	write(t, filepath.Join(dir, "b.isa"), "x")
	if err := os.Chmod(a, 0o600); err != nil {
		t.Fatal(err)
	}
	quiet(t, got, 300*time.Millisecond)
}

// Two files changed together are reported once each, in the caller's order.
func TestWatchSeveral(t *testing.T) {
	d1, d2 := t.TempDir(), t.TempDir()
	a, b := filepath.Join(d1, "a.isa"), filepath.Join(d2, "b.isa")
	write(t, a, "1")
	write(t, b, "1")
	got := started(t, []string{b, a}, 200*time.Millisecond)
	write(t, a, "2")
	write(t, b, "2")
	if p, q := next(t, got), next(t, got); p != b || q != a {
		t.Fatalf("reported %q, %q; want %q, %q", p, q, b, a)
	}
	quiet(t, got, 300*time.Millisecond)
}

// Edits to a symlink's target are reported under the link's name.
func TestWatchSymlinkTarget(t *testing.T) {
	real, links := t.TempDir(), t.TempDir()
	target := filepath.Join(real, "k.isa")
	write(t, target, "1")
	link := filepath.Join(links, "k.isa")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("symlinks unsupported:", err)
	}
	got := started(t, []string{link}, 100*time.Millisecond)
	write(t, target, "2")
	if p := next(t, got); p != link {
		t.Fatalf("reported %q, want %q", p, link)
	}
}

func TestWatchMissingDir(t *testing.T) {
	err := Watch(context.Background(), []string{filepath.Join(t.TempDir(), "no", "such.isa")}, func(string) {})
	if err == nil {
		t.Fatal("Watch on a missing directory returned nil")
	}
}

func TestWatchNoPathsReturnsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- Watch(ctx, nil, func(string) {}) }()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Watch did not return")
	}
}
