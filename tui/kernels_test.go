package tui

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"infoscope/decoder/native"
	"infoscope/model/lower"
	"infoscope/model/workspace"
	"infoscope/sampledata/testkit"
)

// realSet is one kernel of a real SYCL dump folder (XE2, no INFO: see
// model/diff/testdata/PROVENANCE.md) and its .asm, with the DG2 INFO
// coverage kernel's dump set beside it when withInfo.
func realSet(t *testing.T, withInfo bool) ([]workspace.Source, func(string) *lower.Join) {
	t.Helper()
	dir := filepath.Join("..", "model", "diff", "testdata", "dumpset")
	read := func(name string) []byte {
		b := testkit.ReadFile(t, filepath.Join(dir, name))
		return b
	}
	const stem = "OCL_asm23954d4a795eca46_simd32_entry_0003"
	j := lower.New(native.Parse(stem+".asm", read(stem+".asm")))
	j.LL = native.ParseLL(stem+".visa.ll", read(stem+".visa.ll"))
	joins := map[string]*lower.Join{stem + ".visaasm": j}
	srcs := []workspace.Source{workspace.BytesSource(stem+".visaasm", read(stem+".visaasm"))}
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
	atSizes(t, [][2]int{{80, 24}, {160, 50}}, func(t *testing.T, w, h int) {
		srcs, nat := realSet(t, false)
		tm := startFlow(t, Config{Sources: srcs, Native: nat}, w, h)
		waitFrame(t, tm, "▸5 Code", "Code  RoundedRangeKernel…  $0 of 59", "no INFO in this kernel", "▸   $0  L131     _main_0:")
		if w < 160 {
			waitFrame(t, tm, "↳ L159   (W) mov (16|M0) r2.0<1>:ud", "⇡ ll:8   %3 = bitcast i64 %const_reg_qword to <2 x i32>")
		} else {
			// The native listing beside the vISA one.
			waitFrame(t, tm, "$0 of 59 · .asm beside (ctrl+w) · vISA text", "│     $1 L159 (W) mov (16|M0) r2.0<1>:ud")
			waitFrame(t, tm, "· no INFO · XE2 · 72 native · 256 GRF · LOCAL_ROUND_ROBIN_RA · sync 3 · bank conflicts 1",
				"no INFO in this kernel (59 instructions)")
		}
		tm.Send(press("j"))
		waitFrame(t, tm, "▸   $1  L132")
		if w >= 160 {
			waitFrame(t, tm, " •  $1 L159 (W) mov") // the cursor's native lines marked
		}
		tm.Send(press("q"))
		m := final(t, tm)
		if m.focus != focusCode || m.body == nil {
			t.Errorf("focus %v, body %v: want the Code pane on the kernel", m.focus, m.body)
		}
	})
}

// The kernel list (K, from any pane) shows every body with its
// statistics; enter shows a kernel without INFO in the Code pane, and a
// kernel with INFO on its first INFO, selected in the list.
func TestKernelList(t *testing.T) {
	srcs, nat := realSet(t, true)
	tm := startFlow(t, Config{Sources: srcs, Native: nat}, 120, 40)
	waitLoaded(t, tm)
	tm.play(t, [][]string{
		{"", "$0  resinfo.R (M1, 8)"},
		{"K", "kernels: 2", "kernel", "vISA", "native", "GRF", "spill", "sync", "bank", "RA",
			"RoundedRangeKernel…", "59    0    72     256  0     3    1    LOCAL_ROUND_ROBIN",
			"info22_channels", "91    90   291    128  0     -    0    TRIVIAL"},
		{"", "▸ info22_channels"}, // the body the Code pane would show
		{"g", "▸ RoundedRangeKernel…"},
		{"enter", "Code  RoundedRangeKernel…  $0 of 59 · vISA text · no INFO · XE2 · 72 native", "RoundedRangeKernel…: 59 instructions, 0 INFO"},
		{"K", "kernels: 2"},
		{"j", "▸ info22_channels"},
		{"enter", "Code  info22_channels  $0 of 91 · vISA text · DG2 · 291 native", "selected $0 in the list"},
		// A step in the list shows its INFO again (the body picked is let go).
		{"K", "kernels: 2"},
		{"esc", "Code  info22_channels  $0 of 91"},
		{"q"},
	})
	m := final(t, tm)
	if m.body != nil || !m.selOK {
		t.Errorf("body %v, selection %v: want the list's INFO shown", m.body, m.selOK)
	}
}

