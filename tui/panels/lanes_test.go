package panels

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/tui/style"
)

func newTestLanes(t *testing.T, b []byte, w, h int) Lanes {
	m := NewLanes(style.New(false, true), DefaultLanesKeyMap())
	m.SetInfo(decodeInfo(t, b, decoder.LayoutAuto))
	m.SetSize(w, h)
	m.Focus()
	return m
}

// wantDispatch checks that the panel reported one edit, of the dispatch
// mask to mask, with no command, and that it shows it.
func wantDispatch(t *testing.T, m *Lanes, cmd tea.Cmd, mask model.ExecMask) {
	t.Helper()
	edits := m.TakeEdits()
	if len(edits) != 1 || cmd != nil {
		t.Fatalf("edits %+v (cmd %v), want one DispatchMaskSet", edits, cmd != nil)
	}
	e, ok := edits[0].(DispatchMaskSet)
	if !ok || e.Mask != mask || m.Dispatch() != mask {
		t.Errorf("mask: edit %+v, panel %s, want %s", edits[0], m.Dispatch(), mask)
	}
}

func TestLanesToggleAndAllNone(t *testing.T) {
	m := newTestLanes(t, resinfoBytes, 80, 14)
	m, cmd := m.Update(press("space"))
	wantDispatch(t, &m, cmd, 0xfffffffe) // cursor starts on EM bit 0
	m, _ = m.Update(press("h"))          // to bit 1
	m, _ = m.Update(press("left"))       // to bit 2
	m, cmd = m.Update(press("space"))
	wantDispatch(t, &m, cmd, 0xfffffffa)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "disabled lanes 0,2") || !strings.Contains(v, "14 of 16 enabled") {
		t.Errorf("view does not list the disabled lanes:\n%s", v)
	}
	m, cmd = m.Update(press("z"))
	wantDispatch(t, &m, cmd, 0)
	m, cmd = m.Update(press("a"))
	wantDispatch(t, &m, cmd, model.AllLanes)
	for range 40 {
		m, _ = m.Update(press("right"))
	}
	if m.Cursor() != 0 {
		t.Errorf("cursor past bit 0: %d", m.Cursor())
	}
	for range 40 {
		m, _ = m.Update(press("l"))
		m, _ = m.Update(press("left"))
		m, _ = m.Update(press("left"))
	}
	if m.Cursor() != 31 {
		t.Errorf("cursor past bit 31: %d", m.Cursor())
	}
}

func TestLanesIgnoresKeysWhileBlurred(t *testing.T) {
	m := newTestLanes(t, resinfoBytes, 80, 14)
	m.Blur()
	for _, k := range []string{"space", "z", "x", "left"} {
		var cmd tea.Cmd
		m, cmd = m.Update(press(k))
		if cmd != nil || m.Editing() || m.Dispatch() != model.AllLanes || m.Cursor() != 0 {
			t.Fatalf("blurred panel acted on %q", k)
		}
	}
}

func TestLanesHexInput(t *testing.T) {
	m := newTestLanes(t, resinfoBytes, 80, 14)
	m, _ = m.Update(press("x"))
	if !m.Editing() {
		t.Fatal("x did not open the hex input")
	}
	// While typing, the panel's own keys are text: "a" and "z" must not
	// change the mask.
	m, _ = m.Update(press("a"))
	if m.Dispatch() != model.AllLanes {
		t.Fatal("a acted while typing")
	}
	for range 12 {
		m, _ = m.Update(press("backspace"))
	}
	m = typeText(m, "xyz")
	m, cmd := m.Update(press("enter"))
	if cmd != nil || !m.Editing() || m.Err() == "" || m.Dispatch() != model.AllLanes {
		t.Fatalf("invalid hex: cmd %v editing %v err %q mask %s", cmd != nil, m.Editing(), m.Err(), m.Dispatch())
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "! bad mask") {
		t.Errorf("error not shown:\n%s", v)
	}
	for range 3 {
		m, _ = m.Update(press("backspace"))
	}
	m = typeText(m, "0xff00")
	m, cmd = m.Update(press("enter"))
	if m.Editing() || m.Err() != "" {
		t.Fatalf("valid hex left the input open: err %q", m.Err())
	}
	wantDispatch(t, &m, cmd, 0xff00)

	// esc cancels without a change.
	m, _ = m.Update(press("x"))
	m = typeText(m, "1234")
	m, cmd = m.Update(press("esc"))
	if m.Editing() || cmd != nil || m.Dispatch() != 0xff00 {
		t.Errorf("esc: editing %v cmd %v mask %s", m.Editing(), cmd != nil, m.Dispatch())
	}
	// Help follows the state.
	if m.KeyMap.Apply.Enabled() || !m.KeyMap.Toggle.Enabled() {
		t.Error("help bindings not reset after editing")
	}
}

func TestLanesClickToggles(t *testing.T) {
	m := newTestLanes(t, resinfoBytes, 80, 14)
	// Row 2 is the dispatch strip; bit 31 is at column 9 and bit 0 at
	// column 9+41.
	m, cmd := m.Update(click(laneLabelW, 2))
	wantDispatch(t, &m, cmd, 0x7fffffff)
	m, cmd = m.Update(click(laneLabelW+stripGeo{}.column(0), 3))
	wantDispatch(t, &m, cmd, 0x7ffffffe)
	if m.Cursor() != 0 {
		t.Errorf("click left the cursor on %d", m.Cursor())
	}
	// The gap between nibbles and other rows are not bits.
	if _, cmd = m.Update(click(laneLabelW+4, 2)); cmd != nil {
		t.Error("click on a gap toggled a bit")
	}
	if _, cmd = m.Update(click(laneLabelW, 7)); cmd != nil {
		t.Error("click below the strips toggled a bit")
	}
	g := stripGeo{labelW: laneLabelW}
	for i := range 32 {
		if b, ok := g.bitAt(g.column(i)); !ok || b != i {
			t.Fatalf("bit %d: column %d maps back to %d", i, g.column(i), b)
		}
	}
}

