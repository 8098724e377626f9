package serve

import (
	"io"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"infoscope/sampledata"
)

// TestDumpAmplifiedOverSSH: 'ssh HOST dump - < FILE' with 1,000 entries on
// one 64 KiB body (80 KB) costs the server a few megabytes and ends with
// the budget error; it took 863 MB, and a 1 MB file took the server down.
// (A client's --max-input is accepted; the server's own stdin limit,
// MaxDumpStdin, stays.)
func TestDumpAmplifiedOverSSH(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	run(t, c, "files", "") // the session machinery's first allocations
	amp := string(sampledata.AmplifiedObject(1000, []byte(strings.Repeat("Y", 64<<10))))
	sess := newSession(t, c)
	// The output is counted, not kept: the client's buffer would count
	// as the server's allocations (a third of them under -race).
	var out counter
	var stderr syncBuffer
	sess.Stdout, sess.Stderr, sess.Stdin = &out, &stderr, strings.NewReader(amp)
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	if err := sess.Start("dump --all --max-input 1G -"); err != nil {
		t.Fatal(err)
	}
	status := waitExit(t, sess, patience)
	runtime.ReadMemStats(&b)
	alloc := b.TotalAlloc - a.TotalAlloc
	t.Logf("%d-byte input: %d bytes allocated in the test process (server and client), %d bytes of output", len(amp), alloc, out.n.Load())
	if status != 1 || !strings.Contains(stderr.String(), "decoded instructions for the 80582-byte file (4 per byte)") {
		t.Errorf("ended with status %d, stderr %.300q", status, stderr.String())
	}
	// 4 shared walks of 65,536 lines: the output is bounded by the budget.
	if alloc > 64<<20 || out.n.Load() > int64(4*40*len(amp)) {
		t.Errorf("%d bytes allocated, %d bytes printed", alloc, out.n.Load())
	}
}

// counter counts what is written to it.
type counter struct{ n atomic.Int64 }

func (c *counter) Write(p []byte) (int, error) {
	c.n.Add(int64(len(p)))
	return len(p), nil
}

// TestDumpStdinCap: `ssh HOST dump -` reads at most the server's
// MaxDumpStdin bytes, whatever --max-input the client gives; past it the
// client is told the limit and the flag that sets it, and nothing is
// decoded. Exactly the limit is accepted.
func TestDumpStdinCap(t *testing.T) {
	ts := startServer(t, func(c *Config) { c.MaxDumpStdin = 4 << 10 })
	c := ts.dial(t)
	over := string(sampledata.OneByteInstructions(4<<10 + 1))
	out, stderr, status := run(t, c, "dump --all --max-input 1G -", over)
	if status != 1 || out != "" || !strings.Contains(stderr, "stdin larger than this server reads for dump - (4 KiB; serve --max-dump-stdin sets it)") {
		t.Errorf("over the cap: status %d, stdout %.100q, stderr %q", status, out, stderr)
	}
	out, stderr, status = run(t, c, "dump --all -", over[1:])
	if status != 0 || strings.Count(out, "\n") != 4<<10 {
		t.Errorf("at the cap: status %d, %d lines, stderr %q", status, strings.Count(out, "\n"), stderr)
	}
}

// TestDumpConcurrencyBound: past MaxDumps dump commands at once, one more
// is refused at once with a message naming the limit; once a dump ends its
// slot is free again.
func TestDumpConcurrencyBound(t *testing.T) {
	ts, holding := dumpServer(t, func(c *Config) { c.MaxDumps = 1 })
	c := ts.dial(t)
	// The first dump reads a stdin the client keeps open: it holds the
	// only slot until the client closes it.
	var firstOut syncBuffer
	sess, stdin, _ := startDump(t, c, &firstOut)
	holding("the first dump")
	_, stderr, status := run(t, c, "dump --json", "")
	if status != 1 || !strings.Contains(stderr, "1 dump commands are running on this server, its limit (serve --max-dumps)") {
		t.Errorf("second dump: status %d, stderr %q", status, stderr)
	}
	// The first one ends: its INFO printed, the slot given back.
	data, err := sampledata.Read("stream_igc.bin")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := stdin.Write(data); err != nil {
		t.Fatal(err)
	}
	stdin.Close()
	if err := sess.Wait(); err != nil {
		t.Fatalf("first dump: %v", err)
	}
	if !strings.Contains(firstOut.String(), "resinfo") {
		t.Errorf("first dump printed %q", firstOut.String())
	}
	if out, stderr, status := run(t, c, "dump", ""); status != 0 || !strings.Contains(out, "resinfo") {
		t.Errorf("a dump after the first ended: status %d, stderr %q", status, stderr)
	}
}

// A key runs at most its share of the dump slots: one client reading its
// output slowly, or holding stdin open, cannot take every slot from the
// others (it would hold them until the idle timeout).
func TestDumpSlotsPerKey(t *testing.T) {
	ts, holding := dumpServer(t, func(c *Config) { c.MaxDumps = 2 })
	c := ts.dial(t)
	startDump(t, c, nil)
	holding("the first dump")
	_, stderr, status := run(t, c, "dump", "")
	if status != 1 || !strings.Contains(stderr, "your key runs 1 dump command(s) already") || !strings.Contains(stderr, "--max-dumps-per-key") {
		t.Errorf("a second dump of the same key: status %d, stderr %q", status, stderr)
	}
	// Another key gets the slot left.
	if out, stderr, status := run(t, ts.dialNewKey(t), "dump", ""); status != 0 || !strings.Contains(out, "resinfo") {
		t.Errorf("another key's dump: status %d, stderr %q", status, stderr)
	}
}

