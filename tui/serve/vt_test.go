package serve

import (
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// screen is a small terminal emulator for the tests: enough of VT100/xterm
// for what bubbletea's renderer sends (cursor motion, erase, insert/delete,
// scroll regions, REP, alternate screen), so a test can read what an SSH
// client's terminal would show. Styles are ignored. It is safe for
// concurrent use: the client's output goroutine writes while the test reads.
type screen struct {
	mu       sync.Mutex
	w, h     int
	cells    [][]string // "" is the right half of a wide character
	x, y     int
	top, bot int // scroll region, inclusive rows
	wrap     bool
	pending  bool // the last write filled the last column
	insert   bool
	last     string // for REP
	sx, sy   int    // saved cursor
	carry    []byte // an incomplete sequence from the previous write
	parser   *ansi.Parser
	received int           // bytes written in total
	changed  chan struct{} // closed at the next change, then replaced
}

func newScreen(w, h int) *screen {
	s := &screen{parser: ansi.NewParser(), changed: make(chan struct{})}
	s.resize(w, h)
	return s
}

// resize sets the size, keeping what fits (as terminals do when the window
// changes).
func (s *screen) resize(w, h int) {
	cells := make([][]string, h)
	for y := range cells {
		cells[y] = make([]string, w)
		for x := range cells[y] {
			cells[y][x] = " "
			if y < len(s.cells) && x < len(s.cells[y]) {
				cells[y][x] = s.cells[y][x]
			}
		}
	}
	s.cells, s.w, s.h = cells, w, h
	s.top, s.bot, s.wrap = 0, h-1, true
	s.x, s.y = min(s.x, w-1), min(s.y, h-1)
	s.touch()
}

// touch wakes whoever waits on Changed.
func (s *screen) touch() {
	if s.changed != nil {
		close(s.changed)
	}
	s.changed = make(chan struct{})
}

// Changed returns a channel closed at the screen's next change (a write or
// a resize): a waiter reads the screen again only when there is something
// new, instead of polling it (a 1200x500 screen takes a quarter of a second
// to read under -race, and a reader polling it starves the writer).
func (s *screen) Changed() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.changed
}

// Resize is resize for callers outside the output goroutine.
func (s *screen) Resize(w, h int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.resize(w, h)
}

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.received += len(p)
	if len(p) > 0 {
		defer s.touch()
	}
	b := append(s.carry, p...)
	s.carry = nil
	for len(b) > 0 {
		if b[0] >= utf8.RuneSelf && !utf8.FullRune(b) {
			s.carry = append([]byte(nil), b...)
			break
		}
		seq, width, n, state := ansi.DecodeSequence(b, ansi.NormalState, s.parser)
		if state != ansi.NormalState && n == len(b) {
			s.carry = append([]byte(nil), b...)
			break
		}
		s.apply(seq, width)
		b = b[n:]
	}
	return len(p), nil
}

// Text returns the screen, one line per row, without trailing blanks.
func (s *screen) Text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	for y, row := range s.cells {
		if y > 0 {
			b.WriteByte('\n')
		}
		end := len(row)
		for end > 0 && (row[end-1] == " " || row[end-1] == "") {
			end--
		}
		for _, c := range row[:end] {
			b.WriteString(c)
		}
	}
	return b.String()
}

// Received returns how many bytes have been written.
func (s *screen) Received() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.received
}

func (s *screen) apply(seq []byte, width int) {
	if width > 0 {
		s.put(string(seq), width)
		return
	}
	if len(seq) == 1 {
		switch seq[0] {
		case '\r':
			s.x, s.pending = 0, false
		case '\n', '\v', '\f':
			s.lineFeed()
		case '\b':
			if s.x > 0 {
				s.x--
			}
			s.pending = false
		case '\t':
			s.tab(1)
		}
		return
	}
	if seq[0] != ansi.ESC || len(seq) < 2 {
		return
	}
	switch seq[1] {
	case '[':
		s.csi()
	case ']', 'P', '_', '^', 'X':
		// OSC, DCS, APC, PM, SOS: nothing on screen.
	case 'M':
		s.reverseIndex()
	case 'D':
		s.lineFeed()
	case 'E':
		s.x = 0
		s.lineFeed()
	case '7':
		s.sx, s.sy = s.x, s.y
	case '8':
		s.x, s.y, s.pending = s.sx, s.sy, false
	case 'c':
		s.erase(0, 0, s.w, s.h)
		s.x, s.y, s.top, s.bot = 0, 0, 0, s.h-1
	}
}

