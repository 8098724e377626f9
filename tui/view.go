package tui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/model/index"
	"infoscope/tui/panels"
)

// View renders the frame from the stored state; it changes nothing.
func (m *Model) View() tea.View {
	v := tea.NewView(guardFrame(m.render()))
	v.AltScreen = true
	v.WindowTitle = "infoscope — " + m.title()
	if m.mouse {
		v.MouseMode = tea.MouseModeCellMotion
	} else {
		v.MouseMode = tea.MouseModeNone
	}
	return v
}

func (m *Model) render() string {
	w, h := m.width, m.height
	if m.lay.tooSmall {
		msg := []string{"terminal too small", fmt.Sprintf("%dx%d, need %dx%d", w, h, minWidth, minHeight), panels.HintKey(m.keys.Quit) + " quits"}
		if w >= 30 {
			msg[0] = "infoscope: terminal too small"
		}
		if !m.keys.Quit.Enabled() {
			msg[2] = panels.HintKey(m.keys.ForceQuit) + " quits" // q types, or closes an overlay, in this mode
		}
		if m.confirmQuit {
			// The question must show at any size: q then q again cancels.
			qk := m.quitKeys
			msg = []string{"unsaved edits:", keyHint(qk.Save), keyHint(qk.Discard), keyHint(qk.Cancel)}
		}
		if h < len(msg) {
			msg = []string{fmt.Sprintf("%dx%d<%dx%d", w, h, minWidth, minHeight)}
		}
		for i := range msg {
			msg[i] = ansi.Truncate(msg[i], w, "")
		}
		return strings.Join(msg, "\n")
	}
	parts := []string{m.tabBar()}
	switch {
	case m.marksShown():
		parts = append(parts, m.marksView())
	case m.kern != nil:
		parts = append(parts, m.kernelsView())
	case m.showHelp:
		title := "help — / filters, q or esc closes, j/k scroll"
		if m.helpQuery.Focused() || m.helpQuery.Value() != "" {
			title = "help " + m.helpQuery.View() + m.th.Muted.Render("  enter keeps, esc clears")
		}
		parts = append(parts, m.overlay(title, m.overlayLines()))
	case m.showErrs:
		parts = append(parts, m.overlay("files: errors, warnings, headers — q or esc closes, j/k scroll", m.errorLines()))
	case m.list.rows.Len() == 0 && m.snap.Loading() > 0:
		parts = append(parts, fit("\n  "+m.spin.View()+" "+m.loadingText(3), w, m.lay.bodyH))
	default:
		l := m.list // a copy: View changes nothing
		l.focused = m.focus == focusList
		l.marked = m.markedRows()
		l.diff = m.diff
		parts = append(parts, fit(l.View(), w, m.lay.list.h))
		if m.lay.summary.h > 0 {
			parts = append(parts, m.summary(w, m.lay.summary.h))
		}
		var blocks [][]string
		for _, p := range m.lay.panes {
			blocks = append(blocks, strings.Split(fit(m.panels[p.id].View(), p.r.w, p.r.h), "\n"))
		}
		if len(blocks) == 2 {
			blocks[0] = panels.SideBySide(blocks[0], blocks[1], m.lay.panes[0].r.w, " ")
		}
		if len(blocks) > 0 {
			parts = append(parts, strings.Join(blocks[0], "\n"))
		}
	}
	parts = append(parts, m.statusLine(), m.footer())
	return strings.Join(parts, "\n")
}

func (m *Model) tabBar() string {
	var b strings.Builder
	for i := range numFocus {
		st := m.th.Tab
		if focusID(i) == m.focus {
			st = m.th.TabActive
		}
		b.WriteString(st.Render(tabLabel(focusID(i), focusID(i) == m.focus)) + " ")
	}
	if m.diff != nil {
		b.WriteString(m.th.Muted.Render("infoscope " + m.diff.header(m.diffShown())))
	} else {
		b.WriteString(m.th.Muted.Render("infoscope · " + m.title()))
	}
	return ansi.Truncate(b.String(), m.width, "…")
}

