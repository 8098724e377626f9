package tui

import (
	"fmt"
	"testing"

	"infoscope/decoder"
	"infoscope/model/workspace"
	"infoscope/sampledata/benchcpu"
)

// BenchmarkKeyToFrame measures one keystroke: Update plus View, with the
// list at 1k, 100k and 1M INFO rows. The list formats only visible rows,
// so they should cost about the same.
func BenchmarkKeyToFrame(b *testing.B) {
	for _, n := range []int{1_000, 100_000, 1_000_000} {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			b.Run(fmt.Sprintf("rows=%d/%dx%d", n, sz[0], sz[1]), func(b *testing.B) {
				m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("big.bin", rawInfos(n, nil))}}, sz[0], sz[1])
				if m.list.rows.Len() != n {
					b.Fatalf("%d rows, want %d", m.list.rows.Len(), n)
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
				benchcpu.Measure(b, "op", 1)
				for i := 0; i < b.N; i++ {
					m.Update(msgs[i%len(msgs)])
					_ = m.View()
				}
			})
		}
	}
}

// BenchmarkFilterKeyToFrame measures a keystroke in the filter prompt
// (a character typed, then erased: each a new filter), Update plus View,
// at 100k and 1M rows. The view is made by the command Update returns,
// off the frame (model/index's BenchmarkView measures that): it is not
// run here, as the program runs it on another goroutine.
func BenchmarkFilterKeyToFrame(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("big.bin", rawInfos(n, nil))}}, 120, 40)
			if m.list.rows.Len() != n {
				b.Fatalf("%d rows, want %d", m.list.rows.Len(), n)
			}
			send(m, "/")
			m.Update(press("v")) // its command not run: nothing filters while measured
			msgs := [2]any{press("3"), press("backspace")}
			b.ReportAllocs()
			b.ResetTimer()
			benchcpu.Measure(b, "op", 1)
			for i := 0; i < b.N; i++ {
				if _, cmd := m.Update(msgs[i%2]); cmd == nil {
					b.Fatal("the key made no filter command")
				}
				_ = m.View()
			}
		})
	}
}

// BenchmarkFirstFrame measures a 1M-row input from bytes to the first
// frame: decode, row index, panels and View.
func BenchmarkFirstFrame(b *testing.B) {
	data := rawInfos(1_000_000, nil)
	for _, layout := range []decoder.Layout{decoder.LayoutAuto, decoder.LayoutIGC} {
		b.Run("1M/layout="+layout.String(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("big.bin", data)}, Decode: decoder.Options{Layout: layout}}, 80, 24)
				_ = m.View()
				if m.list.rows.Len() != 1_000_000 {
					b.Fatal(m.list.rows.Len())
				}
			}
		})
	}
}