func TestLanesNoMask(t *testing.T) {
	m := newTestLanes(t, sampleinfoBytes, 80, 14)
	m.SetSession(Session{Dispatch: 0})
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "NoMask (M1_NM): all 8 lanes enabled, EM ignored") || !strings.Contains(v, "8 of 8 enabled") {
		t.Errorf("NoMask not stated:\n%s", v)
	}
}

func TestLanesFitsAnySize(t *testing.T) {
	for _, fx := range [][]byte{resinfoBytes, sampleinfoBytes, seedBytes} {
		for w := 0; w <= 130; w += 9 {
			for h := 0; h <= 16; h += 2 {
				m := newTestLanes(t, fx, w, h)
				m.SetSession(Session{Dispatch: 0x0f0f})
				m, _ = m.Update(press("x"))
				m = typeText(m, "zz")
				m, _ = m.Update(press("enter"))
				checkSize(t, m.View(), w, h)
			}
		}
	}
}

func TestGoldenLanes(t *testing.T) {
	for _, w := range []int{80, 120} {
		t.Run(fmt.Sprintf("resinfo_%d", w), func(t *testing.T) {
			m := newTestLanes(t, resinfoBytes, w, 12)
			m.SetSession(Session{Dispatch: 0xffff00f5})
			for range 5 {
				m, _ = m.Update(press("left"))
			}
			golden.RequireEqual(t, ansi.Strip(m.View()))
		})
		t.Run(fmt.Sprintf("nomask_%d", w), func(t *testing.T) {
			m := newTestLanes(t, sampleinfoBytes, w, 12)
			m.SetSession(Session{Dispatch: 0x0000000f})
			golden.RequireEqual(t, ansi.Strip(m.View()))
		})
		t.Run(fmt.Sprintf("hexinput_%d", w), func(t *testing.T) {
			m := newTestLanes(t, resinfoBytes, w, 12)
			m, _ = m.Update(press("x"))
			for range 12 {
				m, _ = m.Update(press("backspace"))
			}
			m = typeText(m, "12g")
			m, _ = m.Update(press("enter"))
			if !m.Editing() {
				t.Fatal("invalid input closed the editor")
			}
			golden.RequireEqual(t, ansi.Strip(m.View()))
		})
	}
}

// Warnings are wrapped to the panel's width, not cut off: their end says
// what the rule is and who checks it.
func TestLanesWarningsWrap(t *testing.T) {
	m := newTestLanes(t, seedBytes, 80, 14)
	v := ansi.Strip(m.View())
	checkSize(t, m.View(), 80, 14)
	if j := strings.Join(strings.Fields(v), " "); !strings.Contains(j, "the spec requires alignment (the verifier does not check it)") {
		t.Errorf("warning cut off:\n%s", v)
	}
}

// The hex input opens showing the current mask; what the user types first
// replaces it (the input is full at 10 characters, so appending would drop
// every key silently and leave the mask as it was).
func TestLanesHexInputTypingReplaces(t *testing.T) {
	m := newTestLanes(t, resinfoBytes, 80, 14)
	m, _ = m.Update(press("x"))
	m = typeText(m, "f0")
	m, cmd := m.Update(press("enter"))
	if m.Err() != "" {
		t.Fatalf("err %q", m.Err())
	}
	wantDispatch(t, &m, cmd, 0xf0)
	// Moving first keeps the text for editing: backspace then a digit.
	m, _ = m.Update(press("x"))
	m, _ = m.Update(press("right"))
	m, _ = m.Update(press("backspace"))
	m = typeText(m, "1")
	m, cmd = m.Update(press("enter"))
	wantDispatch(t, &m, cmd, 0xf1) // 0x000000f0 -> 0x000000f -> 0x000000f1
}

// TestLanesCompactStrip: at 40 columns (the smallest the inspector draws)
// the strip drops its gaps so that all 32 EM bits, lanes 0-7 above all,
// are on screen, and clicks map to the bit drawn under them.
func TestLanesCompactStrip(t *testing.T) {
	m := newTestLanes(t, resinfoBytes, 40, 14)
	m.SetSession(Session{Dispatch: 0xfffffffe}) // bit 0 off
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	const label = compactLaneLabelW
	disp := lines[rowDispatch]
	if len([]rune(disp)) < label+32 || string([]rune(disp)[label:label+32]) != "11111111111111111111111111111110" {
		t.Fatalf("dispatch strip is not all 32 bits:\n%s", strings.Join(lines, "\n"))
	}
	if hdr := lines[1]; !strings.HasSuffix(strings.TrimRight(hdr, " "), "7      0") {
		t.Errorf("bit numbers: %q", hdr)
	}
	if lanes := []rune(lines[rowLanes]); len(lanes) < label+32 || lanes[label+31] != []rune(m.st.Sym.Disabled)[0] {
		t.Errorf("lane 0 (EM bit 0, off) not drawn disabled at column %d: %q", label+31, lines[rowLanes])
	}
	m, cmd := m.Update(click(label+31, rowDispatch))
	wantDispatch(t, &m, cmd, 0xffffffff)
	m, cmd = m.Update(click(label+8, rowDispatch))
	wantDispatch(t, &m, cmd, 0xff7fffff) // bit 23
}
