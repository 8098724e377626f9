// Command gendumps writes the pair of dump folders of vISA text that the
// diff benchmarks compare (sampledata/dumpgen): DIR/a, a build of KERNELS
// generated kernels, and DIR/b, the same build changed as a compiler change
// changes one (in every kernel an instruction inserted near the top,
// renumbering every later variable and $N, and one immediate edited). The
// same bytes on every run, so the command itself can be timed on them by
// hand. From the module's root:
//
//	go run ./sampledata/cmd/gendumps -o DIR
//	time infoscope diff DIR/a DIR/b >/dev/null
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"infoscope/sampledata/dumpgen"
)

func main() {
	out := flag.String("o", "", "folder to write a/ and b/ into (required)")
	seed := flag.Uint64("seed", 1, "generator seed")
	kernels := flag.Int("kernels", 60, "kernels in each build")
	insts := flag.Int("insts", 1900, "instructions per kernel (about)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 || *kernels < 1 || *insts < 1 {
		fmt.Fprintln(os.Stderr, "usage: gendumps [-seed N] [-kernels N] [-insts N] -o DIR")
		os.Exit(2)
	}
	a := dumpgen.Build(*seed, *kernels, *insts)
	b, added, changed := dumpgen.Change(a)
	for _, set := range []struct {
		dir string
		ks  []dumpgen.Kernel
	}{{"a", a}, {"b", b}} {
		dir := filepath.Join(*out, set.dir)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			fail(err)
		}
		for _, k := range set.ks {
			if err := os.WriteFile(filepath.Join(dir, k.Name+".visaasm"), []byte(k.Text), 0o644); err != nil {
				fail(err)
			}
		}
	}
	fmt.Printf("%s/a, %s/b: %d kernels each; b has %d instructions added, %d changed\n", *out, *out, *kernels, added, changed)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gendumps:", err)
	os.Exit(1)
}
