package panels

import (
	"cmp"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/model/flow"
	"infoscope/model/lower"
	"infoscope/tui/style"
)

// SelectInfoMsg asks the root to select, in the INFO list, the INFO at
// instruction Inst of Stream (enter on an INFO line of the Code pane).
type SelectInfoMsg struct {
	Stream *decoder.Stream
	Inst   int
}

// CodeKeyMap are the Code pane's bindings.
type CodeKeyMap struct {
	PageKeyMap
	Search, Goto, Next, Prev key.Binding
	Select, Back, Flow       key.Binding
	// Native folds and unfolds the native lines under each instruction
	// (a body joined to IGC's Gen assembly).
	Native key.Binding
	// NativeList gives the keys to the native listing (the .asm in its
	// own order, beside the vISA listing on a wide pane) and back.
	NativeList key.Binding
	// FlowFocus moves the keyboard between the listing and the data-flow
	// list, which then scrolls on its own.
	FlowFocus    key.Binding
	PromptKeyMap // while typing
	// NextChange and PrevChange go to the next and previous change of a
	// comparison (infoscope diff), DiffView shows B alone and back;
	// enabled only in a session that shows one (codediff.go).
	NextChange, PrevChange, DiffView key.Binding
}

// flowKeys are the keys of the data-flow entries, in order: letters the
// pane and the root do not use otherwise (b pages up, y copies, m, q, n).
const flowKeys = "acdefhiloprstuvwxz"

// DefaultCodeKeyMap returns a fresh copy of the Code pane's bindings.
func DefaultCodeKeyMap() CodeKeyMap {
	k := CodeKeyMap{
		PageKeyMap: DefaultPageKeys(key.NewBinding(key.WithKeys("k", "up"), key.WithHelp("k/↑", "up")),
			key.NewBinding(key.WithKeys("j", "down"), key.WithHelp("j/↓", "down"))),
		Search:       NewBinding("search", "/"),
		Goto:         NewBinding("go to $N, 0xOFFSET or L<line> (text)", ":"),
		Next:         NewBinding("next match (repeats /)", "n"),
		Prev:         NewBinding("previous match", "N"),
		Select:       NewBinding("select this INFO", "enter"),
		Back:         key.NewBinding(key.WithKeys("backspace", "ctrl+o"), key.WithHelp("⌫", "back")),
		Flow:         key.NewBinding(key.WithKeys(strings.Split(flowKeys, "")...), key.WithHelp("a-z", "go to data-flow entry")),
		FlowFocus:    NewBinding("keys to the data-flow list / back to the listing", "F"),
		Native:       NewBinding("fold / unfold the native and LLVM lines", "A"),
		NativeList:   NewBinding("keys to the .asm listing (its order) and back", "ctrl+w"),
		PromptKeyMap: NewPromptKeys("apply", "cancel"),

		NextChange: NewBinding("next change (infoscope diff)", "}"),
		PrevChange: NewBinding("previous change", "{"),
		DiffView:   NewBinding("B alone / A beside B", "D"),
	}
	k.setEditing(false)
	for _, b := range []*key.Binding{&k.NextChange, &k.PrevChange, &k.DiffView} {
		b.SetEnabled(false) // a session with a comparison enables them
	}
	return k
}

// flowHint names the keys of the data-flow list while it has them: "j/k
// move, enter goes, F back".
func (k CodeKeyMap) flowHint(move string) string {
	return HintKey(k.Down) + "/" + HintKey(k.Up) + " " + move + ", " + HintKey(k.Select) + " goes, " + HintKey(k.FlowFocus) + " back"
}

func (k *CodeKeyMap) setEditing(on bool) {
	k.PromptKeyMap.setEditing(on, &k.Up, &k.Down, &k.PageUp, &k.PageDown, &k.HalfUp, &k.HalfDown, &k.Top, &k.Bottom,
		&k.Search, &k.Goto, &k.Next, &k.Prev, &k.Select, &k.Back, &k.Flow, &k.FlowFocus, &k.Native, &k.NativeList)
}

// ShortHelp implements help.KeyMap.
func (k CodeKeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.NextChange, k.PrevChange, k.Search, k.Next, k.Goto, k.Flow, k.FlowFocus, k.Back, k.Select, k.Apply, k.Cancel}
}

// FullHelp implements help.KeyMap.
func (k CodeKeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown, k.Top, k.Bottom},
		{k.Search, k.Next, k.Prev, k.Goto},
		{k.Select, k.Flow, k.FlowFocus, k.Native, k.NativeList, k.Back, k.Apply, k.Cancel},
		{k.NextChange, k.PrevChange, k.DiffView},
	}
}

// MaxFlowInsts bounds the bodies whose data flow the pane computes: past
// it the pane lists the code and says the flow was not computed.
const MaxFlowInsts = 50_000

type codeMode int

const (
	codeBrowse codeMode = iota
	codeSearch
	codeGoto
)

// flowEntry is one line of the data-flow section that a key jumps to.
type flowEntry struct {
	inst int
	mark string // ‹ (LOD source), › (reader), × (overwrite)
	what string
}

// codeState is what the pane derives from its body and selection; held
// by pointer so the value-typed model stays cheap to copy.
type codeState struct {
	s       *decoder.Stream
	info    int // index of the selected INFO in s; -1 none
	sf      *flow.Stream
	flow    flow.Flow
	fresh   bool // flow is computed for the current selection
	entries []flowEntry
	marks   map[int]string // instruction -> data-flow mark
	matches []int
	// in is the scratch an instruction is decoded into for the listing
	// (~5 KB): built when the pane first draws a binary body.
	in *decoder.Instruction
}

