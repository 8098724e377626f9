// Package workspace is infoscope's one workspace: a set of named inputs, each decoded once into an immutable *decoder.File, a
// generation number that grows with every change, and the row index over
// the decoded files (package model/index), built once for every view.
//
// A Snapshot is a value: every change (a load starts, a read fails, a
// decode ends) returns a new Snapshot and leaves the old one as it was, so
// any number of views (the inspector, every SSH session) can hold one,
// compare it with the next and share its decoded files. What it builds on
// first use (the row index, the filtered views) is built once, by
// whichever view asks first, and is safe for concurrent use. The
// package does no I/O: front ends read the bytes and hand them in; the
// decoder decodes them. The decoded files a Snapshot holds must never be
// changed by anyone once published.
//
// A Workspace (loader.go) holds the current Snapshot of a fixed list of
// Sources, reads and decodes them (Load, Reload) and publishes each new
// Snapshot to its subscribers. Sources do the reading (tui/fsio's files,
// BytesSource for the samples and stdin), so nothing here touches a disk.
package workspace

import (
	"fmt"
	"strings"
	"sync"
	"weak"

	"infoscope/decoder"
	"infoscope/model/index"
)

// Outcome is how the last load of an input ended.
type Outcome uint8

// The outcomes of a load.
const (
	// Pending: no load of the input has ended yet.
	Pending Outcome = iota
	// Taken: the load's decode is the one shown.
	Taken
	// Kept: the reload's decode broke a clean one (a half-written file),
	// which is kept until the next change; Note says why.
	Kept
	// ReadFailed: the input could not be read. With no earlier decode
	// ReadErr holds the error; otherwise the earlier decode is kept and
	// Note says why.
	ReadFailed
)

// Entry is the state of one input in a Snapshot.
type Entry struct {
	Name    string
	File    *decoder.File // the decode shown; nil until one is taken
	ReadErr error         // the first read failed and nothing was decoded since
	Note    string        // why the last reload was not taken; "" when it was
	Loading bool          // a load has started and not ended
	Size    int           // bytes of the last read, once known
	// Rev counts the loads of this input that have ended; a view that
	// sees it change knows the load ended, and Last tells how.
	Rev  int
	Last Outcome
}

// Snapshot is one immutable state of a workspace: its inputs, in order,
// and the generation that numbers this state. A later state of the same
// workspace has a larger Gen.
type Snapshot struct {
	gen uint64
	n   int
	// chunks hold the entries, chunkLen a chunk: a change copies the
	// chunk it touches and the slice of chunks, and shares the others
	// with the snapshot before. A copy of every entry per change made a
	// folder of n files cost n² entries (2,000 files: 1 GB of copies).
	chunks [][]Entry
	// Kept with every change, so that a frame asks them for free.
	loading  int   // entries with Loading set
	problems int   // see Problems
	rows     *rows // shared by the snapshots with the same files
}

// chunkLen is the number of entries a Snapshot keeps in one chunk.
const chunkLen = 64

// rows is the row index of one set of decoded files, built on first use
// by whichever view asks first, then shared by every view, with the
// filtered views in use.
type rows struct {
	once sync.Once
	x    *index.Index

	mu sync.Mutex
	// views holds the filtered views by filter expression, weakly: a view
	// lives as long as a session holds it, and no longer.
	views map[string]weak.Pointer[View]
}

// View is the rows (ascending) a filter keeps, shared by every view of
// the workspace filtering its index by the same expression. Rows must not
// be changed; nil means every row. Hold the View, not only Rows, while
// using them: the cache keeps a View only while someone holds it.
type View struct{ Rows []int32 }

// NewSnapshot returns the first snapshot of a workspace with these inputs, each
// loading, at generation 0.
func NewSnapshot(names []string) *Snapshot {
	s := &Snapshot{n: len(names), loading: len(names), rows: new(rows)}
	all := make([]Entry, len(names))
	for i, n := range names {
		all[i] = Entry{Name: n, Loading: true}
	}
	for len(all) > 0 {
		k := min(chunkLen, len(all))
		s.chunks = append(s.chunks, all[:k:k])
		all = all[k:]
	}
	return s
}

// Gen numbers this state: every change returns a snapshot with a larger one.
func (s *Snapshot) Gen() uint64 { return s.gen }

// Len is the number of inputs.
func (s *Snapshot) Len() int { return s.n }

// Entry returns input i's state.
func (s *Snapshot) Entry(i int) Entry { return s.chunks[i/chunkLen][i%chunkLen] }

// entries yields a pointer to every entry, in order; they must not be
// changed.
func (s *Snapshot) entries(yield func(int, *Entry) bool) {
	for c, ch := range s.chunks {
		for k := range ch {
			if !yield(c*chunkLen+k, &ch[k]) {
				return
			}
		}
	}
}

// Entries returns a copy of every input's state, in order.
func (s *Snapshot) Entries() []Entry {
	out := make([]Entry, 0, s.n)
	for _, ch := range s.chunks {
		out = append(out, ch...)
	}
	return out
}

// Names returns the inputs' names, in order.
func (s *Snapshot) Names() []string {
	out := make([]string, 0, s.n)
	for _, e := range s.entries {
		out = append(out, e.Name)
	}
	return out
}

// Loading is the number of inputs with a load running.
func (s *Snapshot) Loading() int { return s.loading }

// FirstLoading returns up to max of the inputs with a load running, in
// order, without copying the others: a status line names a few.
func (s *Snapshot) FirstLoading(max int) []Entry {
	var out []Entry
	if s.loading == 0 {
		return nil
	}
	for _, e := range s.entries {
		if len(out) == max {
			break
		}
		if e.Loading {
			out = append(out, *e)
		}
	}
	return out
}

