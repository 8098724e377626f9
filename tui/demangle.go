package tui

import (
	"context"
	"os/exec"
	"strings"
	"time"
)

// demangleTimeout bounds c++filt's run: the names are read at start, and
// a demangler that hangs must not hold anything up.
const demangleTimeout = 5 * time.Second

// demangle runs c++filt, when it is installed, on names (one a line) and
// returns each name's demangled form; nil when there is no c++filt or it
// fails. Optional: the inspector shows the short name without it.
func demangle(names []string) map[string]string {
	path, err := exec.LookPath("c++filt")
	if err != nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), demangleTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, path)
	cmd.Stdin = strings.NewReader(strings.Join(names, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		return nil
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(names) {
		return nil
	}
	d := make(map[string]string, len(names))
	for i, n := range names {
		if lines[i] != n {
			d[n] = lines[i]
		}
	}
	return d
}
