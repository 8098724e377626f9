package native

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"infoscope/decoder/internal/visagen"
)

// TestIGAGeneratedKernels compiles the oracle generator's kernels (every
// opcode GenX_IR 1.0.12504 accepts, on SKL, TGLLP and DG2) to Gen assembly
// and reads every .asm: not a line may fail, //.instCount must equal the
// instructions read, and each sampler send's descriptor is compared with
// iga64 -Xdsd as in TestIGASamplerDescriptors.
func TestIGAGeneratedKernels(t *testing.T) {
	genxir := visagen.Tool(t, "GenX_IR")
	iga := visagen.Tool(t, "iga64")
	ctx, cancel := context.WithTimeout(context.Background(), 80*time.Second)
	defer cancel()
	var ks []visagen.Kernel
	for _, p := range []visagen.Platform{visagen.SKL, visagen.TGLLP, visagen.DG2} {
		ks = append(ks, visagen.Generate(visagen.Config{Seed: 20, Kernels: 12, Insts: 40, Platform: p})...)
	}
	tmp := t.TempDir()
	asms := make([][]byte, len(ks))
	errs := make([]error, len(ks))
	parallel(len(ks), max(2, runtime.NumCPU()), func(i int) {
		dir := filepath.Join(tmp, fmt.Sprint(i))
		if errs[i] = os.MkdirAll(dir, 0o755); errs[i] != nil {
			return
		}
		out, err := visagen.Run(ctx, genxir, dir, ks[i], "-output", "-asmOutput", "k")
		// A kernel that spills exits 1 with its .asm written: read it.
		asm, rerr := os.ReadFile(filepath.Join(dir, "k.asm"))
		if rerr != nil {
			// With functions in the kernel GenX_IR ignores -asmOutput and
			// writes ".asm" (intel-tools.md's traps).
			asm, rerr = os.ReadFile(filepath.Join(dir, ".asm"))
		}
		if rerr != nil {
			errs[i] = fmt.Errorf("%s (%s): GenX_IR wrote no .asm: %v: %s", ks[i].Name, ks[i].Platform, err, tail(string(out)))
			return
		}
		asms[i] = asm
	})
	lines, insts, sends, samplers, compiled, unformatted := 0, 0, 0, 0, 0, 0
	mnemonics := map[string]bool{}
	perPlat := map[visagen.Platform]int{}
	diffs := 0
	for i, k := range ks {
		if errs[i] != nil {
			t.Logf("not compiled (not this test's business): %v", errs[i])
			continue
		}
		compiled++
		perPlat[k.Platform]++
		f := Parse(k.Name+".asm", asms[i])
		for _, e := range f.Errors {
			t.Errorf("%s (%s): %v\n\treproduce: %s -genxir DIR -- -output -asmOutput k", k.Name, k.Platform, e, k.Repro)
		}
		// //.instCount counts what IGA formatted, not the lines where it
		// failed ("<<error formatting instruction at PC ...>>").
		formatted := 0
		for _, in := range f.Insts {
			if !in.Unformatted {
				formatted++
			}
		}
		if f.InstCount != formatted {
			t.Errorf("%s (%s): //.instCount %d, %d formatted instructions read\n\treproduce: %s -genxir DIR -- -output -asmOutput k", k.Name, k.Platform, f.InstCount, formatted, k.Repro)
		}
		lines += f.Lines
		insts += len(f.Insts)
		for _, in := range f.Insts {
			if in.Unformatted {
				unformatted++
				continue
			}
			mnemonics[in.Op] = true
		}
		g, _ := GenOf(f.Platform)
		for _, s := range f.Sends() {
			sends++
			if s.Sampler == nil {
				continue
			}
			samplers++
			out, err := igaDecode(ctx, iga, g, s.ExDesc, s.Desc)
			if err != nil {
				t.Fatal(err)
			}
			fields, invalid := parseIGA(out)
			if !s.ExDescImm {
				kept := fields[:0:0]
				for _, f := range fields {
					if f.word != "exdesc" {
						kept = append(kept, f)
					}
				}
				fields = kept
			}
			for _, d := range compareIGA(*s.Sampler, fields, invalid) {
				diffs++
				t.Errorf("%s (%s) line %d: %s\n\treproduce: %s -genxir DIR -- -output -asmOutput k", k.Name, k.Platform, f.Insts[s.Inst].Line, d, k.Repro)
			}
		}
	}
	t.Logf("asm: %d kernels compiled of %d, %d lines, %d instructions (%d IGA could not format), %d mnemonics read; iga64: %d sampler sends of %d sends, %d differences",
		compiled, len(ks), lines, insts, unformatted, len(mnemonics), samplers, sends, diffs)
	// GenX_IR 1.0.12504 crashes on some valid kernels (segmentation
	// faults in its finalizer): what it compiles is read, and each
	// platform must give some.
	for _, p := range []visagen.Platform{visagen.SKL, visagen.TGLLP, visagen.DG2} {
		if perPlat[p] == 0 {
			t.Errorf("no kernel for %s compiled", p)
		}
	}
}
