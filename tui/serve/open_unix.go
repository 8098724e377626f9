//go:build unix

package serve

import (
	"os"
	"syscall"
)

// openNoBlock opens path for reading without waiting for a writer when it
// is a FIFO (open(2) would block until one comes); reads of a regular file
// are not changed by O_NONBLOCK.
func openNoBlock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
