package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"infoscope/model"
	"infoscope/sampledata"
	"infoscope/sampledata/testkit"
)

// bigSurfaceFile is a valid surface file of about 0.8 MB in compact JSON: a
// save of it takes long enough for a kill to land inside it.
func bigSurfaceFile() []byte {
	var b bytes.Buffer
	b.WriteString(`{"dispatch_mask":"0xffff","lod":[0],"surfaces":{`)
	for i := range 4000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"S%d":{"type":"2d","width":%d,"height":31,"depth":0,"mip_count":7,"quilt_width":0,"quilt_height":0,"buffer_size":0,"samples":0,"sample_palette_index":0}`, i, i%4096)
	}
	b.WriteString("}}\n")
	return b.Bytes()
}

// bigSurfaces is a folder holding bigSurfaceFile (old) as surfaces.json
// (path), and what a save of it writes (saved, which differs from old).
func bigSurfaces(t *testing.T) (dir, path string, old, saved []byte) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, "surfaces.json")
	old = bigSurfaceFile()
	if err := os.WriteFile(path, old, 0o644); err != nil {
		t.Fatal(err)
	}
	sf, err := model.ParseSurfaceFile(path, old)
	if err != nil {
		t.Fatalf("the test's surface file: %v", err)
	}
	saved, err = sf.Marshal()
	if err != nil || bytes.Equal(saved, old) {
		t.Fatalf("marshal: %v (the saved form must differ from the old one)", err)
	}
	return dir, path, old, saved
}

// The inspector killed (SIGKILL) while ctrl+s saves leaves the surface file
// whole: as it was or as saved, never empty or cut (issue 13: a kill
// during a save left it empty or half-written). Each round starts the real
// inspector on a 0.8 MB surface file, presses ctrl+s and kills it as soon
// as the save shows on disk (its temporary file, or the file changing).
func TestKilledInspectorKeepsSurfaceFileWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir, path, old, saved := bigSurfaces(t)
	const rounds = 4
	midSave := 0
	for round := range rounds {
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
		if err := os.WriteFile(path, old, 0o644); err != nil {
			t.Fatal(err)
		}
		before, _ := os.Stat(path)
		cmd := helperCommand("inspect", dir, "--no-watch", "--surfaces", path)
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if _, err := stdin.Write([]byte{0x13}); err != nil { // ctrl+s
			t.Fatal(err)
		}
		// Kill at the first sign of the save on disk.
		deadline := time.Now().Add(20 * time.Second)
		for {
			if saving(dir, path, before) {
				break
			}
			if time.Now().After(deadline) {
				_ = cmd.Process.Kill()
				t.Fatalf("round %d: no save began", round)
			}
			// A short poll, not a spin: the machine's cores are shared
			// with the inspector being watched.
			time.Sleep(200 * time.Microsecond)
		}
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		switch {
		case bytes.Equal(data, old):
			midSave++ // killed before the rename: the old file stays
		case bytes.Equal(data, saved):
		default:
			t.Fatalf("round %d: the surface file is neither the old one nor the saved one: %d bytes (old %d, saved %d)",
				round, len(data), len(old), len(saved))
		}
		if _, err := model.ParseSurfaceFile(path, data); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
	}
	t.Logf("%d kills during a save, %d of them before its rename", rounds, midSave)
}

// saving reports whether a save of path has begun: a temporary file beside
// it, or the file changed.
func saving(dir, path string, before os.FileInfo) bool {
	if fi, err := os.Stat(path); err != nil || fi.Size() != before.Size() || !fi.ModTime().Equal(before.ModTime()) {
		return true
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") {
			return true
		}
	}
	return false
}

// ctrl+s then q at once: the inspector ends only once the save is on disk
// (issue 13: with a 50 MB surface file it quit mid-save 9 times in 10).
func TestQuitRightAfterSaveKeepsSave(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	dir, path, old, saved := bigSurfaces(t)
	cmd := helperCommand("inspect", dir, "--no-watch", "--surfaces", path)
	cmd.Stdin = strings.NewReader("\x13q") // ctrl+s, q
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if err := waitProcess(t, cmd, 30*time.Second, "the inspector did not quit"); err != nil {
		t.Fatalf("inspector: %v\n%s", err, stderr.String())
	}
	data := testkit.ReadFile(t, path)
	if !bytes.Equal(data, saved) {
		t.Errorf("after ctrl+s q the file is %d bytes, want the saved %d (old: %d)", len(data), len(saved), len(old))
	}
	if b, _ := os.ReadFile(path + "~"); !bytes.Equal(b, old) {
		t.Errorf("%s~ is %d bytes, want the old %d", path, len(b), len(old))
	}
}

// A surface file that does not parse (a save cut by a crash of an older
// version) does not keep the inspector closed, and it survives the
// session: a single ctrl+s does not overwrite it.
func TestUnparsableSurfaceFileOpensAndSurvives(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "surfaces.json")
	broken := bigSurfaceFile()[:4096]
	if err := os.WriteFile(path, broken, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := helperCommand("inspect", dir, "--no-watch", "--surfaces", path)
	cmd.Stdin = strings.NewReader("\x13q") // ctrl+s (refused once), q
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the inspector did not run: %v\n%s", err, stderr.String())
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, broken) {
		t.Errorf("the unparsable file changed: %d bytes", len(b))
	}
}

// A bookmark that could not be saved when the inspector ends makes its
// exit status 1, with the reason on stderr (issue 23 item 11: it exited
// 0). The input's folder is removed after the load, so the mark file
// cannot be written, then a mark is made and the inspector quit.
func TestMarksSaveFailureExitStatus(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	in := filepath.Join(sub, "k.isa")
	data, err := sampledata.Read("kernels.isa")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := helperCommand("sized", dir, "--no-watch", "--surfaces", filepath.Join(dir, "s.json"), in)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	loaded := make(chan struct{})
	go func() {
		r := bufio.NewReader(stdout)
		var seen []byte
		signalled := false
		buf := make([]byte, 4096)
		for {
			n, err := r.Read(buf)
			seen = append(seen, buf[:n]...)
			if !signalled && bytes.Contains(seen, []byte("loaded 1 source")) {
				close(loaded)
				signalled = true
			}
			if len(seen) > 1<<16 {
				seen = seen[len(seen)-4096:]
			}
			if err != nil {
				return
			}
		}
	}()
	select {
	case <-loaded:
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("the inspector did not show its input loaded")
	}
	if err := os.RemoveAll(sub); err != nil {
		t.Fatal(err)
	}
	if _, err := stdin.Write([]byte("M\rq")); err != nil {
		t.Fatal(err)
	}
	err = waitProcess(t, cmd, 30*time.Second, "the inspector did not quit")
	if code := exitCode(t, err); code != 1 || !strings.Contains(stderr.String(), "saving bookmarks") {
		t.Errorf("exit %d, stderr %q; want status 1 and the save's error", code, stderr.String())
	}
}
