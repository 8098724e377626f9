package dump

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"infoscope/sampledata"
	"infoscope/sampledata/testkit"
)

const oracleDir = "../../decoder/testdata/oracle"

func run(t *testing.T, stdin []byte, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(args, Env{Stdin: bytes.NewReader(stdin), Stdout: &out, Stderr: &errb, Open: os.ReadFile})
	return out.String(), errb.String(), code
}

var reINFO = regexp.MustCompile(`^\s*(?:\.kernel_attr .*?    )?((?:resinfo|sampleinfo)\..*?)\s*/// (\$\d+)$`)

// TestDumpMatchesIGC checks that every default dump line of every oracle
// binary is FILE:KERNEL+0xOFF followed by exactly IGC's text.
func TestDumpMatchesIGC(t *testing.T) {
	for _, isa := range testkit.Glob(t, 1, oracleDir+"/*.isa") {
		dis := testkit.ReadFile(t, strings.TrimSuffix(isa, ".isa")+".dis.visaasm")
		var want, wantN []string
		sc := bufio.NewScanner(bytes.NewReader(dis))
		for sc.Scan() {
			if m := reINFO.FindStringSubmatch(sc.Text()); m != nil {
				want = append(want, m[1])
				wantN = append(wantN, m[2])
			}
		}
		out, errs, code := run(t, nil, isa)
		if code != ExitOK || errs != "" {
			t.Errorf("%s: exit %d, stderr %q", isa, code, errs)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != len(want) {
			t.Fatalf("%s: %d lines, IGC has %d INFO", isa, len(lines), len(want))
		}
		for i, l := range lines {
			prefix, text, ok := strings.Cut(l, "  ")
			if !ok || !strings.HasPrefix(prefix, isa+":") || !regexp.MustCompile(`\+0x[0-9a-f]+ \$\d+$`).MatchString(prefix) {
				t.Errorf("%s line %d: bad prefix %q", isa, i, l)
			}
			if !strings.HasSuffix(prefix, " "+wantN[i]) {
				t.Errorf("%s line %d: %q, IGC numbers it %s", isa, i, prefix, wantN[i])
			}
			if text != want[i] {
				t.Errorf("%s line %d: got %q, IGC %q", isa, i, text, want[i])
			}
		}
	}
}

func TestDumpJSONKeys(t *testing.T) {
	out, _, code := run(t, nil, "--json", oracleDir+"/info_min.isa")
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	rs := records[jsonObj](t, out)
	if len(rs) != 2 {
		t.Fatalf("want 2 records, got %d", len(rs))
	}
	r := rs[0]
	for _, k := range []string{"file", "kernel", "offset", "length", "bytes", "layout", "op", "exec_size", "mask", "nomask", "lane_offset", "channels", "surface", "lod", "dst", "text", "diagnostics", "fields"} {
		if _, ok := r[k]; !ok {
			t.Errorf("key %q missing in %v", k, r)
		}
	}
	if r["kernel"] != "info_min" || r["op"] != "resinfo" || r["layout"] != "igc" || r["mask"] != "M1" || r["channels"] != "RGBA" || r["exec_size"] != 8.0 {
		t.Errorf("record: %v", r)
	}
	// 0x183 is where IGC's writer put the first INFO of info_min.isa.
	if r["offset"] != float64(0x183) || r["bytes"] != "700a030f06200000000000210000000000" {
		t.Errorf("offset/bytes: %v %v", r["offset"], r["bytes"])
	}
	if s2 := rs[1]; s2["lod"] != nil || s2["op"] != "sampleinfo" {
		t.Errorf("sampleinfo record: %v", s2)
	}
}

func TestDumpAllCountsEveryInstruction(t *testing.T) {
	out, _, code := run(t, nil, "--all", "--json", oracleDir+"/func_s1.isa")
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	n := map[string]int{}
	for _, r := range records[struct {
		Kernel string `json:"kernel"`
	}](t, out) {
		n[r.Kernel]++
	}
	// IGC numbers $0..$47 in the kernel and $0..$24 in the function.
	if n["func_s1"] != 48 || n["func_0"] != 25 {
		t.Errorf("instruction counts %v", n)
	}
}

func TestDumpStdinRawSeed(t *testing.T) {
	// §8.3: the seed-layout RESINFO and SAMPLEINFO.
	raw := []byte{0x70, 0x0A, 0x04, 0x06, 0x20, 0, 0, 0, 0, 0, 0x21, 0, 0, 0, 0, 0, 0x70, 0x0B, 0x83, 0x06, 0x21, 0, 0, 0, 0x40, 0}
	out, errs, code := run(t, raw, "--syntax", "seed", "-")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := "-:+0x0 $0  RESINFO (16) T6 V32.0 V33.0\n-:+0x10 $1  SAMPLEINFO (8) T6 V33.64\n"
	if out != want {
		t.Errorf("got %q want %q", out, want)
	}
	if !strings.Contains(errs, "layout seed (auto: seed decodes all 26 bytes") {
		t.Errorf("layout note missing: %q", errs)
	}
}

func TestDumpErrorsAndUsage(t *testing.T) {
	data := testkit.ReadFile(t, oracleDir+"/info_min.isa")
	cut := filepath.Join(t.TempDir(), "cut.isa")
	os.WriteFile(cut, data[:0x19a], 0o644)
	out, errs, code := run(t, nil, cut)
	if code != ExitError {
		t.Errorf("truncated file: exit %d", code)
	}
	if !strings.Contains(errs, cut+": kernel info_min: byte 0x") {
		t.Errorf("error not located: %q", errs)
	}
	if strings.Count(out, "\n") != 1 {
		t.Errorf("the INFO before the cut should still print: %q", out)
	}
	if _, _, code := run(t, nil); code != ExitUsage {
		t.Errorf("no args: exit %d", code)
	}
	if _, _, code := run(t, nil, "--layout", "bogus", cut); code != ExitUsage {
		t.Errorf("bad layout: exit %d", code)
	}
	if _, errs, code := run(t, nil, "/nonexistent/x.isa"); code != ExitError || errs == "" {
		t.Errorf("missing file: exit %d %q", code, errs)
	}
}

// TestDumpLanes: --dmask and --lod add per-lane values computed from the
// spec's table for the default surface (2d, Width 63, Height 31, MIPCount 7).
func TestDumpLanes(t *testing.T) {
	out, errs, code := run(t, nil, "--json", "--dmask", "0xfffffffd", "--lod", "1", oracleDir+"/info_min.isa")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Text  string `json:"text"`
		Lanes []struct {
			Lane    int     `json:"lane"`
			EMBit   int     `json:"em_bit"`
			Enabled bool    `json:"enabled"`
			R       *uint32 `json:"r"`
			A       *uint32 `json:"a"`
		} `json:"lanes"`
		DstLayout map[string]any `json:"dst_layout"`
	}
	if err := json.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Lanes) != 8 {
		t.Fatalf("%s: %d lanes, want 8", r.Text, len(r.Lanes))
	}
	l0, l1 := r.Lanes[0], r.Lanes[1]
	if !l0.Enabled || l0.R == nil || *l0.R != 32 || l0.A == nil || *l0.A != 7 {
		t.Errorf("lane 0: %+v", l0)
	}
	if l1.Enabled || l1.R != nil || l1.A != nil || l1.EMBit != 1 {
		t.Errorf("lane 1 should be disabled by EM bit 1: %+v", l1)
	}
	if r.DstLayout == nil {
		t.Error("dst_layout missing")
	}
	if _, _, code := run(t, nil, "--json", "--dmask", "zz", oracleDir+"/info_min.isa"); code != ExitUsage {
		t.Errorf("bad --dmask: exit %d", code)
	}
}

