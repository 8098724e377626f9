// Package style is the inspector's one set of styles: the INFO list, the
// status line, the tabs, the overlays, the key hints and every panel of
// tui/panels render with the Styles that New returns, so that a colour is
// chosen in one place and the themes cannot drift apart.
//
// Every state that colour tells apart also has its own symbol (Symbols) or
// attribute, so the screen stays legible without colour (NO_COLOR, the
// monochrome theme, or a screen captured as plain text).
package style

import (
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"
)

// Symbols are the characters that mark states; every theme uses the same
// set, so colour is never the only difference.
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

// Styles is the one set of styles of a session (dark, light or
// monochrome): the root hands the same pointer to the list and every
// panel, and builds another when the terminal reports its background.
// Never assign to its fields (copy it first: s := *style.New(...)).
type Styles struct {
	Mono bool // no colour at all: only bold, faint, underline and reverse
	Sym  Symbols

	// The frame: pane titles, tabs, the context strip, the status line.
	PaneTitle      lipgloss.Style // a pane's title while another pane has the keyboard
	PaneTitleFocus lipgloss.Style // the title of the pane that has the keyboard
	Tab            lipgloss.Style
	TabActive      lipgloss.Style
	Strip          lipgloss.Style // the context strip under the list
	StripCur       lipgloss.Style // the selected instruction in the context strip
	Status         lipgloss.Style
	StatusErr      lipgloss.Style
	// Current marks the list's cursor while a panel has the keyboard, and
	// the help's headings.
	Current lipgloss.Style

	// Text, shared by the list and the panels.
	Title    lipgloss.Style // panel heading
	Header   lipgloss.Style // table column headings
	Label    lipgloss.Style // form labels, row names
	Value    lipgloss.Style // stored values
	Meaning  lipgloss.Style // what a value means
	Muted    lipgloss.Style // secondary text: hints, counts, the summary
	Selected lipgloss.Style // the selected row or field of a panel
	Cursor   lipgloss.Style // the list's cursor; the single cell or bit under a panel's cursor
	Reserved lipgloss.Style // reserved bits and fields
	Warn     lipgloss.Style // diagnostics and warnings in the panels
	Error    lipgloss.Style // input errors; the list's diagnostics mark and text
	Editing  lipgloss.Style // the label of the field being edited

	// Result cells of the Output panel.
	Written     lipgloss.Style
	Unchanged   lipgloss.Style
	NotReturned lipgloss.Style
	Undefined   lipgloss.Style

	// The Lanes panel.
	Enabled   lipgloss.Style // an enabled lane
	Disabled  lipgloss.Style // a disabled lane
	InWindow  lipgloss.Style // EM bits inside the window
	OutWindow lipgloss.Style // EM bits outside the window
	BitOn     lipgloss.Style // a dispatch-mask bit that is set
	BitOff    lipgloss.Style // a dispatch-mask bit that is clear

	// Help styles the key hints (the footer and the help overlay).
	Help help.Styles
}

