package panels

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"infoscope/tui/style"
)

// Fit truncates a styled line to w cells (ANSI-aware) and pads it with
// spaces, so columns line up and no line is ever wider than the panel or
// the screen.
func Fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := ansi.StringWidth(s)
	if n > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-n)
}

// clip truncates a styled line to w cells without padding.
func clip(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if ansi.StringWidth(s) > w {
		return ansi.Truncate(s, w, "…")
	}
	return s
}

// pad pads (never truncates) s on the right to w cells.
func pad(s string, w int) string {
	if n := ansi.StringWidth(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// padLeft right-aligns s in w cells.
func padLeft(s string, w int) string {
	if n := ansi.StringWidth(s); n < w {
		return strings.Repeat(" ", w-n) + s
	}
	return s
}

// scrollTop returns the first visible line so that line focus is visible in
// a window of h lines, given the previous top: KeepInView without context
// lines, and 0 while the panel is too short to show any.
func scrollTop(top, focus, h, total int) int {
	if h <= 0 {
		return 0
	}
	return KeepInView(top, focus, 0, h, total)
}

// KeepInView returns the first row of a window of h rows over n that shows
// rows cur-off to cur+off (off rows of context around the cursor): top,
// moved as little as possible, and within 0 to n-h.
func KeepInView(top, cur, off, h, n int) int {
	if cur-off < top {
		top = cur - off
	}
	if cur+off >= top+h {
		top = cur + off - h + 1
	}
	return clampTop(top, h, n)
}

// clampTop returns top moved as little as possible into 0 to n-h: a
// window of h rows over n that starts there shows no empty rows past the
// end (unless n < h).
func clampTop(top, h, n int) int { return min(max(top, 0), max(n-h, 0)) }

// window returns the h lines from top, each clipped to w cells.
func window(lines []string, top, w, h int) []string {
	if h <= 0 || w <= 0 {
		return nil
	}
	top = max(0, min(top, len(lines)))
	end := min(len(lines), top+h)
	out := make([]string, 0, end-top)
	for _, l := range lines[top:end] {
		out = append(out, clip(l, w))
	}
	return out
}

// frame is a panel's view of lines: the first h, each cut or padded to w
// cells.
func frame(lines []string, w, h int) string {
	if h <= 0 || w <= 0 {
		return ""
	}
	out := make([]string, min(len(lines), h))
	for i := range out {
		out[i] = Fit(lines[i], w)
	}
	return strings.Join(out, "\n")
}

// windowMore is window with the cut marked: when lines continue past the
// window its last row says how many more there are (what is above shows on
// its first row), so a cut list never looks complete.
// The line at index keep (the cursor's; -1 for none) is never replaced.
// A mark takes the place of a line, so it counts that line too: both counts
// are then at least 2, and what (a plural) always reads right.
func windowMore(lines []string, top, w, h int, st *style.Styles, what string, keep int) []string {
	out := window(lines, top, w, h)
	top = max(0, min(top, len(lines)))
	if h >= 3 && top > 0 && len(out) > 0 && keep != top {
		out[0] = clip(st.Muted.Render(fmt.Sprintf("↑ %d %s above", top+1, what)), w)
	}
	if rest := len(lines) - (top + len(out)); h >= 3 && rest > 0 && len(out) > 0 && keep != top+len(out)-1 {
		out[len(out)-1] = clip(st.Muted.Render(fmt.Sprintf("↓ %d %s more", rest+1, what)), w)
	}
	return out
}

// padRows appends empty lines to lines until it has h.
func padRows(lines []string, h int) []string {
	for len(lines) < h {
		lines = append(lines, "")
	}
	return lines
}

// SideBySide joins two blocks of lines into one, the left one cut or
// padded to lw cells and separated by sep (spaces, or a rule).
func SideBySide(left, right []string, lw int, sep string) []string {
	n := max(len(left), len(right))
	out := make([]string, n)
	for i := range n {
		l, r := "", ""
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		out[i] = Fit(l, lw) + sep + r
	}
	return out
}

// WrapLines wraps each line wider than w cells at spaces, never inside a
// word ("32-byte", "0..15" stay whole; a word longer than a line is left
// for clip to cut), indenting the continuations, so the end of a warning or
// an error is not lost to "…". Styles (SGR) are closed at each piece's end
// and reopened on the next, so none bleeds into what is drawn beside it.
func WrapLines(lines []string, w int) []string {
	const indent = "    "
	if w <= 3*len(indent) {
		return lines
	}
	var out []string
	for _, l := range lines {
		if ansi.StringWidth(l) <= w {
			out = append(out, l)
			continue
		}
		var pieces []string
		cur, curW := "", 0
		for i, word := range strings.Split(l, " ") {
			ww := ansi.StringWidth(word)
			limit := w
			if len(pieces) > 0 {
				limit -= len(indent)
			}
			switch {
			case i == 0:
				cur, curW = word, ww
			case curW+1+ww <= limit || strings.TrimSpace(ansi.Strip(cur)) == "":
				cur, curW = cur+" "+word, curW+1+ww
			default:
				pieces = append(pieces, cur)
				cur, curW = word, ww
			}
		}
		pieces = append(pieces, cur)
		active := ""
		for i, p := range pieces {
			open := active
			for _, sgr := range sgrRE.FindAllString(p, -1) {
				if sgr == "\x1b[m" || sgr == "\x1b[0m" {
					active = ""
				} else {
					active += sgr
				}
			}
			if active != "" {
				p += "\x1b[m"
			}
			if i > 0 {
				p = indent + open + p
			}
			out = append(out, p)
		}
	}
	return out
}

var sgrRE = regexp.MustCompile("\x1b\\[[0-9;:]*m")
