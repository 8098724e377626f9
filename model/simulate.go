package model

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"infoscope/decoder"
)

// Env is everything the simulation needs besides the instruction.
type Env struct {
	Surface Surface
	// LOD holds one value for every lane, or one value per lane (lane i
	// uses LOD[i]; lanes past the end of the list use 0, with a warning).
	// Empty means 0 for every lane. SAMPLEINFO ignores it.
	LOD      []uint32
	Dispatch ExecMask // the dispatch (EM) mask
	GRFBytes int      // GRF size in bytes: 32 (the default when 0) or 64
	Rules    Rules    // which table computes the values: the spec's (default) or the hardware notes'
}

// Rules chooses the table RESINFO results are computed by.
type Rules uint8

// The rule sets.
const (
	// RulesSpec is the INFO spec's result table: the contract, and the
	// default.
	RulesSpec Rules = iota
	// RulesHW is what Intel's compiler and Mesa say the hardware returns
	// (docs: info-hardware-notes): CUBE R is (Width+1)>>LOD, the array size
	// is Depth+1 only when SurfaceArray is set (0 otherwise), BUFFER returns
	// its buffer size in R and 0 elsewhere, and Surface Min LOD is added to
	// the LOD.
	RulesHW
)

// String returns "spec" or "hw".
func (r Rules) String() string {
	if r == RulesHW {
		return "hw"
	}
	return "spec"
}

// ParseRules reads "spec" or "hw".
func ParseRules(s string) (Rules, error) {
	switch s {
	case "spec":
		return RulesSpec, nil
	case "hw":
		return RulesHW, nil
	}
	return RulesSpec, fmt.Errorf("rules %q: want spec (the INFO spec's table) or hw (the hardware notes)", s)
}

// CellState says what the instruction does to one channel of one lane.
type CellState uint8

// The cell states.
const (
	CellWritten     CellState = iota // the lane is enabled and the channel returned: Value is written
	CellUnchanged                    // the lane is disabled: its element keeps its old contents
	CellNotReturned                  // the channel mask switches the channel off: no element exists in dst
	CellUndefined                    // the spec leaves the value undefined (N/A) for this op or surface
)

// String returns "written", "unchanged", "not returned" or "undefined".
func (c CellState) String() string {
	switch c {
	case CellWritten:
		return "written"
	case CellUnchanged:
		return "unchanged"
	case CellNotReturned:
		return "not returned"
	case CellUndefined:
		return "undefined"
	}
	return "state(" + strconv.Itoa(int(c)) + ")"
}

// Cell is one channel of one lane.
type Cell struct {
	State CellState
	Value uint32 // meaningful only when State is CellWritten
	// Formula is the formula of the rules in use with this lane's numbers
	// substituted, e.g. "((63+1)>>2)*(0+1) = 16", or why nothing is written.
	Formula string
	// Differs is set when the other rules (the hardware notes beside the
	// spec's table, or the reverse) give this cell another state or value;
	// Other is that cell and Source where the hardware behaviour is
	// documented.
	Differs bool
	Other   OtherCell
	Source  string
}

// OtherCell is a cell as the other rules compute it.
type OtherCell struct {
	State   CellState
	Value   uint32
	Formula string
}

// LaneResult is what one lane gets.
type LaneResult struct {
	Lane    int
	EMBit   int  // the EM bit the lane reads; -1 when it has none (past bit 31)
	Enabled bool // the lane is written
	LOD     uint32
	Cells   [4]Cell // R, G, B, A
}

// DstChunk is where one returned channel lives in the destination.
type DstChunk struct {
	Channel   string `json:"channel"`    // "R", "G", "B" or "A"
	Lanes     string `json:"lanes"`      // the lanes the chunk holds, e.g. "0-15"
	Var       string `json:"var"`        // the destination variable's name
	ByteStart int    `json:"byte_start"` // first byte in the variable
	ByteEnd   int    `json:"byte_end"`   // one past the last byte in the variable
	GRFs      string `json:"grfs"`       // the GRFs it occupies, relative to the variable: "res+GRF0..1"
}

// Result is the simulated effect of one INFO instruction.
type Result struct {
	Op       decoder.InfoOp
	Rules    Rules        // the rules the cells were computed by
	Lanes    []LaneResult // one per lane, len exec size
	Dst      []DstChunk   // one per returned channel, in R, G, B, A order
	Warnings []string     // lane map warnings, then simulation warnings
	Notes    []string     // the lane map's notes (legal but unusual: not diagnostics)

	grfBytes  int
	dstOffset int
	dstVar    string
}

// channelNames indexes the four channels.
var channelNames = [4]string{"R", "G", "B", "A"}

