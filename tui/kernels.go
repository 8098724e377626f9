package tui

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/table"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/model/lower"
	"infoscope/tui/panels"
)

// KernelKeyMap holds the keys of the kernel list (K from any pane): a
// table of every body loaded, with its statistics, to pick the one the
// Code pane shows.
type KernelKeyMap struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	Select, Close                           key.Binding
}

// DefaultKernelKeyMap returns a fresh copy of the kernel list's bindings.
func DefaultKernelKeyMap() KernelKeyMap {
	return KernelKeyMap{
		Up:       key.NewBinding(key.WithKeys("k", "up"), key.WithHelp("k/↑", "up")),
		Down:     key.NewBinding(key.WithKeys("j", "down"), key.WithHelp("j/↓", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+b", "b"), key.WithHelp("pgup/b", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+f", "space"), key.WithHelp("pgdn/space", "page down")),
		Top:      panels.NewBinding("first", "g", "home"),
		Bottom:   panels.NewBinding("last", "G", "end"),
		Select:   panels.NewBinding("show this kernel in the Code pane", "enter"),
		Close:    panels.NewBinding("close", "esc", "q", "K"),
	}
}

// ShortHelp implements help.KeyMap.
func (k KernelKeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Down, k.Up, k.Select, k.Close}
}

// FullHelp implements help.KeyMap.
func (k KernelKeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {k.Select, k.Close}}
}

// bodyRef is a body of a loaded file.
type bodyRef struct {
	file *decoder.File
	s    *decoder.Stream
}

// kernelItem is one row of the kernel list.
type kernelItem struct {
	bodyRef
	join *lower.Join // nil: no .asm joined
}

// kernelsState is the open kernel list: the bodies and bubbles' table.
// The statistics come from each body's .asm, read and parsed in a Cmd
// (a folder of thousands of kernels would stall the screen): until then
// loading is set and their cells say so.
type kernelsState struct {
	items   []kernelItem
	tbl     table.Model
	loading bool
}

// kernelJoinsMsg brings the native code of the kernel list's bodies, in
// the order of ks's items.
type kernelJoinsMsg struct {
	ks    *kernelsState
	joins []*lower.Join
}

// bodies returns every body of the loaded files, in the workspace's order.
func (m *Model) bodies() []bodyRef {
	var out []bodyRef
	for _, e := range m.snap.Entries() {
		if e.File == nil {
			continue
		}
		for _, p := range e.File.Each() {
			for _, s := range p.Streams {
				out = append(out, bodyRef{p, s})
			}
		}
	}
	return out
}

// joinOf returns the native code of body b (its dump set's .asm) as
// native reads it, nil when it has none: IGC pairs the files by stem, and
// a file of one body is joined whatever the .asm calls its kernel.
func joinOf(native func(string) *lower.Join, b bodyRef) *lower.Join {
	if native == nil || b.file == nil {
		return nil
	}
	if j := native(b.file.Name); j != nil && j.MatchesBody(b.file, b.s) {
		return j
	}
	return nil
}

// noInfoText is what the session says when the inputs hold no INFO:
// how many kernels and instructions there are, and where to look.
func (m *Model) noInfoText() string {
	bs := m.bodies()
	insts := 0
	for _, b := range bs {
		insts += b.s.NumInsts()
	}
	if len(bs) == 0 {
		return ""
	}
	if len(bs) == 1 {
		return fmt.Sprintf("no INFO in this kernel (%d instructions): the Code pane shows it, %s lists the kernels", insts, panels.HintKey(m.keys.Kernels))
	}
	return fmt.Sprintf("no INFO in these %d kernels (%d instructions): the Code pane shows the first, %s lists them", len(bs), insts, panels.HintKey(m.keys.Kernels))
}

// openFirstBody shows the first body in the Code pane when no INFO was
// loaded (once: the user's later choices stand).
func (m *Model) openFirstBody() {
	if m.autoBody || m.list.rows.Len() > 0 || m.snap.Loading() > 0 {
		return
	}
	bs := m.bodies()
	if len(bs) == 0 {
		return
	}
	m.autoBody = true
	m.showBody(bs[0])
}

