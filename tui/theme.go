package tui

import (
	"charm.land/lipgloss/v2"
)

// theme holds the root's own styles (the panels bring theirs). Mono keeps
// every distinction as a symbol or reverse video, never colour alone.
type theme struct {
	mono       bool
	title      lipgloss.Style // pane title, blurred
	titleFocus lipgloss.Style // pane title, focused
	selected   lipgloss.Style // list cursor row
	diag       lipgloss.Style // the diagnostics mark and text
	dim        lipgloss.Style // secondary text: offsets, context strip
	current    lipgloss.Style // the selected instruction in the context strip
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
			status:     plain.Reverse(true),
			statusErr:  plain.Reverse(true).Bold(true),
			tab:        plain,
			tabActive:  plain.Reverse(true).Bold(true),
			box:        plain.Border(lipgloss.NormalBorder()).Padding(0, 1),
		}
	}
	ld := lipgloss.LightDark(isDark)
	accent := ld(lipgloss.Color("#5A3FC0"), lipgloss.Color("#B8A6FF"))
	subtle := ld(lipgloss.Color("#6B6B6B"), lipgloss.Color("#8A8A8A"))
	selBg := ld(lipgloss.Color("#D9D2F5"), lipgloss.Color("#3B3163"))
	fg := ld(lipgloss.Color("#1A1A1A"), lipgloss.Color("#EEEEEE"))
	red := ld(lipgloss.Color("#B00020"), lipgloss.Color("#FF6B6B"))
	barBg := ld(lipgloss.Color("#E4E4E4"), lipgloss.Color("#303030"))
	return theme{
		title:      lipgloss.NewStyle().Foreground(subtle).Bold(true),
		titleFocus: lipgloss.NewStyle().Foreground(accent).Bold(true).Underline(true),
		selected:   lipgloss.NewStyle().Background(selBg).Foreground(fg).Bold(true),
		diag:       lipgloss.NewStyle().Foreground(red).Bold(true),
		dim:        lipgloss.NewStyle().Foreground(subtle),
		current:    lipgloss.NewStyle().Foreground(accent).Bold(true),
		status:     lipgloss.NewStyle().Background(barBg).Foreground(fg),
		statusErr:  lipgloss.NewStyle().Background(barBg).Foreground(red).Bold(true),
		tab:        lipgloss.NewStyle().Foreground(subtle),
		tabActive:  lipgloss.NewStyle().Foreground(accent).Bold(true).Reverse(true),
		box:        lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(accent).Padding(0, 1),
	}
}
