//go:build !unix

package testkit

import "testing"

// ZeroFIFO skips the test: FIFOs are made on unix only.
func ZeroFIFO(t testing.TB, path string) {
	t.Helper()
	t.Skip("no FIFOs here")
}
