package model

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"infoscope/decoder"
)

// issueExample is the surface file of the issue and the API contract.
const issueExample = `{"dispatch_mask": "0xffffffff", "lod": [0], "surfaces":
 {"T6": {"type": "2d", "width": 63, "height": 31, "depth": 0, "mip_count": 7,
 "quilt_width": 0, "quilt_height": 0, "buffer_size": 0,
 "samples": 0, "sample_palette_index": 0}}}`

func TestParseSurfaceFile(t *testing.T) {
	f, err := ParseSurfaceFile("s.json", []byte(issueExample))
	if err != nil {
		t.Fatal(err)
	}
	want := &SurfaceFile{DispatchMask: AllLanes, LOD: []uint32{0}, Surfaces: map[string]Surface{
		"T6": {Type: Surface2D, Width: 63, Height: 31, MIPCount: 7},
	}}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("got %+v\nwant %+v", f, want)
	}

	tests := []struct {
		name, in string
		want     *SurfaceFile
	}{
		{"empty object gives defaults", `{}`, NewSurfaceFile()},
		{"missing numbers are 0", `{"surfaces": {"img": {"type": "cube", "buffer_size": 4294967295}}}`,
			&SurfaceFile{DispatchMask: AllLanes, LOD: []uint32{0}, Surfaces: map[string]Surface{"img": {Type: SurfaceCube, BufferSize: 1<<32 - 1}}}},
		{"lod per lane, mask", `{"dispatch_mask": "0x0000ff00", "lod": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]}`,
			&SurfaceFile{DispatchMask: 0xff00, LOD: []uint32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, Surfaces: map[string]Surface{}}},
		{"lod bare number", `{"lod": 3, "dispatch_mask": "FF"}`,
			&SurfaceFile{DispatchMask: 0xff, LOD: []uint32{3}, Surfaces: map[string]Surface{}}},
		{"lod 32 values, max value", `{"lod": [4294967295` + strings.Repeat(", 0", 31) + `]}`,
			&SurfaceFile{DispatchMask: AllLanes, LOD: append([]uint32{1<<32 - 1}, make([]uint32, 31)...), Surfaces: map[string]Surface{}}},
		{"label-case type, escaped key", `{"surfaces": {"T\u0037": {"type": "3D", "depth": 2047}}}`,
			&SurfaceFile{DispatchMask: AllLanes, LOD: []uint32{0}, Surfaces: map[string]Surface{"T7": {Type: Surface3D, Depth: 2047}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ParseSurfaceFile("s.json", []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(f, tc.want) {
				t.Errorf("got %+v\nwant %+v", f, tc.want)
			}
		})
	}
}

func TestParseSurfaceFileRefusals(t *testing.T) {
	surf := func(body string) string { return `{"surfaces": {"T6": {"type": "2d", ` + body + `}}}` }
	tests := []struct{ name, in, want string }{
		{"out of range", surf(`"width": 70000`), "f.json: surfaces.T6.width: 70000 out of range 0..16383"},
		{"height range", surf(`"height": 16384`), "f.json: surfaces.T6.height: 16384 out of range 0..16383"},
		{"depth range", surf(`"depth": 2048`), "f.json: surfaces.T6.depth: 2048 out of range 0..2047"},
		{"mip range", surf(`"mip_count": 16`), "f.json: surfaces.T6.mip_count: 16 out of range 0..15"},
		{"quilt range", surf(`"quilt_height": 32`), "f.json: surfaces.T6.quilt_height: 32 out of range 0..31"},
		{"samples range", surf(`"samples": 17`), "f.json: surfaces.T6.samples: 17 out of range 0..16"},
		{"palette range", surf(`"sample_palette_index": 8`), "f.json: surfaces.T6.sample_palette_index: 8 out of range 0..7"},
		{"buffer past 32 bits", surf(`"buffer_size": 4294967296`), "f.json: surfaces.T6.buffer_size: 4294967296 out of range 0..4294967295"},
		{"huge number", surf(`"width": 123456789012345678901234567890`), "f.json: surfaces.T6.width: 123456789012345678901234567890 out of range 0..16383"},
		{"negative", surf(`"width": -1`), "f.json: surfaces.T6.width: -1 is negative"},
		{"fraction", surf(`"width": 1.5`), "f.json: surfaces.T6.width: 1.5 is not a whole number"},
		{"exponent", surf(`"width": 1e2`), "f.json: surfaces.T6.width: 1e2 is not a whole number"},
		{"string number", surf(`"width": "63"`), "f.json: surfaces.T6.width: expected a number, found a string"},
		{"null number", surf(`"depth": null`), "f.json: surfaces.T6.depth: expected a number, found null"},
		{"bool number", surf(`"depth": true`), "f.json: surfaces.T6.depth: expected a number, found a boolean"},
		{"unknown surface key", surf(`"widht": 3`), "f.json: surfaces.T6.widht: unknown key (expected type, width, height, depth, mip_count, quilt_width, quilt_height, buffer_size, samples, sample_palette_index, surface_array, min_lod)"},
		{"repeated key", surf(`"width": 3, "width": 4`), "f.json: surfaces.T6.width: repeated key"},
		{"bad type", `{"surfaces": {"T6": {"type": "4d"}}}`, `f.json: surfaces.T6.type: bad type "4d": expected one of 1d, 1d_array, 2d, 2d_array, 3d, cube, buffer`},
		{"type not string", `{"surfaces": {"T6": {"type": 2}}}`, "f.json: surfaces.T6.type: expected a string, found a number"},
		{"missing type", `{"surfaces": {"T6": {"width": 2}}}`, "f.json: surfaces.T6.type: missing (one of 1d, 1d_array, 2d, 2d_array, 3d, cube, buffer)"},
		{"surface not object", `{"surfaces": {"T6": [1]}}`, "f.json: surfaces.T6: expected an object, found an array"},
		{"surfaces not object", `{"surfaces": []}`, "f.json: surfaces: expected an object, found an array"},
		{"empty surface name", `{"surfaces": {"": {"type": "2d"}}}`, "f.json: surfaces: empty surface name"},
		{"unknown top key", `{"dispatch": "0x1"}`, "f.json: dispatch: unknown key (expected dispatch_mask, lod, grf_bytes, surfaces or files)"},
		{"repeated top key", `{"lod": [1], "lod": [2]}`, "f.json: lod: repeated key"},
		{"top not object", `[1, 2]`, "f.json: top level: expected an object, found an array"},
		{"mask not string", `{"dispatch_mask": 255}`, "f.json: dispatch_mask: expected a string, found a number"},
		{"mask not hex", `{"dispatch_mask": "0xfffffffg"}`, `f.json: dispatch_mask: bad mask "0xfffffffg": expected hex digits such as 0xffffffff`},
		{"mask too wide", `{"dispatch_mask": "0x100000000"}`, `f.json: dispatch_mask: bad mask "0x100000000": more than 32 bits (8 hex digits)`},
		{"mask empty", `{"dispatch_mask": ""}`, `f.json: dispatch_mask: bad mask "": expected hex digits such as 0xffffffff`},
		{"lod empty", `{"lod": []}`, "f.json: lod: empty list: give one value for every lane or one per lane (up to 32)"},
		{"lod 33", `{"lod": [0` + strings.Repeat(", 0", 32) + `]}`, "f.json: lod: 33 values: give one value for every lane or one per lane (up to 32)"},
		{"lod negative", `{"lod": [0, -2]}`, "f.json: lod[1]: -2 is negative"},
		{"lod past UD", `{"lod": [4294967296]}`, "f.json: lod[0]: 4294967296 out of range 0..4294967295"},
		{"lod string", `{"lod": "0"}`, "f.json: lod: expected a list of numbers, found a string"},
		{"lod nested", `{"lod": [[0]]}`, "f.json: lod[0]: expected a number, found an array"},
		{"syntax", "{\n  \"lod\": [0,]\n}", "f.json: line 2 col 13: invalid character ']' looking for beginning of value"},
		{"truncated", `{"lod": [0]`, "f.json: line 1 col 12: unexpected end of file"},
		{"empty input", ``, "f.json: line 1 col 1: unexpected end of file"},
		{"trailing data", `{} {}`, "f.json: line 1 col 4: unexpected data after the top-level object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ParseSurfaceFile("f.json", []byte(tc.in))
			if err == nil {
				t.Fatalf("accepted: %+v", f)
			}
			if err.Error() != tc.want {
				t.Errorf("got  %s\nwant %s", err, tc.want)
			}
			if f != nil {
				t.Error("non-nil file with an error")
			}
		})
	}
}