func (s *screen) param(i, def int) int {
	v, _ := s.parser.Param(i, def)
	if v == 0 && def != 0 {
		return def
	}
	return v
}

func (s *screen) csi() {
	cmd := ansi.Cmd(s.parser.Command())
	n := s.param(0, 1)
	if cmd.Prefix() == '?' {
		if cmd.Final() == 'h' || cmd.Final() == 'l' {
			set := cmd.Final() == 'h'
			for i := range len(s.parser.Params()) {
				switch s.param(i, 0) {
				case 7:
					s.wrap = set
				case 47, 1047, 1049:
					s.erase(0, 0, s.w, s.h)
					if set {
						s.x, s.y = 0, 0
					}
				}
			}
		}
		return
	}
	if cmd.Prefix() != 0 || cmd.Intermediate() != 0 {
		return
	}
	s.pending = false
	switch cmd.Final() {
	case 'A':
		s.y = max(s.y-n, 0)
	case 'B', 'e':
		s.y = min(s.y+n, s.h-1)
	case 'C', 'a':
		s.x = min(s.x+n, s.w-1)
	case 'D':
		s.x = max(s.x-n, 0)
	case 'E':
		s.x, s.y = 0, min(s.y+n, s.h-1)
	case 'F':
		s.x, s.y = 0, max(s.y-n, 0)
	case 'G', '`':
		s.x = clamp(n-1, s.w)
	case 'd':
		s.y = clamp(n-1, s.h)
	case 'H', 'f':
		s.y, s.x = clamp(s.param(0, 1)-1, s.h), clamp(s.param(1, 1)-1, s.w)
	case 'J':
		switch s.param(0, 0) {
		case 0:
			s.erase(s.x, s.y, s.w, s.y+1)
			s.erase(0, s.y+1, s.w, s.h)
		case 1:
			s.erase(0, 0, s.w, s.y)
			s.erase(0, s.y, s.x+1, s.y+1)
		default:
			s.erase(0, 0, s.w, s.h)
		}
	case 'K':
		switch s.param(0, 0) {
		case 0:
			s.erase(s.x, s.y, s.w, s.y+1)
		case 1:
			s.erase(0, s.y, s.x+1, s.y+1)
		default:
			s.erase(0, s.y, s.w, s.y+1)
		}
	case 'X':
		s.erase(s.x, s.y, min(s.x+n, s.w), s.y+1)
	case '@':
		row := s.cells[s.y]
		n = min(n, s.w-s.x)
		copy(row[s.x+n:], row[s.x:s.w-n])
		s.erase(s.x, s.y, s.x+n, s.y+1)
	case 'P':
		row := s.cells[s.y]
		n = min(n, s.w-s.x)
		copy(row[s.x:], row[s.x+n:])
		s.erase(s.w-n, s.y, s.w, s.y+1)
	case 'L':
		if s.y >= s.top && s.y <= s.bot {
			s.scrollDown(s.y, n)
			s.x = 0
		}
	case 'M':
		if s.y >= s.top && s.y <= s.bot {
			s.scrollUp(s.y, n)
			s.x = 0
		}
	case 'S':
		s.scrollUp(s.top, n)
	case 'T':
		s.scrollDown(s.top, n)
	case 'r':
		top, bot := s.param(0, 1)-1, s.param(1, s.h)-1
		if top < bot && bot < s.h {
			s.top, s.bot = top, bot
		}
		s.x, s.y = 0, 0
	case 'b':
		if s.last != "" {
			for range n {
				s.put(s.last, max(ansi.StringWidth(s.last), 1))
			}
		}
	case 'I':
		s.tab(n)
	case 'Z':
		for range n {
			s.x = max((s.x-1)/8*8, 0)
		}
	case 'h', 'l':
		if s.param(0, 0) == 4 {
			s.insert = cmd.Final() == 'h'
		}
	case 's':
		s.sx, s.sy = s.x, s.y
	case 'u':
		s.x, s.y = s.sx, s.sy
	}
}

