package model

import (
	"encoding/json"
	"testing"
)

// Expected-cell sentinels for checkCells: any other value is a written
// value.
const (
	U = ^uint64(0)     // undefined by the spec
	N = ^uint64(0) - 1 // channel not returned
	X = ^uint64(0) - 2 // lane disabled: unchanged
)

// checkCells compares a lane's four cells with want.
func checkCells(t *testing.T, lr LaneResult, want [4]uint64) {
	t.Helper()
	for c, w := range want {
		got := lr.Cells[c]
		state := CellWritten
		switch w {
		case U:
			state = CellUndefined
		case N:
			state = CellNotReturned
		case X:
			state = CellUnchanged
		}
		if got.State != state || (state == CellWritten && uint64(got.Value) != w) {
			t.Errorf("lane %d %s: %v %d (%q), want %v %d", lr.Lane, channelNames[c], got.State, got.Value, got.Formula, state, w)
		}
	}
}

// TestResinfoTable covers every row of the spec's RESINFO table. The
// surface's fields are all different so a formula reading the wrong field
// shows; the expected values are worked by hand from the table.
func TestResinfoTable(t *testing.T) {
	base := Surface{Width: 63, Height: 31, Depth: 5, MIPCount: 7, QuiltWidth: 1, QuiltHeight: 2, BufferSize: 4096}
	tests := []struct {
		typ  SurfaceType
		want [4]uint64
		fr   string // R's formula
		fg   string // G's formula
		fb   string // B's formula
	}{
		{Surface1D, [4]uint64{16, 0, 0, 7}, "(63+1)>>2 = 16", "0", "0"},
		{Surface1DArray, [4]uint64{16, 6, 0, 7}, "(63+1)>>2 = 16", "5+1 = 6", "0"},
		{Surface2D, [4]uint64{32, 24, 0, 7}, "((63+1)>>2)*(1+1) = 32", "((31+1)>>2)*(2+1) = 24", "0"},
		{Surface2DArray, [4]uint64{32, 24, 6, 7}, "((63+1)>>2)*(1+1) = 32", "((31+1)>>2)*(2+1) = 24", "5+1 = 6"},
		{Surface3D, [4]uint64{16, 8, 1, 7}, "(63+1)>>2 = 16", "(31+1)>>2 = 8", "(5+1)>>2 = 1"},
		{SurfaceCube, [4]uint64{4096, 8, 6, 7}, "Buffer size (as written in the spec) = 4096", "(31+1)>>2 = 8", "5+1 = 6"},
	}
	for _, tc := range tests {
		t.Run(tc.typ.String(), func(t *testing.T) {
			s := base
			s.Type = tc.typ
			r := Simulate(resinfo(t, 0x04, 0xF), Env{Surface: s, LOD: []uint32{2}, Dispatch: AllLanes})
			if len(r.Lanes) != 16 {
				t.Fatalf("%d lanes, want 16", len(r.Lanes))
			}
			for _, lr := range r.Lanes {
				checkCells(t, lr, tc.want)
			}
			c := r.Lanes[0].Cells
			for i, f := range []string{tc.fr, tc.fg, tc.fb, "MIPCount = 7"} {
				if c[i].Formula != f {
					t.Errorf("%s formula %q, want %q", channelNames[i], c[i].Formula, f)
				}
			}
			if len(r.Warnings) != 0 {
				t.Errorf("warnings: %q", r.Warnings)
			}
		})
	}
}

