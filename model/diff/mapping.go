package diff

import (
	"cmp"
	"slices"

	"infoscope/decoder"
)

// This file decides which symbol of B stands for which of A. Every aligned
// pair of instructions votes, operand by operand, for the pairs of symbols
// it uses at the same place; the pairs are then taken one to one, most
// votes first (ties: the one voted first, which is usually the
// definition). Votes from instructions whose keys matched come before
// those from instructions paired as changed, so an edit cannot outvote the
// uses around it. Alias roots follow the aliases that correspond.

// mapping is a one-to-one correspondence of A's symbols to B's.
type mapping struct {
	fwd, back map[sym]sym
}

// same reports whether a's symbol x corresponds to b's y.
func (m *mapping) same(x, y sym) bool {
	z, ok := m.fwd[x]
	return ok && z == y
}

// link records x <-> y when neither is taken; it reports whether it did.
func (m *mapping) link(x, y sym) bool {
	if x.class != y.class {
		return false
	}
	if _, ok := m.fwd[x]; ok {
		return false
	}
	if _, ok := m.back[y]; ok {
		return false
	}
	m.fwd[x], m.back[y] = y, x
	return true
}

// symPair is one linked pair.
type symPair struct{ a, b sym }

// pairs returns the links in a stable order (by class, then A's number).
func (m *mapping) pairs() []symPair {
	out := make([]symPair, 0, len(m.fwd))
	for x, y := range m.fwd {
		out = append(out, symPair{x, y})
	}
	slices.SortFunc(out, func(p, q symPair) int {
		return cmp.Or(cmp.Compare(p.a.class, q.a.class), cmp.Compare(p.a.id, q.a.id))
	})
	return out
}

// vote is the tally of one candidate pair.
type vote struct {
	n     int
	first int
}

// correspond builds the mapping from the alignment.
func (c *comparison) correspond() {
	c.m = mapping{fwd: map[sym]sym{}, back: map[sym]sym{}}
	c.a.res, c.b.res = nil, nil
	var defer_ []deferred
	for _, changed := range []bool{false, true} {
		votes := map[symPair]*vote{}
		seq := 0
		var cast func(x, y sym, w, depth int)
		cast = func(x, y sym, w, depth int) {
			if x.class == clNone || x.class != y.class {
				return
			}
			k := symPair{x, y}
			v := votes[k]
			if v == nil {
				v = &vote{first: seq}
				votes[k] = v
			}
			v.n += w
			seq++
			// A use of an alias is a use of the bytes it aliases: the
			// roots get the vote too.
			if x.class == clVar && depth < 8 {
				va, vb := c.a.varInfo(x.id), c.b.varInfo(y.id)
				if va != nil && vb != nil && va.Alias >= decoder.NumPredefinedVars && vb.Alias >= decoder.NumPredefinedVars {
					cast(sym{clVar, va.Alias}, sym{clVar, vb.Alias}, w, depth+1)
				}
			}
		}
		// A definition says more of what a variable is than a use.
		weight := func(p *part) int {
			if p.role == "dst" {
				return 2
			}
			return 1
		}
		// pair votes for p and q, or, when one of them is ambiguous (the
		// text does not say which declaration of its name it means),
		// leaves it for resolve.
		pair := func(r Row, ja, jb int, pa, pb *part, text bool) {
			if pa.amb != pb.amb && pa.ref.class == clVar && pb.ref.class == clVar {
				defer_ = append(defer_, deferred{r.A, r.B, ja, jb, pa.amb, text})
				return
			}
			cast(pa.ref, pb.ref, weight(pa), 0)
		}
		for _, r := range c.rows {
			if r.A < 0 || r.B < 0 || (r.Kind == Changed) != changed {
				continue
			}
			pa, pb := c.a.partsOf(r.A), c.b.partsOf(r.B)
			if !changed {
				// Equal keys: the parts correspond one to one.
				for k := range min(len(pa), len(pb)) {
					pair(r, k, k, &pa[k], &pb[k], false)
				}
				continue
			}
			text := c.a.insts[r.A].textual != c.b.insts[r.B].textual
			if text {
				// One side parsed, the other kept as text: both as text,
				// as fields compares them.
				pa = c.a.textInst(r.A).parts
				pb = c.b.textInst(r.B).parts
			}
			from := 0
			for k := range pa {
				p := &pa[k]
				if p.ref.class == clNone {
					continue
				}
				if j := findPart(pb, p, &from); j >= 0 {
					pair(r, k, j, p, &pb[j], text)
				}
			}
		}
		c.take(votes)
	}
	c.followAliases()
	if len(defer_) > 0 {
		c.resolve(defer_)
		c.followAliases()
	}
}

// deferred is a pair of aligned parts of which one is ambiguous: rows A
// and B, the parts' indices, which side is ambiguous, and whether the
// parts are of the instructions' text views.
type deferred struct {
	a, b   int
	ja, jb int
	ambA   bool
	text   bool
}