// scratch returns the decode scratch, built on first use.
func (c *codeState) scratch() *decoder.Instruction {
	if c.in == nil {
		c.in = new(decoder.Instruction)
	}
	return c.in
}

// Code lists the selected INFO's kernel or function in full, with the
// data flow around the INFO under it.
type Code struct {
	KeyMap CodeKeyMap
	outbox // never written: the pane edits no session state

	st       *style.Styles
	c        *codeState
	cur, top int
	w, h     int
	focus    bool
	mode     codeMode
	input    *lineEdit // the open prompt's text: built by / and :, dropped when it closes
	inputW   int       // the prompt's text width
	query    string
	back     []pos // places to go back to (⌫)
	msg      string
	msgErr   bool
	grf      int
	// recentre places the cursor a third down the listing when next
	// drawn: set when the selection changes, before the pane may have
	// its size (a pending pane is handed the selection, then sized).
	recentre bool
	// flowFocus gives the keys to the data-flow list; flowCur is its
	// entry under the cursor, flowTop its first line shown.
	flowFocus        bool
	flowCur, flowTop int
	// join is the body's native code (nil: none); folded hides its lines.
	join   *lower.Join
	joinOf *decoder.Stream // the body join belongs to
	folded bool
	// sub is the cursor's row under instruction cur (-1: the
	// instruction's own line; see subRows), topSub the sub-row the
	// listing starts at. nat gives the keys to the native listing,
	// whose cursor is ncur and first line shown ntop (ASM.Insts indices).
	sub, topSub int
	nat         bool
	ncur, ntop  int
	// diff is the comparison of the body shown with the other build's
	// (infoscope diff; codediff.go), nil when there is none.
	diff *diffState
}

// NewCode returns an empty Code pane with bindings km.
func NewCode(st *style.Styles, km CodeKeyMap) Code {
	return Code{KeyMap: km, st: st, c: &codeState{info: -1}, inputW: 30, grf: 32, sub: -1, topSub: -1}
}

// SetInfo shows the body of in with in under the cursor (nil: none).
func (m *Code) SetInfo(in *decoder.Info) {
	if in == nil || in.Stream() == nil {
		m.SetBody(nil)
		return
	}
	c := m.c
	s := in.Stream()
	if s != c.s {
		*c = codeState{s: s, info: -1}
		m.back, m.query = nil, ""
		m.nat, m.ncur, m.ntop = false, 0, 0
	}
	k, _ := c.infoAt(in.Inst)
	if k != c.info {
		c.info, c.fresh = k, false
		m.cur, m.sub, m.nat = in.Inst, -1, false
		m.recentre = true
		m.flowCur, m.flowTop = 0, 0
	}
	if m.focus {
		m.computeFlow()
	}
}

// SetBody shows body s with no INFO selected (nil: nothing): a kernel
// without INFO, or one picked in the kernel list. Its native code comes
// with the session (SetSession) as for an INFO's body.
func (m *Code) SetBody(s *decoder.Stream) {
	c := m.c
	if s == nil {
		*c = codeState{info: -1}
		m.cur, m.top, m.sub, m.nat = 0, 0, -1, false
		return
	}
	if s != c.s {
		*c = codeState{s: s, info: -1}
		m.back, m.query = nil, ""
		m.cur, m.top, m.sub, m.topSub = 0, 0, -1, -1
		m.flowCur, m.flowTop, m.flowFocus = 0, 0, false
		m.nat, m.ncur, m.ntop = false, 0, 0
	}
	c.info, c.fresh = -1, false
}

// KeepCursor puts the cursor on instruction i (or the nearest there is),
// a third down the listing: the body was read again after its file
// changed, and the cursor stays where it was read.
func (m *Code) KeepCursor(i int) {
	m.moveTo(i)
	m.recentre = true
}

// Body returns the body shown, nil when none.
func (m Code) Body() *decoder.Stream { return m.c.s }

// SetSession hands the pane the session's state: the GRF size the data
// flow is computed with (32 or 64; a change drops the flow computed with
// the other), the body's native code and the comparison.
func (m *Code) SetSession(s Session) {
	if n := s.GRFBytes; (n == 32 || n == 64) && n != m.grf {
		m.grf = n
		m.c.sf, m.c.fresh = nil, false
	}
	m.join, m.joinOf = s.Native, s.NativeOf
	m.keepRow()
	m.setDiff(s.Diff)
}

// keepRow keeps the cursor on its vISA instruction when the rows under it
// changed (a new join: the .visa.ll or the .asm rewritten or gone; the
// native listing moved beside or back), on the nearest row that still
// exists; out of range, no row would show the cursor and the listing
// would scroll past it.
func (m *Code) keepRow() {
	m.sub = min(m.sub, m.nativeRows(m.cur)-1)
	switch j := m.native(); {
	case j == nil:
		if m.nat {
			m.msg = "" // it said the native listing had the keys
		}
		m.nat = false
	case m.nat && m.ncur >= len(j.ASM.Insts):
		m.moveNative(m.ncur)
	}
}

// native returns the join of the body shown, nil when it has none.
func (m Code) native() *lower.Join {
	if m.join == nil || m.c.s == nil || m.joinOf != m.c.s {
		return nil
	}
	return m.join
}

// GRFBytes returns the GRF size the data flow is computed with.
func (m Code) GRFBytes() int { return m.grf }