// loadingText names the first named inputs loading, as the list names
// files (shortName), and counts the rest: a folder of thousands of files
// loads them at once, and the line is drawn on every frame. With none
// named it only counts them.
func (m *Model) loadingText(named int) string {
	if named == 0 {
		if n := m.snap.Loading(); n != 1 {
			return fmt.Sprintf("loading %d sources…", n)
		}
		return "loading 1 source…"
	}
	var names []string
	for _, s := range m.snap.FirstLoading(named) {
		n := decoder.Display(m.shortName(s.Name)) // a name's escapes are text here too
		if s.Size > 0 {
			n += fmt.Sprintf(" (%s)", humanBytes(s.Size))
		}
		names = append(names, n)
	}
	if more := m.snap.Loading() - len(names); more > 0 {
		names = append(names, fmt.Sprintf("%d more", more))
	}
	return "loading " + strings.Join(names, ", ") + "…"
}

// keyHint names b's first key and what it does ("s save & quit").
func keyHint(b key.Binding) string { return panels.HintKey(b) + " " + b.Help().Desc }

// keysHint names b's keys as its help does, its "/" read as "or" ("q or
// esc").
func keysHint(b key.Binding) string {
	first := panels.HintKey(b)
	if rest, ok := strings.CutPrefix(b.Help().Key, first+"/"); ok && rest != "" {
		return first + " or " + strings.ReplaceAll(rest, "/", " or ")
	}
	return first
}

