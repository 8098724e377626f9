package panels

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// fit truncates a styled line to w cells (ANSI-aware) and pads it with
// spaces, so columns line up and no line is ever wider than the panel.
func fit(s string, w int) string {
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
// a window of h lines, given the previous top. It is a pure function so View
// can use it without storing state.
func scrollTop(top, focus, h, total int) int {
	if h <= 0 || total <= h {
		return 0
	}
	if focus < top {
		top = focus
	}
	if focus >= top+h {
		top = focus - h + 1
	}
	return max(0, min(top, total-h))
}

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

// sideBySide joins two blocks of lines into one, the left one padded to lw
// cells and separated by gap spaces.
func sideBySide(left, right []string, lw, gap int) []string {
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
		out[i] = fit(l, lw) + strings.Repeat(" ", gap) + r
	}
	return out
}
