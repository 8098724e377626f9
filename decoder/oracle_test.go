package decoder

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"infoscope/sampledata/testkit"
)

// oracleBody is what IGC's disassembly says about one kernel or function.
type oracleBody struct {
	name  string
	insts int      // instruction count (numbered lines + label lines)
	infos []string // INFO lines, as printed, without indentation and comment
}

var (
	reInstID = regexp.MustCompile(`^(.*?)\s*/// \$(\d+)\s*$`)
	reLabel  = regexp.MustCompile(`^\s*[A-Za-z_][A-Za-z0-9_]*:\s*$`)
)

// parseDisassembly reads a NAME.dis.visaasm file.
func parseDisassembly(t *testing.T, path string) []oracleBody {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []oracleBody
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		for _, p := range []string{".kernel ", ".global_function "} {
			if strings.HasPrefix(line, p) {
				out = append(out, oracleBody{name: strings.Trim(strings.TrimPrefix(line, p), `"`)})
			}
		}
		if len(out) == 0 {
			continue
		}
		cur := &out[len(out)-1]
		if m := reInstID.FindStringSubmatch(line); m != nil {
			text := m[1]
			// The first instruction may share the last .kernel_attr line.
			if strings.HasPrefix(text, ".kernel_attr") {
				if i := strings.Index(text, "    "); i >= 0 {
					text = text[i:]
				}
			}
			text = strings.TrimSpace(text)
			cur.insts++
			if strings.HasPrefix(text, "resinfo.") || strings.HasPrefix(text, "sampleinfo.") {
				cur.infos = append(cur.infos, text)
			}
			continue
		}
		if reLabel.MatchString(line) {
			cur.insts++
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestOracle checks every IGC-written binary against IGC's disassembly: per
// body the instruction count, and each INFO line's text exactly.
func TestOracle(t *testing.T) {
	for _, isa := range testkit.Glob(t, 1, "testdata/oracle/*.isa") {
		name := strings.TrimSuffix(filepath.Base(isa), ".isa")
		t.Run(name, func(t *testing.T) {
			want := parseDisassembly(t, strings.TrimSuffix(isa, ".isa")+".dis.visaasm")
			data := testkit.ReadFile(t, isa)
			f := Decode(isa, data, Options{})
			for _, e := range f.Errors {
				t.Errorf("decode error: %v", e)
			}
			if len(f.Streams) != len(want) {
				t.Fatalf("%d bodies, disassembly has %d", len(f.Streams), len(want))
			}
			for i, s := range f.Streams {
				w := want[i]
				if s.Kernel != w.name {
					t.Errorf("body %d: name %q, want %q", i, s.Kernel, w.name)
				}
				if s.NumInsts() != w.insts {
					t.Errorf("%s: %d instructions, disassembly has %d", w.name, s.NumInsts(), w.insts)
				}
				if s.NumInfos() != len(w.infos) {
					t.Errorf("%s: %d INFO, disassembly has %d", w.name, s.NumInfos(), len(w.infos))
				}
				for j := range min(s.NumInfos(), len(w.infos)) {
					if got := s.Info(j).Text(); got != w.infos[j] {
						t.Errorf("%s INFO %d at 0x%x:\n got %q\nwant %q", w.name, j, s.Info(j).Off, got, w.infos[j])
					}
					if d := s.Info(j).Diagnostics(); len(d) != 0 {
						t.Logf("%s INFO %d diagnostics: %v", w.name, j, d)
					}
				}
			}
		})
	}
}

// TestVisaasmOracle checks the whole listing of every IGC-written binary
// against IGC's own disassembly, byte for byte.
func TestVisaasmOracle(t *testing.T) {
	for _, isa := range testkit.Glob(t, 1, "testdata/oracle/*.isa") {
		name := strings.TrimSuffix(filepath.Base(isa), ".isa")
		t.Run(name, func(t *testing.T) {
			want := testkit.ReadFile(t, strings.TrimSuffix(isa, ".isa")+".dis.visaasm")
			data := testkit.ReadFile(t, isa)
			f := Decode(isa, data, Options{})
			if len(f.Errors) > 0 || f.Object == nil {
				t.Fatalf("decode: %v", f.Errors)
			}
			var got bytes.Buffer
			if err := f.Object.WriteVisaasm(&got); err != nil {
				t.Fatal(err)
			}
			if got.String() != string(want) {
				gl, wl := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
				n := 0
				for i := range max(len(gl), len(wl)) {
					var g, w string
					if i < len(gl) {
						g = gl[i]
					}
					if i < len(wl) {
						w = wl[i]
					}
					if g != w {
						t.Errorf("line %d:\n got %q\nwant %q", i+1, g, w)
						if n++; n == 10 {
							break
						}
					}
				}
				if n == 0 {
					t.Errorf("listings differ (%d bytes, want %d)", got.Len(), len(want))
				}
			}
		})
	}
}

// TestRealListings: Intel's media-stack files (versions 3.1-3.6) list
// completely: every instruction's operands read exactly its walked length,
// every one has a text form, no operand is out of its table, and every
// walked instruction has one listing line.
func TestRealListings(t *testing.T) {
	for name, data := range realFiles(t) {
		f := Decode(name, data, Options{})
		if f.Object == nil {
			t.Fatalf("%s: %v", name, f.Errors)
		}
		var in Instruction
		lines := 0
		for _, s := range f.Streams {
			for i := range s.NumInsts() {
				s.Decode(i, &in)
				if in.consumed != int(s.Inst(i).Len) {
					t.Errorf("%s %s $%d %s: operands read %d of %d bytes", name, s.Kernel, i, in.Mnemonic, in.consumed, s.Inst(i).Len)
				}
				if d := in.Diagnostics(); len(d) > 0 {
					t.Errorf("%s %s $%d %s: %v", name, s.Kernel, i, in.Text(), d)
				}
			}
			lines += s.NumInsts()
		}
		var b bytes.Buffer
		if err := f.Object.WriteVisaasm(&b); err != nil {
			t.Fatal(err)
		}
		// Every instruction line and label ends in a newline; subroutines
		// take three lines; the header's lines end in one too.
		if got := bytes.Count(b.Bytes(), []byte("\n")); got < lines {
			t.Errorf("%s: %d listing lines for %d instructions", name, got, lines)
		}
	}
}
