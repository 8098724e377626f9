package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

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

// TestNoTerminalHelper runs the command line in a child process started
// by TestNoTerminalSaysDump.
func TestNoTerminalHelper(t *testing.T) {
	args := os.Getenv("INFOSCOPE_UX_HELPER")
	if args == "" {
		t.Skip("the helper process of TestNoTerminalSaysDump")
	}
	os.Exit(run(strings.Split(args, "\x1f")))
}

// noTTY runs the command line with args in a new session (no controlling
// terminal) with stdin and stdout on /dev/null, and returns its exit code
// and stderr.
func noTTY(t *testing.T, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestNoTerminalHelper$")
	cmd.Env = append(os.Environ(), "INFOSCOPE_UX_HELPER="+strings.Join(args, "\x1f"), "NO_COLOR=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, stderr.String()
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
