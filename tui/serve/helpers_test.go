package serve

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"charm.land/log/v2"
	gossh "golang.org/x/crypto/ssh"

	"infoscope/sampledata"
)

// patience is how long a test waits for a marker (a screen, a log line,
// an exit) before it fails: a bound that catches a wedged server, not a
// speed requirement. It is long because the machines the tests run on can
// be loaded many times over: under -race with a load average of 17 on two
// cores, the first 1000x300 frame of a session took 11 s to arrive. A test
// that passes does not wait for it.
const patience = 60 * time.Second

// syncBuffer is a log sink the server goroutines and the test share.
type syncBuffer struct {
	mu      sync.Mutex
	b       bytes.Buffer
	discard bool // drop what is written from now on
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.discard {
		return len(p), nil
	}
	return s.b.Write(p)
}

// stop drops what was written and what will be.
func (s *syncBuffer) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.discard = true
	s.b = bytes.Buffer{}
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// testServer is a server on 127.0.0.1 with a random port, its files in a
// temporary directory.
type testServer struct {
	t           testing.TB
	dir         string
	addr        string
	cfg         Config
	client      gossh.Signer // a key listed in authorized_keys
	logs        *syncBuffer
	cancel      context.CancelFunc
	done        chan error
	hostKeyPath string
	srv         atomic.Pointer[server]
}

