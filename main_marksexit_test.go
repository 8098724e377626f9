package main

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"infoscope/sampledata"
)

// TestInspectorSizedHelper is the inspector process of
// TestMarksSaveFailureExitStatus: the real inspector at 120x40, its keys
// from a pipe and its screen to one (drawn: the window has a size).
func TestInspectorSizedHelper(t *testing.T) {
	args := os.Getenv("INFOSCOPE_SIZED_HELPER")
	if args == "" {
		t.Skip("the helper process of TestMarksSaveFailureExitStatus")
	}
	os.Exit(inspect(strings.Split(args, "\x1f"), tea.WithInput(os.Stdin), tea.WithOutput(os.Stdout), tea.WithWindowSize(120, 40)))
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
	cmd := exec.Command(os.Args[0], "-test.run=^TestInspectorSizedHelper$")
	cmd.Env = append(os.Environ(), "INFOSCOPE_SIZED_HELPER="+strings.Join([]string{"--no-watch", "--surfaces", filepath.Join(dir, "s.json"), in}, "\x1f"), "NO_COLOR=1")
	cmd.Dir = dir
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
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("the inspector did not quit; stderr: %s", stderr.String())
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "saving bookmarks") {
		t.Errorf("exit %v, stderr %q; want status 1 and the save's error", err, stderr.String())
	}
}
