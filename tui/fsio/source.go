// Package fsio is infoscope's file I/O for the front ends: inputs read
// under the size limit (FileSource, ReadFile), the directories they name
// (Folder), atomic saves (SaveFile) of the surface file and of the mark
// files beside each input (Marks), files the user keeps read with a
// limit (ReadLimited), and watching inputs for changes (Watch).
package fsio

import (
	"fmt"
	"os"

	"infoscope/decoder"
	"infoscope/model/workspace"
)

// FileSource returns a Source that reads the file at path on every Read,
// with ReadFile under o's size limit; its Name is path, so a watcher can
// reload it by the path it reports.
func FileSource(path string, o decoder.Options) workspace.Source {
	return fileSource{path, o}
}

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