// newKey makes an ed25519 key pair for a client.
func newKey(t testing.TB) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// fixture writes the served files, host key path and authorized_keys into
// dir and returns a Config for them (no listener yet).
func fixture(t testing.TB, dir string, client gossh.Signer) Config {
	t.Helper()
	served := filepath.Join(dir, "served")
	if err := os.MkdirAll(served, 0o755); err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, name := range []string{"kernels.isa", "stream_igc.bin"} {
		data, err := sampledata.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(served, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	// A file next to the served ones that must stay out of reach.
	if err := os.WriteFile(filepath.Join(served, "secret.isa"), []byte("not served"), 0o644); err != nil {
		t.Fatal(err)
	}
	ak := filepath.Join(dir, "authorized_keys")
	lines := "# test keys\n" + string(gossh.MarshalAuthorizedKey(client.PublicKey()))
	if err := os.WriteFile(ak, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	return Config{
		HostKeyPath:        filepath.Join(dir, "host_ed25519"),
		StateDir:           filepath.Join(dir, "state"),
		AuthorizedKeysPath: ak,
		Files:              files,
	}
}

// startServer runs Run until the test ends. edit may change the Config.
func startServer(t testing.TB, edit func(*Config)) *testServer {
	t.Helper()
	dir := t.TempDir()
	ts := &testServer{t: t, dir: dir, client: newKey(t), logs: &syncBuffer{}}
	ts.cfg = fixture(t, dir, ts.client)
	ts.cfg.Logger = log.NewWithOptions(ts.logs, log.Options{Level: log.DebugLevel})
	ts.cfg.ShutdownTimeout = 3 * time.Second
	if edit != nil {
		edit(&ts.cfg)
	}
	ts.hostKeyPath = ts.cfg.HostKeyPath
	ts.start()
	t.Cleanup(ts.stop)
	return ts
}

func (ts *testServer) start() {
	ts.t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		ts.t.Fatal(err)
	}
	ts.addr = ln.Addr().String()
	cfg := ts.cfg
	cfg.Listener = ln
	cfg.started = func(s *server) { ts.srv.Store(s) }
	// Run logs "listening" once it serves (once per start: count them).
	started := strings.Count(ts.logs.String(), "listening")
	ctx, cancel := context.WithCancel(context.Background())
	ts.cancel, ts.done = cancel, make(chan error, 1)
	go func() { ts.done <- Run(ctx, cfg) }()
	deadline := time.Now().Add(patience)
	for strings.Count(ts.logs.String(), "listening") == started {
		select {
		case err := <-ts.done:
			ts.t.Fatalf("server stopped: %v\n%s", err, ts.logs)
		default:
		}
		if time.Now().After(deadline) {
			ts.t.Fatalf("server did not start:\n%s", ts.logs)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// stop cancels the server and checks that Run returns in its bound.
func (ts *testServer) stop() {
	if ts.cancel == nil {
		return
	}
	ts.cancel()
	ts.cancel = nil
	select {
	case err := <-ts.done:
		if err != nil {
			ts.t.Errorf("Run: %v", err)
		}
	case <-time.After(ts.cfg.ShutdownTimeout + patience):
		ts.t.Errorf("Run did not return after cancel\n%s", ts.logs)
	}
}

func (ts *testServer) hostKey() gossh.PublicKey {
	ts.t.Helper()
	data, err := os.ReadFile(ts.hostKeyPath + ".pub")
	if err != nil {
		ts.t.Fatal(err)
	}
	k, _, _, _, err := gossh.ParseAuthorizedKey(data)
	if err != nil {
		ts.t.Fatal(err)
	}
	return k
}

func (ts *testServer) dialWith(auth ...gossh.AuthMethod) (*gossh.Client, error) {
	return gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{
		User:            "tester",
		Auth:            auth,
		HostKeyCallback: gossh.FixedHostKey(ts.hostKey()),
		Timeout:         10 * time.Second,
	})
}

// dial connects with the authorised key; the client closes with the test.
func (ts *testServer) dial(t testing.TB) *gossh.Client {
	t.Helper()
	c, err := ts.dialWith(gossh.PublicKeys(ts.client))
	if err != nil {
		t.Fatalf("dial: %v\n%s", err, ts.logs)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// run runs a command without a pty and returns stdout, stderr and the exit
// status.
func run(t testing.TB, c *gossh.Client, cmd string, stdin string) (string, string, int) {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	var out, errb bytes.Buffer
	sess.Stdout, sess.Stderr = &out, &errb
	sess.Stdin = strings.NewReader(stdin)
	done := make(chan error, 1)
	go func() { done <- sess.Run(cmd) }()
	var err2 error
	select {
	case err2 = <-done:
	case <-time.After(patience):
		t.Fatalf("%q did not finish", cmd)
	}
	status := 0
	if ee, ok := err2.(*gossh.ExitError); ok {
		status = ee.ExitStatus()
	} else if err2 != nil {
		t.Fatalf("%q: %v", cmd, err2)
	}
	return out.String(), errb.String(), status
}

// term is a client session with a pty, its output on an emulated screen.
type term struct {
	t      testing.TB
	sess   *gossh.Session
	stdin  io.WriteCloser
	scr    *screen
	stderr *syncBuffer
	done   chan error // the session's end
}

type termOpts struct {
	w, h int
	term string
	env  map[string]string
	raw  io.Writer // also gets the raw output (colour checks)
}

func openTerm(t testing.TB, c *gossh.Client, o termOpts) *term {
	t.Helper()
	if o.w == 0 {
		o.w, o.h = 100, 30
	}
	if o.term == "" {
		o.term = "xterm-256color"
	}
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range o.env {
		if err := sess.Setenv(k, v); err != nil {
			t.Fatalf("setenv %s: %v", k, err)
		}
	}
	if err := sess.RequestPty(o.term, o.h, o.w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	tm := &term{t: t, sess: sess, scr: newScreen(o.w, o.h), stderr: &syncBuffer{}, done: make(chan error, 1)}
	if tm.stdin, err = sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	var out io.Writer = tm.scr
	if o.raw != nil {
		out = io.MultiWriter(tm.scr, o.raw)
	}
	sess.Stdout, sess.Stderr = out, tm.stderr
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	go func() { tm.done <- sess.Wait() }()
	t.Cleanup(func() { _ = sess.Close() })
	return tm
}

func (tm *term) send(keys string) {
	tm.t.Helper()
	if _, err := io.WriteString(tm.stdin, keys); err != nil {
		tm.t.Fatalf("send %q: %v", keys, err)
	}
}

// waitFor waits until the screen satisfies ok, failing with the screen.
func (tm *term) waitFor(what string, ok func(string) bool) string {
	tm.t.Helper()
	deadline := time.NewTimer(patience)
	defer deadline.Stop()
	for {
		// Take the channel before reading: a change during the read
		// wakes the next wait.
		changed := tm.scr.Changed()
		text := tm.scr.Text()
		if ok(text) {
			return text
		}
		select {
		case <-changed:
		case <-deadline.C:
			tm.t.Fatalf("screen never showed %s:\n%s\nstderr: %s", what, tm.scr.Text(), tm.stderr)
		}
	}
}

func (tm *term) waitText(s string) string {
	tm.t.Helper()
	return tm.waitFor(strconvQuote(s), func(text string) bool { return strings.Contains(text, s) })
}

// waitEnd waits for the server to end the session and returns its status.
func (tm *term) waitEnd(within time.Duration) int {
	tm.t.Helper()
	select {
	case err := <-tm.done:
		if ee, ok := err.(*gossh.ExitError); ok {
			return ee.ExitStatus()
		}
		if err != nil {
			tm.t.Fatalf("session: %v", err)
		}
		return 0
	case <-time.After(within):
		tm.t.Fatalf("session still open after %v:\n%s", within, tm.scr.Text())
		return -1
	}
}

func strconvQuote(s string) string { return "\"" + s + "\"" }