// A dump whose client reads none of its output (the channel's window
// fills and every write blocks) is ended after DumpWriteStall and its slot
// freed, with a line in the log; blocked output is not activity, so before
// it held the slot until the idle timeout. A client that reads is not
// stopped however long the dump.
func TestDumpWriteStall(t *testing.T) {
	const stall = time.Second
	ts, holding := dumpServer(t, func(c *Config) {
		c.MaxDumps = 1
		c.DumpWriteStall = stall
		// --all --json of 1 MiB of stream: tens of MB, far more than
		// the channel's window (2 MiB).
		c.Files = append(c.Files, bigStream(t, t.TempDir(), 1<<20))
	})
	c := ts.dial(t)
	ch, reqs, err := c.OpenChannel("session", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ch.Close()
	exit := make(chan uint32, 1)
	go func() {
		for r := range reqs {
			if r.Type == "exit-status" && len(r.Payload) >= 4 {
				exit <- uint32(r.Payload[0])<<24 | uint32(r.Payload[1])<<16 | uint32(r.Payload[2])<<8 | uint32(r.Payload[3])
			}
			if r.WantReply {
				_ = r.Reply(false, nil)
			}
		}
	}()
	cmd := gossh.Marshal(struct{ Command string }{"dump --all --json big.bin"})
	if ok, err := ch.SendRequest("exec", true, cmd); !ok || err != nil {
		t.Fatalf("exec: %v %v", ok, err)
	}
	holding("the dump")
	// Never read: the dump ends with status 1 once its output has stood
	// still for the limit (the machine may be loaded: the deadline is
	// generous, the marker is the exit status).
	select {
	case st := <-exit:
		if st != 1 {
			t.Errorf("exit status %d, want 1", st)
		}
	case <-time.After(stall + patience):
		t.Fatalf("the stalled dump was not ended\n%s", lastLines(ts.logs.String(), 10))
	}
	running := func() int {
		s := ts.srv.Load()
		s.dumpsMu.Lock()
		defer s.dumpsMu.Unlock()
		return s.dumps
	}
	deadline := time.Now().Add(patience)
	for running() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the stalled dump's slot was not freed\n%s", lastLines(ts.logs.String(), 10))
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(ts.logs.String(), "dump output stalled") {
		t.Errorf("no log line for the stall:\n%s", lastLines(ts.logs.String(), 10))
	}
	// The same key has its slot back. (That a client reading slowly but
	// steadily is not stopped is TestStallWriterSteadyReader's: here, on
	// a machine loaded many times over under -race, the client of this
	// very process could be kept from reading for longer than the 1 s
	// limit, and that is a stall.)
	out, stderr, status := run(t, c, "dump kernels.isa", "")
	if status != 0 || !strings.Contains(out, "resinfo") {
		t.Errorf("the next dump: status %d, stderr %.300q", status, stderr)
	}
}

// slowWriter takes each write after a pause, as a client reading slowly
// but steadily does; once blocked is closed it takes nothing more (a
// client that stopped reading) until gone is.
type slowWriter struct {
	pause         time.Duration
	blocked, gone chan struct{}
	n             atomic.Int64
}

func (w *slowWriter) Write(p []byte) (int, error) {
	select {
	case <-w.blocked:
		<-w.gone
		return 0, io.ErrClosedPipe
	case <-time.After(w.pause):
	}
	w.n.Add(int64(len(p)))
	return len(p), nil
}

// Output that goes out a piece at a time, each slower than an eighth of
// the limit but far faster than the limit, is never a stall however long
// it takes in all; output that stops is one.
func TestStallWriterSteadyReader(t *testing.T) {
	const limit = 400 * time.Millisecond
	w := &slowWriter{pause: limit / 4, blocked: make(chan struct{}), gone: make(chan struct{})}
	defer close(w.gone)
	ws := &writeStall{}
	done := make(chan struct{})
	stalled := make(chan struct{})
	go ws.watch(limit, done, func() { close(stalled) })
	sw := stallWriter{w, ws}
	// 12 pieces, each a quarter of the limit: three limits in all.
	if n, err := sw.Write(make([]byte, 12*stallPiece)); err != nil || n != 12*stallPiece {
		t.Fatalf("steady output: wrote %d, %v", n, err)
	}
	select {
	case <-stalled:
		t.Fatal("steady output taken for a stall")
	default:
	}
	// The reader stops: the next write is a stall.
	close(w.blocked)
	go func() { _, _ = sw.Write(make([]byte, stallPiece)) }()
	select {
	case <-stalled:
	case <-time.After(limit + patience):
		t.Fatal("a write blocked for good was not taken for a stall")
	}
	close(done)
	if _, err := sw.Write([]byte("x")); err != errWriteStalled {
		t.Errorf("a write after the stall: %v, want errWriteStalled", err)
	}
}

// A key's dumps one after another, each started as soon as the last has
// returned (a script's loop), all run: the slots are free before the
// client has the exit status (they were freed after it, and under load the
// next dump was refused as the key's second).
func TestSequentialDumpsOneKey(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	for i := range 20 {
		if _, stderr, status := run(t, c, "dump stream_igc.bin", ""); status != 0 {
			t.Fatalf("dump %d: status %d, stderr %q", i, status, stderr)
		}
	}
}

// dumpServer starts a server (edit may change its Config) and returns it
// with a wait for its next dump command to have its slot (what names it).
func dumpServer(t *testing.T, edit func(*Config)) (*testServer, func(what string)) {
	holding := make(chan struct{}, 4)
	ts := startServer(t, func(c *Config) {
		c.dumpStarted = func() { holding <- struct{}{} }
		edit(c)
	})
	return ts, func(what string) {
		t.Helper()
		select {
		case <-holding:
		case <-time.After(patience):
			t.Fatalf("%s did not start", what)
		}
	}
}
