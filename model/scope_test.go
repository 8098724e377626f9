package model

import (
	"bytes"
	"reflect"
	"testing"
)

// scopedExample keys T6 per file and body, with a file-wide default.
const scopedExample = `{
  "grf_bytes": 64,
  "surfaces": {"T6": {"type": "2d", "width": 7}},
  "files": {
    "kernels.isa": {
      "*": {"T6": {"type": "3d", "width": 15}},
      "info_main": {"img": {"type": "cube", "height": 3, "surface_array": 1}},
      "info_masks": {"T6": {"type": "buffer", "buffer_size": 100, "min_lod": 2}}
    },
    "dir/other.isa": {"k": {"T6": {"type": "1d_array", "depth": 4}}}
  }
}`

// TestScopedSurfaces: a T6 in one kernel is not the T6 of another; the
// file's "*" entry and the top-level default fill in; old files still load.
func TestScopedSurfaces(t *testing.T) {
	f, err := ParseSurfaceFile("s.json", []byte(scopedExample))
	if err != nil {
		t.Fatal(err)
	}
	if f.GRFBytes != 64 || f.Count() != 5 {
		t.Fatalf("grf %d, count %d", f.GRFBytes, f.Count())
	}
	in := declared(t, "img") // T6, declared img
	tests := []struct {
		sc    Scope
		typ   SurfaceType
		src   SurfaceSource
		key   string
		label string
	}{
		{Scope{"kernels.isa", "info_main"}, SurfaceCube, SourceBody, "img", "body entry by declared name"},
		{Scope{"some/dir/kernels.isa", "info_main"}, SurfaceCube, SourceBody, "img", "matched by base name"},
		{Scope{"kernels.isa", "info_masks"}, SurfaceBuffer, SourceBody, "T6", "another body's T6"},
		{Scope{"kernels.isa", "other_kernel"}, Surface3D, SourceFile, "T6", "file-wide default"},
		{Scope{"dir/other.isa", "k"}, Surface1DArray, SourceBody, "T6", "full name as given"},
		{Scope{"other.isa", "k"}, Surface2D, SourceAll, "T6", "base name does not match a full key"},
		{Scope{"unknown.isa", ""}, Surface2D, SourceAll, "T6", "default for every file"},
		{Scope{}, Surface2D, SourceAll, "T6", "no scope"},
	}
	for _, tc := range tests {
		s, src, key := f.Lookup(tc.sc, in)
		if s.Type != tc.typ || src != tc.src || key != tc.key {
			t.Errorf("%s: %v %v %q; want %v %v %q", tc.label, s.Type, src, key, tc.typ, tc.src, tc.key)
		}
	}
	env, src := f.EnvFor(Scope{"kernels.isa", "info_masks"}, in)
	if env.GRFBytes != 64 || env.Surface.BufferSize != 100 || env.Surface.MinLOD != 2 || src.String() != "file" {
		t.Errorf("env %+v src %v", env, src)
	}
	delete(f.Surfaces, "T6")
	if s, src, _ := f.Lookup(Scope{"unknown.isa", "x"}, in); src != SourceDefault || src.String() != "default" || s != DefaultSurface() {
		t.Errorf("nothing: %v %v", s, src)
	}

	// SetSurface writes the body's entry under the file's existing key, or
	// a new entry under the base name.
	f.SetSurface(Scope{"a/b/kernels.isa", "new_body"}, "T6", Surface{Type: Surface3D, Depth: 9})
	if s := f.Files["kernels.isa"]["new_body"]["T6"]; s.Depth != 9 {
		t.Errorf("set into the existing file key: %+v", f.Files["kernels.isa"])
	}
	f.SetSurface(Scope{"x/fresh.isa", ""}, "T6", Surface{Type: Surface1D})
	if _, ok := f.Files["fresh.isa"][""]["T6"]; !ok {
		t.Errorf("set under the base name: %+v", f.Files)
	}
	if s, src, _ := f.Lookup(Scope{"fresh.isa", ""}, in); src != SourceBody || s.Type != Surface1D {
		t.Errorf("after set: %v %v", s, src)
	}

	// Round trip with files and every new field.
	b := roundTrip(t, f)
	if !bytes.Contains(b, []byte(`"info_masks": {
        "T6": {"type": "buffer", "width": 0, "height": 0, "depth": 0, "mip_count": 0, "quilt_width": 0, "quilt_height": 0, "buffer_size": 100, "samples": 0, "sample_palette_index": 0, "surface_array": 0, "min_lod": 2}
      }`)) {
		t.Errorf("canonical form:\n%s", b)
	}
}

