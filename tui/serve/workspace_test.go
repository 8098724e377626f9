package serve

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"infoscope/decoder"
	"infoscope/sampledata"
	"infoscope/sampledata/testkit"
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
	replaceFile(t, ts.cfg.Files[0], legacy)
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
	a.waitEnd(patience)
	deadline := time.Now().Add(patience)
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

// heapWith serves file, opens n inspectors on it from a client process of
// its own (this test binary, running TestMemoryClient), waits until each
// shows it loaded (and, with filter set, filtered by it) and returns the
// server's heap in use after a GC: the clients' memory is in the other
// process.
func heapWith(b *testing.B, file string, n, w, h int, filter string) uint64 {
	dir := b.TempDir()
	keyPath := filepath.Join(dir, "id")
	key := newKeyFile(b, keyPath)
	ts := startServer(b, func(c *Config) {
		c.Files = []string{file}
		authorize(b, c.AuthorizedKeysPath, key.PublicKey())
	})
	// The benchmark's cleanups hold ts until it ends: drop the server, so
	// that the next measurement does not count this one's decode.
	defer func() { ts.stop(); ts.srv.Store(nil) }()
	// The server's log goes to a buffer of this test (a real server's goes
	// to stderr): kept, it would grow with every session and be counted.
	ts.logs.stop()

	cmd := exec.Command(os.Args[0], "-test.run=^TestMemoryClient$")
	cmd.Env = append(os.Environ(), "INFOSCOPE_MEMCLIENT="+strings.Join([]string{
		ts.addr, keyPath, ts.hostKeyPath + ".pub", strconv.Itoa(n), filter, strconv.Itoa(w), strconv.Itoa(h)}, "\n"))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for !strings.Contains(out.String(), "clients ready") {
		if time.Now().After(deadline) || cmd.ProcessState != nil {
			_ = cmd.Process.Kill()
			b.Fatalf("the client process did not get ready:\n%s", out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	_ = stdin.Close() // the clients quit
	if err := cmd.Wait(); err != nil {
		b.Fatalf("client process: %v\n%s", err, out.String())
	}
	return ms.HeapInuse
}

// TestMemoryClient is BenchmarkServerMemory's client process: it opens the
// sessions the INFOSCOPE_MEMCLIENT variable asks for, waits until each
// shows the served stream (filtered if asked), says "clients ready", and
// quits them when its stdin closes. Without the variable it does nothing.
func TestMemoryClient(t *testing.T) {
	env := os.Getenv("INFOSCOPE_MEMCLIENT")
	if env == "" {
		t.Skip("BenchmarkServerMemory's client process")
	}
	args := strings.Split(env, "\n")
	addr, keyPath, hostPath, filter := args[0], args[1], args[2], args[4]
	n, _ := strconv.Atoi(args[3])
	w, _ := strconv.Atoi(args[5])
	h, _ := strconv.Atoi(args[6])
	signer, err := gossh.ParsePrivateKey(testkit.ReadFile(t, keyPath))
	if err != nil {
		t.Fatal(err)
	}
	hostKey, _, _, _, err := gossh.ParseAuthorizedKey(testkit.ReadFile(t, hostPath))
	if err != nil {
		t.Fatal(err)
	}
	var tms []*term
	for range n {
		c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: "bench", Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
			HostKeyCallback: gossh.FixedHostKey(hostKey), Timeout: 10 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		tms = append(tms, openTerm(t, c, termOpts{w: w, h: h}))
	}
	for _, tm := range tms {
		tm.waitFor("the stream loaded", func(s string) bool {
			return strings.Contains(s, "loaded 1 source") || strings.Contains(s, "INFO list 1/")
		})
	}
	if filter != "" {
		for _, tm := range tms {
			tm.send("/" + filter + "\r")
			tm.waitText(fmt.Sprintf("filter %q:", filter))
		}
	}
	fmt.Println("clients ready")
	_, _ = io.Copy(io.Discard, os.Stdin)
	for _, tm := range tms {
		tm.send("q")
		tm.waitEnd(patience)
	}
}

// BenchmarkServerMemory: the server's heap with nine inspectors on one 32
// MiB stream against one inspector; the sessions share one decode and one
// row index, so nine cost one plus what each session keeps of its own,
// mostly the renderer's two cell buffers of its window (in proportion to
// its size: 80x24 and 120x40 are measured). "filtered": every session has
// also filtered the list by op:resinfo (the row keys are the index's, and
// sessions filtering alike share the rows passing).
func BenchmarkServerMemory(b *testing.B) {
	file := bigStream(b, b.TempDir(), 32<<20)
	for _, c := range []struct {
		name   string
		w, h   int
		filter string
	}{{"loaded-80x24", 80, 24, ""}, {"loaded-120x40", 120, 40, ""}, {"filtered-120x40", 120, 40, "op:resinfo"}} {
		b.Run(c.name, func(b *testing.B) {
			var one, nine uint64
			for range b.N {
				one = heapWith(b, file, 1, c.w, c.h, c.filter)
				nine = heapWith(b, file, 9, c.w, c.h, c.filter)
			}
			const mib = 1 << 20
			b.ReportMetric(float64(one)/mib, "MiB-1-session")
			b.ReportMetric(float64(nine)/mib, "MiB-9-sessions")
			b.ReportMetric(float64(nine)/float64(one), "ratio")
		})
	}
}

// BenchmarkWindowBudgetMemory: 32 sessions whose clients ask for 1000x300
// windows (each draws its share of the window cell budget; their buffers
// hold at most windowCellBudget cells in all), against one;
// the server's heap in use after a GC, per session and in all.
func BenchmarkWindowBudgetMemory(b *testing.B) {
	file := bigStream(b, b.TempDir(), 4<<10)
	var one, all uint64
	for range b.N {
		one = heapWith(b, file, 1, maxWindowWidth, maxWindowHeight, "")
		all = heapWith(b, file, DefaultMaxSessions, maxWindowWidth, maxWindowHeight, "")
	}
	const mib = 1 << 20
	b.ReportMetric(float64(one)/mib, "MiB-1-session")
	b.ReportMetric(float64(all)/mib, "MiB-32-sessions")
	b.ReportMetric(float64(all-min(all, one))/mib/float64(DefaultMaxSessions-1), "MiB-per-added-session")
}
