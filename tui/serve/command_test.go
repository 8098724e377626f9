package serve

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestServeSurfacesFlag: serve --surfaces names a file that must exist and
// parse; --rules takes spec or hw. Both are refused before anything listens.
func TestServeSurfacesFlag(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"surfaces": 3}`), 0o644)
	for _, args := range [][]string{
		{"--surfaces", filepath.Join(dir, "missing.json")},
		{"--surfaces", bad},
		{"--rules", "mesa"},
	} {
		args = append(args, "--authorized-keys", filepath.Join(dir, "ak"), "--listen", "127.0.0.1:0", filepath.Join(dir, "k.isa"))
		if code := Command(args, io.Discard, io.Discard); code != 2 {
			t.Errorf("serve %q: exit %d, want 2", args, code)
		}
	}
}
