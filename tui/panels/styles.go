// Package panels holds the inspector's child components: the bit-field panel
// (Bits), the lane-map panel (Lanes) and the RGBA result panel (Output).
//
// They are bubbletea v2 child components, not programs: Update returns the
// concrete type, View returns a string, and the root program owns focus,
// layout and the terminal. Every state that colour tells apart also has its
// own symbol, so the panels stay legible without colour (NO_COLOR, a
// monochrome theme, or a screen captured as plain text).
package panels

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// Symbols are the characters that mark states; both themes use the same set,
// so colour is never the only difference.
type Symbols struct {
	Written     string // a result cell the instruction writes
	Unchanged   string // a cell of a disabled lane: keeps its old contents
	NotReturned string // a channel the channel mask turns off
	Undefined   string // the spec leaves the value undefined (N/A)
	Differs     string // beside a result cell: the other rules (hardware notes or spec) give another value
	Enabled     string // an enabled lane
	Disabled    string // a disabled lane
	InWindow    string // an EM bit the instruction reads
	OutWindow   string // an EM bit outside the instruction's window
	Selected    string // the selected row
	Cursor      string // the column or bit under the cursor (marker rows)
	Reserved    string // a reserved bit that is zero, as it should be
	Warn        string // a diagnostic or warning
	OK          string // nothing to report
}

// Styles is the one set of styles the panels render with. Build it once with
// DefaultStyles or MonoStyles and hand the same value to every panel.
type Styles struct {
	Sym Symbols

	Title    lipgloss.Style // panel heading
	Header   lipgloss.Style // table column headings
	Label    lipgloss.Style // form labels, row names
	Value    lipgloss.Style // stored values
	Meaning  lipgloss.Style // what a value means
	Muted    lipgloss.Style // secondary text
	Selected lipgloss.Style // the selected row or field
	Cursor   lipgloss.Style // the single cell or bit under the cursor
	Reserved lipgloss.Style // reserved bits and fields
	Warn     lipgloss.Style // diagnostics and warnings
	Error    lipgloss.Style // input errors
	Editing  lipgloss.Style // the label of the field being edited

	Written     lipgloss.Style
	Unchanged   lipgloss.Style
	NotReturned lipgloss.Style
	Undefined   lipgloss.Style

	Enabled   lipgloss.Style // an enabled lane
	Disabled  lipgloss.Style // a disabled lane
	InWindow  lipgloss.Style // EM bits inside the window
	OutWindow lipgloss.Style // EM bits outside the window
	BitOn     lipgloss.Style // a dispatch-mask bit that is set
	BitOff    lipgloss.Style // a dispatch-mask bit that is clear
}

func defaultSymbols() Symbols {
	return Symbols{
		Written:     "●",
		Unchanged:   "·",
		NotReturned: "×",
		Undefined:   "?",
		Differs:     "≠",
		Enabled:     "●",
		Disabled:    "○",
		InWindow:    "■",
		OutWindow:   "·",
		Selected:    "▸",
		Cursor:      "^",
		Reserved:    "·",
		Warn:        "!",
		OK:          "✓",
	}
}

// DefaultStyles returns the colour theme for a dark or light background
// (from tea.BackgroundColorMsg.IsDark).
func DefaultStyles(isDark bool) Styles {
	ld := lipgloss.LightDark(isDark)
	c := func(light, dark string) color.Color { return ld(lipgloss.Color(light), lipgloss.Color(dark)) }
	var (
		accent = c("#5A3FC0", "#B7A6FF")
		dim    = c("#6B6B6B", "#A0A0A0") // AA (4.5:1) on light and dark backgrounds
		green  = c("#1E7A1E", "#7FD67F")
		yellow = c("#946200", "#E5C07B")
		red    = c("#B00020", "#FF6E6E")
		blue   = c("#005FAF", "#61AFEF")
		selBG  = c("#DCD6F7", "#3B3561")
	)
	s := lipgloss.NewStyle
	return Styles{
		Sym:         defaultSymbols(),
		Title:       s().Bold(true).Foreground(accent),
		Header:      s().Bold(true).Foreground(dim),
		Label:       s(),
		Value:       s().Bold(true),
		Meaning:     s().Foreground(dim),
		Muted:       s().Foreground(dim),
		Selected:    s().Background(selBG),
		Cursor:      s().Reverse(true).Bold(true),
		Reserved:    s().Foreground(dim).Italic(true),
		Warn:        s().Foreground(yellow),
		Error:       s().Foreground(red).Bold(true),
		Editing:     s().Foreground(accent).Bold(true),
		Written:     s().Foreground(green),
		Unchanged:   s().Foreground(dim),
		NotReturned: s().Foreground(red),
		Undefined:   s().Foreground(yellow),
		Enabled:     s().Foreground(green),
		Disabled:    s().Foreground(red),
		InWindow:    s().Foreground(blue),
		OutWindow:   s().Foreground(dim),
		BitOn:       s().Bold(true),
		BitOff:      s().Foreground(dim),
	}
}

// MonoStyles returns a theme without colour: only bold, underline and
// reverse, which NO_COLOR terminals keep. The symbols carry every state.
func MonoStyles() Styles {
	s := lipgloss.NewStyle
	return Styles{
		Sym:         defaultSymbols(),
		Title:       s().Bold(true),
		Header:      s().Underline(true),
		Label:       s(),
		Value:       s().Bold(true),
		Meaning:     s(),
		Muted:       s(),
		Selected:    s().Underline(true),
		Cursor:      s().Reverse(true),
		Reserved:    s(),
		Warn:        s().Bold(true),
		Error:       s().Bold(true),
		Editing:     s().Bold(true).Underline(true),
		Written:     s(),
		Unchanged:   s(),
		NotReturned: s(),
		Undefined:   s(),
		Enabled:     s().Bold(true),
		Disabled:    s(),
		InWindow:    s().Bold(true),
		OutWindow:   s(),
		BitOn:       s().Bold(true),
		BitOff:      s(),
	}
}
