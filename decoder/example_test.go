package decoder_test

import (
	"fmt"

	"infoscope/decoder"
)

// Decode the RESINFO of format doc §8.1 as a raw instruction stream and
// print its text and its bit-field spans.
func ExampleDecode() {
	code := []byte{0x70, 0x0A, 0x04, 0x0F, 0x06, 0x20, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, 0x00, 0x00, 0x00, 0x00, 0x00}
	f := decoder.Decode("resinfo.bin", code, decoder.Options{})
	fmt.Println(f.Layout, "-", f.LayoutReason)
	in := f.Streams[0].Info(0)
	fmt.Println(in.Text())
	for _, fl := range in.Fields() {
		fmt.Printf("%-12s byte %2d bit %d %2d bits = %-3d %s\n", fl.Name, fl.Byte, fl.Bit, fl.Bits, fl.Raw, fl.Meaning)
	}
	// Output:
	// igc - auto: igc decodes all 17 bytes; seed stops at byte 0x10
	// resinfo.RGBA (M1, 16)  T6 V32.0 V33.0
	// opcode       byte  0 bit 0  8 bits = 112 INFO (0x70)
	// sub_op       byte  1 bit 0  8 bits = 10  resinfo
	// exec_size    byte  2 bit 0  4 bits = 4   16 lanes
	// mask_control byte  2 bit 4  4 bits = 0   M1: lanes read EM bits 0..15
	// channel_mask byte  3 bit 0  4 bits = 15  RGBA
	// reserved     byte  3 bit 4  4 bits = 0   reserved (0)
	// surface      byte  4 bit 0  8 bits = 6   T6
	// lod.id       byte  5 bit 0 32 bits = 32  V32
	// lod.offset   byte  9 bit 0 16 bits = 0   byte 0
	// dst.id       byte 11 bit 0 32 bits = 33  V33
	// dst.offset   byte 15 bit 0 16 bits = 0   byte 0
}
