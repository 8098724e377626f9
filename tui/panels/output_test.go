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

// newTestOutput returns a focused Output panel under a root whose surface
// file (returned) starts empty, showing the one INFO of b.
func newTestOutput(t *testing.T, b []byte, w, h int) (testOutput, *model.SurfaceFile) {
	f := model.NewSurfaceFile()
	m := newOutputOn(f, w, h)
	m.show(decodeInfo(t, b, decoder.LayoutAuto), model.Scope{})
	return m, f
}

// setDispatch changes the root's dispatch mask and hands it to the panel.
func (m *testOutput) setDispatch(mask model.ExecMask) {
	m.r.f.DispatchMask = mask
	m.SetSession(m.r.session())
}

// toRow moves the form cursor to row r.
// typeInto opens form row r (with enter: digits switch panes) and types
// text into it; the field stays open.
func typeInto(m testOutput, r int, text string) testOutput {
	m = toRow(m, r)
	m, _ = m.Update(press("enter"))
	return typeText(m, text)
}

func toRow(m testOutput, r int) testOutput {
	for range 20 {
		m, _ = m.Update(press("up"))
	}
	for range r {
		m, _ = m.Update(press("down"))
	}
	return m
}

// wantSurfaceChanged fails unless the last Update reported one edit of
// the surface file (a description, the LOD list or the GRF size).
func wantSurfaceChanged(t *testing.T, m testOutput) {
	t.Helper()
	if len(m.r.applied) != 1 {
		t.Fatalf("edits %+v, want one", m.r.applied)
	}
	switch m.r.applied[0].(type) {
	case SurfaceEdited, LODSet, GRFSet:
	default:
		t.Fatalf("edit %T, want one of the surface file", m.r.applied[0])
	}
}

func cellOf(m testOutput, lane, ch int) model.Cell { return m.Result().Lanes[lane].Cells[ch] }

func TestOutputDefaultsUntilEdited(t *testing.T) {
	m, f := newTestOutput(t, resinfoBytes, 80, 24)
	if m.Surface() != model.DefaultSurface() {
		t.Fatalf("surface %+v, want the default", m.Surface())
	}
	if len(f.Surfaces) != 0 {
		t.Fatal("loading wrote into the file")
	}
	// Default 2D 64x32, MIPCount 7, LOD 0: R=64, G=32, B=0, A=7.
	for ch, want := range []uint32{64, 32, 0, 7} {
		if c := cellOf(m, 0, ch); c.State != model.CellWritten || c.Value != want {
			t.Errorf("channel %d: %+v, want written %d", ch, c, want)
		}
	}
}

func TestOutputTypeCycles(t *testing.T) {
	m, f := newTestOutput(t, resinfoBytes, 80, 24)
	m, _ = m.Update(press("right"))
	wantSurfaceChanged(t, m)
	if m.Surface().Type != model.Surface2DArray || f.Surfaces["T6"].Type != model.Surface2DArray {
		t.Fatalf("right: type %s, file %+v", m.Surface().Type, f.Surfaces)
	}
	for range 4 {
		m, _ = m.Update(press("l"))
	}
	if m.Surface().Type != model.Surface1D { // 2d_array -> 3d -> cube -> buffer -> 1d
		t.Errorf("wrap: %s", m.Surface().Type)
	}
	m, _ = m.Update(press("left"))
	if m.Surface().Type != model.SurfaceBuffer {
		t.Errorf("left wrap: %s", m.Surface().Type)
	}
	// Typing a unique prefix and enter sets the type.
	m, _ = m.Update(press("enter")) // a field opens with enter (digits switch panes)
	m = typeText(m, "3")
	if !m.Editing() {
		t.Fatal("enter on the type row did not start an edit")
	}
	m, _ = m.Update(press("enter"))
	wantSurfaceChanged(t, m)
	if m.Surface().Type != model.Surface3D || m.Editing() {
		t.Errorf("typed 3: %s, editing %v", m.Surface().Type, m.Editing())
	}
	// An ambiguous prefix is refused and keeps the type.
	m, _ = m.Update(press("enter")) // a field opens with enter (digits switch panes)
	m = typeText(m, "2")
	m, cmd := m.Update(press("enter"))
	if cmd != nil || len(m.r.applied) != 0 || m.Err() == "" || m.Surface().Type != model.Surface3D || !m.Editing() {
		t.Errorf("ambiguous 2: cmd %v err %q type %s", cmd != nil, m.Err(), m.Surface().Type)
	}
	m, _ = m.Update(press("esc"))
	if m.Editing() || m.Err() != "" {
		t.Error("esc did not cancel")
	}
}

