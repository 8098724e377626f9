package index

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestParseFilter(t *testing.T) {
	tests := []struct {
		in   string
		want []term
	}{
		{"", nil},
		{"  ", nil},
		{"op:RESINFO", []term{{kind: termOp, val: "resinfo"}}},
		{"!nm exec:16", []term{{kind: termNoMask, neg: true}, {kind: termExec, val: "16", num: 16}}},
		{"mask:5 chan:rgba", []term{{kind: termMask, val: "m5"}, {kind: termChan, val: "rgba"}}},
		{"lod.0 diag", []term{{kind: termText, val: "lod.0"}, {kind: termDiag}}},
		{"diag:exec\ttext:A:B", []term{{kind: termDiag, val: "exec"}, {kind: termText, val: "a:b"}}},
		// exec's count reads as every number a user gives: hex after 0x.
		{"exec:0x10 !exec:0X8", []term{{kind: termExec, val: "0x10", num: 16}, {kind: termExec, neg: true, val: "0x8", num: 8}}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			f, err := ParseFilter(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(f.terms, tt.want) {
				t.Fatalf("got %+v, want %+v", f.terms, tt.want)
			}
			if f.Empty() != (len(tt.want) == 0) || f.String() != strings.TrimSpace(tt.in) {
				t.Errorf("Empty %v, String %q", f.Empty(), f.String())
			}
		})
	}
}

// TestFilterErrorsLocated checks that a refused expression names the
// column of the bad term or value, what the language wants there and what
// it found.
func TestFilterErrorsLocated(t *testing.T) {
	tests := []struct {
		in          string
		col         int
		want, found string
	}{
		{"size:3", 1, "a field: text, op", `"size:"`},
		{"op:resinfo Size:3", 12, "a field", `"Size:"`},
		{"exec:many", 6, "a number of lanes", `"many"`},
		{"nm !", 4, "a term after !", "nothing"},
		{"surface:", 9, "a value after surface:", "nothing"},
		// diag: and text: with no value are refused alike ("diag" alone is
		// the has-diagnostics term).
		{"diag:", 6, "a value after diag:", "nothing"},
		{"op:resinfo !DIAG:", 18, "a value after diag:", "nothing"},
		{"text:", 6, "a value after text:", "nothing"},
		{"exec:0x7", 6, "1, 2, 4, 8, 16 or 32", `"0x7"`},
		{"exec:0x", 6, "a number of lanes", `"0x"`},
		{"exec:+16", 6, "a number of lanes", `"+16"`},
		{"  !exec:7", 9, "1, 2, 4, 8, 16 or 32", `"7"`},
		{"op:foo", 4, "op:resinfo or op:sampleinfo", `"foo"`},
		{"mask:M9", 6, "M1..M8", `"M9"`},
		{"chan:XY", 6, "RGBA order", `"XY"`},
		{"exec:abc", 6, "1, 2, 4, 8, 16 or 32", `"abc"`},
		{"é op:x", 6, "op:resinfo", `"x"`}, // columns count characters
	}
	for _, tt := range tests {
		_, err := ParseFilter(tt.in)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: err %v, want a *SyntaxError", tt.in, err)
			continue
		}
		if se.Col != tt.col || !strings.Contains(se.Want, tt.want) || se.Found != tt.found {
			t.Errorf("%q: column %d, want %q, found %q; expected column %d, %q, %q", tt.in, se.Col, se.Want, se.Found, tt.col, tt.want, tt.found)
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "filter: column ") || !strings.Contains(msg, se.Want) {
			t.Errorf("%q: message %q", tt.in, msg)
		}
	}
	for _, ok := range []string{"op:sampleinfo", "exec:16", "mask:m5_nm", "mask:3", "chan:ra", "chan:RGBA", "diag", "kernel:é"} {
		if _, err := ParseFilter(ok); err != nil {
			t.Errorf("%s refused: %v", ok, err)
		}
	}
}

