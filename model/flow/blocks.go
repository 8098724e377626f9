package flow

import (
	"cmp"
	"slices"
	"sort"
	"strings"
)

// The need and live analyses and the distances run on basic blocks: a
// block's effect on one variable's bytes is the union of its Must writes
// of them, found in the body's per-variable lists (Body.mustW), so a
// block costs its relevant instructions, not its length. Instructions are
// looked at one by one only where a value is asked of them (writers of
// the LOD, readers and writers of the result).

// lastOf returns the last instruction of block k.
func (b *Body) lastOf(k int32) int32 {
	if int(k)+1 < len(b.lead) {
		return b.lead[k+1] - 1
	}
	return int32(b.n - 1)
}

// span returns the instructions of the ascending list l in [lo, hi].
func span(l []int32, lo, hi int32) []int32 {
	i, _ := slices.BinarySearch(l, lo)
	j, _ := slices.BinarySearch(l, hi+1)
	return l[i:j]
}

// killIn returns the union of the Must writes of r by the instructions of
// ws (other than at).
func (b *Body) killIn(ws []int32, r Range, at int32) bytesSet {
	var k bytesSet
	for _, j := range ws {
		if j != at {
			k = k.or(b.projectW(j, r, true))
		}
	}
	return k
}

// heapItem is a node of a shortest-path walk and its tentative distance.
type heapItem struct{ d, n int32 }

