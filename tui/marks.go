package tui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/model/index"
	"infoscope/tui/panels"
)

// MarksConfig is where a session's bookmarks come from and go.
type MarksConfig struct {
	// Marks are the bookmarks read at start (each names its file).
	Marks []model.Mark
	// Save, when set, is called in Update as an input's marks change, with
	// the input's mark file: it returns where the file goes and the write,
	// which runs in a Cmd (calling Save registers the write, so the caller
	// can wait for it when the program ends). A nil write keeps that
	// input's marks in memory. A nil Save keeps every mark in memory (the
	// embedded samples, and sessions over SSH: a server's disk is never
	// written).
	Save func(input string, data []byte) (path string, write func() error)
	// LoadNote is said in the status line at start (a mark file that did
	// not load: its marks stay in memory and the file is left as it is).
	LoadNote string
}

// MarkKeyMap holds the bookmark keys.
type MarkKeyMap struct {
	Mark, List                   key.Binding
	Jump, Edit, Delete, Up, Down key.Binding
	Close                        key.Binding // the list's own key (') closes it too
}

// DefaultMarkKeyMap returns the bookmark keys: M marks (m toggles the
// mouse), ' lists the marks, as in vi.
func DefaultMarkKeyMap() MarkKeyMap {
	return MarkKeyMap{
		Mark:   panels.NewBinding("bookmark the row with a note", "M"),
		List:   panels.NewBinding("bookmarks: jump, edit, delete", "'"),
		Jump:   panels.NewBinding("marks: jump to the mark", "enter"),
		Edit:   panels.NewBinding("marks: edit the note", "e"),
		Delete: key.NewBinding(key.WithKeys("d"), key.WithHelp("d d", "marks: delete (d twice)")),
		Up:     key.NewBinding(key.WithKeys("k", "up"), key.WithHelp("k/↑", "marks: previous")),
		Down:   key.NewBinding(key.WithKeys("j", "down"), key.WithHelp("j/↓", "marks: next")),
		Close:  key.NewBinding(key.WithKeys("q", "esc", "'"), key.WithHelp("q/esc", "close")),
	}
}

// twice names b pressed twice ("d d"), as a deletion asks.
func (MarkKeyMap) twice(b key.Binding) string { return panels.HintKey(b) + " " + panels.HintKey(b) }

// FullHelp lists the bookmark keys for the help overlay (the overlay's
// own keys are in its title).
func (k MarkKeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Mark, k.List}}
}

// markEntry is a mark and where it is in the current rows.
type markEntry struct {
	model.Mark
	row int // -1: not found (its file not loaded, or its instruction gone)
	// from is the position the mark had when the last load moved it with
	// its instruction; -1 when it did not move.
	from int64
}

// marksState is the bookmarks, their overlay and the note prompt.
type marksState struct {
	cfg     MarksConfig
	keys    MarkKeyMap
	list    []markEntry
	open    bool // the overlay lists the marks
	cursor  int
	editing int  // the mark whose note is typed; -1 none
	adding  bool // the note is for a new mark (esc drops it)
	delArm  bool // d was pressed once
	note    promptInput
	// noteKeys end the note prompt.
	noteKeys panels.PromptKeyMap
}

// initMarks sets up the bookmarks from cfg.
func (m *Model) initMarks(cfg MarksConfig) {
	mk := &m.marks
	mk.cfg, mk.keys, mk.editing = cfg, m.keyset.Marks, -1
	for _, x := range cfg.Marks {
		mk.list = append(mk.list, markEntry{x, -1, -1})
	}
	mk.note = newPromptInput("note: ", "why this instruction (enter keeps, esc cancels)", model.MaxNoteRunes, m.th)
	mk.noteKeys = panels.NewPromptKeys("keep", "cancel")
	if cfg.LoadNote != "" {
		m.setStatus(cfg.LoadNote, true)
	}
}

// marksShown reports whether the marks overlay (or the note prompt) is up.
func (m *Model) marksShown() bool { return m.marks.open || m.marks.editing >= 0 }

// infoTexts adapts a stream's INFO instructions to model.Instructions.
type infoTexts struct{ s *decoder.Stream }

func (s infoTexts) Len() int          { return s.s.NumInfos() }
func (s infoTexts) Pos(i int) int64   { return index.PosAt(s.s, i) }
func (s infoTexts) Text(i int) string { return s.s.Info(i).Text() }

// reattachMarks finds every mark in the rows after a (re)load: at its
// place, or moved with its instruction (its place is updated and the
// overlay says where it was), or not found (kept, and listed as such).
func (m *Model) reattachMarks() {
	r := m.list.rows
	files := r.Files()
	for i := range m.marks.list {
		e := &m.marks.list[i]
		e.row, e.from = -1, -1
		for s := range r.Runs() {
			f := files[s.File]
			st := f.Streams[s.Stream]
			if f.Name != e.File || st.Kernel != e.Kernel {
				continue
			}
			j, mv := e.Attach(infoTexts{st})
			if j < 0 {
				continue
			}
			e.row = s.Start + j
			if mv {
				e.from, e.Pos = e.Pos, index.PosAt(st, j)
			}
			break
		}
	}
}