// TestDumpNumbers: --lod and --offset read "010" as ten, as the inspector's
// fields do, never as octal 8.
func TestDumpNumbers(t *testing.T) {
	sf := filepath.Join(t.TempDir(), "s.json")
	os.WriteFile(sf, []byte(`{"surfaces": {"T6": {"type": "2d", "width": 16383, "height": 16383}}}`), 0o644)
	out, errs, code := run(t, nil, "--json", "--surfaces", sf, "--lod", "010", oracleDir+"/info_min.isa")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Lanes []struct {
			R *uint32 `json:"r"`
		} `json:"lanes"`
	}
	if err := json.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Lanes) == 0 || r.Lanes[0].R == nil || *r.Lanes[0].R != 16384>>10 {
		t.Errorf("--lod 010: lanes %+v; want R = 16384>>10 = 16", r.Lanes)
	}
	if _, errs, code := run(t, nil, "--json", "--lod", "09", oracleDir+"/info_min.isa"); code != ExitOK {
		t.Errorf("--lod 09: exit %d: %s", code, errs)
	}
	raw := append(make([]byte, 10), 0x70, 0x0b, 0x03, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00)
	out, errs, code = run(t, raw, "--layout", "seed", "--offset", "010", "-")
	if code != ExitOK || !strings.HasPrefix(out, "-:+0xa $0  ") {
		t.Errorf("--offset 010: exit %d, %q %q; want the instruction at 0xa", code, out, errs)
	}
	if _, errs, _ := run(t, raw, "--offset", "-1", "-"); !strings.Contains(errs, `--offset: "-1" is not a number`) {
		t.Errorf("--offset -1: %q", errs)
	}
}

