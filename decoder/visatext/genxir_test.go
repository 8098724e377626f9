package visatext

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/internal/visagen"
)

// The live oracle: kernels from visagen, compiled by Intel's GenX_IR
// (IGC 1.0.12504, Debian 12's libigc-tools), whose print of what it parsed
// is IGC's canonical text. infoscope must read the source and that text to
// the same instructions and print them as GenX_IR does. The test skips
// where GenX_IR is not installed, and fails there under
// INFOSCOPE_REQUIRE_ORACLE=1 (.ci/run).

// genxirSeed and the sizes fix the kernels: the run is the same every time.
const (
	genxirSeed    = 22
	genxirKernels = 180
	genxirInsts   = 64
)

// SeedsEnv names the environment variable that runs the oracle tests
// over other kernels: "LO-HI" (e.g. 1000-1400) generates, for each seed
// of the range, one kernel per platform instead of the tests' fixed seed,
// to look for differences the fixed kernels do not show
// (scripts/oracle-seeds.sh).
const SeedsEnv = "INFOSCOPE_ORACLE_SEEDS"

// oracleKernels returns gen's kernels for cfg, or for the seeds SeedsEnv
// names (3 kernels of cfg.Insts each: DG2, TGLLP, SKL). campaign is true
// for the latter, whose sizes the coverage bars do not hold to.
func oracleKernels(t *testing.T, gen func(visagen.Config) []visagen.Kernel, cfg visagen.Config) (ks []visagen.Kernel, campaign bool) {
	t.Helper()
	r := os.Getenv(SeedsEnv)
	if r == "" {
		return gen(cfg), false
	}
	a, b, ok := strings.Cut(r, "-")
	lo, err1 := strconv.ParseUint(a, 10, 64)
	hi, err2 := strconv.ParseUint(b, 10, 64)
	if !ok || err1 != nil || err2 != nil || hi < lo {
		t.Fatalf("%s=%q: want LO-HI, two seeds", SeedsEnv, r)
	}
	for seed := lo; seed <= hi; seed++ {
		ks = append(ks, gen(visagen.Config{Seed: seed, Kernels: 3, Insts: cfg.Insts})...)
	}
	t.Logf("%s=%s: %d kernels", SeedsEnv, r, len(ks))
	return ks, true
}

// genxirRun is one kernel through GenX_IR.
type genxirRun struct {
	k     visagen.Kernel
	dir   string // the folder GenX_IR ran in
	canon []byte // GenX_IR's out.visaasm
	errs  []byte // its out.errors.txt (the verifier's report), if any
	out   []byte // its stdout and stderr
	err   error
}

// runGenXIR runs GenX_IR over ks, NumCPU at a time, each in a folder of
// its own, with args after the input and the platform.
func runGenXIR(t *testing.T, genxir string, ks []visagen.Kernel, args ...string) []genxirRun {
	t.Helper()
	runs := make([]genxirRun, len(ks))
	root := t.TempDir()
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.NumCPU())
	for i := range ks {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			r := &runs[i]
			r.k = ks[i]
			dir := filepath.Join(root, fmt.Sprint(i))
			r.dir = dir
			if r.err = os.Mkdir(dir, 0o755); r.err != nil {
				return
			}
			r.out, r.err = visagen.Run(context.Background(), genxir, dir, ks[i], args...)
			r.errs, _ = os.ReadFile(filepath.Join(dir, "out.errors.txt"))
			if r.err == nil {
				r.canon, r.err = canonicalText(dir)
			}
		}()
	}
	wg.Wait()
	return runs
}

