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
		for _, r := range c.rows {
			if r.A < 0 || r.B < 0 || (r.Kind == Changed) != changed {
				continue
			}
			pa, pb := c.a.partsOf(r.A), c.b.partsOf(r.B)
			if !changed {
				// Equal keys: the parts correspond one to one.
				for k := range min(len(pa), len(pb)) {
					cast(pa[k].ref, pb[k].ref, weight(&pa[k]), 0)
				}
				continue
			}
			if c.a.insts[r.A].textual != c.b.insts[r.B].textual {
				// One side parsed, the other kept as text: both as text,
				// as fields compares them.
				pa = c.a.textOnly(InstText(c.a.s, c.a.idx[r.A])).parts
				pb = c.b.textOnly(InstText(c.b.s, c.b.idx[r.B])).parts
			}
			from := 0
			for k := range pa {
				p := &pa[k]
				if p.ref.class == clNone {
					continue
				}
				if q := findPart(pb, p, &from); q != nil {
					cast(p.ref, q.ref, weight(p), 0)
				}
			}
		}
		c.take(votes)
	}
	c.followAliases()
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