// TestSurfaceFileErrorsDisplayInput: a message quotes the file's name and
// keys as decoder.Display shows them, since it reaches a terminal (dump's
// stderr, the inspector's status line): a key "\u001b[2J" cleared the
// screen.
func TestSurfaceFileErrorsDisplayInput(t *testing.T) {
	const hostile = "\x1b]0;pwn\a\x1b[2J\u202e"
	for _, tc := range []struct{ in, want string }{
		{`{"surfaces": {"\u001b[2J": {"width": 2}}}`, "f?]0;pwn??[2J?.json: surfaces.?[2J.type: missing (one of 1d, 1d_array, 2d, 2d_array, 3d, cube, buffer)"},
		{`{"files": {"a\u001b]0;x\u0007": {"k\u009b": {"T6": {"type": "2d", "widht": 1}}}}}`, "f?]0;pwn??[2J?.json: files.a?]0;x?.k?.T6.widht: unknown key (expected type, width, height, depth, mip_count, quilt_width, quilt_height, buffer_size, samples, sample_palette_index, surface_array, min_lod)"},
		{`{"lod": [0,` + "\x1b" + `]}`, "f?]0;pwn??[2J?.json: line 1 col 12: invalid character '\\x1b' looking for beginning of value"},
	} {
		_, err := ParseSurfaceFile("f"+hostile+".json", []byte(tc.in))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s:\ngot  %v\nwant %s", tc.in, err, tc.want)
		}
	}
	f := &SurfaceFile{LOD: []uint32{0}, Files: map[string]map[string]map[string]Surface{"a" + hostile: {"k": {"T" + hostile: {Type: Surface2D, Depth: 5000}}}}}
	if _, err := f.Marshal(); err == nil || err.Error() != "files.a?]0;pwn??[2J?.k.T?]0;pwn??[2J?.depth: 5000 out of range 0..2047" {
		t.Errorf("Marshal: %v", err)
	}
}

