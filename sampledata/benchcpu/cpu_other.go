//go:build !unix

package benchcpu

func cpuTime() (int64, bool) { return 0, false }