// computeFlow computes the data flow of the selected INFO once: only when
// the pane is seen, so stepping the list elsewhere costs nothing here.
func (m *Code) computeFlow() {
	c := m.c
	if c.fresh || c.s == nil || c.info < 0 {
		return
	}
	c.fresh = true
	c.entries, c.marks = nil, map[int]string{}
	if c.s.NumInsts() > MaxFlowInsts {
		c.flow = flow.Flow{Notes: []string{fmt.Sprintf("the body has %d instructions: data flow is computed for up to %d", c.s.NumInsts(), MaxFlowInsts)}}
		return
	}
	if c.sf == nil {
		c.sf = flow.NewStream(c.s, m.grf)
	}
	c.flow = c.sf.Info(c.info)
	for _, s := range c.flow.Sources {
		what := "LOD lanes " + s.Lanes
		if s.SomePaths {
			what += " · some paths"
		}
		c.entries = append(c.entries, flowEntry{s.Inst, "‹", what})
	}
	for _, r := range c.flow.Readers {
		var parts []string
		for _, ch := range r.Channels {
			parts = append(parts, ch.Channel+" "+ch.Lanes)
		}
		c.entries = append(c.entries, flowEntry{r.Inst, "›", "reads " + strings.Join(parts, " · ")})
	}
	// One entry per overwriting instruction: "overwrites RGBA 0-7" when
	// the lanes agree, else each channel with its lanes.
	for i := 0; i < len(c.flow.Overwrites); {
		j := i
		same := true
		for j+1 < len(c.flow.Overwrites) && c.flow.Overwrites[j+1].Inst == c.flow.Overwrites[i].Inst {
			j++
			same = same && c.flow.Overwrites[j].Lanes == c.flow.Overwrites[i].Lanes
		}
		var chans, parts []string
		for _, o := range c.flow.Overwrites[i : j+1] {
			chans = append(chans, o.Channel)
			parts = append(parts, o.Channel+" "+o.Lanes)
		}
		what := "overwrites " + strings.Join(parts, " · ")
		if same {
			what = "overwrites " + strings.Join(chans, "") + " " + c.flow.Overwrites[i].Lanes
		}
		c.entries = append(c.entries, flowEntry{c.flow.Overwrites[i].Inst, "×", what})
		i = j + 1
	}
	for _, e := range c.entries {
		if _, ok := c.marks[e.inst]; !ok {
			c.marks[e.inst] = e.mark
		}
	}
}

// Cursor returns the instruction under the cursor ($N).
func (m Code) Cursor() int { return m.cur }

// SetSize sets the pane's size in cells.
func (m *Code) SetSize(w, h int) {
	m.w, m.h = max(0, w), max(0, h)
	m.keepRow() // the native lines go beside the listing on a wide pane
	m.inputW = max(1, w-12)
	if m.input != nil {
		m.input.SetWidth(m.inputW)
	}
}

// Focus gives the pane the keyboard.
func (m *Code) Focus() {
	m.focus = true
	m.computeFlow()
}

// Blur takes the keyboard away (an open prompt is cancelled).
func (m *Code) Blur() {
	m.focus = false
	m.stopEditing()
}

// Editing reports whether a prompt is open.
func (m Code) Editing() bool { return m.mode != codeBrowse }

func (m *Code) stopEditing() {
	m.mode = codeBrowse
	m.input = nil
	m.KeyMap.setEditing(false)
}

func (m Code) total() int {
	if m.c.s == nil {
		return 0
	}
	return m.c.s.NumInsts()
}

// flowContent is the lines the data-flow section holds whole: its
// heading, one per entry, the notes and the "no reader" lines.
func (m Code) flowContent() int {
	if m.c.s == nil || m.c.info < 0 {
		return 0
	}
	return 1 + len(m.flowBody())
}

// flowHeight is the rows of the data-flow section; listHeight the rows
// left for the listing (title and message line apart). The height is
// shared by what each part holds: both whole when they fit; else the
// flow whole when it takes at most half, the listing whole when it is
// short; else half each, and the flow scrolls (F).
func (m Code) flowHeight() int {
	fc := m.flowContent()
	if fc == 0 {
		return 0
	}
	avail := max(m.h-2, 0)
	n := m.listContent()
	switch {
	case fc+n <= avail, fc <= avail/2:
		return min(fc, max(avail-1, 0))
	case n < avail/2:
		return avail - n
	}
	return min(fc, max(avail/2, 3), max(avail-1, 0))
}

func (m Code) listHeight() int { return max(m.h-2-m.flowHeight(), 1) }

// WantedRows is the most rows the pane fills: the listing and the data
// flow whole, with the title and message lines. A taller screen gives
// the rest to the INFO list.
func (m Code) WantedRows() int { return 2 + m.listContent() + m.flowContent() }

// listContent is the lines the listing holds: one per instruction, and
// one saying where a walk stopped.
func (m Code) listContent() int {
	n := m.total()
	if m.native() != nil && !m.folded {
		for i := 0; i < m.total(); i++ {
			n += m.nativeRows(i)
		}
	}
	if m.c.s != nil && m.c.s.Err != nil {
		return n + 1
	}
	return n
}

// scrollOff is how many lines the cursor keeps from the listing's edges
// when moving (vim's scrolloff): the code before an instruction is
// where its operands come from.
func (m Code) scrollOff() int { return min(3, (m.listHeight()-1)/2) }

func (m *Code) moveTo(i int) {
	n := m.total()
	if n == 0 {
		return
	}
	m.cur = min(max(i, 0), n-1)
	m.sub = -1
	m.top = KeepInView(m.viewTop(), m.cur, m.scrollOff(), m.listHeight(), n)
	m.recentre = false
}

// viewTop returns the first line shown: m.top, moved so that the cursor
// is in view and no rows are left empty below the last instruction (the
// size or the data-flow section may have changed since m.top was set).
// A new selection is shown a third down the listing, with the code
// before it.
func (m Code) viewTop() int {
	h, n := m.listHeight(), m.total()
	top := m.top
	if m.recentre {
		top = m.cur - h/3
	}
	return KeepInView(top, m.cur, 0, h, n)
}

