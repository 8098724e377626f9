package serve

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"charm.land/log/v2"
	gossh "golang.org/x/crypto/ssh"
)

// A save over SSH is on the server's disk: the server restarts (a graceful
// stop, as SIGTERM makes it) and `surfaces` prints it, and the key's next
// session starts with it.
func TestSaveSurvivesRestart(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	tm := openLanesOff(t, c)
	tm.send("\x13") // ctrl+s
	tm.waitText("saved surface file on the server (ssh HOST surfaces prints it)")

	// Restart with the session open: it has nothing unsaved, so the user
	// is told only that the server is shutting down.
	ts.stop()
	tm.waitEnd(patience)
	if text := tm.scr.Text(); strings.Contains(text, "unsaved") {
		t.Errorf("told of unsaved edits after a save:\n%s", text)
	}
	ts.start()
	c = ts.dial(t)
	out, stderr, status := run(t, c, "surfaces", "")
	if status != 0 || !strings.Contains(out, `"dispatch_mask": "0x00000000"`) {
		t.Fatalf("surfaces after restart: status %d\n%s\n%s", status, out, stderr)
	}
	if stderr != "" {
		t.Errorf("surfaces: stderr %q", stderr)
	}
	tm = openTerm(t, c, termOpts{w: 120, h: 40})
	tm.waitText("surface file on the server (your last ctrl+s) loaded")
	if text := tm.scr.Text(); strings.Contains(text, "[unsaved]") {
		t.Errorf("a save came back marked unsaved:\n%s", text)
	}
	tm.send("3")
	tm.waitText("0 of 16 enabled")
	tm.send("q")
	if st := tm.waitEnd(patience); st != 0 {
		t.Errorf("quit after a restored save: status %d (asked about unsaved edits?)", st)
	}
}

// A dropped connection keeps the session's unsaved edits apart from the
// key's save: `surfaces` still prints the save and says edits are kept,
// the next session starts with the edits marked [unsaved], and its ctrl+s
// makes them the save. The same after a restart: they are on disk.
func TestDropKeepsSaveAndRestoresUnsaved(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	tm := openLanesOff(t, c)
	tm.send("\x13")
	tm.waitText("saved surface file on the server")
	tm.send("a") // all lanes on: unsaved
	tm.waitText("16 of 16 enabled")
	tm.waitText("[unsaved]")
	_ = c.Close() // the connection drops
	waitLog(t, ts, "unsaved surface edits kept")

	// Restart between: nothing is in memory only.
	ts.stop()
	ts.start()
	c = ts.dial(t)
	out, stderr, status := run(t, c, "surfaces", "")
	if status != 0 || !strings.Contains(out, `"dispatch_mask": "0x00000000"`) {
		t.Fatalf("surfaces after a drop: the save is gone: status %d\n%s\n%s", status, out, stderr)
	}
	if !strings.Contains(stderr, "also has unsaved edits") || !strings.Contains(stderr, "surfaces --unsaved") {
		t.Errorf("surfaces did not say unsaved edits are kept: %q", stderr)
	}
	out, stderr, status = run(t, c, "surfaces --unsaved", "")
	if status != 0 || strings.Contains(out, `"dispatch_mask": "0x00000000"`) {
		t.Fatalf("surfaces --unsaved: status %d\n%s\n%s", status, out, stderr)
	}

	// The next session: the edits, marked unsaved; q asks.
	tm = openTerm(t, c, termOpts{w: 120, h: 40})
	tm.waitText("with the unsaved edits of your session that ended")
	tm.waitText("[unsaved]")
	tm.send("3")
	tm.waitText("16 of 16 enabled")
	tm.send("q")
	tm.waitText("d discard & quit")
	tm.send("\x1b") // cancel
	tm.waitText("quit cancelled")
	tm.send("\x13")
	tm.waitText("saved surface file on the server")
	tm.send("q")
	if st := tm.waitEnd(patience); st != 0 {
		t.Errorf("quit after saving: status %d", st)
	}
	out, stderr, status = run(t, c, "surfaces", "")
	if status != 0 || strings.Contains(out, `"dispatch_mask": "0x00000000"`) || stderr != "" {
		t.Errorf("after saving the restored edits: status %d\n%s\nstderr %q", status, out, stderr)
	}
	if _, stderr, status := run(t, c, "surfaces --unsaved", ""); status != 1 || !strings.Contains(stderr, "no unsaved surface edits") {
		t.Errorf("saved edits still kept as unsaved: status %d %q", status, stderr)
	}
}

