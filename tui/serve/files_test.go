package serve

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"infoscope/sampledata"
)

// retarget points the symbolic link at link to target the way a deploy
// does: a new link renamed over the old one.
func retarget(t *testing.T, link, target string) {
	t.Helper()
	tmp := link + ".new"
	if err := os.Symlink(target, tmp); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, link); err != nil {
		t.Fatal(err)
	}
}

// A served symbolic link retargeted while sessions are open, to /dev/zero
// and then to a FIFO nobody writes: the reload refuses it at once, the
// sessions keep the last good decode and say why, dumps of it fail at once
// with the served name and free their slots, and the server stays up.
func TestServedFileRetargeted(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "kernels-v1.isa")
	data, err := sampledata.Read("kernels.isa")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(real, data, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "kernels.isa")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	ts := startServer(t, func(c *Config) { c.Files[0] = link })
	c := ts.dial(t)
	tm := openTerm(t, c, termOpts{w: 120, h: 40})
	tm.waitText("INFO list 1/32")

	for _, tc := range []struct{ target, kind string }{
		{"/dev/zero", "a character device"},
		{fifo, "a FIFO"},
	} {
		reloads := strings.Count(ts.logs.String(), "file changed file=kernels.isa")
		retarget(t, link, tc.target)
		want := "kernels.isa: not a regular file now (" + tc.kind + ")"
		// The reload is logged once it has ended: it did not wait on the
		// file.
		for deadline := time.Now().Add(patience); strings.Count(ts.logs.String(), "file changed file=kernels.isa") == reloads; {
			if time.Now().After(deadline) {
				t.Fatalf("%s: no reload ended within 10 s:\n%s", tc.kind, ts.logs)
			}
			time.Sleep(10 * time.Millisecond)
		}
		tm.waitText("reload failed")
		if text := tm.scr.Text(); !strings.Contains(text, "INFO list 1/32") {
			t.Errorf("%s: the last good decode is gone:\n%s", tc.kind, text)
		}
		// More dumps than slots, one after another: none waits on the
		// file, so none holds a slot.
		for i := 0; i < ts.cfg.withDefaults().MaxDumps+1; i++ {
			_, stderr, status := run(t, c, "dump kernels.isa", "")
			if status == 0 || !strings.Contains(stderr, want) || strings.Contains(stderr, dir) {
				t.Fatalf("%s: dump: status %d, stderr %q", tc.kind, status, stderr)
			}
		}
	}
	// Back to a regular file: reloaded.
	retarget(t, link, real)
	tm.waitText("reloaded kernels.isa")
	if _, _, status := run(t, c, "dump kernels.isa", ""); status != 0 {
		t.Errorf("dump after the link came back: status %d", status)
	}
}

// serve --max-input holds for served files as for any input: at start, at
// every reload and for every dump; a client's own --max-input does not
// raise it.
func TestServedFileMaxInput(t *testing.T) {
	ts := startServer(t, func(c *Config) { c.Decode.MaxInput = 1000 }) // kernels.isa is 3527 bytes
	c := ts.dial(t)
	_, stderr, status := run(t, c, "dump kernels.isa", "")
	if status == 0 || !strings.Contains(stderr, "input size: expected at most 1000 bytes (raise it with serve --max-input, which the server's operator sets)") {
		t.Errorf("dump of a file past --max-input: status %d, stderr %q", status, stderr)
	}
	// The client's flag is not heeded for served files, and it is told so.
	const note = "infoscope dump: note: --max-input applies to your stdin (dump -) only: served files are read under this server's limit, 1000 bytes (serve --max-input, which the server's operator sets)\n"
	_, stderr2, status := run(t, c, "dump --max-input 1M kernels.isa", "")
	if status == 0 || stderr2 != note+stderr {
		t.Errorf("a client's --max-input raised the server's: status %d, stderr %q", status, stderr2)
	}
	want, _, _ := run(t, c, "dump stream_igc.bin", "")
	for _, args := range []string{"--max-input 10 stream_igc.bin", "--max-input=10", "--max-input 10 - stream_igc.bin", "--max-input 10 --surfaces stream_igc.bin -"} {
		out, stderr, _ := run(t, c, "dump "+args, "")
		if !strings.HasPrefix(stderr, note) || (strings.HasSuffix(args, "stream_igc.bin") && out != want) {
			t.Errorf("dump %s: stdout %.80q, stderr %q: want the note, and the output of a dump without the flag", args, out, stderr)
		}
	}
	// On stdin alone the flag holds, and nothing is said of served files.
	_, stderr, status = run(t, c, "dump --all --max-input 10 -", "0123456789abcdef")
	if status == 0 || strings.Contains(stderr, "note:") || !strings.Contains(stderr, "at most 10 bytes (raise it with --max-input)") {
		t.Errorf("dump --max-input 10 - of 16 bytes: status %d, stderr %q", status, stderr)
	}
	if out, _, status := run(t, c, "dump stream_igc.bin", ""); status != 0 || out == "" {
		t.Errorf("dump of a file within the limit: status %d", status)
	}
	tm := openTerm(t, c, termOpts{w: 120, h: 40})
	tm.waitText("stream_igc.bin")
	tm.waitFor("kernels.isa unreadable in the session", func(s string) bool {
		return strings.Contains(s, "1 of 2 loaded, 1 unreadable (E)")
	})
}

