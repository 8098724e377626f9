//go:build !unix

package serve

import "os"

// openNoBlock opens path for reading (systems without FIFOs in the file
// system, or without O_NONBLOCK: a plain open).
func openNoBlock(path string) (*os.File, error) { return os.Open(path) }