// markedRows returns the rows that carry a bookmark (nil: none).
func (m *Model) markedRows() map[int]bool {
	var rows map[int]bool
	for _, e := range m.marks.list {
		if e.row >= 0 {
			if rows == nil {
				rows = map[int]bool{}
			}
			rows[e.row] = true
		}
	}
	return rows
}

// markAt returns the index of the mark on row, or -1.
func (m *Model) markAt(row int) int {
	return slices.IndexFunc(m.marks.list, func(e markEntry) bool { return e.row == row })
}

// marksKey handles the bookmark keys: everything while the overlay or the
// prompt is up, M and ' otherwise (when no field is being edited and the
// focused pane does not use the key itself).
func (m *Model) marksKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	mk := &m.marks
	if mk.editing >= 0 {
		return m.noteKey(msg), true
	}
	if mk.open {
		return m.marksOverlayKey(msg), true
	}
	if m.showHelp || m.showErrs || m.editing() || m.childHandles(msg) {
		return nil, false
	}
	switch {
	case key.Matches(msg, mk.keys.Mark):
		l, ok := m.list.selected()
		if !ok {
			m.setStatus("no row to bookmark", true)
			return nil, true
		}
		row := m.list.rowAt(m.list.cursor)
		i, adding := m.markAt(row), false
		if i < 0 {
			p := m.list.rows.Place(l)
			mk.list = append(mk.list, markEntry{model.Mark{File: p.File, Kernel: p.Kernel, Pos: p.Pos, Text: m.list.rows.Info(l).Text()}, row, -1})
			i, adding = len(mk.list)-1, true
		}
		return mk.editNote(i, adding), true
	case key.Matches(msg, mk.keys.List):
		mk.open, mk.delArm = true, false
		mk.cursor = min(mk.cursor, max(len(mk.list)-1, 0))
		m.scrollMarks()
		return nil, true
	}
	return nil, false
}

// editNote opens the note prompt on mark i (adding: a mark just made,
// which esc drops).
func (mk *marksState) editNote(i int, adding bool) tea.Cmd {
	mk.editing, mk.adding = i, adding
	mk.note.SetValue(mk.list[i].Note)
	return mk.note.Focus()
}

// noteMsg gives the note prompt, while it is open, what would go to the
// focused pane (a paste).
func (m *Model) noteMsg(msg tea.Msg) (tea.Cmd, bool) {
	if m.marks.editing < 0 {
		return nil, false
	}
	var cmd tea.Cmd
	m.marks.note, cmd = m.marks.note.Update(msg)
	return cmd, true
}

// noteKey types the note: enter keeps it (and saves), esc cancels.
func (m *Model) noteKey(msg tea.KeyPressMsg) tea.Cmd {
	mk := &m.marks
	i := mk.editing
	switch {
	case key.Matches(msg, mk.noteKeys.Cancel):
		if mk.adding {
			mk.list = slices.Delete(mk.list, i, i+1)
			m.setStatus("not bookmarked", false)
		}
		mk.editing = -1
		mk.note.Blur()
		return nil
	case key.Matches(msg, mk.noteKeys.Apply):
		mk.list[i].Note = model.CleanNote(mk.note.Value())
		mk.editing = -1
		mk.note.Blur()
		verb := "bookmarked"
		if !mk.adding {
			verb = "note kept"
		}
		return m.persistMarks(mk.list[i].File, verb)
	}
	var cmd tea.Cmd
	mk.note, cmd = mk.note.Update(msg)
	return cmd
}

func (m *Model) marksOverlayKey(msg tea.KeyPressMsg) tea.Cmd {
	mk := &m.marks
	k := mk.keys
	arm := false
	defer func() { mk.delArm = arm }()
	switch {
	case key.Matches(msg, k.Close):
		mk.open = false
	case key.Matches(msg, k.Down):
		mk.cursor = min(mk.cursor+1, max(len(mk.list)-1, 0))
	case key.Matches(msg, k.Up):
		mk.cursor = max(mk.cursor-1, 0)
	case len(mk.list) == 0:
		m.setStatus("no bookmarks yet: "+panels.HintKey(k.Mark)+" on a row marks it", false)
	case key.Matches(msg, k.Jump):
		e := mk.list[mk.cursor]
		if e.row < 0 {
			m.setStatus("that bookmark's instruction is not in the files loaded: "+k.twice(k.Delete)+" deletes it", true)
			return nil
		}
		mk.open = false
		m.jumpToRow(e.row)
	case key.Matches(msg, k.Edit):
		return mk.editNote(mk.cursor, false)
	case key.Matches(msg, k.Delete):
		if !mk.delArm {
			arm = true
			m.setStatus(panels.HintKey(k.Delete)+" again deletes this bookmark and its note", false)
			return nil
		}
		file := mk.list[mk.cursor].File
		mk.list = slices.Delete(mk.list, mk.cursor, mk.cursor+1)
		mk.cursor = min(mk.cursor, max(len(mk.list)-1, 0))
		m.scrollMarks()
		return m.persistMarks(file, "bookmark deleted")
	default:
		m.setStatus(fmt.Sprintf("%s does nothing in the bookmarks: %s jumps, %s edits, %s deletes, %s closes", msg.String(),
			panels.HintKey(k.Jump), panels.HintKey(k.Edit), k.twice(k.Delete), panels.HintKey(k.Close)), false)
	}
	m.scrollMarks()
	return nil
}

