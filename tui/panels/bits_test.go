package panels

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"infoscope/decoder"
	"infoscope/tui/style"
)

func newTestBits(t *testing.T, b []byte, layout decoder.Layout, w, h int) Bits {
	m := NewBits(style.New(false, true), DefaultBitsKeyMap())
	m.SetInfo(decodeInfo(t, b, layout))
	m.SetSize(w, h)
	m.Focus()
	return m
}

func TestBitsIgnoresKeysWhileBlurred(t *testing.T) {
	m := newTestBits(t, resinfoBytes, decoder.LayoutAuto, 80, 20)
	m.Blur()
	m, _ = m.Update(press("down"))
	m, _ = m.Update(press("right"))
	if m.Selected() != 0 {
		t.Fatalf("blurred panel moved to field %d", m.Selected())
	}
	if b, bit := m.Cursor(); b != 0 || bit != 7 {
		t.Fatalf("blurred panel moved the cursor to %d.%d", b, bit)
	}
}

func TestBitsFieldSelectionMovesCursor(t *testing.T) {
	m := newTestBits(t, resinfoBytes, decoder.LayoutAuto, 80, 20)
	fields := decodeInfo(t, resinfoBytes, decoder.LayoutAuto).Fields()
	for i := 1; i < len(fields); i++ {
		m, _ = m.Update(press("j"))
		if m.Selected() != i {
			t.Fatalf("after %d downs: field %d", i, m.Selected())
		}
		f := fields[i]
		b, bit := m.Cursor()
		// the cursor sits on the field's first displayed bit: its lowest
		// byte, highest bit in that byte
		if b != f.Byte || bit != min(f.Bit+f.Bits, 8)-1 {
			t.Errorf("field %s: cursor %d.%d", f.Name, b, bit)
		}
	}
	m, _ = m.Update(press("down")) // stays on the last field
	if m.Selected() != len(fields)-1 {
		t.Errorf("moved past the last field: %d", m.Selected())
	}
	m, _ = m.Update(press("home"))
	if m.Selected() != 0 {
		t.Errorf("home: field %d", m.Selected())
	}
}

func TestBitsCursorSelectsFieldUnderIt(t *testing.T) {
	in := decodeInfo(t, resinfoBytes, decoder.LayoutAuto)
	fields := in.Fields()
	m := newTestBits(t, resinfoBytes, decoder.LayoutAuto, 80, 20)
	// Walk the cursor over every bit: the selected field must always hold
	// the bit under the cursor.
	for pos := 0; pos < len(in.Bytes())*8; pos++ {
		b, bit := m.Cursor()
		f := fields[m.Selected()]
		a, lo := b*8+bit, f.Byte*8+f.Bit
		if a < lo || a >= lo+f.Bits {
			t.Fatalf("cursor %d.%d is outside selected field %s (%s)", b, bit, f.Name, bitRange(f))
		}
		m, _ = m.Update(press("l"))
	}
	if b, bit := m.Cursor(); b != len(in.Bytes())-1 || bit != 0 {
		t.Errorf("cursor ran off the end: %d.%d", b, bit)
	}
	// From exec_size (byte 2, bits 3..0; cursor on 2.3), one step left is
	// bit 2.4, which belongs to mask_control.
	m.SetInfo(in)
	for m.Selected() != 2 {
		m, _ = m.Update(press("down"))
	}
	m, _ = m.Update(press("h"))
	if got := fields[m.Selected()].Name; got != "mask_control" {
		t.Errorf("left of exec_size: %s", got)
	}
}

func TestBitsClick(t *testing.T) {
	m := newTestBits(t, resinfoBytes, decoder.LayoutAuto, 80, 20)
	// Row 2 of the panel is byte 0; byte 3 is row 5. Its binary cells start
	// at column 8; the sixth cell (after the nibble gap, column 14) is
	// bit 2, in channel_mask.
	m, _ = m.Update(click(14, 5))
	if b, bit := m.Cursor(); b != 3 || bit != 2 {
		t.Fatalf("click: cursor %d.%d, want 3.2", b, bit)
	}
	if got := m.fields[m.Selected()].Name; got != "channel_mask" {
		t.Errorf("click selected %s", got)
	}
	// A click on a table row selects that field.
	m, _ = m.Update(click(30, 2+7))
	if got := m.fields[m.Selected()].Name; got != "lod.id" {
		t.Errorf("table click selected %s", got)
	}
}

func TestBitsReservedAndDiagnostics(t *testing.T) {
	m := newTestBits(t, seedBytes, decoder.LayoutSeed, 100, 24)
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "! reserved op bits 7..5 are 0b001") {
		t.Errorf("diagnostic missing:\n%s", v)
	}
	// The set reserved bit shows as 1 and the table marks the reserved row
	// that is not zero.
	if !strings.Contains(v, "+01 2a ··10 1010") {
		t.Errorf("byte 1 not shown:\n%s", v)
	}
	if !strings.Contains(v, "! reserved") {
		t.Errorf("non-zero reserved field not marked:\n%s", v)
	}
	// Reserved bits that are zero show as the reserved symbol.
	m2 := newTestBits(t, resinfoBytes, decoder.LayoutAuto, 80, 20)
	if v := ansi.Strip(m2.View()); !strings.Contains(v, "+03 0f ···· 1111") {
		t.Errorf("zero reserved bits not marked:\n%s", v)
	}
}

