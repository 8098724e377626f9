//go:build !unix

package index

import "testing"

func cpuTime() (int64, bool) { return 0, false }

func reportCPU(*testing.B, int64) {}
