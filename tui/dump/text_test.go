package dump

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"infoscope/sampledata/testkit"
)

const oracleText = "../../decoder/testdata/oracle/info_min.visaasm"

// dump of vISA text: lines FILE:LINE: KERNEL $N, JSON records with offset
// null and the line, $N, source line and a note; --all lists the other
// instructions as written.
func TestDumpVisaasmText(t *testing.T) {
	out, errs, code := run(t, nil, oracleText)
	want := oracleText + ":9: info_min $1  resinfo.RGBA (M1, 8)  T6 lod.0 res.0\n" +
		oracleText + ":10: info_min $2  sampleinfo.RGBA (M1, 8)  T1 res.0\n"
	if code != ExitOK || out != want {
		t.Errorf("exit %d\n%s\nwant\n%s\nstderr %s", code, out, want, errs)
	}
	out, _, _ = run(t, nil, "--all", oracleText)
	if !strings.Contains(out, ":8: info_min $0  mov (M1, 8) lod(0,0)<1> 0x0:ud\n") || !strings.Contains(out, ":11: info_min $3  ret (M1, 1)\n") {
		t.Errorf("--all:\n%s", out)
	}
	out, _, _ = run(t, nil, "--json", oracleText)
	rs := records[jsonObj](t, out)
	if len(rs) != 2 {
		t.Fatalf("%d records", len(rs))
	}
	if r := rs[0]; r["offset"] != nil || r["line"] != float64(9) || r["index"] != float64(1) || r["note"] != TextNote ||
		r["source"] != "resinfo.RGBA (M1, 8) mysurf lod.0 res.0" || r["bytes"] != "700a030f06200000000000210000000000" ||
		r["text"] != "resinfo.RGBA (M1, 8)  T6 lod.0 res.0" {
		t.Errorf("record %v", r)
	}
	// --visaasm-text forces text whatever the first line says.
	src := testkit.ReadFile(t, oracleText)
	odd := append([]byte("garbage first line\n"), src...)
	if out, errs, code := run(t, odd, "-"); code == ExitOK || strings.Contains(out, "resinfo") {
		t.Errorf("undetected text decoded as text: %q %q", out, errs)
	}
	out, errs, code = run(t, odd, "--visaasm-text", "-")
	if !strings.Contains(out, "-:10: info_min $1  resinfo.RGBA") || !strings.Contains(errs, "-:1:1: expected a directive") && !strings.Contains(errs, "-:1:1:") || code != ExitError {
		t.Errorf("--visaasm-text: exit %d %q %q", code, out, errs)
	}
}

// A directory argument stands for the files Env.Folder gives, after its
// note. Several files say once, counted, the notes each would say alike
// (read from vISA text, no INFO); each file's own warnings, errors and a
// raw stream's layout are said as it would say them alone, in file order,
// whatever the number of files dumped at once.
func TestDumpFolder(t *testing.T) {
	const dumps = "../../decoder/visatext/testdata/dumps/"
	triton := dumps + "intel__intel-xpu-backend-for-triton__OCL_asm2c494e6ff5d89b44_simd16_entry_0001.visaasm" // no INFO: 1 kernel, 707 instructions
	tla := dumps + "intel__sycl-tla__OCL_asm02a05bd857049a6b_simd32_entry_0013.visaasm"                        // no INFO: 1 kernel, 3 instructions
	stripped, media := "real/a0c1e9f297da.isa", "real/3ed8e4a6f701.isa"                                        // warnings; no INFO in 5 kernels, 14142 instructions
	mem := map[string][]byte{stripped: realFile(t, "a0c1e9f297da.isa"), media: realFile(t, "3ed8e4a6f701.isa")}
	open := func(name string) ([]byte, error) {
		if d, ok := mem[name]; ok {
			return d, nil
		}
		return os.ReadFile(name)
	}
	alone := func(name string) string {
		var out, errb bytes.Buffer
		Run([]string{name}, Env{Stdout: &out, Stderr: &errb, Open: open})
		return errb.String()
	}
	layout := "3 vISA text files: layout igc (INFO bytes rebuilt from vISA text, which has no file offsets)\n"
	for _, tc := range []struct {
		files   []string
		own     []string // the files whose messages are their own
		summary string
	}{
		{
			files:   []string{triton, oracleText, stripped, "../../sampledata/stream.hex", tla, "../../sampledata/damaged.isa", "missing.visaasm"},
			own:     []string{stripped, "../../sampledata/stream.hex", "../../sampledata/damaged.isa", "missing.visaasm"},
			summary: layout + "no INFO in 2 of 7 files (one kernel each, 710 instructions); --all lists every instruction\n",
		},
		{
			files:   []string{triton, media, oracleText, tla},
			own:     nil,
			summary: layout + "no INFO in 3 of 4 files (7 kernels and functions, 14852 instructions); --all lists every instruction\n",
		},
	} {
		folder := func(name string) ([]string, string, error) {
			if name != "dumps" {
				return nil, "", nil
			}
			return tc.files, "skipped 1 not vISA (x.txt)", nil
		}
		want := "dumps: skipped 1 not vISA (x.txt)\n"
		for _, name := range tc.own {
			if own := alone(name); own != "" && !strings.Contains(own, "no INFO") && !strings.Contains(own, ": layout igc (igc: ") {
				want += own
			} else {
				t.Fatalf("%s alone: stderr %q, want its own messages", name, own)
			}
		}
		want += tc.summary
		for _, workers := range []int{1, 3} {
			var out, errb bytes.Buffer
			code := Run([]string{"dumps"}, Env{Stdout: &out, Stderr: &errb, Open: open, Folder: folder, Workers: workers})
			wantCode := ExitOK
			if len(tc.own) > 0 {
				wantCode = ExitError // damaged.isa, missing.visaasm
			}
			if code != wantCode || !strings.Contains(out.String(), oracleText+":9: info_min $1  resinfo") || errb.String() != want {
				t.Errorf("%d files, %d workers: exit %d, stdout %q\nstderr\n%s\nwant\n%s", len(tc.files), workers, code, out.String(), errb.String(), want)
			}
		}
	}
	// One file, from a folder or named, says its notes as it always has.
	folder := func(name string) ([]string, string, error) {
		if name != "dumps" {
			return nil, "", nil
		}
		return []string{tla}, "", nil
	}
	var out, errb bytes.Buffer
	if code := Run([]string{"dumps"}, Env{Stdout: &out, Stderr: &errb, Open: open, Folder: folder}); code != ExitOK || errb.String() != alone(tla) ||
		!strings.Contains(errb.String(), tla+": no INFO in its one kernel (3 instructions)") {
		t.Errorf("a folder of one file: exit %d, stderr %q, want %q", code, errb.String(), alone(tla))
	}
}

