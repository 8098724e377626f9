package panels

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/tui/style"
)

// SurfaceChangedMsg reports that the Output panel wrote an edit into the
// shared surface file (a surface description, the LOD list or the GRF
// size).
type SurfaceChangedMsg struct{}

// RulesChangedMsg reports that the user switched the table results are
// computed by (the spec's or the hardware notes').
type RulesChangedMsg struct{ Rules model.Rules }

// OutputKeyMap are the Output panel's bindings.
type OutputKeyMap struct {
	Up, Down    key.Binding // previous / next form row or result lane
	Left, Right key.Binding // change the value (form) or the channel (table)
	Edit        key.Binding // type a new value
	Table       key.Binding // jump between the form and the result table
	GRF         key.Binding // 32- or 64-byte GRFs
	Rules       key.Binding // the spec's table or the hardware notes
	Apply       key.Binding // while typing: apply
	Cancel      key.Binding // while typing: cancel
}

// DefaultOutputKeyMap returns a fresh copy of the Output panel's bindings.
func DefaultOutputKeyMap() OutputKeyMap {
	k := OutputKeyMap{
		Up:     key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:   key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Left:   key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "less / prev")),
		Right:  key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "more / next")),
		Edit:   key.NewBinding(key.WithKeys("enter", "e"), key.WithHelp("enter/e", "edit field (typing replaces the value)")),
		Table:  key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "form ⇄ table")),
		GRF:    key.NewBinding(key.WithKeys("g"), key.WithHelp("g", "GRF 32/64 bytes")),
		Rules:  key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "spec table ⇄ hw rules")),
		Apply:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "apply")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
	k.setEditing(false)
	return k
}

func (k *OutputKeyMap) setEditing(on bool) {
	for _, b := range []*key.Binding{&k.Up, &k.Down, &k.Left, &k.Right, &k.Edit, &k.Table, &k.GRF, &k.Rules} {
		b.SetEnabled(!on)
	}
	k.Apply.SetEnabled(on)
	k.Cancel.SetEnabled(on)
}

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
// destination layout.
type Output struct {
	KeyMap OutputKeyMap

	st       style.Styles
	in       *decoder.Info
	file     *model.SurfaceFile
	scope    model.Scope // the selected instruction's file and body
	dispatch model.ExecMask
	rules    model.Rules
	specs    []model.FieldSpec
	surf     model.Surface
	src      model.SurfaceSource // where the surface file had the description
	key      string              // the name it was found under ("" when not found)
	edits    EditTracker         // nil: edits are not tracked
	res      model.Result

	row     int  // selected form row
	inTable bool // the cursor is in the result table
	lane    int  // table cursor: index into res.Lanes
	ch      int  // table cursor: 0..3 = R,G,B,A

	inputs  []lineEdit // one per form row except the GRF row
	editing bool
	err     string

	w, h      int
	focus     bool
	top, rtop int // scroll offsets (stacked body, or left / right column)
}

// NewOutput returns an Output panel with a fresh surface file (replace it
// with SetSurfaceFile to share the session's).
func NewOutput(st style.Styles) Output {
	m := Output{KeyMap: DefaultOutputKeyMap(), st: st, specs: model.SurfaceFields()}
	m.inputs = make([]lineEdit, m.lodRow()+1)
	for i := range m.inputs {
		m.inputs[i] = newLineEdit(st, formValueW-1, 12)
	}
	m.inputs[m.lodRow()] = newLineEdit(st, 24, 32*11) // up to 32 values
	m.SetSurfaceFile(model.NewSurfaceFile())
	return m
}

func (m Output) lodRow() int   { return len(m.specs) + 1 }
func (m Output) grfRow() int   { return len(m.specs) + 2 }
func (m Output) formRows() int { return len(m.specs) + 3 }

// SetSurfaceFile shares the session's surface file: the panel reads
// descriptions, the LOD list and the dispatch mask from it and writes edits
// into it.
func (m *Output) SetSurfaceFile(f *model.SurfaceFile) {
	if f == nil {
		f = model.NewSurfaceFile()
	}
	m.file = f
	m.dispatch = f.DispatchMask
	m.load()
}

// SetScope names the file and body of the instruction SetInfo will show,
// which its surface description is looked up and edited under.
func (m *Output) SetScope(sc model.Scope) { m.scope = sc }

// SetRules sets the table results are computed by.
func (m *Output) SetRules(r model.Rules) {
	m.rules = r
	m.recompute()
}

// Rules returns the table results are computed by.
func (m Output) Rules() model.Rules { return m.rules }

// EditTracker follows the surface edits that are not saved yet.
type EditTracker interface {
	MarkEdited(key string)   // the surface under key was changed
	Unsaved(key string) bool // it has changes not saved yet
}

// SetEditTracker sets who is told of each edit, as it is made, and asked
// which surfaces are unsaved (for the header).
func (m *Output) SetEditTracker(t EditTracker) { m.edits = t }

