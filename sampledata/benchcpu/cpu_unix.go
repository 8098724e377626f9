//go:build unix

// Package benchcpu reports the CPU time a benchmark used, beside its wall
// time: on a shared machine the wall-clock ns/op also counts the time the
// benchmark waited for a core, and CPU time near wall time under
// GOMAXPROCS > 1 shows that no second core was free. It sits beside the
// samples because the benchmarks of every package (decoder's included,
// which imports none of ours outside its tests) use it.
package benchcpu

import (
	"syscall"
	"testing"
)

// Measure reports, when the benchmark b returns, the CPU time (user and
// system, from getrusage) the process used from this call on, per op and
// per unit as "cpu-ns/"+unit: perOp units make one op (1 for "op"). Call it
// where the measured work starts, after the setup.
func Measure(b *testing.B, unit string, perOp float64) {
	var start syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &start) != nil {
		return
	}
	b.Cleanup(func() {
		var end syscall.Rusage
		if syscall.Getrusage(syscall.RUSAGE_SELF, &end) != nil {
			return
		}
		ns := end.Utime.Nano() + end.Stime.Nano() - start.Utime.Nano() - start.Stime.Nano()
		b.ReportMetric(float64(ns)/float64(b.N)/perOp, "cpu-ns/"+unit)
	})
}
