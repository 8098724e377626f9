package native

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"infoscope/decoder/internal/visagen"
	"infoscope/sampledata/testkit"
)

// Intel's own tools as the oracle of send descriptor decoding: GenX_IR
// (IGC's vISA finalizer) compiles generated INFO kernels for SKL, TGLLP
// and DG2 and writes their Gen assembly; for every sampler send in it,
// iga64 -Xdsd (Intel's assembler) decodes the same descriptor, and
// infoscope's decoding must equal it field by field: bit range, value,
// and the meaning of the SIMD mode, message type and header.

// igaPlatforms are the GenX_IR platforms compiled for and the family
// their descriptors are decoded as.
var igaPlatforms = []struct {
	name string
	gen  Gen
}{{"SKL", Gen9}, {"TGLLP", Gen12}, {"DG2", XeHP}}

const (
	igaKernels = 4  // per platform
	igaInfos   = 50 // INFO instructions per kernel
)

// genKernelAsm compiles src with GenX_IR for platform in a folder of its
// own (GenX_IR writes beside its working directory) and returns the .asm.
func genKernelAsm(ctx context.Context, genxir, dir, name, platform, src string) ([]byte, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	k := visagen.Kernel{Name: name, Platform: visagen.Platform(platform), Text: []byte(src)}
	if out, err := visagen.Run(ctx, genxir, dir, k, "-output", "-asmOutput", "k"); err != nil {
		return nil, fmt.Errorf("GenX_IR %s -platform %s: %v: %s", name, platform, err, tail(string(out)))
	}
	return os.ReadFile(filepath.Join(dir, "k.asm"))
}

func tail(s string) string {
	if len(s) > 400 {
		s = "…" + s[len(s)-400:]
	}
	return s
}

// igaField is one line of iga64 -Xdsd's DESCRIPTOR FIELDS.
type igaField struct {
	word    string
	hi, lo  int
	name    string
	value   uint32
	meaning string
}

var igaLine = regexp.MustCompile(`^\s+(ExDesc|Desc)\[(\d+)(?::(\d+))?\]\s+(\S+)\s+0x([0-9A-Fa-f]+)\s*(.*)$`)

func parseIGA(out string) (fields []igaField, invalid []string) {
	for _, l := range strings.Split(out, "\n") {
		if m := igaLine.FindStringSubmatch(l); m != nil {
			hi, _ := strconv.Atoi(m[2])
			lo := hi
			if m[3] != "" {
				lo, _ = strconv.Atoi(m[3])
			}
			v, _ := strconv.ParseUint(m[5], 16, 32)
			w := "desc"
			if m[1] == "ExDesc" {
				w = "exdesc"
			}
			fields = append(fields, igaField{w, hi, lo, m[4], uint32(v), strings.TrimSpace(m[6])})
		} else if strings.Contains(l, "invalid") {
			invalid = append(invalid, strings.TrimSpace(l))
		}
	}
	return fields, invalid
}

// igaNames maps iga64's field names to infoscope's.
var igaNames = map[string]string{
	"Xlen": "xlen", "SFID": "sfid", "ReturnFormat": "return_format", "SIMD[2]": "simd_mode_2",
	"Mlen": "mlen", "Rlen": "rlen", "Header": "header", "SIMD[1:0]": "simd_mode",
	"SamplerMessageType": "message_type", "SamplerIndex": "sampler_index", "BTI": "bti",
}

// igaSIMD maps iga64's SIMD mode meanings to infoscope's.
var igaSIMD = map[string]string{
	"simd8": "simd8", "simd16": "simd16", "simd32/64": "simd32/64", "simd8 high": "simd8 high",
	"simd16 high": "simd16 high", "simd8 with integer return": "simd8 integer return",
	"simd16 with integer return": "simd16 integer return",
	// PVC (12p72)
	"simd32": "simd32", "simd32 high": "simd32 high", "simd32 with integer return": "simd32 integer return",
}

