package serve

import (
	"runtime"
	"strings"
	"testing"

	"infoscope/sampledata"
)

// TestDumpAmplifiedOverSSH: 'ssh HOST dump - < FILE' with 1,000 entries on
// one 64 KiB body (80 KB) costs the server a few megabytes and ends with
// the budget error; it took 863 MB, and a 1 MB file took the server down.
// (A client's --max-input is accepted; the server's own 64 MiB stdin limit
// stays.)
func TestDumpAmplifiedOverSSH(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	run(t, c, "files", "") // the session machinery's first allocations
	amp := string(sampledata.AmplifiedObject(1000, []byte(strings.Repeat("Y", 64<<10))))
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	out, stderr, status := run(t, c, "dump --all --max-input 1G -", amp)
	runtime.ReadMemStats(&b)
	alloc := b.TotalAlloc - a.TotalAlloc
	t.Logf("%d-byte input: %d bytes allocated in the test process (server and client), %d bytes of output", len(amp), alloc, len(out))
	if status != 1 || !strings.Contains(stderr, "decoded instructions for the 80582-byte file (4 per byte)") {
		t.Errorf("status %d, stderr %.300q", status, stderr)
	}
	// 4 shared walks of 65,536 lines: the output is bounded by the budget.
	if alloc > 64<<20 || len(out) > 4*40*len(amp) {
		t.Errorf("%d bytes allocated, %d bytes printed", alloc, len(out))
	}
}
