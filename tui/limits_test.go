package tui

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata"
	"infoscope/tui/fsio"
)

// loadMeasured loads one file source into an 80x24 inspector and returns
// the model and the bytes allocated by reading and decoding it.
func loadMeasured(t *testing.T, path string, o decoder.Options) (*Model, uint64) {
	t.Helper()
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	m := newLoaded(Config{Sources: []Source{fsio.FileSource(path, o)}, Decode: o}, 80, 24)
	runtime.ReadMemStats(&b)
	return m, b.TotalAlloc - a.TotalAlloc
}

// fileErr returns the source's errors as one string.
func fileErr(m *Model) string {
	s := m.snap.Entry(0)
	if s.ReadErr != nil {
		return s.ReadErr.Error()
	}
	if s.File == nil {
		return ""
	}
	return errors.Join(s.File.Errors...).Error()
}

// TestHostileInputsBounded: the inspector opens the amplification file,
// /dev/zero, a 2 GiB sparse file and a FIFO of zeros in memory bounded by
// what it reads (it used to read each whole, or decode a shared body once
// per entry, until memory ran out), and shows a located error for each.
func TestHostileInputsBounded(t *testing.T) {
	dir := t.TempDir()
	newLoaded(Config{Sources: []Source{BytesSource("warm", make([]byte, 300))}}, 80, 24) // compile tables
	amp := filepath.Join(dir, "amp.isa")
	ampData := sampledata.AmplifiedObject(1000, bytes.Repeat([]byte{0x59}, 64<<10))
	if err := os.WriteFile(amp, ampData, 0o644); err != nil {
		t.Fatal(err)
	}
	sparse := filepath.Join(dir, "sparse.bin")
	if err := os.WriteFile(sparse, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(sparse, 2<<30); err != nil {
		t.Skip("no sparse files here:", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer w.Close()
		buf := make([]byte, 64<<10)
		for range 1 << 10 { // stops when the reader closes
			if _, err := w.Write(buf); err != nil {
				return
			}
		}
	}()
	cases := []struct {
		path  string
		o     decoder.Options
		bound uint64 // bytes allocated at most
		want  string
	}{
		{amp, decoder.Options{}, 100 * uint64(len(ampData)), "decoded instructions for the 80582-byte file"},
		{"/dev/zero", decoder.Options{}, 4 << 20, "byte 0x0: opcode"},
		{sparse, decoder.Options{}, 1 << 20, "expected at most 64 MiB"},
		{sparse, decoder.Options{MaxInput: 4 << 30}, 4 << 20, "byte 0x0: opcode"},
		{fifo, decoder.Options{}, 4 << 20, "byte 0x0: opcode"},
	}
	for _, c := range cases {
		m, got := loadMeasured(t, c.path, c.o)
		msg := fileErr(m)
		t.Logf("%s (limit %d): %d bytes allocated: %.200s", filepath.Base(c.path), c.o.MaxInput, got, msg)
		if got > c.bound {
			t.Errorf("%s: %d bytes allocated, want at most %d", c.path, got, c.bound)
		}
		if !strings.Contains(msg, c.want) {
			t.Errorf("%s: error %q, want %q", c.path, msg, c.want)
		}
	}
}
