package serve

import (
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"
)

// lazyTerm is a terminal client that, like OpenSSH's, sends a window
// change only when its loop wakes for a packet from the server: the case
// of a SIGWINCH that lands between the loop's check for one and its poll.
type lazyTerm struct {
	ch      gossh.Channel
	mu      sync.Mutex
	pending []byte // a window-change payload not sent yet
}

// wake is the client's loop running once: it sends a pending resize.
func (c *lazyTerm) wake() {
	c.mu.Lock()
	p := c.pending
	c.pending = nil
	c.mu.Unlock()
	if p != nil {
		_, _ = c.ch.SendRequest("window-change", false, p)
	}
}

func (c *lazyTerm) resizeLater(w, h int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pending = gossh.Marshal(struct{ Columns, Rows, Width, Height uint32 }{uint32(w), uint32(h), 0, 0})
}

// An inspector at rest still gets a resize that the client sends only
// once something from the server wakes it: the server wakes it.
func TestResizeReachesAnIdleInspector(t *testing.T) {
	ts := startServer(t, func(c *Config) { c.wakeEvery = 20 * time.Millisecond })
	ch, reqs, err := ts.dial(t).OpenChannel("session", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ch.Close() })
	lt := &lazyTerm{ch: ch}
	scr := newScreen(120, 40)
	go func() {
		buf := make([]byte, 32<<10)
		for {
			n, err := ch.Read(buf)
			_, _ = scr.Write(buf[:n])
			lt.wake()
			if err != nil {
				return
			}
		}
	}()
	go func() {
		for req := range reqs {
			lt.wake()
			if req.WantReply {
				_ = req.Reply(false, nil)
			}
		}
	}()
	startShell(t, ch, 120, 40)
	tm := &term{t: t, scr: scr, stderr: &syncBuffer{}}
	statusOn := func(row, width int) func(string) bool {
		return func(text string) bool {
			lines := strings.Split(text, "\n")
			for _, l := range lines {
				if len([]rune(l)) > width {
					return false
				}
			}
			return len(lines) > row && strings.Contains(lines[row], "kernels.isa │ layout")
		}
	}
	tm.waitText("resinfo.RGBA (M1, 16)")
	tm.waitFor("the status line on row 39 of 40", statusOn(38, 120))
	// The terminal shrinks; the client has the size but sends it only
	// when woken, and the inspector at rest sends nothing.
	scr.Resize(90, 30)
	lt.resizeLater(90, 30)
	tm.waitFor("the status line on row 29 of 30, no line wider than 90", statusOn(28, 90))
}

// A refit that the program takes after a newer window change fits the
// newer size: it carries none of its own, which could be stale by then.
func TestRefitUsesTheLatestSize(t *testing.T) {
	// Room for one 100x40 window and the minimum of one more session.
	s := &server{sessions: newRegistry(2, 100*40+10*10, 10*10)}
	st := &session{done: make(chan struct{})}
	s.sessions.admitted[st] = true
	filter := s.filterMsg(st)
	size := func(filter func(tea.Model, tea.Msg) tea.Msg, msg tea.Msg) [2]int {
		t.Helper()
		m, ok := filter(nil, msg).(tea.WindowSizeMsg)
		if !ok {
			t.Fatalf("%T filtered to %T, want a tea.WindowSizeMsg", msg, filter(nil, msg))
		}
		return [2]int{m.Width, m.Height}
	}
	if got := size(filter, tea.WindowSizeMsg{Width: 100, Height: 40}); got != [2]int{100, 40} {
		t.Fatalf("100x40 window drawn at %v", got)
	}
	// A second session halves the share: the refit of the first is on its
	// way while the client shrinks to 60x20, which fits either share.
	other := &session{done: make(chan struct{})}
	s.sessions.admitted[other] = true
	if got := size(filter, tea.WindowSizeMsg{Width: 60, Height: 20}); got != [2]int{60, 20} {
		t.Fatalf("60x20 window drawn at %v", got)
	}
	if got := size(filter, refitMsg{}); got != [2]int{60, 20} {
		t.Errorf("refit after the 60x20 change drew %v, want the latest size 60x20", got)
	}
	// The client grows back: a refit fits it to the halved share.
	size(filter, tea.WindowSizeMsg{Width: 100, Height: 40})
	if got := size(filter, refitMsg{}); got[0]*got[1] > (100*40+10*10)/2 || got[0] < 60 {
		t.Errorf("refit of 100x40 in half of 100x40 cells drew %v", got)
	}
	// The first session's buffers still hold the 100x40 it drew: the
	// second may hold only its minimum, whatever its share.
	if got := size(s.filterMsg(other), tea.WindowSizeMsg{Width: 100, Height: 40}); got[0]*got[1] > 10*10 {
		t.Errorf("the second session drew %v while the first holds 100x40 of 100x40+10x10 cells", got)
	}
	if held := heldCells(s.sessions); held > 100*40+10*10 {
		t.Errorf("the sessions hold %d cells, budget %d", held, 100*40+10*10)
	}
}

