package inspectcmd

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