// jump moves to i, remembering where it was for Back.
func (m *Code) jump(i int) {
	if i != m.cur || m.nat {
		m.push()
	}
	m.nat = false
	m.moveTo(i)
	// A jump puts its target a third down the listing, with context.
	m.top = clampTop(m.cur-m.listHeight()/3, m.listHeight(), m.total())
}

// flowStops is how many lines of the data-flow section the keys move
// through while it has them: its entries, and with native code every
// line (the descriptor's table is read by scrolling to it).
func (m Code) flowStops() int {
	if body, _ := m.nativeSection(); len(body) > 0 {
		return len(m.flowBody())
	}
	return len(m.c.entries)
}

// flowRows is the data-flow lines shown under the heading.
func (m Code) flowRows() int { return max(m.flowHeight()-1, 0) }

// moveFlow moves the data-flow list's cursor to entry i, scrolling the
// list to keep it in view.
func (m *Code) moveFlow(i int) {
	n := m.flowStops()
	if n == 0 {
		return
	}
	m.flowCur = min(max(i, 0), n-1)
	m.flowTop = KeepInView(m.flowTop, m.flowCur, 0, m.flowRows(), len(m.flowBody()))
}

// Update handles keys while focused.
func (m Code) Update(msg tea.Msg) (Code, tea.Cmd) {
	if !m.focus {
		return m, nil
	}
	if m.diff != nil {
		return m.diffUpdate(msg)
	}
	if m.mode != codeBrowse {
		return m.updateInput(msg)
	}
	if r, ok := msg.(codeSearchMsg); ok {
		if r.s == m.c.s && r.query == m.query {
			m.msg = ""
			m.searched(r.matches)
		}
		return m, nil
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		if c, ok := msg.(tea.MouseClickMsg); ok && c.Mouse().Button == tea.MouseLeft {
			m.click(c.Mouse().X, c.Mouse().Y)
			return m, nil
		}
		if w, ok := msg.(tea.MouseWheelMsg); ok {
			switch w.Mouse().Button {
			case tea.MouseWheelUp:
				m.moveTo(m.cur - 3)
			case tea.MouseWheelDown:
				m.moveTo(m.cur + 3)
			}
		}
		return m, nil
	}
	m.msg, m.msgErr = "", false
	km := m.KeyMap
	if key.Matches(k, km.FlowFocus) {
		m.flowFocus = !m.flowFocus && m.flowStops() > 0
		if m.flowStops() == 0 {
			m.msg = "the data flow has no entries to move through"
		}
		m.moveFlow(m.flowCur)
		return m, nil
	}
	if key.Matches(k, km.NativeList, km.Native) && m.native() == nil {
		m.msg = "this body has no native code: open its dump set (the .asm of its stem beside it)"
		return m, nil
	}
	if key.Matches(k, km.NativeList) {
		m.nat = !m.nat
		m.folded = false
		if m.nat {
			if lines := m.native().Native(m.cur); len(lines) > 0 {
				m.ntop = lines[0] - m.listHeight()/3
				m.moveNative(lines[0])
			} else {
				m.moveNative(m.ncur)
			}
			m.msg = "the native listing has the keys: " + HintKey(km.Select) + " goes to a line's vISA instruction, " + HintKey(km.NativeList) + " back"
		} else {
			m.settle()
		}
		return m, nil
	}
	if m.nat && !m.flowFocus {
		if done := m.nativeKey(k); done {
			return m, nil
		}
	}
	if key.Matches(k, km.Native) {
		m.folded = !m.folded
		m.nat = false
		m.sub, m.topSub = -1, -1
		m.msg = "native lines shown (A folds them)"
		if m.folded {
			m.msg = "native lines folded (A shows them)"
		}
		return m, nil
	}
	if m.flowFocus {
		if done, cmd := m.flowKey(k); done {
			return m, cmd
		}
	}
	cmd := m.browseKey(k)
	m.settle()
	return m, cmd
}

// browseKey handles a key of the vISA listing.
func (m *Code) browseKey(k tea.KeyPressMsg) tea.Cmd {
	km := m.KeyMap
	switch {
	case key.Matches(k, km.Up):
		m.step(-1)
	case key.Matches(k, km.Down):
		m.step(1)
	case key.Matches(k, km.PageUp, km.PageDown, km.HalfUp, km.HalfDown, km.Top, km.Bottom):
		to, _ := km.Moved(k, m.cur, max(m.listHeight()-1, 1), m.total()-1)
		m.moveTo(to)
	case key.Matches(k, km.Search), key.Matches(k, km.Goto):
		if m.c.s == nil {
			return nil
		}
		in := newLineEdit(m.st, m.inputW, 200)
		m.mode, in.Prompt = codeSearch, "/"
		if key.Matches(k, km.Goto) {
			m.mode, in.Prompt = codeGoto, ":"
		}
		m.input = &in
		m.KeyMap.setEditing(true)
		return in.Focus()
	case key.Matches(k, km.Next):
		m.nextMatch(1)
	case key.Matches(k, km.Prev):
		m.nextMatch(-1)
	case key.Matches(k, km.Back):
		if !m.goBack() {
			m.msg = "no earlier place to go back to"
		}
	case key.Matches(k, km.Select):
		if m.enterRow() {
			return nil
		}
		if _, ok := m.c.infoAt(m.cur); ok && m.c.s != nil {
			s, i := m.c.s, m.cur
			return func() tea.Msg { return SelectInfoMsg{Stream: s, Inst: i} }
		}
		if j := m.native(); j != nil && len(j.Native(m.cur)) > 0 {
			m.toNative(j.Native(m.cur)[0])
			return nil
		}
		m.msg = HintKey(m.KeyMap.Select) + " selects an INFO line (marked ◆ or •) or follows a native line"
	case key.Matches(k, km.Flow):
		i := strings.Index(flowKeys, k.String())
		if i < 0 || i >= len(m.c.entries) {
			m.msg = "no data-flow entry " + k.String()
			return nil
		}
		m.toEntry(i)
	}
	return nil
}

