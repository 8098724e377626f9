package tui

import (
	"fmt"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/tui/panels"
	"infoscope/tui/style"
)

// child is a panel of package panels as the root holds it: the panel, by
// pointer, for every method but Update, which returns the panel's concrete
// type; update stores that back. The one generic constructor (wrap) keeps
// the root free of type switches and of one wrapper per panel.
type child struct {
	panelView
	update func(tea.Msg) tea.Cmd
}

// panelView is what the root calls on a panel besides Update.
type panelView interface {
	View() string
	SetSize(w, h int)
	SetInfo(in *decoder.Info)
	SetSession(s panels.Session)
	Focus()
	Blur()
	Editing() bool
	TakeEdits() []panels.Edit
	Keys() help.KeyMap
}

// wrap moves panel m to the heap and holds it as a child.
func wrap[P any, PP panels.Panel[P]](m P) child {
	p := PP(&m)
	return child{p, func(msg tea.Msg) (cmd tea.Cmd) {
		*p, cmd = p.Update(msg)
		return cmd
	}}
}

// buildPanels builds the panels with the bindings in effect (a
// configuration file's), each pending until first shown: syncPanel then
// hands it the session's state and the selection.
func (m *Model) buildPanels() {
	ks := m.keyset
	m.panels = [numFocus]child{{}, wrap(panels.NewBits(m.th, ks.Bits)), wrap(panels.NewLanes(m.th, ks.Lanes)),
		wrap(panels.NewOutput(m.th, ks.Output)), wrap(panels.NewCode(m.th, ks.Code))}
	for i := range m.pending {
		m.pending[i] = i != int(focusList)
	}
}

// panelOf returns panel id by its type, handed the selection first if it
// is pending.
func panelOf[P any, PP panels.Panel[P]](m *Model, id focusID) PP {
	m.syncPanel(id)
	return m.panels[id].panelView.(PP)
}

func (m *Model) bitsPanel() *panels.Bits { return panelOf[panels.Bits](m, focusBits) }
func (m *Model) codePanel() *panels.Code { return panelOf[panels.Code](m, focusCode) }

// applyTheme builds the session's styles (at start and after a
// background-colour report): the list's and the key hints' (restylePanels
// rebuilds the panels, afterUpdate restyles the prompts).
func (m *Model) applyTheme() {
	m.th = style.New(m.isDark, m.cfg.Mono)
	m.list.th = m.th
	m.help.Styles = m.th.Help
}

// restylePanels rebuilds the panels with styles for the new background
// (they take styles only at construction). The report comes right after
// start, so only the panels' cursors are lost; the session's state is
// handed to the new ones.
func (m *Model) restylePanels() {
	m.buildPanels()
	m.selOK = false
	m.syncSelection()
	m.setFocus(m.focus)
}

// session is the session's state for the selection, as the panels get it.
func (m *Model) session() panels.Session {
	var in *decoder.Info
	var sc model.Scope
	if m.selOK {
		in = m.list.rows.Info(m.sel)
		sc = model.Scope{File: m.list.rows.File(m.sel).Name, Body: m.list.rows.Stream(m.sel).Kernel}
	}
	s := panels.NewSession(m.surfaces, sc, in, m.rules)
	s.Unsaved = in != nil && m.edited[panels.EditKey(sc, s.Key)] > m.savedGen
	switch {
	case m.body != nil:
		s.Native, s.NativeOf = joinOf(m.cfg.Native, *m.body), m.body.s
	case m.selOK:
		b := bodyRef{m.list.rows.File(m.sel), m.list.rows.Stream(m.sel)}
		s.Native, s.NativeOf = joinOf(m.cfg.Native, b), b.s
	}
	if s.Native == nil {
		s.NativeOf = nil
	}
	s.Diff = m.diffShown()
	return s
}

// handBack gives every panel the session's state after it changed.
func (m *Model) handBack() {
	s := m.session()
	for i, p := range m.panels[1:] {
		if !m.pending[i+1] {
			p.SetSession(s)
		}
	}
}

// takeEdits applies the edits panel p reported in its last Update, before
// any other message: a ctrl+s typed right after an edit saves it.
func (m *Model) takeEdits(p child) {
	edits := p.TakeEdits()
	for _, e := range edits {
		m.applyEdit(e)
	}
	if len(edits) > 0 {
		m.handBack()
	}
}

// applyEdit makes a panel's edit in the session's state and marks it
// unsaved (the rules are a setting of the session, not of the file).
func (m *Model) applyEdit(e panels.Edit) {
	if r, ok := e.(panels.RulesSet); ok {
		m.rules = r.Rules
		if r.Rules == model.RulesHW {
			m.setStatus("results by the hardware notes (IGC, Mesa); ≠ marks where the spec's table differs", false)
		} else {
			m.setStatus("results by the spec's table; ≠ marks where the hardware notes differ", false)
		}
		return
	}
	mark, ok := panels.Apply(m.surfaces, e)
	if !ok {
		return
	}
	m.markEdited(mark)
	if d, ok := e.(panels.DispatchMaskSet); ok {
		m.setStatus("dispatch mask "+d.Mask.String(), false)
	}
}

// selectInst moves the list to the INFO at instruction inst of stream s
// (enter on an INFO line of the Code pane).
func (m *Model) selectInst(s *decoder.Stream, inst int) {
	r := m.list.rows
	for sg := range r.Runs() {
		if r.Stream(loc{File: sg.File, Stream: sg.Stream}) != s {
			continue
		}
		if k, ok := s.InfoAt(inst); ok {
			row := sg.Start + k
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
