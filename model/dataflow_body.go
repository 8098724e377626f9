package model

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
)

// The analyses of one INFO are demand-driven: each walks only the part of
// the body its question reaches (the LOD bytes still needed going back,
// the result bytes still live going forward, the distances up to the last
// instruction listed), on scratch reused from INFO to INFO, so that a body
// of N instructions with K INFO costs far less than N*K. What the whole
// body alone decides (basic blocks, dominators, notes, which instructions
// must-write each variable) is computed once in NewBody. The results are
// exactly those of the straightforward analysis over every instruction
// (kept in dataflow_ref_test.go; the differential tests hold this to it).

// Body is a body's instructions reduced for data flow, with its control
// flow graph; build it once per body (NewBody or NewStreamFlow) and ask it
// about each INFO. Its methods may be called from several goroutines.
type Body struct {
	Insts []FlowInst
	succ  [][]int32
	pred  [][]int32
	lead  []int32 // the first instruction of each basic block, ascending
	// blockOf is each instruction's basic block.
	blockOf []int32
	// pre, post: each block's interval in a walk of the dominator tree of
	// the blocks reachable from the entry (-1: unreachable), so that
	// "every path from the entry to b passes a" is two comparisons.
	pre, post []int32
	// mustW lists, per root variable, the instructions with a Must write
	// of it, ascending.
	mustW map[uint32][]int32
	notes []string // shared by every Flow: capacity = length
	pool  sync.Pool
}

// NewBody builds the control flow graph of insts.
func NewBody(insts []FlowInst) *Body {
	n := len(insts)
	b := &Body{Insts: insts, succ: make([][]int32, n), pred: make([][]int32, n), blockOf: make([]int32, n), mustW: map[uint32][]int32{}}
	labelAt := map[int]int{}
	for i, in := range insts {
		if in.Label >= 0 {
			if _, dup := labelAt[in.Label]; !dup {
				labelAt[in.Label] = i
			}
		}
	}
	lead := make([]bool, n)
	for i, in := range insts {
		if in.Label >= 0 || i == 0 {
			lead[i] = true
		}
		if !in.Stop && i+1 < n {
			b.succ[i] = append(b.succ[i], int32(i+1))
		}
		for _, t := range in.Targets {
			if j, ok := labelAt[t]; ok {
				b.succ[i] = append(b.succ[i], int32(j))
			}
		}
		if (in.Stop || len(in.Targets) > 0 || in.Indirect) && i+1 < n {
			lead[i+1] = true
		}
		for _, a := range in.Writes {
			if a.Must {
				if ws := b.mustW[a.Var]; len(ws) == 0 || ws[len(ws)-1] != int32(i) {
					b.mustW[a.Var] = append(ws, int32(i))
				}
			}
		}
	}
	for i, ss := range b.succ {
		for _, s := range ss {
			b.pred[s] = append(b.pred[s], int32(i))
		}
	}
	for i, l := range lead {
		if l {
			b.lead = append(b.lead, int32(i))
		}
		b.blockOf[i] = int32(len(b.lead) - 1)
	}
	b.dominators()
	b.notes = bodyNotes(insts)
	return b
}

