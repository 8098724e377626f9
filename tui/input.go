package tui

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"infoscope/tui/style"
)

// promptInput is the one-line editor of the root's prompts (the list's
// filter and go-to, the help's query, a bookmark's note): bubbles'
// textinput with a steady cursor, so that frames depend on state alone
// and Focus starts no timer.
//
// Two rules are kept that textinput alone does not: control characters in
// a paste are dropped (textinput turns a newline into a space), and a chord
// with a modifier other than shift never types its text. Clipboard reads
// (ctrl+v) are off: over SSH they would read the server's clipboard, while a
// terminal's paste still arrives as a paste.
type promptInput struct{ textinput.Model }

// newPromptInput returns a prompt showing prompt before the text, holding
// at most limit characters (0: no limit).
func newPromptInput(prompt string, limit int) promptInput {
	ti := textinput.New()
	ti.Prompt = prompt
	ti.CharLimit = limit
	ti.KeyMap.Paste.SetEnabled(false)
	// No suggestions are set: up, down and tab are left to the root.
	ti.KeyMap.AcceptSuggestion.SetEnabled(false)
	ti.KeyMap.NextSuggestion.SetEnabled(false)
	ti.KeyMap.PrevSuggestion.SetEnabled(false)
	ti.SetStyles(promptStyles(style.New(true, true)))
	return promptInput{ti}
}

// promptStyles draws the text plainly and the cursor cell in reverse video
// (textinput reverses the cursor; it has the theme's colour when the theme
// has one). The cursor never blinks.
func promptStyles(th theme) textinput.Styles {
	plain := lipgloss.NewStyle()
	st := textinput.StyleState{Text: plain, Placeholder: th.Muted, Suggestion: th.Muted, Prompt: plain}
	return textinput.Styles{
		Focused: st,
		Blurred: st,
		Cursor:  textinput.CursorStyle{Color: th.Cursor.GetForeground(), Blink: false},
	}
}

// dropControls removes control characters, which have no place in a prompt.
func dropControls(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return -1
		}
		return r
	}, s)
}

// SetValue replaces the text and puts the cursor at its end.
func (p *promptInput) SetValue(s string) {
	p.Model.SetValue(dropControls(s))
	p.CursorEnd()
}

// Update edits the text with textinput's key map: typing and paste insert;
// left/right, home/end, ctrl+a/ctrl+e and the word motions move; backspace,
// delete, ctrl+u, ctrl+k, ctrl+w and the word deletes delete.
func (p promptInput) Update(msg tea.Msg) (promptInput, tea.Cmd) {
	switch m := msg.(type) {
	case tea.PasteMsg:
		m.Content = dropControls(m.Content)
		msg = m
	case tea.KeyPressMsg:
		if m.Mod&^tea.ModShift != 0 {
			m.Text = "" // alt+q is a chord, not the letter q
		}
		m.Text = dropControls(m.Text)
		msg = m
	}
	var cmd tea.Cmd
	p.Model, cmd = p.Model.Update(msg)
	return p, cmd
}

// View renders the prompt, the text and the cursor cell. Text wider than the
// width scrolls with the cursor (textinput's own scrolling); text that fits
// is not padded out to the width, so a hint can follow it.
func (p promptInput) View() string {
	m := p.Model
	if w := m.Width(); w > 0 && ansi.StringWidth(m.Value()) < w {
		m.SetWidth(0)
	}
	return m.View()
}

// fitWidth sets the text's width so that prompt, text and cursor fill at
// most w cells after lead cells.
func (p *promptInput) fitWidth(lead, w int) {
	p.SetWidth(max(w-lead-ansi.StringWidth(p.Prompt)-1, 1))
}
