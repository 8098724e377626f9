package index

import (
	"sync"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/benchcpu"
)

// filterBench are BenchmarkFilter1M's filters, one per term kind.
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

// BenchmarkFilter1M measures one filter change over 1M rows of varied
// INFO (one row in 50 with a diagnostic): parsing the expression and
// making the view.
func BenchmarkFilter1M(b *testing.B) {
	x := bigIndex(b, 1_000_000, 50)
	f, _ := ParseFilter("diag:x x")
	_ = x.View(f) // the row keys, operand classes and messages are made on first use
	for _, c := range filterBench {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var rows int
			start, _ := benchcpu.Now()
			for i := 0; i < b.N; i++ {
				f, err := ParseFilter(c.filter)
				if err != nil {
					b.Fatal(err)
				}
				rows = len(x.View(f))
			}
			benchcpu.Report(b, start)
			b.ReportMetric(float64(rows), "rows")
		})
	}
}

// BenchmarkRowKeys1M measures what the first filter, n, N or :0x after a
// load pays once over 1M rows: the packed row keys, for a text term the
// operand classes, and for diag:TEXT the messages of the rows with
// diagnostics (one in 50 here).
func BenchmarkRowKeys1M(b *testing.B) {
	x := bigIndex(b, 1_000_000, 50)
	b.Run("keys", func(b *testing.B) {
		start, _ := benchcpu.Now()
		for i := 0; i < b.N; i++ {
			_ = buildRowKeys(x)
		}
		benchcpu.Report(b, start)
	})
	b.Run("operand-classes", func(b *testing.B) {
		start, _ := benchcpu.Now()
		for i := 0; i < b.N; i++ {
			_ = buildOpClasses(x)
		}
		benchcpu.Report(b, start)
	})
	b.Run("diag-messages", func(b *testing.B) {
		start, _ := benchcpu.Now()
		for i := 0; i < b.N; i++ {
			x.dtextOnce = sync.Once{}
			_ = x.diagText()
		}
		benchcpu.Report(b, start)
	})
}

// BenchmarkNextDiag1M measures n then N over 1M rows with 4 diagnostics,
// over every row and over a filtered view.
func BenchmarkNextDiag1M(b *testing.B) {
	x := bigIndex(b, 1_000_000, 250_000)
	for _, expr := range []string{"", "!op:sampleinfo"} {
		b.Run("filter="+expr, func(b *testing.B) {
			f, err := ParseFilter(expr)
			if err != nil {
				b.Fatal(err)
			}
			view := x.View(f)
			n := x.Len()
			if view != nil {
				n = len(view)
			}
			cur := n / 3
			b.ResetTimer()
			start, _ := benchcpu.Now()
			for i := 0; i < b.N; i++ {
				if x.NextDiag(view, cur, 1-2*(i%2)) < 0 {
					b.Fatal("no row with diagnostics")
				}
			}
			benchcpu.Report(b, start)
		})
	}
}

// BenchmarkGotoOffset1M measures :0xOFFSET over 1M rows, every row and a
// filtered view.
func BenchmarkGotoOffset1M(b *testing.B) {
	x := bigIndex(b, 1_000_000, 50)
	for _, expr := range []string{"", "!op:sampleinfo"} {
		b.Run("filter="+expr, func(b *testing.B) {
			f, err := ParseFilter(expr)
			if err != nil {
				b.Fatal(err)
			}
			view := x.View(f)
			targets := []int64{0x6ab1c3, 0x10, 0xfffffff}
			b.ResetTimer()
			start, _ := benchcpu.Now()
			for i := 0; i < b.N; i++ {
				if p, _ := x.NearestOffset(view, 0, targets[i%len(targets)], nil); p < 0 {
					b.Fatal("no row")
				}
			}
			benchcpu.Report(b, start)
		})
	}
}