// Issue 20 item 6: native and LLVM lines are cursor rows under their
// vISA instruction; enter on a native line goes to it in the .asm's own
// order (the native listing), enter there to the vISA instruction it was
// made for, and ⌫ back each step. On a wide pane the native listing is
// beside the vISA one and ctrl+w gives it the keys.
func TestNativeRows(t *testing.T) {
	t.Run("80x24", func(t *testing.T) {
		srcs, nat := realSet(t, false)
		tm := startFlow(t, Config{Sources: srcs, Native: nat}, 80, 24)
		tm.play(t, [][]string{
			{"", "▸   $0  L131     _main_0:"},
			{"j j", "▸       ↳ L159   (W) mov (16|M0)", "·   $1  L132"},
			{"enter", "at L159 of the .asm, in its order", "$1 of 59 · .asm L159 of 243 (ctrl+w back)", "▸•  $1 L159 (W) mov (16|M0)"},
			{"j", "▸•  $1 L160 (W) or (1|M0)"},
			{"j", "▸•  $3 L161 (W) mul (1|M0)"},
			{"enter", "at $3, the vISA instruction of native line L161; ⌫ goes back", "▸       ↳ L161   (W) mul (1|M0)", "·   $3  L134"},
			{"backspace", "▸•  $3 L161 (W) mul (1|M0)"},
			{"backspace", "▸       ↳ L159   (W) mov (16|M0)"},
			// Up from the instruction's line goes to the last row above it.
			{"k k", "▸   $0  L131     _main_0:"},
			// An LLVM line: enter says where it comes from.
			{": 3 enter", "▸   $3  L134"},
			{"j", "▸       ⇡ ll:9   %4 = extractelement <2 x i32> %3, i32 0"},
			{"enter", "LLVM line 9 of OCL_asm23954d4a795eca46_simd32_entry_0003.visa.ll, tagged $3"},
			// A folds the rows away.
			{"A", "native lines folded (A shows them)", "▸   $3  L134"},
			{"q"},
		})
		final(t, tm)
	})
	t.Run("160x50", func(t *testing.T) {
		srcs, nat := realSet(t, false)
		tm := startFlow(t, Config{Sources: srcs, Native: nat}, 160, 50)
		tm.play(t, [][]string{
			{"", "▸   $0  L131     _main_0:", "(ctrl+w)"},
			{": 3 enter", "▸   $3  L134", " •  $3 L161 (W) mul (1|M0)", "⇡ ll:9   %4 = extractelement"},
			{"ctrl+w", "the native listing has the keys", "▸•  $3 L161 (W) mul", "· .asm L161 of 243 (ctrl+w back)"},
			{"k", "▸•  $1 L160 (W) or (1|M0)"},
			{"enter", "at $1, the vISA instruction of native line L160", "▸   $1  L132"},
			{"backspace", "▸•  $1 L160 (W) or (1|M0)"},
			// ctrl+w: the keys back to the vISA listing, where enter left it.
			{"ctrl+w", "▸   $1  L132", "· .asm beside (ctrl+w)"},
			// enter on an instruction with native lines follows its first.
			{"enter", "at L159 of the .asm", "▸•  $1 L159"},
			{"q"},
		})
		final(t, tm)
	})
}