// ChannelName returns the name of channel c (0-3: R, G, B, A).
func ChannelName(c int) string { return channelNames[c] }

// Simulate computes, per lane and channel, what in writes to its
// destination in env (the spec's result table; format doc §7). A nil in
// gives an empty result with a warning.
//
// Precedence per cell: a channel the channel mask switches off is
// CellNotReturned (it has no element in dst); otherwise a disabled lane is
// CellUnchanged; otherwise the cell is CellUndefined where the spec gives no
// value (SAMPLEINFO G and B, SAMPLEINFO on a surface other than 2D, an
// unknown sub-op) and CellWritten elsewhere.
//
// Shifts by LOD use Go's semantics, so LOD 32 and above give 0; the result
// for a LOD beyond MIPCount is not documented anywhere (format doc §9.6),
// so such lanes are computed by the formula and flagged with a warning.
func Simulate(in *decoder.Info, env Env) Result {
	r := Result{grfBytes: 32}
	switch env.GRFBytes {
	case 0, 32:
	case 64:
		r.grfBytes = 64
	default:
		r.Warnings = append(r.Warnings, fmt.Sprintf("GRF size %d bytes is not supported (32 or 64): using 32", env.GRFBytes))
	}
	if in == nil {
		r.Warnings = append(r.Warnings, "no instruction")
		return r
	}
	r.Op = in.Op()
	r.Rules = env.Rules
	lm := Lanes(in, env.Dispatch)
	r.Warnings = append(lm.Warnings, r.Warnings...)
	r.Notes = lm.Notes
	s := env.Surface
	if err := s.Validate(); err != nil {
		r.Warnings = append(r.Warnings, "surface out of range: "+err.Error())
	}
	n := lm.ExecSize
	resinfo := r.Op == decoder.OpResinfo
	switch r.Op {
	case decoder.OpResinfo:
		if len(env.LOD) > 1 && len(env.LOD) < n {
			r.Warnings = append(r.Warnings, fmt.Sprintf("LOD gives %d values for %d lanes: lanes %s use 0", len(env.LOD), n, LaneRange(len(env.LOD), n-1)))
		}
	case decoder.OpSampleinfo:
		if s.Type != Surface2D {
			r.Warnings = append(r.Warnings, fmt.Sprintf("sampleinfo on a %s surface: the spec defines its result for 2D only, so every channel is undefined", s.Type.Label()))
		}
	default:
		r.Warnings = append(r.Warnings, fmt.Sprintf("unknown sub-op 0x%02x: the spec defines no result", in.SubOp))
	}
	if in.ChannelMask&0xF == 0 {
		r.Warnings = append(r.Warnings, "channel mask is 0: no channel is returned")
	}

	r.Lanes = make([]LaneResult, n)
	var deep []int // enabled lanes whose LOD exceeds MIPCount
	for i := range n {
		lr := LaneResult{Lane: i, EMBit: lm.EMBit(i), Enabled: lm.Enabled[i]}
		if resinfo {
			lr.LOD = laneLOD(env.LOD, i)
			eff := uint64(lr.LOD)
			if env.Rules == RulesHW {
				eff += uint64(s.MinLOD)
			}
			if lr.Enabled && eff > uint64(s.MIPCount) {
				deep = append(deep, i)
			}
		}
		for c := range 4 {
			lr.Cells[c] = ruledCell(in, r.Op, s, lr, c, env.Rules)
		}
		r.Lanes[i] = lr
	}
	if len(deep) > 0 {
		what := "LOD"
		if env.Rules == RulesHW && s.MinLOD > 0 {
			what = fmt.Sprintf("LOD+MinLOD %d", s.MinLOD)
		}
		r.Warnings = append(r.Warnings, fmt.Sprintf("%s beyond MIPCount %d on lanes %s: the result for an out-of-range LOD is not documented; shown as the formula gives it", what, s.MIPCount, laneList(deep)))
	}
	r.layout(in, n)
	return r
}

// laneLOD returns lane i's LOD: one value for all lanes, else per lane.
func laneLOD(lod []uint32, i int) uint32 {
	switch {
	case len(lod) == 1:
		return lod[0]
	case i < len(lod):
		return lod[i]
	}
	return 0
}

