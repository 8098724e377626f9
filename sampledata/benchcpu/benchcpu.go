// Package benchcpu reports the CPU time a benchmark used, beside its wall
// time: on a shared machine the wall-clock ns/op also counts the time the
// benchmark waited for a core, and CPU time near wall time under
// GOMAXPROCS > 1 shows that no second core was free. It sits beside the
// samples because the benchmarks of every package (decoder's included,
// which imports none of ours outside its tests) use it.
package benchcpu

import "testing"

// Now returns the CPU time the process has used so far, user and system,
// and whether the platform tells it.
func Now() (ns int64, ok bool) { return cpuTime() }

// Report reports the CPU time per op since start (a Now reading) as
// cpu-ns/op; it reports nothing where the platform does not tell it.
func Report(b *testing.B, start int64) {
	if end, ok := cpuTime(); ok {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
}
