package model_test

import (
	"encoding/json"
	"fmt"

	"infoscope/decoder"
	"infoscope/model"
)

// The RESINFO of the format doc's §8.1: resinfo.RGBA (M1, 16) T6 V32.0 V33.0.
var resinfo81 = []byte{0x70, 0x0A, 0x04, 0x0F, 0x06, 0x20, 0, 0, 0, 0, 0, 0x21, 0, 0, 0, 0, 0}

func ExampleSimulate() {
	st := decoder.Walk(resinfo81, 0, decoder.WalkOptions{Layout: decoder.LayoutIGC})
	in := st.Info(0)
	env := model.Env{
		Surface:  model.Surface{Type: model.Surface2D, Width: 63, Height: 31, MIPCount: 7},
		LOD:      []uint32{2},
		Dispatch: 0x0000fffe, // lane 0 not dispatched
	}
	r := model.Simulate(in, env)
	for _, l := range r.Lanes[:2] {
		fmt.Printf("lane %d enabled=%v\n", l.Lane, l.Enabled)
		for c, cell := range l.Cells {
			fmt.Printf("  %c %-12v %s\n", "RGBA"[c], cell.State, cell.Formula)
		}
	}
	for _, d := range r.Dst {
		fmt.Printf("%s lanes %s: bytes %d..%d of %s (%s)\n", d.Channel, d.Lanes, d.ByteStart, d.ByteEnd-1, d.Var, d.GRFs)
	}
	// Output:
	// lane 0 enabled=false
	//   R unchanged    lane 0 is disabled: keeps its old contents
	//   G unchanged    lane 0 is disabled: keeps its old contents
	//   B unchanged    lane 0 is disabled: keeps its old contents
	//   A unchanged    lane 0 is disabled: keeps its old contents
	// lane 1 enabled=true
	//   R written      ((63+1)>>2)*(0+1) = 16
	//   G written      ((31+1)>>2)*(0+1) = 8
	//   B written      0
	//   A written      MIPCount = 7
	// R lanes 0-15: bytes 0..63 of V33 (V33+GRF0..1)
	// G lanes 0-15: bytes 64..127 of V33 (V33+GRF2..3)
	// B lanes 0-15: bytes 128..191 of V33 (V33+GRF4..5)
	// A lanes 0-15: bytes 192..255 of V33 (V33+GRF6..7)
}

func ExampleResult_LaneRecords() {
	// sampleinfo.RA (M1_NM, 8) T6 V33.64 (format doc §8.2).
	b := []byte{0x70, 0x0B, 0x83, 0x09, 0x06, 0x21, 0, 0, 0, 0x40, 0}
	st := decoder.Walk(b, 0, decoder.WalkOptions{Layout: decoder.LayoutIGC})
	r := model.Simulate(st.Info(0), model.Env{
		Surface: model.Surface{Type: model.Surface2D, Samples: 4, SamplePaletteIndex: 1},
	})
	recs, _ := json.Marshal(r.LaneRecords()[:2])
	layout, _ := json.Marshal(r.DstLayout())
	fmt.Println(string(recs))
	fmt.Println(string(layout))
	// Output:
	// [{"lane":0,"em_bit":0,"enabled":true,"r":4,"g":null,"b":null,"a":1},{"lane":1,"em_bit":1,"enabled":true,"r":4,"g":null,"b":null,"a":1}]
	// {"var":"V33","offset":64,"grf_bytes":32,"bytes":64,"chunks":[{"channel":"R","lanes":"0-7","var":"V33","byte_start":64,"byte_end":96,"grfs":"V33+GRF2"},{"channel":"A","lanes":"0-7","var":"V33","byte_start":96,"byte_end":128,"grfs":"V33+GRF3"}]}
}

func ExampleLanes() {
	// resinfo.R (M2, 16): exec size 16 starting at EM bit 4.
	b := []byte{0x70, 0x0A, 0x14, 0x01, 0x06, 0x20, 0, 0, 0, 0, 0, 0x21, 0, 0, 0, 0, 0}
	st := decoder.Walk(b, 0, decoder.WalkOptions{Layout: decoder.LayoutIGC})
	lm := model.Lanes(st.Info(0), 0x000000f0)
	fmt.Println("offset", lm.Offset, "enabled", lm.Enabled[:6])
	for _, w := range lm.Notes {
		fmt.Println("note:", w)
	}
	// Output:
	// offset 4 enabled [true true true true false false]
	// note: lane offset 4 (M2) is not a multiple of exec size 16: the spec requires alignment (the verifier does not check it)
}

func ExampleParseSurfaceFile() {
	f, err := parse(`{"lod": [1], "surfaces": {"T6": {"type": "2d", "width": 70000}}}`)
	fmt.Println(f, err)
	f, _ = parse(`{"dispatch_mask": "0xff", "surfaces": {"img": {"type": "cube", "buffer_size": 96}}}`)
	fmt.Println(f.DispatchMask, f.LOD, f.Surfaces["img"].Type.Label(), f.Surfaces["img"].BufferSize)
	// Output:
	// <nil> surfaces.json: surfaces.T6.width: 70000 out of range 0..16383
	// 0x000000ff [0] CUBE 96
}

// parse parses a surface file named surfaces.json.
func parse(s string) (*model.SurfaceFile, error) {
	return model.ParseSurfaceFile("surfaces.json", []byte(s))
}

func ExampleSurfaceFields() {
	s := model.DefaultSurface()
	for _, f := range model.SurfaceFields()[:4] {
		fmt.Printf("%-8s %5d  %s\n", f.Label, s.Get(f.Key), f.Means(s))
	}
	// Output:
	// Width       63  64 texels
	// Height      31  32 texels
	// Depth        0  1 (unused for 2d)
	// MIPCount     7  8 mip levels (A returns 7)
}

func ExampleExecMask() {
	m := model.AllLanes.Toggle(0).Toggle(31)
	fmt.Println(m, m.Count(), m.Lane(0), m.Lane(1))
	p, err := model.ParseExecMask("0x0000ffff")
	fmt.Println(p, err)
	// Output:
	// 0x7ffffffe 30 false true
	// 0x0000ffff <nil>
}