func TestSurfaceFileRoundTrip(t *testing.T) {
	f := NewSurfaceFile()
	f.DispatchMask = 0x0f0f00ff
	f.LOD = []uint32{0, 1, 2, 3}
	f.Surfaces["T6"] = DefaultSurface()
	f.Surfaces["img"] = Surface{Type: SurfaceCube, Height: 15, Depth: 2, MIPCount: 4, BufferSize: 1 << 31}
	f.Surfaces["T10"] = Surface{Type: Surface2DArray, Width: 16383, Height: 16383, Depth: 2047, MIPCount: 15, QuiltWidth: 31, QuiltHeight: 31, BufferSize: 1<<32 - 1, Samples: 16, SamplePaletteIndex: 7}
	f.Surfaces["a \"quoted\" name"] = Surface{Type: Surface1D}
	roundTrip(t, f)

	// The canonical form of the issue's example.
	f, _ = ParseSurfaceFile("x", []byte(issueExample))
	b, _ := f.Marshal()
	want := `{
  "dispatch_mask": "0xffffffff",
  "lod": [0],
  "surfaces": {
    "T6": {"type": "2d", "width": 63, "height": 31, "depth": 0, "mip_count": 7, "quilt_width": 0, "quilt_height": 0, "buffer_size": 0, "samples": 0, "sample_palette_index": 0, "surface_array": 0, "min_lod": 0}
  }
}
`
	if string(b) != want {
		t.Errorf("got\n%s\nwant\n%s", b, want)
	}
	b, _ = NewSurfaceFile().Marshal()
	if string(b) != "{\n  \"dispatch_mask\": \"0xffffffff\",\n  \"lod\": [0],\n  \"surfaces\": {}\n}\n" {
		t.Errorf("empty file:\n%s", b)
	}
	var nilFile *SurfaceFile
	if nb, err := nilFile.Marshal(); err != nil || !bytes.Equal(nb, b) {
		t.Errorf("nil file: %v %s", err, nb)
	}
	// A GRF size the file sets is kept, 32 as well as 64.
	g := NewSurfaceFile()
	g.GRFBytes = 32
	if b = roundTrip(t, g); !strings.Contains(string(b), "\n  \"grf_bytes\": 32,\n") {
		t.Errorf("grf_bytes 32:\n%s", b)
	}
}

func TestMarshalRefuses(t *testing.T) {
	for name, f := range map[string]*SurfaceFile{
		"surface out of range": {LOD: []uint32{0}, Surfaces: map[string]Surface{"T6": {Type: Surface2D, Depth: 5000}}},
		"bad type":             {LOD: []uint32{0}, Surfaces: map[string]Surface{"T6": {Type: 8}}},
		"grf 48":               {LOD: []uint32{0}, GRFBytes: 48},
		"bad scoped surface":   {LOD: []uint32{0}, Files: map[string]map[string]map[string]Surface{"a.isa": {"k": {"T6": {Type: Surface2D, MinLOD: 16}}}}},
		"empty file name":      {LOD: []uint32{0}, Files: map[string]map[string]map[string]Surface{" ": {}}},
		"no lod":               {Surfaces: map[string]Surface{}},
		"too many lods":        {LOD: make([]uint32, 33)},
		"empty name":           {LOD: []uint32{0}, Surfaces: map[string]Surface{"": {}}},
	} {
		if b, err := f.Marshal(); err == nil {
			t.Errorf("%s: marshalled\n%s", name, b)
		}
	}
	f := &SurfaceFile{LOD: []uint32{0}, Surfaces: map[string]Surface{"T6": {Type: Surface2D, Depth: 5000}}}
	if _, err := f.Marshal(); err == nil || err.Error() != "surfaces.T6.depth: 5000 out of range 0..2047" {
		t.Errorf("message: %v", err)
	}
}