// toEntry goes to the instruction of data-flow entry i.
func (m *Code) toEntry(i int) {
	m.jump(m.c.entries[i].inst)
	m.msg = fmt.Sprintf("at $%d (%s); %s goes back", m.cur, m.c.entries[i].what, HintKey(m.KeyMap.Back))
}

// flowKey moves through the data-flow list while it has the keys: the
// moving keys and enter; the others work as in the listing.
func (m *Code) flowKey(k tea.KeyPressMsg) (bool, tea.Cmd) {
	km := m.KeyMap
	if to, ok := km.Moved(k, m.flowCur, max(m.flowRows()-1, 1), m.flowStops()-1); ok {
		m.moveFlow(to)
		return true, nil
	}
	switch {
	case key.Matches(k, km.Select):
		if m.flowCur >= len(m.c.entries) {
			// A native line: go to the vISA instruction it was made for.
			body, to := m.nativeSection()
			if k := m.flowCur - (len(m.flowBody()) - len(body)); k >= 0 && k < len(to) && to[k] >= 0 && to[k] < m.total() {
				m.jump(to[k])
				m.msg = fmt.Sprintf("at $%d, the vISA instruction of native line %s; %s goes back", m.cur, strings.Fields(body[k])[0], HintKey(km.Back))
				return true, nil
			}
			m.msg = HintKey(km.Select) + " goes to a data-flow entry, or from a native line (L...) to its vISA instruction"
			return true, nil
		}
		m.toEntry(m.flowCur)
	default:
		return false, nil
	}
	return true, nil
}

// click handles a left click on pane row y: a listing line moves the
// cursor there, a data-flow entry jumps to its instruction.
func (m *Code) click(x, y int) {
	lh := m.listHeight()
	if y >= 1 && y <= lh && (m.nat && !m.side() || m.side() && x > m.sideWidth()+1) {
		// A line of the native listing: it gets the cursor (and the keys).
		if j := m.native(); j != nil {
			m.followNative() // where View drew it, when it does not have the keys
			if k := clampTop(m.ntop, lh, len(j.ASM.Insts)) + y - 1; k < len(j.ASM.Insts) {
				m.nat = true
				m.moveNative(k)
			}
		}
		return
	}
	switch {
	case y >= 1 && y <= lh:
		m.nat = false
		if rows := m.shownRows(); y-1 < len(rows) {
			m.moveTo(rows[y-1].inst)
			m.sub = rows[y-1].sub
			m.settle()
		}
	case y >= lh+2:
		r := y - lh - 2
		if e := clampTop(m.flowTop, m.flowRows(), len(m.flowBody())) + r; r < m.flowRows() && e < len(m.c.entries) {
			m.toEntry(e)
		}
	}
}

func (m Code) updateInput(msg tea.Msg) (Code, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, m.KeyMap.Cancel):
			m.stopEditing()
			return m, nil
		case key.Matches(k, m.KeyMap.Apply):
			v := strings.TrimSpace(m.input.Value())
			mode := m.mode
			m.stopEditing()
			if mode == codeSearch {
				cmd := m.search(v)
				return m, cmd
			}
			m.gotoTarget(v)
			return m, nil
		}
	}
	in, cmd := m.input.Update(msg)
	m.input = &in // a new input: a copy of the pane keeps its own
	return m, cmd
}

// infoAt returns the INFO index of instruction i, and false when it is
// not an INFO.
func (c *codeState) infoAt(i int) (int, bool) {
	if c.s == nil {
		return -1, false
	}
	return c.s.InfoAt(i)
}

// infoMark is instruction i's mark in the listings: ◆ the selected INFO,
// • another INFO, "" any other instruction.
func (c *codeState) infoMark(i int) string {
	switch k, ok := c.infoAt(i); {
	case !ok:
		return ""
	case k == c.info:
		return "◆"
	}
	return "•"
}

// lineText returns instruction i's text and its number of diagnostics
// (an INFO's as its Info counts them).
func (m Code) lineText(i int) (text string, diags int) {
	c := m.c
	s := c.s
	if s.FromText() {
		if text = s.Text[i].Text; text == "" {
			return "(not in the text)", 0
		}
	} else {
		in := c.scratch()
		s.Decode(i, in)
		text, diags = in.Text(), in.NumDiagnostics()
	}
	if k, ok := c.infoAt(i); ok {
		diags = s.Info(k).NumDiagnostics()
	}
	return decoder.DisplayRow(text), diags
}

// searchBody returns the instructions of s that match q (lower case):
// their text, mnemonic or an operand's field or variable name. It uses
// only its arguments, so a long body is searched in a Cmd.
func searchBody(s *decoder.Stream, q string) []int {
	var out []int
	var in decoder.Instruction
	for i := range s.NumInsts() {
		if s.FromText() {
			t := &s.Text[i]
			if strings.Contains(strings.ToLower(t.Text), q) {
				out = append(out, i)
			}
			continue
		}
		s.Decode(i, &in)
		if matchInst(&in, q) {
			out = append(out, i)
		}
	}
	return out
}

