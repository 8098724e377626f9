// Package index numbers the INFO instructions of a set of decoded files as
// rows, and filters them in the inspector's filter language.
//
// An Index is built once per decoded file set and never changes: a reload
// builds a new one. Every method is safe for concurrent use, so one Index
// can serve many sessions at once (the SSH server shares one per served
// file set); what belongs to one session (its view of the rows, its
// cursor) stays with the session. The one part built on first use, the
// rows with diagnostics that n and N step through, is built once,
// whichever session asks first.
//
// The filter language (ParseFilter, FilterHelp) is the inspector's / key
// and dump --filter alike: terms separated by spaces, all of which a row
// must satisfy; !term negates; TEXT matches the instruction's text, and
// field:VALUE terms (op, surface, mask, exec, nm, chan, file, kernel, diag)
// its decoded fields. A refused expression is a *SyntaxError: its column,
// what the language wants there and what it found.
//
// The package does no I/O.
package index

import (
	"iter"
	"slices"
	"sort"
	"sync"

	"infoscope/decoder"
)

// Loc names one row: the file (its position in the slice given to New),
// the stream within that file, and the INFO within that stream.
type Loc struct{ File, Stream, Info int }

// Run is a run of rows: every INFO of one stream, numbered from Start.
type Run struct{ File, Stream, Start int }

// Index numbers every INFO of every file without a per-row slice: rows are
// runs per stream, found by binary search, so building it costs one entry
// per stream and a million rows cost nothing until read.
type Index struct {
	files []*decoder.File // nil entries: files not loaded
	runs  []Run
	total int

	diagOnce sync.Once
	diag     []int32 // see diagRows
}

// New returns the index of the INFO rows of files, in order: file by file,
// stream by stream. Nil files (not loaded yet) have no rows. The files
// must not change afterwards.
func New(files []*decoder.File) *Index {
	x := &Index{files: slices.Clone(files)}
	for fi, f := range files {
		if f == nil {
			continue
		}
		for si, st := range f.Streams {
			if st.NumInfos() == 0 {
				continue
			}
			x.runs = append(x.runs, Run{fi, si, x.total})
			x.total += st.NumInfos()
		}
	}
	return x
}

// Len returns the number of rows.
func (x *Index) Len() int { return x.total }

// Files returns the files the index was built from (a copy of the slice;
// the files are shared and must not be modified).
func (x *Index) Files() []*decoder.File { return slices.Clone(x.files) }

// Runs yields the runs of rows in row order, one per stream with INFO.
func (x *Index) Runs() iter.Seq[Run] { return slices.Values(x.runs) }

// Loc returns the location of row (0 <= row < Len()).
func (x *Index) Loc(row int) Loc {
	i := sort.Search(len(x.runs), func(i int) bool { return x.runs[i].Start > row }) - 1
	r := x.runs[i]
	return Loc{r.File, r.Stream, row - r.Start}
}

// File returns the file of l.
func (x *Index) File(l Loc) *decoder.File { return x.files[l.File] }

// Stream returns the stream of l.
func (x *Index) Stream(l Loc) *decoder.Stream { return x.files[l.File].Streams[l.Stream] }

// Info returns the INFO instruction of l, decoded: a copy the caller owns.
func (x *Index) Info(l Loc) *decoder.Info { return x.Stream(l).Info(l.Info) }

// Place is a row's identity that survives a re-decode: the file's name,
// the kernel and the instruction's position (Pos).
type Place struct {
	File, Kernel string
	Pos          int64
}

// Place returns the place of l.
func (x *Index) Place(l Loc) Place {
	return Place{x.files[l.File].Name, x.Stream(l).Kernel, PosAt(x.Stream(l), l.Info)}
}

// PosAt is where INFO k of st is in its stream, without decoding it: its
// offset, or for text (which has none) its instruction number $N. Both
// grow along the stream.
func PosAt(st *decoder.Stream, k int) int64 {
	if st.FromText() {
		return int64(st.InfoInst(k))
	}
	return st.InfoOff(k)
}

// Nearest returns the row at p, or the nearest one to it: same file and
// kernel and the closest position, else the same file, else -1.
func (x *Index) Nearest(p Place) int {
	best, bestD, bestRank := -1, int64(0), 3
	for _, r := range x.runs {
		f := x.files[r.File]
		if f.Name != p.File {
			continue
		}
		st := f.Streams[r.Stream]
		rank := 1
		if st.Kernel == p.Kernel {
			rank = 0
		}
		if rank > bestRank {
			continue
		}
		// Infos are in position order: binary search the closest.
		n := st.NumInfos()
		j := sort.Search(n, func(j int) bool { return PosAt(st, j) >= p.Pos })
		for _, k := range []int{j - 1, j} {
			if k < 0 || k >= n {
				continue
			}
			d := PosAt(st, k) - p.Pos
			if d < 0 {
				d = -d
			}
			if rank < bestRank || d < bestD {
				best, bestD, bestRank = r.Start+k, d, rank
			}
		}
	}
	return best
}