// scrollMarks keeps the overlay's cursor in view, moving it the least.
func (m *Model) scrollMarks() {
	vp := &m.ov
	m.sizeOverlay(vp)
	n := max(len(m.marks.list), 1)
	vp.SetContentLines(make([]string, n)) // the lines the offset is bounded by
	vp.SetYOffset(panels.KeepInView(vp.YOffset(), m.marks.cursor, 0, vp.Height(), n))
}

// jumpToRow selects row in the list, clearing a filter that hides it.
func (m *Model) jumpToRow(row int) {
	note := ""
	if m.list.view != nil {
		if _, found := slices.BinarySearch(m.list.view, int32(row)); !found {
			_, _ = m.list.setFilter("") // an empty filter applies at once
			note = " (the filter hid it: cleared)"
		}
	}
	if m.list.filtering {
		_, _ = m.list.setFilter("") // its view could hide the row
		note = " (the filter was still being applied: cleared)"
	}
	m.list.cursor = m.list.posOf(row)
	m.list.moved = true
	m.list.clamp()
	m.setFocus(focusList)
	m.syncSelection()
	if i := m.markAt(row); i >= 0 && m.marks.list[i].Note != "" {
		m.setStatus("bookmark: "+m.marks.list[i].Note+note, false)
	} else if note != "" {
		m.setStatus("bookmark"+note, false)
	}
}

// inputOf returns the name of the source a file (or an image in it) was
// read from.
func (m *Model) inputOf(file string) string {
	for _, n := range m.snap.Names() {
		if file == n || strings.HasPrefix(file, n+":") {
			return n
		}
	}
	return file
}

// persistMarks writes the mark file of file's input, or says that marks
// are kept in memory.
func (m *Model) persistMarks(file, done string) tea.Cmd {
	in := m.inputOf(file)
	marks := make([]model.Mark, len(m.marks.list))
	for i, e := range m.marks.list {
		marks[i] = e.Mark
	}
	var path string
	var write func() error
	if m.marks.cfg.Save != nil {
		data, err := model.MarshalMarks(in, marks)
		if err != nil {
			m.setStatus(done+", not saved: "+err.Error(), true)
			return nil
		}
		path, write = m.marks.cfg.Save(in, data)
	}
	if write == nil {
		m.setStatus(done+" (kept in memory for this session: "+in+" has no mark file)", false)
		return nil
	}
	m.setStatus(done, false)
	return func() tea.Msg {
		if err := write(); err != nil {
			return statusMsg{fmt.Sprintf("%s, but saving %s failed: %v", done, path, err), true}
		}
		return statusMsg{done + ": saved " + path, false}
	}
}

// marksView is the bookmarks overlay, or the note prompt over it.
func (m *Model) marksView() string {
	mk := &m.marks
	k := mk.keys
	title := fmt.Sprintf("bookmarks — %s jumps, %s edits the note, %s deletes, %s closes", panels.HintKey(k.Jump), panels.HintKey(k.Edit), k.twice(k.Delete), keysHint(k.Close))
	if mk.cfg.Save == nil {
		title += " · kept in memory (not written here)"
	}
	var lines []string
	if mk.editing >= 0 {
		e := mk.list[mk.editing]
		title = decoder.Display("bookmark " + model.KernelLabel(e.Kernel) + " " + e.Text)
		lines = append(lines, " "+mk.note.View(), "", m.th.Muted.Render(" enter keeps the note, esc cancels; the mark is saved beside its input file"))
		return m.overlay(ansi.Truncate(title, m.width, "…"), lines)
	}
	if len(mk.list) == 0 {
		lines = append(lines, "  no bookmarks yet: "+panels.HintKey(k.Mark)+" on a row marks it with a note")
	}
	for i, e := range mk.list {
		cur := "  "
		if i == mk.cursor {
			cur = "▸ "
		}
		num := "0x%x"
		if e.row >= 0 && m.list.rows.Info(m.list.rows.Loc(e.row)).FromText() {
			num = "$%d"
		}
		where := fmt.Sprintf(num, e.Pos)
		state := ""
		switch {
		case e.row < 0:
			state = "[not found] "
		case e.from >= 0:
			state = "[moved from " + fmt.Sprintf(num, e.from) + "] "
		}
		line := fmt.Sprintf("%s%s%s %s %s  %s", cur, state, e.File, model.KernelLabel(e.Kernel), where, e.Text)
		if e.Note != "" {
			line += "  — " + e.Note
		}
		line = ansi.Truncate(decoder.Display(line), m.width, "…")
		if i == mk.cursor {
			line = m.th.Cursor.Render(panels.Fit(line, m.width))
		}
		lines = append(lines, line)
	}
	return m.overlay(title, lines)
}
