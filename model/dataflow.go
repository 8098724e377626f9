package model

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"
)

// This file is the data flow around one INFO instruction: which
// instructions of its body write the bytes its LOD operand reads (LOD
// sources), which read the bytes it wrote (result readers, per channel and
// lane) and which overwrite them. Instructions are reduced to FlowInst
// records (bytes read and written, how control leaves them); the analysis
// runs on those alone, so hand-built bodies test it without any encoding.
//
// Control flow: every instruction is a node; an edge goes to the next
// instruction unless control cannot continue (ret, fret, an unpredicated
// jmp or goto), and to every label an instruction may jump to. Calls fall
// through (their callees' effects are not modelled); an indirect jump or
// call is reported as not modelled.

// Access is a byte range of a root variable (aliases resolved) that an
// instruction reads or writes.
type Access struct {
	Var        uint32 // root general-variable id (< 32: predefined)
	Start, End int    // bytes [Start, End) in the root variable
	// Must: the access certainly happens on these bytes (not predicated,
	// not a message payload whose size is unknown). Only Must writes end
	// the life of a value.
	Must bool
}

// FlowInst is what data flow needs of one instruction.
type FlowInst struct {
	Reads, Writes []Access
	Label         int   // label-table index this instruction defines; -1 none
	Targets       []int // label-table indices it may jump to
	Stop          bool  // control does not continue to the next instruction
	Call          bool  // a call: the callee's reads and writes are not modelled
	Indirect      bool  // an indirect jump or call: its targets are unknown
	Opaque        bool  // an operand through an address register: its bytes are unknown
	Payload       bool  // a message payload whose size was assumed (to the variable's end)
	Guessed       bool  // vISA text the decoder does not parse: operand roles read from the line
}

// Range is a byte range of a root variable.
type Range struct {
	Var        uint32
	Start, End int
}

// Source is an instruction that writes bytes of the LOD operand and
// reaches the INFO.
type Source struct {
	Inst      int    // $N
	Start     int    // first LOD byte it writes, relative to the LOD operand
	End       int    // one past the last
	Lanes     string // the LOD lanes those bytes hold, e.g. "0-7"
	SomePaths bool   // it reaches the INFO only on some paths (or is predicated)
}

// ChannelLanes is the lanes of one returned channel.
type ChannelLanes struct {
	Channel string `json:"channel"`
	Lanes   string `json:"lanes"`
}

// Reader is an instruction that reads bytes of the INFO's result.
type Reader struct {
	Inst     int
	Channels []ChannelLanes // per channel read, in R, G, B, A order
}

// Overwrite is the first later write that overwrites a returned channel.
type Overwrite struct {
	Channel string
	Inst    int
	Lanes   string
}

// Flow is the data flow of one INFO instruction within its body.
type Flow struct {
	Sources    []Source    // nearest first
	Readers    []Reader    // nearest first
	Overwrites []Overwrite // per channel that is overwritten, in R, G, B, A order
	// Outside is the LOD lanes whose bytes may reach the INFO unwritten by
	// this body (an input, an argument, or set by a caller); "" when none.
	Outside string
	Blocks  int      // basic blocks of the body
	Block   [2]int   // the INFO's basic block: its first and last $N
	Omitted int      // sources or readers left out past the list limits
	Notes   []string // what the body holds that the analysis does not model
}

// maxListed bounds the sources and readers listed (nearest first).
const maxListed = 64

// Body is a body's instructions reduced for data flow, with its control
// flow graph; build it once per body (NewBody or FlowBody) and ask it about
// each INFO.
type Body struct {
	Insts []FlowInst
	succ  [][]int32
	pred  [][]int32
	lead  []bool // the instruction starts a basic block
}

// NewBody builds the control flow graph of insts.
func NewBody(insts []FlowInst) *Body {
	b := &Body{Insts: insts, succ: make([][]int32, len(insts)), pred: make([][]int32, len(insts)), lead: make([]bool, len(insts))}
	labelAt := map[int]int{}
	for i, in := range insts {
		if in.Label >= 0 {
			if _, dup := labelAt[in.Label]; !dup {
				labelAt[in.Label] = i
			}
		}
	}
	for i, in := range insts {
		if in.Label >= 0 || i == 0 {
			b.lead[i] = true
		}
		if !in.Stop && i+1 < len(insts) {
			b.succ[i] = append(b.succ[i], int32(i+1))
		}
		for _, t := range in.Targets {
			if j, ok := labelAt[t]; ok {
				b.succ[i] = append(b.succ[i], int32(j))
			}
		}
		if (in.Stop || len(in.Targets) > 0 || in.Indirect) && i+1 < len(insts) {
			b.lead[i+1] = true
		}
	}
	for i, ss := range b.succ {
		for _, s := range ss {
			b.pred[s] = append(b.pred[s], int32(i))
		}
	}
	return b
}

