// Package benchcpu reports the CPU time a benchmark used, beside its wall
// time: on a shared machine the wall-clock ns/op also counts the time the
// benchmark waited for a core, and CPU time near wall time under
// GOMAXPROCS > 1 shows that no second core was free. It sits beside the
// samples because the benchmarks of every package (decoder's included,
// which imports none of ours outside its tests) use it.
package benchcpu

import "testing"

// Report reports the CPU time per op since start (a Now reading) as
// cpu-ns/op; it reports nothing where the platform does not tell it.
func Report(b *testing.B, start int64) {
	if end, ok := Now(); ok {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
}