// genxir12504 is every place where GenX_IR 1.0.12504's text differs from
// what infoscope prints for the same instruction, with IGC's source line
// (paths in intel/intel-graphics-compiler at tag igc-1.0.12504.6). infoscope
// prints vISA text as the 2023 printer does, which its binary listings
// match byte for byte; each entry turns infoscope's line into 12504's.
// Printer details are what changed between the two printers; "wrong" marks
// where 12504 itself is wrong (its text does not say what it built).
var genxir12504 = []struct {
	what  string
	igc   string
	wrong bool
	// apply returns infoscope's line as 12504 prints it.
	apply func(c lineCtx, line string) string
}{
	{
		what: "a subroutine's label is printed as NAME_<label id> even when NAME ends so already (later printers add the suffix only when missing: HEAD IsaDisassembly.cpp:956-961)",
		igc:  "visa/IsaDisassembly.cpp:972-990",
		apply: func(c lineCtx, line string) string {
			if c.mnem != "subroutine" {
				return line
			}
			// infoscope: ".function "NAME"\nNAME:", NAME the label's name
			// with "_<id>" added when missing; 12504: always added.
			_, lbl, _ := strings.Cut(line, "\n")
			if suffix := "_" + strconv.Itoa(c.labelID); strings.HasSuffix(c.label, suffix) {
				return c.label + suffix + ":"
			}
			return lbl
		},
	},
	{
		what:  "svm_block_ld/st: the alignment is printed from props bit 3, but the assembler records \"unaligned\" in bit 7 (VISAKernelImpl.cpp:4318), so the text drops it; infoscope prints .unaligned for a block the assembler read without .aligned (CISA.y:1474)",
		igc:   "visa/IsaDisassembly.cpp:708-710",
		wrong: true,
		apply: func(c lineCtx, line string) string {
			if c.mnem != "svm_block_ld" && c.mnem != "svm_block_st" {
				return line
			}
			return strings.Replace(line, ".unaligned (", " (", 1)
		},
	},
	{
		what: "LSC address lists of four or more elements (2D block messages, typed messages) are printed with a blank after each comma; the 2023 printer and HEAD print none (real dumps: flat[V0187,V0195,0xFFF,0x5FFF,V0194,V0197])",
		igc:  "visa/IsaDisassembly.cpp (formatUntypedBlock2D, formatTyped)",
		apply: func(c lineCtx, line string) string {
			if !strings.HasPrefix(c.mnem, "lsc_") {
				return line
			}
			i := strings.IndexByte(line, '[')
			j := strings.IndexByte(line, ']')
			if i < 0 || j < i || strings.Count(line[i:j], ",") < 3 {
				return line
			}
			var b strings.Builder
			depth := 0
			for _, r := range line[i:j] {
				switch r {
				case '(':
					depth++
				case ')':
					depth--
				}
				b.WriteRune(r)
				if r == ',' && depth == 0 {
					b.WriteByte(' ')
				}
			}
			return line[:i] + b.String() + line[j:]
		},
	},
	{
		what:  "sample4_po/sample4_po_c on a platform without gather4_po (DG2): the instruction is built as a sample whose channel is a mask (R=1, G=2, B=4, A=8), and printed as a gather4 channel index (0 R, 1 G, 2 B, 3 A, else \"illegal\")",
		igc:   "visa/VISAKernelImpl.cpp:5534-5538 (hasGather4PO), visa/IsaDisassembly.cpp:1644-1660",
		wrong: true,
		apply: func(c lineCtx, line string) string {
			if c.p != visagen.DG2 || c.mnem != "sample4_po" && c.mnem != "sample4_po_c" {
				return line
			}
			at := strings.Index(line, c.mnem+".") + len(c.mnem)
			for from, to := range map[string]string{".R ": ".G ", ".G ": ".B ", ".B ": ".illegal ", ".A ": ".illegal "} {
				if strings.HasPrefix(line[at:], from) {
					return line[:at] + to + line[at+len(from):]
				}
			}
			return line
		},
	},
}

// lineCtx is what the entries of genxir12504 need to know of a line.
type lineCtx struct {
	mnem    string // base mnemonic
	p       visagen.Platform
	label   string // a label line's label, as declared
	labelID int
}

// as12504 returns infoscope's line as GenX_IR 1.0.12504 prints it.
func as12504(c lineCtx, line string) string {
	for _, d := range genxir12504 {
		line = d.apply(c, line)
	}
	return line
}

// canonicalText returns GenX_IR's print of a kernel: out.visaasm, or,
// when the kernel has functions (GenX_IR then ignores -asmOutput), the
// kernel's .visaasm and each function's _fK.visaasm, in that order.
func canonicalText(dir string) ([]byte, error) {
	if b, err := os.ReadFile(filepath.Join(dir, "out.visaasm")); err == nil {
		return b, nil
	}
	out, err := os.ReadFile(filepath.Join(dir, ".visaasm"))
	if err != nil {
		return nil, fmt.Errorf("GenX_IR wrote neither out.visaasm nor .visaasm: %v", err)
	}
	for k := 0; ; k++ {
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("_f%d.visaasm", k)))
		if err != nil {
			return out, nil
		}
		out = append(append(out, '\n'), b...)
	}
}

// baseMnemonic is a line's mnemonic before its first '.'.
func baseMnemonic(s *decoder.Stream, i int) string {
	m := s.InstMnemonic(i)
	m, _, _ = strings.Cut(m, ".")
	return m
}

