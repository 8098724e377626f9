package tui

import "charm.land/bubbles/v2/key"

// KeyMap holds the root's global bindings: they work whatever has focus,
// except while a child is editing text (then only ctrl+c and ctrl+s).
type KeyMap struct {
	Quit, Help, NextFocus, PrevFocus     key.Binding
	List, Bits, Lanes, Output, Code      key.Binding
	Back, Mouse, Errors, Save, ForceQuit key.Binding
	// NextInfo and PrevInfo step the list from any pane, so a panel can be
	// watched while stepping through the instructions.
	NextInfo, PrevInfo key.Binding
	// Copy and CopyBytes put the selected row's text (in Bits: the
	// selected field's value) or its bytes on the clipboard through OSC 52,
	// which reaches the local clipboard over SSH too.
	Copy, CopyBytes key.Binding
}

// DefaultKeyMap returns a fresh copy of the global bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Quit:      key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		ForceQuit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit (even while typing)")),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		NextFocus: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next pane")),
		PrevFocus: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous pane")),
		List:      paneKey(1, "INFO list (digits type only while a field is being edited)"),
		Bits:      paneKey(2, "Bits panel"),
		Lanes:     paneKey(3, "Lanes panel"),
		Output:    paneKey(4, "Output panel"),
		Code:      paneKey(5, "Code pane: the body's listing and data flow"),
		Back:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "panel: back to list")),
		Mouse:     key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "mouse on/off (off: select text)")),
		Errors:    key.NewBinding(key.WithKeys("E"), key.WithHelp("E", "files: errors, warnings, headers")),
		Save:      key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "save surface file")),
		NextInfo:  key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "next INFO (any pane)")),
		PrevInfo:  key.NewBinding(key.WithKeys("["), key.WithHelp("[", "previous INFO (any pane)")),
		Copy:      key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy the row's text (Bits: the field's value)")),
		CopyBytes: key.NewBinding(key.WithKeys("Y"), key.WithHelp("Y", "copy the row's bytes as hex")),
	}
}

// paneKey is pane n's binding: the digit, and alt+digit and Fn, which
// switch panes even while a field is being edited.
func paneKey(n int, desc string) key.Binding {
	d := string(rune('0' + n))
	return key.NewBinding(key.WithKeys(d, "alt+"+d, "f"+d), key.WithHelp(d+" alt+"+d+" F"+d, desc))
}

// ShortHelp returns the global bindings shown in the footer.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.NextFocus, k.Help, k.Quit}
}

// FullHelp returns every global binding.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Quit, k.ForceQuit, k.Help, k.NextFocus, k.PrevFocus, k.Back, k.NextInfo, k.PrevInfo},
		{k.List, k.Bits, k.Lanes, k.Output, k.Code, k.Mouse, k.Errors, k.Save, k.Copy, k.CopyBytes},
	}
}