func humanBytes(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// statusLine: the latest message (the news: it lasts until the next key),
// then what is under way (loading, filtering), what the user must act on
// (a surface file that did not load, problems to read, unsaved edits),
// then the selected file, its layout (short: E tells why that layout) and
// whether the mouse is off. What is under way keeps its place after the
// message: the loading part names fewer files, down to none, then a long
// message (a damaged file's error) is cut with "…", down to a third of
// the width; so at 80 columns a user still sees that loads run. The rest
// is cut at the end. The position is in the list's title only: here it
// would cost a coloured rewrite on every step.
func (m *Model) statusLine() string {
	var act []string
	if m.loadErr != nil {
		// ctrl+s will not save until this is read.
		act = append(act, "surface file not loaded (defaults in use)")
	}
	if m.marks.cfg.LoadNote != "" {
		// Said at start, then overwritten by the loads' news: kept here
		// (marks made now are not saved to that file).
		act = append(act, "mark file not loaded (marks kept in memory)")
	}
	if n := m.problemCount(); n > 0 {
		word := "problems"
		if n == 1 {
			word = "problem"
		}
		act = append(act, fmt.Sprintf("%d %s: %s shows", n, word, panels.HintKey(m.keys.Errors)))
	}
	if m.unsaved() {
		act = append(act, "unsaved surface edits: "+panels.HintKey(m.keys.Save)+" saves")
	}
	var where []string
	var f *decoder.File
	if m.selOK {
		f = m.list.rows.File(m.sel)
		where = append(where, decoder.Display(m.shortName(f.Name)))
	} else if m.body != nil {
		where = append(where, decoder.Display(m.shortName(m.body.file.Name)))
	} else if m.list.filter != "" && m.list.rows.Len() > 0 {
		where = append(where, "no row matches the filter")
	} else if m.snap.Len() > 0 && m.snap.Loading() == 0 {
		where = append(where, "no INFO instructions")
	}
	if f != nil {
		where = append(where, "layout "+f.Layout.String())
	}
	if !m.mouse {
		where = append(where, "mouse off")
	}
	if m.confirmQuit {
		// The question goes first and stays until it is answered.
		line := " " + m.quitPromptText() + " │ " + strings.Join(slices.Concat(act, m.busy(3), where), " │ ")
		return m.th.StatusErr.Render(panels.Fit(line, m.width))
	}
	if m.list.mode == inputFilter && m.list.filterErr != nil {
		// Said while typing: the list keeps the last valid result.
		msg := m.list.filterErr.Error() + " (the list shows the last valid filter)"
		if m.th.Mono {
			msg = "✗ " + msg
		}
		return m.th.StatusErr.Render(panels.Fit(" "+strings.Join(append([]string{msg}, act...), " │ "), m.width))
	}
	msg, st := m.status, m.th.Status
	if msg != "" && m.statusErr {
		st = m.th.StatusErr
		if m.th.Mono {
			msg = "✗ " + msg
		}
	}
	const sep, sepW = " │ ", 3 // cells
	msgW := ansi.StringWidth(msg)
	if msgW > 0 {
		msgW += sepW
	}
	// Names of loading files give way to the message first.
	var busy []string
	for named := 3; ; named-- {
		busy = m.busy(named)
		if named == 0 || m.snap.Loading() == 0 || 1+msgW+ansi.StringWidth(strings.Join(busy, sep)) <= m.width {
			break
		}
	}
	if msg != "" && len(busy) > 0 {
		// The message's least room: a third of the line.
		room := m.width - 1 - sepW - ansi.StringWidth(strings.Join(busy, sep))
		msg = ansi.Truncate(msg, max(room, m.width/3), "…")
	}
	parts := slices.Concat(busy, act, where)
	if msg != "" {
		parts = append([]string{msg}, parts...)
	}
	return st.Render(panels.Fit(" "+strings.Join(parts, sep), m.width))
}

// busy is what is under way: the loads, naming up to named of them, and
// the list's filter.
func (m *Model) busy(named int) []string {
	var out []string
	if m.snap.Loading() > 0 {
		out = append(out, m.spin.View()+" "+m.loadingText(named))
	}
	if m.list.filtering {
		out = append(out, fmt.Sprintf("filtering %d rows…", m.list.rows.Len()))
	}
	return out
}

func (m *Model) problemCount() int {
	n := m.snap.Problems() + len(m.cfg.ConfigErrors) // kept by the snapshot: this is drawn every frame
	if m.loadErr != nil {
		n++
	}
	if m.marks.cfg.LoadNote != "" {
		n++
	}
	return n
}

// overlay draws a title line over lines in the overlays' viewport, at
// its stored offset: exactly bodyH lines of at most width cells.
func (m *Model) overlay(title string, lines []string) string {
	vp := m.ov // a copy: View changes nothing
	m.sizeOverlay(&vp)
	vp.SetContentLines(slices.Clone(lines)) // it may split lines in place
	more := ""
	if n := vp.TotalLineCount(); vp.YOffset() > 0 || !vp.AtBottom() {
		at := vp.YOffset()
		more = fmt.Sprintf(" (%d-%d of %d)", at+1, min(at+vp.VisibleLineCount(), n), n)
	}
	// The title gives way to the position, which says where the view is.
	head := ansi.Truncate(m.th.PaneTitleFocus.Render(title), max(m.width-ansi.StringWidth(more), 1), "…") + m.th.Muted.Render(more)
	head = ansi.Truncate(head, m.width, "…")
	return fit(head+"\n"+vp.View(), m.width, m.lay.bodyH)
}

// sizeOverlay gives the viewport the room under the overlay's title.
func (m *Model) sizeOverlay(vp *viewport.Model) {
	vp.SetWidth(m.width)
	vp.SetHeight(max(m.lay.bodyH-1, 1))
}

// overlayLines are the lines of the overlay shown (the bookmarks draw
// their own, with a cursor).
func (m *Model) overlayLines() []string {
	if m.showErrs {
		return m.errorLines()
	}
	c := m.helpCache
	if c.lines != nil && c.width == m.width && c.query == m.helpQuery.Value() && c.th == m.th {
		return c.lines
	}
	return m.shownHelpLines()
}

// helpCache keeps the help's lines between keys: laying out every pane's
// keys costs milliseconds, and a scroll only moves the view.
type helpCache struct {
	width int
	query string
	th    theme // the styles the lines were drawn in
	lines []string
}

// overlayView returns the overlays' viewport holding the help or errors
// as they are now, so that a scroll is bounded by the text shown.
func (m *Model) overlayView() *viewport.Model {
	lines := m.overlayLines()
	if m.showHelp {
		m.helpCache = helpCache{m.width, m.helpQuery.Value(), m.th, lines}
	}
	m.sizeOverlay(&m.ov)
	m.ov.SetContentLines(lines)
	return &m.ov
}

// shownHelpLines is the help as filtered by the query: with one, a line
// per binding ("group  key  description") whose key or words contain it,
// and the lines of the filter language that do.
func (m *Model) shownHelpLines() []string {
	q := strings.ToLower(strings.TrimSpace(m.helpQuery.Value()))
	if q == "" {
		return m.helpLines()
	}
	type hit struct{ group, key, desc string }
	var hits []hit
	kw := 0
	for _, g := range m.helpGroups() {
		for _, col := range g.km {
			for _, b := range col {
				if !b.Enabled() {
					continue
				}
				h := b.Help()
				if strings.Contains(strings.ToLower(h.Key+" "+h.Desc), q) {
					hits = append(hits, hit{g.name, h.Key, h.Desc})
					kw = max(kw, ansi.StringWidth(h.Key))
				}
			}
		}
	}
	// Key and description first, the pane after: on a narrow screen the
	// words are what the query is for.
	var out []string
	for _, h := range hits {
		out = append(out, fmt.Sprintf("  %s %s  · %s", panels.Fit(h.key, kw), h.desc, h.group))
	}
	for _, l := range append(m.helpNotes(), strings.Split(index.FilterHelp, "\n")...) {
		if strings.Contains(strings.ToLower(l), q) {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		out = []string{fmt.Sprintf("  nothing in the help matches %q (esc clears)", q)}
	}
	return out
}

type helpGroup struct {
	name string
	km   [][]key.Binding
}

// helpGroups is every binding of the key set, by group as docs/keys.md
// lists them (keyGroups, the same maps): a map's columns (its FullHelp),
// then one of the bindings those leave out (the prompts', the bookmark
// list's, the unsaved-edits question's), so the help cannot miss one.
// They are enabled whatever the mode (the help lists them all while the
// mode disables them) but for the ones this session cannot use at all:
// ctrl+s with no surface file to save, the diff keys with no comparison
// of the body shown.
func (m *Model) helpGroups() []helpGroup {
	ks := m.keyset // a copy: its bindings are enabled here
	all := ks.Bindings()
	for _, b := range all {
		b.Binding.SetEnabled(true)
	}
	ks.Global.Save.SetEnabled(m.cfg.SaveSurfaces != nil)
	enable(m.diffShown() != nil, &ks.Code.NextChange, &ks.Code.PrevChange, &ks.Code.DiffView)
	var groups []helpGroup
	for _, g := range ks.keyGroups() {
		cols := g.km.(interface{ FullHelp() [][]key.Binding }).FullHelp()
		var rest []key.Binding
		for _, b := range all {
			if b.Group == g.title && !slices.ContainsFunc(cols, func(col []key.Binding) bool {
				return slices.ContainsFunc(col, func(c key.Binding) bool { return sameBinding(c, *b.Binding) })
			}) {
				rest = append(rest, *b.Binding)
			}
		}
		if len(rest) > 0 {
			cols = append(cols, rest)
		}
		groups = append(groups, helpGroup{g.title, cols})
	}
	return groups
}

// sameBinding reports whether a and b are one binding: the same keys and
// help (a map's FullHelp hands out copies).
func sameBinding(a, b key.Binding) bool {
	return a.Help() == b.Help() && slices.Equal(a.Keys(), b.Keys())
}

// helpNotes explains the list's search keys.
func (m *Model) helpNotes() []string {
	return []string{"n and N repeat the last search: the next or previous row matching the last /",
		"  filter (in Code: its own / search). } and { step to rows with diagnostics (!);",
		"  diag as a filter term keeps only those rows.",
		":0x1a3 goes to the instruction at that offset (or the nearest); :k.isa:0x1a3 in",
		"  file k.isa; :42 to row 42."}
}

// helpLines lists every key: global, list, each panel, then the filter
// language.
func (m *Model) helpLines() []string {
	h := m.help
	h.SetWidth(m.width)
	var lines []string
	for _, g := range m.helpGroups() {
		lines = append(lines, m.th.Current.Render(g.name))
		// One column at a time, so no column is dropped for width; then
		// pack the columns side by side as far as the terminal allows.
		var row []string
		roww := 0
		flush := func() {
			if len(row) > 0 {
				lines = append(lines, strings.Split(lipgloss.JoinHorizontal(lipgloss.Top, row...), "\n")...)
			}
			row, roww = nil, 0
		}
		// Keys padded to the group's widest, so the descriptions of a
		// group's columns line up when the columns stack.
		kw := 0
		for _, col := range g.km {
			for _, b := range col {
				if b.Enabled() {
					kw = max(kw, lipgloss.Width(b.Help().Key))
				}
			}
		}
		for _, col := range g.km {
			padded := make([]key.Binding, len(col))
			for i, b := range col {
				h := b.Help()
				b.SetHelp(h.Key+strings.Repeat(" ", kw-lipgloss.Width(h.Key)), h.Desc)
				padded[i] = b
			}
			c := h.FullHelpView([][]key.Binding{padded})
			if c == "" {
				continue
			}
			c = lipgloss.NewStyle().PaddingLeft(2).PaddingRight(2).Render(c)
			if cw := lipgloss.Width(c); roww+cw > m.width && len(row) > 0 {
				flush()
			}
			row = append(row, c)
			roww += lipgloss.Width(c)
		}
		flush()
		lines = append(lines, "")
	}
	lines = append(lines, m.helpNotes()...)
	lines = append(lines, "")
	lines = append(lines, strings.Split(index.FilterHelp, "\n")...)
	return lines
}

func (m *Model) errorLines() []string {
	var lines []string
	for _, err := range m.cfg.ConfigErrors {
		lines = append(lines, "✗ configuration refused, the default kept: "+err.Error())
	}
	if m.loadErr != nil {
		lines = append(lines, "✗ surface file not loaded (defaults in use; "+panels.HintKey(m.keys.Save)+" twice overwrites it): "+m.loadErr.Error())
	}
	if note := m.marks.cfg.LoadNote; note != "" {
		lines = append(lines, "✗ mark file not loaded: "+note)
	}
	for _, s := range m.snap.Entries() {
		name := s.Name
		switch {
		case s.ReadErr != nil:
			lines = append(lines, "✗ "+name+": "+s.ReadErr.Error())
		case s.Loading && s.File == nil:
			lines = append(lines, "… "+name+": loading")
		case s.File != nil:
			f := s.File
			head := fmt.Sprintf("%s: %d INFO", name, f.NumInfos())
			if f.LayoutReason != "" { // none when nothing could be read
				head += ", layout " + f.LayoutReason
			}
			lines = append(lines, head)
			// A long kernel name is shown short everywhere else: here it
			// is given whole, once, and demangled when c++filt is at hand.
			seen := map[string]bool{}
			for _, p := range f.Each() {
				for _, st := range p.Streams {
					if len(st.Kernel) <= model.MaxKernelLabel || seen[st.Kernel] {
						continue
					}
					seen[st.Kernel] = true
					lines = append(lines, "  kernel "+decoder.Display(model.KernelLabel(st.Kernel))+" is "+decoder.Display(st.Kernel))
					if d := m.demangled[st.Kernel]; d != "" {
						lines = append(lines, "    demangled: "+decoder.Display(d))
					}
				}
			}
			for _, e := range f.ErrorLines() {
				lines = append(lines, "  ✗ "+e)
			}
			for _, w := range f.Warnings {
				lines = append(lines, "  ! "+w)
			}
			// The header of each object: versions, relocation tables,
			// file-scope variables, stripped bodies, Gen binaries.
			for _, p := range f.Each() {
				if p.Object == nil {
					continue
				}
				indent := "  "
				if p != f {
					lines = append(lines, "  "+p.Name)
					indent = "    "
				}
				for _, l := range p.Object.Summary() {
					lines = append(lines, indent+l)
				}
			}
		}
		if s.Note != "" {
			lines = append(lines, "  ✗ "+s.Note)
		}
	}
	if len(lines) == 0 {
		lines = []string{"no sources"}
	}
	// Wrapped, not truncated: the end of a located error (what was found)
	// is the part the view exists to show.
	for i, l := range lines {
		lines[i] = decoder.Display(l) // file names, errors and headers quote inputs
	}
	out := panels.WrapLines(lines, m.width)
	for i, l := range out {
		out[i] = ansi.Truncate(l, m.width, "…")
	}
	return out
}