// bytesSet is a set of up to 512 bytes (4 channels x 32 lanes x 4 bytes)
// relative to the start of an INFO operand.
type bytesSet [8]uint64

func (s *bytesSet) add(lo, hi int) {
	for b := max(lo, 0); b < min(hi, 512); b++ {
		s[b>>6] |= 1 << (b & 63)
	}
}

func (s bytesSet) and(t bytesSet) (r bytesSet) {
	for i := range s {
		r[i] = s[i] & t[i]
	}
	return
}

func (s bytesSet) andNot(t bytesSet) (r bytesSet) {
	for i := range s {
		r[i] = s[i] &^ t[i]
	}
	return
}

func (s bytesSet) or(t bytesSet) (r bytesSet) {
	for i := range s {
		r[i] = s[i] | t[i]
	}
	return
}

func (s bytesSet) empty() bool { return s == bytesSet{} }

// bounds returns the first and one-past-last byte set; (0, 0) when empty.
func (s bytesSet) bounds() (int, int) {
	lo, hi := -1, 0
	for i, w := range s {
		if w == 0 {
			continue
		}
		if lo < 0 {
			lo = i*64 + bits.TrailingZeros64(w)
		}
		hi = i*64 + 64 - bits.LeadingZeros64(w)
	}
	if lo < 0 {
		return 0, 0
	}
	return lo, hi
}

// lanes returns the 4-byte lanes of [start, start+n*4) that s touches.
func (s bytesSet) lanes(start, n int) uint32 {
	var m uint32
	for l := range min(n, 32) {
		var one bytesSet
		one.add(start+l*4, start+l*4+4)
		if !s.and(one).empty() {
			m |= 1 << l
		}
	}
	return m
}

// project returns the bytes of accs (of any instruction) that fall in r,
// relative to r.Start; only Must accesses when must.
func project(accs []Access, r Range, must bool) bytesSet {
	var s bytesSet
	for _, a := range accs {
		if a.Var != r.Var || (must && !a.Must) || a.End <= r.Start || a.Start >= r.End {
			continue
		}
		s.add(max(a.Start, r.Start)-r.Start, min(a.End, r.End)-r.Start)
	}
	return s
}

// propagate runs a forward may-analysis of the bytes gen holds at the exit
// of instruction from: a byte stays live until a Must write of it. It
// returns the live bytes at each instruction's entry.
func (b *Body) propagate(from int, gen bytesSet, kill []bytesSet) []bytesSet {
	in := make([]bytesSet, len(b.Insts))
	out := make([]bytesSet, len(b.Insts))
	queued := make([]bool, len(b.Insts))
	var work []int32
	push := func(i int32) {
		if !queued[i] {
			queued[i] = true
			work = append(work, i)
		}
	}
	out[from] = gen
	for _, s := range b.succ[from] {
		push(s)
	}
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		queued[i] = false
		var x bytesSet
		for _, p := range b.pred[i] {
			x = x.or(out[p])
		}
		in[i] = x
		o := x.andNot(kill[i])
		if int(i) == from {
			o = gen
		}
		if o != out[i] {
			out[i] = o
			for _, s := range b.succ[i] {
				push(s)
			}
		}
	}
	return in
}

// distances returns the BFS distance from at along succ (forward) or pred
// (backward); -1 where unreachable.
func (b *Body) distances(at int, forward bool) []int {
	d := make([]int, len(b.Insts))
	for i := range d {
		d[i] = -1
	}
	edges := b.pred
	if forward {
		edges = b.succ
	}
	q := []int32{int32(at)}
	d[at] = 0
	for len(q) > 0 {
		i := q[0]
		q = q[1:]
		for _, j := range edges[i] {
			if d[j] < 0 {
				d[j] = d[i] + 1
				q = append(q, j)
			}
		}
	}
	return d
}

