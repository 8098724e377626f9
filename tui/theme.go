package tui

import "infoscope/tui/style"

// theme is the session's one style set (package tui/style): the list, the
// frame, the overlays, the key hints and every panel render with the same
// set, which applyTheme switches. It points to one of the immutable sets
// that style.New shares between every session of a process.
type theme = *style.Styles
