package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// lineInput is the one-line editor of the filter and go-to prompts: they
// need only typing, moving and deleting, with a steady (non-blinking)
// cursor so frames stay deterministic.
type lineInput struct {
	val    []rune
	pos    int
	cursor lipgloss.Style
}

func (in *lineInput) SetValue(s string) { in.val, in.pos = []rune(s), len([]rune(s)) }
func (in *lineInput) Value() string     { return string(in.val) }

func (in *lineInput) insert(s string) {
	r := []rune(strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return -1 // no control characters in a prompt
		}
		return r
	}, s))
	in.val = append(in.val[:in.pos], append(r, in.val[in.pos:]...)...)
	in.pos += len(r)
}

// Update edits the value; it reports whether the message was an edit key.
func (in *lineInput) Update(msg tea.Msg) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		in.insert(msg.Content)
	case tea.KeyPressMsg:
		switch msg.String() {
		case "backspace", "ctrl+h":
			if in.pos > 0 {
				in.val = append(in.val[:in.pos-1], in.val[in.pos:]...)
				in.pos--
			}
		case "delete", "ctrl+d":
			if in.pos < len(in.val) {
				in.val = append(in.val[:in.pos], in.val[in.pos+1:]...)
			}
		case "left", "ctrl+b":
			in.pos = max(in.pos-1, 0)
		case "right", "ctrl+f":
			in.pos = min(in.pos+1, len(in.val))
		case "home", "ctrl+a":
			in.pos = 0
		case "end", "ctrl+e":
			in.pos = len(in.val)
		case "ctrl+u":
			in.val, in.pos = in.val[in.pos:], 0
		case "ctrl+w":
			i := in.pos
			for i > 0 && in.val[i-1] == ' ' {
				i--
			}
			for i > 0 && in.val[i-1] != ' ' {
				i--
			}
			in.val = append(in.val[:i], in.val[in.pos:]...)
			in.pos = i
		default:
			if msg.Text != "" && msg.Mod&^tea.ModShift == 0 {
				in.insert(msg.Text)
			}
		}
	}
}

// View shows the value with the cursor cell in reverse video.
func (in *lineInput) View() string {
	at := " "
	if in.pos < len(in.val) {
		at = string(in.val[in.pos])
	}
	after := ""
	if in.pos < len(in.val) {
		after = string(in.val[in.pos+1:])
	}
	return string(in.val[:in.pos]) + in.cursor.Render(at) + after
}
