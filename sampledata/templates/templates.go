// Package templates gives the encoded instructions of the embedded samples,
// from which sampledata.MixedStream builds large raw streams for benchmarks
// and differential tests. It is apart from sampledata because it decodes
// the samples, and the decoder's own tests import sampledata.
package templates

import (
	"fmt"

	"infoscope/decoder"
	"infoscope/sampledata"
)

// Mixed returns the bytes of every instruction of the kernels.isa and
// stream_igc.bin samples (igc layout, version 4.1), in order: ALU with
// every operand class, INFO, sends, sampler, LSC, control flow. The
// samples are embedded and checked by this package's tests: one that does
// not decode is a broken build, and Mixed panics.
func Mixed() [][]byte {
	var all [][]byte
	for _, name := range []string{"kernels.isa", "stream_igc.bin"} {
		data, err := sampledata.Read(name)
		if err != nil {
			panic(err)
		}
		f := decoder.Decode(name, data, decoder.Options{Layout: decoder.LayoutIGC})
		if len(f.Errors) > 0 {
			panic(fmt.Sprintf("sample %s: %v", name, f.Errors[0]))
		}
		for _, s := range f.Streams {
			for i := range s.NumInsts() {
				all = append(all, s.InstBytes(i))
			}
		}
	}
	return all
}
