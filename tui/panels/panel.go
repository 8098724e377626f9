// Package panels holds the inspector's child components: the bit-field
// panel (Bits), the lane-map panel (Lanes), the RGBA result panel (Output)
// and the code panel (Code).
//
// They are bubbletea v2 child components, not programs: Update returns the
// concrete type, View returns a string, and the root program owns focus,
// layout, the terminal and the session's state. They render with the one
// style set of package tui/style; every state that colour tells apart also
// has its own symbol, so the panels stay legible without colour.
package panels
