package index_test

import (
	"fmt"

	"infoscope/decoder"
	"infoscope/model/index"
)

// An index over a decoded stream, filtered as the inspector's / key and
// dump --filter do: each session keeps its own view of the shared index.
func Example() {
	// Two igc-layout SAMPLEINFO.RGBA (M1, 16) T6: the second to V34.0 with
	// exec size 8.
	data := []byte{
		0x70, 0x0b, 0x04, 0x0f, 0x06, 0x21, 0, 0, 0, 0, 0,
		0x70, 0x0b, 0x03, 0x0f, 0x06, 0x22, 0, 0, 0, 0, 0,
	}
	x := index.New([]*decoder.File{decoder.Decode("s.bin", data, decoder.Options{Layout: decoder.LayoutIGC})})
	f, err := index.ParseFilter("sampleinfo exec:8")
	if err != nil {
		panic(err)
	}
	for _, row := range x.View(f) {
		l := x.Loc(int(row))
		fmt.Printf("row %d: 0x%x %s\n", row, x.Info(l).Off, x.Info(l).Text())
	}
	_, err = index.ParseFilter("sampleinfo exec:7")
	fmt.Println(err)
	// Output:
	// row 1: 0xb sampleinfo.RGBA (M1, 8)  T6 V34.0
	// filter: column 17: want 1, 2, 4, 8, 16 or 32 lanes, found "7"
}