// TestShiftToZero: shifts that reach zero, including LODs at and past the
// width of the value (Go's shift semantics), and the out-of-range warning.
func TestShiftToZero(t *testing.T) {
	tests := []struct {
		name string
		s    Surface
		lod  uint32
		want [4]uint64
	}{
		{"1d lod 6 leaves 1", Surface{Type: Surface1D, Width: 63, MIPCount: 15}, 6, [4]uint64{1, 0, 0, 15}},
		{"1d lod 7 reaches 0", Surface{Type: Surface1D, Width: 63, MIPCount: 15}, 7, [4]uint64{0, 0, 0, 15}},
		{"width 1 lod 1", Surface{Type: Surface1D, Width: 0, MIPCount: 15}, 1, [4]uint64{0, 0, 0, 15}},
		{"2d quilt keeps 0", Surface{Type: Surface2D, Width: 63, Height: 31, QuiltWidth: 31, QuiltHeight: 31}, 9, [4]uint64{0, 0, 0, 0}},
		{"3d depth 0", Surface{Type: Surface3D, Width: 7, Height: 3, Depth: 0}, 1, [4]uint64{4, 2, 0, 0}},
		{"lod 32", Surface{Type: Surface1D, Width: 16383}, 32, [4]uint64{0, 0, 0, 0}},
		{"lod 63", Surface{Type: Surface3D, Width: 16383, Height: 16383, Depth: 2047}, 63, [4]uint64{0, 0, 0, 0}},
		{"lod max", Surface{Type: SurfaceCube, Height: 16383, Depth: 9, BufferSize: 5}, ^uint32(0), [4]uint64{5, 0, 10, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Simulate(resinfo(t, 0x03, 0xF), Env{Surface: tc.s, LOD: []uint32{tc.lod}, Dispatch: AllLanes})
			checkCells(t, r.Lanes[0], tc.want)
			deep := tc.lod > tc.s.MIPCount
			if got := hasWarning(r.Warnings, "LOD beyond MIPCount"); got != deep {
				t.Errorf("out-of-range LOD warning %v, want %v: %q", got, deep, r.Warnings)
			}
		})
	}
}

func TestPerLaneLOD(t *testing.T) {
	s := Surface{Type: Surface2D, Width: 255, Height: 127, MIPCount: 8}
	lod := []uint32{0, 1, 2, 3, 4, 5, 6, 7}
	r := Simulate(resinfo(t, 0x03, 0x3), Env{Surface: s, LOD: lod, Dispatch: AllLanes})
	for i, lr := range r.Lanes {
		if lr.LOD != lod[i] {
			t.Errorf("lane %d LOD %d, want %d", i, lr.LOD, lod[i])
		}
		checkCells(t, lr, [4]uint64{256 >> i, 128 >> i, N, N})
	}
	if len(r.Warnings) != 0 {
		t.Errorf("warnings: %q", r.Warnings)
	}

	// Fewer values than lanes: the rest use 0, with a warning.
	r = Simulate(resinfo(t, 0x04, 0x1), Env{Surface: s, LOD: []uint32{3, 2}, Dispatch: AllLanes})
	checkCells(t, r.Lanes[0], [4]uint64{32, N, N, N})
	checkCells(t, r.Lanes[1], [4]uint64{64, N, N, N})
	checkCells(t, r.Lanes[2], [4]uint64{256, N, N, N})
	checkCells(t, r.Lanes[15], [4]uint64{256, N, N, N})
	if !hasWarning(r.Warnings, "lanes 2-15 use 0") {
		t.Errorf("missing short-LOD warning: %q", r.Warnings)
	}

	// No LOD at all means 0 everywhere; more values than lanes are ignored.
	for _, l := range [][]uint32{nil, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}} {
		r = Simulate(resinfo(t, 0x02, 0x1), Env{Surface: s, LOD: l, Dispatch: AllLanes})
		want := uint64(256)
		if l != nil {
			want = 128
		}
		for _, lr := range r.Lanes {
			checkCells(t, lr, [4]uint64{want, N, N, N})
		}
		if len(r.Warnings) != 0 || len(r.Notes) != 1 || !hasWarning(r.Notes, "exec size 4") {
			t.Errorf("LOD %v: warnings %q, notes %q", l, r.Warnings, r.Notes)
		}
	}
}