// A flood of window changes from a client that stops reading, then a
// dropped connection, must not wedge the session: once the renderer blocks
// on the full SSH window, every window change waits on it, and requests
// that pile up must not stop the connection's reader, which alone can see
// the drop (that was a lock cycle: renderer -> channel window -> the
// connection's reader -> the request queue -> the window-change handler
// -> the program -> the renderer). The session ends and frees its slot.
func TestWindowChangeFloodThenDrop(t *testing.T) {
	ts := startServer(t, func(c *Config) { c.wakeEvery = -1 })
	for round := 0; round < 2; round++ {
		c := ts.dial(t)
		ch, reqs, err := c.OpenChannel("session", nil)
		if err != nil {
			t.Fatal(err)
		}
		go gossh.DiscardRequests(reqs)
		startShell(t, ch, 1000, 300)
		// Read until the first frame is there, then never again: the
		// server's writes fill the channel window and block.
		scr := newScreen(1000, 300)
		buf := make([]byte, 32<<10)
		for deadline := time.Now().Add(patience); !strings.Contains(scr.Text(), "▸1 INFO list"); {
			n, err := ch.Read(buf)
			_, _ = scr.Write(buf[:n])
			if err != nil || time.Now().After(deadline) {
				t.Fatalf("round %d, first frame: %v\n%s", round, err, lastLines(scr.Text(), 6))
			}
		}
		// Each size repaints the whole window; far more changes than
		// the queues between the connection and the program hold.
		flooded := make(chan struct{})
		go func() {
			defer close(flooded)
			for i := 0; i < 400; i++ {
				w, h := uint32(1000-i%7*10), uint32(300-i%5*10)
				p := gossh.Marshal(struct{ Columns, Rows, Width, Height uint32 }{w, h, 0, 0})
				if _, err := ch.SendRequest("window-change", false, p); err != nil {
					return
				}
			}
		}()
		<-flooded
		_ = c.Close() // the connection drops
	}
	deadline := time.Now().Add(patience)
	for ts.sessionsCount() > 0 || ts.srv.Load().sessions.count() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("sessions still open 20 s after their connections dropped: %d\n%s", ts.srv.Load().sessions.count(), lastLines(ts.logs.String(), 20))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// startShell asks for a w x h pty and the shell (the inspector) on a raw
// session channel.
func startShell(t *testing.T, ch gossh.Channel, w, h int) {
	t.Helper()
	pty := gossh.Marshal(struct {
		Term                         string
		Columns, Rows, Width, Height uint32
		Modes                        string
	}{Term: "xterm-256color", Columns: uint32(w), Rows: uint32(h)})
	if ok, err := ch.SendRequest("pty-req", true, pty); !ok || err != nil {
		t.Fatalf("pty-req: %v %v", ok, err)
	}
	if ok, err := ch.SendRequest("shell", true, nil); !ok || err != nil {
		t.Fatalf("shell: %v %v", ok, err)
	}
}