// SetInfo shows an instruction (nil: none selected) and loads its surface.
func (m *Output) SetInfo(in *decoder.Info) {
	m.in = in
	m.load()
}

// SetDispatch sets the dispatch mask the simulation uses.
func (m *Output) SetDispatch(mask model.ExecMask) {
	m.dispatch = mask
	m.recompute()
}

// SetGRFBytes sets the surface file's GRF size (32 or 64; anything else
// is ignored).
func (m *Output) SetGRFBytes(n int) {
	if n == 32 || n == 64 {
		m.file.GRFBytes = n
		m.recompute()
	}
}

// GRFBytes returns the GRF size the destination layout uses.
func (m Output) GRFBytes() int {
	if m.file.GRFBytes == 64 {
		return 64
	}
	return 32
}

// toggleGRF switches between 32- and 64-byte GRFs and reports the edit.
func (m *Output) toggleGRF() tea.Cmd {
	m.SetGRFBytes(96 - m.GRFBytes())
	return m.commitFile()
}

func changed() tea.Msg { return SurfaceChangedMsg{} }

// toggleRules switches between the spec's table and the hardware notes.
func (m *Output) toggleRules() tea.Cmd {
	r := model.RulesHW
	if m.rules == model.RulesHW {
		r = model.RulesSpec
	}
	m.SetRules(r)
	return func() tea.Msg { return RulesChangedMsg{r} }
}

// Surface returns the surface description shown.
func (m Output) Surface() model.Surface { return m.surf }

// Result returns the current simulation result.
func (m Output) Result() model.Result { return m.res }

// Err returns the last input error, or "".
func (m Output) Err() string { return m.err }

// Row returns the selected form row and whether the cursor is in the table
// instead; CellCursor returns the table cursor (lane index, channel 0..3).
func (m Output) Row() (row int, inTable bool) { return m.row, m.inTable }

// CellCursor returns the table cursor: lane index and channel (0..3 = RGBA).
func (m Output) CellCursor() (lane, ch int) { return m.lane, m.ch }

// SetSize sets the panel's size in cells.
func (m *Output) SetSize(w, h int) {
	m.w, m.h = max(0, w), max(0, h)
	m.scroll()
}

// Width returns the panel's width.
func (m Output) Width() int { return m.w }

// Height returns the panel's height.
func (m Output) Height() int { return m.h }

// Focus gives the panel the keyboard.
func (m *Output) Focus() { m.focus = true }

// Blur takes the keyboard away and abandons any edit.
func (m *Output) Blur() {
	m.focus = false
	m.stopEditing()
}

// Focused reports whether the panel has the keyboard.
func (m Output) Focused() bool { return m.focus }

// Editing reports whether a text input has focus.
func (m Output) Editing() bool { return m.editing }

// ShortHelp implements help.KeyMap.
func (m Output) ShortHelp() []key.Binding { return m.KeyMap.ShortHelp() }

// FullHelp implements help.KeyMap.
func (m Output) FullHelp() [][]key.Binding { return m.KeyMap.FullHelp() }

// surfaceKey is the surface name edits are stored under: the name the
// description was found under (printed or declared), else the printed
// name (T6).
func (m Output) surfaceKey() string {
	if m.in == nil {
		return ""
	}
	if m.key != "" {
		return m.key
	}
	return m.in.SurfaceName()
}

// load reads the instruction's surface from the file (its body's entry,
// the file's, or the default for every file) and recomputes.
func (m *Output) load() {
	m.stopEditing()
	m.err = ""
	m.surf, m.src, m.key = model.DefaultSurface(), model.SourceDefault, ""
	if m.in != nil {
		m.surf, m.src, m.key = m.file.Lookup(m.scope, m.in)
	}
	m.recompute()
}

func (m *Output) recompute() {
	m.res = model.Result{}
	if m.in != nil {
		env, _ := m.file.EnvFor(m.scope, m.in)
		env.Surface = m.surf
		env.Dispatch = m.dispatch
		env.GRFBytes = m.GRFBytes()
		env.Rules = m.rules
		m.res = model.Simulate(m.in, env)
	}
	m.lane = max(0, min(m.lane, len(m.res.Lanes)-1))
	if len(m.res.Lanes) == 0 {
		m.inTable = false
	}
	m.syncInputs()
	m.scroll()
}

// syncInputs puts the stored values into the (unfocused) inputs.
func (m *Output) syncInputs() {
	if m.editing {
		return
	}
	m.inputs[rowType].SetValue(m.surf.Type.String())
	for i, f := range m.specs {
		m.inputs[i+1].SetValue(strconv.FormatUint(uint64(m.surf.Get(f.Key)), 10))
	}
	m.inputs[m.lodRow()].SetValue(formatLOD(m.file.LOD))
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
	if m.editing {
		m.inputs[m.row].Blur()
	}
	m.editing = false
	m.KeyMap.setEditing(false)
	m.syncInputs()
}