func TestOutputNumericEdit(t *testing.T) {
	m, f := newTestOutput(t, resinfoBytes, 80, 24)
	m = typeInto(m, 1, "127") // Width
	if !m.Editing() {
		t.Fatal("enter did not start an edit")
	}
	if v := m.input.Value(); v != "127" {
		t.Fatalf("enter on Width 63 then 127: %q, want the value replaced", v)
	}
	m, _ = m.Update(press("enter"))
	wantSurfaceChanged(t, m)
	if m.Surface().Width != 127 || f.Surfaces["T6"].Width != 127 {
		t.Fatalf("width %d, file %+v", m.Surface().Width, f.Surfaces["T6"])
	}
	if c := cellOf(m, 0, 0); c.Value != 128 {
		t.Errorf("R after width 127: %+v", c)
	}
	// Out of range: error shown, old value kept, input still open.
	m, _ = m.Update(press("e"))
	for range 5 {
		m, _ = m.Update(press("backspace"))
	}
	m = typeText(m, "99999")
	m, cmd := m.Update(press("enter"))
	if cmd != nil || len(m.r.applied) != 0 || !m.Editing() || !strings.Contains(m.Err(), "out of range") || m.Surface().Width != 127 {
		t.Fatalf("out of range: cmd %v editing %v err %q width %d", cmd != nil, m.Editing(), m.Err(), m.Surface().Width)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "! width: 99999 out of range") {
		t.Errorf("error not on screen:\n%s", v)
	}
	// Not a number.
	for range 5 {
		m, _ = m.Update(press("backspace"))
	}
	m = typeText(m, "12a")
	m, _ = m.Update(press("enter"))
	if !strings.Contains(m.Err(), "not a number") || m.Surface().Width != 127 {
		t.Errorf("12a: err %q width %d", m.Err(), m.Surface().Width)
	}
	m, _ = m.Update(press("esc"))
	if m.Editing() || m.Surface().Width != 127 {
		t.Error("esc changed the value or kept editing")
	}
	// Hex with 0x, and decimal with leading zeros stays decimal.
	m, _ = m.Update(press("enter"))
	m = typeText(m, "0x1f") // replaces the selected value
	m, _ = m.Update(press("enter"))
	if m.Surface().Width != 31 {
		t.Errorf("0x1f: width %d", m.Surface().Width)
	}
	m, _ = m.Update(press("enter")) // a field opens with enter (digits switch panes)
	m = typeText(m, "010")
	m, _ = m.Update(press("enter"))
	if m.Surface().Width != 10 {
		t.Errorf("010: width %d", m.Surface().Width)
	}
	// ←/→ step the value and stop at the range's ends.
	m, _ = m.Update(press("right"))
	wantSurfaceChanged(t, m)
	if m.Surface().Width != 11 {
		t.Errorf("right: width %d", m.Surface().Width)
	}
	m = toRow(m, 3) // Depth 0
	if m, cmd = m.Update(press("left")); cmd != nil || len(m.r.applied) != 0 || m.Surface().Depth != 0 {
		t.Errorf("left below 0: cmd %v depth %d", cmd != nil, m.Surface().Depth)
	}
}

