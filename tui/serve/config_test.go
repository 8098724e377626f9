package serve

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"charm.land/ssh"
)

// A session's keys: the server's configuration (serve --config) for a key
// that keeps none, the key's own once kept with `ssh HOST config --set`
// (also after a restart), the server's again after --reset. A
// configuration with a refused entry is not kept, and says which; the
// configuration of whoever runs the server is never read.
func TestConfigOverSSH(t *testing.T) {
	server := filepath.Join(t.TempDir(), "server.conf")
	if err := os.WriteFile(server, []byte("# the team's\nkey list.down = down, j, J\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The server owner's own configuration binds W: it must not apply.
	home := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", home)
	if err := os.MkdirAll(filepath.Join(home, "infoscope"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, "infoscope", "config"), []byte("key list.down = down, j, W\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ts := startServer(t, func(c *Config) { c.ConfigPath = server })
	c := ts.dial(t)
	moves := func(key string, want bool) {
		t.Helper()
		tm := openTerm(t, c, termOpts{w: 120, h: 40})
		tm.waitText("INFO list 1/32")
		tm.send(key + "j") // j moves whatever the configuration: the marker
		if want {
			tm.waitText("INFO list 3/32")
		} else {
			tm.waitText("INFO list 2/32")
		}
		tm.send("q")
		tm.waitEnd(patience)
	}
	out, stderr, status := run(t, c, "config", "")
	if status != 0 || !strings.Contains(out, "key list.down = down, j, J") || !strings.Contains(stderr, "this is the server's configuration") {
		t.Errorf("config before any set: status %d, stdout %q, stderr %q", status, out, stderr)
	}
	moves("J", true)
	moves("W", false)

	// A refused entry: nothing kept, the entry named by line.
	_, stderr, status = run(t, c, "config --set", "key list.down = down, j, U\nflags = --no-mouse\nkey list.nothing = x\n")
	if status != 1 || !strings.Contains(stderr, "your configuration (ssh HOST config):3:") ||
		!strings.Contains(stderr, "your configuration (ssh HOST config):2: flags are not applied over SSH") ||
		!strings.Contains(stderr, "nothing kept") || strings.Contains(stderr, ts.dir) {
		t.Errorf("a refused configuration: status %d, stderr %q", status, stderr)
	}
	moves("J", true)

	// The key's own replaces the server's, and outlives a restart.
	mine := "key list.down = down, j, U\n"
	if _, stderr, status = run(t, c, "config --set", mine); status != 0 || !strings.Contains(stderr, "kept: your next session uses it") {
		t.Fatalf("config --set: status %d, stderr %q", status, stderr)
	}
	if out, _, _ = run(t, c, "config", ""); out != mine {
		t.Errorf("config after --set: %q", out)
	}
	ts.stop()
	ts.start()
	c = ts.dial(t)
	moves("U", true)
	moves("J", false)

	if _, stderr, status = run(t, c, "config --reset", ""); status != 0 || !strings.Contains(stderr, "your next session uses the server's") {
		t.Errorf("config --reset: status %d, stderr %q", status, stderr)
	}
	moves("J", true)
	if _, _, status = run(t, c, "config --bogus", ""); status != 2 {
		t.Errorf("config --bogus: status %d, want 2", status)
	}
}

// A server configuration with a refused entry stops the start, naming it.
func TestServerConfigRefused(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "server.conf")
	if err := os.WriteFile(bad, []byte("flags = --no-mouse\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := fixture(t, dir, newKey(t))
	cfg.ConfigPath = bad
	if _, _, err := newServer(cfg.withDefaults()); err == nil || !strings.Contains(err.Error(), bad+":1: flags are not applied over SSH") {
		t.Errorf("start with a flags entry in --config: %v", err)
	}
}

// heldSession is a command's side of a session whose stdin ends when eof
// is closed and whose stderr writes go out only once release is closed
// (a client slow to take them): events records, in order, what reached
// the client and when the handler returned.
type heldSession struct {
	ssh.Session
	eof, writing, release chan struct{}
	once                  sync.Once
	mu                    sync.Mutex
	events                []string
}

func newHeldSession() *heldSession {
	return &heldSession{eof: make(chan struct{}), writing: make(chan struct{}), release: make(chan struct{})}
}

func (h *heldSession) note(e string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.events = append(h.events, e)
}

func (h *heldSession) Read([]byte) (int, error) { <-h.eof; return 0, io.EOF }
func (h *heldSession) Stderr() io.ReadWriter    { return heldStderr{h} }
func (h *heldSession) Exit(int) error           { h.note("exit"); return nil }

type heldStderr struct{ *heldSession }

func (h heldStderr) Write(p []byte) (int, error) {
	h.once.Do(func() { close(h.writing) })
	<-h.release
	h.note(string(p))
	return len(p), nil
}

// An interrupted `config --set` whose stdin ends while the interrupt's
// message is on its way waits for the message before returning (which
// closes the channel), as dump does: the user reads why it stopped.
func TestConfigSetInterruptMessageOut(t *testing.T) {
	s := &server{cfg: Config{messageWait: time.Minute}}
	st := &session{done: make(chan struct{}), started: time.Now()}
	h := newHeldSession()
	returned := make(chan struct{})
	go func() {
		s.setConfig(h, st)
		h.note("returned")
		close(returned)
	}()
	st.end("session time limit (1m0s) reached")
	<-h.writing
	close(h.eof)
	// Only a handler that returns too early is seen within this bound;
	// one that waits passes whatever the machine's speed.
	select {
	case <-returned:
	case <-time.After(200 * time.Millisecond):
	}
	close(h.release)
	<-returned
	h.mu.Lock()
	defer h.mu.Unlock()
	want := []string{"infoscope: session time limit (1m0s) reached\n", "exit"}
	if len(h.events) < 3 || !slices.Equal(h.events[:2], want) || h.events[len(h.events)-1] != "returned" {
		t.Errorf("events %q: want the message, the exit, then the handler's return", h.events)
	}
}