func clamp(v, n int) int { return max(0, min(v, n-1)) }

func (s *screen) put(g string, width int) {
	if s.pending && s.wrap {
		s.x = 0
		s.lineFeed()
	}
	s.pending = false
	if s.x+width > s.w {
		return
	}
	row := s.cells[s.y]
	if s.insert {
		copy(row[s.x+width:], row[s.x:s.w-width])
	}
	row[s.x] = g
	for i := 1; i < width; i++ {
		row[s.x+i] = ""
	}
	s.last = g
	if s.x+width >= s.w {
		s.x = s.w - 1
		s.pending = s.wrap
		return
	}
	s.x += width
}

func (s *screen) tab(n int) {
	for range n {
		s.x = min((s.x/8+1)*8, s.w-1)
	}
	s.pending = false
}

func (s *screen) lineFeed() {
	s.pending = false
	switch {
	case s.y == s.bot:
		s.scrollUp(s.top, 1)
	case s.y < s.h-1:
		s.y++
	}
}

func (s *screen) reverseIndex() {
	s.pending = false
	if s.y == s.top {
		s.scrollDown(s.top, 1)
	} else if s.y > 0 {
		s.y--
	}
}

// scrollUp moves rows from..bot up by n, blanking the bottom.
func (s *screen) scrollUp(from, n int) {
	n = min(n, s.bot-from+1)
	for y := from; y <= s.bot-n; y++ {
		copy(s.cells[y], s.cells[y+n])
	}
	s.erase(0, s.bot-n+1, s.w, s.bot+1)
}

// scrollDown moves rows from..bot down by n, blanking the top ones.
func (s *screen) scrollDown(from, n int) {
	n = min(n, s.bot-from+1)
	for y := s.bot; y >= from+n; y-- {
		copy(s.cells[y], s.cells[y-n])
	}
	s.erase(0, from, s.w, from+n)
}

// erase blanks the cells [x0,x1) of rows [y0,y1).
func (s *screen) erase(x0, y0, x1, y1 int) {
	for y := max(y0, 0); y < min(y1, s.h); y++ {
		for x := max(x0, 0); x < min(x1, s.w); x++ {
			s.cells[y][x] = " "
		}
	}
}

func TestScreen(t *testing.T) {
	s := newScreen(10, 4)
	for _, in := range []string{
		"\x1b[?1049h\x1b[Hhello", "\r\nwor", "ld\x1b[1;3H", "L\x1b[2;1H\x1b[2P", // "rld"
		"\x1b[3;1Habc\x1b[3b", "\x1b[4;1Hxyz\x1b[1;1H\x1b[@", "\x1b[4;2H\x1b[K\x1b[1;1H",
		"\x1b[", "31m\xe2", "\x94\x80\x1b[0m", // split CSI and split UTF-8
	} {
		if _, err := s.Write([]byte(in)); err != nil {
			t.Fatal(err)
		}
	}
	want := "─heLlo\nrld\nabcccc\nx"
	if got := s.Text(); got != want {
		t.Fatalf("screen:\n%s\nwant:\n%s", got, want)
	}
	// Scroll region: a line feed at the bottom of rows 2-3 scrolls only them.
	s = newScreen(5, 4)
	_, _ = s.Write([]byte("a\r\nb\r\nc\r\nd\x1b[2;3r\x1b[3;1H\n"))
	if got, want := s.Text(), "a\nc\n\nd"; got != want {
		t.Fatalf("scroll region: %q, want %q", got, want)
	}
}