func TestOutputLOD(t *testing.T) {
	m, f := newTestOutput(t, resinfoBytes, 80, 24)
	m = typeInto(m, m.lodRow(), "2")
	m, _ = m.Update(press("enter"))
	wantSurfaceChanged(t, m)
	if len(f.LOD) != 1 || f.LOD[0] != 2 {
		t.Fatalf("file LOD %v", f.LOD)
	}
	if c := cellOf(m, 5, 0); c.Value != 16 { // 64>>2
		t.Errorf("R at LOD 2: %+v", c)
	}
	m, _ = m.Update(press("enter"))
	for range 3 {
		m, _ = m.Update(press("backspace"))
	}
	m = typeText(m, "0,1,2,3,4,5,6,7,0,1,2,3,4,5,6,7")
	m, _ = m.Update(press("enter"))
	if len(f.LOD) != 16 || f.LOD[3] != 3 {
		t.Fatalf("per-lane LOD %v (err %q)", f.LOD, m.Err())
	}
	if c := cellOf(m, 3, 1); c.Value != 4 { // G = 32>>3
		t.Errorf("G at lane 3: %+v", c)
	}
	// ←/→ refuse to step a per-lane list.
	var cmd tea.Cmd
	if m, cmd = m.Update(press("right")); cmd != nil || len(m.r.applied) != 0 || m.Err() != "lod: per-lane values; press enter to edit them" {
		t.Errorf("stepping a per-lane list was allowed (err %q)", m.Err())
	}
	m, _ = m.Update(press("enter"))
	m = typeText(m, ",x")
	m, _ = m.Update(press("enter"))
	if m.Err() == "" || len(f.LOD) != 16 {
		t.Errorf("bad LOD accepted: err %q lod %v", m.Err(), f.LOD)
	}
}

func TestOutputTableCursorAndGRF(t *testing.T) {
	m, _ := newTestOutput(t, resinfoBytes, 80, 24)
	m.setDispatch(0xfffffffd) // lane 1 off
	m, _ = m.Update(press("t"))
	if in := m.inTable; !in {
		t.Fatal("t did not enter the table")
	}
	m, _ = m.Update(press("down"))
	m, _ = m.Update(press("right"))
	if l, c := m.lane, m.ch; l != 1 || c != 1 {
		t.Fatalf("cell cursor %d,%d", l, c)
	}
	if c := cellOf(m, 1, 1); c.State != model.CellUnchanged {
		t.Fatalf("lane 1 G: %+v", c)
	}
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "lane 1 (EM bit 1) G: · old  "+cellOf(m, 1, 1).Formula) {
		t.Errorf("formula of the cell under the cursor missing:\n%s", v)
	}
	// Up from lane 0 returns to the form's last row.
	m, _ = m.Update(press("up"))
	m, _ = m.Update(press("up"))
	if r, in := m.row, m.inTable; in || r != m.grfRow() {
		t.Errorf("up from lane 0: row %d, in table %v", r, in)
	}
	if got := m.Result().Dst[1].GRFs; got != "V33+GRF2..3" {
		t.Errorf("32-byte G chunk: %s", got)
	}
	m, _ = m.Update(press("g"))
	if m.grfBytes() != 64 || m.Result().Dst[1].GRFs != "V33+GRF1" {
		t.Errorf("64-byte GRFs: %d %s", m.grfBytes(), m.Result().Dst[1].GRFs)
	}
	m, _ = m.Update(press("enter")) // enter on the GRF row toggles back
	if m.grfBytes() != 32 {
		t.Errorf("enter on the GRF row: %d", m.grfBytes())
	}
}

