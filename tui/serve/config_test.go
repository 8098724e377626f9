package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