// A click on a line of the .asm beside the vISA listing gives it the
// cursor and the keys; a click on the vISA listing takes them back.
func TestNativeClick(t *testing.T) {
	srcs, nat := realSet(t, false)
	m := newLoaded(Config{Sources: srcs, Native: nat}, 160, 50)
	at := func(want string) (int, int) {
		t.Helper()
		for y, l := range strings.Split(screen(m), "\n") {
			if x := strings.Index(l, want); x >= 0 {
				return len([]rune(l[:x])), y
			}
		}
		t.Fatalf("no %q on screen:\n%s", want, screen(m))
		return 0, 0
	}
	x, y := at("$15 L162 mov (16|M0)")
	m.Update(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
	if s := screen(m); !strings.Contains(s, "▸• $15 L162 mov (16|M0)") || !strings.Contains(s, ".asm L162 of 243 (ctrl+w back)") {
		t.Fatalf("the click did not put the cursor on L162:\n%s", s)
	}
	send(m, "enter")
	if !strings.Contains(screen(m), "at $15, the vISA instruction of native line L162") {
		t.Fatalf("enter did not follow L162:\n%s", screen(m))
	}
	x, y = at("$2  L133")
	m.Update(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
	if s := screen(m); !strings.Contains(s, "▸   $2  L133") || !strings.Contains(s, ".asm beside (ctrl+w)") {
		t.Fatalf("the click on $2 did not take the keys back:\n%s", s)
	}
}

// The kernel list follows the terminal's size, its cursor kept: a
// narrower screen drops columns (bubbles' table must not be handed rows
// wider than its columns), a wider one gives them back.
func TestKernelListResize(t *testing.T) {
	srcs, nat := realSet(t, true)
	m := newLoaded(Config{Sources: srcs, Native: nat}, 200, 40)
	send(m, "K")
	send(m, "g", "j")
	for _, sz := range [][2]int{{80, 24}, {40, 12}, {200, 40}} {
		m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		s := screen(m)
		if !strings.Contains(s, "kernels: 2") || !strings.Contains(s, "▸ info22_channels") {
			t.Fatalf("%dx%d:\n%s", sz[0], sz[1], s)
		}
		row := s[strings.Index(s, "▸ info22_channels"):]
		row = row[:strings.Index(row, "\n")]
		if wide := strings.Contains(row, "info22_channels.DG2.visaasm"); wide != (sz[0] >= 200) {
			t.Errorf("%dx%d: the file column shown %v", sz[0], sz[1], wide)
		}
	}
}

// A reload of a file without INFO shows its new body in the Code pane,
// with its native join asked again, the cursor on the instruction it was
// on: with no INFO selected before and after, the selection looked the
// same and the pane kept the old stream and the old join (the .visa.ll
// gone from the dump set here).
func TestReloadBodyWithoutInfo(t *testing.T) {
	dir := filepath.Join("..", "model", "diff", "testdata", "dumpset")
	const stem = "OCL_asm23954d4a795eca46_simd32_entry_0003"
	read := func(name string) []byte { return testkit.ReadFile(t, filepath.Join(dir, name)) }
	withLL := lower.New(native.Parse(stem+".asm", read(stem+".asm")))
	withLL.LL = native.ParseLL(stem+".visa.ll", read(stem+".visa.ll"))
	join, asked := withLL, 0
	nat := func(string) *lower.Join { asked++; return join }
	src := &memSource{name: stem + ".visaasm", data: read(stem + ".visaasm")}
	m := newLoaded(Config{Sources: []workspace.Source{src}, Native: nat}, 80, 24)
	for m.codePanel().Cursor() < 2 {
		send(m, "j")
	}
	if s := screen(m); !strings.Contains(s, "mov (M1_NM, 2) V0054(0,0)") || !strings.Contains(s, "ll:") {
		t.Fatalf("before the reload, no $2 with its LLVM line:\n%s", s)
	}
	before := asked
	src.set(bytes.Replace(read(stem+".visaasm"), []byte("V0054(0,0)<1> V0055"), []byte("V0099(0,0)<1> V0055"), 1), nil)
	join = lower.New(native.Parse(stem+".asm", read(stem+".asm"))) // the .visa.ll removed
	reload(m, src.name)
	s := screen(m)
	if !strings.Contains(s, "mov (M1_NM, 2) V0099(0,0)") || strings.Contains(s, "ll:") {
		t.Errorf("after the reload, not the new body with the new join:\n%s", s)
	}
	if asked == before {
		t.Error("the native join was not asked again")
	}
	if c := m.codePanel().Cursor(); c != 2 {
		t.Errorf("after the reload the cursor is on $%d, not on $2 where it was", c)
	}
	if b := m.codePanel().Body(); m.body == nil || b != m.body.s {
		t.Errorf("the Code pane shows %p, the body picked is %v", b, m.body)
	}
}