// resolve decides which declaration each ambiguous part means: of those
// with its name, the one that is what its counterpart on the other side
// is (type, size, alias offset, and an alias root that corresponds), and
// links the two. Candidates whose roots correspond are taken first, over
// rounds (an alias of an inline block's own variable resolves once that
// variable has); then, for what is left, candidates whose roots have no
// counterpart yet, linking the roots too. A part nothing fits stays
// ambiguous and unlinked: its instruction reports it changed.
func (c *comparison) resolve(ds []deferred) {
	done := make([]bool, len(ds))
	shift := map[string]int{} // by name: the last resolution's ordinal minus its counterpart's
	pass := func(loose bool) bool {
		progress := false
		for i, d := range ds {
			if done[i] {
				continue
			}
			amb, other := c.a, c.b
			k, j, ko, jo := d.a, d.ja, d.b, d.jb
			if !d.ambA {
				amb, other = c.b, c.a
				k, j, ko, jo = d.b, d.jb, d.a, d.ja
			}
			p := partAt(amb, k, j, d.text)
			q := partAt(other, ko, jo, d.text)
			if p == nil || q == nil {
				done[i] = true
				continue
			}
			x, ok := c.candidate(amb, other, p.ref, q.ref, d.ambA, loose, shift)
			if !ok {
				continue
			}
			if amb.res == nil {
				amb.res = map[int64]uint32{}
			}
			amb.res[resKey(k, j, d.text)] = x
			done[i], progress = true, true
		}
		return progress
	}
	for pass(false) {
	}
	if pass(true) {
		for pass(false) {
		}
	}
}

// partAt returns a copy of part j of instruction k of side b (its text
// view when text), or nil.
func partAt(b *body, k, j int, text bool) *part {
	var ps []part
	if text {
		ps = b.textInst(k).parts
	} else {
		ps = b.partsOf(k)
	}
	if j < 0 || j >= len(ps) {
		return nil
	}
	p := ps[j]
	return &p
}

// candidate returns the declaration of amb's ambiguous variable x's name
// that stands for other's variable y, linking them when not yet linked.
// ambA says which side amb is (the mapping runs from A to B).
func (c *comparison) candidate(amb, other *body, x, y sym, ambA, loose bool, shift map[string]int) (uint32, bool) {
	// m runs from amb to other: the mapping itself, or turned around
	// (the same maps, so a link made through it is the mapping's).
	m := c.m
	if !ambA {
		m = mapping{fwd: c.m.back, back: c.m.fwd}
	}
	counterpart := func(s sym) (sym, bool) { // s of other, its counterpart in amb
		z, ok := m.back[s]
		return z, ok
	}
	linked := func(s sym) bool { // s of amb
		_, ok := m.fwd[s]
		return ok
	}
	name := amb.symName(clVar, x.id)
	cands := amb.dupNames()[name]
	if z, ok := counterpart(y); ok {
		// y already stands for a declaration: the part means it if it is
		// one of the name's.
		for _, id := range cands {
			if id == z.id {
				return id, true
			}
		}
		return 0, false
	}
	vy := other.varInfo(y.id)
	if vy == nil {
		return 0, false
	}
	// IGC declares an inline block's names as it parses the block, so
	// the declarations of a name come in the order of the blocks: the
	// candidate with y's ordinal among its name's declarations (shifted
	// as the last resolution of the name was, for blocks added or
	// removed before) is tried first, then the others in order. Only
	// one that is what y is can be taken.
	oy := slices.Index(other.dupNames()[other.symName(clVar, y.id)], y.id)
	order := cands
	if want := max(oy, 0) + shift[name]; oy >= 0 && want >= 0 && want < len(cands) {
		order = append([]uint32{cands[want]}, cands...)
	}
	for _, id := range order {
		s := sym{clVar, id}
		vx := amb.varInfo(id)
		if linked(s) || vx == nil || vx.Type != vy.Type || vx.Bytes != vy.Bytes || vx.AliasOffset != vy.AliasOffset {
			continue
		}
		rx, ry := sym{clVar, vx.Alias}, sym{clVar, vy.Alias}
		switch {
		case vx.Alias == 0 || vy.Alias == 0 || vx.Alias < decoder.NumPredefinedVars || vy.Alias < decoder.NumPredefinedVars:
			if vx.Alias != vy.Alias {
				continue
			}
		case func() bool { z, ok := counterpart(ry); return ok && z == rx }():
		case loose && !linked(rx):
			if _, ok := counterpart(ry); ok || !m.link(rx, ry) {
				continue
			}
		default:
			continue
		}
		if m.link(s, y) {
			if oy >= 0 {
				shift[name] = slices.Index(cands, id) - oy
			}
			return id, true
		}
	}
	return 0, false
}

// take links the voted pairs, most votes first.
func (c *comparison) take(votes map[symPair]*vote) {
	type cand struct {
		p symPair
		v *vote
	}
	cs := make([]cand, 0, len(votes))
	for p, v := range votes {
		cs = append(cs, cand{p, v})
	}
	slices.SortFunc(cs, func(x, y cand) int {
		return cmp.Or(cmp.Compare(y.v.n, x.v.n), cmp.Compare(x.v.first, y.v.first))
	})
	for _, x := range cs {
		c.m.link(x.p.a, x.p.b)
	}
}

// followAliases links the declared roots of corresponding aliases, until
// nothing more links (each round links at least one pair, so it ends).
func (c *comparison) followAliases() {
	for changed := true; changed; {
		changed = false
		for _, e := range c.m.pairs() {
			if e.a.class != clVar {
				continue
			}
			va, vb := c.a.varInfo(e.a.id), c.b.varInfo(e.b.id)
			if va == nil || vb == nil || va.Alias < decoder.NumPredefinedVars || vb.Alias < decoder.NumPredefinedVars {
				continue
			}
			if c.m.link(sym{clVar, va.Alias}, sym{clVar, vb.Alias}) {
				changed = true
			}
		}
	}
}
