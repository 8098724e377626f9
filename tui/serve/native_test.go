package serve

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"infoscope/decoder"
	"infoscope/model/lower"
	"infoscope/sampledata/testkit"
	"infoscope/tui/dump"
	"infoscope/tui/fsio"
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

// llSet is the name of the dump set of model/diff's testdata that has a
// .visa.ll (its .visaasm, .asm and .visa.ll), and a folder holding a
// copy of it.
const llSet = "OCL_asm23954d4a795eca46_simd32_entry_0003"

func llFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, ext := range []string{".visaasm", ".asm", ".visa.ll"} {
		data := testkit.ReadFile(t, filepath.Join("..", "..", "model", "diff", "testdata", "dumpset", llSet+ext))
		if err := os.WriteFile(filepath.Join(dir, llSet+ext), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A served dump set with a .visa.ll shows its LLVM lines in the Code
// pane, as the local inspector shows them (the same join, fsio.NativeJoin),
// the .visa.ll named by its served name; a .visa.ll changed on disk shows
// when the session next asks for the join.
func TestServedNativeLLVM(t *testing.T) {
	dir := llFolder(t)
	ts := startServer(t, func(c *Config) { c.Files = []string{dir} })
	c := ts.dial(t)
	tm := openTerm(t, c, termOpts{w: 120, h: 40})
	tm.waitText("⇡ ll:9   %4 = extractelement <2 x i32> %3, i32 0")
	tm.send(": 3\r")
	tm.waitText("▸   $3  L134")
	tm.send("j\r")
	text := tm.waitText("LLVM line 9 of " + llSet + ".visa.ll, tagged $3")
	if strings.Contains(text, dir) {
		t.Errorf("the server's path reached the client:\n%s", text)
	}

	ll := filepath.Join(dir, llSet+".visa.ll")
	data, err := os.ReadFile(ll)
	if err != nil {
		t.Fatal(err)
	}
	replaceFile(t, ll, []byte(strings.Replace(string(data), "%4 = extractelement", "%4 = changed extractelement", 1)))
	// The session asks for the join again when it shows a body.
	tm.send("K")
	tm.waitText("kernels: 1 — enter shows one in the Code pane")
	tm.send("\r")
	tm.waitText("⇡ ll:9   %4 = changed extractelement")
}

// llState says what join j has of a .visa.ll, for a test's comparison.
func llState(j *lower.Join) string {
	switch {
	case j == nil:
		return "no join"
	case j.LL == nil:
		return "no LLVM lines"
	}
	return fmt.Sprintf("%s, %d ids tagged", j.LL.Name, j.LL.Tagged())
}

// The server's native join reads the .visa.ll as it reads a served file
// (a FIFO refused at once, --max-input), and reads the set again when
// its .asm or its .visa.ll changes, or the .visa.ll goes.
func TestServedNativeJoinReread(t *testing.T) {
	dir := llFolder(t)
	opts := decoder.Options{MaxInput: 20000} // the .asm is 18,814 bytes, the .visa.ll 4,697
	set, err := newFileSet([]string{dir}, opts)
	if err != nil {
		t.Fatal(err)
	}
	name := llSet + ".visaasm"
	all := llSet + ".visa.ll, 33 ids tagged" // by its served name
	j := set.native(name)
	if got := llState(j); got != all {
		t.Fatalf("the join: %s, want %s", got, all)
	}
	if set.native(name) != j {
		t.Error("an unchanged set was read again")
	}
	ll := filepath.Join(dir, llSet+".visa.ll")
	data, err := os.ReadFile(ll)
	if err != nil {
		t.Fatal(err)
	}
	check := func(what, want string) *lower.Join {
		t.Helper()
		j := set.native(name)
		if got := llState(j); got != want {
			t.Errorf("%s: %s, want %s", what, got, want)
		}
		return j
	}
	// Only the first tagged line left: one id.
	first := strings.Index(string(data), "; visa id: ")
	replaceFile(t, ll, data[:first+strings.Index(string(data[first:]), "\n")+1])
	check("a changed .visa.ll", llSet+".visa.ll, 1 ids tagged")
	replaceFile(t, ll, append(data, make([]byte, 20000)...))
	check("a .visa.ll past --max-input", "no LLVM lines")
	if err := os.Remove(ll); err != nil {
		t.Fatal(err)
	}
	check("the .visa.ll gone", "no LLVM lines")
	replaceFile(t, ll, data)
	j = check("the .visa.ll back", all)
	asm := filepath.Join(dir, llSet+".asm")
	if data, err = os.ReadFile(asm); err != nil {
		t.Fatal(err)
	}
	replaceFile(t, asm, append(data, '\n'))
	if check("a changed .asm", all) == j {
		t.Error("a changed .asm was not read again")
	}
	if err := os.Remove(ll); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(ll, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	check("a FIFO in place of the .visa.ll", "no LLVM lines")
}

// `ssh HOST dump` of a served dump set carries the native keys a local
// dump of the same folder has ("native", "llvm", "send", "registers",
// "lowering"; --bodies names the parts): it reads the set's .asm and
// .visa.ll, which the Code pane shows to every session, by their served
// names. The records are the local dump's with the folder's path taken
// out of the file names. The server's dump environment opened only
// served names and had no Exists, so the .asm was refused and no record
// had a native key.
func TestServedDumpNative(t *testing.T) {
	dir := llFolder(t)
	ts := startServer(t, func(c *Config) { c.Files = []string{dir} })
	c := ts.dial(t)
	// The parts open by their served names too, as locally: the .asm
	// alone, the .visa.ll refused as not vISA.
	for _, args := range [][]string{{"--json", "--all"}, {"--bodies", "--json"}, {"--bodies"}, {llSet + ".asm"}, {llSet + ".visa.ll"}} {
		out, stderr, status := run(t, c, "dump "+strings.Join(args, " "), "")
		var lout, lerr bytes.Buffer
		largs := append(args[:len(args):len(args)], dir)
		if strings.HasPrefix(args[0], llSet) {
			largs = []string{filepath.Join(dir, args[0])}
		}
		lstatus := dump.Run(largs, dump.Env{Stdout: &lout, Stderr: &lerr,
			Open: func(name string) ([]byte, error) { return fsio.ReadFile(name, decoder.Options{}) }, Read: fsio.ReadFile,
			Folder: fsio.FolderFiles, Exists: fsio.RegularFile})
		local := strings.ReplaceAll(lout.String(), dir+string(filepath.Separator), "")
		lstderr := strings.ReplaceAll(lerr.String(), dir+string(filepath.Separator), "")
		if status != lstatus || out != local || stderr != lstderr {
			t.Errorf("dump %s over SSH (status %d):\n%.2000s\n%s\nlocally (status %d, the folder's path taken out):\n%.2000s\n%s", args, status, out, stderr, lstatus, local, lstderr)
		}
		if strings.Contains(out+stderr, dir) {
			t.Errorf("dump %s: the server's path reached the client:\n%s\n%s", args, out, stderr)
		}
		if args[0] == "--json" && (!strings.Contains(out, `"native":[{`) || !strings.Contains(out, `"llvm":[{`)) {
			t.Errorf("dump %s over SSH has no native or llvm lines:\n%.2000s", args, out)
		}
	}
}

// A dump set's part whose served name is served for another file (an
// .asm of that name given on its own) is not joined: the name opens the
// file served under it, and the log says why the set has no native view.
func TestServedPartNameTaken(t *testing.T) {
	dir := llFolder(t)
	other := filepath.Join(t.TempDir(), llSet+".asm")
	if err := os.WriteFile(other, []byte("//.kernel other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := newFileSet([]string{filepath.Join(dir, llSet+".visaasm"), other}, decoder.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := llState(set.native(llSet + ".visaasm")); got != "no join" {
		t.Errorf("joined to the .asm of another folder: %s", got)
	}
	data, err := set.opener(nil)(llSet + ".asm")
	if err != nil || string(data) != "//.kernel other\n" {
		t.Errorf("the served .asm: %q, %v", data, err)
	}
	if len(set.notes) != 1 || !strings.Contains(set.notes[0], "not joined to "+llSet+".visaasm") {
		t.Errorf("the notes: %q", set.notes)
	}
	// The .visa.ll's name is free: it is still a part.
	if !set.hasPart(llSet + ".visa.ll") {
		t.Error("the .visa.ll is not a part")
	}
}
