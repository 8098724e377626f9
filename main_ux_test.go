package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"infoscope/decoder"
)

// Issue 12 item 15: a directory argument opens the vISA files in it: its
// .visaasm dumps and its binaries (by name or by magic), nothing else,
// sorted; an empty one says what it wants.
func TestDirectoryOpensBinariesAndText(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		"b.isa":     "CISA....",
		"a.bin":     "CISA....", // object magic, any name
		"k.visaasm": ".kernel \"k\"\n",
		"notes.txt": "hello",
		"raw.bin":   "\x70\x0a",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub.isa"), 0o755); err != nil {
		t.Fatal(err)
	}
	got, err := checkInput(dir, decoder.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, n := range []string{"a.bin", "b.isa", "k.visaasm"} {
		want = append(want, filepath.Join(dir, n))
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("got %v, want %v", got, want)
	}
	if _, err := checkInput(t.TempDir(), decoder.Options{}); err == nil || !strings.Contains(err.Error(), "no vISA binary") {
		t.Errorf("empty directory: %v", err)
	}
}

func TestVersionAndHelpWords(t *testing.T) {
	if v := versionLine(); !strings.HasPrefix(v, "infoscope ") || !strings.Contains(v, "go1.") {
		t.Errorf("version line %q", v)
	}
	if !wantsHelp([]string{"--no-mouse", "--help"}) || wantsHelp([]string{"--", "-h"}) || wantsHelp([]string{"k.isa"}) {
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