// ruledCell computes channel c of lane lr by rules, and by the other rules
// to say where they part.
func ruledCell(in *decoder.Info, op decoder.InfoOp, s Surface, lr LaneResult, c int, rules Rules) Cell {
	specC := cell(in, op, s, lr, c, RulesSpec)
	hwC := cell(in, op, s, lr, c, RulesHW)
	use, other := specC, hwC
	if rules == RulesHW {
		use, other = hwC, specC
	}
	if use.State != other.State || (use.State == CellWritten && use.Value != other.Value) {
		use.Differs = true
		use.Other = OtherCell{State: other.State, Value: other.Value, Formula: other.Formula}
		use.Source = hwC.Source
	}
	if !use.Differs {
		use.Source = ""
	}
	return use
}

// cell computes channel c of lane lr by one set of rules; for RulesHW its
// Source names the documents the value comes from.
func cell(in *decoder.Info, op decoder.InfoOp, s Surface, lr LaneResult, c int, rules Rules) Cell {
	if in.ChannelMask>>uint(c)&1 == 0 {
		return Cell{State: CellNotReturned, Formula: "channel " + channelNames[c] + " is masked off: not returned, no element in dst"}
	}
	if !lr.Enabled {
		return Cell{State: CellUnchanged, Formula: "lane " + strconv.Itoa(lr.Lane) + " is disabled: keeps its old contents"}
	}
	switch op {
	case decoder.OpResinfo:
		if rules == RulesHW {
			return resinfoHWCell(s, lr.LOD, c)
		}
		return resinfoCell(s, lr.LOD, c)
	case decoder.OpSampleinfo:
		return sampleinfoCell(s, c)
	}
	return Cell{State: CellUndefined, Formula: fmt.Sprintf("undefined: unknown sub-op 0x%02x", in.SubOp)}
}

// written makes a written cell from a formula text and its exact value;
// the element is a UD, so a value past 32 bits keeps its low 32 bits.
func written(text string, v uint64) Cell {
	f := text + " = " + strconv.FormatUint(v, 10)
	if v > math.MaxUint32 {
		f += " (low 32 bits: " + strconv.FormatUint(uint64(uint32(v)), 10) + ")"
	}
	return Cell{State: CellWritten, Value: uint32(v), Formula: f}
}

// shifted renders and computes (F+1)>>LOD, the LOD written as lodText. A
// shift of 64 or more is 0.
func shifted(field uint32, lod uint64, lodText string) (string, uint64) {
	v := plus1(field)
	if lod < 64 {
		v >>= lod
	} else {
		v = 0
	}
	return fmt.Sprintf("(%d+1)>>%s", field, lodText), v
}

// resinfoCell is one cell of the spec's RESINFO table.
func resinfoCell(s Surface, lod uint32, c int) Cell {
	if s.Type == SurfaceBuffer {
		return Cell{State: CellUndefined, Formula: "undefined: the spec's table has no BUFFER row"}
	}
	if c == 3 {
		return written("MIPCount", uint64(s.MIPCount))
	}
	lodText := strconv.FormatUint(uint64(lod), 10)
	shift := func(field uint32) func() Cell {
		return func() Cell { return written(shifted(field, uint64(lod), lodText)) }
	}
	quilted := func(field, quilt uint32) func() Cell {
		return func() Cell {
			t, v := shifted(field, uint64(lod), lodText)
			return written(fmt.Sprintf("(%s)*(%d+1)", t, quilt), v*plus1(quilt))
		}
	}
	depth := func() Cell { return written(fmt.Sprintf("%d+1", s.Depth), plus1(s.Depth)) }
	zero := func() Cell { return Cell{State: CellWritten, Formula: "0"} }
	size := func() Cell { return written("Buffer size (as written in the spec)", uint64(s.BufferSize)) }
	// The table's rows (R, G, B), computed only for the cell asked.
	var row [3]func() Cell
	switch s.Type {
	case Surface1D:
		row = [3]func() Cell{shift(s.Width), zero, zero}
	case Surface1DArray:
		row = [3]func() Cell{shift(s.Width), depth, zero}
	case Surface2D:
		row = [3]func() Cell{quilted(s.Width, s.QuiltWidth), quilted(s.Height, s.QuiltHeight), zero}
	case Surface2DArray:
		row = [3]func() Cell{quilted(s.Width, s.QuiltWidth), quilted(s.Height, s.QuiltHeight), depth}
	case Surface3D:
		row = [3]func() Cell{shift(s.Width), shift(s.Height), shift(s.Depth)}
	case SurfaceCube:
		row = [3]func() Cell{size, shift(s.Height), depth}
	default:
		return Cell{State: CellUndefined, Formula: "undefined: surface type " + s.Type.String() + " is not in the spec's table"}
	}
	return row[c]()
}

