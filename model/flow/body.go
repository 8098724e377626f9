package flow

import (
	"fmt"
	"math"
	"slices"
	"sync"
)

// The analyses of one INFO are demand-driven: each walks only the part of
// the body its question reaches (the LOD bytes still needed going back,
// the result bytes still live going forward, the distances up to the last
// instruction listed), on scratch reused from INFO to INFO, so that a body
// of N instructions with K INFO costs far less than N*K. What the whole
// body alone decides (basic blocks, dominators, notes, which instructions
// must-write each variable) is computed once, when the body is built. The
// results are exactly those of the straightforward analysis over every
// instruction (kept in ref_test.go; the differential tests hold this to it).

// Body is a body's instructions reduced for data flow, with its control
// flow graph; build it once per body (NewStream) and ask it about each
// INFO. Its methods may be called from several goroutines.
//
// Only what the analyses ask of an instruction after the build is kept,
// packed (a few dozen bytes an instruction): its accesses in one array,
// its edges in two; labels, targets and flags are spent building them.
type Body struct {
	n    int       // instructions
	acc  []flowAcc // every instruction's reads, then its writes
	must []uint64  // bit k: acc[k] is a Must access
	off  []int32   // instruction i's reads are acc[off[2i]:off[2i+1]], its writes acc[off[2i+1]:off[2i+2]]
	succ edges     // control flow: where each instruction may go next
	pred edges     // and where it may come from
	lead []int32   // the first instruction of each basic block, ascending
	// blockOf is each instruction's basic block.
	blockOf []int32
	// entry: the blocks reachable from the body's entry.
	entry []bool
	// pre, post: each block's interval in a walk of the dominator tree of
	// the blocks reachable from the entry (-1: unreachable), so that
	// "every path from the entry to b passes a" is two comparisons; nil
	// when the tree would cost more than a bound in proportion to the body
	// (dominates then searches).
	pre, post []int32
	// mustW lists, per root variable, the instructions with a Must write
	// of it, ascending; allW with any write, reads with any read.
	mustW, allW, reads map[uint32][]int32
	notes              []string // shared by every Flow: capacity = length
	pool               sync.Pool
}

// flowAcc is an Access packed in 12 bytes (its Must is a bit of
// Body.must): a variable's bytes fit in int32 (offsets past them are held
// at the bound).
type flowAcc struct {
	v    uint32
	s, e int32
}

func (b *Body) addAcc(a Access) {
	k := len(b.acc)
	b.acc = append(b.acc, flowAcc{v: a.Var, s: clamp32(a.Start), e: clamp32(a.End)})
	if k>>6 >= len(b.must) {
		b.must = append(b.must, 0)
	}
	if a.Must {
		b.must[k>>6] |= 1 << (k & 63)
	}
}

func (b *Body) isMust(k int32) bool { return b.must[k>>6]>>(k&63)&1 != 0 }

// project returns the bytes of acc[lo:hi] that fall in r, relative to
// r.Start; only Must accesses when must.
func (b *Body) project(lo, hi int32, r Range, must bool) bytesSet {
	var s bytesSet
	for k := lo; k < hi; k++ {
		a := &b.acc[k]
		s0, e0 := int(a.s), int(a.e)
		if a.v != r.Var || e0 <= r.Start || s0 >= r.End || (must && !b.isMust(k)) {
			continue
		}
		s.add(max(s0, r.Start)-r.Start, min(e0, r.End)-r.Start)
	}
	return s
}

// projectW is project on instruction i's writes, projectR on its reads.
func (b *Body) projectW(i int32, r Range, must bool) bytesSet {
	return b.project(b.off[2*i+1], b.off[2*i+2], r, must)
}

func (b *Body) projectR(i int32, r Range) bytesSet {
	return b.project(b.off[2*i], b.off[2*i+1], r, false)
}

func clamp32(x int) int32 {
	return int32(min(max(x, math.MinInt32), math.MaxInt32))
}

