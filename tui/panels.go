package tui

import (
	"fmt"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/tui/panels"
)

// child is what the root needs of a panel. The panels return their
// concrete types from Update; these small adapters keep the root free of
// type switches.
type child interface {
	Update(tea.Msg) tea.Cmd
	View() string
	SetSize(w, h int)
	SetInfo(in *decoder.Info)
	Focus()
	Blur()
	Editing() bool
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
}

type panelStyles = panels.Styles

func makePanelStyles(isDark, mono bool) panelStyles {
	if mono {
		return panels.MonoStyles()
	}
	return panels.DefaultStyles(isDark)
}

type bitsChild struct{ m panels.Bits }

func (c *bitsChild) Update(msg tea.Msg) (cmd tea.Cmd) { c.m, cmd = c.m.Update(msg); return }
func (c *bitsChild) View() string                     { return c.m.View() }
func (c *bitsChild) SetSize(w, h int)                 { c.m.SetSize(w, h) }
func (c *bitsChild) SetInfo(in *decoder.Info)         { c.m.SetInfo(in) }
func (c *bitsChild) Focus()                           { c.m.Focus() }
func (c *bitsChild) Blur()                            { c.m.Blur() }
func (c *bitsChild) Editing() bool                    { return c.m.Editing() }
func (c *bitsChild) ShortHelp() []key.Binding         { return c.m.KeyMap.ShortHelp() }
func (c *bitsChild) FullHelp() [][]key.Binding        { return c.m.KeyMap.FullHelp() }

type lanesChild struct{ m panels.Lanes }

func (c *lanesChild) Update(msg tea.Msg) (cmd tea.Cmd) { c.m, cmd = c.m.Update(msg); return }
func (c *lanesChild) View() string                     { return c.m.View() }
func (c *lanesChild) SetSize(w, h int)                 { c.m.SetSize(w, h) }
func (c *lanesChild) SetInfo(in *decoder.Info)         { c.m.SetInfo(in) }
func (c *lanesChild) Focus()                           { c.m.Focus() }
func (c *lanesChild) Blur()                            { c.m.Blur() }
func (c *lanesChild) Editing() bool                    { return c.m.Editing() }
func (c *lanesChild) ShortHelp() []key.Binding         { return c.m.KeyMap.ShortHelp() }
func (c *lanesChild) FullHelp() [][]key.Binding        { return c.m.KeyMap.FullHelp() }

type outputChild struct{ m panels.Output }

func (c *outputChild) Update(msg tea.Msg) (cmd tea.Cmd) { c.m, cmd = c.m.Update(msg); return }
func (c *outputChild) View() string                     { return c.m.View() }
func (c *outputChild) SetSize(w, h int)                 { c.m.SetSize(w, h) }
func (c *outputChild) SetInfo(in *decoder.Info)         { c.m.SetInfo(in) }
func (c *outputChild) Focus()                           { c.m.Focus() }
func (c *outputChild) Blur()                            { c.m.Blur() }
func (c *outputChild) Editing() bool                    { return c.m.Editing() }
func (c *outputChild) ShortHelp() []key.Binding         { return c.m.KeyMap.ShortHelp() }
func (c *outputChild) FullHelp() [][]key.Binding        { return c.m.KeyMap.FullHelp() }

type codeChild struct{ m panels.Code }

func (c *codeChild) Update(msg tea.Msg) (cmd tea.Cmd) { c.m, cmd = c.m.Update(msg); return }
func (c *codeChild) View() string                     { return c.m.View() }
func (c *codeChild) SetSize(w, h int)                 { c.m.SetSize(w, h) }
func (c *codeChild) SetInfo(in *decoder.Info)         { c.m.SetInfo(in) }
func (c *codeChild) Focus()                           { c.m.Focus() }
func (c *codeChild) Blur()                            { c.m.Blur() }
func (c *codeChild) Editing() bool                    { return c.m.Editing() }
func (c *codeChild) ShortHelp() []key.Binding         { return c.m.KeyMap.ShortHelp() }
func (c *codeChild) FullHelp() [][]key.Binding        { return c.m.KeyMap.FullHelp() }

