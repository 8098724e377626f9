package tui

import (
	"bytes"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"strconv"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
	"infoscope/model/diff"
	"infoscope/model/workspace"
	"infoscope/sampledata/testkit"
)

// The inputs of the comparison tests are model/diff's and the decoder's
// (see their PROVENANCE.md).
const (
	diffTritonA   = "../model/diff/testdata/triton_matmul.visaasm"
	diffTritonB   = "../model/diff/testdata/triton_matmul.inserted.visaasm"
	diffChannels  = "../decoder/testdata/oracle/info_channels.dis.visaasm"
	diffTritonSum = "vISA 707, INFO 0; 1 added, 1 removed, 1 changed, 0 declarations"
)

// diffConfig is the session of infoscope diff A B: B's bytes its source,
// the comparison of A's and B's decodings its Diff.
func diffConfig(t *testing.T, nameA string, a []byte, nameB string, b []byte) Config {
	t.Helper()
	fa := visatext.Decode(nameA, a, decoder.Options{})
	fb := visatext.Decode(nameB, b, decoder.Options{})
	p := diff.PairBodies(diff.Bodies([]*decoder.File{fa}), diff.Bodies([]*decoder.File{fb}))
	d := &Diff{A: nameA, B: nameB, Kernels: diff.CompareAll(p.Pairs, diff.Options{}, 1), OnlyA: p.OnlyA, OnlyB: p.OnlyB}
	return Config{Sources: []workspace.Source{workspace.BytesSource(nameB, b)}, Diff: d, Mono: true}
}

// tritonPair is the triton kernel against B: the same with one
// instruction inserted at $5, A's $6 with its immediate changed and A's
// $25 removed (every later $N one less).
func tritonPair(t *testing.T) Config {
	b := testkit.ReadFile(t, diffTritonB)
	b = bytes.Replace(b, []byte("shr (M1_NM, 1) V0123(0,0)<1> V0121(0,0)<0;1,0> 0x4:d"), []byte("shr (M1_NM, 1) V0123(0,0)<1> V0121(0,0)<0;1,0> 0x5:d"), 1)
	var lines []string
	for _, l := range strings.Split(string(b), "\n") {
		i := strings.Index(l, "/// $")
		if i < 0 {
			lines = append(lines, l)
			continue
		}
		n, _ := strconv.Atoi(l[i+5:])
		switch {
		case n == 26:
			continue
		case n > 26:
			l = l[:i+5] + strconv.Itoa(n-1)
		}
		lines = append(lines, l)
	}
	return diffConfig(t, "a.visaasm", testkit.ReadFile(t, diffTritonA), "b.visaasm", []byte(strings.Join(lines, "\n")))
}

// Issue 21 item 5: infoscope diff A B opens the inspector on B, its Code
// pane on the first change (+, the insertion), the header naming both
// builds and the pair's statistics; } and { go to the next and previous
// change: a ~ with A's line beside it (160 columns) or beneath it (80),
// then a - with A's removed line in place. Monochrome: the marks are
// symbols.
func TestDiffInInspector(t *testing.T) {
	atSizes(t, [][2]int{{80, 24}, {160, 50}}, func(t *testing.T, w, h int) {
		tm := startFlow(t, tritonPair(t), w, h)
		waitFrame(t, tm, "▸5 Code", "infoscope diff A a.visaasm",
			"▸+    $5 mov (M1_NM, 1) V0202(0,0)<1> 0x2a:d", "change 1 of 3", "added in B",
			"matmul_kernel_with_tensor_descriptors differs: } and { go to its next")
		if w >= 160 {
			waitFrame(t, tm, "infoscope diff A a.visaasm → B b.visaasm: 1 paired, 1 differ · vISA 707, INFO 0; 1 added, 1 removed")
			waitFrame(t, tm, "Code  matmul_kernel_with_tensor_descriptors  B $5 · "+diffTritonSum,
				"$6 mulh (M1_NM, 1) V0121(0,0)<1> V0120(0,0)<0;1,0> 0xaaaaaaab:ud", "│    $5 mulh")
		}
		tm.Send(press("}"))
		waitFrame(t, tm, "change 2 of 3", "changed: A $6 → B $7: src1 immediate: 0x4 → 0x5",
			"▸~    $7 shr (M1_NM, 1) V0123(0,0)<1> V0121(0,0)<0;1,0> 0x5:d")
		if w >= 160 {
			waitFrame(t, tm, "0x5:d", "│    $6 shr (M1_NM, 1) V0123(0,0)<1> V0121(0,0)<0;1,0> 0x4:d")
		} else {
			waitFrame(t, tm, "was A $6 shr (M1_NM, 1) V0123(0,0)<1> V0121(0,0)<0;1,0> 0x4:d")
		}
		tm.Send(press("}"))
		waitFrame(t, tm, "change 3 of 3", "removed: A $25")
		if w >= 160 {
			waitFrame(t, tm, "▸-  ", "│   $25 mov (M1_NM, 1) V0133(0,0)<1> V0134(0,0)<0;1,0>")
		} else {
			waitFrame(t, tm, "▸-       A $25 mov (M1_NM, 1) V0133(0,0)<1> V0134(0,0)<0;1,0>")
		}
		tm.play(t, [][]string{
			{"}", "no change after this one"},
			{"{ {", "change 1 of 3"},
			// D: B alone, as the plain Code pane shows it; D again: A beside.
			{"D", "the listing of B alone", "Code  matmul_kernel_with_tensor_descriptors  $5 of 707"},
			{"D", "A beside B", "change 1 of 3"},
			{"q"},
		})
		m := final(t, tm)
		if m.focus != focusCode {
			t.Errorf("focus %v", m.focus)
		}
	})
}