// DefaultSymbols returns the symbols every theme uses.
func DefaultSymbols() Symbols {
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

// New returns the styles for a dark or light terminal background (from
// tea.BackgroundColorMsg.IsDark), or the monochrome set when mono is true
// (isDark is then irrelevant), built for the caller: a view builds its own
// when it starts or the background changes, and shares none with others.
func New(isDark, mono bool) *Styles {
	var s Styles
	if mono {
		s = monoStyles()
	} else {
		s = colourStyles(isDark)
	}
	return &s
}

// colourStyles builds the dark or light palette.
func colourStyles(isDark bool) Styles {
	ld := lipgloss.LightDark(isDark)
	c := func(light, dark string) color.Color { return ld(lipgloss.Color(light), lipgloss.Color(dark)) }
	// Every foreground reaches WCAG AA (4.5:1) on black, #1E1E1E and
	// #282C34 (dark) and on white, #F5F5F5 and #FDF6E3 (light), or on its
	// own background; see TestContrastAA.
	var (
		accent = c("#5A3FC0", "#B8A6FF")
		fg     = c("#1A1A1A", "#EEEEEE")
		dim    = c("#6B6B6B", "#A0A0A0")
		green  = c("#1E7A1E", "#7FD67F")
		yellow = c("#946200", "#E5C07B")
		red    = c("#B00020", "#FF6B6B")
		blue   = c("#005FAF", "#61AFEF")
		selBG  = c("#DCD6F7", "#3B3561")
		barBG  = c("#E4E4E4", "#303030")
	)
	s := lipgloss.NewStyle
	key, desc := s().Foreground(fg), s().Foreground(dim)
	return Styles{
		Sym: DefaultSymbols(),

		PaneTitle:      s().Foreground(dim).Bold(true),
		PaneTitleFocus: s().Foreground(accent).Bold(true).Underline(true),
		Tab:            s().Foreground(dim),
		TabActive:      s().Foreground(accent).Bold(true).Reverse(true),
		// The strip changes on most steps: faint and bold are the
		// shortest escape codes, where a colour costs 11 bytes a switch.
		Strip:     s().Faint(true),
		StripCur:  s().Bold(true),
		Status:    s().Background(barBG).Foreground(fg),
		StatusErr: s().Background(barBG).Foreground(red).Bold(true),
		Current:   s().Foreground(accent).Bold(true),

		Title:    s().Foreground(accent).Bold(true),
		Header:   s().Foreground(dim).Bold(true),
		Label:    s(),
		Value:    s().Bold(true),
		Meaning:  s().Foreground(dim),
		Muted:    s().Foreground(dim),
		Selected: s().Background(selBG),
		// Reverse video without a colour: the list's cursor moves on
		// every step, and a colour would cost its escape code twice a step.
		Cursor:   s().Reverse(true).Bold(true),
		Reserved: s().Foreground(dim).Italic(true),
		Warn:     s().Foreground(yellow),
		Error:    s().Foreground(red).Bold(true),
		Editing:  s().Foreground(accent).Bold(true),

		Written:     s().Foreground(green),
		Unchanged:   s().Foreground(dim),
		NotReturned: s().Foreground(red),
		Undefined:   s().Foreground(yellow),

		Enabled:   s().Foreground(green),
		Disabled:  s().Foreground(red),
		InWindow:  s().Foreground(blue),
		OutWindow: s().Foreground(dim),
		BitOn:     s().Bold(true),
		BitOff:    s().Foreground(dim),

		// bubbles' own hint colours are greys of 2-3:1 on a dark
		// background; these reach AA on either.
		Help: help.Styles{Ellipsis: desc, ShortKey: key, ShortDesc: desc, ShortSeparator: desc,
			FullKey: key, FullDesc: desc, FullSeparator: desc},
	}
}

// monoStyles uses only bold, underline and reverse, which NO_COLOR
// terminals keep; the symbols carry every state.
func monoStyles() Styles {
	s := lipgloss.NewStyle
	plain := s()
	return Styles{
		Mono: true,
		Sym:  DefaultSymbols(),

		PaneTitle:      plain,
		PaneTitleFocus: s().Bold(true).Reverse(true),
		Tab:            plain,
		TabActive:      s().Reverse(true).Bold(true),
		Strip:          plain,
		StripCur:       s().Bold(true),
		Status:         s().Reverse(true),
		StatusErr:      s().Reverse(true).Bold(true),
		Current:        s().Bold(true),

		Title:    s().Bold(true),
		Header:   s().Underline(true),
		Label:    plain,
		Value:    s().Bold(true),
		Meaning:  plain,
		Muted:    plain,
		Selected: s().Underline(true),
		Cursor:   s().Reverse(true),
		Reserved: plain,
		Warn:     s().Bold(true),
		Error:    s().Bold(true),
		Editing:  s().Bold(true).Underline(true),

		Written:     plain,
		Unchanged:   plain,
		NotReturned: plain,
		Undefined:   plain,

		Enabled:   s().Bold(true),
		Disabled:  plain,
		InWindow:  s().Bold(true),
		OutWindow: plain,
		BitOn:     s().Bold(true),
		BitOff:    plain,

		Help: help.Styles{Ellipsis: plain, ShortKey: s().Bold(true), ShortDesc: plain,
			ShortSeparator: plain, FullKey: s().Bold(true), FullDesc: plain, FullSeparator: plain},
	}
}
