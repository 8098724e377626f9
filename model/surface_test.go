package model

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestSurfaceTypes(t *testing.T) {
	want := []struct{ file, label string }{
		{"1d", "1D"}, {"1d_array", "1D_array"}, {"2d", "2D"}, {"2d_array", "2D_array"}, {"3d", "3D"}, {"cube", "CUBE"}, {"buffer", "BUFFER"},
	}
	all := []SurfaceType{Surface1D, Surface1DArray, Surface2D, Surface2DArray, Surface3D, SurfaceCube, SurfaceBuffer}
	if !slices.Equal(SurfaceTypes(), all) {
		t.Errorf("SurfaceTypes() = %v", SurfaceTypes())
	}
	for i, typ := range all {
		if typ.String() != want[i].file || typ.Label() != want[i].label {
			t.Errorf("%d: %q %q", typ, typ.String(), typ.Label())
		}
		for _, s := range []string{want[i].file, want[i].label, strings.ToUpper(want[i].file)} {
			if got, err := ParseSurfaceType(s); err != nil || got != typ {
				t.Errorf("parse %q: %v %v", s, got, err)
			}
		}
	}
	for _, s := range []string{"", "2", "2d ", "buf", "cube_array", "1darray"} {
		if _, err := ParseSurfaceType(s); err == nil || !strings.Contains(err.Error(), "expected one of 1d, 1d_array, 2d, 2d_array, 3d, cube, buffer") {
			t.Errorf("%q: %v", s, err)
		}
	}
	if SurfaceType(9).String() != "type(9)" || SurfaceType(9).Label() != "type(9)" {
		t.Error("out-of-enum type name")
	}
}

// TestFieldRanges checks each field's maximum (the documented widths) via
// Set, Validate and Get.
func TestFieldRanges(t *testing.T) {
	want := map[string]uint32{
		"width": 16383, "height": 16383, "depth": 2047, "mip_count": 15, "quilt_width": 31,
		"quilt_height": 31, "buffer_size": 1<<32 - 1, "samples": 16, "sample_palette_index": 7,
		"surface_array": 1, "min_lod": 15,
	}
	fields := SurfaceFields()
	if len(fields) != len(want) {
		t.Fatalf("%d fields", len(fields))
	}
	for _, f := range fields {
		if f.Max != want[f.Key] {
			t.Errorf("%s: max %d, want %d", f.Key, f.Max, want[f.Key])
		}
		if f.Label == "" || f.Means == nil {
			t.Errorf("%s: label %q, means %v", f.Key, f.Label, f.Means != nil)
		}
		var s Surface
		if err := s.Set(f.Key, f.Max); err != nil || s.Get(f.Key) != f.Max || s.Validate() != nil {
			t.Errorf("%s: set max: %v", f.Key, err)
		}
		if f.Max < 1<<32-1 {
			before := s
			err := s.Set(f.Key, f.Max+1)
			if err == nil || err.Error() != f.Key+": "+itoa(f.Max+1)+" out of range 0.."+itoa(f.Max) {
				t.Errorf("%s: set max+1: %v", f.Key, err)
			}
			if s != before {
				t.Errorf("%s: refused Set changed the surface", f.Key)
			}
		}
	}
	s := DefaultSurface()
	if err := s.Set("nope", 1); err == nil {
		t.Error("unknown key accepted")
	}
	if s.Get("nope") != 0 {
		t.Error("unknown key has a value")
	}
	if err := s.Set("type", uint32(SurfaceCube)); err != nil || s.Type != SurfaceCube || s.Get("type") != uint32(SurfaceCube) {
		t.Errorf("type: %v %v", err, s.Type)
	}
	if err := s.Set("type", 7); err == nil || s.Type != SurfaceCube {
		t.Errorf("type 7: %v", err)
	}
	if err := s.Set("type", 256); err == nil {
		t.Error("type 256 accepted")
	}
	bad := Surface{Type: Surface2D, Width: 70000}
	if err := bad.Validate(); err == nil || err.Error() != "width: 70000 out of range 0..16383" {
		t.Errorf("validate: %v", err)
	}
	if err := (Surface{Type: 7}).Validate(); err == nil {
		t.Error("type 7 valid")
	}
	if err := DefaultSurface().Validate(); err != nil {
		t.Errorf("default: %v", err)
	}
}

func itoa(v uint32) string { return strconv.FormatUint(uint64(v), 10) }

func TestMeans(t *testing.T) {
	s := Surface{Type: Surface2D, Width: 63, Height: 31, Depth: 3, MIPCount: 6, QuiltWidth: 1, QuiltHeight: 0, BufferSize: 512, Samples: 4, SamplePaletteIndex: 2}
	means := func(s Surface) map[string]string {
		m := map[string]string{}
		for _, f := range SurfaceFields() {
			m[f.Key] = f.Means(s)
		}
		return m
	}
	tests := []struct {
		typ  SurfaceType
		want map[string]string
	}{
		{Surface2D, map[string]string{
			"width": "64 texels", "height": "32 texels", "depth": "4 (unused for 2d)",
			"mip_count": "7 mip levels (A returns 6)", "quilt_width": "x2, 2 across", "quilt_height": "x1, 1 down",
			"buffer_size": "512, CUBE R returns it as is (unused for 2d)", "samples": "4 samples",
			"sample_palette_index": "palette index 2",
		}},
		{Surface1D, map[string]string{
			"height": "32 texels (unused for 1d)", "depth": "4 (unused for 1d)", "quilt_width": "x2, 2 across (unused for 1d)",
			"samples": "4 samples (sampleinfo defines it for 2d only)",
		}},
		{Surface1DArray, map[string]string{"depth": "4 array slices", "height": "32 texels (unused for 1d_array)"}},
		{Surface2DArray, map[string]string{"depth": "4 array slices", "quilt_height": "x1, 1 down"}},
		{Surface3D, map[string]string{"depth": "4 texels", "quilt_width": "x2, 2 across (unused for 3d)"}},
		{SurfaceBuffer, map[string]string{"buffer_size": "512, R returns it as is (hardware notes)", "width": "64 texels (unused for buffer)",
			"surface_array": "off (hw rules: array size 0)", "min_lod": "0 (hw rules: added to LOD)"}},
		{SurfaceCube, map[string]string{"depth": "4 cubes", "width": "64 texels (spec: unused for cube; hw rules: R)", "buffer_size": "512, CUBE R returns it as is"}},
	}
	for _, tc := range tests {
		s.Type = tc.typ
		got := means(s)
		for k, w := range tc.want {
			if got[k] != w {
				t.Errorf("%s %s: %q, want %q", tc.typ, k, got[k], w)
			}
		}
	}
	s.Type, s.SurfaceArray = Surface2D, 1
	if got := means(s)["depth"]; got != "4 array slices (spec: unused for 2d; hw rules: SurfaceArray 1 reads it)" {
		t.Errorf("2d depth with SurfaceArray 1: %q", got)
	}
	// Out-of-range values must not wrap.
	if got := SurfaceFields()[0].Means(Surface{Width: 1<<32 - 1}); got != "4294967296 texels" {
		t.Errorf("max width means %q", got)
	}
}
