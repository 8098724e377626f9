package tui

import (
	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"infoscope/tui/panels"
)

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
	// Kernels opens the kernel list: every body loaded, with its
	// statistics, to show one in the Code pane (with or without INFO).
	Kernels key.Binding
}

// DefaultKeyMap returns a fresh copy of the global bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Quit:      panels.NewBinding("quit", "q"),
		ForceQuit: panels.NewBinding("quit (even while typing)", "ctrl+c"),
		Help:      panels.NewBinding("help", "?"),
		NextFocus: panels.NewBinding("next pane", "tab"),
		PrevFocus: panels.NewBinding("previous pane", "shift+tab"),
		List:      paneKey(1, "INFO list (digits type only while a field is being edited)"),
		Bits:      paneKey(2, "Bits panel"),
		Lanes:     paneKey(3, "Lanes panel"),
		Output:    paneKey(4, "Output panel"),
		Code:      paneKey(5, "Code pane: the body's listing and data flow"),
		Back:      panels.NewBinding("panel: back to list", "esc"),
		Mouse:     panels.NewBinding("mouse on/off (off: select text)", "m"),
		Errors:    panels.NewBinding("files: errors, warnings, headers", "E"),
		Save:      panels.NewBinding("save surface file", "ctrl+s"),
		NextInfo:  panels.NewBinding("next INFO (any pane)", "]"),
		PrevInfo:  panels.NewBinding("previous INFO (any pane)", "["),
		Copy:      panels.NewBinding("copy the row's text (Bits: the field's value)", "y"),
		CopyBytes: panels.NewBinding("copy the row's bytes as hex", "Y"),
		Kernels:   panels.NewBinding("kernel list: pick the body the Code pane shows", "K"),
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
		{k.List, k.Bits, k.Lanes, k.Output, k.Code, k.Kernels, k.Mouse, k.Errors, k.Save, k.Copy, k.CopyBytes},
	}
}

// OverlayKeyMap holds the keys of the help and errors overlays (a
// viewport) and of the bookmarks list.
type OverlayKeyMap struct {
	// The scroll keys: a listing's, with less's f, u and d.
	panels.PageKeyMap
	// Filter types a query that narrows the help (the help only).
	Filter key.Binding
	// Close leaves the overlay (q, as in less: not the program).
	Close key.Binding
	// ClearQuery drops the help's query (esc closes once it is empty).
	ClearQuery key.Binding
	// ToHelp and ToErrors switch to the other overlay.
	ToHelp, ToErrors key.Binding
}

// DefaultOverlayKeyMap returns a fresh copy of the overlays' bindings.
func DefaultOverlayKeyMap() OverlayKeyMap {
	return OverlayKeyMap{
		PageKeyMap: panels.PageKeyMap{
			Up:       panels.ArrowKey("up", "up"),
			Down:     panels.ArrowKey("down", "down"),
			PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+b", "b"), key.WithHelp("pgup/ctrl+b/b", "page up")),
			PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+f", "space", "f"), key.WithHelp("pgdn/ctrl+f/space", "page down")),
			HalfUp:   key.NewBinding(key.WithKeys("ctrl+u", "u"), key.WithHelp("ctrl+u", "half page up")),
			HalfDown: key.NewBinding(key.WithKeys("ctrl+d", "d"), key.WithHelp("ctrl+d", "half page down")),
			Top:      panels.NewBinding("top", "g", "home"),
			Bottom:   panels.NewBinding("end", "G", "end"),
		},
		Filter:     panels.NewBinding("filter the help", "/"),
		Close:      key.NewBinding(key.WithKeys("q", "esc", "enter"), key.WithHelp("q/esc", "close")),
		ClearQuery: panels.NewBinding("clear the query", "esc"),
		ToHelp:     panels.NewBinding("help", "?"),
		ToErrors:   panels.NewBinding("errors", "E"),
	}
}

// ShortHelp returns the overlay bindings shown in the footer.
func (k OverlayKeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Down, k.Up, k.ClearQuery, k.Close, k.Filter, k.ToHelp, k.ToErrors, k.PageDown}
}

// FullHelp returns every overlay binding.
func (k OverlayKeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown, k.Top, k.Bottom}, {k.Filter, k.ClearQuery, k.ToHelp, k.ToErrors, k.Close}}
}

// QuitKeyMap answers the question asked when quitting with unsaved edits.
type QuitKeyMap struct{ Save, Discard, Cancel key.Binding }