// TestDumpSurfaceSourceAndScope: records say whether the simulated surface
// came from the file or the defaults; descriptions are keyed per file and
// body; --grf and the file's grf_bytes set the dst layout; --rules hw
// computes by the hardware notes and "differs" names the channels where
// the tables part.
func TestDumpSurfaceSourceAndScope(t *testing.T) {
	type rec struct {
		Kernel        string `json:"kernel"`
		Text          string `json:"text"`
		Rules         string `json:"rules"`
		SurfaceSource string `json:"surface_source"`
		Lanes         []struct {
			R       *uint32 `json:"r"`
			G       *uint32 `json:"g"`
			B       *uint32 `json:"b"`
			Differs string  `json:"differs"`
		} `json:"lanes"`
		DstLayout struct {
			GRFBytes int `json:"grf_bytes"`
		} `json:"dst_layout"`
	}
	in := oracleDir + "/info_min.isa"
	out, errs, code := run(t, nil, "--json", "--lod", "0", in)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	r := records[rec](t, out)[0]
	if r.SurfaceSource != "default" || r.Rules != "spec" || r.DstLayout.GRFBytes != 32 {
		t.Errorf("no file: %+v", r)
	}
	// A description for this file and kernel, one for another kernel.
	dir := t.TempDir()
	sf := filepath.Join(dir, "s.json")
	os.WriteFile(sf, []byte(`{"grf_bytes": 64, "files": {"info_min.isa": {
		"`+r.Kernel+`": {"T6": {"type": "1d_array", "width": 15, "depth": 2}},
		"other_kernel": {"T6": {"type": "3d", "width": 1}}}}}`), 0o644)
	out, errs, code = run(t, nil, "--json", "--surfaces", sf, in)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	r = records[rec](t, out)[0]
	if r.SurfaceSource != "file" || r.DstLayout.GRFBytes != 64 || *r.Lanes[0].R != 16 || *r.Lanes[0].G != 3 || r.Lanes[0].Differs != "G" {
		t.Errorf("scoped: %+v %+v", r, r.Lanes[0])
	}
	out, _, _ = run(t, nil, "--json", "--surfaces", sf, "--grf", "32", "--rules", "hw", in)
	r = records[rec](t, out)[0]
	if r.Rules != "hw" || r.DstLayout.GRFBytes != 32 || *r.Lanes[0].G != 0 || r.Lanes[0].Differs != "G" {
		t.Errorf("--grf 32 --rules hw: %+v %+v", r, r.Lanes[0])
	}
	if _, errs, code := run(t, nil, "--json", "--grf", "48", in); code != ExitUsage || !strings.Contains(errs, "--grf \"48\": want 32 or 64") {
		t.Errorf("--grf 48: exit %d %q", code, errs)
	}
	if _, errs, code := run(t, nil, "--json", "--rules", "mesa", in); code != ExitUsage || !strings.Contains(errs, "want spec") {
		t.Errorf("--rules mesa: exit %d %q", code, errs)
	}
	// Text output with simulation flags says where the lanes are.
	out, errs, code = run(t, nil, "--lod", "1", in)
	if code != ExitOK || !strings.Contains(errs, "only --json output carries the simulated lanes") || strings.Contains(out, "lanes") {
		t.Errorf("text with --lod: exit %d %q %q", code, out, errs)
	}
	if _, errs, _ := run(t, nil, in); strings.Contains(errs, "only --json") {
		t.Errorf("text without simulation flags: %q", errs)
	}
}

