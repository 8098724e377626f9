package serve

import (
	"os"
	"runtime"
	"strings"
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
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	out, stderr, status := run(t, c, "dump --all --max-input 1G -", amp)
	runtime.ReadMemStats(&b)
	alloc := b.TotalAlloc - a.TotalAlloc
	t.Logf("%d-byte input: %d bytes allocated in the test process (server and client), %d bytes of output", len(amp), alloc, len(out))
	if status != 1 || !strings.Contains(stderr, "decoded instructions for the 80582-byte file (4 per byte)") {
		t.Errorf("status %d, stderr %.300q", status, stderr)
	}
	// 4 shared walks of 65,536 lines: the output is bounded by the budget.
	if alloc > 64<<20 || len(out) > 4*40*len(amp) {
		t.Errorf("%d bytes allocated, %d bytes printed", alloc, len(out))
	}
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
	holding := make(chan struct{}, 4)
	ts := startServer(t, func(c *Config) {
		c.MaxDumps = 1
		c.dumpStarted = func() { holding <- struct{}{} }
	})
	c := ts.dial(t)
	// The first dump reads a stdin the client keeps open: it holds the
	// only slot until the client closes it.
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	stdin, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var firstOut strings.Builder
	sess.Stdout = &firstOut
	if err := sess.Start("dump -"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-holding:
	case <-time.After(20 * time.Second):
		t.Fatal("the first dump did not start")
	}
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
	holding := make(chan struct{}, 4)
	ts := startServer(t, func(c *Config) {
		c.MaxDumps = 2
		c.dumpStarted = func() { holding <- struct{}{} }
	})
	c := ts.dial(t)
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	stdin, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	if err := sess.Start("dump -"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-holding:
	case <-time.After(20 * time.Second):
		t.Fatal("the first dump did not start")
	}
	_, stderr, status := run(t, c, "dump", "")
	if status != 1 || !strings.Contains(stderr, "your key runs 1 dump command(s) already") || !strings.Contains(stderr, "--max-dumps-per-key") {
		t.Errorf("a second dump of the same key: status %d, stderr %q", status, stderr)
	}
	// Another key gets the slot left.
	other := newKey(t)
	f, err := os.OpenFile(ts.cfg.AuthorizedKeysPath, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.Write(gossh.MarshalAuthorizedKey(other.PublicKey()))
	f.Close()
	c2, err := ts.dialWith(gossh.PublicKeys(other))
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	if out, stderr, status := run(t, c2, "dump", ""); status != 0 || !strings.Contains(out, "resinfo") {
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
	holding := make(chan struct{}, 4)
	ts := startServer(t, func(c *Config) {
		c.MaxDumps = 1
		c.DumpWriteStall = stall
		c.dumpStarted = func() { holding <- struct{}{} }
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
	select {
	case <-holding:
	case <-time.After(20 * time.Second):
		t.Fatal("the dump did not start")
	}
	// Never read: the dump ends with status 1 once its output has stood
	// still for the limit (the machine may be loaded: the deadline is
	// generous, the marker is the exit status).
	select {
	case st := <-exit:
		if st != 1 {
			t.Errorf("exit status %d, want 1", st)
		}
	case <-time.After(stall + 30*time.Second):
		t.Fatalf("the stalled dump was not ended\n%s", lastLines(ts.logs.String(), 10))
	}
	deadline := time.Now().Add(20 * time.Second)
	for len(ts.srv.Load().dumps) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the stalled dump's slot was not freed\n%s", lastLines(ts.logs.String(), 10))
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(ts.logs.String(), "dump output stalled") {
		t.Errorf("no log line for the stall:\n%s", lastLines(ts.logs.String(), 10))
	}
	// The same key has its slot back, and a client that reads gets its
	// whole dump: 2 MiB+ of output, longer than the limit on a slow
	// machine, is progress all along.
	out, stderr, status := run(t, c, "dump --all --json big.bin", "")
	if status != 0 || strings.Count(out, "\n") < 10_000 {
		t.Errorf("a dump read in full: status %d, %d lines, stderr %.300q", status, strings.Count(out, "\n"), stderr)
	}
}