// The form's key hints come from the bindings: with the defaults they
// read as they always did (the goldens hold some), and a rebinding
// changes them.
func TestOutputHintsFollowBindings(t *testing.T) {
	rebound := DefaultOutputKeyMap()
	rebound.Left = NewBinding("less / prev", "a")
	rebound.Right = NewBinding("more / next", "ctrl+d", "d")
	rebound.Edit = NewBinding("edit field", "i")
	rebound.GRF = NewBinding("GRF 32/64 bytes", "x")
	rebound.Apply, rebound.Cancel = NewBinding("apply", "tab"), NewBinding("cancel", "ctrl+g")
	rebound.setEditing(false)
	for _, tc := range []struct {
		km                     OutputKeyMap
		typ, field, grf, typed string
	}{
		{DefaultOutputKeyMap(), "· ←/→ cycle, or enter and type", "←/→ steps, enter or e edits", "· enter, ←/→ or g toggles", "enter apply · esc cancel"},
		{rebound, "· a/ctrl+d cycle, or i and type", "a/ctrl+d steps, i edits", "· i, a/ctrl+d or x toggles", "tab apply · ctrl+g cancel"},
	} {
		m, _ := newTestOutput(t, resinfoBytes, 80, 24)
		m.KeyMap = tc.km
		wantView(t, "the Type row", ansi.Strip(m.View()), tc.typ)
		m, _ = m.Update(press("down"))
		wantView(t, "the Width row", ansi.Strip(m.View()), tc.field)
		m, _ = m.Update(press("t"))
		m, _ = m.Update(press("up"))
		wantView(t, "the GRF row", ansi.Strip(m.View()), tc.grf)
		m, _ = m.Update(press("up"))
		m, _ = m.Update(press(tc.km.Edit.Keys()[0]))
		wantView(t, "the LOD being typed", ansi.Strip(m.View()), tc.typed)
	}
}

func TestOutputSampleinfo(t *testing.T) {
	m, _ := newTestOutput(t, sampleinfoBytes, 120, 24)
	m.setDispatch(0) // NoMask: all lanes written anyway
	want := []model.CellState{model.CellWritten, model.CellNotReturned, model.CellNotReturned, model.CellWritten}
	for ch, st := range want {
		if c := cellOf(m, 0, ch); c.State != st {
			t.Errorf("channel %d: %s, want %s", ch, c.State, st)
		}
	}
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "× -") || !strings.Contains(v, "not read: sampleinfo has no LOD operand") {
		t.Errorf("sampleinfo view:\n%s", v)
	}
	// A 3D surface: the spec leaves SAMPLEINFO undefined.
	m, _ = m.Update(press("right"))
	m, _ = m.Update(press("right"))
	if c := cellOf(m, 0, 0); c.State != model.CellUndefined {
		t.Errorf("sampleinfo on 3d: %+v", c)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "? n/a") {
		t.Errorf("undefined cells not marked:\n%s", v)
	}
}

func TestOutputSharedFileAndKey(t *testing.T) {
	// T6 declared as "img" (an object file's surface table).
	st := decoder.Walk(resinfoBytes, 0, decoder.WalkOptions{Layout: decoder.LayoutIGC, Symbols: &decoder.Symbols{Surfaces: []string{"img"}}})
	if st.NumInfos() != 1 || st.Info(0).SurfaceDecl() != "img" {
		t.Fatalf("fixture: %v %d INFO", st.Err, st.NumInfos())
	}
	in := st.Info(0)
	f := model.NewSurfaceFile()
	f.Surfaces["img"] = model.Surface{Type: model.Surface1D, Width: 7, MIPCount: 1}
	m := newOutputOn(f, 80, 24)
	m.show(in, model.Scope{})
	if m.Surface().Type != model.Surface1D {
		t.Fatalf("surface by declared name not loaded: %+v", m.Surface())
	}
	m = toRow(m, 1)
	m, _ = m.Update(press("right"))
	if f.Surfaces["img"].Width != 8 {
		t.Errorf("edit not written under the existing key: %+v", f.Surfaces)
	}
	if _, ok := f.Surfaces["T6"]; ok {
		t.Error("edit duplicated the surface under T6")
	}
}

