package model

import (
	"fmt"
	"strconv"
	"strings"
)

// SurfaceType is the kind of surface the spec's result table is keyed on.
type SurfaceType uint8

// The surface types of the spec's RESINFO table, in its row order, then
// BUFFER, which the spec's table has no row for (the hardware notes give
// what IGC computes for it).
const (
	Surface1D SurfaceType = iota
	Surface1DArray
	Surface2D
	Surface2DArray
	Surface3D
	SurfaceCube
	SurfaceBuffer
	numSurfaceTypes
)

// SurfaceTypes returns every surface type, in order.
func SurfaceTypes() []SurfaceType {
	out := make([]SurfaceType, numSurfaceTypes)
	for i := range out {
		out[i] = SurfaceType(i)
	}
	return out
}

var surfaceTypeNames = [numSurfaceTypes]struct{ file, label string }{
	Surface1D:      {"1d", "1D"},
	Surface1DArray: {"1d_array", "1D_array"},
	Surface2D:      {"2d", "2D"},
	Surface2DArray: {"2d_array", "2D_array"},
	Surface3D:      {"3d", "3D"},
	SurfaceCube:    {"cube", "CUBE"},
	SurfaceBuffer:  {"buffer", "BUFFER"},
}

// surfaceTypeList is "1d, 1d_array, 2d, 2d_array, 3d, cube, buffer".
func surfaceTypeList() string {
	names := make([]string, numSurfaceTypes)
	for i, n := range surfaceTypeNames {
		names[i] = n.file
	}
	return strings.Join(names, ", ")
}

// String returns the surface file form: "1d", "1d_array", "2d", "2d_array",
// "3d", "cube" or "buffer"; "type(N)" for a value outside the enumeration.
func (t SurfaceType) String() string {
	if t < numSurfaceTypes {
		return surfaceTypeNames[t].file
	}
	return "type(" + strconv.Itoa(int(t)) + ")"
}

// Label returns the name the spec's table uses: "1D", "1D_array", "2D",
// "2D_array", "3D", "CUBE" or "BUFFER".
func (t SurfaceType) Label() string {
	if t < numSurfaceTypes {
		return surfaceTypeNames[t].label
	}
	return t.String()
}

// valid reports whether t is one of the seven surface types.
func (t SurfaceType) valid() bool { return t < numSurfaceTypes }

// ParseSurfaceType parses the surface file form of a type. Case is ignored,
// so the spec's labels ("2D", "CUBE") are accepted too.
func ParseSurfaceType(s string) (SurfaceType, error) {
	for t := range numSurfaceTypes {
		if strings.EqualFold(s, surfaceTypeNames[t].file) {
			return t, nil
		}
	}
	return 0, fmt.Errorf("bad type %q: expected one of %s", clipText(s), surfaceTypeList())
}

// Surface is a surface description: the surface-state values the spec's
// formulas read. Width, Height and Depth are stored minus one, as the
// hardware encodes them (the formulas say Width+1); MIPCount, QuiltWidth,
// QuiltHeight and BufferSize are stored as the formulas use them; Samples is
// the number of samples and SamplePaletteIndex the sample-position palette
// index, which SAMPLEINFO returns as they are. SurfaceArray (0 or 1) and
// MinLOD are the surface-state fields the spec's table does not read and
// the hardware rules do (RulesHW). SurfaceFields gives each field's range.
type Surface struct {
	Type               SurfaceType
	Width              uint32 // texels - 1
	Height             uint32 // texels - 1
	Depth              uint32 // array slices, cubes or 3D depth - 1
	MIPCount           uint32 // returned in A unshifted
	QuiltWidth         uint32 // quilt columns - 1
	QuiltHeight        uint32 // quilt rows - 1
	BufferSize         uint32 // returned in R for CUBE as written in the spec
	Samples            uint32 // number of samples (SAMPLEINFO R)
	SamplePaletteIndex uint32 // sample-position palette index (SAMPLEINFO A)
	SurfaceArray       uint32 // 1: the SurfaceArray bit is set (hardware: the array size is returned only then)
	MinLOD             uint32 // Surface Min LOD (hardware: added to the LOD operand)
}

// DefaultSurface returns the surface used when the surface file has no
// entry: the example of the file format, a 2D surface of 64x32 texels with
// MIPCount 7.
func DefaultSurface() Surface {
	return Surface{Type: Surface2D, Width: 63, Height: 31, MIPCount: 7}
}

// FieldSpec describes one numeric field of Surface, so that a form can
// iterate over them.
type FieldSpec struct {
	Key   string // the surface file's JSON key, e.g. "width"
	Label string // a short label for forms, e.g. "Width"
	Max   uint32 // the largest value allowed; the smallest is 0
	// Means renders the size the field's value means for that surface,
	// e.g. "64 texels" for Width 63.
	Means func(Surface) string
}

