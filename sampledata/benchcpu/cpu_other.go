//go:build !unix

package benchcpu

import "testing"

// Measure reports nothing: the platform does not tell a process's CPU
// time here.
func Measure(b *testing.B, unit string, perOp float64) {}
