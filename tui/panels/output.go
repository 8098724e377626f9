package panels

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/tui/style"
)

// OutputKeyMap are the Output panel's bindings.
type OutputKeyMap struct {
	Up, Down     key.Binding // previous / next form row or result lane
	Left, Right  key.Binding // change the value (form) or the channel (table)
	Edit         key.Binding // type a new value
	Table        key.Binding // jump between the form and the result table
	GRF          key.Binding // 32- or 64-byte GRFs
	Rules        key.Binding // the spec's table or the hardware notes
	PromptKeyMap             // while typing: apply, cancel
}

// DefaultOutputKeyMap returns a fresh copy of the Output panel's bindings.
func DefaultOutputKeyMap() OutputKeyMap {
	k := OutputKeyMap{
		Up:           ArrowKey("up", "up"),
		Down:         ArrowKey("down", "down"),
		Left:         ArrowKey("left", "less / prev"),
		Right:        ArrowKey("right", "more / next"),
		Edit:         NewBinding("edit field (typing replaces the value)", "enter", "e"),
		Table:        NewBinding("form ⇄ table", "t"),
		GRF:          NewBinding("GRF 32/64 bytes", "g"),
		Rules:        NewBinding("spec table ⇄ hw rules", "r"),
		PromptKeyMap: NewPromptKeys("apply", "cancel"),
	}
	k.setEditing(false)
	return k
}

func (k *OutputKeyMap) setEditing(on bool) {
	k.PromptKeyMap.setEditing(on, &k.Up, &k.Down, &k.Left, &k.Right, &k.Edit, &k.Table, &k.GRF, &k.Rules)
}

// steps names the keys that step a form row's value ("←/→").
func (k OutputKeyMap) steps() string { return HintKey(k.Left) + "/" + HintKey(k.Right) }

// ShortHelp implements help.KeyMap.
func (k OutputKeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Edit, k.Table, k.Apply, k.Cancel}
}

// FullHelp implements help.KeyMap.
func (k OutputKeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Left, k.Right}, {k.Edit, k.Table, k.GRF, k.Rules}, {k.Apply, k.Cancel}}
}

// rowType is the form's first row. The rows are the type, the numeric
// surface fields in model.SurfaceFields order (rows 1..len(specs)), the LOD
// list (lodRow) and the GRF size (grfRow).
const rowType = 0

// Output is the result panel: a form for the selected instruction's surface
// description and LOD, and the table of what the instruction writes per lane
// and channel, with the formula of the cell under the cursor and the
// destination layout. It edits the session's state by reporting edits
// (SurfaceEdited, LODSet, GRFSet, RulesSet); until the root hands the
// session back, it shows its own edits.
type Output struct {
	KeyMap OutputKeyMap
	outbox

	st    *style.Styles
	in    *decoder.Info
	sess  Session
	specs []model.FieldSpec
	res   model.Result

	row     int  // selected form row
	inTable bool // the cursor is in the result table
	lane    int  // table cursor: index into res.Lanes
	ch      int  // table cursor: 0..3 = R,G,B,A

	typing // the field being typed

	w, h      int
	top, rtop int // scroll offsets (stacked body, or left / right column)
}

// NewOutput returns an Output panel with bindings km, on the default
// session state (an empty surface file) until SetSession.
func NewOutput(st *style.Styles, km OutputKeyMap) Output {
	m := Output{KeyMap: km, st: st, specs: model.SurfaceFields()}
	m.SetSession(NewSession(nil, model.Scope{}, nil, model.RulesSpec))
	return m
}

func (m Output) lodRow() int   { return len(m.specs) + 1 }
func (m Output) grfRow() int   { return len(m.specs) + 2 }
func (m Output) formRows() int { return len(m.specs) + 3 }

// SetSession hands the panel the session's state for the selected
// instruction (the root calls it before SetInfo on a new selection, and
// after every edit). An edit being typed stays open.
func (m *Output) SetSession(s Session) {
	if s.Equal(m.sess) {
		return // the list moved within a body: SetInfo recomputes once
	}
	m.sess = s
	m.recompute()
}

// Rules returns the table results are computed by.
func (m Output) Rules() model.Rules { return m.sess.Rules }

// SetInfo shows an instruction (nil: none selected) with the description
// of the session last handed to the panel (the root looked it up in its
// surface file); an edit being typed is abandoned.
func (m *Output) SetInfo(in *decoder.Info) {
	m.in = in
	m.stopEditing()
	m.err = ""
	m.recompute()
}

// grfBytes returns the GRF size the destination layout uses.
func (m Output) grfBytes() int {
	if m.sess.GRFBytes == 64 {
		return 64
	}
	return 32
}

