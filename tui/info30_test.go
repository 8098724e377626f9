package tui

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"infoscope/decoder"
	"infoscope/model/workspace"
	"infoscope/tui/dump"
)

// TestInfo30TextAgrees: a version 3.0 SAMPLEINFO prints one mask in the
// list, the Bits panel (its title and the mask_control field), the Code
// pane and dump's text. Version 3.0's emask nibble meant M1..M8 (0-7),
// M1_NM (8), "default" (9, read as M1) and nothing else (read as M1), as
// IGC's reader maps it for every exec byte (ByteCodeReaderNG.cpp,
// transformMask) before its printer prints it: GenX_IR 1.0.12504 prints
// exec byte 0x93 of a 3.0 resinfo "(M1, 8)" and of a 3.3 one
// "(M2_NM, 8)". The Code pane printed the raw nibble (M3_NM for 0xA).
func TestInfo30TextAgrees(t *testing.T) {
	for _, c := range []struct {
		nibble byte
		mask   string
	}{{2, "M3"}, {7, "M8"}, {8, "M1_NM"}, {9, "M1"}, {10, "M1"}, {15, "M1"}} {
		t.Run(fmt.Sprint(c.nibble), func(t *testing.T) {
			// sampleinfo (3.0: 16-bit ids), exec size 8, RGBA, T6, V33.0
			data := []byte{0x70, 0x0B, c.nibble<<4 | 3, 0x0F, 0x06, 0x21, 0x00, 0x00, 0x00}
			want := "sampleinfo.RGBA (" + c.mask + ", 8)  T6 V33.0"
			v30 := decoder.Options{Layout: decoder.LayoutIGC, Version: decoder.Version{Major: 3, Minor: 0}}
			m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("v30.bin", data)}, Mono: true, Decode: v30}, 120, 40)
			view := func() string { return ansi.Strip(m.View().Content) }
			if v := view(); !strings.Contains(v, "$0 "+want) {
				t.Errorf("list: no %q in\n%s", want, v)
			}
			send(m, "2")
			if v := view(); !strings.Contains(v, "Bits   9 bytes, igc layout  "+want) || !strings.Contains(v, fmt.Sprintf("mask_control     2 [7:4]     0x%x %s: ", c.nibble, c.mask)) {
				t.Errorf("Bits: no %q or mask_control %s in\n%s", want, c.mask, v)
			}
			send(m, "5")
			if v := view(); !strings.Contains(v, "$0  0x0  "+want) {
				t.Errorf("Code: no %q in\n%s", want, v)
			}
			var out, errs bytes.Buffer
			code := dump.Run([]string{"--layout", "igc", "--visa-version", "3.0", "-"}, dump.Env{Stdin: bytes.NewReader(data), Stdout: &out, Stderr: &errs})
			if code != dump.ExitOK || !strings.Contains(out.String(), " $0  "+want) {
				t.Errorf("dump: exit %d, no %q in\n%s%s", code, want, out.String(), errs.String())
			}
		})
	}
}
