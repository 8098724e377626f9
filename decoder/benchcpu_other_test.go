//go:build !unix

package decoder

import "testing"

func cpuTime() (int64, bool) { return 0, false }

func reportCPU(*testing.B, int64) {}
