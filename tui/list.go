package tui

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/model/diff"
	"infoscope/model/index"
	"infoscope/model/workspace"
	"infoscope/tui/panels"
)

// ListKeyMap holds the list's bindings.
type ListKeyMap struct {
	panels.PageKeyMap
	// Next and Prev repeat the last search (the / filter's terms): the
	// next or previous row that matches them.
	Next, Prev, Goto, Filter, Clear, Open key.Binding
	// NextDiag and PrevDiag step to the rows with diagnostics (marked !).
	NextDiag, PrevDiag key.Binding
	Left, Right        key.Binding // scroll the instruction text sideways
	// Apply and Cancel end the filter and go-to prompts.
	panels.PromptKeyMap
}

// DefaultListKeyMap returns a fresh copy of the list's bindings.
func DefaultListKeyMap() ListKeyMap {
	return ListKeyMap{
		PageKeyMap:   panels.DefaultPageKeys(panels.ArrowKey("up", "up"), panels.ArrowKey("down", "down")),
		Next:         panels.NewBinding("next match of /", "n"),
		Prev:         panels.NewBinding("previous match of /", "N"),
		NextDiag:     panels.NewBinding("next row with diagnostics (!)", "}"),
		PrevDiag:     panels.NewBinding("previous row with diagnostics", "{"),
		Goto:         panels.NewBinding("go to [FILE:]0xOFFSET or row N", ":"),
		Filter:       panels.NewBinding("filter (terms below)", "/"),
		Clear:        panels.NewBinding("clear filter", "esc"),
		Open:         panels.NewBinding("open panel", "enter"),
		Left:         panels.ArrowKey("left", "scroll text left"),
		Right:        panels.ArrowKey("right", "scroll text right (rows cut with …)"),
		PromptKeyMap: panels.NewPromptKeys("apply", "cancel"),
	}
}

// ShortHelp returns the list's most used bindings.
func (k ListKeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Down, k.Filter, k.Clear, k.Next, k.NextDiag, k.Goto, k.Open}
}

// FullHelp returns every list binding.
func (k ListKeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown, k.Top, k.Bottom},
		{k.Filter, k.Next, k.Prev, k.NextDiag, k.PrevDiag, k.Goto, k.Clear, k.Open}, {k.Left, k.Right}}
}

type inputMode uint8

const (
	inputNone inputMode = iota
	inputFilter
	inputGoto
)

// listModel is the INFO list: one row per INFO of every loaded stream. It
// keeps only an index of the filtered rows and formats the visible ones.
type listModel struct {
	filterState // the rows and the filter's view of them
	// gen numbers the filter changes: a view made off the frame (see
	// filterCmd) is installed only if no change came after the one it
	// was made for. filtering: that view is still to come.
	gen       uint64
	filtering bool
	// reloaded: the rows were replaced and their view is not installed
	// yet; then the cursor goes to keep's place when relocate, else to
	// the first row.
	reloaded, relocate bool
	keep               index.Place
	// announce: the filter was applied with enter; its result's count
	// goes to the status line when it arrives.
	announce bool

	cursor, top   int  // position in view, first visible position
	moved         bool // the user has moved: keep the place across loads
	lastRow       int  // the row last selected: kept while a filter matches nothing
	width, height int

	mode  inputMode
	input promptInput
	prev  filterState // the view the prompt opened on, for esc
	// filterErr is why the filter being typed does not parse: shown
	// while typing, the last valid result staying on screen.
	filterErr error
	// lastSearch is the last filter applied that was not empty: n and N
	// step to its matches, kept or cleared. search is its rows over
	// searchRows, made on the first n or N that needs them.
	lastSearch string
	search     []int32
	searchRows *rowIndex

	keys    ListKeyMap
	th      theme
	fileW   int               // 0: one file, no file column
	shown   map[string]string // file name -> what the file column shows
	kernelW int               // 0: no kernel names
	indexW  int               // width of the $N column: the widest index shown
	hoff    int               // cells of the instruction text scrolled off to the left (h/l)
	// focused: the list has the keyboard; marked: the bookmarked rows;
	// both set on the copy the root draws.
	focused bool
	marked  map[int]bool
	// diff marks the rows whose INFO a comparison found changed or added
	// (infoscope diff), set on the copy the root draws; nil: none.
	diff *diffIndex
}

// hStep is how far h/l scroll the instruction text.
const hStep = 8

// rowLead is the width of a row before its file column: the gutter, the
// offset cell, the diagnostics mark and a space.
const rowLead = 13 // "▸ 0x000000 ! "

