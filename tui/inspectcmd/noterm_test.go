//go:build unix

package inspectcmd

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// TestNoTerminalExits2 (issue 24 item 6): started with no terminal at all
// (stdin and stdout not terminals and no controlling terminal, as a cron
// or CI job), the inspector says it needs one, plainly, and exits 2 as
// documented, instead of bubbletea's "could not open TTY" and 1.
func TestNoTerminalExits2(t *testing.T) {
	if os.Getenv("INFOSCOPE_NOTERM_CHILD") == "1" {
		os.Exit(Run(nil, Env{}))
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestNoTerminalExits2$")
	cmd.Env = append(os.Environ(), "INFOSCOPE_NOTERM_CHILD=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} // no controlling terminal
	var stdout, stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, &stdout, &stderr // /dev/null, pipes
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 {
		t.Fatalf("exit: %v, want status 2; stderr:\n%s", err, stderr.String())
	}
	if got := strings.TrimSpace(stderr.String()); got != noTerminal {
		t.Errorf("stderr %q, want %q", got, noTerminal)
	}
}