func TestLookupDefaultsAndEnv(t *testing.T) {
	f := NewSurfaceFile()
	f.DispatchMask = 0xff
	f.LOD = []uint32{2}
	f.Surfaces["img"] = Surface{Type: Surface3D, Width: 7}
	f.Surfaces["T7"] = Surface{Type: Surface1D, Width: 3}
	in := declared(t, "img")
	found := func(in *decoder.Info) (Surface, bool) {
		s, src, _ := f.Lookup(Scope{}, in)
		return s, src == SourceAll
	}
	if s, ok := found(in); !ok || s.Type != Surface3D {
		t.Errorf("by declared name: %v %v", s, ok)
	}
	f.Surfaces["T6"] = Surface{Type: SurfaceCube}
	if s, ok := found(in); !ok || s.Type != SurfaceCube {
		t.Errorf("printed name wins: %v %v", s, ok)
	}
	if _, ok := found(&decoder.Info{Surface: 9}); ok {
		t.Error("T9 found")
	}
	f.Surfaces[""] = Surface{Type: Surface3D}
	if _, ok := found(&decoder.Info{Surface: 9}); ok {
		t.Error("empty declared name matched the empty key")
	}
	if _, ok := found(nil); ok {
		t.Error("nil info found")
	}
	var nf *SurfaceFile
	if _, src, _ := nf.Lookup(Scope{}, in); src != SourceDefault {
		t.Error("nil file found")
	}

	env, _ := f.EnvFor(Scope{}, &decoder.Info{Surface: 7})
	want := Env{Surface: Surface{Type: Surface1D, Width: 3}, LOD: []uint32{2}, Dispatch: 0xff, GRFBytes: 32}
	if !reflect.DeepEqual(env, want) {
		t.Errorf("env %+v", env)
	}
	env.LOD[0] = 9
	if f.LOD[0] != 2 {
		t.Error("EnvFor shares the LOD slice with the file")
	}
	if env, _ := f.EnvFor(Scope{}, &decoder.Info{Surface: 9}); env.Surface != DefaultSurface() {
		t.Errorf("missing surface: %+v", env.Surface)
	}
	if env, _ := nf.EnvFor(Scope{}, nil); env.Dispatch != AllLanes || !reflect.DeepEqual(env.LOD, []uint32{0}) || env.Surface != DefaultSurface() {
		t.Errorf("nil file env %+v", env)
	}
}

// FuzzParseSurfaceFile: parsing never panics, and whatever is accepted
// marshals and parses back to the same file.
func FuzzParseSurfaceFile(f *testing.F) {
	f.Add([]byte(issueExample))
	f.Add([]byte(`{"lod": 3, "surfaces": {"x": {"type": "cube"}}}`))
	f.Add([]byte(`{"dispatch_mask": "0x1", "lod": [1, 2]}`))
	f.Add([]byte(scopedExample))
	f.Fuzz(func(t *testing.T, data []byte) {
		sf, err := ParseSurfaceFile("fuzz", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz: ") {
				t.Fatalf("error without file name: %v", err)
			}
			return
		}
		b, err := sf.Marshal()
		if err != nil {
			t.Fatalf("accepted file does not marshal: %v", err)
		}
		g, err := ParseSurfaceFile("again", b)
		if err != nil || !reflect.DeepEqual(sf, g) {
			t.Fatalf("round trip: %v\n%s", err, b)
		}
	})
}

// roundTrip fails t unless f marshals, reads back the same, and marshals
// again to the same bytes, which it returns.
func roundTrip(t *testing.T, f *SurfaceFile) []byte {
	t.Helper()
	b, err := f.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	g, err := ParseSurfaceFile("again", b)
	if err != nil {
		t.Fatalf("%v in\n%s", err, b)
	}
	if !reflect.DeepEqual(f, g) {
		t.Errorf("round trip:\n%+v\n%+v\n%s", f, g, b)
	}
	if b2, _ := g.Marshal(); !bytes.Equal(b, b2) {
		t.Errorf("marshal not stable:\n%s\n%s", b, b2)
	}
	return b
}
