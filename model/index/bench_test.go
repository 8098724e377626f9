package index

import (
	"fmt"
	"sync"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/benchcpu"
)

// filterBench are BenchmarkView's filters, one per term kind.
var filterBench = []struct{ name, filter string }{
	{"text", "V33.0"}, {"text-prefix", "(M5_NM"}, {"op", "op:resinfo"}, {"surface", "surface:T6"},
	{"mask", "mask:M5"}, {"exec", "exec:16"}, {"nm", "nm"}, {"chan", "chan:RGBA"},
	{"file", "file:big"}, {"kernel", "kernel:main"}, {"diag", "diag"}, {"diag-text", "diag:exec"},
	{"negation", "!resinfo"}, {"combined", "op:sampleinfo exec:16 !nm v3"},
}

// bigIndex indexes n rows of varied INFO (every field varied), one row in
// diagEvery with a diagnostic.
func bigIndex(b *testing.B, n, diagEvery int) *Index {
	x := New([]*decoder.File{decodeBytes("big.bin", mixedInfos(n, 1, diagEvery))})
	if x.Len() != n {
		b.Fatalf("%d rows, want %d", x.Len(), n)
	}
	return x
}

// BenchmarkView measures one filter change over 100k and 1M rows of
// varied INFO (one row in 50 with a diagnostic): parsing the expression
// and making the view. The inspector runs it in a tea.Cmd, off the frame:
// this is how late the result comes, not what a keystroke costs.
func BenchmarkView(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		x := bigIndex(b, n, 50)
		for _, c := range filterBench {
			b.Run(fmt.Sprintf("rows=%d/%s", n, c.name), func(b *testing.B) {
				b.ReportAllocs()
				var rows int
				benchcpu.Measure(b, "op", 1)
				for i := 0; i < b.N; i++ {
					f, err := ParseFilter(c.filter)
					if err != nil {
						b.Fatal(err)
					}
					rows = len(x.View(f))
				}
				b.ReportMetric(float64(rows), "rows")
			})
		}
	}
}

// BenchmarkDiagRows measures what the first n or N after a load pays
// once: finding the rows with diagnostics (one in 50 here).
func BenchmarkDiagRows(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		x := bigIndex(b, n, 50)
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			benchcpu.Measure(b, "op", 1)
			for i := 0; i < b.N; i++ {
				x.diagOnce, x.diag = sync.Once{}, nil
				_ = x.diagRows()
			}
		})
	}
}

// BenchmarkNextDiag1M measures n then N over 1M rows with 4 diagnostics,
// over every row and over a filtered view.
func BenchmarkNextDiag1M(b *testing.B) {
	x := bigIndex(b, 1_000_000, 250_000)
	benchViews(b, x, func(b *testing.B, view []int32) func(i int) {
		n := x.Len()
		if view != nil {
			n = len(view)
		}
		cur := n / 3
		return func(i int) {
			if x.NextDiag(view, cur, 1-2*(i%2)) < 0 {
				b.Fatal("no row with diagnostics")
			}
		}
	})
}

// BenchmarkGotoOffset1M measures :0xOFFSET over 1M rows, every row and a
// filtered view.
func BenchmarkGotoOffset1M(b *testing.B) {
	x := bigIndex(b, 1_000_000, 50)
	targets := []int64{0x6ab1c3, 0x10, 0xfffffff}
	benchViews(b, x, func(b *testing.B, view []int32) func(i int) {
		return func(i int) {
			if p, _ := x.NearestOffset(view, 0, targets[i%len(targets)], nil); p < 0 {
				b.Fatal("no row")
			}
		}
	})
}

// benchViews runs a benchmark over every row of x and over a filtered
// view: op, given the sub-benchmark and the view, returns what iteration
// i does.
func benchViews(b *testing.B, x *Index, op func(b *testing.B, view []int32) func(i int)) {
	for _, expr := range []string{"", "!op:sampleinfo"} {
		b.Run("filter="+expr, func(b *testing.B) {
			f, err := ParseFilter(expr)
			if err != nil {
				b.Fatal(err)
			}
			step := op(b, x.View(f))
			b.ResetTimer()
			benchcpu.Measure(b, "op", 1)
			for i := 0; i < b.N; i++ {
				step(i)
			}
		})
	}
}
