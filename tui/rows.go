package tui

import (
	"infoscope/decoder"
	"infoscope/model/index"
	"infoscope/model/workspace"
)

// loc names one INFO row (see index.Loc).
type loc = index.Loc

// rowIndex is the list's handle on the row index of the loaded files,
// shared and immutable (see model/index): the per-session state, the view
// and the cursor, stays in listModel.
type rowIndex struct {
	*index.Index
	total int // Index.Len, read on every frame
	// shared, when set, is the workspace snapshot the index belongs to:
	// filtered views come from it, shared with the other sessions.
	shared *workspace.Snapshot
}

func newRowIndex(files []*decoder.File) *rowIndex { return wrapRows(index.New(files)) }

// wrapRows makes x the list's row index.
func wrapRows(x *index.Index) *rowIndex { return &rowIndex{Index: x, total: x.Len()} }

// snapshotRows is the row index of a workspace snapshot, whose filtered
// views are shared by every view of the workspace.
func snapshotRows(s *workspace.Snapshot) *rowIndex {
	r := wrapRows(s.Index())
	r.shared = s
	return r
}

func (r *rowIndex) loc(row int) loc              { return r.Loc(row) }
func (r *rowIndex) file(l loc) *decoder.File     { return r.File(l) }
func (r *rowIndex) stream(l loc) *decoder.Stream { return r.Stream(l) }
func (r *rowIndex) info(l loc) *decoder.Info     { return r.Info(l) }
func posAt(st *decoder.Stream, k int) int64      { return index.PosAt(st, k) }

// filterHelp documents the filter language in the help overlay.
const filterHelp = index.FilterHelp