// reachAvoiding marks the nodes reachable from the starts along edges
// without entering avoid.
func reachAvoiding(edges [][]int32, starts []int32, avoid int) []bool {
	seen := make([]bool, len(edges))
	var q []int32
	for _, s := range starts {
		if int(s) != avoid && !seen[s] {
			seen[s] = true
			q = append(q, s)
		}
	}
	for len(q) > 0 {
		i := q[len(q)-1]
		q = q[:len(q)-1]
		for _, j := range edges[i] {
			if int(j) != avoid && !seen[j] {
				seen[j] = true
				q = append(q, j)
			}
		}
	}
	return seen
}

// InfoOperands is where one INFO instruction reads its LOD and writes its
// result, in root-variable bytes.
type InfoOperands struct {
	HasLOD bool
	LOD    Range // LOD lanes x 4 bytes
	Lanes  int   // exec size
	Dst    []ChunkRange
}

// ChunkRange is one returned channel's bytes.
type ChunkRange struct {
	Channel string
	Range
}

// Analyze computes the data flow of the INFO at instruction at.
func (b *Body) Analyze(at int, op InfoOperands) Flow {
	var f Flow
	if at < 0 || at >= len(b.Insts) {
		return f
	}
	f.Notes = b.notes()
	f.Blocks, f.Block = b.blocks(at)
	if op.HasLOD && op.LOD.End > op.LOD.Start {
		b.sources(&f, at, op)
	}
	if len(op.Dst) > 0 {
		b.readers(&f, at, op)
	}
	return f
}

func (b *Body) notes() []string {
	var calls, ind, opaque, payload bool
	guessed := 0
	for _, in := range b.Insts {
		calls = calls || in.Call
		ind = ind || in.Indirect
		opaque = opaque || in.Opaque
		payload = payload || in.Payload
		if in.Guessed {
			guessed++
		}
	}
	var n []string
	if guessed > 0 {
		n = append(n, fmt.Sprintf("operand roles of %d vISA text line(s) the decoder does not parse: read from the line (first operand written; a message's raw operands both read and written)", guessed))
	}
	if calls {
		n = append(n, "calls: the callee's reads and writes are not modelled")
	}
	if ind {
		n = append(n, "indirect jumps and calls: their targets are not modelled")
	}
	if opaque {
		n = append(n, "operands through address registers (r[A..]): their bytes are not modelled")
	}
	if payload {
		n = append(n, "message payloads of unstated size: assumed to reach the variable's end")
	}
	return n
}

func (b *Body) blocks(at int) (int, [2]int) {
	n, first := 0, 0
	for i, l := range b.lead {
		if l {
			n++
			if i <= at {
				first = i
			}
		}
	}
	last := first
	for last+1 < len(b.lead) && !b.lead[last+1] {
		last++
	}
	return n, [2]int{first, last}
}

func (b *Body) sources(f *Flow, at int, op InfoOperands) {
	r := op.LOD
	kill := make([]bytesSet, len(b.Insts))
	for i, in := range b.Insts {
		if i != at {
			kill[i] = project(in.Writes, r, true)
		}
	}
	var full bytesSet
	full.add(0, r.End-r.Start)
	exit := b.need(at, full, kill)
	// Bytes that may reach the INFO unwritten from the body's entry.
	entry := full
	if at != 0 {
		entry = exit[0].andNot(kill[0])
	}
	if m := entry.lanes(0, op.Lanes); m != 0 {
		f.Outside = laneMask(m)
	}
	back := b.distances(at, false)
	type cand struct{ i, d int }
	var cands []cand
	for i, in := range b.Insts {
		if i != at && back[i] >= 0 && !project(in.Writes, r, false).and(exit[i]).empty() {
			cands = append(cands, cand{i, back[i]})
		}
	}
	sort.SliceStable(cands, func(x, y int) bool { return cands[x].d < cands[y].d })
	for _, c := range cands {
		if len(f.Sources) >= maxListed {
			f.Omitted++
			continue
		}
		w := project(b.Insts[c.i].Writes, r, false)
		live := w.and(exit[c.i])
		lo, hi := live.bounds()
		s := Source{Inst: c.i, Start: lo, End: hi, Lanes: laneMask(live.lanes(0, op.Lanes))}
		s.SomePaths = w != project(b.Insts[c.i].Writes, r, true) || !b.allPaths(c.i, at, live, kill)
		f.Sources = append(f.Sources, s)
	}
}

