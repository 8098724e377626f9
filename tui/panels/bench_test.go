package panels

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"infoscope/decoder"
	"infoscope/tui/style"
)

// The panels render on every keystroke; these keep their cost visible.

// benchKeys times a key and a frame of m, keys in turn.
func benchKeys[M interface {
	Update(tea.Msg) (M, tea.Cmd)
	View() string
}](b *testing.B, m M, keys ...string) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m, _ = m.Update(press(keys[i%len(keys)]))
		_ = m.View()
	}
}

func BenchmarkOutputKeyAndView(b *testing.B) {
	t := &testing.T{}
	m, _ := newTestOutput(t, resinfoBytes, 120, 40)
	m, _ = m.Update(press("t"))
	benchKeys(b, m, "down", "right", "down", "left")
}

func BenchmarkOutputEdit(b *testing.B) {
	t := &testing.T{}
	m, _ := newTestOutput(t, resinfoBytes, 120, 40)
	m = toRow(m, 1)
	benchKeys(b, m, "right", "left")
}

func BenchmarkBitsKeyAndView(b *testing.B) {
	m := NewBits(style.New(false, true), DefaultBitsKeyMap())
	f := decoder.Decode("bench", resinfoBytes, decoder.Options{Hex: decoder.HexOff})
	m.SetInfo(f.Streams[0].Info(0))
	m.SetSize(120, 40)
	m.Focus()
	benchKeys(b, m, "l", "l", "j", "k")
}

func BenchmarkLanesKeyAndView(b *testing.B) {
	t := &testing.T{}
	m := newTestLanes(t, resinfoBytes, 120, 14)
	benchKeys(b, m, "space", "h", "space", "l")
}

// BenchmarkCodeKeyAndView: a cursor step and a frame of the Code pane on
// the largest oracle body (1,060 instructions), at 120x40.
func BenchmarkCodeKeyAndView(b *testing.B) {
	data := repoFile(b, "decoder", "testdata", "oracle", "large_mix_1k.isa")
	f := decoder.Decode("large_mix_1k.isa", data, decoder.Options{})
	m := newTestCode(f.Streams[0].Info(f.Streams[0].NumInfos()/2), 120, 30)
	benchKeys(b, m, "j", "j", "k", "down", "up")
}
