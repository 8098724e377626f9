// Command benchstream writes the large raw stream of mixed instructions
// that scripts/bench-dump.sh times: SIZE bytes (as --max-input reads it;
// default 64M) of the embedded samples' instructions (ALU, sends, LSC,
// control flow, about 22% INFO; igc layout) in a fixed pseudo-random
// order, the same bytes on every run. From the module's root:
//
//	go run ./sampledata/cmd/benchstream -size 64M -o stream.bin
package main

import (
	"flag"
	"fmt"
	"os"

	"infoscope/sampledata"
	"infoscope/sampledata/templates"
	"infoscope/tui/cli"
)

func main() {
	size := cli.Size(64 << 20)
	flag.Var(&size, "size", "bytes to write, at least (as --max-input reads it: 64M, 32MiB, ...)")
	out := flag.String("o", "", "file to write (required)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: benchstream [-size SIZE] -o FILE")
		os.Exit(2)
	}
	tpl, err := templates.Mixed()
	if err == nil {
		err = os.WriteFile(*out, sampledata.MixedStream(int(size), tpl), 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchstream:", err)
		os.Exit(1)
	}
}