// startEditing focuses the selected row's input, optionally replacing its
// text with what the user began typing.
func (m *Output) startEditing(text string) tea.Cmd {
	if m.row >= len(m.inputs) || m.in == nil {
		return nil
	}
	m.editing = true
	m.err = ""
	m.KeyMap.setEditing(true)
	in := &m.inputs[m.row]
	in.CursorEnd()
	if text != "" {
		in.SetValue(text)
	} else {
		in.SelectAll() // typing replaces the value, as in a form
	}
	return in.Focus()
}

// commit stores the changed surface in the file, under the selected
// instruction's file and body (a T6 in one kernel is not the T6 of
// another), and reports it.
func (m *Output) commit() tea.Cmd {
	m.src = m.file.SetSurface(m.scope, m.surfaceKey(), m.surf)
	m.mark(m.editKey())
	m.err = ""
	m.recompute()
	return changed
}

// commitFile reports a change to the file's session-wide values (LOD, GRF
// size).
func (m *Output) commitFile() tea.Cmd {
	m.mark("")
	m.err = ""
	m.recompute()
	return changed
}

// mark tells the edit tracker at once, not in the message: a save may
// start before the message arrives.
func (m *Output) mark(key string) {
	if m.edits != nil {
		m.edits.MarkEdited(key)
	}
}

// editKey names the edited description for the tracker: the surface name
// with the file and body it is stored for.
func (m Output) editKey() string {
	if m.scope.File == "" {
		return m.surfaceKey()
	}
	return m.scope.File + "\x00" + m.scope.Body + "\x00" + m.surfaceKey()
}

// apply parses the edited row; on error the old value stays and the input
// stays open with the error shown.
func (m *Output) apply() tea.Cmd {
	text := strings.TrimSpace(m.inputs[m.row].Value())
	s := m.surf
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
		m.file.LOD = l
		return m.commitFile()
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
	m.surf = s
	m.stopEditing()
	return m.commit()
}

// step changes the selected form row's value by d (type cycles; numbers
// stop at their range; LOD steps a single shared value).
func (m *Output) step(d int) tea.Cmd {
	if m.in == nil {
		return nil
	}
	switch {
	case m.row == rowType:
		n := len(model.SurfaceTypes())
		m.surf.Type = model.SurfaceType((int(m.surf.Type) + d + n) % n)
	case m.row == m.grfRow():
		return m.toggleGRF()
	case m.row == m.lodRow():
		if len(m.file.LOD) > 1 {
			m.err = "lod: per-lane values; press enter to edit them"
			return nil
		}
		v := int64(0)
		if len(m.file.LOD) == 1 {
			v = int64(m.file.LOD[0])
		}
		v += int64(d)
		if v < 0 || v > 1<<32-1 {
			return nil
		}
		m.file.LOD = []uint32{uint32(v)}
		return m.commitFile()
	default:
		f := m.specs[m.row-1]
		v := int64(m.surf.Get(f.Key)) + int64(d)
		if v < 0 || v > int64(f.Max) {
			return nil
		}
		if err := m.surf.Set(f.Key, uint32(v)); err != nil {
			m.err = err.Error()
			return nil
		}
	}
	return m.commit()
}

// Update handles keys (only while focused) and mouse clicks.
func (m Output) Update(msg tea.Msg) (Output, tea.Cmd) {
	if !m.focus {
		return m, nil
	}
	if m.editing {
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

func (m *Output) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.KeyMap
	if m.inTable {
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
		case key.Matches(msg, k.Table):
			m.inTable = false
		case key.Matches(msg, k.GRF):
			return m.toggleGRF()
		case key.Matches(msg, k.Rules):
			return m.toggleRules()
		}
		return nil
	}
	switch {
	case key.Matches(msg, k.Up):
		m.row = max(0, m.row-1)
	case key.Matches(msg, k.Down):
		if m.row == m.formRows()-1 && len(m.res.Lanes) > 0 {
			m.inTable, m.lane = true, 0
		} else {
			m.row = min(m.row+1, m.formRows()-1)
		}
	case key.Matches(msg, k.Table):
		if len(m.res.Lanes) > 0 {
			m.inTable = true
		}
	case key.Matches(msg, k.GRF):
		return m.toggleGRF()
	case key.Matches(msg, k.Rules):
		return m.toggleRules()
	case key.Matches(msg, k.Left):
		return m.step(-1)
	case key.Matches(msg, k.Right):
		return m.step(+1)
	case key.Matches(msg, k.Edit):
		if m.row == m.grfRow() {
			return m.toggleGRF()
		}
		return m.startEditing("")
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
	var cmd tea.Cmd
	m.inputs[m.row], cmd = m.inputs[m.row].Update(msg)
	return m, cmd
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