func TestOutputIgnoresKeysWhileBlurred(t *testing.T) {
	m, f := newTestOutput(t, resinfoBytes, 80, 24)
	m.Blur()
	for _, k := range []string{"right", "1", "enter", "t", "g", "down"} {
		var cmd tea.Cmd
		m, cmd = m.Update(press(k))
		if cmd != nil || len(m.r.applied) != 0 || m.Editing() || len(f.Surfaces) != 0 || m.grfBytes() != 32 {
			t.Fatalf("blurred panel acted on %q", k)
		}
	}
	if r, in := m.row, m.inTable; r != 0 || in {
		t.Error("blurred panel moved")
	}
}

func TestOutputClick(t *testing.T) {
	// Stacked (narrow): the form, a blank line, the table headings, lanes.
	m, _ := newTestOutput(t, resinfoBytes, 60, 40)
	if m.geometry().side {
		t.Fatal("60 columns should stack")
	}
	m, _ = m.Update(click(3, 1+2)) // body line 2: Height
	if r, in := m.row, m.inTable; r != 2 || in {
		t.Fatalf("click on Height: row %d in table %v", r, in)
	}
	cw := m.geometry().cellW
	y := 1 + m.formRows() + 2 + 3
	m, _ = m.Update(click(tableLeftW+2*(cw+1)+1, y))
	if l, c := m.lane, m.ch; l != 3 || c != 2 {
		t.Errorf("stacked: click on lane 3 B gave %d,%d", l, c)
	}
	// Side by side (80 columns): the table starts right of the form.
	m, _ = newTestOutput(t, resinfoBytes, 80, 40)
	g := m.geometry()
	if !g.side {
		t.Fatal("80 columns should be side by side")
	}
	m, _ = m.Update(click(g.leftW+2+tableLeftW+3*(g.cellW+1), 1+1+5))
	if l, c := m.lane, m.ch; l != 5 || c != 3 {
		t.Errorf("side: click on lane 5 A gave %d,%d", l, c)
	}
	if in := m.inTable; !in {
		t.Error("side: click in the table did not enter it")
	}
	m, _ = m.Update(click(4, 1+4))
	if r, in := m.row, m.inTable; r != 4 || in {
		t.Errorf("side: click on MIPCount: row %d in table %v", r, in)
	}
}

func TestOutputFitsAnySize(t *testing.T) {
	for _, fx := range [][]byte{resinfoBytes, sampleinfoBytes, seedBytes} {
		for w := 0; w <= 140; w += 11 {
			for h := 0; h <= 40; h += 4 {
				f := model.NewSurfaceFile()
				m := newOutputOn(f, w, h)
				m.show(decodeInfo(t, fx, decoder.LayoutAuto), model.Scope{})
				checkSize(t, m.View(), w, h)
				m, _ = m.Update(press("t"))
				for range 20 {
					m, _ = m.Update(press("down"))
				}
				checkSize(t, m.View(), w, h)
				m = typeInto(m, m.lodRow(), "1,2,3,4,5,6,7,8,9,10,11,12,13")
				checkSize(t, m.View(), w, h)
			}
		}
	}
	m := NewOutput(style.New(false, true), DefaultOutputKeyMap())
	m.SetSize(40, 5)
	m.Focus()
	m, _ = m.Update(press("right"))
	if v := m.View(); !strings.Contains(v, "No INFO instruction") {
		t.Errorf("no instruction: %q", v)
	}
}

