package tui

import (
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/tui/panels"
)

// promptInput is the one-line editor of the root's prompts (the list's
// filter and go-to, the help's query, a bookmark's note): the inspector's
// one-line input (panels.NewTextInput, panels.EditMsg: a steady cursor,
// controls dropped, chords typing nothing, no clipboard reads).
type promptInput struct {
	ti textinput.Model
	th theme // the styles ti has (the cursor's colour)
}

// newPromptInput returns a prompt showing prompt before the text, holding
// at most limit characters (0: no limit), with placeholder shown while it
// is empty.
func newPromptInput(prompt, placeholder string, limit int, th theme) promptInput {
	ti := panels.NewTextInput(prompt, limit, promptStyles(th))
	ti.Placeholder = placeholder
	return promptInput{ti: ti, th: th}
}

// promptStyles draws the text plainly and the cursor cell in reverse video
// (textinput reverses the cursor; it has the theme's colour when the theme
// has one).
func promptStyles(th theme) textinput.Styles {
	plain := lipgloss.NewStyle()
	st := textinput.StyleState{Text: plain, Placeholder: th.Muted, Suggestion: th.Muted, Prompt: plain}
	return textinput.Styles{
		Focused: st,
		Blurred: st,
		Cursor:  textinput.CursorStyle{Color: th.Cursor.GetForeground()},
	}
}

// setTheme takes the session's styles (the cursor's colour).
func (p *promptInput) setTheme(th theme) {
	if p.th != th {
		p.th = th
		p.ti.SetStyles(promptStyles(th))
	}
}

// setPrompt changes what is shown before the text.
func (p *promptInput) setPrompt(prompt string) { p.ti.Prompt = prompt }

// Value returns the text.
func (p promptInput) Value() string { return p.ti.Value() }

// Focus gives the prompt the keyboard.
func (p *promptInput) Focus() tea.Cmd { return p.ti.Focus() }

// Focused reports whether the prompt has the keyboard.
func (p promptInput) Focused() bool { return p.ti.Focused() }

// Blur takes the keyboard away.
func (p *promptInput) Blur() { p.ti.Blur() }

// SetValue replaces the text and puts the cursor at its end.
func (p *promptInput) SetValue(s string) {
	p.ti.SetValue(panels.DropControls(s))
	p.ti.CursorEnd()
}

// Update edits the text with textinput's key map: typing and paste insert;
// left/right, home/end, ctrl+a/ctrl+e and the word motions move; backspace,
// delete, ctrl+u, ctrl+k, ctrl+w and the word deletes delete.
func (p promptInput) Update(msg tea.Msg) (promptInput, tea.Cmd) {
	var cmd tea.Cmd
	p.ti, cmd = p.ti.Update(panels.EditMsg(msg))
	return p, cmd
}

// View renders the prompt, the text and the cursor cell. Text wider than the
// width scrolls with the cursor (textinput's own scrolling); text that fits
// is not padded out to the width, so a hint can follow it.
func (p promptInput) View() string {
	if w := p.ti.Width(); w > 0 && ansi.StringWidth(p.ti.Value()) < w {
		p.ti.SetWidth(0)
	}
	return p.ti.View()
}

// fitWidth sets the text's width so that prompt, text and cursor fill at
// most w cells after lead cells.
func (p *promptInput) fitWidth(lead, w int) {
	p.ti.SetWidth(max(w-lead-ansi.StringWidth(p.ti.Prompt)-1, 1))
}
