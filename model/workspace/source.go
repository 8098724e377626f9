package workspace

// Source is one input of a workspace: something with a name that can be
// (re-)read. A Workspace reads its sources only in Load and Reload.
type Source interface {
	// Name identifies the source in the list, the status line and reloads.
	Name() string
	// Read returns the source's current bytes.
	Read() ([]byte, error)
}

// BytesSource returns a Source that always yields data (embedded samples,
// stdin).
func BytesSource(name string, data []byte) Source { return bytesSource{name, data} }

type bytesSource struct {
	name string
	data []byte
}

func (b bytesSource) Name() string          { return b.name }
func (b bytesSource) Read() ([]byte, error) { return b.data, nil }