// bodyBuilder builds a Body one instruction at a time, so that a stream's
// instructions are never all held as Inst records.
type bodyBuilder struct {
	b      Body
	labels []int32 // (label, instruction) pairs, in instruction order
	jumps  []int32 // (instruction, label) pairs, in instruction order
	flags  []uint8 // per instruction: bStop, bLead, bEnds
	noteFlags
	// noTree leaves the dominator tree out (tests: the search that
	// replaces it past its bound).
	noTree bool
}

const (
	bStop = 1 << iota // control does not continue to the next instruction
	bLead             // the instruction starts a basic block
	bEnds             // the instruction ends a basic block
)

// grow reserves room for n instructions.
func (bb *bodyBuilder) grow(n int) {
	bb.flags = slices.Grow(bb.flags, n)
	bb.b.off = slices.Grow(bb.b.off, 2*n+1)
}

func (bb *bodyBuilder) add(in *Inst) {
	b := &bb.b
	i := int32(b.n)
	b.n++
	if len(b.off) == 0 {
		b.off = append(b.off, 0)
	}
	for _, a := range in.Reads {
		b.addAcc(a)
	}
	b.off = append(b.off, int32(len(b.acc)))
	for _, a := range in.Writes {
		b.addAcc(a)
	}
	b.off = append(b.off, int32(len(b.acc)))
	var f uint8
	if in.Stop {
		f |= bStop
	}
	if in.Label >= 0 || i == 0 {
		f |= bLead
	}
	if in.Label >= 0 {
		bb.labels = append(bb.labels, int32(in.Label), i)
	}
	for _, t := range in.Targets {
		bb.jumps = append(bb.jumps, i, int32(t))
	}
	if in.Stop || len(in.Targets) > 0 || in.Indirect {
		f |= bEnds
	}
	bb.flags = append(bb.flags, f)
	bb.noteFlags.add(in)
}

func (bb *bodyBuilder) finish() *Body {
	b := &bb.b
	n := b.n
	if len(b.off) == 0 {
		b.off = append(b.off, 0)
	}
	b.acc, b.off, b.must = slices.Clip(b.acc), slices.Clip(b.off), slices.Clip(b.must)
	b.blockOf = make([]int32, n)
	labelAt := map[int32]int32{}
	for k := 0; k < len(bb.labels); k += 2 {
		if _, dup := labelAt[bb.labels[k]]; !dup {
			labelAt[bb.labels[k]] = bb.labels[k+1]
		}
	}
	bb.labels = nil
	b.succ.off = make([]int32, n+1)
	b.succ.to = make([]int32, 0, n+len(bb.jumps)/2)
	jk := 0
	for i := range int32(n) {
		if bb.flags[i]&bStop == 0 && int(i)+1 < n {
			b.succ.to = append(b.succ.to, i+1)
		}
		for ; jk < len(bb.jumps) && bb.jumps[jk] == i; jk += 2 {
			if j, ok := labelAt[bb.jumps[jk+1]]; ok {
				b.succ.to = append(b.succ.to, j)
			}
		}
		b.succ.off[i+1] = int32(len(b.succ.to))
	}
	bb.jumps = nil
	b.succ.to = slices.Clip(b.succ.to)
	b.pred = b.succ.reverse()
	for i, f := range bb.flags {
		if f&bLead != 0 || (i > 0 && bb.flags[i-1]&bEnds != 0) {
			b.lead = append(b.lead, int32(i))
		}
		b.blockOf[i] = int32(len(b.lead) - 1)
	}
	bb.flags = nil
	b.lead = slices.Clip(b.lead)
	b.varLists()
	perEdge := domSteps
	if bb.noTree {
		perEdge = 0
	}
	b.dominators(perEdge)
	b.notes = bb.notes()
	return b
}

