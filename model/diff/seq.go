package diff

import "math/bits"

// This file is the sequence diff: Myers' O(ND) algorithm in linear space
// (the middle-snake divide and conquer), with a bound on the work of each
// split. Past the bound the split is taken where the search has come
// furthest, so the result is still an alignment (every match is a real
// match) but not always a shortest one. Elements that occur on one side
// only are set aside first: they cannot match, and two bodies that share
// nothing then cost one pass.

// match is one pair of equal elements: x[A] == y[B].
type match struct{ A, B int }

// seqDiff returns the matched pairs of an alignment of x and y, in
// increasing order of both indices.
func seqDiff(x, y []uint64) []match {
	// Keep only the elements that also occur on the other side (one map:
	// bit 1 in x, bit 2 in y).
	in := make(map[uint64]uint8)
	for _, v := range x {
		in[v] |= 1
	}
	for _, v := range y {
		in[v] |= 2
	}
	var xs, ys []uint64
	var xi, yi []int32
	for i, v := range x {
		if in[v] == 3 {
			xs, xi = append(xs, v), append(xi, int32(i))
		}
	}
	for j, v := range y {
		if in[v] == 3 {
			ys, yi = append(ys, v), append(yi, int32(j))
		}
	}
	in = nil
	if len(xs) == 0 || len(ys) == 0 {
		return nil
	}
	n, m := len(xs), len(ys)
	c := &seqCtx{x: xs, y: ys, off: m + 1}
	c.fd = make([]int, n+m+3)
	c.bd = make([]int, n+m+3)
	// The bound: about the square root of the diagonals, at least 256, as
	// GNU diff does: each split then costs O((N+M) * bound).
	c.tooExpensive = max(256, 1<<((bits.Len(uint(n+m+3))+1)/2))
	c.compare(0, n, 0, m)
	out := make([]match, len(c.out))
	for k, p := range c.out {
		out[k] = match{int(xi[p.A]), int(yi[p.B])}
	}
	return out
}

type seqCtx struct {
	x, y         []uint64
	fd, bd       []int // furthest x reached on each diagonal, forward and backward; index d+off
	off          int
	tooExpensive int
	out          []match
}

// compare aligns x[xoff:xlim] with y[yoff:ylim], appending matches in
// order.
func (c *seqCtx) compare(xoff, xlim, yoff, ylim int) {
	for xoff < xlim && yoff < ylim && c.x[xoff] == c.y[yoff] {
		c.out = append(c.out, match{xoff, yoff})
		xoff++
		yoff++
	}
	tail := 0
	for xlim > xoff && ylim > yoff && c.x[xlim-1] == c.y[ylim-1] {
		xlim--
		ylim--
		tail++
	}
	if xoff < xlim && yoff < ylim {
		xmid, ymid := c.split(xoff, xlim, yoff, ylim)
		c.compare(xoff, xmid, yoff, ymid)
		c.compare(xmid, xlim, ymid, ylim)
	}
	c.tail(xlim, ylim, tail)
}

// tail appends the n matches starting at (x, y).
func (c *seqCtx) tail(x, y, n int) {
	for k := range n {
		c.out = append(c.out, match{x + k, y + k})
	}
}

// split finds a point (xmid, ymid) on an alignment of the two ranges,
// neither range empty and their first and last elements differing.
func (c *seqCtx) split(xoff, xlim, yoff, ylim int) (int, int) {
	fd, bd, off := c.fd, c.bd, c.off
	dmin, dmax := xoff-ylim, xlim-yoff
	fmid, bmid := xoff-yoff, xlim-ylim
	fmin, fmax, bmin, bmax := fmid, fmid, bmid, bmid
	odd := (fmid-bmid)&1 != 0
	fd[fmid+off] = xoff
	bd[bmid+off] = xlim
	const maxInt = int(^uint(0) >> 1)
	for cost := 1; ; cost++ {
		if fmin > dmin {
			fmin--
			fd[fmin-1+off] = -1
		} else {
			fmin++
		}
		if fmax < dmax {
			fmax++
			fd[fmax+1+off] = -1
		} else {
			fmax--
		}
		for d := fmax; d >= fmin; d -= 2 {
			tlo, thi := fd[d-1+off], fd[d+1+off]
			x := tlo + 1
			if tlo < thi {
				x = thi
			}
			y := x - d
			for x < xlim && y < ylim && c.x[x] == c.y[y] {
				x++
				y++
			}
			fd[d+off] = x
			if odd && bmin <= d && d <= bmax && bd[d+off] <= x {
				return x, y
			}
		}
		if bmin > dmin {
			bmin--
			bd[bmin-1+off] = maxInt
		} else {
			bmin++
		}
		if bmax < dmax {
			bmax++
			bd[bmax+1+off] = maxInt
		} else {
			bmax--
		}
		for d := bmax; d >= bmin; d -= 2 {
			tlo, thi := bd[d-1+off], bd[d+1+off]
			x := thi - 1
			if tlo < thi {
				x = tlo
			}
			y := x - d
			for x > xoff && y > yoff && c.x[x-1] == c.y[y-1] {
				x--
				y--
			}
			bd[d+off] = x
			if !odd && fmin <= d && d <= fmax && x <= fd[d+off] {
				return x, y
			}
		}
		if cost < c.tooExpensive {
			continue
		}
		// Too expensive: split where the search got furthest.
		fxy, fx := -1, 0
		for d := fmax; d >= fmin; d -= 2 {
			x := min(fd[d+off], xlim)
			y := x - d
			if y > ylim {
				x, y = ylim+d, ylim
			}
			if x+y > fxy {
				fxy, fx = x+y, x
			}
		}
		bxy, bx := maxInt, 0
		for d := bmax; d >= bmin; d -= 2 {
			x := max(xoff, bd[d+off])
			y := x - d
			if y < yoff {
				x, y = yoff+d, yoff
			}
			if x+y < bxy {
				bxy, bx = x+y, x
			}
		}
		if (xlim+ylim)-bxy < fxy-(xoff+yoff) {
			return fx, fxy - fx
		}
		return bx, bxy - bx
	}
}
