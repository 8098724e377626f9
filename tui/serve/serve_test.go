package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"charm.land/log/v2"
	gossh "golang.org/x/crypto/ssh"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/sampledata"
	"infoscope/tui/dump"
)

// An authorised key gets the inspector: the list of INFO instructions, the
// cursor moves, q ends the session with status 0.
func TestInspector(t *testing.T) {
	ts := startServer(t, nil)
	tm := openTerm(t, ts.dial(t), termOpts{w: 120, h: 40})
	text := tm.waitText("INFO list 1/32")
	for _, want := range []string{"kernels.isa", "resinfo.RGBA (M1, 16)  T6 lod.0 res.0", "sampleinfo.RA (M1_NM, 8)"} {
		if !strings.Contains(text, want) {
			t.Errorf("first screen lacks %q:\n%s", want, text)
		}
	}
	tm.send("jj")
	tm.waitText("INFO list 3/32")
	tm.send("q")
	if st := tm.waitEnd(patience); st != 0 {
		t.Errorf("exit status %d after q", st)
	}
	key := gossh.FingerprintSHA256(ts.client.PublicKey())
	waitLog(t, ts, "disconnect")
	logs := ts.logs.String()
	if !regexp.MustCompile(`connect session=\d+ user=tester remote=127\.0\.0\.1:\d+ key=` + regexp.QuoteMeta(key) + `.* term=xterm-256color width=120 height=40`).MatchString(logs) {
		t.Errorf("no connect line with key and pty in the log:\n%s", logs)
	}
}

func waitLog(t *testing.T, ts *testServer, s string) {
	t.Helper()
	deadline := time.Now().Add(patience)
	for !strings.Contains(ts.logs.String(), s) {
		if time.Now().After(deadline) {
			t.Fatalf("log never showed %q:\n%s", s, ts.logs)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestUnknownKeyRefused(t *testing.T) {
	ts := startServer(t, nil)
	stranger := newKey(t)
	c, err := ts.dialWith(gossh.PublicKeys(stranger))
	if err == nil {
		c.Close()
		t.Fatal("a key not in authorized_keys got in")
	}
	fp := gossh.FingerprintSHA256(stranger.PublicKey())
	waitLog(t, ts, fp)
	if !regexp.MustCompile(`auth refused: key not in authorized keys fingerprint=` + regexp.QuoteMeta(fp) + ` type=ssh-ed25519 user=tester remote=127\.0\.0\.1:\d+`).MatchString(ts.logs.String()) {
		t.Errorf("refusal not logged with fingerprint and remote address:\n%s", ts.logs)
	}
}

// Password and keyboard-interactive are not offered, so clients that have
// only those cannot get in.
func TestPasswordRefused(t *testing.T) {
	ts := startServer(t, nil)
	for name, auth := range map[string]gossh.AuthMethod{
		"password": gossh.Password("secret"),
		"keyboard-interactive": gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
			return []string{"secret"}, nil
		}),
	} {
		c, err := ts.dialWith(auth)
		if err == nil {
			c.Close()
			t.Errorf("%s login accepted", name)
			continue
		}
		if !strings.Contains(err.Error(), "unable to authenticate") {
			t.Errorf("%s: unexpected error %v", name, err)
		}
	}
	// Such a client gives up after "none" and is told only "publickey":
	// the operator still sees who tried, from where, and why they failed.
	refusals := regexp.MustCompile(`WARN.*auth refused: the client offered no public key \(only public keys are accepted\) user=tester remote=127\.0\.0\.1:\d+`)
	for deadline := time.Now().Add(patience); len(refusals.FindAllString(ts.logs.String(), -1)) < 2; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the 2 refusals were not logged with the reason and the address:\n%s", ts.logs)
		}
	}
}