// varLists fills mustW, allW and reads: counted first, then filled into
// one array, so that the lists hold no spare capacity.
func (b *Body) varLists() {
	type count struct{ n, last [3]int32 }
	counts := map[uint32]*count{}
	each := func(f func(k int, v uint32, i int32)) {
		for i := range int32(b.n) {
			for k := b.off[2*i+1]; k < b.off[2*i+2]; k++ {
				if b.isMust(k) {
					f(0, b.acc[k].v, i)
				}
				f(1, b.acc[k].v, i)
			}
			for k := b.off[2*i]; k < b.off[2*i+1]; k++ {
				f(2, b.acc[k].v, i)
			}
		}
	}
	total := 0
	each(func(k int, v uint32, i int32) {
		c := counts[v]
		if c == nil {
			c = &count{last: [3]int32{-1, -1, -1}}
			counts[v] = c
		}
		if c.last[k] != i {
			c.last[k] = i
			c.n[k]++
			total++
		}
	})
	lists := [3]map[uint32][]int32{{}, {}, {}}
	all := make([]int32, total)
	for v, c := range counts {
		for k, m := range c.n {
			if m > 0 {
				lists[k][v], all = all[:0:m], all[m:]
			}
		}
	}
	each(func(k int, v uint32, i int32) {
		if l := lists[k][v]; len(l) == 0 || l[len(l)-1] != i {
			lists[k][v] = append(l, i)
		}
	})
	b.mustW, b.allW, b.reads = lists[0], lists[1], lists[2]
}

// edges holds each instruction's edges in one array (compressed rows):
// instruction i's are to[off[i]:off[i+1]].
type edges struct{ off, to []int32 }

func (e *edges) at(i int32) []int32 { return e.to[e.off[i]:e.off[i+1]] }

// reverse returns the edges turned around, each list in ascending order
// of its sources (the order appending them in source order gives).
func (e *edges) reverse() edges {
	n := len(e.off) - 1
	r := edges{off: make([]int32, n+1), to: make([]int32, len(e.to))}
	for _, t := range e.to {
		r.off[t+1]++
	}
	for i := range n {
		r.off[i+1] += r.off[i]
	}
	fill := slices.Clone(r.off[:n])
	for i := range n {
		for _, t := range e.at(int32(i)) {
			r.to[fill[t]] = int32(i)
			fill[t]++
		}
	}
	return r
}

// domSteps bounds the dominator tree's iteration: steps per block and
// edge.
const domSteps = 32