// TestViewMatchesFilter checks View against Filter.Match on every row
// (read through Loc and Info, not the stream walk View uses), for every
// term kind, negated and combined, and that an empty filter's view is nil
// (every row).
func TestViewMatchesFilter(t *testing.T) {
	x := navModel(t)
	useful := 0
	for _, expr := range filterCases {
		f, err := ParseFilter(expr)
		if err != nil {
			continue // a value the language refuses: nothing to filter
		}
		view := x.View(f)
		if f.Empty() {
			if view != nil {
				t.Errorf("%q: %d rows, want nil", expr, len(view))
			}
			continue
		}
		var want []int32
		for row := range x.Len() {
			l := x.Loc(row)
			if f.Match(x.File(l), x.Stream(l), x.Info(l)) {
				want = append(want, int32(row))
			}
		}
		if !slices.Equal(view, want) || view == nil {
			t.Errorf("%q: %d rows, want %d", expr, len(view), len(want))
		}
		if len(want) > 0 && len(want) < x.Len() {
			useful++
		}
	}
	if useful < len(filterCases)/2 {
		t.Errorf("only %d of %d filters keep some rows but not all: not a useful sample", useful, len(filterCases))
	}
}

// TestConcurrentSessions filters, steps and seeks one index from several
// goroutines at once, from its first use (the rows with diagnostics are
// found by whichever asks first), as sessions of the SSH server do. Run
// with -race.
func TestConcurrentSessions(t *testing.T) {
	files := append(sampleFiles(t), decodeBytes("gen.bin", mixedInfos(70_000, 7, 40)))
	ref := New(files)
	exprs := []string{"v33", "diag:exec", "op:sampleinfo !nm", "surface:T6 (m1", "diag", "file:gen"}
	want := map[string][]int32{}
	for _, e := range exprs {
		f, _ := ParseFilter(e)
		want[e] = ref.View(f)
	}
	x := New(files)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 2 * len(exprs) {
				e := exprs[(g+i)%len(exprs)]
				f, err := ParseFilter(e)
				if err != nil {
					t.Error(err)
					return
				}
				view := x.View(f)
				if !slices.Equal(view, want[e]) {
					t.Errorf("goroutine %d, %q: %d rows, want %d", g, e, len(view), len(want[e]))
				}
				if len(view) > 0 {
					x.NextDiag(view, 0, 1)
					x.NearestOffset(view, 0, 0x40, nil)
				}
			}
		}()
	}
	wg.Wait()
}

// TestNearest checks that a place found again after a re-decode is the
// same row, and the fallbacks: nearest position, same file, none.
func TestNearest(t *testing.T) {
	x := New(sampleFiles(t))
	y := New(sampleFiles(t)) // a reload: new files, same content
	for _, row := range []int{0, x.Len() / 2, x.Len() - 1} {
		p := x.Place(x.Loc(row))
		if got := y.Nearest(p); got != row {
			t.Errorf("row %d (%+v): found row %d again", row, p, got)
		}
		p.Pos++
		if got := y.Nearest(p); got != row && got != row+1 {
			t.Errorf("row %d, position + 1: row %d", row, got)
		}
		p.Kernel = "no such kernel"
		if got := y.Nearest(p); got < 0 || y.File(y.Loc(got)).Name != p.File {
			t.Errorf("row %d, another kernel: row %d", row, got)
		}
	}
	if got := y.Nearest(Place{File: "no such file"}); got != -1 {
		t.Errorf("no such file: row %d", got)
	}
}

func TestTyping(t *testing.T) {
	for s, want := range map[string]bool{"": false, "o": true, "op": true, "op:": false, "op:resinfo o": true,
		"!sur": true, "diag": false, "mov": false, "op ": false, "kernel": true, "text": false, "exec:1": false} {
		if got := Typing(s); got != want {
			t.Errorf("Typing(%q) = %v, want %v", s, got, want)
		}
	}
}