// TestGenXIR: for every generated kernel, GenX_IR's canonical text and the
// source read to the same instructions, and infoscope prints each one as
// GenX_IR does, byte for byte.
func TestGenXIR(t *testing.T) {
	genxir := visagen.Tool(t, "GenX_IR")
	ks, campaign := oracleKernels(t, visagen.Generate, visagen.Config{Seed: genxirSeed, Kernels: genxirKernels, Insts: genxirInsts})
	runs := runGenXIR(t, genxir, ks, "-dumpcommonisa", "-asmOutput", "out", "-stopafter", "HWConformityChk")
	var insts, diffs int
	mnems := map[string]int{}
	// Differences are listed once per mnemonic (the first, and a count).
	byMnem := map[string]int{}
	var order []string
	mnem := ""
	report := func(k visagen.Kernel, format string, a ...any) {
		diffs++
		if byMnem[mnem]++; byMnem[mnem] == 1 {
			order = append(order, mnem)
			t.Errorf("%s (%s): %s\n\treproduce: %s -genxir DIR", k.Name, k.Platform, fmt.Sprintf(format, a...), k.Repro)
		}
	}
	defer func() {
		for _, m := range order {
			t.Logf("%-20s %5d differences", m, byMnem[m])
		}
	}()
	for _, r := range runs {
		if r.err != nil {
			t.Fatalf("%s: GenX_IR refused a generated kernel: %v\n%s%s\treproduce: %s -genxir DIR", r.k.Name, r.err, r.out, r.errs, r.k.Repro)
		}
		canon := Read(r.k.Name+".genxir.visaasm", r.canon)
		src := Read(r.k.Name+".visaasm", r.k.Text)
		for _, e := range canon.Errors {
			report(r.k, "reading GenX_IR's text: %v", e)
		}
		// GenX_IR's text prints back whole, byte for byte (dump
		// --visaasm). Lines where 12504's printer differs from the model
		// (genxir12504) come back as written.
		if back, _ := printBack(canon); back != string(r.canon) {
			mnem = "(round trip)"
			report(r.k, "GenX_IR's text does not print back as written:\n%s", firstDiff(back, string(r.canon)))
		}
		for _, e := range src.Errors {
			report(r.k, "reading the source: %v", e)
		}
		if len(canon.Streams) != len(src.Streams) {
			report(r.k, "%d bodies in GenX_IR's text, %d in the source", len(canon.Streams), len(src.Streams))
			continue
		}
		for b, cs := range canon.Streams {
			ss := src.Streams[b]
			if cs.NumInsts() != ss.NumInsts() {
				report(r.k, "%d instructions in GenX_IR's text, %d in the source", cs.NumInsts(), ss.NumInsts())
				continue
			}
			var ci, si decoder.Instruction
			for i := range cs.NumInsts() {
				want := cs.Text[i].Text
				if want == "" {
					continue
				}
				insts++
				mnem = baseMnemonic(cs, i)
				if mnem != "label" && mnem != "subroutine" {
					mnems[mnem]++ // labels are lines, not opcodes
				}
				cs.Decode(i, &ci)
				if !ci.HasOperands() && !isLabelText(want) {
					report(r.k, "$%d: GenX_IR's line not parsed: %s", i, want)
					continue
				}
				ss.Decode(i, &si)
				got := ss.Text[i].Text
				if si.HasOperands() {
					c := lineCtx{mnem: mnem, p: r.k.Platform}
					if mnem == "subroutine" {
						c = subroutineCtx(c, ss, &si)
					}
					got = as12504(c, string(si.AppendText(nil)))
				} else {
					report(r.k, "$%d (source line %d): source line not parsed: %s", i, ss.Text[i].Line, got)
					continue
				}
				if got != want {
					report(r.k, "$%d (source line %d): GenX_IR prints\n\t%s\ninfoscope prints\n\t%s", i, ss.Text[i].Line, want, got)
				}
			}
		}
	}
	names := make([]string, 0, len(mnems))
	for m := range mnems {
		names = append(names, m)
	}
	slices.Sort(names)
	t.Logf("genxir: %d kernels, %d instructions, %d mnemonics, %d differences", len(runs), insts, len(mnems), diffs)
	if testing.Verbose() {
		t.Logf("mnemonics: %s", strings.Join(names, " "))
	}
	if !campaign && (insts < 10000 || len(mnems) < 80) {
		t.Errorf("coverage below the bar: %d instructions (want 10,000), %d mnemonics (want 80)", insts, len(mnems))
	}
}

// firstDiff returns the first line where got and want differ, both ways.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		a, b := append(g, "(end)")[min(i, len(g))], append(w, "(end)")[min(i, len(w))]
		if a != b {
			return fmt.Sprintf("line %d: GenX_IR\n\t%s\ninfoscope\n\t%s", i+1, b, a)
		}
	}
	return "(no line differs)"
}

// subroutineCtx adds the label of a SUBROUTINE instruction to c.
func subroutineCtx(c lineCtx, s *decoder.Stream, in *decoder.Instruction) lineCtx {
	for _, a := range in.Args[:in.N] {
		if l, ok := a.(*decoder.LabelRef); ok && int(l.Index) < len(s.Symbols.Labels) {
			c.label, c.labelID = s.Symbols.Labels[l.Index].Name, int(l.Index)
		}
	}
	return c
}