// dominators numbers the dominator tree of the blocks (Cooper, Harvey and
// Kennedy's iteration over reverse postorder). A block's edges all leave
// from its last instruction and enter at its first, so dominance of
// blocks is dominance of their instructions. Past perEdge steps per
// block and edge the tree is left out.
func (b *Body) dominators(perEdge int) {
	nb := len(b.lead)
	b.pre, b.post = slices.Repeat([]int32{-1}, nb), slices.Repeat([]int32{-1}, nb)
	if nb == 0 {
		return
	}
	// Reverse postorder of the blocks reachable from block 0.
	po := slices.Repeat([]int32{-1}, nb) // postorder number; -1 unreached
	seen := make([]bool, nb)
	var order []int32 // postorder
	type frame struct {
		x int32
		e int
	}
	stack := []frame{{0, 0}}
	seen[0] = true
	for len(stack) > 0 {
		t := &stack[len(stack)-1]
		ss := b.edges(t.x, true)
		if t.e < len(ss) {
			y := b.blockOf[ss[t.e]]
			t.e++
			if !seen[y] {
				seen[y] = true
				stack = append(stack, frame{y, 0})
			}
			continue
		}
		po[t.x] = int32(len(order))
		order = append(order, t.x)
		stack = stack[:len(stack)-1]
	}
	steps := 0
	idom := slices.Repeat([]int32{-1}, nb)
	idom[0] = 0
	intersect := func(x, y int32) int32 {
		for x != y {
			for po[x] < po[y] {
				x = idom[x]
				steps++
			}
			for po[y] < po[x] {
				y = idom[y]
				steps++
			}
		}
		return x
	}
	b.entry = seen
	// The iteration is quadratic on some graphs (a chain of labels each
	// jumped to from a chain of jumps after it): past this many steps the
	// tree is left out.
	bound := perEdge * (nb + len(b.pred.to) + 2048)
	for changed := true; changed; {
		changed = false
		for k := len(order) - 2; k >= 0; k-- { // reverse postorder, the entry (last) skipped
			x := order[k]
			d := int32(-1)
			ps := b.pred.at(b.lead[x])
			if steps += len(ps); steps > bound {
				b.pre, b.post = nil, nil
				return
			}
			for _, p := range ps {
				pb := b.blockOf[p]
				if idom[pb] < 0 {
					continue
				}
				if d < 0 {
					d = pb
				} else {
					d = intersect(pb, d)
				}
			}
			if d != idom[x] {
				idom[x], changed = d, true
			}
		}
	}
	// Children lists, then one walk for the intervals.
	first := make([]int32, nb+1)
	for x := range nb {
		if x != 0 && idom[x] >= 0 {
			first[idom[x]+1]++
		}
	}
	for x := range nb {
		first[x+1] += first[x]
	}
	kids := make([]int32, first[nb])
	fill := slices.Clone(first[:nb])
	for x := range nb {
		if x != 0 && idom[x] >= 0 {
			kids[fill[idom[x]]] = int32(x)
			fill[idom[x]]++
		}
	}
	clock := int32(0)
	stack = append(stack[:0], frame{0, 0})
	b.pre[0] = clock
	clock++
	for len(stack) > 0 {
		t := &stack[len(stack)-1]
		if k := first[t.x] + int32(t.e); k < first[t.x+1] {
			t.e++
			y := kids[k]
			b.pre[y] = clock
			clock++
			stack = append(stack, frame{y, 0})
			continue
		}
		b.post[t.x] = clock
		clock++
		stack = stack[:len(stack)-1]
	}
}

// reachable reports whether instruction i is reachable from the entry.
func (b *Body) reachable(i int32) bool { return b.entry[b.blockOf[i]] }

// dominates reports whether every path from the entry to at, reachable,
// passes c (c != at).
func (b *Body) dominates(sc *flowScratch, c, at int32) bool {
	bc, ba := b.blockOf[c], b.blockOf[at]
	if bc == ba {
		return c < at
	}
	if b.pre != nil {
		return b.pre[bc] >= 0 && b.pre[bc] <= b.pre[ba] && b.post[ba] <= b.post[bc]
	}
	// No tree: search for a path from the entry to at's block that does
	// not enter c's.
	if bc == 0 {
		return true
	}
	seen := &sc.seen[1]
	seen.reset(len(b.lead))
	stack := append(sc.work[:0], 0)
	defer func() { sc.work = stack[:0] }()
	seen.add(0)
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if k == ba {
			return false
		}
		ss := b.edges(k, true)
		sc.visits += 1 + len(ss)
		if sc.over() {
			return true
		}
		for _, s := range ss {
			if u := b.blockOf[s]; u != bc && !seen.has(u) {
				seen.add(u)
				stack = append(stack, u)
			}
		}
	}
	return true
}

// noteFlags is what a body's notes say, gathered instruction by
// instruction.
type noteFlags struct {
	calls, ind, opaque, payload bool
	unparsed                    int
}

func (nf *noteFlags) add(in *Inst) {
	nf.calls = nf.calls || in.Call
	nf.ind = nf.ind || in.Indirect
	nf.opaque = nf.opaque || in.Opaque
	nf.payload = nf.payload || in.Payload
	if in.Unparsed {
		nf.unparsed++
	}
}

