package tui

import (
	"testing"

	"infoscope/decoder"
	"infoscope/model/workspace"
	"infoscope/tui/fsio"
)

// TestFlowVisaasmText opens Intel's disassembly of a kernel and a function
// as vISA text: INFO rows by line, the context strip from the text, the
// Bits, Lanes and Output panels on the rebuilt bytes, a filter, and a
// go-to offset that says text has none.
func TestFlowVisaasmText(t *testing.T) {
	src := fsio.FileSource("../decoder/testdata/oracle/func_s1.dis.visaasm", decoder.Options{})
	tm := startFlow(t, Config{Sources: []workspace.Source{src}}, 120, 40)
	waitLoaded(t, tm)
	tm.play(t, [][]string{
		{"", "L68 ", "sampleinfo.RGB (M1_NM, 32)  T6 RES1.0", "L201", "func_0", "context", "[sampleinfo]", "oword_st", "rebuilt from text line 68 (no file offset)"},
		{"/ 'op:resinfo' enter", `"op:resinfo":`},
		{"2", "▸2 Bits", "17 bytes rebuilt from text line 69 (no file offset), igc layout", "T7 (surf1)", "byte 320"},
		{"3", "▸3 Lanes", "8 of 8 enabled"},
		{"4", "▸4 Output"},
		{"esc : '0x40' enter", "no file offsets"},
		{"q"},
	})
	m := final(t, tm)
	l, ok := m.list.selected()
	if !ok {
		t.Fatal("no selection")
	}
	in := m.list.rows.Info(l)
	if !in.FromText() || in.Line() != 69 || in.Off != -1 || in.Inst != 3 || len(in.Bytes()) != 17 {
		t.Errorf("selected INFO: text %v line %d off %d $%d %d bytes", in.FromText(), in.Line(), in.Off, in.Inst, len(in.Bytes()))
	}
	if n := m.list.count(); n != 10 || m.list.rows.Len() != 13 {
		t.Errorf("%d of %d rows, want 10 resinfo of 13", n, m.list.rows.Len())
	}
}
