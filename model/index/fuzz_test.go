package index

import (
	"errors"
	"slices"
	"testing"
	"unicode/utf8"

	"infoscope/decoder"
)

// FuzzParseFilter checks that any expression either parses, and then the
// packed-key filter agrees with the reference on the samples and a
// generated stream, or is refused with a located error inside it; never a
// panic.
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
		if want, got := x.filterRowsSlow(flt.terms), x.filterRowsIn(flt.terms, 2); !flt.Empty() && !slices.Equal(got, want) {
			t.Fatalf("%q: %d rows, want %d", expr, len(got), len(want))
		}
	})
}