func TestGoldenOutput(t *testing.T) {
	for _, w := range []int{80, 120} {
		t.Run(fmt.Sprintf("form_%d", w), func(t *testing.T) {
			m, _ := newTestOutput(t, resinfoBytes, w, 24)
			m.setDispatch(0xfffffff5)
			m = typeInto(m, 1, "12")
			golden.RequireEqual(t, ansi.Strip(m.View()))
		})
		t.Run(fmt.Sprintf("table_%d", w), func(t *testing.T) {
			m, _ := newTestOutput(t, resinfoBytes, w, 24)
			m.setDispatch(0xfffffff5)
			m = typeInto(m, m.lodRow(), "0,1,2,3")
			m, _ = m.Update(press("enter"))
			m, _ = m.Update(press("t"))
			for range 3 {
				m, _ = m.Update(press("down"))
			}
			m, _ = m.Update(press("right"))
			golden.RequireEqual(t, ansi.Strip(m.View()))
		})
		t.Run(fmt.Sprintf("sampleinfo_%d", w), func(t *testing.T) {
			m, _ := newTestOutput(t, sampleinfoBytes, w, 24)
			m, _ = m.Update(press("t"))
			for range 3 {
				m, _ = m.Update(press("right"))
			}
			golden.RequireEqual(t, ansi.Strip(m.View()))
		})
	}
}

// A 1024-texel surface (Width 1023) gives 4-digit results; at 80 columns the
// table must stay beside the form, as it does for 64 texels. Cell widths are
// display cells: "● 1024" is 6 cells though 8 bytes.
func TestOutputSideBySideWithFourDigitValues(t *testing.T) {
	m, _ := newTestOutput(t, resinfoBytes, 80, 24)
	m = typeInto(m, 1, "1023")
	m, _ = m.Update(press("enter"))
	if c := cellOf(m, 0, 0); c.Value != 1024 {
		t.Fatalf("R = %d, want 1024", c.Value)
	}
	g := m.geometry()
	if !g.side {
		t.Fatalf("80 columns with 4-digit results stacked the table (cell width %d)", g.cellW)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(strings.Split(v, "\n")[1], "lane EM") {
		t.Errorf("table headings not beside the form:\n%s", v)
	}
}

// A number too big for 32 bits is refused with the field's own range, not
// the 32-bit one: Width stops at 16383.
func TestOutputHugeNumberNamesFieldRange(t *testing.T) {
	m, _ := newTestOutput(t, resinfoBytes, 80, 24)
	m = typeInto(m, 1, "999999999999") // Width
	m, _ = m.Update(press("enter"))
	if err := m.Err(); !strings.Contains(err, "0..16383") || strings.Contains(err, "4294967295") {
		t.Errorf("err %q, want the width range 0..16383", err)
	}
	m, _ = m.Update(press("esc"))
	m = typeInto(m, m.lodRow(), "1,99999999999")
	m, _ = m.Update(press("enter"))
	if err := m.Err(); !strings.Contains(err, "lod value 2") {
		t.Errorf("lod err %q", err)
	}
}

// In the side-by-side layout the form column is narrow; the warnings under
// it wrap rather than end in "…".
func TestOutputWarningsWrap(t *testing.T) {
	m, _ := newTestOutput(t, resinfoBytes, 80, 24)
	m = typeInto(m, m.lodRow(), "0,1,2,3")
	m, _ = m.Update(press("enter"))
	m, _ = m.Update(press("t")) // the table: the column shows the dst layout and warnings
	if !m.geometry().side {
		t.Fatal("80 columns should be side by side")
	}
	v := ansi.Strip(m.View())
	checkSize(t, m.View(), 80, 24)
	if j := strings.Join(strings.Fields(v), " "); !strings.Contains(j, "LOD gives 4 values for 16 lanes: lanes 4-15 use 0") {
		t.Errorf("warning cut off:\n%s", v)
	}
}

// TestOutputStickyHeadings: in the side-by-side layout the column headings
// stay on the table's first line while the lanes scroll under them, and a
// click still lands on the lane drawn where it clicks.
func TestOutputStickyHeadings(t *testing.T) {
	m, _ := newTestOutput(t, resinfoBytes, 80, 14)
	g := m.geometry()
	if !g.side || len(m.Result().Lanes) <= g.bodyH {
		t.Fatalf("want a side layout whose %d lanes overflow %d body lines", len(m.Result().Lanes), g.bodyH)
	}
	m, _ = m.Update(press("t"))
	for range 14 {
		m, _ = m.Update(press("down"))
	}
	if l := m.lane; l != 14 {
		t.Fatalf("lane cursor %d, want 14", l)
	}
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	if body := lines[1]; !strings.Contains(body, "lane EM") {
		t.Errorf("headings scrolled away; first body line %q", body)
	}
	if !strings.Contains(strings.Join(lines[1:1+g.bodyH], "\n"), "  14 14  ") {
		t.Errorf("lane 14 under the cursor is not shown:\n%s", strings.Join(lines, "\n"))
	}
	// The lane drawn on body line 2 (the second lane row) is rtop+1.
	want := m.rtop + 1
	m, _ = m.Update(click(g.leftW+2+tableLeftW+1, 1+2))
	if l := m.lane; l != want {
		t.Errorf("click on the second lane row gave lane %d, want %d", l, want)
	}
	// A click on the headings selects nothing.
	m, _ = m.Update(click(g.leftW+2+tableLeftW+1, 1))
	if l := m.lane; l != want {
		t.Errorf("click on the headings moved the cursor to lane %d", l)
	}
}

// Issue 12 item 7: a lane table cut by the panel's height says how many
// lanes are below.
func TestOutputMarksHiddenLanes(t *testing.T) {
	m, _ := newTestOutput(t, resinfoBytes, 80, 16)
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "lanes more") {
		t.Errorf("16 lanes in a 16-row panel, no more mark:\n%s", v)
	}
}

