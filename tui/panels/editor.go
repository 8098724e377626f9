package panels

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/tui/style"
)

// lineEdit is the one-line text input of the panels' forms: bubbles'
// textinput with the panels' styles and a cursor that never blinks, so View
// depends on state alone (golden tests) and Focus returns no command.
//
// The wrapper keeps three rules of the forms that textinput alone does not:
// SetValue leaves the cursor at the end; control characters in a paste are
// dropped rather than turned into spaces (a stray newline must not split a
// number); and a chord with a modifier other than shift never inserts its
// text. Clipboard reads (ctrl+v) are off: over SSH they would read the
// server's clipboard; bracketed paste still works.
type lineEdit struct {
	textinput.Model
	// selected: the whole value is selected, as when a field opens for
	// editing. Typing or pasting replaces it, backspace or delete clears
	// it, any other key just drops the selection.
	selected bool
	selStyle lipgloss.Style
}

func newLineEdit(st *style.Styles, width, limit int) lineEdit {
	ti := textinput.New()
	ti.Prompt = ""
	ti.CharLimit = limit
	ti.SetWidth(max(0, width))
	ti.KeyMap.Paste.SetEnabled(false)
	ti.SetStyles(inputStyles(st))
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
		Cursor:  textinput.CursorStyle{Color: st.Cursor.GetForeground(), Blink: false},
	}
}

// dropControls removes control characters, which have no place in a field.
func dropControls(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return -1
		}
		return r
	}, s)
}

// SetValue replaces the text and puts the cursor at its end.
func (e *lineEdit) SetValue(s string) {
	e.selected = false
	e.Model.SetValue(dropControls(s))
	e.CursorEnd()
}

// Update edits the text with textinput's key map (typing and paste insert;
// left/right, home/end, ctrl+a/ctrl+e and word motions move; backspace,
// delete, ctrl+u, ctrl+k and word deletes delete).
func (e lineEdit) Update(msg tea.Msg) (lineEdit, tea.Cmd) {
	switch m := msg.(type) {
	case tea.PasteMsg:
		m.Content = dropControls(m.Content)
		msg = m
	case tea.KeyPressMsg:
		if m.Mod&^tea.ModShift != 0 {
			m.Text = "" // alt+q is a chord, not the letter q
			msg = m
		}
	}
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
