package panels

import (
	"path/filepath"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/testkit"
	"infoscope/tui/style"
)

// The panels render on every keystroke; these keep their cost visible.

func BenchmarkOutputKeyAndView(b *testing.B) {
	t := &testing.T{}
	m, _ := newTestOutput(t, resinfoBytes, 120, 40)
	m, _ = m.Update(press("t"))
	keys := []string{"down", "right", "down", "left"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m, _ = m.Update(press(keys[i%len(keys)]))
		_ = m.View()
	}
}

func BenchmarkOutputEdit(b *testing.B) {
	t := &testing.T{}
	m, _ := newTestOutput(t, resinfoBytes, 120, 40)
	m = toRow(m, 1)
	keys := []string{"right", "left"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m, _ = m.Update(press(keys[i%len(keys)]))
		_ = m.View()
	}
}

func BenchmarkBitsKeyAndView(b *testing.B) {
	m := NewBits(style.New(false, true))
	f := decoder.Decode("bench", resinfoBytes, decoder.Options{Hex: decoder.HexOff})
	m.SetInfo(f.Streams[0].Info(0))
	m.SetSize(120, 40)
	m.Focus()
	keys := []string{"l", "l", "j", "k"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m, _ = m.Update(press(keys[i%len(keys)]))
		_ = m.View()
	}
}

func BenchmarkLanesKeyAndView(b *testing.B) {
	t := &testing.T{}
	m := newTestLanes(t, resinfoBytes, 120, 14)
	keys := []string{"space", "h", "space", "l"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m, _ = m.Update(press(keys[i%len(keys)]))
		_ = m.View()
	}
}

// BenchmarkCodeKeyAndView: a cursor step and a frame of the Code pane on
// the largest oracle body (1,060 instructions), at 120x40.
func BenchmarkCodeKeyAndView(b *testing.B) {
	data := testkit.ReadFile(b, filepath.Join("..", "..", "decoder", "testdata", "oracle", "large_mix_1k.isa"))
	f := decoder.Decode("large_mix_1k.isa", data, decoder.Options{})
	m := NewCode(style.New(false, true))
	m.SetSize(120, 30)
	m.Focus()
	m.SetInfo(f.Streams[0].Info(f.Streams[0].NumInfos() / 2))
	keys := []string{"j", "j", "k", "down", "up"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m, _ = m.Update(press(keys[i%len(keys)]))
		_ = m.View()
	}
}
