package panels

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/tui/style"
)

// NewTextInput returns bubbles' textinput as every one-line input of the
// inspector has it (the panels' forms here, the root's prompts): prompt
// before the text, at most limit characters (0: no limit), styles st
// with a cursor that never blinks (frames depend on state alone, and
// Focus starts no timer). Clipboard reads (ctrl+v) are off: over SSH they
// would read the server's clipboard, while a terminal's paste still
// arrives as a paste. No suggestions are set, so their keys (up, down,
// tab) are off and left to the caller. Messages go through EditMsg first.
func NewTextInput(prompt string, limit int, st textinput.Styles) textinput.Model {
	ti := textinput.New()
	ti.Prompt = prompt
	ti.CharLimit = limit
	ti.KeyMap.Paste.SetEnabled(false)
	ti.KeyMap.AcceptSuggestion.SetEnabled(false)
	ti.KeyMap.NextSuggestion.SetEnabled(false)
	ti.KeyMap.PrevSuggestion.SetEnabled(false)
	st.Cursor.Blink = false
	ti.SetStyles(st)
	return ti
}

// EditMsg is msg as the inspector's inputs take it, with two rules
// textinput alone does not keep: control characters in a paste or in
// typed text are dropped (textinput turns a newline into a space; a stray
// newline must not split a number), and a chord with a modifier other
// than shift types nothing (alt+q is a chord, not the letter q).
func EditMsg(msg tea.Msg) tea.Msg {
	switch m := msg.(type) {
	case tea.PasteMsg:
		m.Content = DropControls(m.Content)
		return m
	case tea.KeyPressMsg:
		if m.Mod&^tea.ModShift != 0 {
			m.Text = ""
		}
		m.Text = DropControls(m.Text)
		return m
	}
	return msg
}

// DropControls removes control characters, which have no place in a
// one-line input.
func DropControls(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return -1
		}
		return r
	}, s)
}

// typing is what the Lanes and Output panels keep alike: whether the panel
// has the keyboard, the value being typed and the last input error. The
// input is built when an edit starts and dropped when it ends, so that a
// session that never edits holds no text input (each is ~8 KB, and a
// server runs many sessions).
type typing struct {
	focus bool
	input *lineEdit
	err   string
}

// Focus gives the panel the keyboard.
func (t *typing) Focus() { t.focus = true }

// Editing reports whether a value is being typed.
func (t typing) Editing() bool { return t.input != nil }

// Err returns the last input error, or "".
func (t typing) Err() string { return t.err }

// edit hands msg to the input: a new input rather than a change in place,
// so that a copy of the panel taken before keeps the text it had.
func (t *typing) edit(msg tea.Msg) tea.Cmd {
	in, cmd := t.input.Update(msg)
	t.input = &in
	return cmd
}

// lineEdit is the one-line text input of the panels' forms: NewTextInput
// with the panels' styles, its text selected as a field opens, and
// SetValue leaving the cursor at the end.
type lineEdit struct {
	textinput.Model
	// selected: the whole value is selected, as when a field opens for
	// editing. Typing or pasting replaces it, backspace or delete clears
	// it, any other key just drops the selection.
	selected bool
	selStyle lipgloss.Style
}

func newLineEdit(st *style.Styles, width, limit int) lineEdit {
	ti := NewTextInput("", limit, inputStyles(st))
	ti.SetWidth(max(0, width))
	return lineEdit{Model: ti, selStyle: st.Cursor}
}

// SelectAll selects the whole value, so that what is typed next replaces it.
func (e *lineEdit) SelectAll() { e.selected = e.Value() != "" }

// inputStyles maps the panels' styles onto textinput's. textinput draws
// its virtual cursor reversed in Cursor.Color; taking that colour from
// st.Cursor keeps the mono styles free of colour codes.
func inputStyles(st *style.Styles) textinput.Styles {
	focused := textinput.StyleState{
		Text:        st.Value,
		Placeholder: st.Muted,
		Suggestion:  st.Muted,
		Prompt:      st.Editing,
	}
	blurred := focused
	blurred.Prompt = st.Label
	return textinput.Styles{
		Focused: focused,
		Blurred: blurred,
		Cursor:  textinput.CursorStyle{Color: st.Cursor.GetForeground()},
	}
}

// SetValue replaces the text and puts the cursor at its end.
func (e *lineEdit) SetValue(s string) {
	e.selected = false
	e.Model.SetValue(DropControls(s))
	e.CursorEnd()
}

// Update edits the text with textinput's key map (typing and paste insert;
// left/right, home/end, ctrl+a/ctrl+e and word motions move; backspace,
// delete, ctrl+u, ctrl+k and word deletes delete).
func (e lineEdit) Update(msg tea.Msg) (lineEdit, tea.Cmd) {
	msg = EditMsg(msg)
	if e.selected {
		e.selected = false
		switch m := msg.(type) {
		case tea.PasteMsg:
			e.Model.SetValue("")
		case tea.KeyPressMsg:
			switch {
			case m.Text != "":
				e.Model.SetValue("")
			case m.Code == tea.KeyBackspace || m.Code == tea.KeyDelete:
				e.Model.SetValue("")
				return e, nil
			}
		}
	}
	var cmd tea.Cmd
	e.Model, cmd = e.Model.Update(msg)
	return e, cmd
}

// View renders the prompt, the visible text and the reversed cursor cell.
// Text wider than the width scrolls, as in textinput, so the view is at most
// prompt + width + 1 cells; text that fits is not padded out to the width
// (the forms pad their own columns).
func (e lineEdit) View() string {
	m := e.Model
	if e.selected {
		// The selection shows as the value in reverse video, the cursor
		// after it.
		v := m.Value()
		if w := m.Width(); w > 0 && ansi.StringWidth(v) > w {
			v = ansi.TruncateLeft(v, ansi.StringWidth(v)-w, "")
		}
		return m.Prompt + e.selStyle.Render(v) + " "
	}
	if w := m.Width(); w > 0 && ansi.StringWidth(m.Value()) <= w {
		// All of the text is visible, so width only adds padding.
		m.SetWidth(0)
	}
	return m.View()
}
