package tui

import (
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/tui/panels"
	"infoscope/tui/style"
)

// promptInput is the one-line editor of the root's prompts (the list's
// filter and go-to, the help's query, a bookmark's note): the inspector's
// one-line input (panels.NewTextInput, panels.EditMsg: a steady cursor,
// controls dropped, chords typing nothing, no clipboard reads).
//
// The textinput (~8 KB with its styles and keys) exists only while the
// prompt is in use: it is built when the prompt gets a value or the
// keyboard and dropped when it is blurred empty, so a session of the SSH
// server that opens no prompt holds none.
type promptInput struct {
	ti          *textinput.Model // nil while idle
	prompt      string
	placeholder string
	limit       int
	width       int   // 0: no width set
	th          theme // the cursor's colour; nil: the monochrome set
}

// newPromptInput returns a prompt showing prompt before the text, holding
// at most limit characters (0: no limit), with placeholder shown while it
// is empty.
func newPromptInput(prompt, placeholder string, limit int) promptInput {
	return promptInput{prompt: prompt, placeholder: placeholder, limit: limit}
}

// model returns the textinput, built if the prompt is idle.
func (p *promptInput) model() *textinput.Model {
	if p.ti == nil {
		th := p.th
		if th == nil {
			th = style.New(true, true)
		}
		ti := panels.NewTextInput(p.prompt, p.limit, promptStyles(th))
		ti.Placeholder = p.placeholder
		if p.width > 0 {
			ti.SetWidth(p.width)
		}
		p.ti = &ti
	}
	return p.ti
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
	if p.th == th {
		return
	}
	p.th = th
	if p.ti != nil {
		p.ti.SetStyles(promptStyles(th))
	}
}

// setPrompt changes what is shown before the text.
func (p *promptInput) setPrompt(prompt string) {
	p.prompt = prompt
	if p.ti != nil {
		p.ti.Prompt = prompt
	}
}

// Value returns the text.
func (p promptInput) Value() string {
	if p.ti == nil {
		return ""
	}
	return p.ti.Value()
}

// Focus gives the prompt the keyboard.
func (p *promptInput) Focus() tea.Cmd { return p.model().Focus() }

// Blur takes the keyboard away; an empty prompt lets go of its textinput.
func (p *promptInput) Blur() {
	if p.ti == nil {
		return
	}
	p.ti.Blur()
	if p.ti.Value() == "" {
		p.ti = nil
	}
}

// CursorEnd puts the cursor after the text.
func (p *promptInput) CursorEnd() {
	if p.ti != nil {
		p.ti.CursorEnd()
	}
}

// SetValue replaces the text and puts the cursor at its end.
func (p *promptInput) SetValue(s string) {
	if s == "" && (p.ti == nil || !p.ti.Focused()) {
		p.ti = nil // idle again
		return
	}
	ti := p.model()
	ti.SetValue(panels.DropControls(s))
	ti.CursorEnd()
}

// Update edits the text with textinput's key map: typing and paste insert;
// left/right, home/end, ctrl+a/ctrl+e and the word motions move; backspace,
// delete, ctrl+u, ctrl+k, ctrl+w and the word deletes delete.
func (p promptInput) Update(msg tea.Msg) (promptInput, tea.Cmd) {
	msg = panels.EditMsg(msg)
	if p.ti == nil {
		return p, nil // idle: not focused, so textinput would take nothing
	}
	// A new textinput rather than a change in place: a copy of the prompt
	// taken before this Update keeps the text it had.
	ti, cmd := p.ti.Update(msg)
	p.ti = &ti
	return p, cmd
}

// View renders the prompt, the text and the cursor cell. Text wider than the
// width scrolls with the cursor (textinput's own scrolling); text that fits
// is not padded out to the width, so a hint can follow it.
func (p promptInput) View() string {
	if p.ti == nil {
		p.model() // builds a textinput for this copy only
	}
	m := *p.ti
	if w := m.Width(); w > 0 && ansi.StringWidth(m.Value()) < w {
		m.SetWidth(0)
	}
	return m.View()
}

// fitWidth sets the text's width so that prompt, text and cursor fill at
// most w cells after lead cells.
func (p *promptInput) fitWidth(lead, w int) {
	p.width = max(w-lead-ansi.StringWidth(p.prompt)-1, 1)
	if p.ti != nil {
		p.ti.SetWidth(p.width)
	}
}
