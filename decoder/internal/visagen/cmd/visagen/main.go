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
// arguments after "--"), printing GenX_IR's output; DIR then holds
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
	o, err := parse(os.Args[1:])
	if err == nil {
		err = run(o)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "visagen:", err)
		os.Exit(1)
	}
}

// opts is what the command line asks for.
type opts struct {
	cfg     visagen.Config // Kernels is the kernel number + 1
	invalid bool
	dir     string   // -genxir
	args    []string // GenX_IR's arguments
}

func parse(argv []string) (opts, error) {
	fs := flag.NewFlagSet("visagen", flag.ContinueOnError)
	seed := fs.Uint64("seed", 22, "generator seed (the tests': TestGenXIR 22, TestGenXIRWriterCutShort 23, TestIGAGeneratedKernels 20)")
	kernel := fs.Int("kernel", 0, "kernel number (the K of gen_SEED_K)")
	insts := fs.Int("insts", 64, "instructions per kernel")
	platform := fs.String("platform", "", "SKL, TGLLP or DG2 (default: by kernel number, as the tests cycle them)")
	invalid := fs.Bool("invalid", false, "a kernel with instructions the verifier refuses (TestGenXIRRefused)")
	dir := fs.String("genxir", "", "also run GenX_IR on the kernel in this folder")
	if err := fs.Parse(argv); err != nil {
		return opts{}, err
	}
	o := opts{cfg: visagen.Config{Seed: *seed, Kernels: *kernel + 1, Insts: *insts, Platform: visagen.Platform(*platform)}, invalid: *invalid, dir: *dir, args: fs.Args()}
	switch o.cfg.Platform {
	case "", visagen.SKL, visagen.TGLLP, visagen.DG2:
	default:
		return o, fmt.Errorf("unknown platform %q (SKL, TGLLP, DG2)", *platform)
	}
	if *kernel < 0 {
		return o, fmt.Errorf("kernel number %d: not 0 or more", *kernel)
	}
	return o, nil
}

// kernel is the kernel the options name.
func (o opts) kernel() visagen.Kernel {
	if o.invalid {
		return visagen.Invalid(o.cfg)[o.cfg.Kernels-1]
	}
	return visagen.Generate(o.cfg)[o.cfg.Kernels-1]
}

func run(o opts) error {
	k := o.kernel()
	if o.dir == "" {
		_, err := os.Stdout.Write(k.Text)
		return err
	}
	genxir, err := exec.LookPath("GenX_IR")
	if err != nil {
		return fmt.Errorf("%v (Debian: apt-get install libigc-tools)", err)
	}
	dir, args := o.dir, o.args
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
