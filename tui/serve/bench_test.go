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
	// j/k in the INFO list, down the whole served list (32 rows) and back:
	// the row marker, the context strip and the summary below the list
	// follow the selection.
	{"list", "", "j", "k", 31},
	// j/k in the Bits panel: the next bit field (marker, highlight,
	// description line).
	{"field", "2", "j", "k", 8},
	// l/h in the Bits panel: the bit cursor within a byte.
	{"bit", "2", "l", "h", 6},
}

// stepCost opens a 120x40 session and returns the mean bytes per step of
// kind k over steps key presses (each a real round trip: the key goes up,
// the frame comes back), and the bytes of a full repaint of the screen the
// steps happen on. The repaint is forced by a window-change to the same
// size, after which the renderer clears the screen and redraws every
// cell, exactly as for a new client but without the terminal setup a new
// session also sends (modes and queries, ~130 B).
func stepCost(tb testing.TB, k stepKind, steps int) (repaint, perStep float64) {
	ts := startServer(tb, nil)
	tm := openTerm(tb, ts.dial(tb), termOpts{w: 120, h: 40})
	tm.waitText("INFO list 1/32")
	first := tm.settle(200 * time.Millisecond)
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
		deadline := time.Now().Add(patience)
		for tm.scr.Received() == before {
			if time.Now().After(deadline) {
				tb.Fatalf("%s step %q sent nothing:\n%s", k.name, key, tm.scr.Text())
			}
			time.Sleep(2 * time.Millisecond)
		}
		total += tm.settle(40*time.Millisecond) - before
	}
	before := tm.scr.Received()
	if err := tm.sess.WindowChange(40, 120); err != nil {
		tb.Fatal(err)
	}
	repaint = float64(tm.settle(200*time.Millisecond) - before)
	// A redraw that skipped cells would flatter every step: the repaint
	// must be of the order of the first paint (which also has the setup).
	if repaint < float64(first)/2 {
		tb.Fatalf("the window-change repaint sent %v bytes, the first paint %d", repaint, first)
	}
	tm.send("q")
	tm.waitEnd(patience)
	return repaint, float64(total) / float64(steps)
}

// BenchmarkCursorStep reports the bytes an SSH client receives for one
// cursor step against one full repaint of the same 120x40 screen.
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