func TestSampleinfo(t *testing.T) {
	s := Surface{Type: Surface2D, Width: 63, Samples: 4, SamplePaletteIndex: 3, MIPCount: 2}
	r := Simulate(sampleinfo(t, 0x03, 0xF), Env{Surface: s, LOD: []uint32{5}, Dispatch: AllLanes})
	if len(r.Lanes) != 8 {
		t.Fatalf("%d lanes", len(r.Lanes))
	}
	for _, lr := range r.Lanes {
		checkCells(t, lr, [4]uint64{4, U, U, 3})
		if lr.LOD != 0 {
			t.Errorf("lane %d: sampleinfo has no LOD, got %d", lr.Lane, lr.LOD)
		}
	}
	c := r.Lanes[0].Cells
	if c[0].Formula != "Number of samples = 4" || c[3].Formula != "Sample position palette index = 3" {
		t.Errorf("formulas %q, %q", c[0].Formula, c[3].Formula)
	}
	if !contains(c[1].Formula, "N/A") || !contains(c[2].Formula, "N/A") {
		t.Errorf("G/B formulas %q, %q", c[1].Formula, c[2].Formula)
	}
	if len(r.Warnings) != 0 {
		t.Errorf("warnings: %q", r.Warnings)
	}
	recs, _ := json.Marshal(r.LaneRecords()[0])
	if string(recs) != `{"lane":0,"em_bit":0,"enabled":true,"r":4,"g":null,"b":null,"a":3}` {
		t.Errorf("record %s", recs)
	}

	// The spec defines sampleinfo on 2D only.
	for _, typ := range []SurfaceType{Surface1D, Surface1DArray, Surface2DArray, Surface3D, SurfaceCube} {
		s.Type = typ
		r := Simulate(sampleinfo(t, 0x83, 0x9), Env{Surface: s, Dispatch: 0})
		for _, lr := range r.Lanes {
			checkCells(t, lr, [4]uint64{U, N, N, U})
		}
		if !hasWarning(r.Warnings, "2D only") {
			t.Errorf("%s: no warning: %q", typ, r.Warnings)
		}
		if !contains(r.Lanes[0].Cells[0].Formula, "would give Number of samples = 4") {
			t.Errorf("%s: formula %q", typ, r.Lanes[0].Cells[0].Formula)
		}
	}
}

// TestMasks covers the mask controls, NoMask, the dispatch mask and the
// channel mask together: which cells are written, unchanged and not
// returned.
func TestMasks(t *testing.T) {
	s := Surface{Type: Surface1D, Width: 9, MIPCount: 1}
	tests := []struct {
		name     string
		exec     byte
		ch       byte
		dispatch ExecMask
		enabled  string // per lane: 1 enabled, 0 disabled
		emBit0   int
	}{
		{"M1 all", 0x03, 0xF, AllLanes, "11111111", 0},
		{"M1 none", 0x03, 0xF, 0, "00000000", 0},
		{"M1 odd lanes", 0x03, 0xF, 0xAAAAAAAA, "01010101", 0},
		{"M2 exec 4 reads bits 4-7", 0x12, 0x1, 0x000000A0, "0101", 4},
		{"M3 exec 8 reads bits 8-15", 0x23, 0x9, 0x0000F100, "10001111", 8},
		{"M5 exec 16 reads bits 16-31", 0x44, 0x2, 0xFFFF0000, "1111111111111111", 16},
		{"M5 exec 16 low half off", 0x44, 0x2, 0x0000FFFF, "0000000000000000", 16},
		{"M8 exec 4", 0x72, 0x4, 0x80000000, "0001", 28},
		{"M1_NM ignores EM", 0x83, 0xF, 0, "11111111", 0},
		{"M5_NM ignores EM", 0xC4, 0x8, 0, "1111111111111111", 16},
		{"exec 32 M1", 0x05, 0x1, 0x0000FFFF, "11111111111111110000000000000000", 0},
		{"exec 1", 0x00, 0xF, 1, "1", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := resinfo(t, tc.exec, tc.ch)
			r := Simulate(in, Env{Surface: s, LOD: []uint32{1}, Dispatch: tc.dispatch})
			if len(r.Lanes) != len(tc.enabled) {
				t.Fatalf("%d lanes, want %d", len(r.Lanes), len(tc.enabled))
			}
			for i, lr := range r.Lanes {
				on := tc.enabled[i] == '1'
				if lr.Enabled != on || lr.Lane != i || lr.EMBit != tc.emBit0+i {
					t.Errorf("lane %d: enabled %v em %d, want %v em %d", i, lr.Enabled, lr.EMBit, on, tc.emBit0+i)
				}
				var want [4]uint64
				vals := [4]uint64{5, 0, 0, 1}
				for c := range 4 {
					switch {
					case tc.ch>>c&1 == 0:
						want[c] = N
					case !on:
						want[c] = X
					default:
						want[c] = vals[c]
					}
				}
				checkCells(t, lr, want)
			}
			recs := r.LaneRecords()
			for i, rec := range recs {
				ptrs := [4]*uint32{rec.R, rec.G, rec.B, rec.A}
				for c, p := range ptrs {
					if (p != nil) != (r.Lanes[i].Cells[c].State == CellWritten) {
						t.Errorf("record lane %d channel %d: %v vs %v", i, c, p, r.Lanes[i].Cells[c].State)
					}
				}
			}
		})
	}
}