// listCols is the width given to the file and kernel columns on the page
// shown: the instruction text wins, so they shrink, then go (the title
// then names the selected row's file and kernel).
type listCols struct{ fileW, kernelW, textW int }

// minCol is the narrowest a file or kernel column gets before it is dropped.
const minCol = 8

// columns fits the file and kernel columns around the widest instruction
// text of the visible page.
func (l listModel) columns() listCols {
	c := listCols{fileW: l.fileW, kernelW: l.kernelW}
	need := 0
	n := l.count()
	for i := 0; i < l.bodyRows() && l.top+i < n; i++ {
		need = max(need, ansi.StringWidth(l.rows.Info(l.rows.Loc(l.rowAt(l.top+i))).Text()))
	}
	used := func() int {
		u := 0
		if c.fileW > 0 {
			u += c.fileW + 1
		}
		if c.kernelW > 0 {
			u += c.kernelW + 1
		}
		return u
	}
	room := l.width - rowLead - l.indexW - 1 - need
	for used() > max(room, 0) {
		switch {
		case c.fileW > minCol && c.fileW >= c.kernelW:
			c.fileW--
		case c.kernelW > minCol:
			c.kernelW--
		case c.fileW > minCol:
			c.fileW--
		case c.fileW > 0:
			c.fileW = 0
		case c.kernelW > 0:
			c.kernelW = 0
		}
		if c.fileW == 0 && c.kernelW == 0 {
			break
		}
	}
	c.textW = max(l.width-rowLead-l.indexW-1-used(), 0)
	return c
}

// maxHoff is the farthest h/l scroll that still shows text: the widest
// visible row's text and diagnostic against the room the page gives it.
func (l listModel) maxHoff() int {
	c := l.columns()
	widest := 0
	n := l.count()
	for i := 0; i < l.bodyRows() && l.top+i < n; i++ {
		widest = max(widest, ansi.StringWidth(l.rowTail(l.rows.Info(l.rows.Loc(l.rowAt(l.top+i))))))
	}
	return max(widest-c.textW+1, 0)
}

// openPanelMsg asks the root to focus the current panel (enter on a row).
type openPanelMsg struct{}

// statusMsg puts a message in the status line.
type statusMsg struct {
	text string
	err  bool
}

func statusCmd(text string, isErr bool) tea.Cmd {
	return func() tea.Msg { return statusMsg{text, isErr} }
}

func newList(th theme, keys ListKeyMap) listModel {
	return listModel{filterState: filterState{rows: &rowIndex{Index: index.New(nil)}}, keys: keys, th: th,
		input: newPromptInput("/", "", 0, th)} // "/" or ":", one cell either way
}

func (l *listModel) count() int {
	if l.view != nil {
		return len(l.view)
	}
	return l.rows.Len()
}

// rowAt maps a position in the (filtered) view to a row.
func (l *listModel) rowAt(pos int) int {
	if l.view != nil {
		return int(l.view[pos])
	}
	return pos
}

// selected returns the location of the cursor row.
func (l *listModel) selected() (loc, bool) {
	if l.count() == 0 {
		return loc{}, false
	}
	return l.rows.Loc(l.rowAt(l.cursor)), true
}

func (l *listModel) bodyRows() int { return max(l.height-2, 1) }

// setRows installs a new row index (after a load or reload) and keeps the
// cursor on the same file+kernel+offset or the nearest instruction (once
// the user has moved; before that it stays on the first row). With a
// filter on, the new rows' view is made off the frame by the command it
// returns, as a typed filter's is; until it comes the list shows no row.
func (l *listModel) setRows(r *rowIndex) tea.Cmd {
	if s, ok := l.selected(); ok {
		l.keep, l.relocate = l.rows.Place(s), l.moved
	} else if !l.reloaded {
		l.relocate = false // no row shown: the first row (unless a reload still pending kept one)
	}
	l.reloaded = true
	l.rows = r
	l.fileW, l.kernelW, l.indexW = 0, 0, 2
	names := map[string]bool{}
	files := r.Files()
	for sg := range r.Runs() {
		f := files[sg.File]
		names[f.Name] = true
		st := f.Streams[sg.Stream]
		l.kernelW = max(l.kernelW, min(ansi.StringWidth(model.KernelLabel(st.Kernel)), 16))
		l.indexW = max(l.indexW, 1+len(strconv.Itoa(st.NumInsts()-1)))
	}
	l.shown = shortNames(names)
	for _, s := range l.shown {
		l.fileW = max(l.fileW, min(ansi.StringWidth(s), 18))
	}
	if len(names) < 2 {
		l.fileW = 0
	}
	l.announce = false
	return l.refilter()
}

