package visatext_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
	"infoscope/sampledata/testkit"
	"infoscope/tui/dump"
)

// oracleDir holds Intel's binaries, their disassembly and their source
// text (decoder/testdata/oracle, with its provenance note).
const oracleDir = "../testdata/oracle"

// infoRecords returns the dump --json record of every INFO of the input
// name holding data (f is its decode, for the kernels' text lines), by
// kernel, read back, with the file offset left out (text has none) and
// the file name unified.
func infoRecords(t *testing.T, name string, data []byte, f *decoder.File) map[string][]string {
	t.Helper()
	var out, errs bytes.Buffer
	open := func(n string) ([]byte, error) {
		if n != name {
			return nil, os.ErrNotExist
		}
		return data, nil
	}
	if code := dump.Run([]string{"--json", name}, dump.Env{Stdout: &out, Stderr: &errs, Open: open}); code != dump.ExitOK {
		t.Fatalf("%s: dump exit %d: %s", name, code, errs.String())
	}
	streams := map[string]*decoder.Stream{}
	for _, s := range f.Streams {
		streams[s.Kernel] = s
	}
	records := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		if line == "" {
			continue
		}
		var r map[string]any
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		// Where the record came from: the file offset of a binary; the
		// line, the text as written and a note of a text. The rest must
		// be equal.
		kernel, _ := r["kernel"].(string)
		if s := streams[kernel]; s != nil && s.FromText() {
			i, _ := r["index"].(float64)
			if r["offset"] != nil || r["line"] != float64(s.Text[int(i)].Line) || r["line"] == 0.0 || r["note"] != dump.TextNote || r["source"] == nil || r["source"] == "" {
				t.Fatalf("%s: text record offset %v line %v note %v", f.Name, r["offset"], r["line"], r["note"])
			}
		}
		if strings.HasSuffix(f.Name, ".dis.visaasm") && r["source"] != r["text"] {
			t.Errorf("%s: Intel's text %q, ours %q", f.Name, r["source"], r["text"])
		}
		for _, k := range []string{"file", "offset", "line", "source", "note"} {
			delete(r, k)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		// $N is the instruction's index in its stream.
		records[kernel] = append(records[kernel], fmt.Sprintf("$%v %s", r["index"], b))
	}
	return records
}

// TestOracleText: for every pair in the oracle set, the INFO records read
// from Intel's disassembly (NAME.dis.visaasm) and from the source text its
// assembler accepted (NAME.visaasm) equal those decoded from the binary
// NAME.isa in every field but the file offset: bytes, text, names, $N.
func TestOracleText(t *testing.T) {
	isas := testkit.Glob(t, 1, oracleDir+"/*.isa")
	total := 0
	for _, isa := range isas {
		base := strings.TrimSuffix(isa, ".isa")
		data := testkit.ReadFile(t, isa)
		bin := decoder.Decode(filepath.Base(isa), data, decoder.Options{})
		if len(bin.Errors) > 0 {
			t.Fatalf("%s: %v", isa, bin.Errors)
		}
		want := infoRecords(t, bin.Name, data, bin)
		n := 0
		for _, v := range want {
			n += len(v)
		}
		if n == 0 {
			t.Fatalf("%s: no INFO: the comparison would prove nothing", isa)
		}
		total += n
		for _, ext := range []string{".dis.visaasm", ".visaasm"} {
			path := base + ext
			text := testkit.ReadFile(t, path)
			if !decoder.IsText(text) {
				t.Errorf("%s: not detected as vISA text", path)
			}
			f := visatext.Decode(filepath.Base(path), text, decoder.Options{})
			for _, e := range f.Errors {
				t.Errorf("%s: %v", path, e)
			}
			got := infoRecords(t, f.Name, text, f)
			if len(got) != len(want) {
				t.Errorf("%s: %d bodies with INFO, binary has %d", path, len(got), len(want))
			}
			for k, w := range want {
				g := got[k]
				if len(g) != len(w) {
					t.Errorf("%s: kernel %s: %d INFO, binary has %d", path, k, len(g), len(w))
					continue
				}
				for i := range w {
					if g[i] != w[i] {
						t.Errorf("%s: kernel %s INFO %d:\n text   %s\n binary %s", path, k, i, g[i], w[i])
						break
					}
				}
			}
			for _, s := range f.Streams {
				for i := range s.NumInfos() {
					if s.Info(i).Off != -1 {
						t.Fatalf("%s: INFO has file offset %d: text has none", path, s.Info(i).Off)
					}
				}
			}
		}
	}
	t.Logf("%d INFO records compared, each from 2 texts", total)
}

// The 4.2 form (blank line before .kernel, V21, new type names, alias to
// %null, trailer, declarations repeated as comments) gives the INFO of the
// binary the 4.1 text came from.
func TestVersion42Form(t *testing.T) {
	isa := testkit.ReadFile(t, filepath.Join(oracleDir, "info_min.isa"))
	bin := decoder.Decode("info_min.isa", isa, decoder.Options{})
	v42 := testkit.ReadFile(t, "testdata/v42_info_min.visaasm")
	f := visatext.Read("v42_info_min.visaasm", v42)
	if len(f.Errors) > 0 {
		t.Fatal(f.Errors)
	}
	if got := f.Streams[0].Version; got != (decoder.Version{Major: 4, Minor: 2}) {
		t.Errorf("version %v, want 4.2", got)
	}
	want, got := infoRecords(t, bin.Name, isa, bin), infoRecords(t, f.Name, v42, f)
	if len(want["info_min"]) != 2 || strings.Join(got["info_min"], "\n") != strings.Join(want["info_min"], "\n") {
		t.Errorf("4.2 text:\n%s\nbinary:\n%s", strings.Join(got["info_min"], "\n"), strings.Join(want["info_min"], "\n"))
	}
	vars := f.Streams[0].Symbols.Vars
	if len(vars) != 6 || vars[2].Bytes != 64 || vars[3].Bytes != 32 || vars[4].Bytes != 32 || vars[5].Bytes != 32 {
		t.Errorf("4.2 type sizes: %+v", vars)
	}
}

// A byte-order mark and CRLF line ends (an editor's) change nothing.
func TestBOMAndCRLF(t *testing.T) {
	src := testkit.ReadFile(t, filepath.Join(oracleDir, "info_min.visaasm"))
	crlf := append([]byte("\ufeff"), bytes.ReplaceAll(src, []byte("\n"), []byte("\r\n"))...)
	f := visatext.Decode("crlf.visaasm", crlf, decoder.Options{})
	if len(f.Errors) > 0 {
		t.Fatal(f.Errors)
	}
	want := infoRecords(t, "info_min.visaasm", src, visatext.Read("info_min.visaasm", src))
	if got := infoRecords(t, f.Name, crlf, f); strings.Join(got["info_min"], "\n") != strings.Join(want["info_min"], "\n") || len(want["info_min"]) != 2 {
		t.Errorf("CRLF:\n%v\nLF:\n%v", got, want)
	}
}
