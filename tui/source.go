package tui

import (
	"infoscope/model/workspace"
)

// Source is one input of the session (see workspace.Source; files are
// fsio.FileSource).
type Source = workspace.Source

// BytesSource returns a Source that always yields data (embedded samples,
// stdin).
func BytesSource(name string, data []byte) Source { return workspace.BytesSource(name, data) }
