package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyDumpSet copies tui/dump's dump-set folder (IGC's output for two
// kernels: .visaasm, .isaasm, .asm, .visa.ll) to a new folder.
func copyDumpSet(t *testing.T) string {
	t.Helper()
	src := filepath.Join("..", "dump", "testdata", "dumpset")
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, e := range ents {
		if e.Name() == "README.md" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A served dump folder opens as the inspector opens it locally (issue 20,
// the native view over SSH): its vISA text is served, each with the Gen
// assembly of its dump set beside it, and the Code pane shows an INFO's
// native lines and its sampler message; the .asm, .isaasm twin and
// .visa.ll are not served names of their own.
func TestServedDumpFolderNative(t *testing.T) {
	dir := copyDumpSet(t)
	ts := startServer(t, func(c *Config) { c.Files = []string{dir} })
	c := ts.dial(t)
	out, _, status := run(t, c, "files", "")
	if want := "OCL_asm23954d4a795eca46_simd32_entry_0003.visaasm\ninfo22_channels.DG2.visaasm\n"; status != 0 || out != want {
		t.Errorf("files: status %d, %q, want %q", status, out, want)
	}
	if !strings.Contains(ts.logs.String(), "identical to their .visaasm not listed twice") {
		t.Errorf("the log does not say what of the folder is not served:\n%s", ts.logs)
	}
	tm := openTerm(t, c, termOpts{w: 160, h: 50})
	tm.waitText("INFO list 1/")
	tm.send("/file:info22 sampleinfo.RGA exec:32\r")
	tm.waitText("$85 sampleinfo.RGA (M1, 32)")
	tm.send("5")
	text := tm.waitText("Native code of $85 (info22_channels.DG2.asm)")
	for _, want := range []string{"DG2 291 native", "↳ L356   send.smpl (32|M0) r18 r1 null:0 0x0 a0.0"} {
		if !strings.Contains(text, want) {
			t.Errorf("the Code pane lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, dir) {
		t.Errorf("the server's path reached the client:\n%s", text)
	}
}