func TestCellPrecedence(t *testing.T) {
	// A masked-off channel has no element, so even a disabled lane shows it
	// as not returned; a disabled lane is unchanged even where the spec
	// gives no value.
	r := Simulate(sampleinfo(t, 0x03, 0x3), Env{Surface: Surface{Type: Surface2D, Samples: 2}, Dispatch: 0x1})
	checkCells(t, r.Lanes[0], [4]uint64{2, U, N, N})
	checkCells(t, r.Lanes[1], [4]uint64{X, X, N, N})
	if got := r.Lanes[1].Cells[0].Formula; !contains(got, "old contents") {
		t.Errorf("unchanged formula %q", got)
	}
}

func TestUnknownSubOp(t *testing.T) {
	in := resinfo(t, 0x03, 0xF)
	in.SubOp = 0x2A // as the decoder keeps it: not 0x0A, so no known op
	r := Simulate(in, Env{Surface: DefaultSurface(), Dispatch: 0x0F})
	checkCells(t, r.Lanes[0], [4]uint64{U, U, U, U})
	checkCells(t, r.Lanes[7], [4]uint64{X, X, X, X})
	if !hasWarning(r.Warnings, "unknown sub-op 0x2a") {
		t.Errorf("warnings %q", r.Warnings)
	}
}

func TestSimulateOddInputs(t *testing.T) {
	r := Simulate(nil, Env{})
	if len(r.Lanes) != 0 || !hasWarning(r.Warnings, "no instruction") {
		t.Errorf("nil: %+v", r)
	}
	// Illegal exec code: no lanes, no dst.
	r = Simulate(resinfo(t, 0x07, 0xF), Env{Surface: DefaultSurface(), Dispatch: AllLanes})
	if len(r.Lanes) != 0 || len(r.Dst) != 0 || !hasWarning(r.Warnings, "illegal") {
		t.Errorf("illegal exec: %d lanes, %d chunks, %q", len(r.Lanes), len(r.Dst), r.Warnings)
	}
	// Channel mask 0: lanes exist, nothing is returned.
	r = Simulate(resinfo(t, 0x03, 0x0), Env{Surface: DefaultSurface(), Dispatch: AllLanes})
	checkCells(t, r.Lanes[0], [4]uint64{N, N, N, N})
	if len(r.Dst) != 0 || !hasWarning(r.Warnings, "channel mask is 0") {
		t.Errorf("chmask 0: %d chunks, %q", len(r.Dst), r.Warnings)
	}
	// An out-of-range surface is computed exactly and flagged; the UD
	// keeps the low 32 bits.
	s := Surface{Type: Surface2D, Width: 1<<32 - 1, QuiltWidth: 1}
	r = Simulate(resinfo(t, 0x03, 0x1), Env{Surface: s, Dispatch: AllLanes})
	c := r.Lanes[0].Cells[0]
	if c.Value != 0 || c.Formula != "((4294967295+1)>>0)*(1+1) = 8589934592 (low 32 bits: 0)" {
		t.Errorf("overflow cell %+v", c)
	}
	if !hasWarning(r.Warnings, "surface out of range: width") {
		t.Errorf("warnings %q", r.Warnings)
	}
	// Bad GRF size falls back to 32 with a warning.
	r = Simulate(resinfo(t, 0x03, 0x1), Env{Surface: DefaultSurface(), Dispatch: AllLanes, GRFBytes: 48})
	if !hasWarning(r.Warnings, "GRF size 48") || r.Dst[0].GRFs != "V33+GRF0" {
		t.Errorf("grf 48: %q %+v", r.Warnings, r.Dst)
	}
}