// posOf returns the view position of row, or the closest position after it.
func (l *listModel) posOf(row int) int {
	if l.view == nil {
		return row
	}
	pos, _ := slices.BinarySearch(l.view, int32(row))
	return pos
}

// filterState is a filter's view of one row index.
type filterState struct {
	rows   *rowIndex
	filter string
	terms  *index.Filter
	view   []int32 // rows passing the filter; nil means every row
	// ref holds view when it is shared with other sessions (see
	// workspace.Snapshot.View), which keeps it cached while in use.
	ref *workspace.View
}

// filteredMsg brings a view made off the frame by filterCmd.
type filteredMsg struct {
	gen uint64
	filterState
}

// viewOf returns the rows of r that terms keep, shared with the other
// sessions of r's workspace when there is one.
func viewOf(r *rowIndex, terms *index.Filter) ([]int32, *workspace.View) {
	if r.shared == nil {
		return r.View(terms), nil
	}
	ref := r.shared.View(terms)
	return ref.Rows, ref
}

// refilter makes the view of l.terms over rows that are new (a reload, or
// a prompt cancelled after one), placing the cursor as install does. An
// empty filter applies at once; otherwise the view comes from the command
// returned, and the list shows no row until then (the old view's rows
// are not the new rows').
func (l *listModel) refilter() tea.Cmd {
	l.gen++
	if l.terms.Empty() {
		l.install(filterState{rows: l.rows, filter: l.filter, terms: l.terms})
		return nil
	}
	l.view, l.ref = []int32{}, nil
	l.cursor, l.top = 0, 0
	l.filtering = true
	return l.filterCmd()
}

// filterCmd makes the view of l.terms over l.rows off the frame; the
// result is installed by filtered unless the filter or the rows changed
// in between.
func (l *listModel) filterCmd() tea.Cmd {
	gen, rows, terms := l.gen, l.rows, l.terms
	return func() tea.Msg {
		view, ref := viewOf(rows, terms)
		return filteredMsg{gen, filterState{rows: rows, filter: terms.String(), terms: terms, view: view, ref: ref}}
	}
}

// setFilter parses s and makes it the list's filter. An empty one applies
// at once; otherwise the view is made off the frame by the command it
// returns (as bubbles' list filters), and the list keeps showing the last
// view until it comes. The cursor stays on its row when the row still
// matches, else goes to the next matching one.
func (l *listModel) setFilter(s string) (tea.Cmd, error) {
	terms, err := index.ParseFilter(s)
	if err != nil {
		return nil, err
	}
	if l.count() > 0 && !l.filtering {
		l.lastRow = l.rowAt(l.cursor)
	}
	if terms.String() == l.filter {
		return nil, nil // this filter is applied, or its view on its way
	}
	l.gen++
	l.filter, l.terms = terms.String(), terms
	if terms.Empty() {
		l.install(filterState{rows: l.rows, terms: terms})
		return nil, nil
	}
	l.filtering = true
	return l.filterCmd(), nil
}

// install makes st the list's view, keeping the cursor on its row or the
// next one that passes; after a reload, on the place setRows kept, or on
// the first row.
func (l *listModel) install(st filterState) {
	l.filtering = false
	l.filterState = st // st.rows is l.rows: a view of other rows is never installed
	switch {
	case l.relocate:
		l.relocate = false
		l.cursor = 0
		if row := l.rows.Nearest(l.keep); row >= 0 {
			l.cursor = l.posOf(row)
		}
	case l.reloaded:
		l.cursor = 0
	default:
		l.cursor = l.posOf(l.lastRow)
	}
	l.reloaded = false
	l.clamp()
}

// filtered installs the view a filterCmd made, unless the filter or the
// rows changed since it was asked for (a late result is dropped).
func (l listModel) filtered(msg filteredMsg) (listModel, tea.Cmd) {
	if msg.gen != l.gen || msg.rows != l.rows {
		return l, nil
	}
	l.install(msg.filterState)
	if l.announce {
		l.announce = false
		return l, l.appliedStatus()
	}
	return l, nil
}

// appliedStatus says what the filter applied with enter keeps.
func (l *listModel) appliedStatus() tea.Cmd {
	return statusCmd(fmt.Sprintf("filter %q: %d of %d rows", l.filter, l.count(), l.rows.Len()), false)
}

func (l *listModel) clamp() {
	n := l.count()
	l.cursor = min(max(l.cursor, 0), max(n-1, 0))
	l.top = panels.KeepInView(l.top, l.cursor, 0, l.bodyRows(), n)
}