// 50 sessions at once, each with its own cursor.
func TestConcurrentSessions(t *testing.T) {
	const n = 50
	// n clients log in at the same instant from one address: more than
	// one source may have logging in by default.
	ts := startServer(t, func(c *Config) { c.MaxSessions, c.MaxLoginsPerSource = n, n })
	terms := make([]*term, n)
	var wg sync.WaitGroup
	clients := make([]*gossh.Client, n)
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			clients[i], errs[i] = ts.dialWith(gossh.PublicKeys(ts.client))
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("dial %d: %v", i, err)
		}
		t.Cleanup(func() { clients[i].Close() })
	}
	for i := range n {
		terms[i] = openTerm(t, clients[i], termOpts{w: 100, h: 30})
	}
	for _, tm := range terms {
		tm.waitText("INFO list 1/32")
	}
	// Session i moves i%20 rows down: every session is live at once while
	// the others move, so shared state would show as a wrong position.
	for i, tm := range terms {
		tm.send(strings.Repeat("j", i%20))
	}
	for i, tm := range terms {
		tm.waitText(fmt.Sprintf("INFO list %d/32", i%20+1))
	}
	if got := ts.sessionsCount(); got != n {
		t.Errorf("server counts %d sessions, want %d", got, n)
	}
	for _, tm := range terms {
		tm.send("q")
	}
	for _, tm := range terms {
		tm.waitEnd(patience)
	}
}

// sessionsCount counts the sessions the log shows open.
func (ts *testServer) sessionsCount() int {
	logs := ts.logs.String()
	return len(regexp.MustCompile(`(?m)^INFO +connect `).FindAllString(logs, -1)) -
		len(regexp.MustCompile(`(?m)^INFO +disconnect `).FindAllString(logs, -1))
}