// TestDstLayout: planar, channel-major, disabled channels skipped; the c-th
// returned channel starts at dst.Offset + c*N*4 (format doc §7).
func TestDstLayout(t *testing.T) {
	type chunk struct {
		ch         string
		start, end int
		grfs       string
	}
	tests := []struct {
		name   string
		exec   byte
		ch     byte
		off    uint16
		grf    int
		want   []chunk
		unalig bool
	}{
		{"RGBA x16 32B", 0x04, 0xF, 0, 32, []chunk{{"R", 0, 64, "V33+GRF0..1"}, {"G", 64, 128, "V33+GRF2..3"}, {"B", 128, 192, "V33+GRF4..5"}, {"A", 192, 256, "V33+GRF6..7"}}, false},
		{"RGBA x16 64B", 0x04, 0xF, 0, 64, []chunk{{"R", 0, 64, "V33+GRF0"}, {"G", 64, 128, "V33+GRF1"}, {"B", 128, 192, "V33+GRF2"}, {"A", 192, 256, "V33+GRF3"}}, false},
		{"RA x8 at 64", 0x83, 0x9, 64, 32, []chunk{{"R", 64, 96, "V33+GRF2"}, {"A", 96, 128, "V33+GRF3"}}, false},
		{"GB x8 skips R", 0x03, 0x6, 0, 32, []chunk{{"G", 0, 32, "V33+GRF0"}, {"B", 32, 64, "V33+GRF1"}}, false},
		{"RG x32 64B", 0x05, 0x3, 0, 64, []chunk{{"R", 0, 128, "V33+GRF0..1"}, {"G", 128, 256, "V33+GRF2..3"}}, false},
		{"RG x32 32B", 0x05, 0x3, 0, 32, []chunk{{"R", 0, 128, "V33+GRF0..3"}, {"G", 128, 256, "V33+GRF4..7"}}, false},
		{"A x32 64B", 0x05, 0x8, 128, 64, []chunk{{"A", 128, 256, "V33+GRF2..3"}}, false},
		{"B x8 64B shares a GRF", 0x03, 0x5, 0, 64, []chunk{{"R", 0, 32, "V33+GRF0"}, {"B", 32, 64, "V33+GRF0"}}, false},
		{"unaligned", 0x03, 0x3, 16, 32, []chunk{{"R", 16, 48, "V33+GRF0..1"}, {"G", 48, 80, "V33+GRF1..2"}}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := inst(t, 0x0A, tc.exec, tc.ch, tc.off)
			if tc.name == "RA x8 at 64" {
				in = inst(t, 0x0B, tc.exec, tc.ch, tc.off) // format doc §8.2
			}
			r := Simulate(in, Env{Surface: DefaultSurface(), Dispatch: AllLanes, GRFBytes: tc.grf})
			d := AppendDstLayout(nil, in) // the layout alone, as data flow takes it
			if len(d) != len(tc.want) {
				t.Fatalf("AppendDstLayout %+v, want %+v", d, tc.want)
			}
			for i, w := range tc.want {
				if ChannelName(d[i].Channel) != w.ch || d[i].Start != w.start || d[i].End != w.end {
					t.Errorf("AppendDstLayout %d: %+v, want %+v", i, d[i], w)
				}
			}
			if len(r.Dst) != len(tc.want) {
				t.Fatalf("chunks %+v, want %+v", r.Dst, tc.want)
			}
			lanes := LaneRange(0, in.ExecSize()-1)
			for i, w := range tc.want {
				got := r.Dst[i]
				if got.Channel != w.ch || got.ByteStart != w.start || got.ByteEnd != w.end || got.GRFs != w.grfs || got.Var != "V33" || got.Lanes != lanes {
					t.Errorf("chunk %d: %+v, want %+v lanes %s", i, got, w, lanes)
				}
			}
			if got := hasWarning(r.Warnings, "not GRF-aligned"); got != tc.unalig {
				t.Errorf("alignment warning %v, want %v: %q", got, tc.unalig, r.Warnings)
			}
		})
	}
}

