package fsio

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/native"
)

// A missing file is refused before the screen opens (it used to open an
// empty inspector with a read error); so is a directory with no .visaasm
// file, while an IGC dump folder stands for its .visaasm files.
func TestCheckInput(t *testing.T) {
	dir := t.TempDir()
	if _, err := checkInput(dir, decoder.Options{}); err == nil || !strings.Contains(err.Error(), "no .visaasm file and no vISA binary") {
		t.Errorf("an empty directory was accepted (%v)", err)
	}
	if _, err := checkInput(filepath.Join(dir, "missing.isa"), decoder.Options{}); err == nil {
		t.Error("a missing file was accepted")
	}
	f := filepath.Join(dir, "k.isa")
	if err := os.WriteFile(f, []byte("CISA"), 0o644); err != nil {
		t.Fatal(err)
	}
	if files, err := checkInput(f, decoder.Options{}); err != nil || len(files) != 1 || files[0] != f {
		t.Errorf("a file was refused: %v %v", files, err)
	}
	for _, n := range []string{"b.visaasm", "a.visaasm", "a.inline.visaasm", "c.inline.visaasm", "x.ll"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(".version 4.1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, note, err := Folder(dir)
	want := []string{"a.visaasm", "b.visaasm", "c.inline.visaasm", "k.isa"} // binaries open too
	if err != nil || len(files) != len(want) {
		t.Fatalf("dump folder: %v %v", files, err)
	}
	for i, w := range want {
		if files[i] != filepath.Join(dir, w) {
			t.Errorf("file %d: %s, want %s", i, files[i], w)
		}
	}
	if note != "skipped 1 not vISA (x.ll) and 1 .inline.visaasm with their kernel's .visaasm beside them" {
		t.Errorf("note %q", note)
	}
}

// A surface file that does not parse is reported, not fatal: the inspector
// opens on defaults (issue 13: it used to refuse to start), and the file is
// left as it was.
func TestLoadSurfacesUnparsable(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "infoscope-surfaces.json")
	broken := []byte(`{"version": 1, "surfaces": {"T6": {"width": `) // cut by a crash
	if err := os.WriteFile(path, broken, 0o644); err != nil {
		t.Fatal(err)
	}
	sf, err := LoadSurfaces(path)
	if err == nil || sf != nil {
		t.Fatalf("broken file: %v, %v", sf, err)
	}
	if !strings.Contains(err.Error(), path) {
		t.Errorf("error %q does not name the file", err)
	}
	if b, _ := os.ReadFile(path); string(b) != string(broken) {
		t.Errorf("the file changed: %q", b)
	}
	if sf, err := LoadSurfaces(filepath.Join(dir, "none.json")); sf != nil || err != nil {
		t.Errorf("missing file: %v, %v (want nothing: defaults, no complaint)", sf, err)
	}
}

// The surface file is read before the screen opens: a FIFO (no writer: a
// read would block on a blank screen), /dev/zero and a 2 GiB sparse file
// are refused unread and the inspector still opens; an input FILE past
// --max-input is refused from its size before the screen opens.
func TestSurfacesAndInputsNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	sparse := filepath.Join(dir, "sparse.json")
	if err := os.WriteFile(sparse, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(sparse, 2<<30); err != nil {
		t.Skip("no sparse files here:", err)
	}
	for _, p := range []string{fifo, "/dev/zero", sparse} {
		var a, b runtime.MemStats
		runtime.ReadMemStats(&a)
		sf, err := LoadSurfaces(p)
		runtime.ReadMemStats(&b)
		if sf != nil || err == nil || !strings.Contains(err.Error(), p) || b.TotalAlloc-a.TotalAlloc > 1<<20 {
			t.Errorf("%s: %v, %v, %d bytes allocated", p, sf, err, b.TotalAlloc-a.TotalAlloc)
		}
	}
	if _, err := checkInput(sparse, decoder.Options{}); err == nil || !strings.Contains(err.Error(), "at most 64 MiB") {
		t.Errorf("2 GiB input: %v", err)
	}
	if _, err := checkInput(sparse, decoder.Options{MaxInput: 4 << 30}); err != nil {
		t.Errorf("2 GiB input under a 4 GiB limit: %v", err)
	}
}

// Issue 12 item 15: a directory argument opens the vISA files in it: its
// .visaasm dumps and its binaries (by name or by magic), nothing else,
// sorted; an empty one says what it wants.
func TestDirectoryOpensBinariesAndText(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		"b.isa":     "CISA....",
		"a.bin":     "CISA....", // object magic, any name
		"k.visaasm": ".kernel \"k\"\n",
		"notes.txt": "hello",
		"raw.bin":   "\x70\x0a",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub.isa"), 0o755); err != nil {
		t.Fatal(err)
	}
	got, note, err := CheckInput(dir, decoder.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if note != "skipped 2 not vISA (notes.txt, raw.bin)" {
		t.Errorf("note %q", note)
	}
	var want []string
	for _, n := range []string{"a.bin", "b.isa", "k.visaasm"} {
		want = append(want, filepath.Join(dir, n))
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("got %v, want %v", got, want)
	}
	if _, err := checkInput(t.TempDir(), decoder.Options{}); err == nil || !strings.Contains(err.Error(), "no vISA binary") {
		t.Errorf("empty directory: %v", err)
	}
}

// checkInput is CheckInput without its note.
func checkInput(name string, o decoder.Options) ([]string, error) {
	files, _, err := CheckInput(name, o)
	return files, err
}

// The inspector's native join: a vISA text file's .asm and .visa.ll of
// its stem, read once and kept while they do not change; nil for a file
// without an .asm.
func TestNativeLoader(t *testing.T) {
	const set = "../../model/diff/testdata/dumpset/OCL_asm23954d4a795eca46_simd32_entry_"
	load := NativeLoader(decoder.Options{})
	j := load(set + "0003.visaasm")
	if j == nil || j.ASM == nil || len(j.ASM.Insts) == 0 || j.LL == nil {
		t.Fatalf("0003 (with .asm and .visa.ll): %+v", j)
	}
	if load(set+"0003.visaasm") != j {
		t.Error("a second call read the dump set again")
	}
	if j := load(set + "0001.visaasm"); j == nil || j.LL != nil {
		t.Errorf("0001 (an .asm, no .visa.ll): %+v", j)
	}
	if j := load(filepath.Join(t.TempDir(), "alone.visaasm")); j != nil {
		t.Errorf("no .asm beside it: %+v", j)
	}
	if j := load(set + "0001.asm"); j != nil {
		t.Errorf("not vISA text: %+v", j)
	}
}

// The inspector reloads a vISA file that changed on disk; after IGC
// rewrote the dump folder its join must be the new .asm's, as the SSH
// server's is (the loader kept the first join for the whole run, and
// the reloaded vISA showed the old .asm's $N tags). Unchanged parts are
// not read again; an .asm that appears later is found.
func TestNativeLoaderRereads(t *testing.T) {
	const from = "../../model/diff/testdata/dumpset/OCL_asm23954d4a795eca46_simd32_entry_"
	read := func(name string) []byte {
		t.Helper()
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	put := func(path string, data []byte) {
		t.Helper()
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	k := filepath.Join(dir, "k")
	for _, ext := range []string{".visaasm", ".asm", ".visa.ll"} {
		put(k+ext, read(from+"0003"+ext))
	}
	load := NativeLoader(decoder.Options{})
	j := load(k + ".visaasm")
	if j == nil || j.LL == nil || j.LL.Tagged() != 33 {
		t.Fatalf("the set as written: %+v", j)
	}
	if load(k+".visaasm") != j {
		t.Error("an unchanged set was read again")
	}
	// IGC rewrites the folder: another kernel's .asm and no .visa.ll.
	newASM := read(from + "0002.asm")
	put(k+".asm", newASM)
	if err := os.Remove(k + ".visa.ll"); err != nil {
		t.Fatal(err)
	}
	want := native.Parse(k+".asm", newASM)
	if j = load(k + ".visaasm"); j == nil || j.LL != nil || len(j.ASM.Insts) != len(want.Insts) || j.ASM.Insts[0].Text != want.Insts[0].Text {
		t.Fatalf("after the .asm was rewritten and the .visa.ll removed: the old join, or none (%+v)", j)
	}
	put(k+".visa.ll", read(from+"0003.visa.ll"))
	if j := load(k + ".visaasm"); j == nil || j.LL == nil {
		t.Errorf("a .visa.ll written again is not read: %+v", j)
	}
	if err := os.Remove(k + ".asm"); err != nil {
		t.Fatal(err)
	}
	if j := load(k + ".visaasm"); j != nil {
		t.Errorf("the .asm is gone, the join is not: %+v", j)
	}
	put(filepath.Join(dir, "late.visaasm"), read(from+"0001.visaasm"))
	if j := load(filepath.Join(dir, "late.visaasm")); j != nil {
		t.Fatalf("no .asm yet: %+v", j)
	}
	put(filepath.Join(dir, "late.asm"), read(from+"0001.asm"))
	if j := load(filepath.Join(dir, "late.visaasm")); j == nil {
		t.Error("an .asm written after the first ask is not found")
	}
}

// NativeJoin, the join both front ends build: none without an .asm; the
// LLVM lines of the set's .visa.ll as read gives them, left out (the
// native lines kept) when it cannot be read.
func TestNativeJoin(t *testing.T) {
	asm := native.Parse("k.asm", []byte("//.kernel k\n"))
	ll := []byte("  %1 = add i32 %0, 1 ; visa id: 2\n")
	read := func(name string) ([]byte, error) {
		if name != "k.visa.ll" {
			return nil, errors.New("not there")
		}
		return ll, nil
	}
	set := native.DumpSet{VISA: "k.visaasm", ASM: "k.asm", VisaLL: "k.visa.ll"}
	if j := NativeJoin(set, nil, read); j != nil {
		t.Errorf("no .asm: %+v", j)
	}
	if j := NativeJoin(set, asm, read); j == nil || j.ASM != asm || len(j.LLVM(2)) != 1 || j.LLVM(2)[0].Text != "%1 = add i32 %0, 1" {
		t.Errorf("with a .visa.ll: %+v", j)
	}
	set.VisaLL = "gone.visa.ll"
	if j := NativeJoin(set, asm, read); j == nil || j.ASM != asm || j.LL != nil {
		t.Errorf("an unreadable .visa.ll: %+v", j)
	}
	set.VisaLL = ""
	if j := NativeJoin(set, asm, read); j == nil || j.LL != nil {
		t.Errorf("no .visa.ll: %+v", j)
	}
}
