package tui

import (
	"path/filepath"
	"testing"

	"infoscope/model/workspace"
	"infoscope/sampledata/testkit"
)

// codeSources are the oracle info_min.isa (two INFO) and the data-flow
// sample (one INFO with LOD sources on both sides of a branch, two
// readers, one through an alias, and an overwrite).
func codeSources(t *testing.T) []workspace.Source {
	t.Helper()
	var srcs []workspace.Source
	for _, p := range []string{
		filepath.Join("..", "decoder", "testdata", "oracle", "info_min.isa"),
		filepath.Join("..", "model", "testdata", "dataflow.isa"),
	} {
		data := testkit.ReadFile(t, p)
		srcs = append(srcs, workspace.BytesSource(filepath.Base(p), data))
	}
	return srcs
}

// TestFlowCode opens binaries, switches to the Code pane, steps INFO rows
// with ] (the pane follows), follows a reader of the result and comes
// back, searches, goes to $N and selects an INFO line with enter; at 80x24
// and 120x40.
func TestFlowCode(t *testing.T) {
	atSizes(t, [][2]int{{80, 24}, {120, 40}}, func(t *testing.T, w, h int) {
		tm := startFlow(t, Config{Sources: codeSources(t)}, w, h)
		waitLoaded(t, tm)
		tm.play(t, [][]string{
			{"5", "▸5 Code", "Code  info_min  $1 of 4", "▸◆ $1", "a ‹ $0"},
			{"]", "$2 of 4", "▸◆ $2"},
			{"]", "Code  dataflow  $4 of 9", "Data flow of $4", "a ‹ $2", "c ‹ $0", "d › $5", "e › $6", "f × $7"},
			{"", "some paths", "reads G 0-7", "overwrites R 0-7"},
			// Follow the first reader, then come back.
			{"d", "$5 of 9", "at $5 (reads G 0-7)"},
			{"backspace", "$4 of 9", "▸◆ $4"},
			// Search a variable's name.
			{"/ 'acc' enter", "/acc: match 1 of 2", "$5 of 9"},
			{"n", "/acc: match 2 of 2", "$6 of 9"},
			// Go to $0 by number, and enter on a line that is no INFO.
			{": '$0' enter", "$0 of 9"},
			{"enter", "enter selects an INFO line"},
			// Back in info_min's body, enter on its other INFO selects it.
			{"[", "Code  info_min  $2 of 4"},
			{": '0x183' enter", "$1 of 4"},
			{"enter", "selected $1 in the list", "▸◆ $1"},
			{"q"},
		})
		m := final(t, tm)
		if l, ok := m.list.selected(); !ok || m.list.rows.Info(l).Inst != 1 || m.list.rows.Stream(l).Kernel != "info_min" {
			t.Errorf("list selection: %+v", l)
		}
		if m.focus != focusCode {
			t.Errorf("focus %d", m.focus)
		}
	})
}
