package tui

import (
	"sort"

	"infoscope/decoder"
)

// loc names one INFO row: the source, the stream within its decode and the
// Info within that stream.
type loc struct{ src, stream, info int }

// seg is a run of rows: every Info of one stream, starting at row start.
type seg struct{ src, stream, start int }

// rowIndex numbers every INFO of every loaded file without a per-row slice:
// rows are runs per stream, found by binary search, so building it costs
// one entry per stream and a million rows cost nothing until shown.
type rowIndex struct {
	files []*decoder.File // per source; nil while not loaded
	segs  []seg
	total int
	rk    *rowKeys // packed per-row fields for the filter; see keys
}

func newRowIndex(files []*decoder.File) *rowIndex {
	r := &rowIndex{files: files}
	for si, f := range files {
		if f == nil {
			continue
		}
		for sti, st := range f.Streams {
			if st.NumInfos() == 0 {
				continue
			}
			r.segs = append(r.segs, seg{si, sti, r.total})
			r.total += st.NumInfos()
		}
	}
	return r
}

// loc returns the location of row (0 <= row < total).
func (r *rowIndex) loc(row int) loc {
	i := sort.Search(len(r.segs), func(i int) bool { return r.segs[i].start > row }) - 1
	s := r.segs[i]
	return loc{s.src, s.stream, row - s.start}
}

func (r *rowIndex) file(l loc) *decoder.File     { return r.files[l.src] }
func (r *rowIndex) stream(l loc) *decoder.Stream { return r.files[l.src].Streams[l.stream] }
func (r *rowIndex) info(l loc) *decoder.Info {
	return r.files[l.src].Streams[l.stream].Info(l.info)
}

// place is a row's identity that survives a re-decode: the file, the
// kernel and the absolute offset of the instruction.
type place struct {
	file, kernel string
	off          int64
	ok           bool
}

func (r *rowIndex) place(l loc) place {
	return place{r.files[l.src].Name, r.stream(l).Kernel, posAt(r.stream(l), l.info), true}
}

// posAt is where INFO k of st is in its stream (without decoding it): its
// offset, or for text (which has none) its $N. Both grow along the stream.
func posAt(st *decoder.Stream, k int) int64 {
	if st.FromText() {
		return int64(st.InfoInst(k))
	}
	return st.InfoOff(k)
}

// nearest returns the row at p, or the nearest instruction to it: same
// file and kernel and the closest offset, else the same file, else -1.
func (r *rowIndex) nearest(p place) int {
	best, bestD, bestRank := -1, int64(0), 3
	for _, s := range r.segs {
		f := r.files[s.src]
		if f.Name != p.file {
			continue
		}
		st := f.Streams[s.stream]
		rank := 1
		if st.Kernel == p.kernel {
			rank = 0
		}
		if rank > bestRank {
			continue
		}
		// Infos are in offset order: binary search the closest.
		j := sort.Search(st.NumInfos(), func(j int) bool { return posAt(st, j) >= p.off })
		for _, k := range []int{j - 1, j} {
			if k < 0 || k >= st.NumInfos() {
				continue
			}
			d := posAt(st, k) - p.off
			if d < 0 {
				d = -d
			}
			if rank < bestRank || d < bestD {
				best, bestD, bestRank = s.start+k, d, rank
			}
		}
	}
	return best
}
