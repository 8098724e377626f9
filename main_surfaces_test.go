package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSurfacesPath: ctrl+s writes beside the first input (not silently in
// the current directory) or where --surfaces says, as an absolute path.
func TestSurfacesPath(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	tests := []struct {
		flag   string
		inputs []string
		want   string
	}{
		{"", []string{filepath.Join(dir, "a.isa"), "b.isa"}, filepath.Join(dir, surfaceFileName)},
		{"", []string{"-", "sub/k.isa"}, filepath.Join(wd, "sub", surfaceFileName)},
		{"", []string{"k.isa"}, filepath.Join(wd, surfaceFileName)},
		{"", nil, filepath.Join(wd, surfaceFileName)},
		{"mine.json", []string{filepath.Join(dir, "a.isa")}, filepath.Join(wd, "mine.json")},
		{filepath.Join(dir, "x", "s.json"), nil, filepath.Join(dir, "x", "s.json")},
	}
	for _, tc := range tests {
		if got := surfacesPath(tc.flag, tc.inputs); got != tc.want {
			t.Errorf("surfacesPath(%q, %q) = %q, want %q", tc.flag, tc.inputs, got, tc.want)
		}
	}
}

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
		if code := serveCmd(args); code != 2 {
			t.Errorf("serve %q: exit %d, want 2", args, code)
		}
	}
}
