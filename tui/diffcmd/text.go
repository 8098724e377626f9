package diffcmd

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"infoscope/decoder"
	"infoscope/model/diff"
)

// WriteText writes r as text: per pair a block (its name and files, a
// summary line of statistics and counts with deltas, then the changes in
// order, each run with context unchanged instructions above and below),
// the bodies on one side only, and a closing summary line.
func WriteText(w io.Writer, r *Result, context int) {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	differ := 0
	for _, k := range r.Kernels {
		if !k.Same() {
			differ++
		}
		writeKernel(bw, k, context)
	}
	for _, b := range r.Pairing.OnlyA {
		fmt.Fprintf(bw, "only in A: %s (%s)\n", decoder.Display(b.Name), decoder.Display(b.File))
	}
	for _, b := range r.Pairing.OnlyB {
		fmt.Fprintf(bw, "only in B: %s (%s)\n", decoder.Display(b.Name), decoder.Display(b.File))
	}
	fmt.Fprintf(bw, "%d paired: %d differ, %d same; %d only in A, %d only in B\n",
		len(r.Kernels), differ, len(r.Kernels)-differ, len(r.Pairing.OnlyA), len(r.Pairing.OnlyB))
}

func writeKernel(w *bufio.Writer, k *diff.Kernel, context int) {
	fmt.Fprintf(w, "kernel %s (A %s, B %s)\n", decoder.Display(k.Name), decoder.Display(k.A.File), decoder.Display(k.B.File))
	fmt.Fprintf(w, "  %s\n", k.Summary())
	if len(k.Changes) > 0 {
		wa := len(strconv.Itoa(k.StatsA.Insts)) + 1
		wb := len(strconv.Itoa(k.StatsB.Insts)) + 1
		for _, h := range Hunks(k.Rows, context) {
			fmt.Fprintf(w, "@@ A $%d B $%d @@\n", h.AStart, h.BStart)
			ci := 0
			for _, r := range k.Rows[h.From:h.To] {
				switch r.Kind {
				case diff.Same:
					fmt.Fprintf(w, "  %s %s %s\n", num(r.A, wa), num(r.B, wb), decoder.DisplayRow(diff.InstText(k.B.Stream, r.B)))
					continue
				}
				for ci < len(k.Changes) && k.Changes[ci].Row != r {
					ci++
				}
				c := k.Changes[ci]
				switch c.Kind {
				case diff.Added:
					fmt.Fprintf(w, "+ %s %s %s\n", num(-1, wa), num(c.B, wb), decoder.DisplayRow(c.BText))
				case diff.Removed:
					fmt.Fprintf(w, "- %s %s %s\n", num(c.A, wa), num(-1, wb), decoder.DisplayRow(c.AText))
				case diff.Changed:
					fmt.Fprintf(w, "~ %s %s %s\n", num(c.A, wa), num(c.B, wb), decoder.DisplayRow(c.BText))
					fmt.Fprintf(w, "  %s %s %s\n", strings.Repeat(" ", wa), pad("was", wb), decoder.DisplayRow(c.AText))
					for _, f := range c.Fields {
						fmt.Fprintf(w, "  %s %s %s: %s -> %s\n", strings.Repeat(" ", wa), strings.Repeat(" ", wb), decoder.Display(f.Name), orNone(f.A), orNone(f.B))
					}
				}
			}
		}
	}
	if len(k.Decls) > 0 {
		fmt.Fprintln(w, "declarations:")
		for _, d := range k.Decls {
			for _, f := range d.Fields {
				fmt.Fprintf(w, "  %s", decoder.Display(d.A))
				if d.B != d.A {
					fmt.Fprintf(w, " (B %s)", decoder.Display(d.B))
				}
				fmt.Fprintf(w, " %s: %s -> %s\n", decoder.Display(f.Name), orNone(f.A), orNone(f.B))
			}
		}
	}
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return decoder.Display(s)
}

// num is "$n" padded to width, or blanks for -1.
func num(n, width int) string {
	if n < 0 {
		return strings.Repeat(" ", width)
	}
	return pad("$"+strconv.Itoa(n), width)
}

func pad(s string, width int) string {
	if len(s) >= width {
		return s
	}
	return s + strings.Repeat(" ", width-len(s))
}

// Hunk is a run of rows to show: changes with their context.
type Hunk struct {
	From, To       int // rows [From, To)
	AStart, BStart int // the first $N of each side in it
}

// Hunks groups the rows that are not Same, with up to context Same rows
// above and below each run; runs whose context meets are one hunk.
func Hunks(rows []diff.Row, context int) []Hunk {
	var out []Hunk
	for i := 0; i < len(rows); i++ {
		if rows[i].Kind == diff.Same {
			continue
		}
		from := max(0, i-context)
		to := i + 1
		for {
			for to < len(rows) && rows[to].Kind != diff.Same {
				to++
			}
			// Extend over the next run when the gap is at most 2*context.
			next := to
			for next < len(rows) && next-to <= 2*context && rows[next].Kind == diff.Same {
				next++
			}
			if next < len(rows) && next-to <= 2*context && rows[next].Kind != diff.Same {
				to = next
				continue
			}
			break
		}
		to = min(len(rows), to+context)
		if len(out) > 0 && out[len(out)-1].To >= from {
			from = out[len(out)-1].From
			out = out[:len(out)-1]
		}
		h := Hunk{From: from, To: to, AStart: -1, BStart: -1}
		for _, r := range rows[from:to] {
			if h.AStart < 0 && r.A >= 0 {
				h.AStart = r.A
			}
			if h.BStart < 0 && r.B >= 0 {
				h.BStart = r.B
			}
		}
		out = append(out, h)
		i = to - 1
	}
	return out
}
