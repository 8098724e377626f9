package serve

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"charm.land/log/v2"
	gossh "golang.org/x/crypto/ssh"

	"infoscope/sampledata"
	"infoscope/sampledata/testkit"
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
func newKey(t testing.TB) gossh.Signer { return newKeyFile(t, "") }

// newKeyFile makes an ed25519 key pair for a client and, unless path is
// "", writes its private key there as OpenSSH does, for a client process.
func newKeyFile(t testing.TB, path string) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	if path != "" {
		block, err := gossh.MarshalPrivateKey(priv, "infoscope test")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, pem.EncodeToMemory(block), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// authorize adds key to the authorized_keys file at path.
func authorize(t testing.TB, path string, key gossh.PublicKey) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(gossh.MarshalAuthorizedKey(key)); err != nil {
		t.Fatal(err)
	}
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
	k, _, _, _, err := gossh.ParseAuthorizedKey(testkit.ReadFile(ts.t, ts.hostKeyPath+".pub"))
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

// newSession opens a session on c that closes with the test.
func newSession(t testing.TB, c *gossh.Client) *gossh.Session {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sess.Close() })
	return sess
}

// run runs a command without a pty and returns stdout, stderr and the exit
// status.
func run(t testing.TB, c *gossh.Client, cmd string, stdin string) (string, string, int) {
	t.Helper()
	sess := newSession(t, c)
	var out, errb bytes.Buffer
	sess.Stdout, sess.Stderr = &out, &errb
	sess.Stdin = strings.NewReader(stdin)
	if err := sess.Start(cmd); err != nil {
		t.Fatalf("%q: %v", cmd, err)
	}
	status := waitExit(t, sess, patience)
	return out.String(), errb.String(), status
}

// startDump runs "dump -" on c with a stdin the test holds open (closed
// with the test), its output to stdout if not nil.
func startDump(t testing.TB, c *gossh.Client, stdout io.Writer) (*gossh.Session, io.WriteCloser, *syncBuffer) {
	t.Helper()
	sess := newSession(t, c)
	stdin, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Close() })
	errb := &syncBuffer{}
	sess.Stdout, sess.Stderr = stdout, errb
	if err := sess.Start("dump -"); err != nil {
		t.Fatal(err)
	}
	return sess, stdin, errb
}

// waitExit waits for sess (started) to end and returns its exit status.
func waitExit(t testing.TB, sess *gossh.Session, within time.Duration) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- sess.Wait() }()
	select {
	case err := <-done:
		return exitStatus(t, err)
	case <-time.After(within):
		t.Fatalf("command still running after %v", within)
	}
	return -1
}

// exitStatus is the status of a session (or an ssh process) that ended
// with err.
func exitStatus(t testing.TB, err error) int {
	t.Helper()
	var se *gossh.ExitError
	var pe *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &se):
		return se.ExitStatus()
	case errors.As(err, &pe):
		return pe.ExitCode()
	}
	t.Fatalf("ended with %v, want an exit status", err)
	return -1
}

// dialNewKey lists a new key in authorized_keys and connects with it.
func (ts *testServer) dialNewKey(t testing.TB) *gossh.Client {
	t.Helper()
	other := newKey(t)
	authorize(t, ts.cfg.AuthorizedKeysPath, other.PublicKey())
	c, err := ts.dialWith(gossh.PublicKeys(other))
	if err != nil {
		t.Fatalf("added key refused: %v", err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// replaceFile replaces path with data as an editor saves: written aside,
// renamed over.
func replaceFile(t testing.TB, path string, data []byte) {
	t.Helper()
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
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

// openLanesOff opens the inspector at 120x40 and turns every lane off in
// the Lanes panel: an unsaved edit.
func openLanesOff(t testing.TB, c *gossh.Client) *term {
	t.Helper()
	tm := openTerm(t, c, termOpts{w: 120, h: 40})
	tm.waitText("INFO list 1/32")
	tm.send("3")
	tm.waitText("dispatch 1111 1111")
	tm.send("z") // all lanes off
	tm.waitText("0 of 16 enabled")
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
		return exitStatus(tm.t, err)
	case <-time.After(within):
		tm.t.Fatalf("session still open after %v:\n%s", within, tm.scr.Text())
		return -1
	}
}

func strconvQuote(s string) string { return "\"" + s + "\"" }
