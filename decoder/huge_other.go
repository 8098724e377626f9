//go:build !linux

package decoder

// adviseHuge does nothing where transparent huge pages are not known.
func adviseHuge([]byte) {}