// showBody shows body b in the Code pane, with no INFO selected.
func (m *Model) showBody(b bodyRef) {
	m.body = &b
	m.handBack()
	m.codePanel().SetBody(b.s)
	m.setFocus(focusCode)
}

// openKernels opens the kernel list on the body the Code pane shows; the
// Cmd reads the statistics.
func (m *Model) openKernels() tea.Cmd {
	bs := m.bodies()
	if len(bs) == 0 {
		m.setStatus("no kernel loaded", true)
		return nil
	}
	ks := &kernelsState{loading: m.cfg.Native != nil}
	shown := m.codePanel().Body()
	cur := 0
	for i, b := range bs {
		ks.items = append(ks.items, kernelItem{bodyRef: b})
		if b.s == shown {
			cur = i
		}
	}
	km := m.keyset.Kernels
	ks.tbl = table.New(table.WithKeyMap(table.KeyMap{LineUp: km.Up, LineDown: km.Down, PageUp: km.PageUp, PageDown: km.PageDown,
		GotoTop: km.Top, GotoBottom: km.Bottom}), table.WithFocused(true))
	ks.tbl.SetStyles(table.Styles{Header: m.th.Header.Padding(0, 0, 0, 1), Cell: m.th.Value.UnsetBold().Padding(0, 0, 0, 1), Selected: m.th.Selected})
	m.kern = ks
	m.sizeKernels()
	ks.tbl.SetCursor(cur)
	m.markKernelCursor()
	if !ks.loading {
		return nil
	}
	native := m.cfg.Native
	return func() tea.Msg {
		joins := make([]*lower.Join, len(bs))
		for i, b := range bs {
			joins[i] = joinOf(native, b)
		}
		return kernelJoinsMsg{ks, joins}
	}
}

// onKernelJoins fills the kernel list's statistics in, if it is still
// the one open.
func (m *Model) onKernelJoins(msg kernelJoinsMsg) {
	if m.kern != msg.ks {
		return
	}
	for i := range m.kern.items {
		m.kern.items[i].join = msg.joins[i]
	}
	m.kern.loading = false
	m.markKernelCursor()
}

// sizeKernels lays the table out for the screen: the kernel's name takes
// what the numbers leave.
func (m *Model) sizeKernels() {
	ks := m.kern
	if ks == nil {
		return
	}
	// The statistics first, the file last: a narrow screen drops the
	// file, then the columns from the right (the Code pane's title has
	// the statistics too).
	cols := []table.Column{{Title: "  kernel"}, {Title: "vISA", Width: 5}, {Title: "INFO", Width: 4},
		{Title: "native", Width: 6}, {Title: "GRF", Width: 4}, {Title: "spill", Width: 5}, {Title: "sync", Width: 4},
		{Title: "bank", Width: 4}, {Title: "RA", Width: 17}, {Title: "file"}}
	const pad = 1 // the cells' padding
	fixed := func(cs []table.Column) int {
		n := 0
		for _, c := range cs[1:] {
			n += c.Width + pad
		}
		return n
	}
	n := len(cols) - 1
	for n > 2 && m.width-fixed(cols[:n])-pad < 20 {
		n--
	}
	rest := max(m.width-fixed(cols[:n])-pad, 10)
	if rest >= 60 {
		// Room for the file too.
		cols[len(cols)-1].Width = rest/3 - pad
		rest -= rest / 3
		cols[n] = cols[len(cols)-1]
		n++
	}
	cols = cols[:n]
	cols[0].Width = rest
	// bubbles' table draws each row's cells by the columns: rows wider
	// than the new columns must go first (the cursor is kept).
	cur := ks.tbl.Cursor()
	ks.tbl.SetRows(nil)
	ks.tbl.SetColumns(cols)
	ks.tbl.SetWidth(m.width)
	ks.tbl.SetHeight(max(m.lay.bodyH-1, 2))
	m.markKernelCursor()
	ks.tbl.SetCursor(cur)
	m.markKernelCursor()
}

