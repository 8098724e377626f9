package fsio

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"infoscope/decoder"
)

// ReadLimited reads the file at path that the user keeps beside their inputs (a
// surface file, a mark file; what names it in messages): nil and no error
// when there is none yet. It is read before the screen opens, so what is
// not a regular file (a FIFO would block with no writer, /dev/zero never
// ends) is refused unread, and so is a file past limit bytes, before or
// while it is read.
func ReadLimited(path, what string, limit int64) ([]byte, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s %s: not a regular file (%s); it is neither read nor written", what, path, fi.Mode().Type())
	}
	tooBig := func(size string) error {
		return fmt.Errorf("%s %s: %s, more than the %s a %s may hold", what, path, size, decoder.FormatSize(limit), what)
	}
	if fi.Size() > limit {
		return nil, tooBig(strconv.FormatInt(fi.Size(), 10) + " bytes")
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	data, err := io.ReadAll(io.LimitReader(fh, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, tooBig("grown past it while read")
	}
	return data, nil
}