func matchInst(in *decoder.Instruction, q string) bool {
	if strings.Contains(strings.ToLower(in.Text()), q) || strings.Contains(strings.ToLower(in.Mnemonic), q) {
		return true
	}
	for _, a := range in.Args[:in.N] {
		if strings.Contains(strings.ToLower(a.Name()), q) {
			return true
		}
		var id uint32
		switch o := a.(type) {
		case *decoder.General:
			id = o.ID
		case *decoder.Raw:
			id = o.ID
		default:
			continue
		}
		if strings.Contains(strings.ToLower(in.VarName(id)), q) {
			return true
		}
	}
	return false
}

// syncSearchInsts is the most instructions searched within a key press;
// a longer body is searched in a Cmd while the pane says so.
const syncSearchInsts = 20_000

// codeSearchMsg carries the matches of a search run in a Cmd.
type codeSearchMsg struct {
	s       *decoder.Stream
	query   string
	matches []int
}

func (m *Code) search(q string) tea.Cmd {
	if q == "" {
		q = m.query
	}
	if q == "" {
		return nil
	}
	m.query = q
	s, lq := m.c.s, strings.ToLower(q)
	if s.NumInsts() > syncSearchInsts {
		m.msg = fmt.Sprintf("/%s: searching %d instructions…", q, s.NumInsts())
		return func() tea.Msg { return codeSearchMsg{s, q, searchBody(s, lq)} }
	}
	m.searched(searchBody(s, lq))
	return nil
}

// searched installs the matches of the current query and goes to the first
// after the cursor.
func (m *Code) searched(matches []int) {
	m.c.matches = matches
	if len(matches) == 0 {
		m.msg, m.msgErr = fmt.Sprintf("/%s: no match in this body", m.query), true
		return
	}
	m.nextMatch(1)
}

// nextMatch moves to the next (dir 1) or previous (-1) match, wrapping.
func (m *Code) nextMatch(dir int) {
	ms := m.c.matches
	if len(ms) == 0 {
		m.msg = "no search yet: / searches"
		if m.query != "" {
			m.msg = "/" + m.query + ": no match in this body"
		}
		return
	}
	j := sort.SearchInts(ms, m.cur+1)
	if dir < 0 {
		j = sort.SearchInts(ms, m.cur) - 1
	}
	wrapped := j < 0 || j >= len(ms)
	j = (j + len(ms)) % len(ms)
	m.jump(ms[j])
	m.msg = fmt.Sprintf("/%s: match %d of %d", m.query, j+1, len(ms))
	if wrapped {
		m.msg += " (wrapped)"
	}
}

// gotoTarget goes to "$N", "N", "0xOFFSET" (a file offset within the
// instruction) or, in vISA text, "L<line>" (the first instruction at or
// after the line).
func (m *Code) gotoTarget(v string) {
	if v == "" {
		return
	}
	s := m.c.s
	if strings.HasPrefix(v, "0x") || strings.HasPrefix(v, "0X") {
		off, err := strconv.ParseInt(v[2:], 16, 64)
		if err != nil {
			m.msg, m.msgErr = fmt.Sprintf(":%s: expected $N or 0xOFFSET", v), true
			return
		}
		if s.FromText() {
			m.msg, m.msgErr = "vISA text has no file offsets: use $N", true
			return
		}
		i := sort.Search(s.NumInsts(), func(i int) bool { return s.AbsOff(i)+int64(s.Inst(i).Len) > off })
		if i >= s.NumInsts() || s.AbsOff(i) > off {
			m.msg, m.msgErr = fmt.Sprintf(":%s: no instruction of this body at that offset (0x%x-0x%x)", v, s.Base, s.Base+int64(len(s.Code))), true
			return
		}
		m.jump(i)
		return
	}
	if (v[0] == 'L' || v[0] == 'l') && s.FromText() {
		line, err := strconv.Atoi(v[1:])
		if err == nil {
			for i := range s.NumInsts() {
				if s.Line(i) >= line {
					m.jump(i)
					return
				}
			}
		}
		m.msg, m.msgErr = fmt.Sprintf(":%s: no instruction at or after that line", v), true
		return
	}
	n, err := strconv.Atoi(strings.TrimPrefix(v, "$"))
	if err != nil {
		m.msg, m.msgErr = fmt.Sprintf(":%s: expected $N or 0xOFFSET", v), true
		return
	}
	if n < 0 || n >= s.NumInsts() {
		m.msg, m.msgErr = fmt.Sprintf(":%s: this body has $0-$%d", v, s.NumInsts()-1), true
		return
	}
	m.jump(n)
}

