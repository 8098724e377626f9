package tui

import (
	"fmt"
	"testing"

	"infoscope/decoder"
)

// BenchmarkKeyToFrame measures one keystroke: Update plus View, with the
// list at 1k and 1M INFO rows. The list formats only visible rows, so the
// two should cost about the same.
func BenchmarkKeyToFrame(b *testing.B) {
	for _, n := range []int{1_000, 1_000_000} {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			b.Run(fmt.Sprintf("rows=%d/%dx%d", n, sz[0], sz[1]), func(b *testing.B) {
				m := newLoaded(Config{Sources: []Source{BytesSource("big.bin", rawInfos(n, nil))}}, sz[0], sz[1])
				if m.list.rows.total != n {
					b.Fatalf("%d rows, want %d", m.list.rows.total, n)
				}
				send(m, ":")
				typeText(m, fmt.Sprint(n/2)) // mid-list: far from both ends
				send(m, "enter")
				keys := [...]string{"j", "k", "pgdown", "pgup"}
				msgs := [len(keys)]any{}
				for i, k := range keys {
					msgs[i] = press(k)
				}
				b.ReportAllocs()
				b.ResetTimer()
				start, _ := cpuTime()
				for i := 0; i < b.N; i++ {
					m.Update(msgs[i%len(msgs)])
					_ = m.View()
				}
				reportCPU(b, start)
			})
		}
	}
}

// BenchmarkFirstFrame measures a 1M-row input from bytes to the first
// frame: decode, row index, panels and View.
func BenchmarkFirstFrame(b *testing.B) {
	data := rawInfos(1_000_000, nil)
	for _, layout := range []decoder.Layout{decoder.LayoutAuto, decoder.LayoutIGC} {
		b.Run("1M/layout="+layout.String(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				m := newLoaded(Config{Sources: []Source{BytesSource("big.bin", data)}, Decode: decoder.Options{Layout: layout}}, 80, 24)
				_ = m.View()
				if m.list.rows.total != 1_000_000 {
					b.Fatal(m.list.rows.total)
				}
			}
		})
	}
}

// filterBench are BenchmarkFilter1M's filters, one per term kind.
var filterBench = []struct{ name, filter string }{
	{"text", "V33.0"}, {"text-prefix", "(M5_NM"}, {"op", "op:resinfo"}, {"surface", "surface:T6"},
	{"mask", "mask:M5"}, {"exec", "exec:16"}, {"nm", "nm"}, {"chan", "chan:RGBA"},
	{"file", "file:big"}, {"kernel", "kernel:main"}, {"diag", "diag"}, {"diag-text", "diag:exec"},
	{"negation", "!resinfo"}, {"combined", "op:sampleinfo exec:16 !nm v3"},
}

// BenchmarkFilter1M measures one filter change over 1M rows of varied
// INFO (every field varied, one row in 50 with a diagnostic).
func BenchmarkFilter1M(b *testing.B) {
	m := newLoaded(Config{Sources: []Source{BytesSource("big.bin", mixedInfos(1_000_000, 1, 50))}}, 80, 24)
	if m.list.rows.total != 1_000_000 {
		b.Fatalf("%d rows", m.list.rows.total)
	}
	_ = m.list.setFilter("diag:x") // the row keys and messages are made on first use
	for _, c := range filterBench {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			start, _ := cpuTime()
			for i := 0; i < b.N; i++ {
				if err := m.list.setFilter(c.filter); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
			b.ReportMetric(float64(m.list.count()), "rows")
		})
	}
}

// BenchmarkRowKeys1M measures what the first filter, n, N or :0x after a
// load pays once over 1M rows: the packed row keys, and for diag:TEXT the
// messages of the rows with diagnostics (one in 50 here).
func BenchmarkRowKeys1M(b *testing.B) {
	m := newLoaded(Config{Sources: []Source{BytesSource("big.bin", mixedInfos(1_000_000, 1, 50))}}, 80, 24)
	r := m.list.rows
	b.Run("keys", func(b *testing.B) {
		start, _ := cpuTime()
		for i := 0; i < b.N; i++ {
			r.rk = nil
			_ = r.keys()
		}
		reportCPU(b, start)
	})
	b.Run("diag-messages", func(b *testing.B) {
		start, _ := cpuTime()
		for i := 0; i < b.N; i++ {
			r.keys().dtext = nil
			_ = r.diagText()
		}
		reportCPU(b, start)
	})
}

// BenchmarkNextDiag1M measures n then N over 1M rows with 4 diagnostics,
// over every row and over a filtered view.
func BenchmarkNextDiag1M(b *testing.B) {
	m := newLoaded(Config{Sources: []Source{BytesSource("big.bin", mixedInfos(1_000_000, 1, 250_000))}}, 80, 24)
	for _, f := range []string{"", "!op:sampleinfo"} {
		b.Run("filter="+f, func(b *testing.B) {
			if err := m.list.setFilter(f); err != nil {
				b.Fatal(err)
			}
			m.list.cursor = m.list.count() / 3
			b.ResetTimer()
			start, _ := cpuTime()
			for i := 0; i < b.N; i++ {
				if found, _ := m.list.nextDiag(1 - 2*(i%2)); !found {
					b.Fatal("no row with diagnostics")
				}
			}
			reportCPU(b, start)
		})
	}
}

// BenchmarkGotoOffset1M measures :0xOFFSET over 1M rows, every row and a
// filtered view.
func BenchmarkGotoOffset1M(b *testing.B) {
	m := newLoaded(Config{Sources: []Source{BytesSource("big.bin", mixedInfos(1_000_000, 1, 50))}}, 80, 24)
	for _, f := range []string{"", "!op:sampleinfo"} {
		b.Run("filter="+f, func(b *testing.B) {
			if err := m.list.setFilter(f); err != nil {
				b.Fatal(err)
			}
			targets := []string{"0x6ab1c3", "0x10", "0xfffffff"}
			b.ResetTimer()
			start, _ := cpuTime()
			for i := 0; i < b.N; i++ {
				if _, err := m.list.gotoTarget(targets[i%len(targets)]); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}