// Options that do not apply to text are said to, not ignored in silence.
func TestDumpTextOptionNotes(t *testing.T) {
	_, errs, code := run(t, nil, "--layout", "seed", "--offset", "4", oracleText)
	if code != ExitOK || !strings.Contains(errs, "warning: --layout seed does not apply to vISA text") || !strings.Contains(errs, "warning: --offset does not apply to vISA text") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// --visaasm of hand-written source text prints its instructions as Intel's
// disassembler printed them from the binary: INFO with surfaces by index,
// padding and $N (every numbered line of info_surfaces.dis.visaasm).
func TestDumpVisaasmOfText(t *testing.T) {
	out, errs, code := run(t, nil, "--visaasm", "../../decoder/testdata/oracle/info_surfaces.visaasm")
	dis := testkit.ReadFile(t, "../../decoder/testdata/oracle/info_surfaces.dis.visaasm")
	var want strings.Builder
	for _, l := range strings.Split(string(dis), "\n") {
		if !strings.Contains(l, "/// $") {
			continue
		}
		if rest, ok := strings.CutPrefix(l, `.kernel_attr Target="3d"`); ok {
			l = rest
		}
		want.WriteString(l + "\n")
	}
	if code != ExitOK || out != want.String() || want.Len() < 1000 {
		t.Errorf("exit %d, stderr %q\n%s\nwant\n%s", code, errs, out, want.String())
	}
}

// From vISA text, a non-INFO record's "text" is the line as written, also
// for a line whose operands are not parsed (an LSC form): the operands'
// decode alone would give only its mnemonic.
func TestDumpAllJSONTextAsWritten(t *testing.T) {
	src := ".version 4.1\n.kernel \"k\"\n" +
		"    lsc_load.ugm (M1, 16)  V40:d32  flat[V41]:a64\n" +
		"    mov (M1, 8) V42(0,0)<1> 0x0:ud\n" +
		"    ret (M1, 1)\n"
	out, errs, code := run(t, []byte(src), "--all", "--json", "--visaasm-text", "-")
	rs := records[jsonObj](t, out)
	if len(rs) != 3 {
		t.Fatalf("exit %d, %d records:\n%s\nstderr %s", code, len(rs), out, errs)
	}
	for k, want := range []string{
		"lsc_load.ugm (M1, 16)  V40:d32  flat[V41]:a64",
		"mov (M1, 8) V42(0,0)<1> 0x0:ud",
		"ret (M1, 1)",
	} {
		if r := rs[k]; r["text"] != want || r["source"] != want {
			t.Errorf("record %d: text %q, source %q; want both %q", k, r["text"], r["source"], want)
		}
	}
}

// A file without INFO (every real dump): dump says so on stderr and
// exits 0; --all still lists its instructions.
func TestDumpNoINFO(t *testing.T) {
	p := "../../decoder/visatext/testdata/dumps/intel__sycl-tla__OCL_asm02a05bd857049a6b_simd32_entry_0013.visaasm"
	out, errs, code := run(t, nil, p)
	if code != ExitOK || out != "" || !strings.Contains(errs, "no INFO in its one kernel (3 instructions); --all lists every instruction") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if _, errs, _ := run(t, nil, "--all", p); strings.Contains(errs, "no INFO") {
		t.Errorf("--all: stderr %q", errs)
	}
}