func TestSessionLimit(t *testing.T) {
	ts := startServer(t, func(c *Config) { c.MaxSessions = 2 })
	c := ts.dial(t)
	a := openTerm(t, c, termOpts{})
	b := openTerm(t, c, termOpts{})
	a.waitText("INFO list 1/32")
	b.waitText("INFO list 1/32")
	_, stderr, status := run(t, c, "files", "")
	if status != 1 || !strings.Contains(stderr, "the server is full (2 sessions); try again later") {
		t.Errorf("third session: status %d, stderr %q", status, stderr)
	}
	a.send("q")
	a.waitEnd(patience)
	// The freed slot is taken by the next session.
	deadline := time.Now().Add(patience)
	for {
		out, _, status := run(t, c, "files", "")
		if status == 0 {
			if out != "kernels.isa\nstream_igc.bin\n" {
				t.Errorf("files: %q", out)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no session admitted after one ended")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestIdleTimeout(t *testing.T) {
	// Keys come every idle/10: a loaded machine would have to stall the
	// sender ten times over to make typing look idle.
	const idle = 1500 * time.Millisecond
	ts := startServer(t, func(c *Config) { c.IdleTimeout = idle })
	tm := openTerm(t, ts.dial(t), termOpts{})
	tm.waitText("INFO list 1/32")
	// Typing keeps it open past the timeout...
	start := time.Now()
	var lastKey time.Time
	for i := 0; time.Since(start) < 2*idle; i++ {
		tm.send("jk"[i%2 : i%2+1])
		lastKey = time.Now()
		time.Sleep(idle / 10)
	}
	select {
	case <-tm.done:
		t.Fatalf("session closed while typing:\n%s", tm.stderr)
	default:
	}
	// ...and silence closes it, with a message.
	// Silence is counted from the last key sent, not from the end of the
	// loop's last sleep, so a loaded machine cannot make it look early.
	quiet := lastKey
	if st := tm.waitEnd(idle + patience); st != 1 {
		t.Errorf("exit status %d, want 1", st)
	}
	if d := time.Since(quiet); d < idle*3/4 {
		t.Errorf("closed %v after the last key, before the %v timeout", d, idle)
	}
	if text := tm.scr.Text(); !strings.Contains(text, "infoscope: closed after 1.5s without input") {
		t.Errorf("no message on the screen:\n%s", text)
	}
	waitLog(t, ts, "reason=\"closed after 1.5s without input\"")
}

func TestMaxSessionTime(t *testing.T) {
	const limit = 1500 * time.Millisecond
	ts := startServer(t, func(c *Config) { c.MaxSessionTime = limit })
	tm := openTerm(t, ts.dial(t), termOpts{})
	tm.waitText("INFO list 1/32")
	stop := make(chan struct{})
	defer close(stop)
	go func() { // a busy user: never idle
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
				_, _ = tm.stdin.Write([]byte("jk"[i%2 : i%2+1]))
			}
		}
	}()
	tm.waitEnd(limit + patience)
	if text := tm.scr.Text(); !strings.Contains(text, "infoscope: session time limit (1.5s) reached") {
		t.Errorf("no message on the screen:\n%s", text)
	}
}

// ctrl+s keeps the surface file for that key in the state directory;
// `surfaces` prints it; nothing else is written to disk; another key has
// its own.
func TestSurfacesCommand(t *testing.T) {
	ts := startServer(t, nil)
	wd, _ := os.Getwd()
	state := ts.cfg.StateDir
	before := listTree(t, ts.dir, state) + listTree(t, wd, state)
	c := ts.dial(t)
	_, stderr, status := run(t, c, "surfaces", "")
	if status != 1 || !strings.Contains(stderr, "press ctrl+s in the inspector") {
		t.Errorf("before a save: status %d, stderr %q", status, stderr)
	}
	tm := openLanesOff(t, c)
	tm.send("\x13") // ctrl+s
	tm.waitText("saved surface file on the server (ssh HOST surfaces prints it)")
	out, stderr, status := run(t, c, "surfaces", "")
	if status != 0 {
		t.Fatalf("surfaces: status %d, %s", status, stderr)
	}
	sf, err := model.ParseSurfaceFile("surfaces", []byte(out))
	if err != nil {
		t.Fatalf("surfaces printed %q: %v", out, err)
	}
	if sf.DispatchMask != 0 {
		t.Errorf("dispatch mask %v, want the edited 0x00000000", sf.DispatchMask)
	}
	tm.send("q")
	tm.waitEnd(patience)
	if after := listTree(t, ts.dir, state) + listTree(t, wd, state); after != before {
		t.Errorf("files changed on the server:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	// In the state directory: the one save, under the key's name.
	names, _ := filepath.Glob(filepath.Join(state, "*", "*"))
	if want := filepath.Join(state, "surfaces", keyFile(gossh.FingerprintSHA256(ts.client.PublicKey()))); len(names) != 1 || names[0] != want {
		t.Errorf("state directory holds %q, want %q", names, want)
	}

	// Another key in authorized_keys: nothing saved for it.
	if _, _, status := run(t, ts.dialNewKey(t), "surfaces", ""); status != 1 {
		t.Errorf("another key got the first key's surfaces (status %d)", status)
	}
}

// TestSurfacesCommandGuarded: `surfaces` writes the saved JSON with C1
// controls and bidi overrides escaped (model's Marshal leaves them raw, as
// encoding/json does), so a name in the save acts on no client's terminal
// and still reads back as written.
func TestSurfacesCommandGuarded(t *testing.T) {
	ts := startServer(t, nil)
	const name = `k\u009b2J\u202eosi.isa` // CSI (C1) and RIGHT-TO-LEFT OVERRIDE, JSON-escaped
	sf, err := model.ParseSurfaceFile("x.json", []byte(`{"files": {"`+name+`": {"info_main": {"T6": {"type": "cube", "width": 40, "height": 31, "depth": 1}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	data, err := sf.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte("\u009b")) {
		t.Fatalf("the save holds no raw C1 control, nothing to guard: %q", data)
	}
	key := gossh.FingerprintSHA256(ts.client.PublicKey())
	if err := ts.srv.Load().state.write(savedDir, key, data); err != nil {
		t.Fatal(err)
	}
	out, stderr, status := run(t, ts.dial(t), "surfaces", "")
	if status != 0 {
		t.Fatalf("surfaces: status %d, %s", status, stderr)
	}
	for _, r := range []string{"\u009b", "\u202e"} {
		if strings.Contains(out, r) {
			t.Errorf("surfaces wrote %q raw: %q", r, out)
		}
	}
	if !strings.Contains(out, name) {
		t.Errorf("surfaces: %q, want the name escaped as %s", out, name)
	}
	back, err := model.ParseSurfaceFile("surfaces", []byte(out))
	if err != nil {
		t.Fatalf("surfaces printed %q: %v", out, err)
	}
	if _, ok := back.Files["k\u009b2J\u202eosi.isa"]; !ok {
		t.Errorf("the name did not read back: %v", back.Files)
	}
}

// listTree lists names, sizes and times under dir, but for skip.
func listTree(t *testing.T, dir, skip string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == skip {
			return filepath.SkipDir
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %d %v\n", p, info.Size(), info.ModTime().UnixNano())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// `dump` runs the headless dump over the served files, by served name,
// and reaches nothing else.
func TestDumpCommand(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	// What the local command prints for the same files under the same names.
	local := func(args ...string) string {
		var out, errb bytes.Buffer
		dump.Run(args, dump.Env{Stdout: &out, Stderr: &errb, Open: func(name string) ([]byte, error) {
			return sampledata.Read(name)
		}})
		return out.String()
	}
	out, stderr, status := run(t, c, "dump", "")
	if status != 0 || out != local("kernels.isa", "stream_igc.bin") {
		t.Errorf("dump: status %d, stderr %q, output differs from the local dump:\n%s", status, stderr, out)
	}
	if !strings.Contains(out, "resinfo") {
		t.Errorf("dump printed no INFO: %q", out)
	}
	out, _, status = run(t, c, "dump --json stream_igc.bin", "")
	if status != 0 || out != local("--json", "stream_igc.bin") || !strings.HasPrefix(out, "{") {
		t.Errorf("dump --json: status %d:\n%s", status, out)
	}
	// Flags and no file: still every served file.
	out, stderr, status = run(t, c, "dump --json --syntax seed", "")
	if status != 0 || out != local("--json", "--syntax", "seed", "kernels.isa", "stream_igc.bin") {
		t.Errorf("dump --json --syntax seed: status %d, stderr %q:\n%.300s", status, stderr, out)
	}
	// The client's own bytes on stdin.
	data, _ := sampledata.Read("stream_igc.bin")
	out, _, status = run(t, c, "dump -", string(data))
	if status != 0 || !strings.Contains(out, "resinfo") {
		t.Errorf("dump -: status %d:\n%s", status, out)
	}
	secret := filepath.Join(filepath.Dir(ts.cfg.Files[0]), "secret.isa")
	for _, name := range []string{"secret.isa", secret, "../served/secret.isa", "/etc/passwd", ts.cfg.Files[0], "./kernels.isa"} {
		out, stderr, status := run(t, c, "dump "+name, "")
		if status == 0 || out != "" || !strings.Contains(stderr, "not a served file") {
			t.Errorf("dump %s: status %d, stdout %q, stderr %q", name, status, out, stderr)
		}
	}
	// --surfaces goes through the same Open.
	_, stderr, status = run(t, c, "dump --surfaces "+secret+" kernels.isa", "")
	if status == 0 || !strings.Contains(stderr, "not a served file") {
		t.Errorf("dump --surfaces outside the set: status %d, %q", status, stderr)
	}
}

// The served set is the only reach of a session: the inspector's sources
// read exactly the served paths, and Open knows only served names.
func TestServedSetOnly(t *testing.T) {
	dir := t.TempDir()
	cfg := fixture(t, dir, newKey(t))
	sub := filepath.Join(dir, "other")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	dup := filepath.Join(sub, "kernels.isa") // same base name as a served file
	if err := os.WriteFile(dup, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := newFileSet(append(cfg.Files, dup, cfg.Files[1]), decoder.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{cfg.Files[0], "stream_igc.bin", dup}
	if fmt.Sprint(set.names) != fmt.Sprint(want) {
		t.Errorf("served names %q, want %q", set.names, want)
	}
	var got []string
	for i, src := range set.sources() {
		got = append(got, src.Name())
		data, err := src.Read()
		wantData, _ := os.ReadFile(set.paths[i])
		if err != nil || !bytes.Equal(data, wantData) {
			t.Errorf("source %s read %d bytes, %v", src.Name(), len(data), err)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("sources %q, want %q", got, want)
	}
	open := set.opener(strings.NewReader("stdin bytes"))
	for _, name := range want {
		if _, err := open(name); err != nil {
			t.Errorf("open %s: %v", name, err)
		}
	}
	if b, err := open("-"); err != nil || string(b) != "stdin bytes" {
		t.Errorf("open -: %q, %v", b, err)
	}
	secret := filepath.Join(dir, "served", "secret.isa")
	for _, name := range []string{"secret.isa", secret, "kernels.isa", filepath.Join(dir, "served", "stream_igc.bin"),
		"served/stream_igc.bin", "../served/secret.isa", "/etc/passwd", "", ".", "stream_igc.bin/", "stream_igc.bin\x00"} {
		if b, err := open(name); err == nil || !errors.Is(err, errNotServed) {
			t.Errorf("open %q: %d bytes, %v; want refused", name, len(b), err)
		}
	}
	if _, err := newFileSet([]string{secret, filepath.Join(dir, "missing.isa")}, decoder.Options{}); err == nil || !strings.Contains(err.Error(), "missing.isa") {
		t.Errorf("missing file: %v", err)
	}
	// A directory is served as a dump folder (TestServedDumpFolderNative):
	// one with no vISA in it or below it is refused (dir itself holds
	// served/secret.isa, which the folder scan finds).
	novisa := filepath.Join(dir, "novisa")
	if err := os.MkdirAll(filepath.Join(novisa, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(novisa, "sub", "notes.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := newFileSet([]string{novisa}, decoder.Options{}); err == nil || !strings.Contains(err.Error(), "is a directory with no .visaasm file and no vISA binary") {
		t.Errorf("directory: %v", err)
	}
}

func TestNoPtyNoCommand(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	sess := newSession(t, c)
	var out, errb bytes.Buffer
	sess.Stdout, sess.Stderr = &out, &errb
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	if st := waitExit(t, sess, patience); st != 1 {
		t.Errorf("no-pty session: exit status %d, want 1", st)
	}
	if !strings.Contains(errb.String(), "infoscope: no terminal: the inspector needs a pty (ssh -t HOST)") ||
		!strings.Contains(errb.String(), "ssh HOST dump") {
		t.Errorf("stderr: %q", errb.String())
	}

	_, stderr, status := run(t, c, "rm -rf /", "")
	if status != 2 || !strings.Contains(stderr, `unknown command "rm"`) {
		t.Errorf("unknown command: status %d, %q", status, stderr)
	}
	out2, _, status := run(t, c, "help", "")
	if status != 0 || !strings.Contains(out2, "ssh HOST surfaces") {
		t.Errorf("help: %d %q", status, out2)
	}
}

func TestHostKey(t *testing.T) {
	ts := startServer(t, nil)
	st, err := os.Stat(ts.hostKeyPath)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && st.Mode().Perm() != 0o600 {
		t.Errorf("host key mode %04o, want 0600", st.Mode().Perm())
	}
	data, _ := os.ReadFile(ts.hostKeyPath)
	signer, err := gossh.ParsePrivateKey(data)
	if err != nil || signer.PublicKey().Type() != gossh.KeyAlgoED25519 {
		t.Fatalf("host key: %v, %v", signer, err)
	}
	first := ts.hostKey()
	// Restart on the same files: the same key, and clients that pinned it
	// (FixedHostKey in dial) connect.
	ts.stop()
	ts.start()
	if again, _ := os.ReadFile(ts.hostKeyPath); !bytes.Equal(again, data) {
		t.Error("host key file rewritten on restart")
	}
	if !bytes.Equal(ts.hostKey().Marshal(), first.Marshal()) {
		t.Error("host key changed on restart")
	}
	c := ts.dial(t)
	if _, _, status := run(t, c, "files", ""); status != 0 {
		t.Error("files failed after restart")
	}
	if n := strings.Count(ts.logs.String(), "host key created"); n != 1 {
		t.Errorf("host key created %d times", n)
	}

	if runtime.GOOS != "windows" {
		ts.stop()
		if err := os.Chmod(ts.hostKeyPath, 0o644); err != nil {
			t.Fatal(err)
		}
		cfg := ts.cfg
		err := Run(context.Background(), cfg)
		if err == nil || !strings.Contains(err.Error(), "chmod 600") {
			t.Errorf("world-readable host key: %v", err)
		}
	}
}

func TestConfigErrors(t *testing.T) {
	dir := t.TempDir()
	good := fixture(t, dir, newKey(t))
	quiet := log.New(&bytes.Buffer{})
	empty := filepath.Join(dir, "empty_keys")
	if err := os.WriteFile(empty, []byte("# nobody\nnot a key\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, edit := range map[string]func(*Config){
		"no authorized keys":  func(c *Config) { c.AuthorizedKeysPath = "" },
		"missing keys file":   func(c *Config) { c.AuthorizedKeysPath = filepath.Join(dir, "nope") },
		"no usable key":       func(c *Config) { c.AuthorizedKeysPath = empty },
		"no files":            func(c *Config) { c.Files = nil },
		"missing served file": func(c *Config) { c.Files = []string{filepath.Join(dir, "nope.isa")} },
	} {
		cfg := good
		cfg.Logger = quiet
		edit(&cfg)
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		cfg.Listener = ln
		if err := Run(context.Background(), cfg); err == nil {
			t.Errorf("%s: Run started", name)
		}
		if _, err := ln.Accept(); err == nil {
			t.Errorf("%s: listener left open", name)
		}
	}
}

// Shutdown tells every user, ends every session and returns in its bound.
func TestShutdown(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	var terms []*term
	for range 3 {
		tm := openTerm(t, c, termOpts{})
		tm.waitText("INFO list 1/32")
		terms = append(terms, tm)
	}
	start := time.Now()
	ts.stop()
	if d := time.Since(start); d > ts.cfg.ShutdownTimeout+2*time.Second {
		t.Errorf("shutdown took %v", d)
	}
	for i, tm := range terms {
		tm.waitEnd(patience)
		if text := tm.scr.Text(); !strings.Contains(text, "infoscope: server shutting down") {
			t.Errorf("session %d was not told:\n%s", i, text)
		}
	}
	if _, err := ts.dialWith(gossh.PublicKeys(ts.client)); err == nil {
		t.Error("server still accepts connections")
	}
}

// A served file that changes on disk is reloaded in the session, which
// keeps its place.
func TestReload(t *testing.T) {
	ts := startServer(t, nil)
	tm := openTerm(t, ts.dial(t), termOpts{w: 120, h: 40})
	tm.waitText("INFO list 1/32")
	legacy, err := sampledata.Read("legacy_v33.isa")
	if err != nil {
		t.Fatal(err)
	}
	replaceFile(t, ts.cfg.Files[0], legacy)
	text := tm.waitText("reloaded kernels.isa")
	if !strings.Contains(text, "INFO list 1/13") {
		t.Errorf("after reload:\n%s", text)
	}
	waitLog(t, ts, "file changed file=kernels.isa sessions=1")
}

// The colour profile is the client's: TERM from its pty request and the
// variables it sends, whatever the server's own environment says.
func TestColourProfileFromClient(t *testing.T) {
	t.Setenv("TERM", "xterm-direct")
	t.Setenv("COLORTERM", "truecolor")
	t.Setenv("NO_COLOR", "")
	ts := startServer(t, nil)
	c := ts.dial(t)
	shot := func(o termOpts) string {
		var raw syncBuffer
		o.raw = &raw
		tm := openTerm(t, c, o)
		tm.waitText("INFO list 1/32")
		tm.send("q")
		tm.waitEnd(patience)
		return raw.String()
	}
	direct := colours(shot(termOpts{term: "xterm-direct"}))
	if !direct["24-bit"] {
		t.Errorf("TERM=xterm-direct client got no 24-bit colour: %v", direct)
	}
	basic := colours(shot(termOpts{term: "xterm"}))
	if basic["24-bit"] || basic["256"] {
		t.Errorf("TERM=xterm client got %v (the server's environment leaked)", basic)
	}
	if !basic["16"] {
		t.Errorf("TERM=xterm client got no colour at all")
	}
	if plain := colours(shot(termOpts{term: "xterm-256color", env: map[string]string{"NO_COLOR": "1"}})); len(plain) > 0 {
		t.Errorf("NO_COLOR client got colour: %v", plain)
	}
}

// The session's size is the client's, and follows its resizes.
func TestWindowSize(t *testing.T) {
	ts := startServer(t, nil)
	tm := openTerm(t, ts.dial(t), termOpts{w: 80, h: 24})
	tm.waitText("INFO list 1/32")
	lastRow := func(text string) int {
		lines := strings.Split(text, "\n")
		for i := len(lines) - 1; i >= 0; i-- {
			if strings.TrimSpace(lines[i]) != "" {
				return i
			}
		}
		return -1
	}
	widest := func(text string) int {
		w := 0
		for _, l := range strings.Split(text, "\n") {
			w = max(w, len([]rune(l)))
		}
		return w
	}
	text := tm.scr.Text()
	if r, w := lastRow(text), widest(text); r != 23 || w > 80 {
		t.Errorf("80x24 session: last row %d, widest line %d", r, w)
	}
	tm.scr.Resize(132, 50)
	if err := tm.sess.WindowChange(50, 132); err != nil {
		t.Fatal(err)
	}
	tm.waitFor("a 132x50 layout", func(text string) bool { return lastRow(text) == 49 && widest(text) > 100 })
}

// The keyring rereads authorized_keys when it changes, keeping the old
// keys if the new file cannot be read.
func TestKeyringReload(t *testing.T) {
	dir := t.TempDir()
	a, b := newKey(t), newKey(t)
	path := filepath.Join(dir, "authorized_keys")
	write := func(keys ...gossh.Signer) {
		var buf bytes.Buffer
		for _, k := range keys {
			buf.Write(gossh.MarshalAuthorizedKey(k.PublicKey()))
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		// Modification times can be coarse: make the change visible.
		future := time.Now().Add(time.Duration(buf.Len()) * time.Second)
		_ = os.Chtimes(path, future, future)
	}
	write(a)
	k, err := newKeyring(path, log.New(&bytes.Buffer{}))
	if err != nil {
		t.Fatal(err)
	}
	if !k.allowed(a.PublicKey()) || k.allowed(b.PublicKey()) {
		t.Fatal("initial keys wrong")
	}
	write(b)
	if k.allowed(a.PublicKey()) || !k.allowed(b.PublicKey()) {
		t.Error("revoked key still allowed, or added key refused")
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if !k.allowed(b.PublicKey()) {
		t.Error("keys dropped when the file vanished")
	}
}

func TestLimitedReader(t *testing.T) {
	for _, tc := range []struct {
		in      string
		n       int64
		wantErr bool
	}{{"abc", 3, false}, {"abc", 5, false}, {"abcd", 3, true}} {
		r := &limitedReader{r: strings.NewReader(tc.in), n: tc.n}
		var out bytes.Buffer
		_, err := out.ReadFrom(r)
		if (err != nil) != tc.wantErr {
			t.Errorf("%q limit %d: err %v", tc.in, tc.n, err)
		}
	}
}

func TestFilesListing(t *testing.T) {
	set, err := newFileSet(fixture(t, t.TempDir(), newKey(t)).Files, decoder.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Fields(set.listing())
	if !sort.StringsAreSorted(got) || fmt.Sprint(got) != "[kernels.isa stream_igc.bin]" {
		t.Errorf("listing %q", got)
	}
}

var sgr = regexp.MustCompile(`\x1b\[([0-9;:]*)m`)

// colours reports the kinds of colour the SGR sequences in raw set:
// "16" (30-37, 90-97 and backgrounds), "256" (38;5) and "24-bit" (38;2).
func colours(raw string) map[string]bool {
	kinds := map[string]bool{}
	for _, m := range sgr.FindAllStringSubmatch(raw, -1) {
		ps := strings.FieldsFunc(m[1], func(r rune) bool { return r == ';' || r == ':' })
		for i := 0; i < len(ps); i++ {
			switch p := ps[i]; {
			case p == "38" || p == "48" || p == "58":
				if i+1 < len(ps) && ps[i+1] == "5" {
					kinds["256"] = true
					i += 2
				} else if i+1 < len(ps) && ps[i+1] == "2" {
					kinds["24-bit"] = true
					i += 4
				}
			case len(p) == 2 && (p[0] == '3' || p[0] == '4' || p[0] == '9') && p[1] <= '7',
				len(p) == 3 && p[:2] == "10" && p[2] <= '7':
				kinds["16"] = true
			}
		}
	}
	return kinds
}

// A served file that cannot be read (deleted while served) is named by its
// served name in what clients see, never by the server's path to it.
func TestReadErrorsHidePaths(t *testing.T) {
	ts := startServer(t, nil)
	tm := openTerm(t, ts.dial(t), termOpts{w: 120, h: 40})
	tm.waitText("INFO list 1/32")
	if err := os.Remove(ts.cfg.Files[0]); err != nil {
		t.Fatal(err)
	}
	text := tm.waitText("reload failed")
	if strings.Contains(text, ts.dir) || !strings.Contains(text, "open kernels.isa") {
		t.Errorf("the status line shows the server's path or not the served name:\n%s", text)
	}
	_, stderr, status := run(t, ts.dial(t), "dump kernels.isa", "")
	if status == 0 || strings.Contains(stderr, ts.dir) || !strings.Contains(stderr, "open kernels.isa: no such file") {
		t.Errorf("dump of a deleted file: status %d, stderr %q", status, stderr)
	}
}

// The client picks its pty size, and a frame costs server memory in
// proportion: a session draws at most maxWindowWidth x maxWindowHeight,
// at the start and after a resize.
func TestHugeWindowClamped(t *testing.T) {
	ts := startServer(t, nil)
	w, h := maxWindowWidth+200, maxWindowHeight+200
	tm := openTerm(t, ts.dial(t), termOpts{w: w, h: h})
	// A frame is whole on the screen once its top (the list's position)
	// and its last row (the help line) are both there: a resize erases
	// the screen before the next frame, so neither is left from the last.
	frame := func(pos string) string {
		t.Helper()
		return tm.waitFor(pos+" and the help line", func(text string) bool {
			return strings.Contains(text, pos) && strings.Contains(text, "q quit")
		})
	}
	check := func(when, text string) {
		t.Helper()
		lines := strings.Split(strings.TrimRight(text, " \n"), "\n")
		if len(lines) > maxWindowHeight {
			t.Errorf("%s: %d rows drawn, want at most %d", when, len(lines), maxWindowHeight)
		}
		for i, l := range lines {
			if n := len([]rune(strings.TrimRight(l, " "))); n > maxWindowWidth {
				t.Errorf("%s: row %d is %d wide", when, i, n)
				break
			}
		}
	}
	check("first frame", frame("INFO list 1/32"))
	tm.send("j")
	frame("INFO list 2/32")
	w, h = maxWindowWidth+100, maxWindowHeight+300
	tm.scr.Resize(w, h)
	if err := tm.sess.WindowChange(h, w); err != nil {
		t.Fatal(err)
	}
	tm.send("j")
	check("after a resize", frame("INFO list 3/32"))
}

// A command waiting on the client's stdin (dump -) does not hold the
// shutdown to its timeout, and its user is told why it ended.
func TestShutdownEndsCommands(t *testing.T) {
	// A long shutdown bound, so that a shutdown held by the command (the
	// whole bound) and one that is not (well under it) differ by far more
	// than a loaded machine's delays.
	ts := startServer(t, func(c *Config) { c.ShutdownTimeout = 20 * time.Second })
	sess, _, errb := startDump(t, ts.dial(t), nil) // stdin open: the command waits
	waitLog(t, ts, `command="dump -"`)
	start := time.Now()
	ts.stop()
	if d := time.Since(start); d > ts.cfg.ShutdownTimeout/2 {
		t.Errorf("shutdown took %v with a command waiting on stdin", d)
	}
	if st := waitExit(t, sess, patience); st != 1 {
		t.Errorf("command ended with exit status %d, want 1", st)
	}
	if !strings.Contains(errb.String(), "infoscope: server shutting down") {
		t.Errorf("the user was not told: stderr %q", errb.String())
	}
}