// TestHexFalseForcesRaw: --hex=false reads hex-looking text as raw bytes,
// --hex reads it as hex text.
func TestHexFalseForcesRaw(t *testing.T) {
	text := []byte("59 59\n")
	for _, c := range []struct {
		flag string
		want string
	}{{"--hex", "t.hex:+0x1 $1  barrier\n"}, {"--hex=true", "t.hex:+0x1 $1  barrier\n"}, {"--hex=false", "oword_ld"}} {
		var out, errb strings.Builder
		Run([]string{"--all", c.flag, "t.hex"}, Env{Stdout: &out, Stderr: &errb, Open: func(string) ([]byte, error) { return text, nil }})
		if !strings.Contains(out.String()+errb.String(), c.want) {
			t.Errorf("%s: out %q err %q, want %q", c.flag, out.String(), errb.String(), c.want)
		}
	}
}

type zeros struct{ n int64 }

func (z *zeros) Read(p []byte) (int, error) { clear(p); z.n += int64(len(p)); return len(p), nil }

// TestDumpEndlessStdin: "dump -" on an endless stdin of zeros (/dev/zero,
// or a client's stream over SSH) fails at byte 0 after 64 KiB; it used to
// read until memory ran out.
func TestDumpEndlessStdin(t *testing.T) {
	z := &zeros{}
	var out, errb strings.Builder
	code := Run([]string{"-"}, Env{Stdin: z, Stdout: &out, Stderr: &errb})
	if code != ExitError || z.n > 128<<10 || !strings.Contains(errb.String(), "-: byte 0x0: opcode") {
		t.Errorf("exit %d after %d bytes: %q", code, z.n, errb.String())
	}
	// Barrier bytes never fail: the stream stops at --max-input.
	ys := strings.NewReader(strings.Repeat("Y", 300<<10))
	errb.Reset()
	code = Run([]string{"--max-input", "200K", "-"}, Env{Stdin: ys, Stdout: &out, Stderr: &errb})
	if code != ExitError || !strings.Contains(errb.String(), "expected at most 200 KiB") {
		t.Errorf("--max-input 200K: exit %d: %q", code, errb.String())
	}
}

// TestDumpVisaasm: for every oracle binary, dump --visaasm prints exactly
// Intel's disassembly, byte for byte.
func TestDumpVisaasm(t *testing.T) {
	for _, isa := range testkit.Glob(t, 11, oracleDir+"/*.isa") {
		want := testkit.ReadFile(t, strings.TrimSuffix(isa, ".isa")+".dis.visaasm")
		out, errs, code := run(t, nil, "--visaasm", isa)
		if code != ExitOK || errs != "" {
			t.Errorf("%s: exit %d, stderr %q", isa, code, errs)
		}
		if out != string(want) {
			t.Errorf("%s: --visaasm differs from Intel's disassembly (%d bytes, want %d)", isa, len(out), len(want))
		}
	}
}

