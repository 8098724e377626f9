package model

import (
	"strings"
	"testing"
)

// TestHWRules covers the hardware notes' table beside the spec's: every
// place they part (CUBE R, the SurfaceArray bit, BUFFER, Surface Min LOD),
// worked by hand, and that the spec's table stays the default.
func TestHWRules(t *testing.T) {
	base := Surface{Width: 63, Height: 31, Depth: 5, MIPCount: 7, QuiltWidth: 1, QuiltHeight: 2, BufferSize: 4096}
	tests := []struct {
		name      string
		typ       SurfaceType
		array     uint32
		minLOD    uint32
		spec, hw  [4]uint64
		differ    string // channels whose cells differ
		srcSubstr string // in the Source of a differing cell
	}{
		{"1d", Surface1D, 0, 0, [4]uint64{16, 0, 0, 7}, [4]uint64{16, 0, 0, 7}, "", ""},
		{"1d array bit", Surface1D, 1, 0, [4]uint64{16, 0, 0, 7}, [4]uint64{16, 6, 0, 7}, "G", "FoldResInfoValue"},
		{"1d_array without the bit", Surface1DArray, 0, 0, [4]uint64{16, 6, 0, 7}, [4]uint64{16, 0, 0, 7}, "G", "SurfaceArray 0 makes RESINFO report an array size of 0"},
		{"1d_array with the bit", Surface1DArray, 1, 0, [4]uint64{16, 6, 0, 7}, [4]uint64{16, 6, 0, 7}, "", ""},
		{"2d", Surface2D, 0, 0, [4]uint64{32, 24, 0, 7}, [4]uint64{32, 24, 0, 7}, "", ""},
		{"2d_array without the bit", Surface2DArray, 0, 0, [4]uint64{32, 24, 6, 7}, [4]uint64{32, 24, 0, 7}, "B", "Mesa"},
		{"3d", Surface3D, 1, 0, [4]uint64{16, 8, 1, 7}, [4]uint64{16, 8, 1, 7}, "", ""},
		{"cube", SurfaceCube, 1, 0, [4]uint64{4096, 8, 6, 7}, [4]uint64{16, 8, 6, 7}, "R", "FoldResInfoValue"},
		{"cube without the bit", SurfaceCube, 0, 0, [4]uint64{4096, 8, 6, 7}, [4]uint64{16, 8, 0, 7}, "RB", "IGC"},
		{"buffer", SurfaceBuffer, 0, 0, [4]uint64{U, U, U, U}, [4]uint64{4096, 0, 0, 0}, "RGBA", "FoldResInfoValue"},
		{"min lod", Surface3D, 0, 1, [4]uint64{16, 8, 1, 7}, [4]uint64{8, 4, 0, 7}, "RGB", "Sandy Bridge PRM"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := base
			s.Type, s.SurfaceArray, s.MinLOD = tc.typ, tc.array, tc.minLOD
			in := resinfo(t, 0x03, 0xF)
			def := Simulate(in, Env{Surface: s, LOD: []uint32{2}, Dispatch: AllLanes})
			spec := Simulate(in, Env{Surface: s, LOD: []uint32{2}, Dispatch: AllLanes, Rules: RulesSpec})
			hw := Simulate(in, Env{Surface: s, LOD: []uint32{2}, Dispatch: AllLanes, Rules: RulesHW})
			if def.Rules != RulesSpec || hw.Rules != RulesHW {
				t.Fatalf("rules %v %v", def.Rules, hw.Rules)
			}
			checkCells(t, def.Lanes[0], tc.spec)
			checkCells(t, spec.Lanes[0], tc.spec)
			checkCells(t, hw.Lanes[0], tc.hw)
			for c := range 4 {
				want := strings.Contains(tc.differ, channelNames[c])
				sc, hc := spec.Lanes[0].Cells[c], hw.Lanes[0].Cells[c]
				if sc.Differs != want || hc.Differs != want {
					t.Errorf("%s: differs spec %v hw %v, want %v", channelNames[c], sc.Differs, hc.Differs, want)
					continue
				}
				if !want {
					if sc.Source != "" {
						t.Errorf("%s: source %q on a cell that agrees", channelNames[c], sc.Source)
					}
					continue
				}
				// Each side carries the other's result and the source.
				if sc.Other.State != hc.State || sc.Other.Value != hc.Value || sc.Other.Formula != hc.Formula {
					t.Errorf("%s: spec's other %+v, hw cell %+v", channelNames[c], sc.Other, hc)
				}
				if hc.Other.State != sc.State || hc.Other.Value != sc.Value {
					t.Errorf("%s: hw's other %+v, spec cell %+v", channelNames[c], hc.Other, sc)
				}
				if !strings.Contains(sc.Source, tc.srcSubstr) || sc.Source != hc.Source {
					t.Errorf("%s: source %q / %q, want it to name %q", channelNames[c], sc.Source, hc.Source, tc.srcSubstr)
				}
			}
		})
	}
}

func TestHWRulesFormulas(t *testing.T) {
	s := Surface{Type: SurfaceCube, Width: 63, Height: 31, Depth: 1, MIPCount: 3, MinLOD: 2}
	r := Simulate(resinfo(t, 0x03, 0xF), Env{Surface: s, LOD: []uint32{1}, Dispatch: AllLanes, Rules: RulesHW})
	c := r.Lanes[0].Cells
	if c[0].Formula != "(63+1)>>(1+2) = 8" || c[2].Formula != "SurfaceArray 0: array size 0" {
		t.Errorf("formulas %q %q", c[0].Formula, c[2].Formula)
	}
	if !strings.Contains(c[3].Formula, "MIPCount = 3") || c[3].Differs {
		t.Errorf("A: %+v", c[3])
	}
	// LOD 1 + MinLOD 2 = 3 is MIPCount: not beyond; LOD 2 is.
	if hasWarning(r.Warnings, "beyond MIPCount") {
		t.Errorf("warnings %q", r.Warnings)
	}
	r = Simulate(resinfo(t, 0x03, 0xF), Env{Surface: s, LOD: []uint32{2}, Dispatch: AllLanes, Rules: RulesHW})
	if !hasWarning(r.Warnings, "LOD+MinLOD 2 beyond MIPCount 3") {
		t.Errorf("warnings %q", r.Warnings)
	}
	// The spec's table ignores MinLOD.
	r = Simulate(resinfo(t, 0x03, 0xF), Env{Surface: s, LOD: []uint32{2}, Dispatch: AllLanes})
	if hasWarning(r.Warnings, "beyond") || r.Lanes[0].Cells[1].Value != 8 {
		t.Errorf("spec: %q %+v", r.Warnings, r.Lanes[0].Cells[1])
	}
	// SAMPLEINFO agrees under both rules.
	s.Type = Surface2D
	s.Samples = 4
	r = Simulate(sampleinfo(t, 0x03, 0xF), Env{Surface: s, Dispatch: AllLanes, Rules: RulesHW})
	for _, c := range r.Lanes[0].Cells {
		if c.Differs {
			t.Errorf("sampleinfo cell differs: %+v", c)
		}
	}
}

func TestParseRules(t *testing.T) {
	for _, r := range []Rules{RulesSpec, RulesHW} {
		if got, err := ParseRules(r.String()); err != nil || got != r {
			t.Errorf("%v: %v %v", r, got, err)
		}
	}
	if _, err := ParseRules("mesa"); err == nil || !strings.Contains(err.Error(), "want spec") {
		t.Errorf("mesa: %v", err)
	}
}
