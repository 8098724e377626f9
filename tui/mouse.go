package tui

import tea "charm.land/bubbletea/v2"

// onMouse routes a click or wheel event to the pane under the pointer,
// with coordinates made relative to that pane's content.
func (m *Model) onMouse(msg tea.MouseMsg) tea.Cmd {
	if m.lay.tooSmall {
		return nil
	}
	if m.marksShown() {
		// The wheel moves the bookmarks' cursor; the note prompt and what
		// is under the overlay get nothing.
		if w, ok := msg.(tea.MouseWheelMsg); ok && m.marks.open && m.marks.editing < 0 {
			mk := &m.marks
			switch w.Button {
			case tea.MouseWheelDown:
				mk.cursor = min(mk.cursor+1, max(len(mk.list)-1, 0))
			case tea.MouseWheelUp:
				mk.cursor = max(mk.cursor-1, 0)
			}
			m.scrollMarks()
		}
		return nil
	}
	if m.kern != nil {
		return nil // the kernel list takes keys only
	}
	if m.showHelp || m.showErrs {
		// The wheel scrolls the overlay; nothing under it is reached.
		if _, wheel := msg.(tea.MouseWheelMsg); wheel {
			vp := m.overlayView()
			*vp, _ = vp.Update(msg)
		}
		return nil
	}
	ms := msg.Mouse()
	_, isClick := msg.(tea.MouseClickMsg)
	if ms.Y == 0 && isClick { // the tab bar
		for i, t := range m.lay.tabs {
			if ms.X >= t[0] && ms.X < t[1] {
				m.setFocus(focusID(i))
			}
		}
		return nil
	}
	relative := func(r rect) tea.Msg {
		c := ms
		c.X, c.Y = ms.X-r.x, ms.Y-r.y
		if isClick {
			return tea.MouseClickMsg(c)
		}
		return tea.MouseWheelMsg(c)
	}
	if m.lay.list.contains(ms.X, ms.Y) {
		if isClick && m.focus != focusList {
			m.setFocus(focusList)
		}
		// The wheel over the list scrolls it, focused or not.
		var cmd tea.Cmd
		m.list, cmd = m.list.Update(relative(m.lay.list))
		m.syncSelection()
		return cmd
	}
	if m.lay.summary.contains(ms.X, ms.Y) {
		if isClick {
			m.setFocus(m.shown) // the summary stands for the panel it opens
		}
		return nil
	}
	for _, p := range m.lay.panes {
		body := p.r
		if !body.contains(ms.X, ms.Y) {
			continue
		}
		if isClick && m.focus != p.id {
			m.setFocus(p.id)
		}
		if m.focus != p.id {
			return nil
		}
		return m.toFocused(relative(body))
	}
	return nil
}