// igaMessages maps iga64's sampler message meanings to infoscope's names.
var igaMessages = map[string]string{
	"sample": "sample", "sample+LOD bias": "sample_b", "sample override LOD": "sample_l",
	"sample compare": "sample_c", "sample gradient": "sample_d", "sample compare+LOD bias": "sample_b_c",
	"sample compare+override LOD": "sample_l_c", "sample load": "ld", "sample gather4": "gather4",
	"sample override lod": "lod", "sample res info": "resinfo", "sample info": "sampleinfo",
	"sample+killpix": "sample_killpix", "sample gather4+compare": "gather4_c",
	"sample gather4+pixel offset": "gather4_po", "sample gather4 pixel offset+compare": "gather4_po_c",
	"sample derivatives+compare": "sample_d_c", "sample min": "sample_min", "sample max": "sample_max",
	"sample with lod forced to 0": "sample_lz", "sample compare+with lod forced to 0": "sample_c_lz",
	"sample load with lod forced to 0": "ld_lz", "sample ld2 multi-sample wide": "ld2dms_w",
	"sample load mcs auxiliary data": "ld_mcs", "sample load multi-sample": "ld2dms",
	"sample multi-sample without mcs": "ld2dss",
	"sample unorm":                    "sample_unorm", "sample unorm+killpix": "sample_unorm_killpix",
	"sample deinterlace": "deinterlace", "sample unorm+killpix for media": "sample_unorm_killpix_media",
	"sample 8x8": "sample_8x8", "sample unorm for media": "sample_unorm_media", "sampler cache flush": "flush",
}

// compareIGA lists the differences between infoscope's decoding m and
// iga64's fields.
func compareIGA(m SamplerMessage, fields []igaField, invalid []string) []string {
	var diffs []string
	ours := map[string]Field{}
	for _, f := range m.Fields {
		ours[f.Name] = f
	}
	seen := map[string]bool{}
	for _, g := range fields {
		name, ok := igaNames[g.name]
		if !ok {
			diffs = append(diffs, fmt.Sprintf("iga64 field %s[%d:%d] %s has no infoscope counterpart", g.word, g.hi, g.lo, g.name))
			continue
		}
		seen[name] = true
		f, ok := ours[name]
		switch {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("infoscope lacks %s (iga64 %s[%d:%d] = 0x%X)", name, g.word, g.hi, g.lo, g.value))
			continue
		case f.Word != g.word || f.Hi != g.hi || f.Lo != g.lo:
			diffs = append(diffs, fmt.Sprintf("%s: bits %s[%d:%d], iga64 %s[%d:%d]", name, f.Word, f.Hi, f.Lo, g.word, g.hi, g.lo))
		case f.Value != g.value:
			diffs = append(diffs, fmt.Sprintf("%s: 0x%X, iga64 0x%X", name, f.Value, g.value))
		}
		switch name {
		case "simd_mode":
			want := igaSIMD[g.meaning]
			if f.Meaning != want && !(want == "" && f.Bad) {
				diffs = append(diffs, fmt.Sprintf("simd_mode means %q, iga64 %q", f.Meaning, g.meaning))
			}
		case "message_type":
			want, known := igaMessages[g.meaning]
			if g.meaning == "?" { // reserved: iga64 names none
				want, known = "", true
			}
			if !known && g.meaning != "" {
				diffs = append(diffs, fmt.Sprintf("message_type: iga64 meaning %q not in the test's table", g.meaning))
			} else if (want == "") != f.Bad || want != "" && f.Meaning != want {
				diffs = append(diffs, fmt.Sprintf("message_type means %q, iga64 %q", f.Meaning, g.meaning))
			}
		case "header":
			if (g.meaning == "included") != m.Header {
				diffs = append(diffs, fmt.Sprintf("header %v, iga64 %q", m.Header, g.meaning))
			}
		case "sampler_index", "bti", "mlen", "rlen", "xlen":
			if !strings.HasPrefix(g.meaning, strconv.Itoa(int(g.value))) && !strings.Contains(g.meaning, " "+strconv.Itoa(int(g.value))) {
				diffs = append(diffs, fmt.Sprintf("%s: iga64 meaning %q does not hold its value", name, g.meaning))
			}
		}
	}
	for _, f := range m.Fields {
		if !seen[f.Name] {
			diffs = append(diffs, fmt.Sprintf("iga64 shows no %s (infoscope %s[%d:%d] = 0x%X)", f.Name, f.Word, f.Hi, f.Lo, f.Value))
		}
	}
	simdBad := ours["simd_mode"].Bad
	igaBad := false
	for _, s := range invalid {
		if strings.Contains(s, "SIMD") {
			igaBad = true
		}
	}
	if simdBad != igaBad {
		diffs = append(diffs, fmt.Sprintf("invalid SIMD mode: infoscope %v, iga64 %v", simdBad, igaBad))
	}
	return diffs
}