func (nf *noteFlags) notes() []string {
	var n []string
	if nf.unparsed > 0 {
		n = append(n, unparsedNote(nf.unparsed))
	}
	if nf.calls {
		n = append(n, "calls: the callee's reads and writes are not modelled")
	}
	if nf.ind {
		n = append(n, "indirect jumps and calls: their targets are not modelled")
	}
	if nf.opaque {
		n = append(n, "operands through address registers (r[A..]) or of types without a size: their bytes are not modelled")
	}
	if nf.payload {
		n = append(n, "message payloads of unstated size: assumed to reach the variable's end")
	}
	return slices.Clip(n)
}

// Analyze computes the data flow of the INFO at instruction at.
func (b *Body) Analyze(at int, op InfoOperands) Flow {
	f, _, _ := b.analyze(at, op, 0)
	return f
}

// analyze computes the data flow of the INFO at instruction at, counting
// the instructions and edges it visits: past limit (when > 0) it stops and
// returns ok false. It returns the visits spent.
func (b *Body) analyze(at int, op InfoOperands, limit int) (f Flow, visits int, ok bool) {
	if at < 0 || at >= b.n {
		return f, 0, true
	}
	sc, _ := b.pool.Get().(*flowScratch)
	if sc == nil {
		sc = &flowScratch{}
	}
	defer b.pool.Put(sc)
	sc.visits, sc.limit = 0, limit
	f.Notes = b.notes
	f.Blocks, f.Block = b.blocks(at)
	if op.HasLOD && op.LOD.End > op.LOD.Start {
		b.sources(sc, &f, int32(at), op)
	}
	if len(op.Dst) > 0 && !sc.over() {
		b.readers(sc, &f, int32(at), op)
	}
	if sc.over() {
		return Flow{}, sc.visits, false
	}
	return f, sc.visits, true
}

func (b *Body) blocks(at int) (int, [2]int) {
	k := b.blockOf[at]
	return len(b.lead), [2]int{int(b.lead[k]), int(b.lastOf(k))}
}

// flowScratch is one analysis' working memory, reused by the next
// analysis of the same body (through Body.pool): maps from instruction to
// value that reset in O(1).
type flowScratch struct {
	vals   nodeMap // per block
	dist   distMap // per block (and one more node, see sources)
	heap   []heapItem
	seen   [3]stampSet // [0] per block; [1], [2] per instruction
	work   []int32
	visits int
	limit  int
}

func (sc *flowScratch) over() bool { return sc.limit > 0 && sc.visits > sc.limit }

// flowNode is an instruction's values in one analysis: a (need at exit,
// or live at entry) and out (live at exit).
type flowNode struct {
	a, out bytesSet
	i      int32
	queued bool
}

// nodeMap maps instructions to flowNodes (slot: their index in nodes);
// reset empties it in O(1).
type nodeMap struct {
	slot  distMap
	nodes []flowNode
}

func (m *nodeMap) reset(n int) {
	m.slot.reset(n)
	m.nodes = m.nodes[:0]
}

// merge adds x to block k's bytes and, when that changes them, queues k on
// work (unless k is from, the INFO's own block, whose value is fixed): the
// step both worklist analyses take along an edge.
func (m *nodeMap) merge(k, from int32, x bytesSet, work []int32) []int32 {
	if x.empty() {
		return work
	}
	n := &m.nodes[m.get(k)]
	if y := n.a.or(x); y != n.a {
		n.a = y
		if !n.queued && k != from {
			n.queued = true
			work = append(work, k)
		}
	}
	return work
}

// find returns i's node index, -1 when it has none.
func (m *nodeMap) find(i int32) int {
	if k, ok := m.slot.get(i); ok {
		return int(k)
	}
	return -1
}

// get returns i's node index, making the node when it has none.
func (m *nodeMap) get(i int32) int {
	if k, ok := m.slot.get(i); ok {
		return int(k)
	}
	m.slot.set(i, int32(len(m.nodes)))
	m.nodes = append(m.nodes, flowNode{i: i})
	return len(m.nodes) - 1
}

func (m *nodeMap) value(i int32) bytesSet {
	if k := m.find(i); k >= 0 {
		return m.nodes[k].a
	}
	return bytesSet{}
}