func (l *listModel) setSize(w, h int) {
	l.width, l.height = w, h
	l.input.fitWidth(promptLead, w)
	l.clamp()
}

func (l listModel) Editing() bool { return l.mode != inputNone }

// nextDiag moves to the next (dir 1) or previous (-1) row with
// diagnostics in the view, wrapping around.
func (l *listModel) nextDiag(dir int) (found, wrapped bool) {
	p := l.rows.NextDiag(l.view, l.cursor, dir)
	if p < 0 {
		return false, false
	}
	wrapped = (dir > 0 && p <= l.cursor) || (dir < 0 && p >= l.cursor)
	l.cursor = p
	return true, wrapped
}

// repeatSearch is n (dir 1) and N (-1): the next or previous row shown
// that matches the last filter applied, wrapping around. With that filter
// on, every row shown matches and n steps; cleared, n finds its matches
// among every row.
func (l *listModel) repeatSearch(dir int) tea.Cmd {
	if l.lastSearch == "" {
		return statusCmd("no search yet: / filters the list, then n and N step through its matches", false)
	}
	n := l.count()
	if n == 0 {
		return statusCmd("the list is empty", false)
	}
	if l.searchRows != l.rows {
		terms, err := index.ParseFilter(l.lastSearch)
		if err != nil {
			return statusCmd(err.Error(), true)
		}
		l.search, _ = viewOf(l.rows, terms)
		l.searchRows = l.rows
	}
	match := l.search // sorted rows; nil: every row
	has := func(row int) bool {
		if match == nil {
			return true
		}
		_, ok := slices.BinarySearch(match, int32(row))
		return ok
	}
	for step := 1; step <= n; step++ {
		p := ((l.cursor+dir*step)%n + n) % n
		if has(l.rowAt(p)) {
			wrapped := (dir > 0 && p <= l.cursor) || (dir < 0 && p >= l.cursor)
			l.cursor = p
			l.clamp()
			total := len(match)
			if match == nil {
				total = l.rows.Len()
			}
			msg := fmt.Sprintf("/%s: %d matching rows", l.lastSearch, total)
			if wrapped {
				msg += " (wrapped)"
			}
			return statusCmd(msg, false)
		}
	}
	return statusCmd(fmt.Sprintf("/%s: no row shown matches", l.lastSearch), false)
}

// gotoTarget moves to ":0x1a3" (an absolute instruction offset: that
// instruction, else the nearest one, preferring the current file) or to
// ":42" (row 42 of the list as shown, counting from 1). When no INFO
// instruction starts at the offset, note says where the cursor went instead.
func (l *listModel) gotoTarget(s string) (note string, err error) {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), ":"))
	if s == "" {
		return "", nil
	}
	n := l.count()
	if n == 0 {
		return "", fmt.Errorf("go to: the list is empty")
	}
	// FILE:0xOFFSET names the file: its name as the list shows it, or
	// the end of its path.
	fileName := ""
	if i := strings.LastIndex(s, ":"); i > 0 {
		fileName, s = s[:i], s[i+1:]
		if !strings.HasPrefix(s, "0x") && !strings.HasPrefix(s, "0X") {
			return "", fmt.Errorf("go to %s:%s: want FILE:0xOFFSET", fileName, s)
		}
	}
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		u, err := model.ParseNumber(s, 1<<63-1)
		if err != nil {
			return "", fmt.Errorf("go to %s: not a hex offset", s)
		}
		off := int64(u)
		curFile := -1
		if c, ok := l.selected(); ok {
			curFile = c.File
		}
		var inFile func(src int) bool // nil: every file
		if fileName != "" {
			want := map[int]bool{}
			var names []string
			for src, f := range l.rows.Files() {
				if f == nil {
					continue
				}
				names = append(names, l.shown[f.Name])
				if l.shown[f.Name] == fileName || f.Name == fileName || strings.HasSuffix(f.Name, "/"+fileName) {
					want[src] = true
				}
			}
			if len(want) == 0 {
				return "", fmt.Errorf("go to %s: no such file in the list (%s)", fileName, strings.Join(names, ", "))
			}
			inFile = func(src int) bool { return want[src] }
		}
		best, bestD := l.rows.NearestOffset(l.view, curFile, off, inFile)
		if best < 0 {
			if fileName != "" {
				return "", fmt.Errorf("go to %s:%s: the file has no INFO row with an offset in the list", fileName, s)
			}
			return "", fmt.Errorf("go to %s: the list is read from vISA text, which has no file offsets (give a row number)", s)
		}
		l.cursor = best
		l.clamp()
		if bestD != 0 {
			lc := l.rows.Loc(l.rowAt(best))
			return fmt.Sprintf("no INFO instruction at 0x%x in %s: went to the nearest 0x%x", off, l.rows.File(lc).Name, l.rows.Info(lc).Off), nil
		}
		return "", nil
	}
	u, err := model.ParseNumber(strings.TrimPrefix(s, "#"), 1<<62)
	k := int(u)
	if err != nil || k < 1 {
		return "", fmt.Errorf("go to %s: want 0xOFFSET or a row number from 1", s)
	}
	if k > n {
		return "", fmt.Errorf("go to %d: the list has %d rows", k, n)
	}
	l.cursor = k - 1
	l.clamp()
	return "", nil
}

