package sampledata

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/testkit"
)

var wantNames = []string{"damaged.isa", "kernels.isa", "legacy_v33.isa", "stream.hex", "stream_igc.bin", "stream_seed.bin"}

func TestNames(t *testing.T) {
	if got := Names(); !slices.Equal(got, wantNames) {
		t.Fatalf("Names() = %q, want %q", got, wantNames)
	}
	if _, err := Read("missing.isa"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Read(missing) error = %v, want fs.ErrNotExist", err)
	}
	// Read returns a copy: changing it must not change the sample.
	a, _ := Read("kernels.isa")
	a[0] = 'X'
	if b, _ := Read("kernels.isa"); b[0] != 'C' {
		t.Error("Read shares memory with the embedded file")
	}
}

// TestGenerated runs the generator into a temporary directory and checks
// that the committed samples are exactly what it writes.
func TestGenerated(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go tool not on PATH")
	}
	dir := t.TempDir()
	cmd := exec.Command(goTool, "run", "./cmd/gensamples", "-o", dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./cmd/gensamples: %v\n%s", err, out)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, Names()) {
		t.Fatalf("generator writes %q, embedded %q", names, Names())
	}
	for _, n := range names {
		gen := testkit.ReadFile(t, filepath.Join(dir, n))
		have, _ := Read(n)
		if !bytes.Equal(gen, have) {
			t.Errorf("%s: committed file differs from the generator's output (run go generate ./sampledata)", n)
		}
	}
}

func decode(t *testing.T, name string) *decoder.File {
	t.Helper()
	data, err := Read(name)
	if err != nil {
		t.Fatal(err)
	}
	return decoder.Decode(name, data, decoder.Options{})
}

func noErrors(t *testing.T, f *decoder.File) {
	t.Helper()
	for _, e := range f.Errors {
		t.Errorf("%s: %v", f.Name, e)
	}
	for _, w := range f.Warnings {
		t.Errorf("%s: warning %s", f.Name, w)
	}
	for _, s := range f.Streams {
		for _, in := range s.Infos() {
			if len(in.Diagnostics()) > 0 {
				t.Errorf("%s %s+0x%x: %v", f.Name, s.Kernel, in.Off, in.Diagnostics())
			}
		}
	}
}

func names(bs []*decoder.Body) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Name)
	}
	return out
}

func TestKernels(t *testing.T) {
	f := decode(t, "kernels.isa")
	noErrors(t, f)
	o := f.Object
	if o == nil {
		t.Fatal("not decoded as an object file")
	}
	if o.Version != (decoder.Version{Major: 4, Minor: 1}) {
		t.Errorf("version %s, want 4.1", o.Version)
	}
	if got := names(o.Kernels); !slices.Equal(got, []string{"info_main", "info_masks"}) {
		t.Errorf("kernels %q", got)
	}
	if got := names(o.Functions); !slices.Equal(got, []string{"helper"}) {
		t.Errorf("functions %q", got)
	}
	masks := map[decoder.MaskControl]bool{}
	sizes := map[int]bool{}
	chans := map[string]bool{}
	predefSurf, declSurf := false, false
	var ops []int
	for _, s := range f.Streams {
		other := map[string]bool{}
		for _, in := range s.Insts() {
			if in.Op != decoder.OpINFO {
				other[in.Mnemonic()] = true
			}
		}
		ops = append(ops, len(other))
		for _, in := range s.Infos() {
			masks[in.Mask] = true
			sizes[in.ExecSize()] = true
			chans[in.Channels()] = true
			if in.Surface < decoder.NumPredefinedSurfaces {
				predefSurf = true
			} else {
				declSurf = true
			}
		}
	}
	if f.NumInfos() != 24 {
		t.Errorf("%d INFO instructions, want 24 (7 + 16 + 1)", f.NumInfos())
	}
	if len(masks) != 16 {
		t.Errorf("%d distinct mask controls, want all 16", len(masks))
	}
	for _, n := range []int{8, 16, 32} {
		if !sizes[n] {
			t.Errorf("no INFO at exec size %d", n)
		}
	}
	if len(chans) < 5 {
		t.Errorf("only channel masks %v", chans)
	}
	if !predefSurf || !declSurf {
		t.Errorf("predefined surfaces used: %v, declared: %v", predefSurf, declSurf)
	}
	if ops[0] < 50 {
		t.Errorf("info_main has %d distinct ordinary mnemonics, want dozens", ops[0])
	}
	// Declared variables resolve to their names in the text.
	if got := f.Streams[0].Info(0).Text(); got != "resinfo.RGBA (M1, 16)  T6 lod.0 res.0" {
		t.Errorf("first INFO %q", got)
	}
}