func isLabelText(s string) bool { return strings.HasSuffix(s, ":") }

// TestGenXIRRefused: kernels with instructions the verifier refuses (INFO
// whose exec size and emask pass lane 32). GenX_IR must refuse each
// kernel, and the instructions it names ("Violating Instruction: ... /// $N")
// must be exactly those infoscope diagnoses.
func TestGenXIRRefused(t *testing.T) {
	genxir := visagen.Tool(t, "GenX_IR")
	ks, _ := oracleKernels(t, visagen.Invalid, visagen.Config{Seed: genxirSeed, Kernels: 24, Insts: 48})
	runs := runGenXIR(t, genxir, ks, "-dumpcommonisa", "-asmOutput", "out", "-stopafter", "HWConformityChk")
	refused := 0
	for _, r := range runs {
		var ee *exec.ExitError
		if !errors.As(r.err, &ee) {
			t.Fatalf("%s: GenX_IR accepted a kernel its verifier should refuse (%v)\n%s\treproduce: %s -genxir DIR", r.k.Name, r.err, r.out, r.k.Repro)
		}
		intel, err := violating(r.errs)
		if err != nil {
			t.Fatalf("%s: %v", r.k.Name, err)
		}
		ours := map[int]bool{}
		lines := map[int]bool{}
		f := Read(r.k.Name+".visaasm", r.k.Text)
		for _, s := range f.Streams {
			for _, in := range s.Infos() {
				if len(in.Diagnostics()) > 0 {
					ours[in.Inst] = true
					lines[s.Line(in.Inst)] = true
				}
			}
		}
		if !maps.Equal(intel, ours) {
			t.Errorf("%s: GenX_IR refuses $%v, infoscope diagnoses $%v\n\treproduce: %s -genxir DIR", r.k.Name, sortedKeys(intel), sortedKeys(ours), r.k.Repro)
		}
		for _, l := range r.k.Refused {
			if !lines[l] {
				t.Errorf("%s: line %d is refused by construction, infoscope has no diagnostic there\n\treproduce: %s", r.k.Name, l, r.k.Repro)
			}
		}
		refused += len(intel)
	}
	if refused == 0 {
		t.Fatal("no refused instruction: the comparison proved nothing")
	}
	t.Logf("genxir refused: %d kernels, %d instructions refused by GenX_IR, all diagnosed by infoscope", len(runs), refused)
}

func sortedKeys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestGenXIRWriterCutShort: the vISA object files GenX_IR 1.0.12504 writes
// are cut short (its writer drops each instruction's last operand slots:
// igc-1.0.12504.6 visa/BinaryCISAEmission.cpp, the operand loop to
// min(opnd_count, opnd_num)). Decoding one must give a located error,
// never a panic.
func TestGenXIRWriterCutShort(t *testing.T) {
	genxir := visagen.Tool(t, "GenX_IR")
	ks := visagen.Generate(visagen.Config{Seed: genxirSeed + 1, Kernels: 12, Insts: 24})
	runs := runGenXIR(t, genxir, ks, "-binary", "-output", "-dumpcommonisa", "-asmOutput", "out", "-outputCisaBinaryName", "out.isa")
	files := 0
	for _, r := range runs {
		// Exit 1 is also a spill ("Spill memory used"): the files are
		// written all the same.
		data, err := os.ReadFile(filepath.Join(r.dir, "out.isa"))
		if err != nil {
			t.Logf("%s: GenX_IR wrote no out.isa (%v)", r.k.Name, r.err)
			continue
		}
		files++
		var f *decoder.File
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("%s: decoding GenX_IR's out.isa panics: %v", r.k.Name, p)
				}
			}()
			f = decoder.Decode("out.isa", data, decoder.Options{})
		}()
		if len(f.Errors) == 0 {
			t.Errorf("%s: GenX_IR's cut-short out.isa decodes without an error\n\treproduce: %s -genxir DIR -- -binary -output -dumpcommonisa -asmOutput out -outputCisaBinaryName out.isa", r.k.Name, r.k.Repro)
		}
		for _, e := range f.Errors {
			var fe *decoder.FormatError
			if !errors.As(e, &fe) || fe.Off < 0 || fe.Off >= int64(len(data)) {
				t.Errorf("%s: error without a byte offset in the file: %v", r.k.Name, e)
			}
		}
		if files == 1 && len(f.Errors) > 0 {
			t.Logf("%s: %v", r.k.Name, f.Errors[0])
		}
	}
	t.Logf("genxir writer: %d of %d kernels' out.isa files, each refused with a located error", files, len(runs))
	if files < len(runs)/2 {
		t.Fatalf("GenX_IR compiled only %d of %d kernels", files, len(runs))
	}
}
