package tui

import (
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
	// shared, when set, is the workspace snapshot the index belongs to:
	// filtered views come from it, shared with the other sessions.
	shared *workspace.Snapshot
}

// snapshotRows is the row index of a workspace snapshot, whose filtered
// views are shared by every view of the workspace.
func snapshotRows(s *workspace.Snapshot) *rowIndex { return &rowIndex{s.Index(), s} }