// View renders the pane.
func (m Code) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	st := m.st
	c := m.c
	if c.s == nil {
		return Fit(st.Title.Render("Code")+st.Muted.Render("  no INFO instruction selected"), m.w)
	}
	if d := m.diffing(); d != nil {
		return m.diffView(d)
	}
	s := c.s
	n := s.NumInsts()
	name := model.KernelLabel(s.Kernel) // the whole name is under E
	if name == "" {
		name = "raw stream"
	}
	title := st.Title.Render("Code") + "  " + st.Value.Render(name) +
		st.Muted.Render(fmt.Sprintf("  $%d of %d", m.cur, n))
	if m.native() != nil && (m.nat || m.side()) {
		title += st.Muted.Render(" · " + m.nativeTitle())
	}
	if s.FromText() {
		title += st.Muted.Render(" · vISA text")
	}
	if s.NumInfos() == 0 {
		title += st.Muted.Render(" · no INFO")
	}
	if j := m.native(); j != nil {
		title += st.Muted.Render(" · " + j.Stats().String())
	}
	lines := []string{title}
	lh := m.listHeight()
	numW := len(strconv.Itoa(max(n-1, 0))) + 1
	offW := 0
	if n > 0 && !s.FromText() {
		offW = len(fmt.Sprintf("0x%x", s.AbsOff(n-1)))
	}
	var listing []string
	shown := m.shownRows()
	j := m.native()
	lw := m.sideWidth()
	lm := m // draws the vISA listing at its width
	if m.side() {
		lm.w = lw
		m.followNative() // this frame's copy: the native lines of the cursor in view
	}
	for _, r := range shown {
		if r.sub < 0 {
			listing = append(listing, lm.listLine(r.inst, numW, offW))
			continue
		}
		listing = append(listing, lm.subLine(j, r.inst, m.subRows(r.inst)[r.sub], !m.nat && r.inst == m.cur && r.sub == m.sub, numW))
	}
	rows := len(listing)
	i := n
	if rows > 0 {
		i = shown[rows-1].inst + 1
	}
	if s.Err != nil && i >= n && rows < lh {
		listing = append(listing, st.Warn.Render(st.Sym.Warn+"  the walk stopped here: "+s.Err.Error()))
	}
	listing = padRows(listing, lh)
	switch {
	case m.side():
		// The native listing beside, in what the vISA one leaves.
		nw := m.w - lw - 3
		lines = append(lines, SideBySide(listing, m.nativeListing(nw, lh), lw, " │ ")...)
	case m.nat:
		lines = append(lines, m.nativeListing(m.w, lh)...)
	default:
		lines = append(lines, listing...)
	}
	lines = padRows(lines, 1+lh)
	lines = append(lines, m.flowLines(m.flowHeight())...)
	lines = append(lines, m.bottomLine())
	return frame(lines, m.w, m.h)
}

func (m Code) listLine(i, numW, offW int) string {
	st, c := m.st, m.c
	text, diags := m.lineText(i)
	cursor := " "
	here := i == m.cur && m.sub < 0 && !m.nat
	if here {
		cursor = st.Sym.Selected
	} else if i == m.cur {
		cursor = "·" // the cursor is on a row under it, or in the native listing
	}
	kind := cmp.Or(c.infoMark(i), c.marks[i], " ")
	diag := " "
	if diags > 0 {
		diag = st.Warn.Render(st.Sym.Warn)
	}
	where := ""
	if c.s.FromText() {
		if l := c.s.Line(i); l > 0 {
			where = "L" + strconv.Itoa(l)
		}
		where = pad(where, 7)
	} else {
		where = padLeft(fmt.Sprintf("0x%x", c.s.AbsOff(i)), offW)
	}
	line := cursor + kind + diag + padLeft("$"+strconv.Itoa(i), numW) + "  " + st.Muted.Render(where) + "  " + text
	if here {
		return st.Selected.Render(Fit(line, m.w))
	}
	return line
}

// nativeSection is the native part of the selected INFO's section: the
// sampler send it became, its descriptor's fields (bits, field, value,
// meaning, as the Bits panel shows the INFO's), where dst and LOD live,
// and the lowering findings; with, for each of its lines, the vISA
// instruction that enter goes to from it (-1: none): a native line goes
// to the $N it was made for (the descriptor's builder may be another's).
func (m Code) nativeSection() ([]string, []int) {
	j := m.native()
	c := m.c
	if j == nil || c.s == nil || c.info < 0 {
		return nil, nil
	}
	st := m.st
	in := c.s.Info(c.info)
	l := j.Info(in)
	var body []string
	var to []int
	add := func(line string, visa int) {
		body = append(body, line)
		to = append(to, visa)
	}
	add(st.Header.Render(fmt.Sprintf("Native code of $%d (%s)", in.Inst, decoder.Display(filepath.Base(j.ASM.Name)))), -1)
	var regs []string
	reg := func(what string, id uint32) {
		if v := in.VarName(id); v != "" {
			if r := j.Register(v); r != "" {
				regs = append(regs, fmt.Sprintf("%s %s in %s", what, v, r))
			}
		}
	}
	reg("dst", in.Dst.ID)
	if in.HasLOD {
		reg("LOD", in.LOD.ID)
	}
	if len(regs) > 0 {
		add("   "+st.Meaning.Render(decoder.Display(strings.Join(regs, " · "))), -1)
	}
	for _, s := range l.Sends {
		ni := &j.ASM.Insts[s.Inst]
		add(fmt.Sprintf("   L%d  %s", ni.Line, compact(ni.Text)), ni.VISA)
		from := "descriptor immediate"
		if s.DescReg != "" {
			from = fmt.Sprintf("descriptor in %s", s.DescReg)
			if s.DescFrom >= 0 {
				from += fmt.Sprintf(" = %s + 0x%X (L%d)", s.DescAdded, s.Desc, j.ASM.Insts[s.DescFrom].Line)
			}
		}
		msg := fmt.Sprintf("%s · %s · mlen %d rlen %d", s.Sampler.Message, orDash(s.Sampler.SIMDMode), s.Sampler.Mlen, s.Sampler.Rlen)
		if cd, ok := s.ChannelDisable(); ok {
			msg += fmt.Sprintf(" · header disables %s", orDash(decoder.ChannelNames(uint8(cd))))
		}
		add("   "+st.Meaning.Render(msg)+st.Muted.Render(" · "+from), -1)
		if s.DescFrom >= 0 {
			b := &j.ASM.Insts[s.DescFrom]
			add(fmt.Sprintf("   L%d  $%d builds it: %s", b.Line, b.VISA, compact(b.Text)), b.VISA)
		}
		if len(s.Sampler.Fields) > 0 {
			add(st.Header.Render(fmt.Sprintf("     %-13s %-14s %-6s %s", "bits", "field", "value", "meaning")), -1)
		}
		for _, f := range s.Sampler.Fields {
			bits := fmt.Sprintf("%d", f.Hi)
			if f.Hi != f.Lo {
				bits = fmt.Sprintf("%d:%d", f.Hi, f.Lo)
			}
			word := "Desc"
			if f.Word == "exdesc" {
				word = "ExDesc"
			}
			meaning := f.Meaning
			if f.Name == "bti" && s.DescAdded != "" {
				meaning = fmt.Sprintf("%d + %s at run time", f.Value, s.DescAdded)
			}
			line := fmt.Sprintf("     %-13s %-14s %#-6x %s", word+"["+bits+"]", f.Name, f.Value, meaning)
			if f.Bad {
				line = st.Warn.Render(line)
			}
			add(line, -1)
		}
	}
	for _, f := range l.Findings {
		add(st.Warn.Render("   "+st.Sym.Warn+" "+f.String()), -1)
	}
	if len(l.Findings) == 0 && len(l.Sends) > 0 {
		add(st.Muted.Render("   the lowering agrees with the INFO"), -1)
	}
	return body, to
}