// Restored unsaved edits the user discards are gone; the save stays.
func TestRestoredUnsavedDiscarded(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	openLanesOff(t, c)
	_ = c.Close()
	waitLog(t, ts, "unsaved surface edits kept")

	c = ts.dial(t)
	if _, stderr, status := run(t, c, "surfaces", ""); status != 1 || !strings.Contains(stderr, "no surface file saved") || !strings.Contains(stderr, "surfaces --unsaved") {
		t.Errorf("surfaces with only unsaved edits: status %d %q", status, stderr)
	}
	tm := openTerm(t, c, termOpts{w: 120, h: 40})
	tm.waitText("[unsaved]")
	tm.send("q")
	tm.waitText("d discard & quit")
	tm.send("d")
	tm.waitEnd(patience)
	if _, _, status := run(t, c, "surfaces --unsaved", ""); status != 1 {
		t.Errorf("discarded edits still kept (status %d)", status)
	}
}

// A save the server cannot read is not replaced unasked: the session says
// so and starts on defaults; the file stays as it was.
func TestUnreadableSaveLeftAlone(t *testing.T) {
	ts := startServer(t, nil)
	key := gossh.FingerprintSHA256(ts.client.PublicKey())
	p := filepath.Join(ts.cfg.StateDir, "surfaces", keyFile(key))
	if err := os.WriteFile(p, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	c := ts.dial(t)
	tm := openTerm(t, c, termOpts{w: 200, h: 40})
	tm.waitText("INFO list 1/32")
	tm.waitText("surface file not loaded (defaults in use)")
	tm.send("\x13") // asks first
	tm.waitText("did not load at start (unreadable: the server log says why): ctrl+s again overwrites it")
	tm.send("q")
	tm.waitEnd(patience)
	if b, _ := os.ReadFile(p); string(b) != "{not json" {
		t.Errorf("the unreadable save was changed: %q", b)
	}
	waitLog(t, ts, "saved surface file not read")
	if strings.Contains(tm.scr.Text(), ts.cfg.StateDir) {
		t.Errorf("the server's path reached the client:\n%s", tm.scr.Text())
	}
}

// A server that could not keep a save does not start.
func TestStateDirNotWritable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes anywhere")
	}
	dir := t.TempDir()
	cfg := fixture(t, dir, newKey(t))
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o500); err != nil {
		t.Fatal(err)
	}
	cfg.StateDir = filepath.Join(ro, "state")
	err := Run(t.Context(), cfg)
	if err == nil || !strings.Contains(err.Error(), "state directory") {
		t.Fatalf("Run with an unwritable state directory: %v", err)
	}
}

func TestKeyFile(t *testing.T) {
	a, b := keyFile("SHA256:ab/c+d"), keyFile("SHA256:ab+c/d")
	if a == b || strings.ContainsAny(a, "/:") {
		t.Errorf("keyFile: %q %q", a, b)
	}
}

func TestDefaultStateDir(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", "/x/state")
	if d, _ := DefaultStateDir(); d != "/x/state/infoscope" {
		t.Errorf("with XDG_STATE_HOME: %q", d)
	}
	t.Setenv("XDG_STATE_HOME", "relative") // not absolute: ignored, as the spec says
	t.Setenv("HOME", "/home/u")
	if d, _ := DefaultStateDir(); d != "/home/u/.local/state/infoscope" {
		t.Errorf("without: %q", d)
	}
}

// A save or unsaved edits past the limit are refused before anything is
// written: ctrl+s tells the client the size (its own data, no server path)
// and the log has no failed write; a later save within the limit is kept.
func TestSaveTooLargeRefused(t *testing.T) {
	st, err := openState(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	s := &server{state: st, log: log.New(&logged)}
	sess := &session{key: "SHA256:k"}
	big := bytes.Repeat([]byte{' '}, maxSurfaceBytes+1)
	want := "surface file is 1048577 bytes; the server keeps at most 1048576"
	if err := s.saveSurfaces(sess, big); err == nil || err.Error() != want {
		t.Errorf("ctrl+s of %d bytes: %v, want %q", len(big), err, want)
	}
	if err := st.write(unsavedDir, sess.key, big); err == nil || err.Error() != want {
		t.Errorf("unsaved edits of %d bytes: %v, want %q", len(big), err, want)
	}
	if err := st.write(configDir, sess.key, make([]byte, maxConfigBytes+1)); err == nil ||
		err.Error() != "configuration is 65537 bytes; the server keeps at most 65536" {
		t.Errorf("configuration of %d bytes: %v", maxConfigBytes+1, err)
	}
	for _, sub := range []string{savedDir, unsavedDir, configDir} {
		if _, _, ok, err := st.read(sub, sess.key); ok || err != nil {
			t.Errorf("%s: a refused write left a file (%v)", sub, err)
		}
	}
	if logged.Len() != 0 {
		t.Errorf("a refused save was logged as a failed write:\n%s", logged.String())
	}
	if err := s.saveSurfaces(sess, big[:maxSurfaceBytes]); err != nil {
		t.Fatalf("ctrl+s at the limit: %v", err)
	}
	if data, _, ok, err := st.read(savedDir, sess.key); !ok || err != nil || len(data) != maxSurfaceBytes {
		t.Errorf("the save at the limit: %d bytes, %v, %v", len(data), ok, err)
	}
}