func (l listModel) Update(msg tea.Msg) (listModel, tea.Cmd) {
	switch msg.(type) {
	case tea.KeyPressMsg, tea.MouseClickMsg, tea.MouseWheelMsg:
		// Sources load in any order; until the user acts, the list stays
		// at its top rather than following the first row that arrived.
		l.moved = true
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if l.mode != inputNone {
			return l.updateInput(msg)
		}
		return l.updateKey(msg)
	case tea.PasteMsg:
		if l.mode != inputNone {
			return l.editInput(msg)
		}
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			l.cursor -= 3
		case tea.MouseWheelDown:
			l.cursor += 3
		}
		l.clamp()
	case tea.MouseClickMsg:
		// Y is relative to the list's top-left; row 0 is the title.
		if msg.Button == tea.MouseLeft && msg.Y >= 1 && msg.Y <= l.bodyRows() {
			if p := l.top + msg.Y - 1; p < l.count() {
				l.cursor = p
			}
		}
	}
	return l, nil
}

func (l listModel) updateKey(msg tea.KeyPressMsg) (listModel, tea.Cmd) {
	k := l.keys
	var cmd tea.Cmd
	switch {
	case key.Matches(msg, k.Up):
		l.cursor--
	case key.Matches(msg, k.Down):
		l.cursor++
	case key.Matches(msg, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown, k.Top, k.Bottom):
		// The page moves with the cursor (top and bottom put the cursor at
		// an end, where clamp puts the page whatever top was).
		to, _ := k.Moved(msg, l.cursor, l.bodyRows(), l.count()-1)
		l.top += to - l.cursor
		l.cursor = to
	case key.Matches(msg, k.Next, k.Prev):
		dir := 1
		if key.Matches(msg, k.Prev) {
			dir = -1
		}
		cmd = l.repeatSearch(dir)
	case key.Matches(msg, k.NextDiag, k.PrevDiag):
		dir, name := 1, k.NextDiag.Help().Key
		if key.Matches(msg, k.PrevDiag) {
			dir, name = -1, k.PrevDiag.Help().Key
		}
		if l.count() > 0 {
			found, wrapped := l.nextDiag(dir)
			switch {
			case !found:
				cmd = statusCmd("no instruction with diagnostics in the list", false)
			case wrapped && dir > 0:
				cmd = statusCmd(name+": past the last row with diagnostics, wrapped to the first", false)
			case wrapped:
				cmd = statusCmd(name+": past the first row with diagnostics, wrapped to the last", false)
			}
		}
	case key.Matches(msg, k.Filter):
		l.mode, l.prev = inputFilter, l.filterState
		l.input.setPrompt("/")
		l.input.SetValue(l.filter)
		cmd = l.input.Focus()
	case key.Matches(msg, k.Goto):
		l.mode = inputGoto
		l.input.setPrompt(":")
		l.input.SetValue("")
		cmd = l.input.Focus()
	case key.Matches(msg, k.Clear):
		if l.filter != "" || l.filtering {
			_, _ = l.setFilter("") // an empty filter applies at once
			cmd = statusCmd("filter cleared", false)
		}
	case key.Matches(msg, k.Open):
		cmd = func() tea.Msg { return openPanelMsg{} }
	case key.Matches(msg, k.Left):
		if l.hoff == 0 {
			cmd = statusCmd("h: the text is at its start (l scrolls rows cut with … to the right)", false)
		}
		l.hoff = max(l.hoff-hStep, 0)
	case key.Matches(msg, k.Right):
		if most := l.maxHoff(); l.hoff >= most {
			l.hoff = most
			cmd = statusCmd("l: every row's end is in view", false)
		} else {
			l.hoff = min(l.hoff+hStep, most)
		}
	}
	l.clamp()
	return l, cmd
}

// promptLead is the width of the prompts' titles before the input.
const promptLead = len("filter ")

