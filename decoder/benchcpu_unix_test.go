//go:build unix

package decoder

import (
	"syscall"
	"testing"
)

// cpuTime returns the CPU time the process has used, user and system.
func cpuTime() (ns int64, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}

// reportCPU reports the CPU time per op since start as cpu-ns/op: on a
// loaded machine the wall-clock ns/op also counts the time the benchmark
// waited for a core.
func reportCPU(b *testing.B, start int64) {
	if end, ok := cpuTime(); ok {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
}
