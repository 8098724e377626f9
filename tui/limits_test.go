package tui

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"infoscope/decoder"
	"infoscope/model/workspace"
	"infoscope/sampledata"
	"infoscope/sampledata/testkit"
	"infoscope/tui/fsio"
)

// loadMeasured loads one file source into an 80x24 inspector and returns
// the model and the bytes allocated by reading and decoding it.
func loadMeasured(t *testing.T, path string, o decoder.Options) (*Model, uint64) {
	t.Helper()
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	m := newLoaded(Config{Sources: []workspace.Source{fsio.FileSource(path, o)}, Decode: o}, 80, 24)
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
	newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("warm", make([]byte, 300))}}, 80, 24) // compile tables
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
	testkit.ZeroFIFO(t, fifo)
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

// folderSources returns n small raw streams named as the files of one
// folder, three INFO each.
func folderSources(n int) []workspace.Source {
	data := rawInfos(3, nil)
	srcs := make([]workspace.Source, n)
	for i := range srcs {
		srcs[i] = workspace.BytesSource(fmt.Sprintf("dump/sub/k%05d.bin", i), data)
	}
	return srcs
}

// TestFolderLoadLinear: loading a folder costs memory in proportion to
// its files. It was worse than quadratic (issue 23: 2,000 files 26-45 s
// and 0.8 GB): every load's message rebuilt the row index over the files
// loaded so far, naming them by comparing every name with every other,
// and every change of the workspace copied every input's state. The
// time is scripts/bench-folder.sh's (2,000 files within 3 s, 300 MB).
func TestFolderLoadLinear(t *testing.T) {
	perFile := map[int]float64{}
	for _, n := range []int{500, 2000} {
		var a, b runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&a)
		m := newLoaded(Config{Sources: folderSources(n)}, 120, 40)
		runtime.ReadMemStats(&b)
		if m.list.rows.Len() != 3*n || m.snap.Loading() != 0 || !strings.Contains(m.status, fmt.Sprintf("loaded %d sources", n)) {
			t.Fatalf("%d files: %d rows, %d loading, status %q", n, m.list.rows.Len(), m.snap.Loading(), m.status)
		}
		perFile[n] = float64(b.TotalAlloc-a.TotalAlloc) / float64(n)
		t.Logf("%d files: %.0f bytes allocated a file", n, perFile[n])
	}
	if perFile[2000] > 1.5*perFile[500] {
		t.Errorf("a file costs %.0f bytes among 2,000, %.0f among 500: not linear", perFile[2000], perFile[500])
	}
}

// TestLoadingFrameBounded: a frame drawn while a folder loads costs the
// same whatever its size (the loading line named every file loading, and
// the problem count copied every input's state, on every frame).
func TestLoadingFrameBounded(t *testing.T) {
	cost := map[int]float64{}
	for _, n := range []int{500, 5000} {
		m := New(Config{Sources: folderSources(n)})
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		_, s := m.ws.BeginAll()
		m.applySnapshot(s)
		if !strings.Contains(m.View().Content, fmt.Sprintf("%d more…", n-3)) {
			t.Fatalf("%d files loading: %q", n, m.statusLine())
		}
		cost[n] = testing.AllocsPerRun(20, func() { _ = m.View() })
	}
	if cost[5000] > cost[500]+10 {
		t.Errorf("a frame while loading: %.0f allocations with 5,000 files, %.0f with 500", cost[5000], cost[500])
	}
}

// TestShortNames: the short names are each name's shortest trailing path
// that no other name ends with, as comparing every pair finds them.
func TestShortNames(t *testing.T) {
	brute := func(names map[string]bool) map[string]string {
		out := map[string]string{}
		for n := range names {
			e := strings.Split(n, "/")
			for k := 1; ; k++ {
				s, unique := strings.Join(e[max(0, len(e)-k):], "/"), true
				for o := range names {
					oe := strings.Split(o, "/")
					if o != n && strings.Join(oe[max(0, len(oe)-k):], "/") == s {
						unique = false
					}
				}
				if unique || k >= len(e) {
					out[n] = s
					break
				}
			}
		}
		return out
	}
	parts := []string{"a", "b", "dump", "x.isa", "y.visaasm", ""}
	r := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		names := map[string]bool{}
		for range 1 + r.IntN(8) {
			var p []string
			for range 1 + r.IntN(4) {
				p = append(p, parts[r.IntN(len(parts))])
			}
			names[strings.Join(p, "/")] = true
		}
		got, want := shortNames(names), brute(names)
		if !maps.Equal(got, want) {
			t.Fatalf("%v: got %v, want %v", names, got, want)
		}
	}
}