// fieldSpecs is the field table, in surface file order.
//
// Ranges are the widths of the matching RENDER_SURFACE_STATE fields in
// Intel's graphics PRMs (Gen9 to Xe), not something our two documents
// state; where a field has no such width they are our choice:
//
//	width                 14 bits  0..16383    (Width, minus one)
//	height                14 bits  0..16383    (Height, minus one)
//	depth                 11 bits  0..2047     (Depth, minus one)
//	mip_count              4 bits  0..15       (MIP Count / LOD)
//	quilt_width            5 bits  0..31       (our choice: a 5-bit field)
//	quilt_height           5 bits  0..31       (our choice: a 5-bit field)
//	buffer_size           32 bits  0..2^32-1   (our choice: the spec gives no width)
//	samples                        0..16       (our choice: a count, not the log2 code; 16 is the hardware maximum)
//	sample_palette_index   3 bits  0..7        (Multisample Position Palette Index)
//	surface_array          1 bit   0..1        (SurfaceArray)
//	min_lod                4 bits  0..15       (Surface Min LOD)
var fieldSpecs = []fieldSpec{
	{FieldSpec{"width", "Width", 1<<14 - 1, meansWidth}, func(s *Surface) *uint32 { return &s.Width }},
	{FieldSpec{"height", "Height", 1<<14 - 1, meansHeight}, func(s *Surface) *uint32 { return &s.Height }},
	{FieldSpec{"depth", "Depth", 1<<11 - 1, meansDepth}, func(s *Surface) *uint32 { return &s.Depth }},
	{FieldSpec{"mip_count", "MIPCount", 1<<4 - 1, meansMIP}, func(s *Surface) *uint32 { return &s.MIPCount }},
	{FieldSpec{"quilt_width", "QuiltWidth", 1<<5 - 1, meansQuilt("across", func(s Surface) uint32 { return s.QuiltWidth })}, func(s *Surface) *uint32 { return &s.QuiltWidth }},
	{FieldSpec{"quilt_height", "QuiltHeight", 1<<5 - 1, meansQuilt("down", func(s Surface) uint32 { return s.QuiltHeight })}, func(s *Surface) *uint32 { return &s.QuiltHeight }},
	{FieldSpec{"buffer_size", "Buffer size", 1<<32 - 1, meansBuffer}, func(s *Surface) *uint32 { return &s.BufferSize }},
	{FieldSpec{"samples", "Samples", 16, meansSamples}, func(s *Surface) *uint32 { return &s.Samples }},
	{FieldSpec{"sample_palette_index", "Sample palette index", 1<<3 - 1, meansPalette}, func(s *Surface) *uint32 { return &s.SamplePaletteIndex }},
	{FieldSpec{"surface_array", "SurfaceArray", 1, meansArray}, func(s *Surface) *uint32 { return &s.SurfaceArray }},
	{FieldSpec{"min_lod", "MinLOD", 1<<4 - 1, meansMinLOD}, func(s *Surface) *uint32 { return &s.MinLOD }},
}

// fieldSpec pairs the public description with the field's storage.
type fieldSpec struct {
	FieldSpec
	ptr func(*Surface) *uint32
}

// SurfaceFields returns the numeric fields of Surface in surface file order
// (the type is not among them). The slice is a fresh copy.
func SurfaceFields() []FieldSpec {
	out := make([]FieldSpec, len(fieldSpecs))
	for i, f := range fieldSpecs {
		out[i] = f.FieldSpec
	}
	return out
}

func lookupField(key string) (fieldSpec, bool) {
	for _, f := range fieldSpecs {
		if f.Key == key {
			return f, true
		}
	}
	return fieldSpec{}, false
}

// Set sets the field with JSON key key to v. Key "type" sets the type from
// its numeric value (Surface1D..SurfaceCube). It refuses an unknown key or a
// value out of the field's range, leaving s unchanged; the error reads
// "width: 70000 out of range 0..16383".
func (s *Surface) Set(key string, v uint32) error {
	if key == "type" {
		if v >= uint32(numSurfaceTypes) {
			return fmt.Errorf("type: %d out of range 0..%d", v, numSurfaceTypes-1)
		}
		s.Type = SurfaceType(v)
		return nil
	}
	f, ok := lookupField(key)
	if !ok {
		return fmt.Errorf("%s: unknown field", key)
	}
	if v > f.Max {
		return rangeError(key, uint64(v), f.Max)
	}
	*f.ptr(s) = v
	return nil
}

