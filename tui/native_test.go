package tui

import (
	"path/filepath"
	"strings"
	"testing"

	"infoscope/decoder/native"
	"infoscope/model/lower"
	"infoscope/model/workspace"
	"infoscope/sampledata/testkit"
)

// nativeSet is the DG2 dump set of the INFO coverage kernel: GenX_IR's
// vISA text and the Gen assembly it made of it.
func nativeSet(t *testing.T) (workspace.Source, func(string) *lower.Join) {
	t.Helper()
	dir := filepath.Join("..", "decoder", "native", "testdata")
	visa := testkit.ReadFile(t, filepath.Join(dir, "info22_channels.DG2.visaasm"))
	asm := testkit.ReadFile(t, filepath.Join(dir, "info22_channels.DG2.asm"))
	j := lower.New(native.Parse("info22_channels.DG2.asm", asm))
	return workspace.BytesSource("info22_channels.DG2.visaasm", visa), func(file string) *lower.Join {
		if file == "info22_channels.DG2.visaasm" {
			return j
		}
		return nil
	}
}

// TestNativeCode opens a dump set, selects a SIMD32 INFO, and reads in
// the Code pane its native lines, the kernel's statistics, its sampler
// message's descriptor field by field and the lowering finding; A folds
// the native lines; at 80x24 and 160x50.
func TestNativeCode(t *testing.T) {
	atSizes(t, [][2]int{{80, 24}, {160, 50}}, func(t *testing.T, w, h int) {
		src, nat := nativeSet(t)
		tm := startFlow(t, Config{Sources: []workspace.Source{src}, Native: nat}, w, h)
		waitLoaded(t, tm)
		// The native lines of $85 and $88: under their instruction, or in
		// the .asm beside.
		native, native88 := "↳ L356   send.smpl (32|M0) r18 r1 null:0 0x0 a0.0", "↳ L364   send.smpl (32|M0)"
		if w >= 160 {
			native, native88 = "• $85 L356 send.smpl (32|M0) r18 r1 null:0 0x0 a0.0", "• $88 L364 send.smpl (32|M0)"
		}
		tm.play(t, [][]string{
			{strings.Repeat("j ", 85), "$85 sampleinfo.RGA (M1, 32)"},
			{"5", "Code  info22_channels  $85 of 91", "DG2 · 291 native", "▸◆ $85",
				"Native code of $85 (info22_channels.DG2.asm)", "dst res in r18.0"},
			{"", native},
			// The descriptor's fields and the finding, scrolled to.
			{"F G", "Desc[16:12]   message_type   0xb    sampleinfo", "Desc[7:0]     bti            0x0    0 + r82.0 at run time", "lanes: exec size 32: lanes 16-31"},
			{"F A", "native lines folded (A shows them)"},
			{"A", "native lines shown (A folds them)", native},
			// $88's descriptor was built by $87's add (IGC reused a0.0):
			// enter on that native line goes to $87, backspace comes back.
			{"1 j j j", "$88 sampleinfo.GBA (M1, 32)"},
			{"5", "Code  info22_channels  $88 of 91", native88},
			{"F j j j j j j", "▸  L360  $87 builds it: (W) add (1|M0) a0.0"},
			{"enter", "Code  info22_channels  $87 of 91", "at $87, the vISA instruction of native line L360; ⌫ goes back"},
			{"backspace", "Code  info22_channels  $88 of 91"},
			{"q"},
		})
		final(t, tm)
	})
}
