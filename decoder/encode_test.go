package decoder

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"infoscope/sampledata"
	"infoscope/sampledata/testkit"
)

// sampleFiles returns every embedded sample (name -> bytes).
func sampleFiles(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, n := range sampledata.Names() {
		b, err := sampledata.Read(n)
		if err != nil {
			t.Fatal(err)
		}
		out[n] = b
	}
	if len(out) == 0 {
		t.Fatal("no samples")
	}
	return out
}

// oracleFiles returns every IGC-written binary in testdata/oracle.
func oracleFiles(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, p := range testkit.Glob(t, 1, "testdata/oracle/*.isa") {
		b := testkit.ReadFile(t, p)
		out[filepath.Base(p)] = b
	}
	return out
}

// TestRoundTripObjects: decode, encode, and get the same bytes, for every
// object-file sample and for every oracle binary (whose gen binaries are
// carried over through GenCodeFrom); then decode the result again and
// re-encode it.
func TestRoundTripObjects(t *testing.T) {
	all := map[string][]byte{}
	for n, b := range sampleFiles(t) {
		if strings.HasSuffix(n, ".isa") {
			all["sampledata/"+n] = b
		}
	}
	for n, b := range oracleFiles(t) {
		all["oracle/"+n] = b
	}
	for name, data := range all {
		t.Run(name, func(t *testing.T) {
			o, err := ParseObject(data, name)
			if err != nil {
				t.Fatal(err)
			}
			opt := EncodeOptions{GenCode: GenCodeFrom(o, data)}
			out, err := EncodeObjectWith(o, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, data) {
				t.Fatalf("re-encoded file differs from the original at byte 0x%x (%d vs %d bytes)", firstDiff(out, data), len(out), len(data))
			}
			o2, err := ParseObject(out, name)
			if err != nil {
				t.Fatal(err)
			}
			out2, err := EncodeObjectWith(o2, EncodeOptions{GenCode: GenCodeFrom(o2, out)})
			if err != nil || !bytes.Equal(out2, data) {
				t.Fatalf("second round trip differs (err %v)", err)
			}
			hasGen := false
			for _, k := range o.Kernels {
				hasGen = hasGen || len(k.GenBinaries) > 0
			}
			if _, err := EncodeObject(o); hasGen && !errors.Is(err, ErrNotEncodable) {
				t.Errorf("EncodeObject without gen code: err %v, want ErrNotEncodable", err)
			} else if !hasGen && err != nil {
				t.Errorf("EncodeObject: %v", err)
			}
		})
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestRoundTripInfos re-encodes every INFO instruction of every sample and
// oracle file, in the layout it was decoded in, and expects its bytes.
func TestRoundTripInfos(t *testing.T) {
	all := sampleFiles(t)
	for n, b := range oracleFiles(t) {
		all[n] = b
	}
	count := 0
	for name, data := range all {
		f := Decode(name, data, Options{})
		for _, s := range f.Streams {
			for i := range s.NumInfos() {
				in := s.Info(i)
				got, err := EncodeInfo(in, in.Layout, in.Version)
				if err != nil {
					t.Errorf("%s 0x%x: %v", name, in.Off, err)
					continue
				}
				if !bytes.Equal(got, in.Bytes()) {
					t.Errorf("%s 0x%x: encoded % x, decoded from % x", name, in.Off, got, in.Bytes())
				}
				count++
			}
		}
	}
	if count < 50 {
		t.Errorf("only %d INFO instructions round-tripped", count)
	}
}

// TestEncodeInfoInverse encodes every combination of sub-op, exec code,
// mask, channel mask, layout and id width and decodes it back.
func TestEncodeInfoInverse(t *testing.T) {
	for _, v := range []Version{{3, 3}, {4, 1}, {3, 0}} {
		for _, layout := range []Layout{LayoutIGC, LayoutSeed} {
			for _, sub := range []uint8{0x0A, 0x0B, 0x2A, 0x00} {
				for ec := uint8(0); ec < 16; ec++ {
					for m := MaskControl(0); m < 16; m++ {
						if v.Num() == 300 && m > 8 {
							continue
						}
						for ch := uint8(0); ch < 16; ch++ {
							if layout == LayoutSeed && ch != 0xF {
								continue
							}
							hasLOD := sub == 0x0A || layout == LayoutSeed && sub&0x1F == 0x0A
							in := &Info{SubOp: sub, ExecCode: ec, Mask: m, ChannelMask: ch, Surface: 6 + ch, HasLOD: hasLOD, LOD: RawOperand{ID: 32, Offset: uint16(ec) * 4}, Dst: RawOperand{ID: 0xFFF0 + uint32(ch), Offset: 0x1234}}
							b, err := EncodeInfo(in, layout, v)
							if err != nil {
								t.Fatalf("%s %s %+v: %v", v, layout, in, err)
							}
							s := Walk(b, 0, WalkOptions{Version: v, Layout: layout})
							if s.Err != nil || s.NumInfos() != 1 || s.NumInsts() != 1 {
								t.Fatalf("%s %s % x: walk %v, %d infos", v, layout, b, s.Err, s.NumInfos())
							}
							got := s.Info(0)
							if got.SubOp != sub || got.ExecCode != ec || got.Mask != m || got.ChannelMask != ch || got.Surface != in.Surface || got.HasLOD != hasLOD || got.Dst.ID != in.Dst.ID || got.Dst.Offset != in.Dst.Offset || hasLOD && got.LOD.ID != in.LOD.ID {
								t.Fatalf("%s %s: encoded %+v as % x, decoded %+v", v, layout, in, b, got)
							}
						}
					}
				}
			}
		}
	}
}

func TestEncodeInfoRefuses(t *testing.T) {
	ok := Info{SubOp: 0x0A, ExecCode: 4, ChannelMask: 0xF, Surface: 6, HasLOD: true, LOD: RawOperand{ID: 32}, Dst: RawOperand{ID: 33}}
	for _, c := range []struct {
		name   string
		edit   func(*Info)
		layout Layout
		v      Version
		field  string
	}{
		{"auto layout", func(*Info) {}, LayoutAuto, Version{4, 1}, "layout"},
		{"lod without resinfo", func(i *Info) { i.SubOp = 0x0B }, LayoutIGC, Version{4, 1}, "lod"},
		{"resinfo without lod", func(i *Info) { i.HasLOD = false }, LayoutIGC, Version{4, 1}, "lod"},
		{"seed 0x2a has lod", func(i *Info) { i.SubOp = 0x2A; i.HasLOD = false }, LayoutSeed, Version{4, 1}, "lod"},
		{"exec code too wide", func(i *Info) { i.ExecCode = 16 }, LayoutIGC, Version{4, 1}, "exec_size"},
		{"mask too wide", func(i *Info) { i.Mask = 16 }, LayoutIGC, Version{4, 1}, "mask_control"},
		{"M2_NM in 3.0", func(i *Info) { i.Mask = 9 }, LayoutIGC, Version{3, 0}, "mask_control"},
		{"channel mask too wide", func(i *Info) { i.ChannelMask = 0x1F }, LayoutIGC, Version{4, 1}, "channel_mask"},
		{"seed channel mask", func(i *Info) { i.ChannelMask = 0x3 }, LayoutSeed, Version{4, 1}, "channel_mask"},
		{"wide dst id at 3.3", func(i *Info) { i.Dst.ID = 0x10000 }, LayoutIGC, Version{3, 3}, "dst.id"},
		{"wide lod id at 3.3", func(i *Info) { i.LOD.ID = 0x10000 }, LayoutSeed, Version{3, 3}, "lod.id"},
	} {
		in := ok
		c.edit(&in)
		_, err := EncodeInfo(&in, c.layout, c.v)
		var ee *EncodeError
		if !errors.As(err, &ee) || !errors.Is(err, ErrNotEncodable) || ee.Field != "info."+c.field {
			t.Errorf("%s: err %v, want an EncodeError on info.%s", c.name, err, c.field)
		}
	}
	in := ok
	in.Dst.ID = 0x10000
	if _, err := EncodeInfo(&in, LayoutIGC, Version{3, 4}); err != nil {
		t.Errorf("UD ids from 3.4: %v", err)
	}
}

// doc85 is the 145-byte object file of format doc §8.5.
var doc85 = []byte{
	0x43, 0x49, 0x53, 0x41, 0x04, 0x01, 0x01, 0x00, 0x01, 0x00, 0x6B, 0x20, 0x00, 0x00, 0x00, 0x71,
	0x00, 0x00, 0x00, 0x69, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x05, 0x00, 0x00, 0x00, 0x00, 0x6B, 0x00, 0x6C, 0x6F, 0x64, 0x00, 0x72, 0x65, 0x73, 0x00, 0x69,
	0x6D, 0x67, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x50,
	0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x50, 0x40,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x01, 0x04, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x06, 0x00,
	0x00, 0x00, 0x20, 0x00, 0x04, 0x00, 0x11, 0x00, 0x00, 0x00, 0x60, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x70, 0x0A, 0x04, 0x0F, 0x06, 0x20, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, 0x00, 0x00, 0x00, 0x00,
	0x00,
}

// TestEncodeDoc85 builds the §8.5 file from its description, not from a
// decode, and expects the documented 145 bytes.
func TestEncodeDoc85(t *testing.T) {
	code, err := EncodeInfo(&Info{SubOp: 0x0A, ExecCode: 4, ChannelMask: 0xF, Surface: 6, HasLOD: true, LOD: RawOperand{ID: 32}, Dst: RawOperand{ID: 33}}, LayoutIGC, Version{4, 1})
	if err != nil {
		t.Fatal(err)
	}
	k := &Body{
		Kind: KindKernel, Name: "k",
		Strings:   []string{"", "k", "lod", "res", "img"},
		NameIndex: 1,
		Vars: []Var{
			{NameIndex: 2, Props: 0x50, NumElements: 16},
			{NameIndex: 3, Props: 0x50, NumElements: 64},
		},
		Surfaces: []Decl{{NameIndex: 4, NumElements: 1}},
		Inputs:   []Input{{Kind: 2, ID: 6, Offset: 32, Size: 4}},
		Code:     code,
	}
	got, err := EncodeObject(&Object{Version: Version{4, 1}, Kernels: []*Body{k}})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, doc85) {
		t.Fatalf("encoded §8.5 file differs at byte 0x%x:\n got % x\nwant % x", firstDiff(got, doc85), got, doc85)
	}
}

func TestEncodeObjectRefuses(t *testing.T) {
	base := func(v Version) *Object {
		return &Object{Version: v, Kernels: []*Body{{Kind: KindKernel, Name: "k", Strings: []string{"k"}}}}
	}
	for _, c := range []struct {
		name  string
		v     Version
		edit  func(o *Object)
		field string
	}{
		{"major 2", Version{2, 0}, func(*Object) {}, "major_version"},
		{"too many kernels", Version{4, 1}, func(o *Object) {
			for len(o.Kernels) <= maxKernels {
				o.Kernels = append(o.Kernels, &Body{Kind: KindKernel})
			}
		}, "num_kernels"},
		{"function in kernels", Version{4, 1}, func(o *Object) { o.Kernels[0].Kind = KindFunction }, "kernel[0]"},
		{"kernel in functions", Version{4, 1}, func(o *Object) { o.Functions = []*Body{{Kind: KindKernel}} }, "function[0]"},
		{"name_len UB below 3.7", Version{3, 6}, func(o *Object) { o.Kernels[0].Name = strings.Repeat("n", 256) }, "kernel[0].name"},
		{"five gen binaries", Version{4, 1}, func(o *Object) { o.Kernels[0].GenBinaries = make([]GenBinary, 5) }, "kernel[0].num_gen_binaries"},
		{"gen binary without bytes", Version{4, 1}, func(o *Object) { o.Kernels[0].GenBinaries = make([]GenBinary, 1) }, "kernel k: gen_binary[0]"},
		{"NUL in string", Version{4, 1}, func(o *Object) { o.Kernels[0].Strings = []string{"a\x00b"} }, "kernel k: string[0]"},
		{"long string", Version{4, 1}, func(o *Object) { o.Kernels[0].Strings = []string{strings.Repeat("s", 1024)} }, "kernel k: string[0]"},
		{"UW name index below 3.4", Version{3, 3}, func(o *Object) { o.Kernels[0].NameIndex = 0x10000 }, "kernel k: name_index"},
		{"UW alias below 3.4", Version{3, 3}, func(o *Object) { o.Kernels[0].Vars = []Var{{AliasIndex: 0x10000}} }, "kernel k: var[0].alias_index"},
		{"UW input id below 3.4", Version{3, 3}, func(o *Object) { o.Kernels[0].Inputs = []Input{{ID: 0x10000}} }, "kernel k: input[0].id"},
		{"UB num_inputs below 3.5", Version{3, 4}, func(o *Object) { o.Kernels[0].Inputs = make([]Input, 256) }, "kernel k: num_inputs"},
		{"32 samplers", Version{4, 1}, func(o *Object) { o.Kernels[0].Samplers = make([]Decl, 32) }, "kernel k: sampler_count"},
		{"251 surfaces", Version{4, 1}, func(o *Object) { o.Kernels[0].Surfaces = make([]Decl, 251) }, "kernel k: surface_count"},
		{"long attribute", Version{4, 1}, func(o *Object) { o.Kernels[0].Attrs = []Attr{{Value: make([]byte, 256)}} }, "kernel k: attribute[0].size"},
		{"function inputs", Version{4, 1}, func(o *Object) {
			o.Functions = []*Body{{Kind: KindFunction, Name: "f", Inputs: make([]Input, 1)}}
		}, "function f: num_inputs"},
		{"undecoded body", Version{4, 1}, func(o *Object) { o.Kernels[0].Err = ErrTruncated }, "kernel k"},
	} {
		o := base(c.v)
		c.edit(o)
		_, err := EncodeObject(o)
		var ee *EncodeError
		if !errors.As(err, &ee) || !errors.Is(err, ErrNotEncodable) || ee.Field != c.field {
			t.Errorf("%s: err %v, want an EncodeError on %q", c.name, err, c.field)
		}
	}
	// The limits themselves are accepted.
	o := base(Version{3, 6})
	o.Kernels[0].Name = strings.Repeat("n", 255)
	o.Kernels[0].Samplers = make([]Decl, 31)
	o.Kernels[0].Inputs = make([]Input, 255)
	if _, err := EncodeObject(o); err != nil {
		t.Errorf("at the limits: %v", err)
	}
}

// TestEncodeNarrowVersions checks the version-dependent widths against
// the decoder for every version boundary (3.3/3.4, 3.4/3.5, 3.6/3.7).
func TestEncodeNarrowVersions(t *testing.T) {
	for _, v := range []Version{{3, 0}, {3, 3}, {3, 4}, {3, 5}, {3, 6}, {3, 7}, {4, 0}, {4, 1}, {4, 8}} {
		code, err := EncodeInfo(&Info{SubOp: 0x0B, ExecCode: 3, ChannelMask: 1, Surface: 6, Dst: RawOperand{ID: 33}}, LayoutIGC, v)
		if err != nil {
			t.Fatal(err)
		}
		k := &Body{Kind: KindKernel, Name: "kern", Strings: []string{"kern", "a", "b", "img", "Target"},
			Vars:     []Var{{NameIndex: 1, Props: 0x50, NumElements: 8}, {NameIndex: 2, Props: 0x50, NumElements: 8, AliasIndex: 32, Attrs: []Attr{{NameIndex: 4, Value: []byte{1}}}}},
			Surfaces: []Decl{{NameIndex: 3, NumElements: 1}},
			Inputs:   []Input{{Kind: 2, ID: 6, Offset: 32, Size: 4}, {Kind: 0, ID: 32, Offset: -4, Size: 32}},
			Attrs:    []Attr{{NameIndex: 4, Value: []byte{1}}},
			Code:     code}
		fn := &Body{Kind: KindFunction, Name: "fn", Linkage: 0, Strings: []string{"fn"}, InputSize: 3, RetValSize: 2, Code: []byte{0x68, 0x80, 0x00, 0x00}}
		data, err := EncodeObject(&Object{Version: v, Kernels: []*Body{k}, Functions: []*Body{fn}})
		if err != nil {
			t.Fatal(err)
		}
		f := Decode("v", data, Options{})
		if len(f.Errors) > 0 || len(f.Warnings) > 0 {
			t.Fatalf("%s: errors %v warnings %v", v, f.Errors, f.Warnings)
		}
		got := f.Object.Kernels[0]
		if got.Name != "kern" || len(got.Inputs) != 2 || got.Inputs[1].Offset != -4 || got.Vars[1].AliasIndex != 32 || got.Vars[1].Attrs[0].Name != "Target" {
			t.Errorf("%s: kernel decoded as %+v", v, got)
		}
		if fb := f.Object.Functions[0]; fb.InputSize != 3 || fb.RetValSize != 2 || fb.Stream.NumInsts() != 1 {
			t.Errorf("%s: function decoded as %+v", v, fb)
		}
		if s := f.Streams[0]; s.NumInfos() != 1 || s.Info(0).Text() != "sampleinfo.R (M1, 8)  T6 b.0" {
			t.Errorf("%s: INFO %v", v, allInfos(s))
		}
		// name_len is UB before 3.7: "kern" starts at 9, else at 10.
		at := 10
		if v.Num() < 307 {
			at = 9
		}
		if string(data[at:at+4]) != "kern" {
			t.Errorf("%s: name not at %d: % x", v, at, data[8:16])
		}
	}
}

// TestSurfaceTableLimit: surface indices are one byte and declared ones
// start at 6, so 250 declared surfaces (T6..T255) fit and 251 do not.
func TestSurfaceTableLimit(t *testing.T) {
	for _, n := range []int{249, 250} {
		k := &Body{Kind: KindKernel, Name: "k", Strings: []string{"k"}, Surfaces: make([]Decl, n)}
		data, err := EncodeObject(&Object{Version: Version{4, 1}, Kernels: []*Body{k}})
		if err != nil {
			t.Fatalf("%d surfaces: %v", n, err)
		}
		if f := Decode("s", data, Options{}); len(f.Errors) > 0 {
			t.Errorf("%d declared surfaces (last index %d) refused: %v", n, 5+n, f.Errors)
		}
	}
}

// GenCodeFrom returns a GenCode that reads each gen binary from data, the
// file o was decoded from, at the offset and size o recorded.
func GenCodeFrom(o *Object, data []byte) func(k, g int) ([]byte, error) {
	return func(k, g int) ([]byte, error) {
		if k < 0 || k >= len(o.Kernels) || g < 0 || g >= len(o.Kernels[k].GenBinaries) {
			return nil, &EncodeError{Field: fmt.Sprintf("kernel[%d].gen_binary[%d]", k, g), Reason: "no such gen binary"}
		}
		gb := o.Kernels[k].GenBinaries[g]
		end := uint64(gb.Offset) + uint64(gb.Size)
		if end > uint64(len(data)) {
			return nil, &EncodeError{Field: fmt.Sprintf("kernel %s: gen_binary[%d]", o.Kernels[k].Name, g), Reason: fmt.Sprintf("bytes 0x%x..0x%x lie outside the %d-byte file", gb.Offset, end, len(data))}
		}
		return data[gb.Offset:end:end], nil
	}
}
