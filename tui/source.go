package tui

import "os"

// Source is one input of the session: something with a name that can be
// (re-)read. The root reads sources only inside tea.Cmds.
type Source interface {
	// Name identifies the source in the list, the status line and ReloadMsg.
	Name() string
	// Read returns the source's current bytes.
	Read() ([]byte, error)
}

// FileSource returns a Source that reads the file at path on every Read; its
// Name is path, so a watcher can send ReloadMsg{Name: path}.
func FileSource(path string) Source { return fileSource(path) }

// BytesSource returns a Source that always yields data (embedded samples,
// stdin).
func BytesSource(name string, data []byte) Source { return bytesSource{name, data} }

type fileSource string

func (f fileSource) Name() string          { return string(f) }
func (f fileSource) Read() ([]byte, error) { return os.ReadFile(string(f)) }

type bytesSource struct {
	name string
	data []byte
}

func (b bytesSource) Name() string          { return b.name }
func (b bytesSource) Read() ([]byte, error) { return b.data, nil }