var reNumbered = regexp.MustCompile(`^(?:\.kernel_attr .*?    |    )(.*?)\s*/// \$(\d+)$`)

// TestDumpAllText: every numbered instruction of every oracle disassembly
// appears in dump --all with the same $N and the same text.
func TestDumpAllText(t *testing.T) {
	for _, isa := range testkit.Glob(t, 1, oracleDir+"/*.isa") {
		dis := testkit.ReadFile(t, strings.TrimSuffix(isa, ".isa")+".dis.visaasm")
		var want []string
		for _, l := range strings.Split(string(dis), "\n") {
			if m := reNumbered.FindStringSubmatch(l); m != nil {
				want = append(want, "$"+m[2]+"  "+m[1])
			}
		}
		out, _, code := run(t, nil, "--all", isa)
		if code != ExitOK {
			t.Fatalf("%s: exit %d", isa, code)
		}
		got := map[string]bool{}
		for _, l := range strings.Split(out, "\n") {
			if _, rest, ok := strings.Cut(l, " $"); ok {
				got["$"+rest] = true
			}
		}
		for _, w := range want {
			if !got[w] {
				t.Errorf("%s: no --all line %q", isa, w)
			}
		}
	}
}

// TestDumpJSONAll: --all records carry index, text and typed operands.
func TestDumpJSONAll(t *testing.T) {
	out, _, code := run(t, nil, "--json", "--all", oracleDir+"/info_min.isa")
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d records, want 4", len(lines))
	}
	var mov struct {
		Index    int    `json:"index"`
		Text     string `json:"text"`
		Operands []struct {
			Kind, Name, Text, Var, Region, Type string
			ID                                  *uint32
			Value                               *uint64
		} `json:"operands"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &mov); err != nil {
		t.Fatal(err)
	}
	if mov.Index != 0 || mov.Text != "mov (M1, 8) lod(0,0)<1> 0x0:ud" || len(mov.Operands) != 2 {
		t.Fatalf("mov record: %+v", mov)
	}
	d, s := mov.Operands[0], mov.Operands[1]
	if d.Kind != "general" || d.Name != "dst" || d.Var != "lod" || *d.ID != 32 || d.Region != "<1>" || d.Text != "lod(0,0)<1>" {
		t.Errorf("dst: %+v", d)
	}
	if s.Kind != "immediate" || s.Name != "src0" || s.Type != "ud" || *s.Value != 0 {
		t.Errorf("src0: %+v", s)
	}
	var info map[string]any
	if err := json.Unmarshal([]byte(lines[1]), &info); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"index", "operands", "fields", "lod", "dst", "channels"} {
		if _, ok := info[k]; !ok {
			t.Errorf("INFO record lacks %q", k)
		}
	}
	if info["index"].(float64) != 1 || info["text"] != "resinfo.RGBA (M1, 8)  T6 lod.0 res.0" {
		t.Errorf("INFO record: index %v text %v", info["index"], info["text"])
	}
}

// TestDumpJSONAllDataFlow: with --all, INFO records carry lod_defs and
// dst_uses; info_min's resinfo reads the LOD its mov wrote, and nothing
// reads a result; the other oracle files' INFO have both lists empty
// (their kernels touch LOD and result variables only in INFO), never null.
func TestDumpJSONAllDataFlow(t *testing.T) {
	for _, p := range testkit.Glob(t, 1, oracleDir+"/*.isa") {
		out, _, code := run(t, nil, "--json", "--all", p)
		if code != ExitOK {
			t.Fatalf("%s: exit %d", p, code)
		}
		infos := 0
		for _, r := range records[flowRec](t, out) {
			if r.Op == nil {
				if r.LODDefs != nil || r.DstUses != nil {
					t.Errorf("%s $%d: a non-INFO record has data-flow keys", p, r.Index)
				}
				continue
			}
			infos++
			if r.LODDefs == nil || r.DstUses == nil {
				t.Fatalf("%s $%d: lod_defs %v, dst_uses %v: want lists", p, r.Index, r.LODDefs, r.DstUses)
			}
			want := []int{}
			if filepath.Base(p) == "info_min.isa" && r.Index == 1 || filepath.Base(p) == "info_min_skl.isa" && r.Index == 1 {
				want = []int{0}
			}
			if !reflect.DeepEqual(*r.LODDefs, want) || len(*r.DstUses) != 0 {
				t.Errorf("%s $%d: lod_defs %v dst_uses %v, want %v and []", p, r.Index, *r.LODDefs, *r.DstUses, want)
			}
		}
		if infos == 0 {
			t.Errorf("%s: no INFO record", p)
		}
	}
	// vISA text: the same lists as the binary's (operands read from the lines).
	out, _, code := run(t, nil, "--json", "--all", oracleDir+"/info_min.dis.visaasm")
	if code != ExitOK || !strings.Contains(out, `"lod_defs":[0],"dst_uses":[]`) || strings.Count(out, `"lod_defs":[],"dst_uses":[]`) != 1 {
		t.Errorf("vISA text: exit %d: %s", code, out)
	}
	// Without --all the records are as before.
	out, _, _ = run(t, nil, "--json", oracleDir+"/info_min.isa")
	if strings.Contains(out, "lod_defs") {
		t.Errorf("lod_defs without --all: %s", out)
	}
}

type countingWriter struct{ n int }

func (c *countingWriter) Write(p []byte) (int, error) { c.n += len(p); return len(p), nil }

// TestDumpAmplifiedStdin: 'dump --all -' of 1,000 entries on one 64 KiB
// body (what 'ssh HOST dump - < FILE' runs on the server) allocates and
// prints in proportion to the file's size, and reports the entries left
// out; it took 863 MB for an 80 KB file and printed 64 M lines.
func TestDumpAmplifiedStdin(t *testing.T) {
	data := sampledata.AmplifiedObject(1000, bytes.Repeat([]byte{0x59}, 64<<10))
	Run([]string{"-"}, Env{Stdin: bytes.NewReader(data[:200]), Stdout: io.Discard, Stderr: io.Discard}) // compile tables
	var out countingWriter
	var errb strings.Builder
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	code := Run([]string{"--all", "-"}, Env{Stdin: bytes.NewReader(data), Stdout: &out, Stderr: &errb})
	runtime.ReadMemStats(&b)
	alloc := b.TotalAlloc - a.TotalAlloc
	t.Logf("%d-byte file: %d bytes allocated, %d bytes printed: %s", len(data), alloc, out.n, errb.String())
	if code != ExitError || !strings.Contains(errb.String(), "4 per byte") {
		t.Errorf("exit %d: %q", code, errb.String())
	}
	// Every line printed is about 25 bytes and allocates nothing lasting;
	// at most 4 instructions per byte are printed.
	if alloc > 200*uint64(len(data)) || out.n > 4*40*len(data) {
		t.Errorf("%d-byte file: %d bytes allocated, %d printed", len(data), alloc, out.n)
	}
}

// TestDumpVisaasmRaw: a raw stream has no declarations, so --visaasm
// prints its instruction lines alone; --visaasm refuses --json.
func TestDumpVisaasmRaw(t *testing.T) {
	// fence, barrier, ret (M1, 1)
	out, errs, code := run(t, []byte{0x5C, 0x01, 0x59, 0x34, 0x00, 0x00, 0x00}, "--visaasm", "-")
	want := "    fence_global.E" + strings.Repeat(" ", 80-18) + " /// $0\n" +
		"    barrier" + strings.Repeat(" ", 80-11) + " /// $1\n" +
		"    ret (M1, 1)" + strings.Repeat(" ", 80-15) + " /// $2\n"
	if code != ExitOK || out != want {
		t.Errorf("exit %d, stderr %q, out:\n%s\nwant:\n%s", code, errs, out, want)
	}
	if _, _, code := run(t, nil, "--visaasm", "--json", "-"); code != ExitUsage {
		t.Errorf("--visaasm --json: exit %d, want %d", code, ExitUsage)
	}
}

// TestDumpBodiesRefusesAll: --all has no effect with --bodies, so the pair
// is a usage error (exit 2, nothing on stdout), as --visaasm --json is,
// in either order and with --json.
func TestDumpBodiesRefusesAll(t *testing.T) {
	for _, args := range [][]string{{"--bodies", "--all"}, {"--all", "--bodies"}, {"--json", "--bodies", "--all"}} {
		out, errs, code := run(t, nil, append(args, oracleDir+"/info_min.isa")...)
		if code != ExitUsage || out != "" || !strings.Contains(errs, "infoscope dump: --bodies prints one record per kernel or function: it takes no --all\n"+Usage) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// Escape sequences in vISA text (an instruction's text, a label) reach
// neither dump --all's lines nor --visaasm's listing: the terminal would
// act on them (issue 23 item 10: a title change and a cleared screen).
// JSON escapes them.
func TestTextDumpCleansEscapes(t *testing.T) {
	src := ".version 4.1\n.kernel \"k\"\nL\x1b]0;t\x07:\nmov (M1, 1) V0(0,0)<1> 0x1:d \x1b[2J\x9b1m\nresinfo.R (M1, 8)  T1 V0.0 V0.0\nret (M1, 1)\n"
	for _, args := range [][]string{{"--all"}, {"--visaasm"}, {"--all", "--json"}} {
		var out, errb bytes.Buffer
		Run(append(args, "esc.visaasm"), Env{Stdout: &out, Stderr: &errb, Open: func(string) ([]byte, error) { return []byte(src), nil }})
		if bytes.ContainsAny(out.Bytes(), "\x1b\x07") || bytes.Contains(out.Bytes(), []byte("\u009b")) {
			t.Errorf("%v: a control character in the output: %q", args, out.String())
		}
		if !bytes.Contains(out.Bytes(), []byte("0x1:d")) {
			t.Errorf("%v: the instruction is missing: %q", args, out.String())
		}
	}
}

// flowRec is what a JSON record says of an INFO's data flow.
type flowRec struct {
	Index   int     `json:"index"`
	Op      *string `json:"op"`
	LODDefs *[]int  `json:"lod_defs"`
	DstUses *[]any  `json:"dst_uses"`
}

// A file's name is input too: text lines and messages show it as
// decoder.Display does, so a file named "ok\x1b[2J.isa" clears no screen
// and "bad\x1b]0;PWNED\a.isa" retitles no window (in its error line);
// JSON keeps the name exact, escaped. Every text writer is run: INFO
// lines, --all, --bodies (an object file, a dump set's parts), a lone
// .asm, and the error of a --surfaces file naming a hostile key.
func TestDumpCleansFileNames(t *testing.T) {
	const esc = "\x1b[2J\u009b\u202e"
	obj, err := sampledata.Read("kernels.isa")
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	files := map[string][]byte{
		"ok" + esc + ".isa":     obj,
		"bad\x1b]0;PWNED\a.isa": []byte("garbage"),
		"lone" + esc + ".asm":   read("../../decoder/native/testdata/g1.SKL.asm"),
		"s" + esc + ".visaasm":  read(sycl3),
		"s" + esc + ".asm":      read(strings.TrimSuffix(sycl3, ".visaasm") + ".asm"),
		"surf" + esc + ".json":  []byte(`{"surfaces": {"\u001b[2J": {"width": 1}}}`),
		"dir" + esc:             nil,
	}
	var names []string
	for n := range files {
		if strings.HasSuffix(n, ".isa") || strings.HasSuffix(n, ".visaasm") || strings.HasSuffix(n, ".asm") && strings.HasPrefix(n, "lone") {
			names = append(names, n)
		}
	}
	env := func(out, errb *bytes.Buffer) Env {
		return Env{Stdout: out, Stderr: errb, Workers: 1,
			Open: func(n string) ([]byte, error) {
				if b, ok := files[n]; ok && b != nil {
					return b, nil
				}
				return nil, &os.PathError{Op: "open", Path: n, Err: os.ErrNotExist}
			},
			Exists: func(n string) bool { return files[n] != nil },
			Folder: func(n string) ([]string, string, error) {
				if n == "dir"+esc {
					return names, "", nil
				}
				return nil, "", nil
			}}
	}
	for _, tc := range []struct {
		args      []string
		out, errs []string // what stdout and stderr must hold
	}{
		{[]string{"dir" + esc}, []string{"ok?[2J??.isa:info_main+0x4af $29  resinfo"}, []string{"bad?]0;PWNED?.isa: byte 0x0: input: expected vISA"}},
		{[]string{"s" + esc + ".visaasm"}, nil, []string{"s?[2J??.visaasm: layout igc", "s?[2J??.visaasm: no INFO in its one kernel"}},
		{[]string{"--all", "ok" + esc + ".isa", "s" + esc + ".visaasm", "lone" + esc + ".asm"}, []string{"ok?[2J??.isa:info_main+0x238 $0  ", "s?[2J??.visaasm:131: _ZTSN4sycl", "lone?[2J??.asm:88: $2  "}, nil},
		{[]string{"--bodies", "dir" + esc}, []string{"ok?[2J??.isa:info_main  kernel 4.1", "asm s?[2J??.asm", "lone?[2J??.asm:g1  169 native instructions"}, []string{"bad?]0;PWNED?.isa: byte 0x0"}},
		{[]string{"--surfaces", "surf" + esc + ".json", "ok" + esc + ".isa"}, nil, []string{"infoscope dump: --surfaces: surf?[2J??.json: surfaces.?[2J.type: missing"}},
		{[]string{"missing" + esc + ".isa"}, nil, []string{"infoscope dump: open missing?[2J??.isa: file does not exist"}},
	} {
		var out, errb bytes.Buffer
		Run(tc.args, env(&out, &errb))
		for _, w := range []struct {
			what string
			got  []byte
			want []string
		}{{"stdout", out.Bytes(), tc.out}, {"stderr", errb.Bytes(), tc.errs}} {
			if i := bytes.IndexAny(w.got, "\x1b\a\u009b\u202e"); i >= 0 {
				t.Errorf("%q: a control character in %s at %d: %q", tc.args, w.what, i, w.got[max(0, i-40):min(len(w.got), i+40)])
			}
			for _, s := range w.want {
				if !bytes.Contains(w.got, []byte(s)) {
					t.Errorf("%q: %s lacks %q:\n%.600s", tc.args, w.what, s, w.got)
				}
			}
		}
	}
	// JSON keeps the name exact, escaped.
	var out, errb bytes.Buffer
	Run([]string{"--json", "ok" + esc + ".isa"}, env(&out, &errb))
	var rec struct{ File string }
	line, _, _ := bytes.Cut(out.Bytes(), []byte("\n"))
	if err := json.Unmarshal(line, &rec); err != nil || rec.File != "ok"+esc+".isa" || !bytes.Contains(line, []byte(`"file":"ok\u001b[2J\u009b\u202e.isa"`)) {
		t.Errorf("JSON: %v %q", err, line)
	}
}