func TestLegacy(t *testing.T) {
	f := decode(t, "legacy_v33.isa")
	noErrors(t, f)
	if f.Object == nil || f.Object.Version != (decoder.Version{Major: 3, Minor: 3}) {
		t.Fatalf("not a 3.3 object file: %+v", f.Object)
	}
	data, _ := Read("legacy_v33.isa")
	// UB name_len: the first kernel's name follows a one-byte length at 8.
	if data[8] != byte(len("legacy")) || string(data[9:15]) != "legacy" {
		t.Errorf("header name bytes % x", data[8:15])
	}
	k := f.Object.Kernels[0]
	// UB num_inputs at input_offset.
	if got := data[k.InputOffset]; int(got) != len(k.Inputs) || len(k.Inputs) != 2 {
		t.Errorf("num_inputs byte %d, inputs %d", got, len(k.Inputs))
	}
	for _, s := range f.Streams {
		for _, in := range s.Infos() {
			want := 9
			if in.HasLOD {
				want = 13
			}
			if len(in.Bytes()) != want {
				t.Errorf("%s: %d-byte INFO, want %d at 3.3", in.Text(), len(in.Bytes()), want)
			}
		}
	}
	if f.NumInfos() != 5 {
		t.Errorf("%d INFO, want 5", f.NumInfos())
	}
}

func TestStreams(t *testing.T) {
	for _, c := range []struct {
		name   string
		layout decoder.Layout
		reason string
		hex    bool
	}{
		{"stream_igc.bin", decoder.LayoutIGC, "seed stops at byte", false},
		{"stream_seed.bin", decoder.LayoutSeed, "igc stops at byte", false},
		{"stream.hex", decoder.LayoutIGC, "seed stops at byte", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := decode(t, c.name)
			noErrors(t, f)
			if f.IsObject() || f.Hex != c.hex {
				t.Errorf("object %v hex %v", f.IsObject(), f.Hex)
			}
			if f.Layout != c.layout || !strings.Contains(f.LayoutReason, c.reason) {
				t.Errorf("layout %s (%s), want %s with %q", f.Layout, f.LayoutReason, c.layout, c.reason)
			}
			if f.NumInfos() == 0 {
				t.Error("no INFO")
			}
			t.Logf("%s: %s", c.name, f.LayoutReason)
		})
	}
}

func TestDamaged(t *testing.T) {
	f := decode(t, "damaged.isa")
	if len(f.Errors) != 1 {
		t.Fatalf("errors %v, want exactly one", f.Errors)
	}
	var fe *decoder.FormatError
	if !errors.As(f.Errors[0], &fe) || !errors.Is(fe, decoder.ErrUnknownOpcode) {
		t.Fatalf("error %v is not an unknown-opcode *FormatError", f.Errors[0])
	}
	if len(f.Streams) != 3 {
		t.Fatalf("%d streams", len(f.Streams))
	}
	intact, broken, suspect := f.Streams[0], f.Streams[1], f.Streams[2]
	// suspect decodes cleanly and every INFO in it has a diagnostic: what
	// n and the diag filter show on first contact.
	if suspect.Err != nil || suspect.NumInfos() != 3 {
		t.Errorf("suspect: err %v, %d INFO", suspect.Err, suspect.NumInfos())
	}
	for _, in := range suspect.Infos() {
		if in.NumDiagnostics() == 0 {
			t.Errorf("suspect+0x%x %s: no diagnostic", in.Off, in.Text())
		}
	}
	if intact.Err != nil || intact.NumInfos() != 2 {
		t.Errorf("intact: err %v, %d INFO", intact.Err, intact.NumInfos())
	}
	if fe.File != "damaged.isa" || fe.Kernel != "broken" {
		t.Errorf("error located in %q kernel %q", fe.File, fe.Kernel)
	}
	// The fault is the byte right after the second instruction of "broken".
	if broken.NumInsts() != 2 {
		t.Fatalf("broken kept %d instructions, want 2", broken.NumInsts())
	}
	last := broken.Inst(1)
	if want := broken.Base + int64(last.Off) + int64(last.Len); fe.Off != want {
		t.Errorf("error at 0x%x, want 0x%x", fe.Off, want)
	}
	if f.Data[fe.Off] != 0x3B {
		t.Errorf("byte at error is 0x%02x, want the planted 0x3b", f.Data[fe.Off])
	}
}
