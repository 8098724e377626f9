package index

import (
	"sort"
)

// diagRows returns the rows with diagnostics, ascending, found on first
// use (n and N read them; the rows never change: a reload builds a new
// index).
func (x *Index) diagRows() []int32 {
	x.diagOnce.Do(func() {
		for _, r := range x.runs {
			st := x.files[r.File].Streams[r.Stream]
			for i, in := range st.Infos() {
				if in.NumDiagnostics() > 0 {
					x.diag = append(x.diag, int32(r.Start+i))
				}
			}
		}
	})
	return x.diag
}

// NextDiag returns the position in view of the next (dir 1) or previous
// (-1) row with diagnostics after position cur, wrapping around (cur
// itself when it is the only one), or -1 when the view has none. A nil
// view means every row (as View returns for an empty filter).
func (x *Index) NextDiag(view []int32, cur, dir int) int {
	d := x.diagRows()
	if len(d) == 0 || (view != nil && len(view) == 0) {
		return -1
	}
	if view == nil {
		return x.nearDiag(cur, dir)
	}
	// Both are ascending: one walk finds the view's rows with diagnostics.
	n := len(view)
	best, bestDist, j := -1, n+1, 0
	for p, row := range view {
		for j < len(d) && d[j] < row {
			j++
		}
		if j == len(d) {
			break
		}
		if d[j] != row {
			continue
		}
		// The distance from cur along dir, in 1..n (cur itself is n).
		dist := ((p-cur)*dir%n + n) % n
		if dist == 0 {
			dist = n
		}
		if dist < bestDist {
			best, bestDist = p, dist
		}
	}
	return best
}

// nearDiag is NextDiag over every row: a binary search of the rows with
// diagnostics.
func (x *Index) nearDiag(cur, dir int) int {
	d := x.diagRows()
	if dir > 0 {
		i := sort.Search(len(d), func(i int) bool { return int(d[i]) > cur })
		if i == len(d) {
			i = 0
		}
		return int(d[i])
	}
	i := sort.Search(len(d), func(i int) bool { return int(d[i]) >= cur }) - 1
	if i < 0 {
		i = len(d) - 1
	}
	return int(d[i])
}

// posIn returns the first position of view holding a row >= row.
func posIn(view []int32, row int) int {
	return sort.Search(len(view), func(i int) bool { return int(view[i]) >= row })
}

// NearestOffset returns the position in view (nil: every row) of the row
// read from a binary whose file offset is closest to off, preferring rows
// of file curFile (an index into Files; -1 for none), the first one on
// ties, as a scan of the view would find it, among the files inFile keeps
// (nil keeps all). bestD is its distance from off. best is -1 when the
// view has no rows read from a binary. Rows of a stream are in offset
// order, so each stream costs two binary searches.
func (x *Index) NearestOffset(view []int32, curFile int, off int64, inFile func(file int) bool) (best int, bestD int64) {
	best, bestD = -1, -1
	bestSame := false
	for _, sg := range x.runs {
		if inFile != nil && !inFile(sg.File) {
			continue // FILE:0xOFFSET names another file
		}
		st := x.files[sg.File].Streams[sg.Stream]
		if st.NumInfos() == 0 || st.FromText() {
			continue
		}
		// The view positions of this stream's rows: [lo, hi).
		lo, hi := sg.Start, sg.Start+st.NumInfos()
		if view != nil {
			lo, hi = posIn(view, lo), posIn(view, hi)
		}
		if lo == hi {
			continue
		}
		at := func(p int) int64 {
			if view != nil {
				return st.InfoOff(int(view[p]) - sg.Start)
			}
			return st.InfoOff(p - sg.Start)
		}
		j := lo + sort.Search(hi-lo, func(i int) bool { return at(lo+i) >= off })
		same := sg.File == curFile
		for _, p := range [2]int{j - 1, j} {
			if p < lo || p >= hi {
				continue
			}
			d := at(p) - off
			if d < 0 {
				d = -d
			}
			if best < 0 || (same && !bestSame) || (same == bestSame && d < bestD) {
				best, bestD, bestSame = p, d, same
			}
		}
	}
	return best, bestD
}