// Issue 12 item 7: a per-lane LOD list does not turn every row's
// explanation into "…" at 80 columns: the list is cut in its own cell.
func TestOutputLongLODKeepsMeanings(t *testing.T) {
	m, _ := newTestOutput(t, resinfoBytes, 80, 24)
	m = typeInto(m, m.lodRow(), "0,1,2,3,4,5,6,7,0,1,2,3,4,5,6,7")
	m, _ = m.Update(press("enter"))
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "64 tex") {
		t.Errorf("the Width row lost its meaning to the LOD list:\n%s", v)
	}
}

// TestOutputMarksCountHiddenRows: at every form row of a side-by-side
// panel cut short, "↑ N rows above" gives the number of the column's rows
// not drawn above the window, the one under the mark included. It said
// "↑ 1 rows above" with Type and Width out of sight, and "↑ 12" over 13.
func TestOutputMarksCountHiddenRows(t *testing.T) {
	m, _ := newTestOutput(t, resinfoBytes, 80, 16)
	g := m.geometry()
	if !g.side {
		t.Fatal("80 columns should be side by side")
	}
	// left is the form column of a line, as drawn: cut to its width.
	left := func(l string) string { return strings.TrimRight(ansi.Strip(ansi.Truncate(l, g.leftW, "")), " ") }
	marks := 0
	for r := range m.formRows() {
		m = toRow(m, r)
		var column []string
		for _, l := range append(append(m.formLines(g.leftW), ""), m.tailLines(g.leftW)...) {
			column = append(column, left(Fit(l, g.leftW)))
		}
		body := strings.Split(m.View(), "\n")[1 : 1+g.bodyH]
		var n int
		if _, err := fmt.Sscanf(left(body[0]), "↑ %d rows above", &n); err != nil {
			continue
		}
		marks++
		// The rows drawn under the mark (to the "↓" one, if any) are the
		// column's from index n on.
		shown := body[1:]
		if strings.HasPrefix(left(shown[len(shown)-1]), "↓") {
			shown = shown[:len(shown)-1]
		}
		for i, l := range shown {
			if n+i >= len(column) || left(l) != column[n+i] {
				t.Fatalf("row %d: %q, but the rows drawn under it start at another:\n%s", r, left(body[0]), ansi.Strip(m.View()))
			}
		}
	}
	if marks == 0 {
		t.Fatal("no row scrolled the form: the panel is not cut short")
	}
}