// igaDecode runs iga64 -Xdsd on one sampler descriptor.
func igaDecode(ctx context.Context, iga string, g Gen, exdesc, desc uint32) (string, error) {
	args := []string{"-Xdsd", "-p=" + g.String()}
	if g >= Gen12 {
		args = append(args, "SMPL")
	}
	args = append(args, fmt.Sprintf("0x%X", exdesc), fmt.Sprintf("0x%08X", desc))
	out, err := exec.CommandContext(ctx, iga, args...).CombinedOutput()
	if err != nil && !strings.Contains(string(out), "DESCRIPTOR FIELDS") { // an invalid field exits 1 after decoding
		return string(out), fmt.Errorf("iga64 %s: %v: %s", strings.Join(args, " "), err, tail(string(out)))
	}
	return string(out), nil
}

// parallel runs f(0..n-1) on at most workers goroutines.
func parallel(n, workers int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

func TestIGASamplerDescriptors(t *testing.T) {
	genxir, iga := visagen.Tool(t, "GenX_IR"), visagen.Tool(t, "iga64")
	ctx, cancel := context.WithTimeout(context.Background(), 80*time.Second)
	defer cancel()
	workers := max(2, runtime.NumCPU())
	tmp := t.TempDir()

	type job struct {
		plat string
		gen  Gen
		k    int
		asm  []byte
		err  error
	}
	var jobs []*job
	for _, p := range igaPlatforms {
		for k := 0; k < igaKernels; k++ {
			jobs = append(jobs, &job{plat: p.name, gen: p.gen, k: k})
		}
	}
	parallel(len(jobs), workers, func(i int) {
		j := jobs[i]
		r := rand.New(rand.NewSource(int64(1000 + j.k))) // the same kernels on every platform
		name := fmt.Sprintf("info%d", j.k)
		j.asm, j.err = genKernelAsm(ctx, genxir, filepath.Join(tmp, fmt.Sprintf("%s-%d", j.plat, j.k)), name, j.plat, infoKernel(name, r, igaInfos))
	})

	// Every sampler send, with the descriptor infoscope decoded for it.
	type send struct {
		where    string
		gen      Gen
		ex, desc uint32
		exKnown  bool // ExDesc (or its immediate part) known from the file
		m        SamplerMessage
	}
	var sends []send
	others := 0
	for _, j := range jobs {
		if j.err != nil {
			t.Fatal(j.err)
		}
		f := Parse(fmt.Sprintf("info%d.%s.asm", j.k, j.plat), j.asm)
		for _, e := range f.Errors {
			t.Errorf("GenX_IR output not read: %v", e)
		}
		if g, _ := GenOf(f.Platform); g != j.gen {
			t.Errorf("%s: //.platform %q read as family %v, want %v", f.Name, f.Platform, g, j.gen)
		}
		all := f.Sends()
		nsend := 0
		for i := range f.Insts {
			if IsSend(f.Insts[i].Op) {
				nsend++
			}
		}
		if nsend != len(all) {
			t.Errorf("%s: %d send lines, %d sends read", f.Name, nsend, len(all))
		}
		for _, s := range all {
			i := s.Inst
			if !s.SFIDKnown || s.SFID != SFIDSampler {
				others++
				continue
			}
			if s.Sampler == nil {
				t.Errorf("%s:%d: sampler send without a decoded descriptor (desc %q from instruction %d)", f.Name, f.Insts[i].Line, s.DescReg, s.DescFrom)
				continue
			}
			ex := s.ExDesc
			sends = append(sends, send{fmt.Sprintf("%s:%d", f.Name, f.Insts[i].Line), j.gen, ex, s.Desc, s.ExDescImm, *s.Sampler})
		}
	}

	// One iga64 run per distinct descriptor; every send is compared.
	type key struct {
		gen      Gen
		ex, desc uint32
	}
	distinct := map[key]int{}
	var keys []key
	for _, s := range sends {
		k := key{s.gen, s.ex, s.desc}
		if _, ok := distinct[k]; !ok {
			distinct[k] = len(keys)
			keys = append(keys, k)
		}
	}
	outs := make([]string, len(keys))
	errs := make([]error, len(keys))
	parallel(len(keys), workers, func(i int) {
		outs[i], errs[i] = igaDecode(ctx, iga, keys[i].gen, keys[i].ex, keys[i].desc)
	})
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	diffs := 0
	for _, s := range sends {
		k := key{s.gen, s.ex, s.desc}
		fields, invalid := parseIGA(outs[distinct[k]])
		if !s.exKnown { // ExDesc in a register built out of sight: its fields are not compared
			kept := fields[:0:0]
			for _, f := range fields {
				if f.word != "exdesc" {
					kept = append(kept, f)
				}
			}
			fields = kept
		}
		m := s.m
		if len(fields) == 0 {
			t.Errorf("%s: iga64 printed no fields for 0x%X 0x%08X:\n%s", s.where, s.ex, s.desc, outs[distinct[k]])
			diffs++
			continue
		}
		for _, d := range compareIGA(m, fields, invalid) {
			diffs++
			if diffs <= 20 {
				t.Errorf("%s: desc 0x%08X: %s", s.where, s.desc, d)
			}
		}
	}
	t.Logf("iga64: %d sends, %d differences (%d distinct descriptors; %d other sends not compared)", len(sends), diffs, len(keys), others)
	if len(sends) < 500 {
		t.Errorf("only %d sampler sends compared, want at least 500", len(sends))
	}
}

// TestIGASamplerSweep decodes every SIMD mode with every message type on
// each family, the other fields drawn at random, and compares with
// iga64: the generated kernels reach only the modes INFO lowers to.
func TestIGASamplerSweep(t *testing.T) {
	iga := visagen.Tool(t, "iga64")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	type c struct {
		gen      Gen
		ex, desc uint32
	}
	r := rand.New(rand.NewSource(7))
	var cases []c
	// PVC too, which TestIGASamplerDescriptors does not compile for (its
	// kernels' raw operands are not aligned to PVC's 64-byte registers).
	for _, p := range append(igaPlatforms[:len(igaPlatforms):len(igaPlatforms)], struct {
		name string
		gen  Gen
	}{"PVC", PVC}) {
		for simd := uint32(0); simd < 8; simd++ {
			for typ := uint32(0); typ < 32; typ++ {
				d := (simd>>2)<<29 | (simd&3)<<17 | typ<<12 | uint32(r.Intn(2))<<30 |
					uint32(1+r.Intn(15))<<25 | uint32(r.Intn(32))<<20 | uint32(r.Intn(2))<<19 |
					uint32(r.Intn(16))<<8 | uint32(r.Intn(256))
				ex := uint32(0)
				switch p.gen {
				case Gen9, Gen11:
					ex = SFIDSampler | uint32(r.Intn(4))<<6
				case Gen12:
					ex = uint32(r.Intn(4)) << 6
				}
				cases = append(cases, c{p.gen, ex, d})
			}
		}
	}
	outs := make([]string, len(cases))
	errs := make([]error, len(cases))
	parallel(len(cases), max(2, runtime.NumCPU()), func(i int) {
		outs[i], errs[i] = igaDecode(ctx, iga, cases[i].gen, cases[i].ex, cases[i].desc)
	})
	diffs := 0
	for i, cs := range cases {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		fields, invalid := parseIGA(outs[i])
		for _, d := range compareIGA(DecodeSampler(cs.gen, cs.ex, cs.desc, true), fields, invalid) {
			diffs++
			if diffs <= 20 {
				t.Errorf("-p=%v 0x%X 0x%08X: %s", cs.gen, cs.ex, cs.desc, d)
			}
		}
	}
	t.Logf("iga64 sweep: %d descriptors, %d differences", len(cases), diffs)
}

// TestPVCDescriptorsIGA compares the PVC decoding with iga64's text for
// the same descriptors, kept in testdata (iga-pvc-desc.txt says how it
// was made), so that it runs where iga64 is not installed; the sweep
// above asks iga64 itself.
func TestPVCDescriptorsIGA(t *testing.T) {
	text := string(testkit.ReadFile(t, "testdata/iga-pvc-desc.txt"))
	n := 0
	for _, block := range strings.Split(text, "\n$ ")[1:] {
		cmd, out, _ := strings.Cut(block, "\n")
		var ex, desc uint32
		if _, err := fmt.Sscanf(cmd, "iga64 -Xdsd -p=12p72 SMPL 0x%x 0x%x", &ex, &desc); err != nil {
			t.Fatalf("%q: %v", cmd, err)
		}
		fields, invalid := parseIGA(out)
		if len(fields) == 0 {
			t.Fatalf("%q: no fields in iga64's text", cmd)
		}
		for _, d := range compareIGA(DecodeSampler(PVC, ex, desc, true), fields, invalid) {
			t.Errorf("0x%08X: %s", desc, d)
		}
		n++
	}
	if n != 17 {
		t.Errorf("%d descriptors read, the file has 17", n)
	}
}
