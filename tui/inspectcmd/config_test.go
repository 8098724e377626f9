package inspectcmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 24 item 9: the configuration file is read from
// $XDG_CONFIG_HOME/infoscope/config; "infoscope keys" prints the keys in
// effect and names the refused entries by file:line.
func TestConfigFileKeys(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	if err := os.MkdirAll(filepath.Join(dir, "infoscope"), 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "infoscope", "config")
	if err := os.WriteFile(path, []byte("theme = mono\nflags = --rules hw\nkey list.down = x\nkey list.nope = y\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := Keys(&out, &errb); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(out.String(), "| `list.down` (configured) | `x` | down |") {
		t.Errorf("keys in effect lack list.down = x:\n%s", out.String())
	}
	if want := path + ":4: no binding \"list.nope\""; !strings.Contains(errb.String(), want) {
		t.Errorf("stderr %q, want %q", errb.String(), want)
	}
	st, _ := loadConfig()
	if got := strings.Join(configFlags(st), " "); got != "--mono --rules hw" {
		t.Errorf("default flags %q", got)
	}
}