func heapPush(h []heapItem, it heapItem) []heapItem {
	h = append(h, it)
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if h[p].d <= h[i].d {
			break
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
	return h
}

func heapPop(h []heapItem) (heapItem, []heapItem) {
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	for i := 0; ; {
		l, s := 2*i+1, i
		if l < n && h[l].d < h[s].d {
			s = l
		}
		if l+1 < n && h[l+1].d < h[s].d {
			s = l + 1
		}
		if s == i {
			break
		}
		h[s], h[i] = h[i], h[s]
		i = s
	}
	return top, h
}

// shortest runs Dijkstra's walk over blocks from the INFO at until every
// node marked in sc.seen[0] (want of them) is settled; node weights are
// block lengths, so the distances are those of a BFS over instructions.
// sc.dist holds the settled distances. Forward: a node is a block, its
// distance that of its first instruction from the INFO, and it relaxes
// its successors. Backward: a node's distance is that of its first
// instruction to the INFO and it relaxes its predecessors; node len(lead)
// stands for the exit of the INFO's own block (ab), whose first
// instruction's distance is fixed by the INFO itself. It reports false
// when the budget ran out.
func (b *Body) shortest(sc *flowScratch, forward bool, at int32, want int) bool {
	ab, nb := b.blockOf[at], int32(len(b.lead))
	sc.dist.reset(int(nb) + 1)
	settled := &sc.seen[1]
	settled.reset(int(nb) + 1)
	h := sc.heap[:0]
	defer func() { sc.heap = h[:0] }()
	relax := func(u, d int32) {
		if old, ok := sc.dist.get(u); !settled.has(u) && (!ok || d < old) {
			sc.dist.set(u, d)
			h = heapPush(h, heapItem{d, u})
		}
	}
	if forward {
		for _, s := range b.edges(ab, true) {
			relax(b.blockOf[s], b.lastOf(ab)-at+1)
		}
	} else {
		relax(ab, at-b.lead[ab])
	}
	for len(h) > 0 && want > 0 {
		var it heapItem
		it, h = heapPop(h)
		if settled.has(it.n) {
			continue
		}
		settled.add(it.n)
		sc.dist.set(it.n, it.d)
		if sc.seen[0].has(it.n) {
			want--
		}
		if it.n == nb {
			continue
		}
		k := it.n
		es := b.edges(k, forward)
		sc.visits += 1 + len(es)
		for _, e := range es {
			if forward {
				relax(b.blockOf[e], it.d+b.lastOf(k)-b.lead[k]+1)
			} else if p := b.blockOf[e]; p == ab {
				relax(nb, it.d+1)
			} else {
				relax(p, it.d+1+b.lastOf(p)-b.lead[p])
			}
		}
		if sc.over() {
			return false
		}
	}
	return !sc.over()
}

// edges returns the edges of block k: forward, to its successors from its
// last instruction; backward, to its predecessors from its first.
func (b *Body) edges(k int32, forward bool) []int32 {
	if forward {
		return b.succ.at(b.lastOf(k))
	}
	return b.pred.at(b.lead[k])
}

// spread runs one of the worklist analyses over blocks to its fixed
// point, in sc.vals: what leaves the INFO's block (seed) goes along its
// edges, and a block's value a, less its Must writes of r, along its own
// (forward: only when that exit value, out, changed). It reports false
// when the budget ran out.
func (b *Body) spread(sc *flowScratch, forward bool, at int32, r Range, seed bytesSet) bool {
	ab, mustW := b.blockOf[at], b.mustW[r.Var]
	m := &sc.vals
	m.reset(len(b.lead))
	if forward {
		m.nodes[m.get(ab)].out = seed
	}
	work := sc.work[:0]
	defer func() { sc.work = work[:0] }()
	es := b.edges(ab, forward)
	sc.visits += 1 + len(es)
	for _, e := range es {
		work = m.merge(b.blockOf[e], ab, seed, work)
	}
	for len(work) > 0 {
		if sc.over() {
			return false
		}
		k := work[len(work)-1]
		work = work[:len(work)-1]
		n := &m.nodes[m.find(k)]
		n.queued = false
		ws := span(mustW, b.lead[k], b.lastOf(k))
		x := n.a.andNot(b.killIn(ws, r, at))
		sc.visits += 1 + len(ws)
		if forward {
			if x == n.out {
				continue
			}
			n.out = x
		}
		es := b.edges(k, forward)
		sc.visits += len(es)
		for _, e := range es {
			work = m.merge(b.blockOf[e], ab, x, work)
		}
	}
	return true
}

// finder gathers the instructions an analysis lists (found: with their
// distance, once known, and the bytes they were found with: needed at
// their exit, or live at their entry), marking in sc.seen[0] the nodes
// whose distance they need (want of them).
type finder struct {
	sc   *flowScratch
	list []found
	want int
}

type found struct {
	i, d  int32
	bytes bytesSet
}

func newFinder(sc *flowScratch, nb int32) finder {
	sc.seen[0].reset(int(nb) + 1)
	return finder{sc: sc}
}

// add lists instruction i; node is its block's node in the distance walk,
// -1 when its distance needs none.
func (fd *finder) add(i int32, bs bytesSet, node int32) {
	fd.list = append(fd.list, found{i: i, bytes: bs})
	if seen := &fd.sc.seen[0]; node >= 0 && !seen.has(node) {
		seen.add(node)
		fd.want++
	}
}

// sorted returns the list by distance, then by index.
func (fd *finder) sorted() []found {
	slices.SortFunc(fd.list, func(x, y found) int {
		return cmp.Or(cmp.Compare(x.d, y.d), cmp.Compare(x.i, y.i))
	})
	return fd.list
}

func (b *Body) sources(sc *flowScratch, f *Flow, at int32, op InfoOperands) {
	r := op.LOD
	ab := b.blockOf[at]
	nb := int32(len(b.lead))
	mustW, allW := b.mustW[r.Var], b.allW[r.Var]
	var full bytesSet
	full.add(0, r.End-r.Start)
	// Need: per block, the LOD bytes needed at its exit, that is, read by
	// the INFO along some path from there that writes them nowhere (Must
	// writes only) before. Only blocks with bytes needed get a node. The
	// INFO's block passes on g, whatever is needed at its exit.
	g := full.andNot(b.killIn(span(mustW, b.lead[ab], at-1), r, at))
	if !b.spread(sc, false, at, r, g) {
		return
	}
	m := &sc.vals
	// Bytes that may reach the INFO unwritten from the body's entry.
	entry := g
	if ab != 0 {
		entry = m.value(0).andNot(b.killIn(span(mustW, 0, b.lastOf(0)), r, at))
	}
	if lm := entry.lanes(0, op.Lanes); lm != 0 {
		f.Outside = laneMask(lm)
	}
	// Candidates: the writers whose writes are needed at their exit (each
	// reaches the INFO: a need only travels back along edges), with what
	// is needed there. Within a block, going back from its exit.
	cands := newFinder(sc, nb)
	collect := func(ws []int32, need bytesSet, node int32) {
		sc.visits += len(ws)
		for x := len(ws) - 1; x >= 0; x-- {
			j := ws[x]
			if j == at {
				continue
			}
			w := b.projectW(j, r, false)
			if !w.and(need).empty() {
				cands.add(j, need, node)
			}
			need = need.andNot(b.projectW(j, r, true))
		}
	}
	collect(span(allW, b.lead[ab], at-1), full, -1)
	for k := range m.nodes {
		n := &m.nodes[k]
		if blk := int32(n.i); blk == ab {
			collect(span(allW, at+1, b.lastOf(ab)), n.a, nb)
		} else {
			collect(span(allW, b.lead[blk], b.lastOf(blk)), n.a, blk)
		}
	}
	// Distances back to the INFO, up to the farthest candidate.
	if !b.shortest(sc, false, at, cands.want) {
		return
	}
	for k := range cands.list {
		c := &cands.list[k]
		blk := b.blockOf[c.i]
		switch {
		case blk == ab && c.i < at:
			c.d = at - c.i
		case blk == ab:
			d, _ := sc.dist.get(nb)
			c.d = b.lastOf(ab) - c.i + d
		default:
			d, _ := sc.dist.get(blk)
			c.d = d - (c.i - b.lead[blk])
		}
	}
	for _, c := range cands.sorted() {
		if len(f.Sources) >= maxListed {
			f.Omitted++
			continue
		}
		w := b.projectW(c.i, r, false)
		live := w.and(c.bytes)
		lo, hi := live.bounds()
		s := Source{Inst: int(c.i), Start: lo, End: hi, Lanes: laneMask(live.lanes(0, op.Lanes))}
		s.SomePaths = w != b.projectW(c.i, r, true) || !b.allPaths(sc, c.i, at, live, r)
		f.Sources = append(f.Sources, s)
	}
}

// result is the question readers asks of an INFO's result and what it
// found so far: one range r covering every chunk of the root variable the
// result is in (at most 512 bytes), each chunk's bytes in r and their
// union gen, and per chunk the first instruction that overwrites it (-1:
// none yet).
type result struct {
	op     InfoOperands
	r      Range
	chunks []bytesSet
	gen    bytesSet
	over   []int
}

func newResult(op InfoOperands) *result {
	q := &result{op: op, r: Range{Var: op.Dst[0].Var, Start: op.Dst[0].Start, End: op.Dst[0].End}}
	for _, c := range op.Dst[1:] {
		q.r.Start, q.r.End = min(q.r.Start, c.Start), max(q.r.End, c.End)
	}
	if q.r.End-q.r.Start > 512 {
		q.r.End = q.r.Start + 512
	}
	q.chunks, q.over = make([]bytesSet, len(op.Dst)), make([]int, len(op.Dst))
	for k, c := range op.Dst {
		q.chunks[k].add(c.Start-q.r.Start, c.End-q.r.Start)
		q.gen = q.gen.or(q.chunks[k])
		q.over[k] = -1
	}
	return q
}

// add records instruction i, met in order of distance from the INFO: a
// reader of rd, the live bytes of the result it reads, and the first
// overwriter of each chunk whose live bytes it Must-writes (killed).
func (q *result) add(f *Flow, i int, rd, killed bytesSet) {
	op, r := q.op, q.r
	if !rd.empty() {
		if len(f.Readers) >= maxListed {
			f.Omitted++
		} else {
			rr := Reader{Inst: i}
			for k, c := range op.Dst {
				if lm := rd.and(q.chunks[k]).lanes(c.Start-r.Start, op.Lanes); lm != 0 {
					rr.Channels = append(rr.Channels, ChannelLanes{c.Channel, laneMask(lm)})
				}
			}
			f.Readers = append(f.Readers, rr)
		}
	}
	for k, c := range op.Dst {
		if q.over[k] >= 0 {
			continue
		}
		if lm := killed.and(q.chunks[k]).lanes(c.Start-r.Start, op.Lanes); lm != 0 {
			q.over[k] = i
			f.Overwrites = append(f.Overwrites, Overwrite{Channel: c.Channel, Inst: i, Lanes: laneMask(lm)})
		}
	}
}

// done puts the overwrites in channel order.
func (q *result) done(f *Flow) {
	sort.SliceStable(f.Overwrites, func(x, y int) bool {
		return strings.Index("RGBA", f.Overwrites[x].Channel) < strings.Index("RGBA", f.Overwrites[y].Channel)
	})
}

func (b *Body) readers(sc *flowScratch, f *Flow, at int32, op InfoOperands) {
	q := newResult(op)
	r, gen := q.r, q.gen
	kill := func(i int32) bytesSet {
		if i == at {
			return bytesSet{}
		}
		return b.projectW(i, r, true)
	}
	ab := b.blockOf[at]
	nb := int32(len(b.lead))
	mustW, reads := b.mustW[r.Var], b.reads[r.Var]
	// Live: a forward may-analysis of the bytes the INFO wrote; a byte
	// stays live until a Must write of it. Per block, a is the live bytes
	// at its entry, out at its exit; only blocks something reaches get a
	// node. The INFO's block passes on what the INFO wrote, less what it
	// overwrites after the INFO, whatever comes in.
	gout := gen.andNot(b.killIn(span(mustW, at+1, b.lastOf(ab)), r, at))
	if !b.spread(sc, true, at, r, gout) {
		return
	}
	m := &sc.vals
	// The instructions that read or overwrite live bytes, with the bytes
	// live at their entry: within a block, going forward from its entry
	// over its readers and Must writers of the variable.
	hits := newFinder(sc, nb)
	collect := func(lo, hi int32, in bytesSet, node int32) {
		if in.empty() {
			return
		}
		rs, ws := span(reads, lo, hi), span(mustW, lo, hi)
		sc.visits += len(rs) + len(ws)
		for len(rs) > 0 || len(ws) > 0 {
			var j int32
			switch {
			case len(ws) == 0 || len(rs) > 0 && rs[0] < ws[0]:
				j, rs = rs[0], rs[1:]
			case len(rs) > 0 && rs[0] == ws[0]:
				j, rs, ws = rs[0], rs[1:], ws[1:]
			default:
				j, ws = ws[0], ws[1:]
			}
			if j == at {
				continue
			}
			k := kill(j)
			if !b.projectR(j, r).and(in).empty() || !k.and(in).empty() {
				hits.add(j, in, node)
			}
			in = in.andNot(k)
		}
	}
	collect(at+1, b.lastOf(ab), gen, -1)
	for k := range m.nodes {
		n := &m.nodes[k]
		if blk := n.i; blk == ab {
			collect(b.lead[ab], at-1, n.a, ab)
		} else {
			collect(b.lead[blk], b.lastOf(blk), n.a, blk)
		}
	}
	// Distances from the INFO, up to the farthest of them.
	if !b.shortest(sc, true, at, hits.want) {
		return
	}
	for k := range hits.list {
		c := &hits.list[k]
		if blk := b.blockOf[c.i]; blk == ab && c.i > at {
			c.d = c.i - at
		} else {
			d, _ := sc.dist.get(blk)
			c.d = d + c.i - b.lead[blk]
		}
	}
	for _, o := range hits.sorted() {
		q.add(f, int(o.i), b.projectR(o.i, r).and(o.bytes), kill(o.i).and(o.bytes))
	}
	q.done(f)
}
