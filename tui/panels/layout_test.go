package panels

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"infoscope/tui/style"
)

// TestWindowMoreCounts: the marks of a cut list count every line the
// window does not show, the ones they are drawn over included. The "↑"
// mark counted one short, saying "↑ 1 rows above" over two hidden rows.
func TestWindowMoreCounts(t *testing.T) {
	st := style.New(false, true)
	for n := 1; n <= 12; n++ {
		lines := make([]string, n)
		for i := range lines {
			lines[i] = strconv.Itoa(i)
		}
		for h := 1; h <= n+1; h++ {
			// Callers keep top within 0 to n-h (clampTop).
			for top := 0; top <= max(n-h, 0); top++ {
				for _, keep := range []int{-1, top, top + h - 1} {
					out := windowMore(lines, top, 20, h, st, "rows", keep)
					checkMarks(t, fmt.Sprintf("n=%d h=%d top=%d keep=%d", n, h, top, keep), out, n)
				}
			}
		}
	}
}

// checkMarks fails when a mark in out, a window over lines "0".."n-1",
// does not give the number of lines hidden on its side, or says "1 rows".
func checkMarks(t *testing.T, name string, out []string, n int) {
	t.Helper()
	first, last := -1, -1 // the first and last line shown as itself
	for _, l := range out {
		if i, err := strconv.Atoi(ansi.Strip(l)); err == nil {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	for _, l := range out {
		l = ansi.Strip(l)
		var k int
		switch {
		case strings.HasPrefix(l, "↑"):
			if _, err := fmt.Sscanf(l, "↑ %d rows above", &k); err != nil || k != first {
				t.Errorf("%s: %q over %d hidden lines (window %q)", name, l, first, out)
			}
		case strings.HasPrefix(l, "↓"):
			if _, err := fmt.Sscanf(l, "↓ %d rows more", &k); err != nil || k != n-1-last {
				t.Errorf("%s: %q over %d hidden lines (window %q)", name, l, n-1-last, out)
			}
		default:
			continue
		}
		if k < 2 {
			t.Errorf("%s: %q, a count under 2 with a plural", name, l)
		}
	}
}
