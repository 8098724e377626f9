package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"infoscope/sampledata/testkit"
)

// dumpFolder makes an IGC dump folder from decoder/native's test files:
// GenX_IR's DG2 dump set of the INFO coverage kernel (.visaasm, .asm), an
// .isaasm twin of its .visaasm, another kernel's vISA text with no
// assembly, and a lone .asm.
func dumpFolder(t *testing.T) string {
	t.Helper()
	src := filepath.Join("..", "..", "decoder", "native", "testdata")
	dir := t.TempDir()
	for from, to := range map[string]string{
		"info22_channels.DG2.visaasm": "info22_channels.DG2.visaasm",
		"info22_channels.DG2.asm":     "info22_channels.DG2.asm",
		"info22_channels.visaasm":     "info22_channels.visaasm",
		"g1.SKL.asm":                  "g1.SKL.asm",
	} {
		data := testkit.ReadFile(t, filepath.Join(src, from))
		if err := os.WriteFile(filepath.Join(dir, to), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if to == "info22_channels.DG2.visaasm" {
			if err := os.WriteFile(filepath.Join(dir, "info22_channels.DG2.isaasm"), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// A served dump folder opens as the inspector opens it locally (issue 20,
// the native view over SSH): its vISA text is served, each with the Gen
// assembly of its dump set beside it, and the Code pane shows an INFO's
// native lines; the .asm, the .isaasm twin and a lone .asm are not served
// names of their own, and the log says what was left out.
func TestServedDumpFolderNative(t *testing.T) {
	dir := dumpFolder(t)
	ts := startServer(t, func(c *Config) { c.Files = []string{dir} })
	c := ts.dial(t)
	out, _, status := run(t, c, "files", "")
	if want := "info22_channels.DG2.visaasm\ninfo22_channels.visaasm\n"; status != 0 || out != want {
		t.Errorf("files: status %d, %q, want %q", status, out, want)
	}
	if logs := ts.logs.String(); !strings.Contains(logs, "identical to their .visaasm not listed twice") || !strings.Contains(logs, "1 lone .asm not served") {
		t.Errorf("the log does not say what of the folder is not served:\n%s", ts.logs)
	}
	tm := openTerm(t, c, termOpts{w: 160, h: 50})
	tm.waitText("INFO list 1/")
	tm.send("/file:info22 sampleinfo.RGA exec:32\r")
	tm.waitText("$85 sampleinfo.RGA (M1, 32)")
	tm.send("5")
	text := tm.waitText("Native code of $85 (info22_channels.DG2.asm)")
	for _, want := range []string{"DG2 · 291 native", "L356", "send.smpl (32|M0) r18 r1 null:0 0x0 a0.0"} {
		if !strings.Contains(text, want) {
			t.Errorf("the Code pane lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, dir) {
		t.Errorf("the server's path reached the client:\n%s", text)
	}
}