// dominators numbers the dominator tree of the blocks (Cooper, Harvey and
// Kennedy's iteration over reverse postorder). A block's edges all leave
// from its last instruction and enter at its first, so dominance of
// blocks is dominance of their instructions.
func (b *Body) dominators() {
	nb := len(b.lead)
	b.pre, b.post = make([]int32, nb), make([]int32, nb)
	for k := range b.pre {
		b.pre[k], b.post[k] = -1, -1
	}
	if nb == 0 {
		return
	}
	last := func(x int32) int {
		if int(x)+1 < nb {
			return int(b.lead[x+1]) - 1
		}
		return len(b.Insts) - 1
	}
	bsucc := func(x int32) []int32 { return b.succ[last(x)] }
	// Reverse postorder of the blocks reachable from block 0.
	po := make([]int32, nb) // postorder number; -1 unreached
	for k := range po {
		po[k] = -1
	}
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
		ss := bsucc(t.x)
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
	idom := make([]int32, nb)
	for k := range idom {
		idom[k] = -1
	}
	idom[0] = 0
	intersect := func(x, y int32) int32 {
		for x != y {
			for po[x] < po[y] {
				x = idom[x]
			}
			for po[y] < po[x] {
				y = idom[y]
			}
		}
		return x
	}
	for changed := true; changed; {
		changed = false
		for k := len(order) - 2; k >= 0; k-- { // reverse postorder, the entry (last) skipped
			x := order[k]
			d := int32(-1)
			for _, p := range b.pred[b.lead[x]] {
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
func (b *Body) reachable(i int32) bool { return b.pre[b.blockOf[i]] >= 0 }

// dominates reports whether every path from the entry to at, reachable,
// passes c (c != at).
func (b *Body) dominates(c, at int32) bool {
	bc, ba := b.blockOf[c], b.blockOf[at]
	if bc == ba {
		return c < at
	}
	return b.pre[bc] >= 0 && b.pre[bc] <= b.pre[ba] && b.post[ba] <= b.post[bc]
}

func bodyNotes(insts []FlowInst) []string {
	var calls, ind, opaque, payload bool
	guessed := 0
	for _, in := range insts {
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
	if at < 0 || at >= len(b.Insts) {
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
	last := len(b.Insts) - 1
	if int(k)+1 < len(b.lead) {
		last = int(b.lead[k+1]) - 1
	}
	return len(b.lead), [2]int{int(b.lead[k]), last}
}

// flowScratch is one analysis' working memory, reused by the next
// analysis of the same body (through Body.pool): maps from instruction to
// value that reset in O(1).
type flowScratch struct {
	vals   nodeMap
	dist   distMap
	seen   [3]stampSet
	work   []int32
	queue  []int32
	order  []ranked
	visits int
	limit  int
}

func (sc *flowScratch) over() bool { return sc.limit > 0 && sc.visits > sc.limit }

type ranked struct{ i, d int32 }

// flowNode is an instruction's values in one analysis: a (need at exit,
// or live at entry) and out (live at exit).
type flowNode struct {
	a, out bytesSet
	i      int32
	queued bool
}

// nodeMap maps instructions to flowNodes; reset empties it in O(1).
type nodeMap struct {
	stamp []uint32
	slot  []int32
	epoch uint32
	nodes []flowNode
}

func (m *nodeMap) reset(n int) {
	if len(m.stamp) < n {
		m.stamp, m.slot, m.epoch = make([]uint32, n), make([]int32, n), 0
	}
	m.epoch++
	if m.epoch == 0 {
		clear(m.stamp)
		m.epoch = 1
	}
	m.nodes = m.nodes[:0]
}

// find returns i's node index, -1 when it has none.
func (m *nodeMap) find(i int32) int {
	if m.stamp[i] != m.epoch {
		return -1
	}
	return int(m.slot[i])
}

// get returns i's node index, making the node when it has none.
func (m *nodeMap) get(i int32) int {
	if m.stamp[i] == m.epoch {
		return int(m.slot[i])
	}
	m.stamp[i], m.slot[i] = m.epoch, int32(len(m.nodes))
	m.nodes = append(m.nodes, flowNode{i: i})
	return len(m.nodes) - 1
}

func (m *nodeMap) value(i int32) bytesSet {
	if k := m.find(i); k >= 0 {
		return m.nodes[k].a
	}
	return bytesSet{}
}

// distMap maps instructions to distances; reset empties it in O(1).
type distMap struct {
	stamp []uint32
	d     []int32
	epoch uint32
}

func (m *distMap) reset(n int) {
	if len(m.stamp) < n {
		m.stamp, m.d, m.epoch = make([]uint32, n), make([]int32, n), 0
	}
	m.epoch++
	if m.epoch == 0 {
		clear(m.stamp)
		m.epoch = 1
	}
}

func (m *distMap) get(i int32) (int32, bool) {
	if m.stamp[i] != m.epoch {
		return 0, false
	}
	return m.d[i], true
}

func (m *distMap) set(i, d int32) { m.stamp[i], m.d[i] = m.epoch, d }

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

// distancesTo sets sc.dist to the BFS distance from at along succ
// (forward) or pred, for at least every instruction marked in sc.seen[0]
// (want of them): the walk stops once it has found them all, so it covers
// only the distances up to the farthest.
func (b *Body) distancesTo(sc *flowScratch, at int32, forward bool, want int) {
	sc.dist.reset(len(b.Insts))
	sc.dist.set(at, 0)
	if want == 0 {
		return
	}
	edges := b.pred
	if forward {
		edges = b.succ
	}
	q := append(sc.queue[:0], at)
	defer func() { sc.queue = q[:0] }()
	for h := 0; h < len(q); h++ {
		i := q[h]
		di, _ := sc.dist.get(i)
		sc.visits += 1 + len(edges[i])
		if sc.over() {
			return
		}
		for _, j := range edges[i] {
			if _, ok := sc.dist.get(j); ok {
				continue
			}
			sc.dist.set(j, di+1)
			q = append(q, j)
			if sc.seen[0].has(j) {
				if want--; want == 0 {
					return
				}
			}
		}
	}
}

// sortRanked orders by distance, then instruction: the order a stable sort
// by distance of the instructions in body order gives.
func sortRanked(rs []ranked) {
	slices.SortFunc(rs, func(x, y ranked) int {
		if x.d != y.d {
			return int(x.d - y.d)
		}
		return int(x.i - y.i)
	})
}

func (b *Body) sources(sc *flowScratch, f *Flow, at int32, op InfoOperands) {
	r := op.LOD
	kill := func(i int32) bytesSet {
		if i == at {
			return bytesSet{}
		}
		return project(b.Insts[i].Writes, r, true)
	}
	var full bytesSet
	full.add(0, r.End-r.Start)
	// Need: for each instruction, the LOD bytes needed at its exit, that
	// is, read by the INFO along some path from there that writes them
	// nowhere (Must writes only) before. Only instructions with bytes
	// needed get a node.
	m := &sc.vals
	m.reset(len(b.Insts))
	work := sc.work[:0]
	reach := func(i int32, x bytesSet) {
		if x.empty() {
			return
		}
		k := m.get(i)
		n := &m.nodes[k]
		if y := n.a.or(x); y != n.a {
			n.a = y
			if !n.queued && i != at {
				n.queued = true
				work = append(work, i)
			}
		}
	}
	sc.visits += len(b.pred[at])
	for _, p := range b.pred[at] {
		reach(p, full)
	}
	for len(work) > 0 {
		if sc.over() {
			sc.work = work[:0]
			return
		}
		i := work[len(work)-1]
		work = work[:len(work)-1]
		k := m.find(i)
		m.nodes[k].queued = false
		x := m.nodes[k].a.andNot(kill(i))
		sc.visits += 1 + len(b.pred[i])
		for _, p := range b.pred[i] {
			reach(p, x)
		}
	}
	sc.work = work[:0]
	// Bytes that may reach the INFO unwritten from the body's entry.
	entry := full
	if at != 0 {
		entry = m.value(0).andNot(kill(0))
	}
	if lm := entry.lanes(0, op.Lanes); lm != 0 {
		f.Outside = laneMask(lm)
	}
	// Candidates: the instructions whose writes are needed at their exit
	// (each reaches the INFO: a need only travels back along edges).
	cands := sc.order[:0]
	sc.seen[0].reset(len(b.Insts))
	sc.visits += len(m.nodes)
	for k := range m.nodes {
		n := &m.nodes[k]
		if n.i != at && !project(b.Insts[n.i].Writes, r, false).and(n.a).empty() {
			cands = append(cands, ranked{i: n.i})
			sc.seen[0].add(n.i)
		}
	}
	b.distancesTo(sc, at, false, len(cands))
	if sc.over() {
		sc.order = cands[:0]
		return
	}
	for k := range cands {
		cands[k].d, _ = sc.dist.get(cands[k].i)
	}
	sortRanked(cands)
	for _, c := range cands {
		if len(f.Sources) >= maxListed {
			f.Omitted++
			continue
		}
		w := project(b.Insts[c.i].Writes, r, false)
		live := w.and(m.value(c.i))
		lo, hi := live.bounds()
		s := Source{Inst: int(c.i), Start: lo, End: hi, Lanes: laneMask(live.lanes(0, op.Lanes))}
		s.SomePaths = w != project(b.Insts[c.i].Writes, r, true) || !b.allPaths(sc, c.i, at, live, r)
		f.Sources = append(f.Sources, s)
	}
	sc.order = cands[:0]
}

// allPaths reports whether the bytes live of instruction c's write reach
// at on every path from the body's entry: every such path passes c, and
// no write of those bytes lies between c and at (on a path from c to at
// that does not pass c again).
func (b *Body) allPaths(sc *flowScratch, c, at int32, live bytesSet, r Range) bool {
	if at == 0 {
		return false // the entry itself: reached before c
	}
	reachAt := b.reachable(at)
	if reachAt && !b.dominates(c, at) {
		return false
	}
	hits := func(i int32) bool {
		return i != c && i != at && !project(b.Insts[i].Writes, r, true).and(live).empty()
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
	bwd.reset(len(b.Insts))
	stack := append(sc.work[:0], at)
	defer func() { sc.work = stack[:0] }()
	bwd.add(at)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if reachAt && hits(i) {
			return false
		}
		sc.visits += 1 + len(b.pred[i])
		if sc.over() {
			return false
		}
		for _, p := range b.pred[i] {
			if p != c && !bwd.has(p) && (!reachAt || b.reachable(p)) {
				bwd.add(p)
				stack = append(stack, p)
			}
		}
	}
	if reachAt {
		return true
	}
	fwd := &sc.seen[2]
	fwd.reset(len(b.Insts))
	for _, s := range b.succ[c] {
		if s != c && bwd.has(s) && !fwd.has(s) {
			fwd.add(s)
			stack = append(stack, s)
		}
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if hits(i) {
			return false
		}
		sc.visits += 1 + len(b.succ[i])
		if sc.over() {
			return false
		}
		for _, s := range b.succ[i] {
			if s != c && bwd.has(s) && !fwd.has(s) {
				fwd.add(s)
				stack = append(stack, s)
			}
		}
	}
	return true
}

func (b *Body) readers(sc *flowScratch, f *Flow, at int32, op InfoOperands) {
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
	kill := func(i int32) bytesSet {
		if i == at {
			return bytesSet{}
		}
		return project(b.Insts[i].Writes, r, true)
	}
	// Live: a forward may-analysis of the bytes the INFO wrote; a byte
	// stays live until a Must write of it. Node a is the live bytes at an
	// instruction's entry, out at its exit; only instructions something
	// reaches get a node.
	m := &sc.vals
	m.reset(len(b.Insts))
	m.nodes[m.get(at)].out = gen
	work := sc.work[:0]
	push := func(i int32, x bytesSet) {
		if x.empty() {
			return
		}
		k := m.get(i)
		n := &m.nodes[k]
		if y := n.a.or(x); y != n.a {
			n.a = y
			if !n.queued {
				n.queued = true
				work = append(work, i)
			}
		}
	}
	sc.visits += len(b.succ[at])
	for _, s := range b.succ[at] {
		push(s, gen)
	}
	for len(work) > 0 {
		if sc.over() {
			sc.work = work[:0]
			return
		}
		i := work[len(work)-1]
		work = work[:len(work)-1]
		k := m.find(i)
		m.nodes[k].queued = false
		o := m.nodes[k].a.andNot(kill(i))
		if i == at {
			o = gen
		}
		if o != m.nodes[k].out {
			m.nodes[k].out = o
			sc.visits += 1 + len(b.succ[i])
			for _, s := range b.succ[i] {
				push(s, o)
			}
		}
	}
	sc.work = work[:0]
	// The instructions that read or overwrite live bytes, nearest first.
	order := sc.order[:0]
	sc.seen[0].reset(len(b.Insts))
	sc.visits += len(m.nodes)
	for k := range m.nodes {
		n := &m.nodes[k]
		if n.i == at || n.a.empty() {
			continue
		}
		if !project(b.Insts[n.i].Reads, r, false).and(n.a).empty() || !kill(n.i).and(n.a).empty() {
			order = append(order, ranked{i: n.i})
			sc.seen[0].add(n.i)
		}
	}
	b.distancesTo(sc, at, true, len(order))
	if sc.over() {
		sc.order = order[:0]
		return
	}
	for k := range order {
		order[k].d, _ = sc.dist.get(order[k].i)
	}
	sortRanked(order)
	over := make([]int, len(op.Dst))
	for k := range over {
		over[k] = -1
	}
	for _, o := range order {
		i := o.i
		in := m.value(i)
		if rd := project(b.Insts[i].Reads, r, false).and(in); !rd.empty() {
			if len(f.Readers) >= maxListed {
				f.Omitted++
			} else {
				rr := Reader{Inst: int(i)}
				for k, c := range op.Dst {
					if lm := rd.and(chunks[k]).lanes(c.Start-r.Start, op.Lanes); lm != 0 {
						rr.Channels = append(rr.Channels, ChannelLanes{c.Channel, laneMask(lm)})
					}
				}
				f.Readers = append(f.Readers, rr)
			}
		}
		ki := kill(i)
		for k, c := range op.Dst {
			if over[k] >= 0 {
				continue
			}
			if lm := ki.and(in).and(chunks[k]).lanes(c.Start-r.Start, op.Lanes); lm != 0 {
				over[k] = int(i)
				f.Overwrites = append(f.Overwrites, Overwrite{Channel: c.Channel, Inst: int(i), Lanes: laneMask(lm)})
			}
		}
	}
	sc.order = order[:0]
	sort.SliceStable(f.Overwrites, func(x, y int) bool {
		return strings.Index("RGBA", f.Overwrites[x].Channel) < strings.Index("RGBA", f.Overwrites[y].Channel)
	})
}
