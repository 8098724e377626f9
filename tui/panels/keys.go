package panels

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// The pieces of key maps that the panels and the root share. A key map is
// a struct of key.Binding fields, embedded structs included: the
// configuration file names a binding by its key map and field (list.down,
// code.apply).

// NewBinding returns a binding whose help names its keys as they are
// typed, joined by "/" (the form a remapped binding takes too).
func NewBinding(desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(strings.Join(keys, "/"), desc))
}

// HintKey returns the first of b's keys as its help names them, for a
// hint written in prose ("enter opens Bits"), so that a rebinding changes
// the hint too. The help joins a binding's keys with "/" (a pane key's
// with spaces); the search starts past the first byte, for the key "/".
func HintKey(b key.Binding) string {
	h := b.Help().Key
	if i := strings.IndexAny(h[min(len(h), 1):], "/ "); i >= 0 {
		return h[:i+1]
	}
	return h
}

// viArrows are the arrow keys' vi letters and the arrows their help shows.
var viArrows = map[string][2]string{"up": {"k", "↑"}, "down": {"j", "↓"}, "left": {"h", "←"}, "right": {"l", "→"}}

// ArrowKey returns the arrow key dir (up, down, left or right) with its vi
// letter (k, j, h or l).
func ArrowKey(dir, desc string) key.Binding {
	a := viArrows[dir]
	return key.NewBinding(key.WithKeys(dir, a[0]), key.WithHelp(a[1]+"/"+a[0], desc))
}

// PromptKeyMap holds the keys that end a one-line prompt or a field being
// typed; the keys that edit its text are textinput's.
type PromptKeyMap struct{ Apply, Cancel key.Binding }

// NewPromptKeys returns a prompt's bindings, described as that prompt uses
// them.
func NewPromptKeys(apply, cancel string) PromptKeyMap {
	return PromptKeyMap{Apply: NewBinding(apply, "enter"), Cancel: NewBinding(cancel, "esc")}
}

// ShortHelp returns the prompt's bindings.
func (k PromptKeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Apply, k.Cancel} }

// FullHelp returns the prompt's bindings.
func (k PromptKeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// setEditing enables the prompt's keys while text is typed and the pane's
// others (bs) while it is not, so help shows only what works.
func (k *PromptKeyMap) setEditing(on bool, bs ...*key.Binding) {
	for _, b := range bs {
		b.SetEnabled(!on)
	}
	k.Apply.SetEnabled(on)
	k.Cancel.SetEnabled(on)
}

// PageKeyMap holds the keys that move a cursor through a long listing, a
// row or a page at a time: the INFO list's and the Code pane's.
type PageKeyMap struct {
	Up, Down, PageUp, PageDown, HalfUp, HalfDown, Top, Bottom key.Binding
}

// DefaultPageKeys returns a fresh copy of the paging keys with up and down
// (each listing's help spells those its own way).
func DefaultPageKeys(up, down key.Binding) PageKeyMap {
	return PageKeyMap{
		Up:       up,
		Down:     down,
		PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+b", "b"), key.WithHelp("pgup/ctrl+b/b", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+f", "space"), key.WithHelp("pgdn/ctrl+f/space", "page down")),
		HalfUp:   NewBinding("half page up", "ctrl+u"),
		HalfDown: NewBinding("half page down", "ctrl+d"),
		Top:      NewBinding("first", "g", "home"),
		Bottom:   NewBinding("last", "G", "end"),
	}
}

// Moved returns where a moving key (up, down, page, half page, top,
// bottom) takes a cursor at cur in a list of last+1 rows shown page at a
// time; ok is false for any other key. The INFO list pages with it, and
// every listing of the Code pane that moves a plain cursor.
func (k PageKeyMap) Moved(msg tea.KeyPressMsg, cur, page, last int) (to int, ok bool) {
	switch {
	case key.Matches(msg, k.Up):
		return cur - 1, true
	case key.Matches(msg, k.Down):
		return cur + 1, true
	case key.Matches(msg, k.PageUp):
		return cur - page, true
	case key.Matches(msg, k.PageDown):
		return cur + page, true
	case key.Matches(msg, k.HalfUp):
		return cur - max(page/2, 1), true
	case key.Matches(msg, k.HalfDown):
		return cur + max(page/2, 1), true
	case key.Matches(msg, k.Top):
		return 0, true
	case key.Matches(msg, k.Bottom):
		return last, true
	}
	return cur, false
}