func TestBitsBitRange(t *testing.T) {
	for _, c := range []struct {
		f    decoder.Field
		want string
	}{
		{decoder.Field{Byte: 2, Bit: 4, Bits: 4}, "[7:4]"},
		{decoder.Field{Byte: 2, Bit: 3, Bits: 1}, "[3]"},
		{decoder.Field{Byte: 5, Bit: 0, Bits: 32}, "[31:0]"},
		{decoder.Field{Byte: 0, Bit: 0, Bits: 8}, "[7:0]"},
		{decoder.Field{Byte: 2, Bit: 4, Bits: 8}, "[11:4]"},
	} {
		if got := bitRange(c.f); got != c.want {
			t.Errorf("bitRange(%+v) = %q, want %q", c.f, got, c.want)
		}
	}
}

func TestBitsFitsAnySize(t *testing.T) {
	for _, fx := range [][]byte{resinfoBytes, sampleinfoBytes} {
		for w := 0; w <= 130; w += 7 {
			for h := 0; h <= 30; h += 3 {
				m := newTestBits(t, fx, decoder.LayoutAuto, w, h)
				for range 20 {
					m, _ = m.Update(press("l"))
				}
				checkSize(t, m.View(), w, h)
			}
		}
	}
	var empty Bits = NewBits(style.New(false, true), DefaultBitsKeyMap())
	empty.SetSize(30, 5)
	if v := empty.View(); !strings.Contains(v, "No INFO instruction") {
		t.Errorf("empty panel: %q", v)
	}
}

func TestGoldenBits(t *testing.T) {
	for _, w := range []int{80, 120} {
		t.Run(fmt.Sprintf("resinfo_%d", w), func(t *testing.T) {
			m := newTestBits(t, resinfoBytes, decoder.LayoutAuto, w, 20)
			for range 9 { // dst.id: a 32-bit field across bytes 11..14
				m, _ = m.Update(press("down"))
			}
			golden.RequireEqual(t, ansi.Strip(m.View()))
		})
		t.Run(fmt.Sprintf("seed_%d", w), func(t *testing.T) {
			m := newTestBits(t, seedBytes, decoder.LayoutSeed, w, 20)
			m, _ = m.Update(press("down"))
			m, _ = m.Update(press("down")) // the reserved op bits
			golden.RequireEqual(t, ansi.Strip(m.View()))
		})
	}
}

// The field table's columns must not move between instructions: a field
// shown for two instructions starts its every column at the same cell, so
// stepping rewrites only the values that differ.
func TestBitsColumnsStableAcrossInstructions(t *testing.T) {
	view := func(b []byte, layout decoder.Layout, w int) []string {
		m := newTestBits(t, b, layout, w, 24)
		return strings.Split(ansi.Strip(m.View()), "\n")
	}
	for _, w := range []int{80, 120} {
		a := view(resinfoBytes, decoder.LayoutAuto, w)
		b := view(sampleinfoBytes, decoder.LayoutAuto, w)
		c := view(seedBytes, decoder.LayoutSeed, w)
		// Row 1 is the column heading; rows 2.. the fields.
		if a[1] != b[1] || a[1] != c[1] {
			t.Errorf("width %d: headings differ:\n%s\n%s\n%s", w, a[1], b[1], c[1])
		}
		// The opcode and surface rows hold the same values in the 17- and
		// 11-byte instructions (T6, 0x70): they must be identical.
		for _, name := range []string{"opcode", "surface"} {
			ra, rb := rowOf(a, name), rowOf(b, name)
			// Past the hex view, which shows different bytes.
			if ra == "" || rb == "" || ansi.Cut(ra, 18, w) != ansi.Cut(rb, 18, w) {
				t.Errorf("width %d: %s rows differ:\n%s\n%s", w, name, ra, rb)
			}
		}
	}
	// Every field of every sample fits its column.
	for _, b := range [][]byte{resinfoBytes, sampleinfoBytes, seedBytes} {
		for _, f := range decodeInfo(t, b, decoder.LayoutAuto).Fields() {
			if len(f.Name) > nameColW || len(byteRange(f)) > byteColW || len(bitRange(f)) > bitsColW ||
				len(binary(f.Raw, f.Bits)) > binColW {
				t.Errorf("field %s (%s) is wider than its columns", f.Name, bitRange(f))
			}
		}
	}
}

func rowOf(lines []string, field string) string {
	for _, l := range lines {
		if strings.Contains(l, " "+field+" ") {
			return l
		}
	}
	return ""
}

// Issue 12 item 6: the hex bytes and the field table are visibly separate
// (they scroll apart), hidden bytes are counted, the reserved-bit symbol
// is explained, and bit ranges read as [hi:lo], not as version numbers.
func TestBitsMarksAndSeparation(t *testing.T) {
	m := newTestBits(t, resinfoBytes, decoder.LayoutAuto, 80, 16)
	v := ansi.Strip(m.View())
	wantView(t, "view", v, "│", "↓ +", "more", "· = reserved, 0", "[7:0]", "[31:0]")
	if strings.Contains(v, "0.7..0") || strings.Contains(v, "8.7..5.0") {
		t.Errorf("bit ranges read like versions:\n%s", v)
	}
}

// TestBitsSmallShowsWhatFits (issue 24 item 13): at 40x12 the panel has 5
// rows; it showed the headers and "more" lines with no byte and no field.
// It now shows the selected byte and field, and says which of how many.
func TestBitsSmallShowsWhatFits(t *testing.T) {
	m := newTestBits(t, resinfoBytes, decoder.LayoutAuto, 40, 5)
	m, _ = m.Update(press("down"))
	v := ansi.Strip(m.View())
	if !regexp.MustCompile(`\+0[0-9a-f] [0-9a-f]{2} [01·]{4} [01·]{4}`).MatchString(v) {
		t.Errorf("no byte shown at 40x5:\n%s", v)
	}
	wantView(t, "40x5", v, "of 17 bytes", "field 2 of", "▸ "+m.fields[1].Name)
}
