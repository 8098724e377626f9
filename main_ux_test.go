package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"infoscope/tui/cli"
)

func TestVersionAndHelpWords(t *testing.T) {
	if v := cli.VersionLine(); !strings.HasPrefix(v, "infoscope ") || !strings.Contains(v, "go1.") {
		t.Errorf("version line %q", v)
	}
	if !cli.WantsHelp([]string{"--no-mouse", "--help"}) || cli.WantsHelp([]string{"--", "-h"}) || cli.WantsHelp([]string{"k.isa"}) {
		t.Error("wantsHelp")
	}
	if code := run([]string{"version"}); code != 0 {
		t.Errorf("version: exit %d", code)
	}
}

// TestHelperProcess is the child process of the tests that start one
// (helperCommand): the command line, or the real inspector with its keys
// from a pipe and its screen to one, at 120x40 when sized.
func TestHelperProcess(t *testing.T) {
	mode, args, ok := strings.Cut(os.Getenv("INFOSCOPE_HELPER"), "\x1e")
	if !ok {
		t.Skip("the child process of the tests that start one")
	}
	argv := strings.Split(args, "\x1f")
	pipes := []tea.ProgramOption{tea.WithInput(os.Stdin), tea.WithOutput(os.Stdout)}
	switch mode {
	case "run":
		os.Exit(run(argv))
	case "inspect":
		os.Exit(inspect(argv, pipes...))
	case "sized":
		os.Exit(inspect(argv, append(pipes, tea.WithWindowSize(120, 40))...))
	}
	t.Fatalf("helper mode %q", mode)
}

// helperCommand is this test binary run as TestHelperProcess in mode
// (run, inspect or sized) with args, in dir, with NO_COLOR set.
func helperCommand(mode, dir string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
	cmd.Env = append(os.Environ(), "INFOSCOPE_HELPER="+mode+"\x1e"+strings.Join(args, "\x1f"), "NO_COLOR=1")
	cmd.Dir = dir
	return cmd
}

// waitProcess waits for cmd (started) to end; after within it kills it and
// fails the test saying what did not happen (with its stderr if kept).
func waitProcess(t *testing.T, cmd *exec.Cmd, within time.Duration, what string) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(within):
		_ = cmd.Process.Kill()
		<-done
		if s, ok := cmd.Stderr.(fmt.Stringer); ok {
			what += "; stderr: " + s.String()
		}
		t.Fatal(what)
	}
	return nil
}

// exitCode is the exit status of a process that ended with err.
func exitCode(t *testing.T, err error) int {
	t.Helper()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0
}

// noTTY runs the command line with args in a new session (no controlling
// terminal) with stdin and stdout on /dev/null, and returns its exit code
// and stderr.
func noTTY(t *testing.T, args ...string) (int, string) {
	t.Helper()
	cmd := helperCommand("run", "", args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	return exitCode(t, cmd.Run()), stderr.String()
}

// Without a terminal the inspector says to use dump; a missing file among
// several does not stop the start (it is the terminal that stops it here),
// a lone missing file does.
func TestNoTerminalSaysDump(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir := t.TempDir()
	surf := filepath.Join(dir, "s.json")
	code, stderr := noTTY(t, "--no-watch", "--surfaces", surf, "sampledata/kernels.isa")
	if code == 0 || !strings.Contains(stderr, "infoscope dump") {
		t.Errorf("exit %d, stderr %q does not point to dump", code, stderr)
	}
	_, stderr = noTTY(t, "--no-watch", "--surfaces", surf, "sampledata/kernels.isa", "sampledata/missing.isa")
	if strings.Contains(stderr, "missing.isa") || !strings.Contains(stderr, "infoscope dump") {
		t.Errorf("a missing file among several refused the start: %q", stderr)
	}
	code, stderr = noTTY(t, "--no-watch", "--surfaces", surf, "sampledata/missing.isa")
	if code != 1 || !strings.Contains(stderr, "missing.isa") {
		t.Errorf("a lone missing file: exit %d, %q", code, stderr)
	}
}
