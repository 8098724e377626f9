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
	"sync"
	"weak"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
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
	gen     uint64
	entries []Entry
	rows    *rows // shared by the snapshots with the same files
}

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

// New returns the first snapshot of a workspace with these inputs, each
// loading, at generation 0.
func NewSnapshot(names []string) *Snapshot {
	s := &Snapshot{entries: make([]Entry, len(names)), rows: new(rows)}
	for i, n := range names {
		s.entries[i] = Entry{Name: n, Loading: true}
	}
	return s
}

// Gen numbers this state: every change returns a snapshot with a larger one.
func (s *Snapshot) Gen() uint64 { return s.gen }

// Len is the number of inputs.
func (s *Snapshot) Len() int { return len(s.entries) }

// Entry returns input i's state.
func (s *Snapshot) Entry(i int) Entry { return s.entries[i] }

// Entries returns a copy of every input's state, in order.
func (s *Snapshot) Entries() []Entry { return append([]Entry(nil), s.entries...) }

// Names returns the inputs' names, in order.
func (s *Snapshot) Names() []string {
	out := make([]string, len(s.entries))
	for i, e := range s.entries {
		out[i] = e.Name
	}
	return out
}

// Loading is the number of inputs with a load running.
func (s *Snapshot) Loading() int {
	n := 0
	for _, e := range s.entries {
		if e.Loading {
			n++
		}
	}
	return n
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

// with returns a copy of s at the next generation with input i changed by
// f. The row index carries over unless the decoded files changed.
func (s *Snapshot) with(i int, f func(e *Entry)) *Snapshot {
	n := &Snapshot{gen: s.gen + 1, entries: append([]Entry(nil), s.entries...), rows: s.rows}
	f(&n.entries[i])
	if n.entries[i].File != s.entries[i].File {
		n.rows = new(rows)
	}
	return n
}

// Started returns the state once a (re)load of input i has started.
func (s *Snapshot) Started(i int) *Snapshot {
	return s.with(i, func(e *Entry) { e.Loading = true })
}

// Read returns the state once input i's bytes are read (size of them), its
// decode still to come.
func (s *Snapshot) Read(i, size int) *Snapshot {
	return s.with(i, func(e *Entry) { e.Size = size })
}

// Failed returns the state once reading input i failed with err: the first
// read's error is the input's error; a reload's keeps the previous decode,
// with a note.
func (s *Snapshot) Failed(i int, err error) *Snapshot {
	return s.with(i, func(e *Entry) {
		e.Loading, e.Rev, e.Last = false, e.Rev+1, ReadFailed
		if e.File == nil {
			e.ReadErr = err
			return
		}
		e.Note = fmt.Sprintf("reload failed: %v; showing the previous decode", err)
	})
}

// Decoded returns the state once input i's bytes decoded to f. A reload
// that breaks a clean decode (errors where there were none: a file caught
// half-written) keeps the clean one, with a note, until the next change.
func (s *Snapshot) Decoded(i int, f *decoder.File) *Snapshot {
	return s.with(i, func(e *Entry) {
		e.Loading, e.Rev = false, e.Rev+1
		if e.File != nil && len(e.File.Errors) == 0 && len(f.Errors) > 0 {
			e.Last = Kept
			e.Note = fmt.Sprintf("reload: %v; showing the previous decode", f.Errors[0])
			return
		}
		e.Last = Taken
		e.File, e.ReadErr, e.Note = f, nil, ""
	})
}

// Decode decodes one input's bytes, named name, with o: what a front end
// calls between Read and Decoded.
func Decode(name string, data []byte, o decoder.Options) *decoder.File {
	return visatext.Decode(name, data, o)
}