func newPanels(st panelStyles, sf *model.SurfaceFile, edits panels.EditTracker, rules model.Rules) [numFocus]child {
	b := &bitsChild{panels.NewBits(st)}
	l := &lanesChild{panels.NewLanes(st)}
	o := &outputChild{panels.NewOutput(st)}
	l.m.SetDispatch(sf.DispatchMask)
	o.m.SetSurfaceFile(sf)
	o.m.SetDispatch(sf.DispatchMask)
	o.m.SetEditTracker(edits)
	o.m.SetRules(rules)
	return [numFocus]child{nil, b, l, o, &codeChild{panels.NewCode(st)}}
}

func (m *Model) lanesPanel() *lanesChild { return m.panels[focusLanes].(*lanesChild) }
func (m *Model) bitsPanel() *bitsChild   { return m.panels[focusBits].(*bitsChild) }

func (m *Model) outputPanel() *outputChild { return m.panels[focusOutput].(*outputChild) }
func (m *Model) codePanel() *codeChild     { return m.panels[focusCode].(*codeChild) }

// applyTheme rebuilds the root's and the panels' styles (after a
// background-colour report or at start).
func (m *Model) applyTheme() {
	m.th = newTheme(m.isDark, m.mono)
	m.list.th = m.th
	m.list.input.cursor = m.th.selected
	if m.mono {
		plain := lipgloss.NewStyle()
		m.help.Styles = help.Styles{Ellipsis: plain, ShortKey: plain.Bold(true), ShortDesc: plain,
			ShortSeparator: plain, FullKey: plain.Bold(true), FullDesc: plain, FullSeparator: plain}
	} else {
		m.help.Styles = helpStyles(m.isDark)
	}
}

// restylePanels rebuilds the panels with styles for the new background
// (they take styles only at construction). The report comes right after
// start, so only the panels' cursors are lost; the shared state is re-applied.
func (m *Model) restylePanels() {
	m.panels = newPanels(m.panelStyles(), m.surfaces, editTracker{m}, m.cfg.Rules)
	m.selOK = false
	m.syncSelection()
	m.setFocus(m.focus)
}

// onPanelMsg handles the panels' notifications: the session's dispatch
// mask and surface file are shared, so a change in one panel reaches the
// others here.
func (m *Model) onPanelMsg(msg tea.Msg) (bool, tea.Cmd) {
	switch msg := msg.(type) {
	case panels.DispatchChangedMsg:
		m.surfaces.DispatchMask = msg.Mask
		m.lanesPanel().m.SetDispatch(msg.Mask)
		m.outputPanel().m.SetDispatch(msg.Mask)
		m.markEdited("")
		m.setStatus("dispatch mask "+msg.Mask.String(), false)
		return true, nil
	case panels.SelectInfoMsg:
		m.selectInst(msg.Stream, msg.Inst)
		return true, nil
	case panels.SurfaceChangedMsg:
		// The Output panel has marked the edit already (editTracker).
		m.lanesPanel().m.SetDispatch(m.surfaces.DispatchMask)
		return true, nil
	case panels.RulesChangedMsg:
		m.cfg.Rules = msg.Rules
		if msg.Rules == model.RulesHW {
			m.setStatus("results by the hardware notes (IGC, Mesa); ≠ marks where the spec's table differs", false)
		} else {
			m.setStatus("results by the spec's table; ≠ marks where the hardware notes differ", false)
		}
		return true, nil
	}
	return false, nil
}

// selectInst moves the list to the INFO at instruction inst of stream s
// (enter on an INFO line of the Code pane).
func (m *Model) selectInst(s *decoder.Stream, inst int) {
	r := m.list.rows
	for _, sg := range r.segs {
		if r.files[sg.src].Streams[sg.stream] != s {
			continue
		}
		if k, ok := s.InfoAt(inst); ok {
			row := sg.start + k
			pos := m.list.posOf(row)
			if pos >= m.list.count() || m.list.rowAt(pos) != row {
				m.setStatus(fmt.Sprintf("$%d is hidden by the list's filter", inst), true)
				return
			}
			m.list.cursor = pos
			m.list.moved = true
			m.list.clamp()
			m.syncSelection()
			m.setStatus(fmt.Sprintf("selected $%d in the list", inst), false)
			return
		}
	}
}