// Where the hardware rules come from (info-hardware-notes, section 1).
const (
	srcFold   = "IGC DynamicTextureFolding.cpp FoldResInfoValue"
	srcArray  = srcFold + "; Mesa brw_nir_clamp_image_1d_2d_array_sizes.c: SurfaceArray 0 makes RESINFO report an array size of 0"
	srcMinLOD = "Surface Min LOD is added to the LOD: Sandy Bridge PRM vol. 4 part 1 p. 83, quoted by Mesa ilo_state_surface.c"
	srcMIP    = "A: IGC returns the MipCount field; Mesa reads A as the number of levels (field+1): not settled, the field is shown"
)

// resinfoHWCell is one cell by the hardware notes: IGC's model of RESINFO
// (no array types: the SurfaceArray bit decides the array size; CUBE R is
// the width; BUFFER returns its size), with Surface Min LOD added to the
// LOD as the PRM says.
func resinfoHWCell(s Surface, lod uint32, c int) Cell {
	hw := func(x Cell, src ...string) Cell {
		x.Source = strings.Join(src, "; ")
		return x
	}
	if s.Type == SurfaceBuffer {
		if c == 0 {
			return hw(written("Buffer size (as stored)", uint64(s.BufferSize)), srcFold)
		}
		return hw(Cell{State: CellWritten, Formula: "0 (BUFFER)"}, srcFold)
	}
	if !s.Type.valid() {
		return hw(Cell{State: CellWritten, Formula: "0 (not an image type)"}, srcFold)
	}
	if c == 3 {
		return hw(written("MIPCount", uint64(s.MIPCount)), srcMIP)
	}
	// Min LOD: the level read is LOD + MinLOD.
	var eff uint64 = uint64(lod) + uint64(s.MinLOD)
	lodText := strconv.FormatUint(uint64(lod), 10)
	src := []string{srcFold}
	if s.MinLOD > 0 {
		lodText = fmt.Sprintf("(%d+%d)", lod, s.MinLOD)
		src = append(src, srcMinLOD)
	}
	shift := func(field uint32) Cell {
		return hw(written(shifted(field, eff, lodText)), src...)
	}
	quilted := func(field, quilt uint32) Cell {
		t, v := shifted(field, eff, lodText)
		return hw(written(fmt.Sprintf("(%s)*(%d+1)", t, quilt), v*plus1(quilt)), src...)
	}
	array := func() Cell {
		if s.SurfaceArray == 0 {
			return hw(Cell{State: CellWritten, Formula: "SurfaceArray 0: array size 0"}, srcArray)
		}
		return hw(written(fmt.Sprintf("SurfaceArray 1: %d+1", s.Depth), plus1(s.Depth)), srcArray)
	}
	zero := hw(Cell{State: CellWritten, Formula: "0"}, srcFold)
	switch s.Type {
	case Surface1D, Surface1DArray:
		switch c {
		case 0:
			return shift(s.Width)
		case 1:
			return array()
		}
		return zero
	case Surface2D, Surface2DArray:
		switch c {
		case 0:
			return quilted(s.Width, s.QuiltWidth)
		case 1:
			return quilted(s.Height, s.QuiltHeight)
		}
		return array()
	case Surface3D:
		return shift([3]uint32{s.Width, s.Height, s.Depth}[c])
	case SurfaceCube:
		switch c {
		case 0:
			return shift(s.Width)
		case 1:
			return shift(s.Height)
		}
		return array()
	}
	return zero
}

// sampleinfoCell is one cell of the spec's SAMPLEINFO table (2D only).
func sampleinfoCell(s Surface, c int) Cell {
	if c == 1 || c == 2 {
		return Cell{State: CellUndefined, Formula: "N/A: the spec does not define " + channelNames[c] + " for sampleinfo"}
	}
	var x Cell
	if c == 0 {
		x = written("Number of samples", uint64(s.Samples))
	} else {
		x = written("Sample position palette index", uint64(s.SamplePaletteIndex))
	}
	if s.Type != Surface2D {
		return Cell{State: CellUndefined, Formula: "undefined: the spec defines sampleinfo for 2D only (a 2D surface would give " + x.Formula + ")"}
	}
	return x
}

// DstChannel is one returned channel in an INFO's destination: bytes
// Start..End (one past the last) of the destination variable.
type DstChannel struct {
	Channel    int // 0..3: R, G, B, A
	Start, End int
}

