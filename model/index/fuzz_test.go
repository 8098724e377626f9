package index

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"infoscope/decoder"
)

// FuzzParseFilter checks that any expression either parses, and then its
// view of the samples and a generated stream is ascending, and the rows
// it leaves out are those of its negation (for one term), or is refused
// with a located error inside it; never a panic.
func FuzzParseFilter(f *testing.F) {
	for _, c := range filterCases {
		f.Add(c)
	}
	f.Add("op:x exec:0x10 !")
	f.Add("text:é chan:")
	x := New(append(sampleFiles(f), decoder.Decode("gen.bin", mixedInfos(60, 9, 10), decoder.Options{})))
	f.Fuzz(func(t *testing.T, expr string) {
		flt, err := ParseFilter(expr)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("%q: %v is not a *SyntaxError", expr, err)
			}
			if se.Col < 1 || se.Col > utf8.RuneCountInString(expr)+1 || se.Want == "" || se.Found == "" {
				t.Fatalf("%q: error %+v not located inside the expression", expr, se)
			}
			return
		}
		view := x.View(flt)
		if flt.Empty() {
			return
		}
		if !slices.IsSorted(view) || len(view) > 0 && (view[0] < 0 || int(view[len(view)-1]) >= x.Len()) {
			t.Fatalf("%q: view not ascending rows of the index", expr)
		}
		if len(flt.terms) != 1 || flt.terms[0].neg {
			return
		}
		neg, err := ParseFilter("!" + strings.TrimSpace(expr))
		if err != nil {
			t.Fatalf("%q parses, its negation does not: %v", expr, err)
		}
		not := x.View(neg)
		if len(view)+len(not) != x.Len() {
			t.Fatalf("%q keeps %d rows, its negation %d, of %d", expr, len(view), len(not), x.Len())
		}
		for _, r := range not {
			if _, found := slices.BinarySearch(view, r); found {
				t.Fatalf("%q: row %d kept by the term and its negation", expr, r)
			}
		}
	})
}
