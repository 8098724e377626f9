package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"infoscope/decoder/native"
	"infoscope/model/lower"
)

// realSet is one kernel of a real SYCL dump folder (XE2, no INFO: see
// model/diff/testdata/PROVENANCE.md) and its .asm, with the DG2 INFO
// coverage kernel's dump set beside it when withInfo.
func realSet(t *testing.T, withInfo bool) ([]Source, func(string) *lower.Join) {
	t.Helper()
	dir := filepath.Join("..", "model", "diff", "testdata", "dumpset")
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	const stem = "OCL_asm23954d4a795eca46_simd32_entry_0003"
	joins := map[string]*lower.Join{stem + ".visaasm": lower.New(native.Parse(stem+".asm", read(stem+".asm")))}
	srcs := []Source{BytesSource(stem+".visaasm", read(stem+".visaasm"))}
	if withInfo {
		src, nat := nativeSet(t)
		srcs = append(srcs, src)
		joins[src.Name()] = nat(src.Name())
	}
	return srcs, func(file string) *lower.Join { return joins[file] }
}

// Issue 19 item 6: a dump set without INFO opens on the Code pane of its
// first kernel, saying so, with the kernel's statistics from its .asm
// and its native lines; at 80x24 and 160x50.
func TestNoInfoOpensOnCode(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {160, 50}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			srcs, nat := realSet(t, false)
			tm := startFlow(t, Config{Sources: srcs, Native: nat}, sz[0], sz[1])
			waitText(t, tm, "▸5 Code", "Code  RoundedRangeKernel…  $0 of 59", "no INFO in this kernel",
				"▸   $0  L131     _main_0:", "↳ L159   (W) mov (16|M0) r2.0<1>:ud")
			if sz[0] >= 160 {
				waitText(t, tm, "· no INFO · XE2 · 72 native · 256 GRF · LOCAL_ROUND_ROBIN_RA · sync 3 · bank conflicts 1",
					"no INFO in this kernel (59 instructions)")
			}
			tm.Send(press("j"))
			waitText(t, tm, "▸   $1  L132")
			tm.Send(press("q"))
			m := final(t, tm)
			if m.focus != focusCode || m.body == nil {
				t.Errorf("focus %v, body %v: want the Code pane on the kernel", m.focus, m.body)
			}
		})
	}
}

// The kernel list (K, from any pane) shows every body with its
// statistics; enter shows a kernel without INFO in the Code pane, and a
// kernel with INFO on its first INFO, selected in the list.
func TestKernelList(t *testing.T) {
	srcs, nat := realSet(t, true)
	tm := startFlow(t, Config{Sources: srcs, Native: nat}, 120, 40)
	waitLoaded(t, tm)
	waitText(t, tm, "$0  resinfo.R (M1, 8)")
	tm.Send(press("K"))
	waitText(t, tm, "kernels: 2", "kernel", "vISA", "native", "GRF", "spill", "sync", "bank", "RA",
		"RoundedRangeKernel…", "59    0    72     256  0     3    1    LOCAL_ROUND_ROBIN",
		"info22_channels", "91    90   291    128  0     -    0    TRIVIAL")
	waitText(t, tm, "▸ info22_channels") // the body the Code pane would show
	tm.Send(press("g"))
	waitText(t, tm, "▸ RoundedRangeKernel…")
	tm.Send(press("enter"))
	waitText(t, tm, "Code  RoundedRangeKernel…  $0 of 59 · vISA text · no INFO · XE2 · 72 native", "RoundedRangeKernel…: 59 instructions, 0 INFO")
	tm.Send(press("K"))
	waitText(t, tm, "kernels: 2")
	tm.Send(press("j"))
	waitText(t, tm, "▸ info22_channels")
	tm.Send(press("enter"))
	waitText(t, tm, "Code  info22_channels  $0 of 91 · vISA text · DG2 · 291 native", "selected $0 in the list")
	// A step in the list shows its INFO again (the body picked is let go).
	tm.Send(press("K"))
	waitText(t, tm, "kernels: 2")
	tm.Send(press("esc"))
	waitText(t, tm, "Code  info22_channels  $0 of 91")
	tm.Send(press("q"))
	m := final(t, tm)
	if m.body != nil || !m.selOK {
		t.Errorf("body %v, selection %v: want the list's INFO shown", m.body, m.selOK)
	}
}