// compact closes up the columns IGA pads an instruction's text to.
func compact(s string) string { return decoder.Display(strings.Join(strings.Fields(s), " ")) }

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// flowBody is every line of the data-flow section under its heading:
// one per entry, then the notes and the native section; each line the
// list's cursor can be on starts with a blank, which flowLines marks.
func (m Code) flowBody() []string {
	st, c := m.st, m.c
	if c.s == nil || c.info < 0 {
		return nil
	}
	f := c.flow
	in := c.s.Info(c.info)
	var body []string
	for k, e := range c.entries {
		keyName := " "
		if k < len(flowKeys) {
			keyName = flowKeys[k : k+1]
		}
		text, _ := m.lineText(e.inst)
		body = append(body, fmt.Sprintf(" %s %s $%-4d %s  %s", st.Value.Render(keyName), e.mark, e.inst, st.Meaning.Render(decoder.Display(e.what)), text))
	}
	modelled := c.s.NumInsts() <= MaxFlowInsts
	if in.HasLOD && len(f.Sources) == 0 && modelled {
		body = append(body, st.Muted.Render("   ‹ no instruction of this body writes the LOD"))
	}
	if f.Outside != "" {
		body = append(body, st.Muted.Render("   ‹ LOD lanes "+f.Outside+" may come from outside this body (input, argument or caller)"))
	}
	if len(f.Readers) == 0 && modelled {
		body = append(body, st.Muted.Render("   › no instruction of this body reads the result"))
	}
	if f.Omitted > 0 {
		body = append(body, st.Muted.Render(fmt.Sprintf("   … %d more past the first %d", f.Omitted, len(f.Sources)+len(f.Readers))))
	}
	for _, note := range f.Notes {
		body = append(body, st.Warn.Render("   not modelled: "+note))
	}
	native, _ := m.nativeSection()
	return append(body, native...)
}

// flowLines is the data-flow section in h lines: its heading, then the
// body from flowTop; what is cut off either side is counted in the
// heading, and F gives the list the keys to scroll it.
func (m Code) flowLines(h int) []string {
	if h <= 0 {
		return nil
	}
	st, c := m.st, m.c
	f := c.flow
	in := c.s.Info(c.info)
	head := st.Header.Render(fmt.Sprintf("Data flow of $%d", in.Inst))
	if f.Blocks > 0 {
		head += st.Muted.Render(fmt.Sprintf("  block $%d-$%d of %d", f.Block[0], f.Block[1], f.Blocks))
	}
	body := m.flowBody()
	rows := h - 1
	top := clampTop(m.flowTop, rows, len(body))
	if len(body) > rows {
		more := fmt.Sprintf("  lines %d-%d of %d", top+1, min(top+rows, len(body)), len(body))
		hint := " (" + HintKey(m.KeyMap.FlowFocus) + " scrolls)"
		if rows == 0 {
			// No row under the heading (a short window): a range would read
			// "lines 1-0", and F would scroll a list no one sees.
			more, hint = fmt.Sprintf("  %d lines, no room to show them", len(body)), ""
			if len(body) == 1 {
				more = "  1 line, no room to show it"
			}
		}
		if m.flowFocus {
			// The keys stay named while the list has them, so F gives them back.
			hint = " (" + m.KeyMap.flowHint("scroll") + ")"
		}
		head += st.Muted.Render(more + hint)
	} else if m.flowFocus {
		head += st.Muted.Render("  (" + m.KeyMap.flowHint("move") + ")")
	}
	out := []string{head}
	for k := top; k < min(top+rows, len(body)); k++ {
		line := body[k]
		if m.flowFocus && k == m.flowCur && strings.HasPrefix(line, " ") {
			line = st.Sym.Selected + line[1:] // the line under the list's cursor: an entry or a native line
		}
		out = append(out, line)
	}
	return out
}

func (m Code) bottomLine() string {
	st := m.st
	switch m.mode {
	case codeSearch, codeGoto:
		return m.input.View()
	}
	if m.msg != "" {
		if m.msgErr {
			return st.Error.Render(m.msg)
		}
		return st.Muted.Render(m.msg)
	}
	if m.c.s == nil || m.cur >= m.c.s.NumInsts() {
		return ""
	}
	// The cursor line's diagnostics, else the legend of the marks.
	var d []string
	if k, ok := m.c.infoAt(m.cur); ok {
		d = m.c.s.Info(k).Diagnostics()
	} else if !m.c.s.FromText() {
		in := m.c.scratch()
		m.c.s.Decode(m.cur, in)
		d = in.Diagnostics()
	}
	if len(d) > 0 {
		return st.Warn.Render(st.Sym.Warn + " " + strings.Join(d, "; "))
	}
	return st.Muted.Render("◆ selected INFO · • INFO · ‹ LOD source · › reader · × overwrite")
}
