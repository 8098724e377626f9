package dump

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"infoscope/sampledata/testkit"
)

const realDir = "../../decoder/testdata/real"

// realFile returns a shipped binary of decoder/testdata/real, uncompressed.
func realFile(t testing.TB, name string) []byte {
	t.Helper()
	return testkit.ReadFile(t, realDir+"/"+name+".gz")
}

// runFiles runs dump with Open serving files from memory.
func runFiles(files map[string][]byte, args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	open := func(name string) ([]byte, error) {
		if d, ok := files[name]; ok {
			return d, nil
		}
		return nil, os.ErrNotExist
	}
	code := Run(args, Env{Stdout: &out, Stderr: &errb, Open: open})
	return out.String(), errb.String(), code
}

// A file whose kernels were shipped stripped: a warning per kernel, by
// name, exit 0; --bodies --json shows each body's tables.
func TestDumpStrippedBodies(t *testing.T) {
	files := map[string][]byte{"hevc.isa": realFile(t, "14f840937876.isa")}
	out, errs, code := runFiles(files, "--all", "hevc.isa")
	if code != ExitOK || out != "" {
		t.Fatalf("exit %d, output %q", code, out)
	}
	if n := strings.Count(errs, "hevc.isa: warning: kernel "); n != 5 || !strings.Contains(errs, "kernel Hevc_LCUEnc_I_8x8_PU: instruction stream stripped: metadata and Gen code only") {
		t.Errorf("warnings (%d):\n%s", n, errs)
	}
	out, _, code = runFiles(files, "--bodies", "--json", "hevc.isa")
	rs := records[BodyRecord](t, out)
	if code != ExitOK || len(rs) != 5 {
		t.Fatalf("exit %d, %d body records", code, len(rs))
	}
	r := rs[0]
	b := r.Body
	if r.Kernel != "HEVC_LCUEnc_I_16x16_PU_SADComputation" || !b.Stripped || b.Instructions != nil || b.Version != "3.2" || len(b.FileVars) != 39 || len(b.VarRelocs) != 39 || len(b.FuncRelocs) != 0 || len(b.GenBinaries) != 1 {
		t.Errorf("body record: %+v", r)
	}
}

// --bodies on a file whose kernels alias file-scope variables.
func TestDumpBodiesAliases(t *testing.T) {
	files := map[string][]byte{"avc.isa": realFile(t, "3ed8e4a6f701.isa")}
	out, errs, code := runFiles(files, "--bodies", "avc.isa")
	if code != ExitOK || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	first := strings.SplitN(out, "\n", 2)[0]
	want := "avc.isa:AVCEncMB_I_DIST  kernel 3.2, body 0x4db (5776 bytes), 161 instructions at 0x1019, relocations: 26 variable, 0 function, 26 file-scope variables, 7 aliased here, gen binary platform 5 at 0x6eca3 (2464 bytes)"
	if first != want {
		t.Errorf("got  %q\nwant %q", first, want)
	}
}

// A C source opens as its images, named FILE:ARRAY[k], with the same
// instructions as the image itself; one with no image says so.
func TestDumpCSource(t *testing.T) {
	img := realFile(t, "9be93e2638bd.isa")
	var src strings.Builder
	src.WriteString("/* MediaSDK-style */\n#include \"x.h\"\nconst unsigned char genx_skl_histogram[] = {\n")
	for i, c := range img {
		fmt.Fprintf(&src, "0x%02x,", c)
		if i%16 == 15 {
			src.WriteString("\n")
		}
	}
	src.WriteString("};\n")
	files := map[string][]byte{"h.cpp": []byte(src.String()), "h.isa": img, "none.c": []byte("int x[] = {1, 2};\n")}
	fromSrc, errs, code := runFiles(files, "--all", "h.cpp")
	if code != ExitOK || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	fromImg, _, _ := runFiles(files, "--all", "h.isa")
	if want := strings.ReplaceAll(fromImg, "h.isa:", "h.cpp:genx_skl_histogram[0]:"); fromSrc != want || len(fromSrc) < 1000 {
		t.Errorf("source and image dumps differ (%d and %d bytes)", len(fromSrc), len(fromImg))
	}
	if !strings.Contains(fromSrc, "h.cpp:genx_skl_histogram[0]:HistogramSLMFrame+0x") || !strings.Contains(fromSrc, "  gather4.") {
		t.Errorf("dump of the source:\n%.300s", fromSrc)
	}
	_, errs, code = runFiles(files, "none.c")
	if code != ExitError || !strings.Contains(errs, "none.c: byte 0x0: C source: expected an array initialiser holding a vISA object file, found 1 array initialiser(s) (x) and no \"CISA\" magic in any") {
		t.Errorf("exit %d: %s", code, errs)
	}
}
