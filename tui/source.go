package tui

import (
	"infoscope/decoder"
	"infoscope/tui/workspace"
)

// Source is one input of the session (see workspace.Source).
type Source = workspace.Source

// FileSource returns a Source that reads the file at path on every Read
// (see workspace.FileSource); its Name is path, so a watcher can send
// ReloadMsg{Name: path}.
func FileSource(path string, o decoder.Options) Source { return workspace.FileSource(path, o) }

// BytesSource returns a Source that always yields data (embedded samples,
// stdin).
func BytesSource(name string, data []byte) Source { return workspace.BytesSource(name, data) }

// ReadFile reads the input at path under o's size limit (see
// workspace.ReadFile).
func ReadFile(path string, o decoder.Options) ([]byte, error) { return workspace.ReadFile(path, o) }
