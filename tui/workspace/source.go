package workspace

import (
	"fmt"
	"os"

	"infoscope/decoder"
)

// Source is one input of a workspace: something with a name that can be
// (re-)read. A Workspace reads its sources only in Load and Reload.
type Source interface {
	// Name identifies the source in the list, the status line and reloads.
	Name() string
	// Read returns the source's current bytes.
	Read() ([]byte, error)
}

// FileSource returns a Source that reads the file at path on every Read,
// with ReadFile under o's size limit; its Name is path, so a watcher can
// reload it by the path it reports.
func FileSource(path string, o decoder.Options) Source { return fileSource{path, o} }

// BytesSource returns a Source that always yields data (embedded samples,
// stdin).
func BytesSource(name string, data []byte) Source { return bytesSource{name, data} }

type fileSource struct {
	path string
	o    decoder.Options
}

func (f fileSource) Name() string          { return f.path }
func (f fileSource) Read() ([]byte, error) { return ReadFile(f.path, f.o) }

// ReadFile reads the input at path with decoder.ReadInput under o's size
// limit: a directory is refused, a regular file too large is refused from
// its size before it is read, and anything else (a FIFO, a device) is read
// as a stream, which stops at the limit or as soon as its first bytes
// fail for good.
func ReadFile(path string, o decoder.Options) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	fi, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return nil, fmt.Errorf("%s is a directory (give the files in it)", path)
	}
	size := int64(-1)
	if fi.Mode().IsRegular() {
		size = fi.Size()
	}
	return decoder.ReadInput(path, fh, size, o)
}

type bytesSource struct {
	name string
	data []byte
}

func (b bytesSource) Name() string          { return b.name }
func (b bytesSource) Read() ([]byte, error) { return b.data, nil }