// Problems counts what the inspector's error list shows for the inputs:
// an input whose read failed or whose reload was not taken counts one,
// and every error and warning of an input's decode one each.
func (s *Snapshot) Problems() int { return s.problems }

func problems(e *Entry) int {
	n := 0
	if e.ReadErr != nil || e.Note != "" {
		n++
	}
	if e.File != nil {
		n += e.File.NumErrors() + len(e.File.Warnings)
	}
	return n
}

// Changed yields the inputs that may differ between old and s, two states
// of one workspace: those in the chunks s does not share with old (every
// input when old is of another workspace or of another length).
func (s *Snapshot) Changed(old *Snapshot) func(yield func(int) bool) {
	return func(yield func(int) bool) {
		for c, ch := range s.chunks {
			if old.n == s.n && &old.chunks[c][0] == &ch[0] {
				continue
			}
			for k := range ch {
				if !yield(c*chunkLen + k) {
					return
				}
			}
		}
	}
}

// Files returns the decoded files that hold streams, in input order: each
// input's file, or the images of a C source one by one. Inputs with no
// decode yet are left out.
func (s *Snapshot) Files() []*decoder.File {
	var out []*decoder.File
	for _, e := range s.entries {
		if e.File != nil {
			out = append(out, e.File.Each()...)
		}
	}
	return out
}

// Index returns the row index over Files: every INFO of every decoded
// file, with the filter language. It is built once, on first use, and
// shared by every snapshot that holds the same files, so any number of
// views (SSH sessions) share one; it is safe for concurrent use.
func (s *Snapshot) Index() *index.Index {
	s.rows.once.Do(func() { s.rows.x = index.New(s.Files()) })
	return s.rows.x
}

// View returns the rows of Index that f keeps (index.Index.View), shared:
// sessions that filter by the same expression hold one copy of the rows
// between them (4 bytes a row passing each, otherwise).
func (s *Snapshot) View(f *index.Filter) *View {
	x := s.Index()
	if f.Empty() {
		return &View{}
	}
	r, key := s.rows, f.String()
	r.mu.Lock()
	if v := r.views[key].Value(); v != nil {
		r.mu.Unlock()
		return v
	}
	r.mu.Unlock()
	// Filtered without the lock: another expression need not wait. Two
	// sessions asking at once may both filter; the last one is kept.
	v := &View{Rows: x.View(f)}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.views == nil {
		r.views = map[string]weak.Pointer[View]{}
	}
	for k, w := range r.views {
		if w.Value() == nil {
			delete(r.views, k) // no session holds it any more
		}
	}
	r.views[key] = weak.Make(v)
	return v
}

// with returns a copy of s at the next generation with the inputs
// numbered in is changed by f, each in turn. The row index carries over unless the
// decoded files changed.
func (s *Snapshot) with(f func(e *Entry), is ...int) *Snapshot {
	n := &Snapshot{gen: s.gen + 1, n: s.n, chunks: append([][]Entry(nil), s.chunks...),
		loading: s.loading, problems: s.problems, rows: s.rows}
	copied := map[int]bool{}
	for _, i := range is {
		c := i / chunkLen
		if !copied[c] {
			n.chunks[c] = append([]Entry(nil), n.chunks[c]...)
			copied[c] = true
		}
		e := &n.chunks[c][i%chunkLen]
		was := *e
		f(e)
		if e.Loading != was.Loading {
			if e.Loading {
				n.loading++
			} else {
				n.loading--
			}
		}
		n.problems += problems(e) - problems(&was)
		if e.File != was.File {
			n.rows = new(rows)
		}
	}
	return n
}

// Started returns the state once a (re)load of the inputs numbered in is
// has started (one change for them all: a folder's files start at once).
func (s *Snapshot) Started(is ...int) *Snapshot {
	return s.with(func(e *Entry) { e.Loading = true }, is...)
}

// Read returns the state once input i's bytes are read (size of them), its
// decode still to come.
func (s *Snapshot) Read(i, size int) *Snapshot {
	return s.with(func(e *Entry) { e.Size = size }, i)
}

// Failed returns the state once reading input i failed with err: the first
// read's error is the input's error; a reload's keeps the previous decode,
// with a note.
func (s *Snapshot) Failed(i int, err error) *Snapshot {
	return s.with(func(e *Entry) {
		e.Loading, e.Rev, e.Last = false, e.Rev+1, ReadFailed
		if e.File == nil {
			e.ReadErr = err
			return
		}
		e.Note = fmt.Sprintf("reload failed: %v; showing the previous decode", err)
	}, i)
}

// Decoded returns the state once input i's bytes decoded to f. A reload
// that breaks a clean decode (errors where there were none: a file caught
// half-written) keeps the clean one, with a note, until the next change.
func (s *Snapshot) Decoded(i int, f *decoder.File) *Snapshot {
	return s.with(func(e *Entry) {
		e.Loading, e.Rev = false, e.Rev+1
		if e.File != nil && len(e.File.Errors) == 0 && len(f.Errors) > 0 {
			e.Last = Kept
			// The note follows the file's name wherever it is shown:
			// the error's own copy of the name would say it twice.
			first := strings.TrimPrefix(f.Errors[0].Error(), f.Name+": ")
			e.Note = fmt.Sprintf("reload: %s; showing the previous decode", first)
			return
		}
		e.Last = Taken
		e.File, e.ReadErr, e.Note = f, nil, ""
	}, i)
}
