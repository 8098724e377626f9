package tui

import "infoscope/tui/style"

// theme is the session's one style set (package tui/style): the list, the
// frame, the overlays, the key hints and every panel render with the same
// value, rebuilt by applyTheme.
type theme = style.Styles
