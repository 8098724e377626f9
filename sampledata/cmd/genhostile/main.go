// Command genhostile writes the hostile inputs of package sampledata, the
// bytes the limit tests of every package attack, as files, so that the
// front ends can be tried and measured on them by hand (docs/benchmarks.md,
// the peak RSS a byte of `infoscope dump - < FILE`). From the module's
// root:
//
//	go run ./sampledata/cmd/genhostile -size 16MiB -o DIR
//
// writes into DIR:
//
//   - amplified.isa: 1,000 function entries on one 64 KiB body of one-byte
//     instructions (80 KB; issue 13), whatever -size says;
//   - onebyte.bin: SIZE bytes of one-byte instructions;
//   - carrays.c: a C source of about SIZE bytes of three-byte arrays;
//   - cisa.c: a C source of one array holding the "CISA" magic over and
//     over, about SIZE bytes.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"infoscope/sampledata"
	"infoscope/tui/cli"
)

func main() {
	size := cli.Size(16 << 20)
	flag.Var(&size, "size", "bytes of each sized input, about (as --max-input reads it: 16MiB, 4M, ...)")
	out := flag.String("o", "", "folder to write into (required)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 || size < 64 {
		fmt.Fprintln(os.Stderr, "usage: genhostile [-size SIZE] -o DIR")
		os.Exit(2)
	}
	n := int(size)
	// The C generators take counts: one array line is about 56 bytes,
	// one magic 20.
	arrays := n / len(sampledata.ManyCArrays(1000)) * 1000
	files := []struct {
		name string
		data []byte
	}{
		{"amplified.isa", sampledata.AmplifiedObject(1000, bytes.Repeat([]byte{0x59}, 64<<10))},
		{"onebyte.bin", sampledata.OneByteInstructions(n)},
		{"carrays.c", sampledata.ManyCArrays(max(arrays, 1))},
		{"cisa.c", sampledata.RepeatedMagicCArray(max(n/20, 1))},
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fail(err)
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(*out, f.name), f.data, 0o644); err != nil {
			fail(err)
		}
		fmt.Printf("%s: %d bytes\n", filepath.Join(*out, f.name), len(f.data))
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "genhostile:", err)
	os.Exit(1)
}