// distMap maps instructions to numbers (distances, node slots); reset
// empties it in O(1).
type distMap struct {
	stampSet // the instructions with a number
	d        []int32
}

func (m *distMap) reset(n int) {
	m.stampSet.reset(n)
	if len(m.d) < n {
		m.d = make([]int32, n)
	}
}

func (m *distMap) get(i int32) (int32, bool) {
	if !m.has(i) {
		return 0, false
	}
	return m.d[i], true
}

func (m *distMap) set(i, d int32) { m.add(i); m.d[i] = d }

// stampSet is a set of instructions; reset empties it in O(1).
type stampSet struct {
	stamp []uint32
	epoch uint32
}

func (s *stampSet) reset(n int) {
	if len(s.stamp) < n {
		s.stamp, s.epoch = make([]uint32, n), 0
	}
	s.epoch++
	if s.epoch == 0 {
		clear(s.stamp)
		s.epoch = 1
	}
}

func (s *stampSet) has(i int32) bool { return s.stamp[i] == s.epoch }
func (s *stampSet) add(i int32)      { s.stamp[i] = s.epoch }

// allPaths reports whether the bytes live of instruction c's write reach
// at on every path from the body's entry: every such path passes c, and
// no write of those bytes lies between c and at (on a path from c to at
// that does not pass c again).
func (b *Body) allPaths(sc *flowScratch, c, at int32, live bytesSet, r Range) bool {
	if at == 0 {
		return false // the entry itself: reached before c
	}
	reachAt := b.reachable(at)
	if reachAt && !b.dominates(sc, c, at) {
		return false
	}
	hits := func(i int32) bool {
		return i != c && i != at && !b.projectW(i, r, true).and(live).empty()
	}
	// Few Must writers of the variable: check they are all harmless
	// rather than walk.
	if ws := b.mustW[r.Var]; len(ws) <= maxListed {
		sc.visits += len(ws)
		any := false
		for _, x := range ws {
			if hits(x) {
				any = true
				break
			}
		}
		if !any {
			return true
		}
	}
	// The instructions between c and at: those that reach at without
	// passing c and are reached from c without passing it again. When c
	// dominates at, those are the ones reachable from the entry (each is
	// dominated by c); else at is unreachable, and a second walk forward
	// from c within the first finds them.
	bwd := &sc.seen[1]
	bwd.reset(b.n)
	bwd.add(at)
	sc.work = append(sc.work[:0], at)
	if !sc.dfs(&b.pred, bwd, func(p int32) bool { return p != c && (!reachAt || b.reachable(p)) },
		func(i int32) bool { return reachAt && hits(i) }) {
		return false
	}
	if reachAt {
		return true
	}
	fwd := &sc.seen[2]
	fwd.reset(b.n)
	between := func(s int32) bool { return s != c && bwd.has(s) }
	for _, s := range b.succ.at(c) {
		if between(s) && !fwd.has(s) {
			fwd.add(s)
			sc.work = append(sc.work, s)
		}
	}
	return sc.dfs(&b.succ, fwd, between, hits)
}

// dfs walks from the instructions on sc.work (marked in seen) along e,
// entering those enter allows, each once. It reports false at the first
// instruction stop holds for, or when the budget runs out.
func (sc *flowScratch) dfs(e *edges, seen *stampSet, enter, stop func(int32) bool) bool {
	stack := sc.work
	defer func() { sc.work = stack[:0] }()
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if stop(i) {
			return false
		}
		next := e.at(i)
		sc.visits += 1 + len(next)
		if sc.over() {
			return false
		}
		for _, j := range next {
			if !seen.has(j) && enter(j) {
				seen.add(j)
				stack = append(stack, j)
			}
		}
	}
	return true
}

// unparsedNote says how many lines of vISA text data flow could not read.
func unparsedNote(n int) string {
	return fmt.Sprintf("%d vISA text line(s) the decoder does not parse: their reads, writes and jumps are not modelled", n)
}
