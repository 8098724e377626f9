//go:build unix

package testkit

import (
	"os"
	"syscall"
	"testing"
)

// ZeroFIFO makes a FIFO at path and writes zeros into it from a goroutine,
// 64 MiB at most, until its reader closes it: a stream with no end in
// sight for a reader that must stop early. The test is skipped where
// FIFOs cannot be made. The writer waits until some reader opens the FIFO.
func ZeroFIFO(t testing.TB, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	go func() {
		w, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer w.Close()
		buf := make([]byte, 64<<10)
		for range 1 << 10 {
			if _, err := w.Write(buf); err != nil {
				return
			}
		}
	}()
}