// toggleGRF switches between 32- and 64-byte GRFs and reports the edit.
func (m *Output) toggleGRF() {
	m.sess.GRFBytes = 96 - m.grfBytes()
	m.report(GRFSet{Bytes: m.sess.GRFBytes})
	m.err = ""
	m.recompute()
}

// toggleRules switches between the spec's table and the hardware notes.
func (m *Output) toggleRules() {
	r := model.RulesHW
	if m.sess.Rules == model.RulesHW {
		r = model.RulesSpec
	}
	m.sess.Rules = r
	m.report(RulesSet{Rules: r})
	m.recompute()
}

// Surface returns the surface description shown: the session's, the
// defaults while no instruction is selected.
func (m Output) Surface() model.Surface {
	if m.in == nil {
		return model.DefaultSurface()
	}
	return m.sess.Surface
}

// Result returns the current simulation result.
func (m Output) Result() model.Result { return m.res }

// SetSize sets the panel's size in cells.
func (m *Output) SetSize(w, h int) {
	m.w, m.h = max(0, w), max(0, h)
	m.scroll()
}

// Blur takes the keyboard away and abandons any edit.
func (m *Output) Blur() {
	m.focus = false
	m.stopEditing()
}

// surfaceKey is the surface name edits are stored under: the session's
// (the name the description was found under, printed or declared), else
// the printed name (T6).
func (m Output) surfaceKey() string {
	if m.in == nil {
		return ""
	}
	if m.sess.Key != "" {
		return m.sess.Key
	}
	return m.in.SurfaceName()
}

func (m *Output) recompute() {
	m.res = model.Result{}
	if m.in != nil {
		m.res = model.Simulate(m.in, model.Env{Surface: m.Surface(), LOD: m.sess.LOD,
			Dispatch: m.sess.Dispatch, GRFBytes: m.grfBytes(), Rules: m.sess.Rules})
	}
	m.lane = max(0, min(m.lane, len(m.res.Lanes)-1))
	if len(m.res.Lanes) == 0 {
		m.inTable = false
	}
	m.scroll()
}

// newInput returns the input of form row r (not the GRF row), holding its
// stored value.
func (m *Output) newInput(r int) *lineEdit {
	var e lineEdit
	switch {
	case r == rowType:
		e = newLineEdit(m.st, formValueW-1, 12)
		e.SetValue(m.sess.Surface.Type.String())
	case r == m.lodRow():
		e = newLineEdit(m.st, 24, 32*11) // up to 32 values
		e.SetValue(formatLOD(m.sess.LOD))
	default:
		e = newLineEdit(m.st, formValueW-1, 12)
		e.SetValue(strconv.FormatUint(uint64(m.sess.Surface.Get(m.specs[r-1].Key)), 10))
	}
	return &e
}

func formatLOD(l []uint32) string {
	if len(l) == 0 {
		return "0"
	}
	s := make([]string, len(l))
	for i, v := range l {
		s[i] = strconv.FormatUint(uint64(v), 10)
	}
	return strings.Join(s, ",")
}

// parseNum reads a field's value with the one number parser that flags and
// the go-to share (decimal, or 0x hex; "010" is ten).
func parseNum(s string, hi uint32) (uint32, error) {
	v, err := model.ParseNumber(s, uint64(hi))
	return uint32(v), err
}

func (m *Output) stopEditing() {
	m.input = nil
	m.KeyMap.setEditing(false)
}

// startEditing focuses the selected row's input with its value selected:
// typing replaces it, as in a form.
func (m *Output) startEditing() tea.Cmd {
	if m.row >= m.grfRow() || m.in == nil {
		return nil
	}
	m.err = ""
	m.KeyMap.setEditing(true)
	m.input = m.newInput(m.row)
	m.input.SelectAll()
	return m.input.Focus()
}

// commit reports the changed description s, to be stored under the
// selected instruction's file and body (a T6 in one kernel is not the T6
// of another), and shows it as edited until the root hands it back.
func (m *Output) commit(s model.Surface) {
	key := m.surfaceKey()
	m.report(SurfaceEdited{Scope: m.sess.Scope, Key: key, Surface: s})
	m.sess.Surface, m.sess.Key, m.sess.Unsaved = s, key, true
	m.err = ""
	m.recompute()
}

// setLOD reports a new LOD list (one value for every lane, or one per
// lane).
func (m *Output) setLOD(l []uint32) {
	m.sess.LOD = l
	m.report(LODSet{LOD: slices.Clone(l)})
	m.err = ""
	m.recompute()
}

