// Command geninputs writes the inputs package sampledata generates rather
// than embeds, as files, for scripts and for trying the front ends on them
// by hand. From the module's root:
//
//	go run ./sampledata/cmd/geninputs [-size SIZE] -o DIR [NAME...]
//
// writes each NAME (default: all) into DIR:
//
//   - mixed.bin: a raw stream of SIZE bytes (at least) of the embedded
//     samples' instructions (ALU, sends, LSC, control flow, about 22% INFO;
//     igc layout) in a fixed pseudo-random order: the stream
//     scripts/bench-dump.sh times;
//   - onebyte.bin: SIZE bytes of one-byte instructions;
//   - carrays.c: a C source of about SIZE bytes of three-byte arrays;
//   - cisa.c: a C source of one array holding the "CISA" magic over and
//     over, about SIZE bytes;
//   - amplified.isa: 1,000 function entries on one 64 KiB body of one-byte
//     instructions (80 KB; issue 13), whatever SIZE says.
//
// The last four are the hostile inputs the limit tests attack (the peak
// RSS a byte of `infoscope dump - < FILE` in docs/benchmarks.md). SIZE is
// read as --max-input reads it (64M, 16MiB, ...; default 64 MiB). The
// same bytes on every run.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"infoscope/sampledata"
	"infoscope/sampledata/templates"
	"infoscope/tui/cli"
)

// input is one file: its name, and how it is made for a size n.
type input struct {
	name string
	make func(n int) ([]byte, error)
}

var inputs = []input{
	{"mixed.bin", func(n int) ([]byte, error) { return sampledata.MixedStream(n, templates.Mixed()), nil }},
	{"onebyte.bin", func(n int) ([]byte, error) { return sampledata.OneByteInstructions(n), nil }},
	{"carrays.c", func(n int) ([]byte, error) {
		// ManyCArrays takes a count of lines of about 57 bytes.
		return sampledata.ManyCArrays(max(n/len(sampledata.ManyCArrays(1000))*1000, 1)), nil
	}},
	{"cisa.c", func(n int) ([]byte, error) { return sampledata.RepeatedMagicCArray(max(n/20, 1)), nil }},
	{"amplified.isa", func(int) ([]byte, error) {
		return sampledata.AmplifiedObject(1000, bytes.Repeat([]byte{0x59}, 64<<10)), nil
	}},
}

func main() {
	size := cli.Size(64 << 20)
	flag.Var(&size, "size", "bytes of each sized input, about (as --max-input reads it: 64M, 16MiB, ...)")
	out := flag.String("o", "", "folder to write into (required)")
	flag.Parse()
	names := flag.Args()
	for _, n := range names {
		if !slices.ContainsFunc(inputs, func(in input) bool { return in.name == n }) {
			usage(fmt.Sprintf("no input named %q", n))
		}
	}
	if *out == "" {
		usage("no -o DIR")
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fail(err)
	}
	for _, in := range inputs {
		if len(names) > 0 && !slices.Contains(names, in.name) {
			continue
		}
		data, err := in.make(int(size))
		if err != nil {
			fail(err)
		}
		path := filepath.Join(*out, in.name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			fail(err)
		}
		fmt.Printf("%s: %d bytes\n", path, len(data))
	}
}

func usage(why string) {
	fmt.Fprintf(os.Stderr, "geninputs: %s\nusage: geninputs [-size SIZE] -o DIR [NAME...]; names:", why)
	for _, in := range inputs {
		fmt.Fprint(os.Stderr, " ", in.name)
	}
	fmt.Fprintln(os.Stderr)
	os.Exit(2)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "geninputs:", err)
	os.Exit(1)
}
