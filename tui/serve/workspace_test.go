package serve

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"infoscope/decoder"
	"infoscope/sampledata"
	"infoscope/tui"
)

// views returns the models of the running inspectors.
func (s *server) views() []*tui.Model {
	s.sessions.mu.Lock()
	defer s.sessions.mu.Unlock()
	var out []*tui.Model
	for st := range s.sessions.admitted {
		st.mu.Lock()
		if st.model != nil {
			out = append(out, st.model)
		}
		st.mu.Unlock()
	}
	return out
}

// shownFile is the decode of served file i that view m shows.
func shownFile(m *tui.Model, i int) *decoder.File { return m.Shown().Entry(i).File }

// Two sessions are views of one workspace: they show the very same decoded
// file (one decode, not one per session), and a change on disk is read and
// decoded once and reaches both.
func TestSessionsShareOneDecode(t *testing.T) {
	ts := startServer(t, nil)
	a := openTerm(t, ts.dial(t), termOpts{w: 120, h: 40})
	b := openTerm(t, ts.dial(t), termOpts{w: 100, h: 30})
	a.waitText("INFO list 1/32")
	b.waitText("INFO list 1/32")
	s := ts.srv.Load()
	vs := s.views()
	if len(vs) != 2 {
		t.Fatalf("%d inspectors running, want 2", len(vs))
	}
	first := shownFile(vs[0], 0)
	if first == nil || shownFile(vs[1], 0) != first || s.ws.Snapshot().Entry(0).File != first {
		t.Fatalf("the sessions show different decodes of kernels.isa: %p, %p (workspace %p)", first, shownFile(vs[1], 0), s.ws.Snapshot().Entry(0).File)
	}
	if n := s.ws.Decodes(); n != 2 {
		t.Fatalf("%d decodes for two served files and two sessions, want 2", n)
	}
	// Both sessions move; neither changes what the other shows.
	a.send("jjj")
	b.send("2")
	a.waitText("INFO list 4/32")

	legacy, err := sampledata.Read("legacy_v33.isa")
	if err != nil {
		t.Fatal(err)
	}
	tmp := ts.cfg.Files[0] + ".tmp"
	if err := os.WriteFile(tmp, legacy, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, ts.cfg.Files[0]); err != nil {
		t.Fatal(err)
	}
	a.waitText("reloaded kernels.isa: 5 INFO")
	b.waitText("reloaded kernels.isa: 5 INFO")
	waitLog(t, ts, "file changed file=kernels.isa sessions=2")
	if n := s.ws.Decodes(); n != 3 {
		t.Errorf("%d decodes after one change, want 3 (the changed file once)", n)
	}
	next := shownFile(vs[0], 0)
	if next == nil || next == first || shownFile(vs[1], 0) != next {
		t.Errorf("after the reload the sessions show %p and %p (before %p)", next, shownFile(vs[1], 0), first)
	}
	// The other file was not decoded again: both still show its first decode.
	if shownFile(vs[0], 1) != shownFile(vs[1], 1) || shownFile(vs[0], 1) == nil {
		t.Error("stream_igc.bin is not shared after the reload")
	}
	// A session that ends lets go of the workspace.
	a.send("q")
	a.waitEnd(10 * time.Second)
	deadline := time.Now().Add(10 * time.Second)
	for s.ws.Subscribers() != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("%d subscribers after one of two sessions ended", s.ws.Subscribers())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// bigStream writes a raw igc-layout stream of at least size bytes: the
// embedded sample stream (16 instructions, 8 of them INFO) over and over.
func bigStream(tb testing.TB, dir string, size int) string {
	tb.Helper()
	unit, err := sampledata.Read("stream_igc.bin")
	if err != nil {
		tb.Fatal(err)
	}
	p := filepath.Join(dir, "big.bin")
	if err := os.WriteFile(p, bytes.Repeat(unit, (size+len(unit)-1)/len(unit)), 0o644); err != nil {
		tb.Fatal(err)
	}
	return p
}

// heapWith serves file, opens n inspectors on it, waits until each shows
// it loaded (and, with filter set, filtered by it) and returns the heap in
// use after a GC (the server's, plus the test's clients and their emulated
// screens).
func heapWith(b *testing.B, file string, n int, filter string) uint64 {
	ts := startServer(b, func(c *Config) { c.Files = []string{file} })
	// The benchmark's cleanups hold ts until it ends: drop the server, so
	// that the next measurement does not count this one's decode.
	defer func() { ts.stop(); ts.srv.Store(nil) }()
	var tms []*term
	for range n {
		c := ts.dial(b)
		defer c.Close()
		tm := openTerm(b, c, termOpts{w: 120, h: 40})
		tms = append(tms, tm)
	}
	for _, tm := range tms {
		tm.waitFor("the stream loaded", func(s string) bool {
			return strings.Contains(s, "loaded 1 source(s)") || strings.Contains(s, "INFO list 1/")
		})
	}
	if filter != "" {
		for _, tm := range tms {
			tm.send("/" + filter + "\r")
			tm.waitText(fmt.Sprintf("filter %q:", filter))
		}
	}
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	for _, tm := range tms {
		tm.send("q")
		tm.waitEnd(20 * time.Second)
	}
	return ms.HeapInuse
}

// BenchmarkServerMemory: the server's heap with nine inspectors on one 32
// MiB stream against one inspector; the sessions share one decode and one
// row index, so nine cost about one. "filtered": every session has also
// filtered the list by op:resinfo (the row keys are the index's, shared;
// each session keeps its own view of the rows passing).
func BenchmarkServerMemory(b *testing.B) {
	file := bigStream(b, b.TempDir(), 32<<20)
	for _, c := range []struct{ name, filter string }{{"loaded", ""}, {"filtered", "op:resinfo"}} {
		b.Run(c.name, func(b *testing.B) {
			var one, nine uint64
			for range b.N {
				one = heapWith(b, file, 1, c.filter)
				nine = heapWith(b, file, 9, c.filter)
			}
			const mib = 1 << 20
			b.ReportMetric(float64(one)/mib, "MiB-1-session")
			b.ReportMetric(float64(nine)/mib, "MiB-9-sessions")
			b.ReportMetric(float64(nine)/float64(one), "ratio")
		})
	}
}
