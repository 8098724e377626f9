// Command visagen prints a kernel of the oracle tests' generator
// (decoder/internal/visagen), so that a failure naming a generated kernel
// ("gen_22_5 (DG2): ...") can be reproduced by hand with Intel's GenX_IR.
// The oracle tests' failure messages give the command line; from the
// module's root:
//
//	go run ./decoder/internal/visagen/cmd/visagen -seed 22 -kernel 5 -insts 64
//
// prints the .visaasm text of kernel 5 of seed 22 (the platform cycles DG2,
// TGLLP, SKL by kernel unless -platform names one; -invalid gives the
// kernels the verifier must refuse). With -genxir DIR it also writes the
// kernel to DIR/k.visaasm and runs GenX_IR there as TestGenXIR does
// (-dumpcommonisa -asmOutput out -stopafter HWConformityChk, or the
// arguments after the flags), printing GenX_IR's output; DIR then holds
// GenX_IR's print of the kernel (out.visaasm, or .visaasm and _fK.visaasm
// when the kernel has functions) and out.errors.txt when it refused it.
// DIR must be a folder of its own: GenX_IR writes files into it.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"

	"infoscope/decoder/internal/visagen"
)

func main() {
	seed := flag.Uint64("seed", 22, "generator seed (the tests': TestGenXIR 22, TestGenXIRWriterCutShort 23, TestIGAGeneratedKernels 20)")
	kernel := flag.Int("kernel", 0, "kernel number (the K of gen_SEED_K)")
	insts := flag.Int("insts", 64, "instructions per kernel")
	platform := flag.String("platform", "", "SKL, TGLLP or DG2 (default: by kernel number, as the tests cycle them)")
	invalid := flag.Bool("invalid", false, "a kernel with instructions the verifier refuses (TestGenXIRRefused)")
	dir := flag.String("genxir", "", "also run GenX_IR on the kernel in this folder")
	flag.Parse()
	if err := run(visagen.Config{Seed: *seed, Kernels: *kernel + 1, Insts: *insts, Platform: visagen.Platform(*platform)}, *invalid, *dir, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "visagen:", err)
		os.Exit(1)
	}
}

func run(cfg visagen.Config, invalid bool, dir string, args []string) error {
	switch cfg.Platform {
	case "", visagen.SKL, visagen.TGLLP, visagen.DG2:
	default:
		return fmt.Errorf("unknown platform %q (SKL, TGLLP, DG2)", cfg.Platform)
	}
	if cfg.Kernels < 1 {
		return fmt.Errorf("kernel number %d: not 0 or more", cfg.Kernels-1)
	}
	var ks []visagen.Kernel
	if invalid {
		ks = visagen.Invalid(cfg)
	} else {
		ks = visagen.Generate(cfg)
	}
	k := ks[len(ks)-1]
	if dir == "" {
		_, err := os.Stdout.Write(k.Text)
		return err
	}
	genxir, err := exec.LookPath("GenX_IR")
	if err != nil {
		return fmt.Errorf("%v (Debian: apt-get install libigc-tools)", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if len(args) == 0 {
		args = []string{"-dumpcommonisa", "-asmOutput", "out", "-stopafter", "HWConformityChk"}
	}
	fmt.Printf("%s (%s), %d instruction lines: GenX_IR k.visaasm -platform %s %v in %s\n", k.Name, k.Platform, k.Insts, k.Platform, args, dir)
	out, err := visagen.Run(context.Background(), genxir, dir, k, args...)
	os.Stdout.Write(out)
	if err != nil {
		return fmt.Errorf("GenX_IR: %v", err)
	}
	return nil
}