func (l listModel) updateInput(msg tea.KeyPressMsg) (listModel, tea.Cmd) {
	switch {
	case key.Matches(msg, l.keys.Cancel):
		return l, l.cancelInput()
	case key.Matches(msg, l.keys.Apply) && l.mode == inputGoto:
		val := l.input.Value()
		l.closeInput()
		switch note, err := l.gotoTarget(val); {
		case err != nil:
			return l, statusCmd(err.Error(), true)
		case note != "":
			return l, statusCmd(note, false)
		}
		return l, nil
	case key.Matches(msg, l.keys.Apply):
		filterCmd, err := l.setFilter(l.input.Value())
		if err != nil {
			// The prompt stays open with its text: the error says
			// where, and the last valid result stays on screen.
			l.filterErr = err
			return l, statusCmd(err.Error(), true)
		}
		l.closeInput()
		if l.filter == "" {
			return l, nil
		}
		if l.lastSearch != l.filter {
			l.lastSearch, l.searchRows = l.filter, nil
		}
		if l.filtering {
			// The view is on its way (this command's or one typed
			// before): its count is said when it comes.
			l.announce = true
			return l, filterCmd
		}
		return l, l.appliedStatus()
	}
	return l.editInput(msg)
}

// editInput gives a key or a paste to the open prompt. The list filters as
// you type, off the frame (a keystroke never waits for the rows); text
// that does not parse keeps the last valid result on screen and says why,
// with its column, until it does.
func (l listModel) editInput(msg tea.Msg) (listModel, tea.Cmd) {
	before := l.input.Value()
	var cmd tea.Cmd
	l.input, cmd = l.input.Update(msg)
	if l.mode == inputFilter && l.input.Value() != before {
		v := l.input.Value()
		if _, err := index.ParseFilter(v); err != nil {
			l.filterErr = err
		} else {
			l.filterErr = nil
			if index.Typing(v) {
				// "op:resinfo op" is on its way to op:...: the terms
				// before it stay applied.
				v = v[:strings.LastIndex(v, " ")+1]
			}
			fcmd, _ := l.setFilter(v) // it parsed
			cmd = tea.Batch(cmd, fcmd)
		}
	}
	return l, cmd
}

// cancelInput leaves the prompt, restoring the filter it had and its
// view (made again by the command it returns if the rows were reloaded
// meanwhile).
func (l *listModel) cancelInput() (cmd tea.Cmd) {
	if l.mode == inputFilter && (l.filter != l.prev.filter || l.filtering) {
		if l.count() > 0 && !l.filtering {
			l.lastRow = l.rowAt(l.cursor)
		}
		l.gen++
		l.announce = false
		if l.prev.rows != l.rows {
			l.filter, l.terms = l.prev.filter, l.prev.terms
			cmd = l.refilter()
		} else {
			l.install(l.prev)
		}
	}
	l.prev = filterState{}
	l.closeInput()
	return cmd
}

// closeInput leaves the prompt (its text is read before).
func (l *listModel) closeInput() {
	l.mode = inputNone
	l.filterErr = nil
	l.input.Blur()
}

// View renders the title line, the visible rows and the context strip:
// exactly l.height lines of at most l.width cells.
func (l listModel) View() string {
	var b strings.Builder
	c := l.columns()
	b.WriteString(l.titleLine(c))
	n, h := l.count(), l.bodyRows()
	for i := 0; i < h; i++ {
		b.WriteByte('\n')
		p := l.top + i
		if p >= n {
			if p == 0 {
				empty := "  (no INFO instructions)"
				if l.filter != "" {
					empty = "  (no INFO instruction matches the filter)"
				}
				b.WriteString(l.th.Muted.Render(ansi.Truncate(empty, l.width, "…")))
			}
			continue
		}
		b.WriteString(l.rowLine(p, c))
	}
	if l.height >= 2 {
		b.WriteByte('\n')
		b.WriteString(l.contextLine())
	}
	return b.String()
}

