package serve

import (
	"testing"
	"time"
)

// settle waits until the client has received nothing new for quiet, and
// returns the byte count then.
func (tm *term) settle(quiet time.Duration) int {
	n := tm.scr.Received()
	for still := time.Now(); time.Since(still) < quiet; {
		time.Sleep(5 * time.Millisecond)
		if m := tm.scr.Received(); m != n {
			n, still = m, time.Now()
		}
	}
	return n
}

// A stepKind is a kind of cursor step: the key that focuses where it
// happens, the keys that step forward and back, and how far it may go.
type stepKind struct {
	name, focus, fwd, back string
	span                   int // steps before turning back
}

var stepKinds = []stepKind{
	// j/k in the INFO list: the Bits panel follows the selection, so a
	// step redraws the panel for the new instruction.
	{"list", "", "j", "k", 10},
	// j/k in the Bits panel: the next bit field (marker, highlight,
	// description line).
	{"field", "2", "j", "k", 8},
	// l/h in the Bits panel: the bit cursor within a byte.
	{"bit", "2", "l", "h", 6},
}

// stepCost opens a 120x40 session and returns the bytes of its first full
// paint and the mean bytes per step of kind k over steps presses.
func stepCost(tb testing.TB, k stepKind, steps int) (repaint, perStep float64) {
	ts := startServer(tb, nil)
	tm := openTerm(tb, ts.dial(tb), termOpts{w: 120, h: 40})
	tm.waitText("INFO list 1/32")
	full := tm.settle(200 * time.Millisecond)
	if k.focus != "" {
		tm.send(k.focus)
		tm.settle(100 * time.Millisecond)
	}
	pos, dir := 0, 1
	total := 0
	for range steps {
		if pos+dir < 0 || pos+dir > k.span {
			dir = -dir
		}
		pos += dir
		key := k.fwd
		if dir < 0 {
			key = k.back
		}
		before := tm.scr.Received()
		tm.send(key)
		deadline := time.Now().Add(10 * time.Second)
		for tm.scr.Received() == before {
			if time.Now().After(deadline) {
				tb.Fatalf("%s step %q sent nothing:\n%s", k.name, key, tm.scr.Text())
			}
			time.Sleep(2 * time.Millisecond)
		}
		total += tm.settle(40*time.Millisecond) - before
	}
	tm.send("q")
	tm.waitEnd(10 * time.Second)
	return float64(full), float64(total) / float64(steps)
}

// BenchmarkCursorStep reports the bytes an SSH client receives for one
// cursor step against one full repaint of the 120x40 screen (the first
// paint of a session).
func BenchmarkCursorStep(b *testing.B) {
	for _, k := range stepKinds {
		b.Run(k.name, func(b *testing.B) {
			repaint, step := stepCost(b, k, max(b.N, 20))
			b.ReportMetric(repaint, "B/repaint")
			b.ReportMetric(step, "B/step")
			b.ReportMetric(100*step/repaint, "%step/repaint")
		})
	}
}