// need is a backward may-analysis from the INFO at: for each instruction,
// the LOD bytes needed at its exit, that is, read by the INFO along some
// path from there that writes them nowhere (Must writes only) before.
// One pass over the body, whatever the number of writes.
func (b *Body) need(at int, full bytesSet, kill []bytesSet) []bytesSet {
	exit := make([]bytesSet, len(b.Insts))
	queued := make([]bool, len(b.Insts))
	var work []int32
	reach := func(i int32, x bytesSet) {
		if y := exit[i].or(x); y != exit[i] {
			exit[i] = y
			if !queued[i] && int(i) != at {
				queued[i] = true
				work = append(work, i)
			}
		}
	}
	for _, p := range b.pred[at] {
		reach(p, full)
	}
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		queued[i] = false
		x := exit[i].andNot(kill[i])
		for _, p := range b.pred[i] {
			reach(p, x)
		}
	}
	return exit
}

// allPaths reports whether the bytes live of instruction c's write reach
// at on every path from the body's entry: every such path passes c, and
// no write of those bytes lies between c and at.
func (b *Body) allPaths(c, at int, live bytesSet, kill []bytesSet) bool {
	if at != 0 && reachAvoiding(b.succ, []int32{0}, c)[at] || c != 0 && at == 0 {
		return false
	}
	fwd := reachAvoiding(b.succ, b.succ[c], c)
	bwd := reachAvoiding(b.pred, []int32{int32(at)}, c)
	for i := range b.Insts {
		if i != c && i != at && fwd[i] && bwd[i] && !kill[i].and(live).empty() {
			return false
		}
	}
	return true
}

func (b *Body) readers(f *Flow, at int, op InfoOperands) {
	// One range covering every chunk of the root variable the result is in.
	r := Range{Var: op.Dst[0].Var, Start: op.Dst[0].Start, End: op.Dst[0].End}
	for _, c := range op.Dst[1:] {
		r.Start, r.End = min(r.Start, c.Start), max(r.End, c.End)
	}
	if r.End-r.Start > 512 {
		r.End = r.Start + 512
	}
	var gen bytesSet
	chunks := make([]bytesSet, len(op.Dst))
	for k, c := range op.Dst {
		chunks[k].add(c.Start-r.Start, c.End-r.Start)
		gen = gen.or(chunks[k])
	}
	kill := make([]bytesSet, len(b.Insts))
	for i, in := range b.Insts {
		if i != at {
			kill[i] = project(in.Writes, r, true)
		}
	}
	live := b.propagate(at, gen, kill)
	fwd := b.distances(at, true)
	var order []int
	for i := range b.Insts {
		if i != at && fwd[i] >= 0 {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(x, y int) bool { return fwd[order[x]] < fwd[order[y]] })
	over := make([]int, len(op.Dst))
	for k := range over {
		over[k] = -1
	}
	for _, i := range order {
		in := live[i]
		if in.empty() {
			continue
		}
		if rd := project(b.Insts[i].Reads, r, false).and(in); !rd.empty() {
			if len(f.Readers) >= maxListed {
				f.Omitted++
			} else {
				rr := Reader{Inst: i}
				for k, c := range op.Dst {
					if m := rd.and(chunks[k]).lanes(c.Start-r.Start, op.Lanes); m != 0 {
						rr.Channels = append(rr.Channels, ChannelLanes{c.Channel, laneMask(m)})
					}
				}
				f.Readers = append(f.Readers, rr)
			}
		}
		for k, c := range op.Dst {
			if over[k] >= 0 {
				continue
			}
			if m := kill[i].and(in).and(chunks[k]).lanes(c.Start-r.Start, op.Lanes); m != 0 {
				over[k] = i
				f.Overwrites = append(f.Overwrites, Overwrite{Channel: c.Channel, Inst: i, Lanes: laneMask(m)})
			}
		}
	}
	sort.SliceStable(f.Overwrites, func(x, y int) bool {
		return strings.Index("RGBA", f.Overwrites[x].Channel) < strings.Index("RGBA", f.Overwrites[y].Channel)
	})
}

// laneMask prints a lane set as "0-7,16-23".
func laneMask(m uint32) string {
	var b strings.Builder
	for l := 0; l < 32; {
		if m>>l&1 == 0 {
			l++
			continue
		}
		h := l
		for h+1 < 32 && m>>(h+1)&1 != 0 {
			h++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(laneRange(l, h))
		l = h + 1
	}
	return b.String()
}