// AppendDstLayout appends to out where in writes its result: planar,
// channel-major, returned channels only; the k-th returned channel starts
// at byte Dst.Offset + k*n*4 for n lanes (format doc §7). Nothing when the
// exec size is illegal or no channel is returned. Simulate lays out its
// Dst by it; data flow takes the bytes written from it without simulating
// (out is the caller's: on an array of the caller's stack it allocates
// nothing, where a slice of its own per INFO was 12% more allocations in
// BenchmarkFlowMixedStream).
func AppendDstLayout(out []DstChannel, in *decoder.Info) []DstChannel {
	n := in.ExecSize()
	if n <= 0 || n > 32 {
		return out
	}
	k := 0
	for c := range 4 {
		if in.ChannelMask>>uint(c)&1 == 0 {
			continue
		}
		start := int(in.Dst.Offset) + k*n*4
		out = append(out, DstChannel{Channel: c, Start: start, End: start + n*4})
		k++
	}
	return out
}

// layout fills r.Dst from AppendDstLayout, each chunk with the GRFs it spans.
func (r *Result) layout(in *decoder.Info, n int) {
	r.dstOffset = int(in.Dst.Offset)
	r.dstVar = in.VarName(in.Dst.ID)
	if r.dstVar == "" {
		r.dstVar = "V" + strconv.FormatUint(uint64(in.Dst.ID), 10)
	}
	if n == 0 {
		return
	}
	if r.dstOffset%r.grfBytes != 0 {
		r.Warnings = append(r.Warnings, fmt.Sprintf("dst offset %d is not GRF-aligned (%d-byte GRFs): the verifier requires alignment when %s is at least one GRF", r.dstOffset, r.grfBytes, r.dstVar))
	}
	var buf [4]DstChannel
	for _, d := range AppendDstLayout(buf[:0], in) {
		g0, g1 := d.Start/r.grfBytes, (d.End-1)/r.grfBytes
		grfs := r.dstVar + "+GRF" + strconv.Itoa(g0)
		if g1 != g0 {
			grfs += ".." + strconv.Itoa(g1)
		}
		r.Dst = append(r.Dst, DstChunk{
			Channel: channelNames[d.Channel], Lanes: LaneRange(0, n-1), Var: r.dstVar,
			ByteStart: d.Start, ByteEnd: d.End, GRFs: grfs,
		})
	}
}

// LaneRecord is one lane in dump's JSON: channel values are null where the
// lane is disabled, the channel not returned or the value not defined.
type LaneRecord struct {
	Lane    int     `json:"lane"`
	EMBit   int     `json:"em_bit"` // -1 when the lane has no EM bit
	Enabled bool    `json:"enabled"`
	R       *uint32 `json:"r"`
	G       *uint32 `json:"g"`
	B       *uint32 `json:"b"`
	A       *uint32 `json:"a"`
	// Differs lists the channels ("RB") where the other rules (the hardware
	// notes beside the spec's table, or the reverse) give another result.
	Differs string `json:"differs,omitempty"`
}

// LaneRecords returns one record per lane for dump's JSON.
func (r Result) LaneRecords() []LaneRecord {
	out := make([]LaneRecord, len(r.Lanes))
	for i, l := range r.Lanes {
		rec := LaneRecord{Lane: l.Lane, EMBit: l.EMBit, Enabled: l.Enabled}
		ptrs := [4]**uint32{&rec.R, &rec.G, &rec.B, &rec.A}
		for c, cl := range l.Cells {
			if cl.State == CellWritten {
				v := cl.Value
				*ptrs[c] = &v
			}
			if cl.Differs {
				rec.Differs += channelNames[c]
			}
		}
		out[i] = rec
	}
	return out
}

// dstLayout is the JSON form of the destination layout.
type dstLayout struct {
	Var      string     `json:"var"`
	Offset   int        `json:"offset"`
	GRFBytes int        `json:"grf_bytes"`
	Bytes    int        `json:"bytes"`
	Chunks   []DstChunk `json:"chunks"`
}

// DstLayout returns a JSON-able description of the destination layout:
//
//	{"var": "res", "offset": 0, "grf_bytes": 32, "bytes": 256,
//	 "chunks": [{"channel": "R", "lanes": "0-15", "var": "res",
//	             "byte_start": 0, "byte_end": 64, "grfs": "res+GRF0..1"}, ...]}
//
// var and offset are the dst operand; bytes is how many bytes from offset
// the instruction covers (returned channels x lanes x 4); chunks are Dst,
// with byte_end exclusive. chunks is [] (never null) when nothing is
// returned.
func (r Result) DstLayout() any {
	chunks := r.Dst
	if chunks == nil {
		chunks = []DstChunk{}
	}
	total := 0
	for _, c := range chunks {
		total += c.ByteEnd - c.ByteStart
	}
	g := r.grfBytes
	if g == 0 {
		g = 32
	}
	return dstLayout{Var: r.dstVar, Offset: r.dstOffset, GRFBytes: g, Bytes: total, Chunks: chunks}
}
