package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"infoscope/decoder/native"
	"infoscope/model/lower"
)

// nativeSet is the DG2 dump set of the INFO coverage kernel: GenX_IR's
// vISA text and the Gen assembly it made of it.
func nativeSet(t *testing.T) (Source, func(string) *lower.Join) {
	t.Helper()
	dir := filepath.Join("..", "decoder", "native", "testdata")
	visa, err := os.ReadFile(filepath.Join(dir, "info22_channels.DG2.visaasm"))
	if err != nil {
		t.Fatal(err)
	}
	asm, err := os.ReadFile(filepath.Join(dir, "info22_channels.DG2.asm"))
	if err != nil {
		t.Fatal(err)
	}
	j := lower.New(native.Parse("info22_channels.DG2.asm", asm))
	return BytesSource("info22_channels.DG2.visaasm", visa), func(file string) *lower.Join {
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
	for _, sz := range [][2]int{{80, 24}, {160, 50}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			src, nat := nativeSet(t)
			tm := startFlow(t, Config{Sources: []Source{src}, Native: nat}, sz[0], sz[1])
			waitLoaded(t, tm)
			for i := 0; i < 85; i++ {
				tm.Send(press("j"))
			}
			waitText(t, tm, "$85 sampleinfo.RGA (M1, 32)")
			tm.Send(press("5"))
			waitFrame(t, tm, "Code  info22_channels  $85 of 91", "DG2 · 291 native", "▸◆ $85",
				"Native code of $85 (info22_channels.DG2.asm)", "dst res in r18.0")
			native := "↳ L356   send.smpl (32|M0) r18 r1 null:0 0x0 a0.0" // under its instruction
			if sz[0] >= 160 {
				native = "• $85 L356 send.smpl (32|M0) r18 r1 null:0 0x0 a0.0" // in the .asm beside
			}
			waitFrame(t, tm, native)
			// The descriptor's fields and the finding, scrolled to.
			tm.Send(press("F"))
			tm.Send(press("G"))
			waitText(t, tm, "Desc[16:12]   message_type   0xb    sampleinfo", "Desc[7:0]     bti            0x0    0 + r82.0 at run time", "lanes: exec size 32: lanes 16-31")
			tm.Send(press("F"))
			tm.Send(press("A"))
			waitText(t, tm, "native lines folded (A shows them)")
			tm.Send(press("A"))
			waitFrame(t, tm, "native lines shown (A folds them)", native)
			// $88's descriptor was built by $87's add (IGC reused a0.0):
			// enter on that native line goes to $87, backspace comes back.
			tm.Send(press("1"))
			for i := 0; i < 3; i++ {
				tm.Send(press("j"))
			}
			waitText(t, tm, "$88 sampleinfo.GBA (M1, 32)")
			tm.Send(press("5"))
			native = "↳ L364   send.smpl (32|M0)"
			if sz[0] >= 160 {
				native = "• $88 L364 send.smpl (32|M0)"
			}
			waitFrame(t, tm, "Code  info22_channels  $88 of 91", native)
			tm.Send(press("F"))
			for i := 0; i < 6; i++ {
				tm.Send(press("j"))
			}
			waitText(t, tm, "▸  L360  $87 builds it: (W) add (1|M0) a0.0")
			tm.Send(press("enter"))
			waitText(t, tm, "Code  info22_channels  $87 of 91", "at $87, the vISA instruction of native line L360; ⌫ goes back")
			tm.Send(press("backspace"))
			waitText(t, tm, "Code  info22_channels  $88 of 91")
			tm.Send(press("q"))
			final(t, tm)
		})
	}
}