// DefaultQuitKeyMap returns a fresh copy of the question's bindings; y and
// n answer too, and q or ctrl+c again cancels.
func DefaultQuitKeyMap() QuitKeyMap {
	return QuitKeyMap{
		Save:    key.NewBinding(key.WithKeys("s", "S", "y", "Y"), key.WithHelp("s", "save & quit")),
		Discard: key.NewBinding(key.WithKeys("d", "D", "n", "N"), key.WithHelp("d", "discard & quit")),
		Cancel:  key.NewBinding(key.WithKeys("esc", "c", "C", "ctrl+c", "q"), key.WithHelp("esc", "cancel")),
	}
}

// ShortHelp returns the question's bindings.
func (k QuitKeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Save, k.Discard, k.Cancel} }

// FullHelp returns the question's bindings.
func (k QuitKeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// keyMode is what the keyboard drives now; it decides which bindings are
// enabled, so that the footer shows exactly the keys that work.
type keyMode uint8

const (
	modeList      keyMode = iota // the INFO list
	modePanel                    // a panel, no field being edited
	modePanelEdit                // a panel's field is being edited
	modeFilter                   // typing the list's filter
	modeGoto                     // typing a go-to target
	modeOverlay                  // the help or the errors overlay
	modeHelpQuery                // typing the help's query
	modeMarks                    // the bookmarks list
	modeNote                     // typing a bookmark's note
	modeQuit                     // the unsaved-edits question
	modeKernels                  // the kernel list
	numKeyModes
)

var keyModeNames = [numKeyModes]string{"list", "panel", "panel editing", "filter typing",
	"go-to typing", "overlay", "help query typing", "bookmarks", "note typing", "quit question", "kernel list"}

func (k keyMode) String() string { return keyModeNames[k] }

// keyMode follows onKey's order: the question, the bookmarks, the
// overlays, then the focused pane.
func (m *Model) keyMode() keyMode {
	switch {
	case m.confirmQuit:
		return modeQuit
	case m.marks.editing >= 0:
		return modeNote
	case m.marks.open:
		return modeMarks
	case m.kern != nil:
		return modeKernels
	case (m.showHelp || m.showErrs) && m.helpQuery.Focused():
		return modeHelpQuery
	case m.showHelp || m.showErrs:
		return modeOverlay
	case m.focus != focusList && m.panels[m.focus].Editing():
		return modePanelEdit
	case m.focus != focusList:
		return modePanel
	case m.list.mode == inputFilter:
		return modeFilter
	case m.list.mode == inputGoto:
		return modeGoto
	}
	return modeList
}

func enable(on bool, bs ...*key.Binding) {
	for _, b := range bs {
		b.SetEnabled(on)
	}
}

// syncKeys enables the bindings that work in the current mode and disables
// the rest; it runs after every update. The panels enable their own.
func (m *Model) syncKeys() {
	mode := m.keyMode()
	normal := mode == modeList || mode == modePanel
	k := &m.keys
	enable(normal, &k.Quit, &k.Help, &k.NextFocus, &k.PrevFocus, &k.Mouse, &k.Errors,
		&k.NextInfo, &k.PrevInfo, &k.Copy, &k.CopyBytes, &k.Kernels)
	enable(mode == modePanel, &k.Back)
	// alt+digit and Fn switch panes while a field or the list's prompt is
	// being edited, too (the edit is left).
	enable(normal || mode == modePanelEdit || mode == modeFilter || mode == modeGoto,
		&k.List, &k.Bits, &k.Lanes, &k.Output, &k.Code)
	enable(mode != modeQuit && m.cfg.SaveSurfaces != nil, &k.Save)
	enable(mode != modeQuit, &k.ForceQuit)

	lk := &m.list.keys
	enable(mode == modeList, &lk.Up, &lk.Down, &lk.PageUp, &lk.PageDown, &lk.HalfUp, &lk.HalfDown,
		&lk.Top, &lk.Bottom, &lk.Open, &lk.Left, &lk.Right)
	// The search keys work from a panel too.
	enable(normal, &lk.Filter, &lk.Goto, &lk.Next, &lk.Prev, &lk.NextDiag, &lk.PrevDiag)
	enable(mode == modeList && m.list.filter != "", &lk.Clear)
	enable(mode == modeFilter || mode == modeGoto, &lk.Apply, &lk.Cancel)
	if mode == modeGoto {
		lk.Apply.SetHelp("enter", "go")
		lk.Cancel.SetHelp("esc", "cancel")
	} else {
		lk.Apply.SetHelp("enter", "apply")
		lk.Cancel.SetHelp("esc", "restore")
	}

	ok := &m.overlayKeys
	// The scroll keys work when the text is taller than the overlay.
	scrolls := false
	if mode == modeOverlay {
		vp := m.overlayView()
		scrolls = vp.TotalLineCount() > vp.Height()
	}
	enable(scrolls, &ok.Up, &ok.Down, &ok.PageUp, &ok.PageDown, &ok.HalfUp, &ok.HalfDown, &ok.Top, &ok.Bottom)
	enable(mode == modeOverlay, &ok.Close)
	enable(mode == modeOverlay && m.showHelp, &ok.Filter, &ok.ToErrors)
	enable(mode == modeOverlay && m.showErrs, &ok.ToHelp)
	query := m.helpQuery.Value() != ""
	enable(mode == modeOverlay && query, &ok.ClearQuery)
	// ? closes the help and E the errors: each key toggles its overlay;
	// esc closes once no query is left to clear.
	closeKeys, closeHelp := []string{"q", "enter"}, "q"
	if !query {
		closeKeys, closeHelp = append(closeKeys, "esc"), "q/esc"
	}
	switch {
	case m.showHelp:
		closeKeys = append(closeKeys, "?")
	case m.showErrs:
		closeKeys = append(closeKeys, "E")
	}
	ok.Close.SetKeys(closeKeys...)
	ok.Close.SetHelp(closeHelp, "close")
	enable(mode == modeHelpQuery, &m.helpQueryKeys.Apply, &m.helpQueryKeys.Cancel)

	mk := &m.marks.keys
	enable(normal, &mk.Mark, &mk.List)
	enable(mode == modeMarks, &mk.Up, &mk.Down, &mk.Jump, &mk.Edit, &mk.Delete, &mk.Close)
	enable(mode == modeNote, &m.marks.noteKeys.Apply, &m.marks.noteKeys.Cancel)

	qk := &m.quitKeys
	enable(mode == modeQuit, &qk.Save, &qk.Discard, &qk.Cancel)
}

// footerKeys is the footer: the keys of the current mode, then the ones
// always kept in view. In a pane, the pane's main keys, then tab, ? and q;
// while text is typed, the keys that end it (q, ? and tab type letters
// then), then ctrl+c, which still quits.
func (m *Model) footerKeys() (local, global []key.Binding) {
	switch mode := m.keyMode(); mode {
	case modeQuit:
		return m.quitKeys.ShortHelp(), nil
	case modeNote:
		return m.marks.noteKeys.ShortHelp(), []key.Binding{m.keys.ForceQuit}
	case modeMarks:
		mk := m.marks.keys
		return []key.Binding{mk.Down, mk.Jump, mk.Edit, mk.Delete}, []key.Binding{mk.Close}
	case modeHelpQuery:
		return m.helpQueryKeys.ShortHelp(), []key.Binding{m.keys.ForceQuit}
	case modeOverlay:
		return m.overlayKeys.ShortHelp(), nil
	case modeKernels:
		kk := m.keyset.Kernels
		return []key.Binding{kk.Down, kk.Select}, []key.Binding{kk.Close}
	case modeFilter, modeGoto:
		return []key.Binding{m.list.keys.Apply, m.list.keys.Cancel}, []key.Binding{m.keys.ForceQuit}
	case modePanelEdit:
		return m.panels[m.focus].Keys().ShortHelp(), []key.Binding{m.keys.ForceQuit}
	case modePanel:
		return m.panels[m.focus].Keys().ShortHelp(), m.keys.ShortHelp()
	}
	return m.list.keys.ShortHelp(), m.keys.ShortHelp()
}

// footer renders footerKeys in the width: the mode's keys give way
// (ending in …) so that the kept ones (? help, q quit) stay in view, unless
// the screen is too narrow for both to say anything.
func (m *Model) footer() string {
	local, global := m.footerKeys()
	h := m.help // unbounded: measured whole first
	all := h.ShortHelpView(append(local, global...))
	g := h.ShortHelpView(global)
	sep := h.Styles.ShortSeparator.Inline(true).Render(h.ShortSeparator)
	room := m.width - ansi.StringWidth(g) - ansi.StringWidth(sep)
	if g == "" || ansi.StringWidth(all) <= m.width || room < 24 {
		h.SetWidth(m.width)
		return ansi.Truncate(h.ShortHelpView(append(local, global...)), m.width, "…")
	}
	h.SetWidth(room)
	return ansi.Truncate(h.ShortHelpView(local)+sep+g, m.width, "…")
}

// afterUpdate runs after every update: the bindings follow the mode, the
// prompts the width.
func (m *Model) afterUpdate() {
	m.syncKeys()
	for _, p := range []*promptInput{&m.list.input, &m.helpQuery, &m.marks.note} {
		p.setTheme(m.th)
	}
	m.marks.note.fitWidth(1, m.width)
	m.helpQuery.fitWidth(len("help "), m.width)
}
