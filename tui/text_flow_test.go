package tui

import (
	"testing"

	"infoscope/decoder"
	"infoscope/tui/fsio"
)

// TestFlowVisaasmText opens Intel's disassembly of a kernel and a function
// as vISA text: INFO rows by line, the context strip from the text, the
// Bits, Lanes and Output panels on the rebuilt bytes, a filter, and a
// go-to offset that says text has none.
func TestFlowVisaasmText(t *testing.T) {
	src := fsio.FileSource("../decoder/testdata/oracle/func_s1.dis.visaasm", decoder.Options{})
	tm := startFlow(t, Config{Sources: []Source{src}}, 120, 40)
	waitLoaded(t, tm)
	waitText(t, tm, "L68 ", "sampleinfo.RGB (M1_NM, 32)  T6 RES1.0", "L201", "func_0", "context", "[sampleinfo]", "oword_st",
		"rebuilt from text line 68 (no file offset)")
	tm.Send(press("/"))
	tm.Type("op:resinfo")
	tm.Send(press("enter"))
	waitText(t, tm, `"op:resinfo":`)
	tm.Send(press("2"))
	waitText(t, tm, "▸2 Bits", "17 bytes rebuilt from text line 69 (no file offset), igc layout", "T7 (surf1)", "byte 320")
	tm.Send(press("3"))
	waitText(t, tm, "▸3 Lanes", "8 of 8 enabled")
	tm.Send(press("4"))
	waitText(t, tm, "▸4 Output")
	tm.Send(press("esc"))
	tm.Send(press(":"))
	tm.Type("0x40")
	tm.Send(press("enter"))
	waitText(t, tm, "no file offsets")
	tm.Send(press("q"))
	m := final(t, tm)
	l, ok := m.list.selected()
	if !ok {
		t.Fatal("no selection")
	}
	in := m.list.rows.info(l)
	if !in.FromText() || in.Line() != 69 || in.Off != -1 || in.Inst != 3 || len(in.Bytes()) != 17 {
		t.Errorf("selected INFO: text %v line %d off %d $%d %d bytes", in.FromText(), in.Line(), in.Off, in.Inst, len(in.Bytes()))
	}
	if n := m.list.count(); n != 10 || m.list.rows.total != 13 {
		t.Errorf("%d of %d rows, want 10 resinfo of 13", n, m.list.rows.total)
	}
}
