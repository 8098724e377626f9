package fsio

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	if path := os.Getenv("SAVEFILE_CRASH_HELPER"); path != "" {
		saveForever(path)
		return
	}
	os.Exit(m.Run())
}

// version is the i-th contents the crash helper saves: large enough that a
// kill lands in the middle of a write, and checkable as a whole.
func version(i int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "version %d\n", i)
	line := strings.Repeat(string(rune('a'+i%26)), 63) + "\n"
	for range (2 << 20) / 64 {
		b.WriteString(line)
	}
	fmt.Fprintf(&b, "end of version %d\n", i)
	return b.Bytes()
}

// whole reports which version data is, or -1 if it is none (empty, cut,
// mixed).
func whole(data []byte) int {
	first, _, ok := bytes.Cut(data, []byte("\n"))
	if !ok {
		return -1
	}
	n, err := strconv.Atoi(strings.TrimPrefix(string(first), "version "))
	if err != nil || !bytes.Equal(data, version(n)) {
		return -1
	}
	return n
}

// saveForever is the helper process: it saves version after version and
// says so on stdout, until it is killed.
func saveForever(path string) {
	f := NewSaveFile(path)
	start, _ := strconv.Atoi(os.Getenv("SAVEFILE_CRASH_START"))
	w := bufio.NewWriter(os.Stdout)
	for i := start; ; i++ {
		fmt.Fprintf(w, "saving %d\n", i)
		_ = w.Flush()
		if err := f.Save(version(i)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Fprintf(w, "saved %d\n", i)
		_ = w.Flush()
	}
}

// The inspector killed (SIGKILL) at any moment of a save leaves the surface
// file whole: the version before or the one being saved, never empty, cut
// or mixed; FILE~ is whole too.
func TestKilledDuringSaveLeavesFileWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "infoscope-surfaces.json")
	if err := os.WriteFile(path, version(0), 0o644); err != nil {
		t.Fatal(err)
	}
	last := 0
	const rounds = 24
	for round := range rounds {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "SAVEFILE_CRASH_HELPER="+path, fmt.Sprintf("SAVEFILE_CRASH_START=%d", last+1))
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Kill as the first, second or third save starts: the kill lands
		// while the helper opens, writes, syncs or renames.
		sc := bufio.NewScanner(out)
		for starts := 0; starts <= round%3; {
			if !sc.Scan() {
				t.Fatalf("round %d: helper stopped: %s", round, stderr.String())
			}
			if strings.HasPrefix(sc.Text(), "saving ") {
				starts++
			}
		}
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		_ = cmd.Wait()
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		n := whole(data)
		if n < last {
			t.Fatalf("round %d: the file is not whole (%d bytes, starts %q) or went back from version %d to %d",
				round, len(data), data[:min(len(data), 20)], last, n)
		}
		last = n
		if b, err := os.ReadFile(path + "~"); err == nil && whole(b) < 0 {
			t.Fatalf("round %d: %s~ is not whole (%d bytes)", round, path, len(b))
		}
	}
	if last == 0 {
		t.Error("no save completed in any round: the test did not exercise a rename")
	}
	t.Logf("%d kills, file at version %d", rounds, last)
}

func TestSaveKeepsPreviousVersionOnce(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.json")
	if err := os.WriteFile(path, []byte("original"), 0o600); err != nil {
		t.Fatal(err)
	}
	f := NewSaveFile(path)
	for _, v := range []string{"one", "two"} {
		if err := f.Save([]byte(v)); err != nil {
			t.Fatal(err)
		}
	}
	if b, _ := os.ReadFile(path); string(b) != "two" {
		t.Errorf("file = %q, want two", b)
	}
	if b, _ := os.ReadFile(path + "~"); string(b) != "original" {
		t.Errorf("backup = %q, want the version before the session's first save", b)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode = %v, want the old file's 0600", fi.Mode().Perm())
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("directory holds %v, want the file and its backup only", names)
	}
	// A new session backs up again, once.
	g := NewSaveFile(path)
	if err := g.Save([]byte("three")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path + "~"); string(b) != "two" {
		t.Errorf("second session's backup = %q, want two", b)
	}
}

func TestSaveNewFileNoBackup(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.json")
	if err := NewSaveFile(path).Save([]byte("x")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + "~"); err == nil {
		t.Error("a backup of nothing was written")
	}
}

func TestSaveThroughSymlinkKeepsLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.json")
	link := filepath.Join(dir, "link.json")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skip(err)
	}
	if err := NewSaveFile(link).Save([]byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target = %q", b)
	}
}

// A failed save leaves the old file as it was and no temporary file behind.
func TestFailedSaveLeavesFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.json")
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := NewSaveFile(path).Save([]byte("x")); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("saving over a directory: %v", err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("%d entries left in the directory", len(ents))
	}
}

// Temporary files left by killed saves are removed once they are stale;
// a fresh one (another process saving now) is left alone.
func TestSaveSweepsStaleTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.json")
	stale := filepath.Join(dir, ".s.json.tmp-123")
	staleBackup := filepath.Join(dir, ".s.json~.tmp-456")
	fresh := filepath.Join(dir, ".s.json.tmp-789")
	other := filepath.Join(dir, ".other.json.tmp-1")
	old := time.Now().Add(-time.Hour)
	for _, name := range []string{stale, staleBackup, fresh, other} {
		if err := os.WriteFile(name, []byte("cut"), 0o644); err != nil {
			t.Fatal(err)
		}
		if name != fresh {
			if err := os.Chtimes(name, old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := NewSaveFile(path).Save([]byte("x")); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{stale: false, staleBackup: false, fresh: true, other: true} {
		if _, err := os.Stat(name); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", filepath.Base(name), err == nil, want)
		}
	}
}
