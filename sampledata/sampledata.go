// Package sampledata embeds the sample vISA files that infoscope opens when
// it is started without a file, and that the decoder's tests and fuzz
// targets use as seeds.
//
// The files are written by the command sampledata/cmd/gensamples (run
// "go generate ./sampledata"), which describes each one; a test checks that the committed files are
// exactly what the generator writes:
//
//   - kernels.isa: a version 4.1 object file with two kernels and a
//     function, dozens of ordinary instructions of many opcodes between
//     RESINFO and SAMPLEINFO instructions (exec sizes 4/8/16/32, all sixteen
//     mask controls, several channel masks, predefined and declared surfaces).
//   - legacy_v33.isa: a version 3.3 object file (narrow ids, UB num_inputs,
//     UB name_len).
//   - stream_igc.bin, stream_seed.bin: raw instruction streams in the igc and
//     seed INFO layouts; auto-detection picks each one's own layout.
//   - stream.hex: an igc stream as xxd hex text.
//   - damaged.isa: an object file whose second kernel holds a reserved
//     opcode; the first kernel still decodes; the third ("suspect") decodes
//     but each of its three INFO has a diagnostic (channel mask 0, a surface
//     outside the table, exec size + lane offset past 32).
//
// hostile.go generates, rather than embeds, the inputs built to make a
// careless decoder spend memory or time out of proportion to their size
// (AmplifiedObject, OneByteInstructions) and the large mixed streams the
// benchmarks and scripts/bench-dump.sh time (MixedStream), so that every
// package's tests use the same bytes. The commands under cmd/ write them as
// files for people and scripts: gensamples (the embedded samples),
// geninputs (the mixed stream and the hostile inputs), and gendumps (dump
// folders from package dumpgen).
package sampledata

import (
	"embed"
	"io/fs"
	"sort"
)

//go:generate go run ./cmd/gensamples -o .

//go:embed *.isa *.bin *.hex
var files embed.FS

// Names returns the names of the embedded samples, sorted.
func Names() []string {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		return nil
	}
	out := make([]string, 0, len(entries))
	for _, e := range entries {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

// Read returns the bytes of the sample called name (a fresh copy the caller
// may modify). An unknown name gives an error wrapping fs.ErrNotExist.
func Read(name string) ([]byte, error) {
	return files.ReadFile(name)
}