// TestOldSurfaceFileLoads: a file written before per-file keys, grf_bytes,
// BUFFER and the SurfaceArray/MinLOD fields reads as before: its surfaces
// are the default for every file and body.
func TestOldSurfaceFileLoads(t *testing.T) {
	f, err := ParseSurfaceFile("old.json", []byte(issueExample))
	if err != nil {
		t.Fatal(err)
	}
	// No grf_bytes: unset (0), simulated with 32 (or a PVC dump set's 64).
	if f.GRFBytes != 0 || f.Files != nil {
		t.Errorf("grf %d files %v", f.GRFBytes, f.Files)
	}
	s, src, _ := f.Lookup(Scope{"any.isa", "any_kernel"}, declared(t, "img"))
	if src != SourceAll || s != (Surface{Type: Surface2D, Width: 63, Height: 31, MIPCount: 7}) {
		t.Errorf("%v %+v", src, s)
	}
}

func TestScopedRefusals(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"grf_bytes": 48}`, "f.json: grf_bytes: 48: want 32 or 64"},
		{`{"grf_bytes": "32"}`, "f.json: grf_bytes: expected a number, found a string"},
		{`{"files": []}`, "f.json: files: expected an object, found an array"},
		{`{"files": {"": {}}}`, "f.json: files: empty file name"},
		{`{"files": {"a.isa": {"k": {"T6": {"type": "2d", "min_lod": 16}}}}}`, "f.json: files.a.isa.k.T6.min_lod: 16 out of range 0..15"},
		{`{"files": {"a.isa": {"k": {"T6": {"type": "2d", "surface_array": 2}}}}}`, "f.json: files.a.isa.k.T6.surface_array: 2 out of range 0..1"},
		{`{"files": {"a.isa": {"k": {"": {"type": "2d"}}}}}`, "f.json: files.a.isa.k: empty surface name"},
		{`{"files": {"a.isa": {"k": 3}}}`, "f.json: files.a.isa.k: expected an object, found a number"},
	}
	for _, tc := range tests {
		if _, err := ParseSurfaceFile("f.json", []byte(tc.in)); err == nil || err.Error() != tc.want {
			t.Errorf("%s:\n got %v\nwant %s", tc.in, err, tc.want)
		}
	}
}

func TestSetSurfaceWithoutFile(t *testing.T) {
	f := &SurfaceFile{LOD: []uint32{0}}
	if src := f.SetSurface(Scope{Body: "k"}, "T6", DefaultSurface()); src != SourceAll || f.Surfaces["T6"] != DefaultSurface() || f.Files != nil {
		t.Errorf("%v %+v", src, f)
	}
	if src := f.SetSurface(Scope{File: "a.isa"}, "T6", DefaultSurface()); src != SourceBody {
		t.Errorf("%v", src)
	}
	if _, err := f.Marshal(); err != nil {
		t.Error(err)
	}
}

func TestClone(t *testing.T) {
	f, err := ParseSurfaceFile("s.json", []byte(scopedExample))
	if err != nil {
		t.Fatal(err)
	}
	g := f.Clone()
	if !reflect.DeepEqual(f, g) {
		t.Fatalf("clone differs:\n%+v\n%+v", f, g)
	}
	g.LOD[0] = 9
	g.Surfaces["T6"] = Surface{Type: SurfaceCube}
	g.SetSurface(Scope{File: "kernels.isa", Body: "info_main"}, "img", Surface{Type: Surface1D})
	g.SetSurface(Scope{File: "new.isa", Body: "k"}, "T6", Surface{Type: Surface1D})
	h, _ := ParseSurfaceFile("s.json", []byte(scopedExample))
	if !reflect.DeepEqual(f, h) {
		t.Errorf("editing the clone changed the original:\n%+v", f)
	}
	if (*SurfaceFile)(nil).Clone() != nil {
		t.Error("nil clone")
	}
}