// markKernelCursor rebuilds the rows with the cursor's mark, so that the
// selected row shows without colour too.
func (m *Model) markKernelCursor() {
	ks := m.kern
	cur := ks.tbl.Cursor()
	ncols := len(ks.tbl.Columns())
	rows := make([]table.Row, len(ks.items))
	for i, it := range ks.items {
		mark := "  "
		if i == cur {
			mark = m.th.Sym.Selected + " "
		}
		name := it.s.Kernel
		if len(name) > ks.tbl.Columns()[0].Width-2 {
			name = model.KernelLabel(name)
		}
		if name == "" {
			name = "raw stream"
		}
		none := "-"
		if ks.loading {
			none = "…"
		}
		r := table.Row{mark + decoder.Display(name), strconv.Itoa(it.s.NumInsts()), strconv.Itoa(it.s.NumInfos()),
			none, none, none, none, none, none}
		if it.join != nil {
			st := it.join.Stats()
			r[3], r[4], r[5] = strconv.Itoa(st.Native), strconv.Itoa(st.GRF), strconv.Itoa(st.Spill)
			r[6], r[7], r[8] = orDash(st.Sync), orDash(st.Bank), orDash(strings.TrimSuffix(st.RA, "_RA"))
		}
		r = r[:min(ncols, len(r))]
		if ncols > len(r) {
			r = append(r, decoder.Display(filepath.Base(it.file.Name)))
		}
		rows[i] = r
	}
	ks.tbl.SetRows(rows)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// kernelKey handles a key while the kernel list is open.
func (m *Model) kernelKey(msg tea.KeyPressMsg) tea.Cmd {
	ks := m.kern
	k := m.keyset.Kernels
	switch {
	case key.Matches(msg, k.Close):
		m.kern = nil
		return nil
	case key.Matches(msg, k.Select):
		if len(ks.items) == 0 {
			return nil
		}
		it := ks.items[min(ks.tbl.Cursor(), len(ks.items)-1)]
		m.kern = nil
		m.pickBody(it.bodyRef)
		return nil
	}
	var cmd tea.Cmd
	ks.tbl, cmd = ks.tbl.Update(msg)
	m.markKernelCursor()
	return cmd
}

// pickBody shows body b in the Code pane: on its first INFO (selected in
// the list) when it has one, else on its first instruction.
func (m *Model) pickBody(b bodyRef) {
	if b.s.NumInfos() > 0 {
		m.body = nil
		m.selOK = false // the panels are handed the INFO even when the list was on it
		m.selectInst(b.s, b.s.Info(0).Inst)
		if m.selOK && m.list.rows.Stream(m.sel) == b.s {
			m.setFocus(focusCode)
			return
		}
		// Hidden by the list's filter: shown as a body all the same.
	}
	m.showBody(b)
	m.setStatus(fmt.Sprintf("%s: %d instructions, %d INFO", model.KernelLabel(b.s.Kernel), b.s.NumInsts(), b.s.NumInfos()), false)
}

// kernelsView draws the kernel list over the body.
func (m *Model) kernelsView() string {
	ks := m.kern
	k := m.keyset.Kernels
	title := fmt.Sprintf("kernels: %d — %s shows one in the Code pane, %s closes", len(ks.items), panels.HintKey(k.Select), panels.HintKey(k.Close))
	if ks.loading {
		title += " · reading their .asm…"
	}
	head := ansi.Truncate(m.th.PaneTitleFocus.Render(title), m.width, "…")
	return fit(head+"\n"+ks.tbl.View(), m.width, m.lay.bodyH)
}

// showCodeBody hands the Code pane the body picked when no INFO is
// selected (SetInfo(nil) has just cleared it).
func (m *Model) showCodeBody() {
	if m.body == nil || m.selOK || m.pending[focusCode] {
		return
	}
	m.panels[focusCode].panelView.(*panels.Code).SetBody(m.body.s)
}

// rebody finds the body shown again after a reload (the same file and
// kernel), or lets it go.
func (m *Model) rebody() {
	if m.body == nil {
		return
	}
	old := m.body
	m.body = nil
	for _, b := range m.bodies() {
		if b.file.Name == old.file.Name && b.s.Kernel == old.s.Kernel {
			m.body = &b
			return
		}
	}
}
