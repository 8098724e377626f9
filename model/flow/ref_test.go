package flow

import "sort"

// The data-flow analysis as it was before it was made sparse: every
// question walks the whole body. It is kept here, unchanged, as the
// reference the differential tests hold the new code to.

// refBody is the old Body: per-instruction control flow graph.
type refBody struct {
	Insts []Inst
	succ  [][]int32
	pred  [][]int32
	lead  []bool
}

// refNewBody builds the control flow graph of insts.
func refNewBody(insts []Inst) *refBody {
	b := &refBody{Insts: insts, succ: make([][]int32, len(insts)), pred: make([][]int32, len(insts)), lead: make([]bool, len(insts))}
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

// propagate runs a forward may-analysis of the bytes gen holds at the exit
// of instruction from: a byte stays live until a Must write of it. It
// returns the live bytes at each instruction's entry.
func (b *refBody) propagate(from int, gen bytesSet, kill []bytesSet) []bytesSet {
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
func (b *refBody) distances(at int, forward bool) []int {
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
func refReachAvoiding(edges [][]int32, starts []int32, avoid int) []bool {
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

// Analyze computes the data flow of the INFO at instruction at.
func (b *refBody) Analyze(at int, op InfoOperands) Flow {
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

func (b *refBody) notes() []string {
	var nf noteFlags
	for k := range b.Insts {
		nf.add(&b.Insts[k])
	}
	return nf.notes()
}

func (b *refBody) blocks(at int) (int, [2]int) {
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

func (b *refBody) sources(f *Flow, at int, op InfoOperands) {
	r := op.LOD
	kill := make([]bytesSet, len(b.Insts))
	for i, in := range b.Insts {
		if i != at {
			kill[i] = refProject(in.Writes, r, true)
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
		if i != at && back[i] >= 0 && !refProject(in.Writes, r, false).and(exit[i]).empty() {
			cands = append(cands, cand{i, back[i]})
		}
	}
	sort.SliceStable(cands, func(x, y int) bool { return cands[x].d < cands[y].d })
	for _, c := range cands {
		if len(f.Sources) >= maxListed {
			f.Omitted++
			continue
		}
		w := refProject(b.Insts[c.i].Writes, r, false)
		live := w.and(exit[c.i])
		lo, hi := live.bounds()
		s := Source{Inst: c.i, Start: lo, End: hi, Lanes: laneMask(live.lanes(0, op.Lanes))}
		s.SomePaths = w != refProject(b.Insts[c.i].Writes, r, true) || !b.allPaths(c.i, at, live, kill)
		f.Sources = append(f.Sources, s)
	}
}

// need is a backward may-analysis from the INFO at: for each instruction,
// the LOD bytes needed at its exit, that is, read by the INFO along some
// path from there that writes them nowhere (Must writes only) before.
// One pass over the body, whatever the number of writes.
func (b *refBody) need(at int, full bytesSet, kill []bytesSet) []bytesSet {
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
func (b *refBody) allPaths(c, at int, live bytesSet, kill []bytesSet) bool {
	if at != 0 && refReachAvoiding(b.succ, []int32{0}, c)[at] || c != 0 && at == 0 {
		return false
	}
	fwd := refReachAvoiding(b.succ, b.succ[c], c)
	bwd := refReachAvoiding(b.pred, []int32{int32(at)}, c)
	for i := range b.Insts {
		if i != c && i != at && fwd[i] && bwd[i] && !kill[i].and(live).empty() {
			return false
		}
	}
	return true
}

func (b *refBody) readers(f *Flow, at int, op InfoOperands) {
	q := newResult(op)
	r, gen := q.r, q.gen
	kill := make([]bytesSet, len(b.Insts))
	for i, in := range b.Insts {
		if i != at {
			kill[i] = refProject(in.Writes, r, true)
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
	for _, i := range order {
		if in := live[i]; !in.empty() {
			q.add(f, i, refProject(b.Insts[i].Reads, r, false).and(in), kill[i].and(in))
		}
	}
	q.done(f)
}

// refProject is project on unpacked accesses.
func refProject(accs []Access, r Range, must bool) bytesSet {
	var s bytesSet
	for _, a := range accs {
		if a.Var != r.Var || (must && !a.Must) || a.End <= r.Start || a.Start >= r.End {
			continue
		}
		s.add(max(a.Start, r.Start)-r.Start, min(a.End, r.End)-r.Start)
	}
	return s
}