// `ssh HOST dump` of a served dump folder says what each file would say
// alike (read from vISA text, no INFO) once, counted, as the command line
// does; a dump of one of its files says it as that file alone does.
func TestServedFolderDumpNotes(t *testing.T) {
	src := "../../decoder/visatext/testdata/dumps/"
	one := "intel__sycl-tla__OCL_asm02a05bd857049a6b_simd32_entry_0013.visaasm" // 1 kernel, 3 instructions
	dumps := filepath.Join(t.TempDir(), "dumps")
	if err := os.Mkdir(dumps, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{one, "intel__intel-xpu-backend-for-triton__OCL_asm2c494e6ff5d89b44_simd16_entry_0001.visaasm"} { // 707 instructions
		data, err := os.ReadFile(src + name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dumps, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ts := startServer(t, func(c *Config) { c.Files = []string{dumps} })
	c := ts.dial(t)
	out, stderr, status := run(t, c, "dump", "")
	want := "2 vISA text files: layout igc (INFO bytes rebuilt from vISA text, which has no file offsets)\n" +
		"no INFO in 2 of 2 files (one kernel each, 710 instructions); --all lists every instruction\n"
	if status != 0 || out != "" || stderr != want {
		t.Errorf("dump: status %d, stdout %q, stderr %q, want %q", status, out, stderr, want)
	}
	_, stderr, status = run(t, c, "dump "+one, "")
	if status != 0 || stderr != one+": layout igc (igc: INFO bytes rebuilt from vISA text, which has no file offsets)\n"+
		one+": no INFO in its one kernel (3 instructions); --all lists every instruction\n" {
		t.Errorf("dump %s: status %d, stderr %q", one, status, stderr)
	}
}

// Served names reach the client's terminal as decoder.Display shows them:
// `ssh HOST files` and the lines and messages of `ssh HOST dump` (a file
// named with a window retitle and a screen clear retitled and cleared the
// client's terminal). Files sharing a base name are served under their
// paths as given (docs/serve.md).
func TestServedNamesDisplayed(t *testing.T) {
	const hostile = "ok\x1b]0;PWNED\a\x1b[2J\u009b.isa"
	ts := startServer(t, func(c *Config) {
		data, err := sampledata.Read("kernels.isa")
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Dir(c.Files[0])
		for _, p := range []string{hostile, "a/k.isa", "b/k.isa"} {
			p = filepath.Join(dir, p)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			c.Files = append(c.Files, p)
		}
	})
	c := ts.dial(t)
	dir := filepath.Dir(ts.cfg.Files[0])
	shown := "ok?]0;PWNED??[2J?.isa"
	for _, tc := range []struct {
		cmd       string
		out, errs string // what stdout and stderr must hold
	}{
		{"files", "kernels.isa\n" + shown + "\nstream_igc.bin\n", ""},
		{"dump", "\n" + shown + ":info_main+0x4af $29  resinfo.RGBA", ""},
		{"dump --bodies", "\n" + shown + ":info_main  kernel 4.1", ""},
		{"dump x\x1b[2J.isa", "", "infoscope dump: open x?[2J.isa: not a served file"},
	} {
		out, errs, _ := run(t, c, tc.cmd, "")
		for _, w := range []struct{ what, got, want string }{{"stdout", out, tc.out}, {"stderr", errs, tc.errs}} {
			if i := strings.IndexAny(w.got, "\x1b\a\u009b"); i >= 0 {
				t.Errorf("%q: a control character in %s at %d: %q", tc.cmd, w.what, i, w.got[max(0, i-40):min(len(w.got), i+40)])
			}
			if !strings.Contains(w.got, w.want) {
				t.Errorf("%q: %s lacks %q:\n%.600s", tc.cmd, w.what, w.want, w.got)
			}
		}
	}
	// The two k.isa are served under their paths as given (here absolute):
	// the listing shows them, sorted before the base names.
	if out, _, _ := run(t, c, "files", ""); !strings.HasPrefix(out, filepath.Join(dir, "a/k.isa")+"\n"+filepath.Join(dir, "b/k.isa")+"\nkernels.isa\n") {
		t.Errorf("files sharing a base name:\n%s", out)
	}
}