// Get returns the field with JSON key key ("type" gives the type's numeric
// value), or 0 for an unknown key.
func (s Surface) Get(key string) uint32 {
	if key == "type" {
		return uint32(s.Type)
	}
	if f, ok := lookupField(key); ok {
		return *f.ptr(&s)
	}
	return 0
}

// Validate reports the first field that is out of range, or a type outside
// the enumeration.
func (s Surface) Validate() error {
	if !s.Type.valid() {
		return fmt.Errorf("type: %d out of range 0..%d", s.Type, numSurfaceTypes-1)
	}
	for _, f := range fieldSpecs {
		if v := *f.ptr(&s); v > f.Max {
			return rangeError(f.Key, uint64(v), f.Max)
		}
	}
	return nil
}

func rangeError(key string, v uint64, max uint32) error {
	return fmt.Errorf("%s: %d out of range 0..%d", key, v, max)
}

// uses reports whether RESINFO on a surface of type t reads field key
// (the spec's table; BUFFER by the hardware notes); SAMPLEINFO fields are
// used by 2D only. surface_array and min_lod are read by the hardware
// rules only and say so themselves.
func uses(t SurfaceType, key string) bool {
	if t == SurfaceBuffer {
		return key == "buffer_size" || key == "surface_array" || key == "min_lod"
	}
	switch key {
	case "width":
		return t != SurfaceCube
	case "height":
		return t != Surface1D && t != Surface1DArray
	case "depth":
		return t == Surface1DArray || t == Surface2DArray || t == Surface3D || t == SurfaceCube
	case "quilt_width", "quilt_height":
		return t == Surface2D || t == Surface2DArray
	case "buffer_size":
		return t == SurfaceCube || t == SurfaceBuffer
	case "samples", "sample_palette_index":
		return t == Surface2D
	}
	return true
}

// unused appends a note when the surface's type does not read the field.
func unused(s Surface, key, text string) string {
	if uses(s.Type, key) {
		return text
	}
	if key == "samples" || key == "sample_palette_index" {
		return text + " (sampleinfo defines it for 2d only)"
	}
	return text + " (unused for " + s.Type.String() + ")"
}

func plus1(v uint32) uint64 { return uint64(v) + 1 }

func meansWidth(s Surface) string {
	if s.Type == SurfaceCube {
		return fmt.Sprintf("%d texels (spec: unused for cube; hw rules: R)", plus1(s.Width))
	}
	return unused(s, "width", fmt.Sprintf("%d texels", plus1(s.Width)))
}

func meansHeight(s Surface) string {
	return unused(s, "height", fmt.Sprintf("%d texels", plus1(s.Height)))
}

func meansDepth(s Surface) string {
	n := plus1(s.Depth)
	switch s.Type {
	case Surface3D:
		return fmt.Sprintf("%d texels", n)
	case SurfaceCube:
		return fmt.Sprintf("%d cubes", n)
	case Surface1DArray, Surface2DArray:
		return fmt.Sprintf("%d array slices", n)
	case Surface1D, Surface2D:
		if s.SurfaceArray == 1 {
			return fmt.Sprintf("%d array slices (spec: unused for %s; hw rules: SurfaceArray 1 reads it)", n, s.Type)
		}
	case SurfaceBuffer:
	}
	return unused(s, "depth", fmt.Sprintf("%d", n))
}

// meansMIP: the hardware field counts levels minus one, but the spec's A
// returns the field itself, so both are shown.
func meansMIP(s Surface) string {
	return fmt.Sprintf("%d mip levels (A returns %d)", plus1(s.MIPCount), s.MIPCount)
}

func meansQuilt(dir string, get func(Surface) uint32) func(Surface) string {
	key := "quilt_width"
	if dir == "down" {
		key = "quilt_height"
	}
	return func(s Surface) string {
		return unused(s, key, fmt.Sprintf("x%d, %d %s", plus1(get(s)), plus1(get(s)), dir))
	}
}

func meansBuffer(s Surface) string {
	if s.Type == SurfaceBuffer {
		return fmt.Sprintf("%d, R returns it as is (hardware notes)", s.BufferSize)
	}
	return unused(s, "buffer_size", fmt.Sprintf("%d, CUBE R returns it as is", s.BufferSize))
}

func meansArray(s Surface) string {
	if s.SurfaceArray == 0 {
		return "off (hw rules: array size 0)"
	}
	return "on (hw rules: array size Depth+1)"
}

func meansMinLOD(s Surface) string {
	return fmt.Sprintf("%d (hw rules: added to LOD)", s.MinLOD)
}

func meansSamples(s Surface) string {
	return unused(s, "samples", fmt.Sprintf("%d samples", s.Samples))
}

func meansPalette(s Surface) string {
	return unused(s, "sample_palette_index", fmt.Sprintf("palette index %d", s.SamplePaletteIndex))
}
