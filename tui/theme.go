package tui

import (
	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"
)

// theme holds the root's own styles (the panels bring theirs). Mono keeps
// every distinction as a symbol or reverse video, never colour alone.
type theme struct {
	mono       bool
	title      lipgloss.Style // pane title, blurred
	titleFocus lipgloss.Style // pane title, focused
	selected   lipgloss.Style // the list cursor: its gutter marker and offset cell
	diag       lipgloss.Style // the diagnostics mark and text
	dim        lipgloss.Style // secondary text: hints, filter counts, the summary
	current    lipgloss.Style // the list cursor while a panel has the keyboard; help headings
	strip      lipgloss.Style // the context strip
	stripCur   lipgloss.Style // the selected instruction in the context strip
	status     lipgloss.Style
	statusErr  lipgloss.Style
	tab        lipgloss.Style
	tabActive  lipgloss.Style
	box        lipgloss.Style // overlays (help, errors, too small)
}

func newTheme(isDark, mono bool) theme {
	if mono {
		plain := lipgloss.NewStyle()
		return theme{
			mono:       true,
			title:      plain,
			titleFocus: plain.Bold(true).Reverse(true),
			selected:   plain.Reverse(true),
			diag:       plain.Bold(true),
			dim:        plain,
			current:    plain.Bold(true),
			strip:      plain,
			stripCur:   plain.Bold(true),
			status:     plain.Reverse(true),
			statusErr:  plain.Reverse(true).Bold(true),
			tab:        plain,
			tabActive:  plain.Reverse(true).Bold(true),
			box:        plain.Border(lipgloss.NormalBorder()).Padding(0, 1),
		}
	}
	ld := lipgloss.LightDark(isDark)
	accent := ld(lipgloss.Color("#5A3FC0"), lipgloss.Color("#B8A6FF"))
	// Every foreground reaches WCAG AA (4.5:1) on black, #1E1E1E and
	// #282C34 (dark) and on white, #F5F5F5 and #FDF6E3 (light); see
	// TestThemeContrastAA.
	subtle := ld(lipgloss.Color("#6B6B6B"), lipgloss.Color("#A0A0A0"))
	fg := ld(lipgloss.Color("#1A1A1A"), lipgloss.Color("#EEEEEE"))
	red := ld(lipgloss.Color("#B00020"), lipgloss.Color("#FF6B6B"))
	barBg := ld(lipgloss.Color("#E4E4E4"), lipgloss.Color("#303030"))
	return theme{
		title:      lipgloss.NewStyle().Foreground(subtle).Bold(true),
		titleFocus: lipgloss.NewStyle().Foreground(accent).Bold(true).Underline(true),
		// Reverse video without a colour: the selection moves on every
		// step, and a colour would cost its escape code twice a step.
		selected: lipgloss.NewStyle().Bold(true).Reverse(true),
		diag:     lipgloss.NewStyle().Foreground(red).Bold(true),
		dim:      lipgloss.NewStyle().Foreground(subtle),
		current:  lipgloss.NewStyle().Foreground(accent).Bold(true),
		// The strip changes on most steps: faint and bold are the
		// shortest escape codes, where a colour costs 11 bytes a switch.
		strip:     lipgloss.NewStyle().Faint(true),
		stripCur:  lipgloss.NewStyle().Bold(true),
		status:    lipgloss.NewStyle().Background(barBg).Foreground(fg),
		statusErr: lipgloss.NewStyle().Background(barBg).Foreground(red).Bold(true),
		tab:       lipgloss.NewStyle().Foreground(subtle),
		tabActive: lipgloss.NewStyle().Foreground(accent).Bold(true).Reverse(true),
		box:       lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(accent).Padding(0, 1),
	}
}

// helpStyles are the key hints' styles: bubbles' defaults are greys of
// 2-3:1 on a dark background; these reach AA on either.
func helpStyles(isDark bool) help.Styles {
	ld := lipgloss.LightDark(isDark)
	key := lipgloss.NewStyle().Foreground(ld(lipgloss.Color("#1A1A1A"), lipgloss.Color("#EEEEEE")))
	desc := lipgloss.NewStyle().Foreground(ld(lipgloss.Color("#6B6B6B"), lipgloss.Color("#A0A0A0")))
	return help.Styles{Ellipsis: desc, ShortKey: key, ShortDesc: desc, ShortSeparator: desc,
		FullKey: key, FullDesc: desc, FullSeparator: desc}
}