// The list marks the INFO a comparison found changed (~); selecting it
// shows its change in the Code pane, field by field as the Bits panel
// names them.
func TestDiffMarksChangedInfo(t *testing.T) {
	a := testkit.ReadFile(t, diffChannels)
	b := bytes.Replace(a, []byte("sampleinfo.RG (M1, 8)"), []byte("sampleinfo.RGB (M1, 8)"), 1)
	cfg := diffConfig(t, "a.visaasm", a, "b.visaasm", b)
	tm := startFlow(t, cfg, 120, 40)
	tm.play(t, [][]string{
		{"", "change 1 of 1", "changed: A $9 → B $9: channel_mask: 3 (RG) → 7 (RGB); lanes 0-7 RGBA:", "▸~◆  $9 sampleinfo.RGB (M1, 8)  T2 res.0"},
		{"1", "▸ L45       ~info_channels $9  sampleinfo.RGB (M1, 8)", "  L44        info_channels $8  resinfo.RG (M1, 8)"},
		{"q"},
	})
	m := final(t, tm)
	marked := 0
	for row := range m.list.rows.Len() {
		lc := m.list.rows.Loc(row)
		if m.diff.kindOf(m.list.rows.File(lc), m.list.rows.Stream(lc), m.list.rows.Info(lc).Inst) != diff.Same {
			marked++
			if !strings.Contains(m.list.rows.Info(lc).Text(), "sampleinfo.RGB") {
				t.Errorf("row %d marked: %s", row, m.list.rows.Info(lc).Text())
			}
		}
	}
	if marked != 1 {
		t.Errorf("%d rows marked, want 1", marked)
	}
}

// Builds that are the same open on the first body, and say so.
func TestDiffSame(t *testing.T) {
	a := testkit.ReadFile(t, diffTritonA)
	tm := startFlow(t, diffConfig(t, "a.visaasm", a, "b.visaasm", a), 120, 40)
	waitFrame(t, tm, "1 paired, 0 differ", "the builds are the same")
	tm.Send(press("q"))
	final(t, tm)
}

// TestDiffEscapesNeverRendered: escape sequences in both builds' names
// and texts reach the comparison's screens as text.
func TestDiffEscapesNeverRendered(t *testing.T) {
	const h = "\x1b]0;pwn\a\x1b[2J\x1b[5;38;2;1;2;3m\u009b31m\u202e"
	text := ".version 4.1\n.kernel \"k" + h + "\"\n.decl T6 v_type=T num_elts=1 v_name=surf" + h + "\n" +
		"L" + h + ":\n    resinfo.RGBA (M1, 16)  T6 V1.0 V2.0 /// " + h + "\n    goto (M1, 16) L" + h + "\n    ret (M1, 1)\n"
	b := strings.Replace(text, "RGBA", "RG", 1) + "    mov" + h + " (M1, 8) V1(0,0)<1> 0x1:d\n"
	cfg := diffConfig(t, "a"+h, []byte(text), "b"+h, []byte(b))
	cfg.Mono = false
	cfg.Diff.A, cfg.Diff.B = "A"+h, "B"+h
	m := newLoaded(cfg, 120, 40)
	for _, k := range []string{"", "}", "{", "D", "D", "1"} {
		if k != "" {
			send(m, k)
		}
		v := m.View()
		for _, s := range []string{"\x1b]", "\a", "\x1b[2J", "\x1b[5;38;2;1;2;3m", "\u009b", "\u202e"} {
			if strings.Contains(v.Content, s) || strings.Contains(v.WindowTitle, s) {
				t.Errorf("after %q: %q reached the screen", k, s)
			}
		}
		if !strings.Contains(v.Content, "?]0;pwn") {
			t.Errorf("after %q: the hostile names are not shown:\n%s", k, v.Content)
		}
	}
}

// A click on a row of the comparison puts the cursor on it.
func TestDiffClick(t *testing.T) {
	m := newLoaded(tritonPair(t), 80, 24)
	var r rect
	for _, p := range m.lay.panes {
		if p.id == focusCode {
			r = p.r
		}
	}
	if r.h == 0 {
		t.Fatal("the Code pane is not shown")
	}
	line := func(y int) string { return strings.Split(ansi.Strip(m.View().Content), "\n")[y] }
	// The pane's title is its line 0, its first rows lines 1, 2, 3.
	if l := line(r.y + 3); strings.HasPrefix(l, "▸") || !strings.Contains(l, "$") {
		t.Fatalf("line 3 of the pane: %q", l)
	}
	m.Update(tea.MouseClickMsg{X: r.x + 5, Y: r.y + 3, Button: tea.MouseLeft})
	if l := line(r.y + 3); !strings.HasPrefix(l, "▸") {
		t.Errorf("after the click, line 3 of the pane: %q", l)
	}
}

// A declaration that changed (a variable's type) is said under the
// listing, with the instructions that use it.
func TestDiffDeclarations(t *testing.T) {
	a := testkit.ReadFile(t, diffTritonA)
	b := bytes.Replace(a, []byte(".decl V0202 v_type=G type=d num_elts=2"), []byte(".decl V0202 v_type=G type=ud num_elts=2"), 1)
	if bytes.Equal(a, b) {
		t.Fatal("no V0202 declaration to change")
	}
	m := newLoaded(diffConfig(t, "a.visaasm", a, "b.visaasm", b), 160, 50)
	send(m, "g") // the first row: no change under the cursor
	v := ansi.Strip(m.View().Content)
	if !strings.Contains(v, "declarations changed: V0202/V0202: type d → ud") {
		t.Errorf("the declaration's change is not said:\n%s", v)
	}
}
