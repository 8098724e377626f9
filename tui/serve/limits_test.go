package serve

import (
	"encoding/binary"
	"runtime"
	"strings"
	"testing"
)

// amplifiedObject is a version 4.1 object file whose n function entries
// all point at one function body of code.
func amplifiedObject(n int, code []byte) []byte {
	le16 := func(b []byte, v uint16) []byte { return binary.LittleEndian.AppendUint16(b, v) }
	le32 := func(b []byte, v uint32) []byte { return binary.LittleEndian.AppendUint32(b, v) }
	hdrLen := 12 + n*15
	body := le32(nil, 1)
	body = append(body, 0)
	body = le32(le32(body, 0), 0)
	body = le16(le16(le16(body, 0), 0), 0)
	body = append(body, 0, 0, 0)
	body = le32(le32(body, uint32(len(code))), 34)
	body = le16(append(body, 0, 0), 0)
	body = append(body, code...)
	data := le16(le16(le16(append([]byte("CISA"), 4, 1), 0), 0), uint16(n))
	for range n {
		data = le16(le16(le32(le32(le16(append(data, 0), 0), uint32(hdrLen)), uint32(len(body))), 0), 0)
	}
	return append(data, body...)
}

// TestDumpAmplifiedOverSSH: 'ssh HOST dump - < FILE' with 1,000 entries on
// one 64 KiB body (80 KB) costs the server a few megabytes and ends with
// the budget error; it took 863 MB, and a 1 MB file took the server down.
// (A client's --max-input is accepted; the server's own 64 MiB stdin limit
// stays.)
func TestDumpAmplifiedOverSSH(t *testing.T) {
	ts := startServer(t, nil)
	c := ts.dial(t)
	run(t, c, "files", "") // the session machinery's first allocations
	amp := string(amplifiedObject(1000, []byte(strings.Repeat("Y", 64<<10))))
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