func (l listModel) titleLine(c listCols) string {
	switch l.mode {
	case inputFilter:
		return ansi.Truncate(l.th.PaneTitleFocus.Render("filter")+" "+l.input.View(), l.width, "…")
	case inputGoto:
		return ansi.Truncate(l.th.PaneTitleFocus.Render("go to")+" "+l.input.View()+l.th.Muted.Render("  0x1a3 = offset, file.isa:0x1a3, 42 = row"), l.width, "…")
	}
	st := l.th.PaneTitle
	if l.focused {
		st = l.th.PaneTitleFocus
	}
	pos := fmt.Sprintf("%d/%d", min(l.cursor+1, l.count()), l.count())
	t := st.Render("1 INFO list") + " " + pos
	// Columns given up for the text: the title names the selected row's.
	if lc, ok := l.selected(); ok && ((l.fileW > 0 && c.fileW == 0) || (l.kernelW > 0 && c.kernelW == 0)) {
		var where []string
		if l.fileW > 0 && c.fileW == 0 {
			where = append(where, l.shown[l.rows.File(lc).Name])
		}
		if l.kernelW > 0 && c.kernelW == 0 {
			where = append(where, model.KernelLabel(l.rows.Stream(lc).Kernel))
		}
		t += " " + l.th.Muted.Render(strings.Join(where, " · "))
	}
	if l.hoff > 0 {
		t += l.th.Muted.Render(fmt.Sprintf("  text from column %d (h scrolls back)", l.hoff+1))
	}
	switch {
	case l.filtering:
		t += l.th.Muted.Render(fmt.Sprintf("  /%s (filtering %d rows…)", l.filter, l.rows.Len()))
	case l.filter != "":
		t += l.th.Muted.Render(fmt.Sprintf("  /%s (%d of %d)", l.filter, l.count(), l.rows.Len()))
	}
	return ansi.Truncate(t, l.width, "…")
}

// padCutLeft pads s to w cells, or cuts it from the left: a path's end is
// what tells files apart.
func padCutLeft(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return panels.Fit(s, w)
	}
	return "…" + ansi.TruncateLeft(s, ansi.StringWidth(s)-w+1, "")
}

// shortNames maps each path to its shortest trailing run of path elements
// that no other path ends with: base names when they differ, so files given
// as dir/sub/a.isa and dir/sub/b.isa show as a.isa and b.isa.
//
// It looks at one suffix length at a time, counting each suffix over all
// paths: comparing every path with every other took 2,000 files' list
// half a second, on every load of a folder's files.
func shortNames(names map[string]bool) map[string]string {
	split := make(map[string][]string, len(names))
	for n := range names {
		split[n] = strings.Split(filepath.ToSlash(n), "/")
	}
	suffix := func(n string, k int) string {
		e := split[n]
		return strings.Join(e[max(0, len(e)-k):], "/")
	}
	out := make(map[string]string, len(names))
	for k := 1; len(out) < len(names); k++ {
		count := make(map[string]int, len(names))
		for n := range names {
			count[suffix(n, k)]++
		}
		for n := range names {
			if _, done := out[n]; done {
				continue
			}
			if s := suffix(n, k); count[s] == 1 || k >= len(split[n]) {
				out[n] = s
			}
		}
	}
	return out
}

// rowLine renders one row: the selection gutter, the offset (with * on
// a bookmarked row), the diagnostics mark, file, kernel, text and first
// diagnostic. The selected row is highlighted whole, and keeps its ▸ so
// that it shows without colour; every column has a fixed place.
func (l listModel) rowLine(p int, c listCols) string {
	row := l.rowAt(p)
	lc := l.rows.Loc(row)
	f, st, in := l.rows.File(lc), l.rows.Stream(lc), l.rows.Info(lc)
	sel := p == l.cursor
	var b strings.Builder
	cell := fmt.Sprintf(" 0x%06x", in.Off)
	if in.FromText() {
		cell = fmt.Sprintf(" L%-7d", in.Line()) // text has lines, not offsets
	}
	if l.marked[row] {
		cell += "*"
	} else {
		cell += " "
	}
	if sel {
		b.WriteString("▸" + cell)
	} else {
		b.WriteString(" " + cell)
	}
	if in.NumDiagnostics() > 0 {
		b.WriteString(l.th.Error.Render("!"))
	} else {
		b.WriteByte(' ')
	}
	// A comparison's mark: ~ changed, + added (in B), in the space after
	// the diagnostics mark.
	switch l.diff.kindOf(f, st, in.Inst) {
	case diff.Changed:
		b.WriteString(l.th.Warn.Render("~"))
	case diff.Added:
		b.WriteString(l.th.Enabled.Render("+"))
	default:
		b.WriteByte(' ')
	}
	if c.fileW > 0 {
		b.WriteString(padCutLeft(decoder.Display(l.shown[f.Name]), c.fileW) + " ")
	}
	if c.kernelW > 0 {
		b.WriteString(panels.Fit(model.KernelLabel(st.Kernel), c.kernelW) + " ")
	}
	// $N: Intel's instruction index, the number its listing prints.
	b.WriteString(l.th.Muted.Render(panels.Fit("$"+strconv.Itoa(in.Inst), l.indexW)))
	tail := l.rowTail(in)
	if l.hoff > 0 {
		// « says the start is scrolled off, as … says the end is cut.
		tail = "«" + ansi.TruncateLeft(tail, l.hoff+1, "")
	}
	b.WriteString(" " + tail)
	line := panels.Fit(b.String(), l.width)
	switch {
	case sel && l.focused:
		return l.th.Cursor.Render(ansi.Strip(line))
	case sel:
		return l.th.Current.Render(ansi.Strip(line))
	}
	return line
}