// TestDstLayoutNone checks that an illegal exec size or an empty channel
// mask lays out no channel.
func TestDstLayoutNone(t *testing.T) {
	for _, c := range []struct{ exec, ch byte }{{0x06, 0xF}, {0x07, 0xF}, {0x04, 0x0}} {
		if d := AppendDstLayout(nil, inst(t, 0x0A, c.exec, c.ch, 0)); d != nil {
			t.Errorf("exec 0x%02x channels 0x%x: %+v, want none", c.exec, c.ch, d)
		}
	}
}

func TestDstLayoutJSON(t *testing.T) {
	r := Simulate(sampleinfo(t, 0x83, 0x9), Env{Surface: DefaultSurface(), Dispatch: AllLanes})
	b, err := json.Marshal(r.DstLayout())
	if err != nil {
		t.Fatal(err)
	}
	want := `{"var":"V33","offset":0,"grf_bytes":32,"bytes":64,"chunks":[` +
		`{"channel":"R","lanes":"0-7","var":"V33","byte_start":0,"byte_end":32,"grfs":"V33+GRF0"},` +
		`{"channel":"A","lanes":"0-7","var":"V33","byte_start":32,"byte_end":64,"grfs":"V33+GRF1"}]}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	b, _ = json.Marshal(Simulate(resinfo(t, 0x03, 0), Env{}).DstLayout())
	if !contains(string(b), `"bytes":0,"chunks":[]`) {
		t.Errorf("empty layout %s", b)
	}
}

func TestCellStateString(t *testing.T) {
	for s, want := range map[CellState]string{CellWritten: "written", CellUnchanged: "unchanged", CellNotReturned: "not returned", CellUndefined: "undefined", 9: "state(9)"} {
		if s.String() != want {
			t.Errorf("%d: %q", s, s.String())
		}
	}
}

// TestLanesPastEM: with M8 and exec size 8, lanes 4-7 have no EM bit; they
// exist (lanes < exec size) but are disabled unless NoMask.
func TestLanesPastEM(t *testing.T) {
	s := Surface{Type: Surface1D, Width: 3}
	r := Simulate(resinfo(t, 0x73, 0x1), Env{Surface: s, Dispatch: AllLanes})
	if len(r.Lanes) != 8 {
		t.Fatalf("%d lanes", len(r.Lanes))
	}
	for i, lr := range r.Lanes {
		if i < 4 {
			if lr.EMBit != 28+i || !lr.Enabled {
				t.Errorf("lane %d: em %d enabled %v", i, lr.EMBit, lr.Enabled)
			}
			checkCells(t, lr, [4]uint64{4, N, N, N})
			continue
		}
		if lr.EMBit != -1 || lr.Enabled {
			t.Errorf("lane %d: em %d enabled %v", i, lr.EMBit, lr.Enabled)
		}
		checkCells(t, lr, [4]uint64{X, N, N, N})
	}
	r = Simulate(resinfo(t, 0xF3, 0x1), Env{Surface: s, Dispatch: 0})
	for _, lr := range r.Lanes {
		checkCells(t, lr, [4]uint64{4, N, N, N})
	}
	if !hasWarning(r.Warnings, "exceeds 32") {
		t.Errorf("warnings %q", r.Warnings)
	}
}