// apply parses the edited row; on error the old value stays and the input
// stays open with the error shown.
func (m *Output) apply() tea.Cmd {
	text := strings.TrimSpace(m.input.Value())
	s := m.sess.Surface
	switch {
	case m.row == rowType:
		t, err := model.ParseSurfaceType(completeType(text))
		if err != nil {
			m.err = err.Error()
			return nil
		}
		s.Type = t
	case m.row == m.lodRow():
		l, err := model.ParseLODList(text)
		if err != nil {
			m.err = err.Error()
			return nil
		}
		m.stopEditing()
		m.setLOD(l)
		return nil
	default:
		f := m.specs[m.row-1]
		v, err := parseNum(text, f.Max)
		if err == nil {
			err = s.Set(f.Key, v)
		}
		if err != nil {
			m.err = fmt.Sprintf("%s: %v", f.Key, strings.TrimPrefix(err.Error(), f.Key+": "))
			return nil
		}
	}
	m.stopEditing()
	m.commit(s)
	return nil
}

// step changes the selected form row's value by d (type cycles; numbers
// stop at their range; LOD steps a single shared value).
func (m *Output) step(d int) {
	if m.in == nil {
		return
	}
	s := m.sess.Surface
	switch {
	case m.row == rowType:
		n := len(model.SurfaceTypes())
		s.Type = model.SurfaceType((int(s.Type) + d + n) % n)
	case m.row == m.grfRow():
		m.toggleGRF()
		return
	case m.row == m.lodRow():
		if len(m.sess.LOD) > 1 {
			m.err = "lod: per-lane values; press " + HintKey(m.KeyMap.Edit) + " to edit them"
			return
		}
		v := int64(0)
		if len(m.sess.LOD) == 1 {
			v = int64(m.sess.LOD[0])
		}
		v += int64(d)
		if v < 0 || v > 1<<32-1 {
			return
		}
		m.setLOD([]uint32{uint32(v)})
		return
	default:
		f := m.specs[m.row-1]
		v := int64(s.Get(f.Key)) + int64(d)
		if v < 0 || v > int64(f.Max) {
			return
		}
		if err := s.Set(f.Key, uint32(v)); err != nil {
			m.err = err.Error()
			return
		}
	}
	m.commit(s)
}

// Update handles keys (only while focused) and mouse clicks.
func (m Output) Update(msg tea.Msg) (Output, tea.Cmd) {
	if !m.focus {
		return m, nil
	}
	if m.Editing() {
		return m.updateEditing(msg)
	}
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case tea.MouseClickMsg:
		m.click(msg.Mouse())
	}
	m.scroll()
	return m, cmd
}

// handleKey handles a key of the form or, while it has the cursor, the
// result table; t, g and r work in both (the configuration lets no other
// binding of the panel hold their keys, so the order they are tried in
// does not matter).
func (m *Output) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.KeyMap
	switch {
	case key.Matches(msg, k.Table):
		m.inTable = !m.inTable && len(m.res.Lanes) > 0
	case key.Matches(msg, k.GRF):
		m.toggleGRF()
	case key.Matches(msg, k.Rules):
		m.toggleRules()
	case m.inTable:
		switch {
		case key.Matches(msg, k.Up):
			if m.lane == 0 {
				m.inTable = false
				m.row = m.formRows() - 1
			} else {
				m.lane--
			}
		case key.Matches(msg, k.Down):
			m.lane = min(m.lane+1, len(m.res.Lanes)-1)
		case key.Matches(msg, k.Left):
			m.ch = max(0, m.ch-1)
		case key.Matches(msg, k.Right):
			m.ch = min(3, m.ch+1)
		}
	case key.Matches(msg, k.Up):
		m.row = max(0, m.row-1)
	case key.Matches(msg, k.Down):
		if m.row == m.formRows()-1 && len(m.res.Lanes) > 0 {
			m.inTable, m.lane = true, 0
		} else {
			m.row = min(m.row+1, m.formRows()-1)
		}
	case key.Matches(msg, k.Left):
		m.step(-1)
	case key.Matches(msg, k.Right):
		m.step(+1)
	case key.Matches(msg, k.Edit):
		if m.row == m.grfRow() {
			m.toggleGRF()
			return nil
		}
		return m.startEditing()
	}
	return nil
}

func (m Output) updateEditing(msg tea.Msg) (Output, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, m.KeyMap.Cancel):
			m.err = ""
			m.stopEditing()
			return m, nil
		case key.Matches(k, m.KeyMap.Apply):
			cmd := m.apply()
			return m, cmd
		}
	}
	return m, m.edit(msg)
}

// completeType expands a unique prefix of a surface type ("c" is cube,
// "1d_" is 1d_array); an exact name or anything else is returned as is.
func completeType(s string) string {
	var match string
	for _, t := range model.SurfaceTypes() {
		n := t.String()
		if strings.EqualFold(n, s) {
			return n
		}
		if s != "" && strings.HasPrefix(n, strings.ToLower(s)) {
			if match != "" {
				return s // ambiguous: let the parser name the choices
			}
			match = n
		}
	}
	if match == "" {
		return s
	}
	return match
}
