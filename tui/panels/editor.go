package panels

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// lineEdit is the one-line text input of the panels' forms. It follows the
// method set of bubbles' textinput (SetValue, Value, Focus, Blur, CursorEnd,
// Update, View) so the two can be swapped in this one file; bubbles'
// textinput cannot be built with the module's current go.sum (it imports a
// clipboard package that go.sum does not list). The cursor never blinks, so
// View depends on state alone.
type lineEdit struct {
	Prompt    string
	CharLimit int
	val       []rune
	pos       int
	width     int // visible cells of text; 0 = unlimited
	focused   bool
	st        Styles
}

func newLineEdit(st Styles, width, limit int) lineEdit {
	return lineEdit{st: st, width: width, CharLimit: limit}
}

// SetValue replaces the text and puts the cursor at its end.
func (e *lineEdit) SetValue(s string) {
	e.val = nil
	e.pos = 0
	e.insert(s)
}

// Value returns the text.
func (e lineEdit) Value() string { return string(e.val) }

// SetWidth sets how many cells of text are visible.
func (e *lineEdit) SetWidth(w int) { e.width = max(0, w) }

// Focus starts accepting keys. It returns no command (nothing blinks).
func (e *lineEdit) Focus() tea.Cmd { e.focused = true; return nil }

// Blur stops accepting keys.
func (e *lineEdit) Blur() { e.focused = false }

// Focused reports whether the input accepts keys.
func (e lineEdit) Focused() bool { return e.focused }

// CursorEnd moves the cursor past the last character.
func (e *lineEdit) CursorEnd() { e.pos = len(e.val) }

func (e *lineEdit) insert(s string) {
	r := []rune(strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return -1 // no control characters in a field
		}
		return r
	}, s))
	if e.CharLimit > 0 && len(e.val)+len(r) > e.CharLimit {
		r = r[:max(0, e.CharLimit-len(e.val))]
	}
	e.val = append(e.val[:e.pos], append(r, e.val[e.pos:]...)...)
	e.pos += len(r)
}

// Update edits the text: typing and paste insert; left/right, home/end
// (ctrl+a/ctrl+e) move; backspace/delete, ctrl+u and ctrl+k delete.
func (e lineEdit) Update(msg tea.Msg) (lineEdit, tea.Cmd) {
	if !e.focused {
		return e, nil
	}
	switch msg := msg.(type) {
	case tea.PasteMsg:
		e.insert(msg.Content)
	case tea.KeyPressMsg:
		switch msg.String() {
		case "left", "ctrl+b":
			e.pos = max(0, e.pos-1)
		case "right", "ctrl+f":
			e.pos = min(len(e.val), e.pos+1)
		case "home", "ctrl+a":
			e.pos = 0
		case "end", "ctrl+e":
			e.pos = len(e.val)
		case "backspace", "ctrl+h":
			if e.pos > 0 {
				e.val = append(e.val[:e.pos-1], e.val[e.pos:]...)
				e.pos--
			}
		case "delete", "ctrl+d":
			if e.pos < len(e.val) {
				e.val = append(e.val[:e.pos], e.val[e.pos+1:]...)
			}
		case "ctrl+u":
			e.val = append([]rune(nil), e.val[e.pos:]...)
			e.pos = 0
		case "ctrl+k":
			e.val = e.val[:e.pos]
		default:
			if msg.Text != "" && msg.Mod&^tea.ModShift == 0 {
				e.insert(msg.Text)
			}
		}
	}
	return e, nil
}

// View renders the prompt and the visible part of the text, with the cursor
// cell reversed while focused; the text scrolls to keep the cursor visible,
// so the view is at most prompt + width + 1 cells (it is not padded).
func (e lineEdit) View() string {
	text := e.val
	start := 0
	if e.width > 0 && e.pos >= e.width {
		start = e.pos - e.width + 1
	}
	end := len(text)
	if e.width > 0 {
		end = min(end, start+e.width)
	}
	var sb strings.Builder
	sb.WriteString(e.st.Editing.Render(e.Prompt))
	for i := start; i < end; i++ {
		if e.focused && i == e.pos {
			sb.WriteString(e.st.Cursor.Render(string(text[i])))
		} else {
			sb.WriteString(e.st.Value.Render(string(text[i])))
		}
	}
	if e.focused && e.pos == len(text) {
		sb.WriteString(e.st.Cursor.Render(" "))
	}
	return sb.String()
}