// rowTail is what a row shows after its columns: the instruction text and
// its first diagnostic.
func (l listModel) rowTail(in *decoder.Info) string {
	t := in.Text()
	if d := in.Diagnostics(); len(d) > 0 {
		t += "  ! " + d[0]
		if len(d) > 1 {
			t += fmt.Sprintf(" (+%d)", len(d)-1)
		}
	}
	return decoder.Display(t)
}

// Context strip geometry: a slot is a mnemonic between two bracket cells,
// which are spaces except around the selection. The strip starts with room
// for ctxAvgSlot cells a slot and shows fewer slots while its page holds
// more than fits with names cut to ctxMinName cells; a name gets at most
// ctxMaxName when there is room.
const (
	ctxAvgSlot = 8
	ctxMinName = len("sampleinfo")
	ctxMaxName = 14
)

// contextWindow returns the first instruction of the strip and how many it
// shows, for instruction at of a stream of n, in slots slots. It is a pure
// function of at: the window moves in pages, keeping at least margin
// neighbours each side of at, so stepping to a nearby instruction moves only
// the brackets instead of rewriting the line.
func contextWindow(at, n, slots int) (start, count int) {
	slots = max(1, slots)
	if n <= slots {
		return 0, n
	}
	margin := slots / 4
	step := max(1, slots-2*margin)
	start = max(0, at-margin) / step * step
	// The last page is full, ending at the stream's end.
	return min(start, n-slots), slots
}

// contextLine shows the mnemonics of the stream's instructions around the
// selected INFO, the selection in brackets, as many as fit.
func (l listModel) contextLine() string {
	lc, ok := l.selected()
	if !ok {
		return ""
	}
	st := l.rows.Stream(lc)
	at := l.rows.Info(lc).Inst
	const prefix = "context "
	// The selection's $N (the number Intel's listing gives it) leads the
	// strip, padded to the stream's widest so that a step changes only
	// its digits and the brackets.
	idx := panels.Fit("$"+strconv.Itoa(at), 1+len(strconv.Itoa(max(0, st.NumInsts()-1)))) + " "
	// Room for the prefix, $N, and a "… " / " …" on each side.
	avail := l.width - len(prefix) - len(idx) - 4
	// The largest page that fits. Each try depends on the page alone, so
	// the choice stays put while the selection moves within a page (it
	// may change where pages of different sizes disagree). The last try,
	// ctxMinName+2 cells a slot, always fits.
	var start, count int
	var names []string
	for slots := max(1, avail/ctxAvgSlot); ; slots-- {
		start, count = contextWindow(at, st.NumInsts(), slots)
		names = names[:0]
		used := 0
		for i := start; i < start+count; i++ {
			n := decoder.Display(st.InstMnemonic(i)) // text kept as text may be anything
			names = append(names, n)
			used += min(len(n), ctxMinName) + 2
		}
		if used <= avail || slots <= avail/(ctxMinName+2) || slots == 1 {
			break
		}
	}
	nameW := ctxMaxName
	for ; nameW > ctxMinName; nameW-- {
		used := 0
		for _, n := range names {
			used += min(len(n), nameW) + 2
		}
		if used <= avail {
			break
		}
	}
	var b strings.Builder
	b.WriteString(l.th.Strip.Render(prefix + idx))
	more := func(yes bool) string {
		if yes {
			return "…"
		}
		return " "
	}
	b.WriteString(l.th.Strip.Render(more(start > 0) + " "))
	var dim strings.Builder
	flush := func() {
		if dim.Len() > 0 {
			b.WriteString(l.th.Strip.Render(dim.String()))
			dim.Reset()
		}
	}
	for i, m := range names {
		m = ansi.Truncate(m, nameW, "…")
		if start+i == at {
			flush()
			b.WriteString(l.th.StripCur.Render("[" + m + "]"))
			continue
		}
		// Dim runs are rendered once: a style per mnemonic would cost
		// escape codes on every step.
		dim.WriteString(" " + m + " ")
	}
	dim.WriteString(" " + more(start+count < st.NumInsts()))
	flush()
	return ansi.Truncate(b.String(), l.width, "…")
}
