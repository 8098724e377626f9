// Package tui is infoscope's interactive inspector: a bubbletea v2 root
// model holding the INFO list and the panels of package tui/panels (bit
// fields, lanes, output), with help, status line, mouse, themes and live
// reload. The root only dispatches: global keys first, then keys to the
// focused child; inputs are read and decoded in tea.Cmds. It alone owns
// the session's state (the surface file, the rules): the panels get it as
// a value and report their edits, which the root applies and hands back.
package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/model/lower"
	"infoscope/model/workspace"
	"infoscope/tui/panels"
)

// Config configures a session.
type Config struct {
	// Sources are the inputs; the session reads and decodes each once, in
	// Cmds, and again on ReloadMsg.
	Sources []workspace.Source
	// Workspace, if set, is a workspace shared with other views (the SSH
	// server's, for every session): the session shows its snapshots and
	// leaves loading it to its owner, and Sources and Decode are unused.
	// Close the Model when it ends. nil: the session loads Sources itself.
	Workspace    *workspace.Workspace
	Title        string // e.g. "embedded samples"; default: the source names
	Decode       decoder.Options
	Surfaces     *model.SurfaceFile // nil: model.NewSurfaceFile()
	SurfacePath  string             // shown in the status line after a save
	SaveSurfaces func([]byte) error // ctrl+s; nil disables the key and hides it from help
	// SurfacesLoaded is the path Surfaces was read from at start, for the
	// status line ("" when none was read).
	SurfacesLoaded string
	// SurfacesUnsaved says Surfaces holds edits that were never saved (the
	// SSH server brings back those of a session that ended without a save
	// or a discard): the session starts with them unsaved, so the title
	// says [unsaved], ctrl+s saves them and q asks first.
	SurfacesUnsaved bool
	Rules           model.Rules // the table Output computes by at start (r switches)
	// SurfaceLoadErr is why the surface file could not be loaded at start:
	// the session starts on defaults and ctrl+s asks before overwriting it.
	SurfaceLoadErr error
	// CopyLocal also puts y/Y copies on this machine's clipboard; nil
	// (over SSH, where the client's clipboard is not ours) sends OSC 52 only.
	CopyLocal func(string) error
	NoMouse   bool // start with mouse reporting off
	// Native, when set, returns the join of a vISA file with the Gen
	// assembly of its dump set (the .asm of its stem), nil when it has
	// none: the Code pane then shows each instruction's native lines and
	// the selected INFO's sampler message. The caller reads the files.
	Native func(file string) *lower.Join
	Mono   bool // monochrome theme (the caller decides: NO_COLOR locally, the client's terminal over SSH)
	// Theme is "dark" or "light" to fix the palette; "" follows the
	// terminal's background as it reports it (dark until it does).
	Theme string

	Marks MarksConfig // bookmarks (M, ')

	// Keys are the bindings in effect (a configuration file's); nil:
	// DefaultKeys.
	Keys *Keys
	// Diff, when set, is a comparison of two builds whose B the Sources
	// are (infoscope diff A B): the Code pane lists each body with A's
	// side aligned, the list marks changed INFO, the header gives the
	// statistics, and the session opens on the first change.
	Diff *Diff

	// ConfigErrors are the configuration file's refused entries
	// (file:line: why): E lists them, and they count as problems.
	ConfigErrors []error
}

// ReloadMsg tells the model that the source with that Name changed: it is
// re-read and re-decoded (once, for every view of the workspace), keeping
// the selection in place.
type ReloadMsg struct{ Name string }

// focusID names a pane.
type focusID int

const (
	focusList focusID = iota
	focusBits
	focusLanes
	focusOutput
	focusCode
	numFocus
)

var paneNames = [numFocus]string{"INFO list", "Bits", "Lanes", "Output", "Code"}

// Model is the root tea.Model of the inspector.
type Model struct {
	cfg Config
	// listCmd is a command of the list's that a method without a command
	// to return (setFocus) left for Update to return.
	listCmd tea.Cmd
	// The inputs: the workspace that loads them, the subscription to it
	// when it is shared, and the snapshot shown.
	ws   *workspace.Workspace
	sub  *workspace.Subscription
	snap *workspace.Snapshot
	// pub is snap for other goroutines (Shown): the server and its tests
	// look at what a running session shows.
	pub atomic.Pointer[workspace.Snapshot]
	// Loads this session runs (no shared workspace) end in Cmds; the
	// first to end while none is on its way sends a snapshotMsg, which
	// shows the workspace's newest state, and the others send nothing
	// (see loadCmds). While loads go on, a state is shown at most every
	// showEvery. A message per load made a folder of 2,000 files 2,000
	// row indexes and frames.
	loadNote atomic.Bool
	shownAt  time.Time     // when a state with loads running was last shown
	rebuilt  time.Duration // how long the last rebuild of the rows took

	list   listModel
	panels [numFocus]child // index 0 unused: the list is not a panel
	// pending marks the panels not shown since they were built: they get
	// the selection when first shown (syncPanel) rather than on every
	// step, so a session that never opens a panel computes and keeps
	// nothing for it (Output's simulation, Bits' fields, Lanes' map).
	pending [numFocus]bool
	focus   focusID
	shown   focusID // the panel shown when the list has focus (compact layout)
	sel     loc
	selOK   bool

	// The session's state: the root alone changes it, on the edits the
	// panels report, and hands it to every panel (handBack).
	surfaces *model.SurfaceFile
	rules    model.Rules // the table Output computes by
	// Unsaved edits: every surface or dispatch edit bumps editGen and
	// records it under the surface's key ("" for the dispatch mask); a save
	// covers the edits up to the editGen it started with.
	editGen, savedGen int
	edited            map[string]int
	saving            bool  // a save is running
	saveQueued        bool  // ctrl+s while saving: save again when it ends
	quitAfterSave     bool  // quit once no save is running
	confirmQuit       bool  // q/ctrl+c with unsaved edits: asking save / discard / cancel
	loadErr           error // the surface file did not load at start; nil once overwritten
	confirmOverwrite  bool  // ctrl+s was refused once because of loadErr
	discarded         bool  // the user chose to quit without saving

	keys     KeyMap
	keyset   Keys // the bindings in effect, as configured: never enabled or disabled
	spin     spinner.Model
	th       theme
	isDark   bool
	mouse    bool
	showHelp bool
	showErrs bool
	help     help.Model // bubbles' key-hint renderer, in the session's styles
	// ov scrolls the help, errors and bookmarks overlays; it starts anew
	// when the help or errors close.
	ov          viewport.Model
	overlayKeys OverlayKeyMap
	quitKeys    QuitKeyMap
	// helpQuery filters the help by key or words; / gives it the keyboard.
	helpQuery     promptInput
	helpQueryKeys panels.PromptKeyMap
	helpCache     helpCache

	width, height int
	lay           layout

	// demangled holds c++filt's reading of the long kernel names (none
	// when it is not installed), asked once per name.
	demangled map[string]string
	// inputNames is the short name of every input, for the status line
	// and titles (shortName); made when first needed.
	inputNames map[string]string

	marks marksState // bookmarks, their overlay and the note prompt

	// kern is the kernel list while it is open (K), else nil.
	kern *kernelsState
	// body is the body the Code pane shows with no INFO selected (a
	// kernel without INFO, or one picked in the kernel list), else nil;
	// a new selection in the list drops it. autoBody: the first body
	// was opened because the inputs hold no INFO (done once).
	body     *bodyRef
	autoBody bool

	// diff is the comparison the session shows (Config.Diff), nil when
	// none; diffOpened: its first change was shown once.
	diff       *diffIndex
	diffOpened bool

	status    string
	statusErr bool
}

// snapshotMsg brings a state of the workspace; listen is set on those
// that came through the subscription, which is then listened to again.
// One with no snap comes from the session's own loads (see loadNote):
// it shows the workspace's newest state.
type snapshotMsg struct {
	snap   *workspace.Snapshot
	listen bool
}

// showEvery is how often a session shows the state of its loads while
// they run: the rows are indexed again for each state shown.
const showEvery = 100 * time.Millisecond

// savedMsg ends a save that covered the edits up to gen.
type savedMsg struct {
	err error
	gen int
}

// New builds the root model; Init starts loading every source.
func New(cfg Config) *Model {
	m := &Model{
		cfg:      cfg,
		surfaces: cfg.Surfaces,
		rules:    cfg.Rules,
		edited:   map[string]int{},
		loadErr:  cfg.SurfaceLoadErr,
		keyset:   DefaultKeys(),
		isDark:   cfg.Theme != "light",
		mouse:    !cfg.NoMouse,
		shown:    focusBits,
		width:    80,
		height:   24,
		help:     help.New(),
		ov:       viewport.New(),
	}
	if m.surfaces == nil {
		m.surfaces = model.NewSurfaceFile()
	}
	if cfg.Keys != nil {
		m.keyset = *cfg.Keys
	}
	m.keys = m.keyset.Global // enabled as the mode allows by syncKeys
	if cfg.SurfacesUnsaved {
		m.editGen = 1 // an edit no save covers (which surfaces is not known)
	}
	if cfg.Diff != nil {
		m.diff = newDiffIndex(cfg.Diff)
	}
	m.applyTheme() // first: the prompts, the list and the panels are built with it
	m.spin = spinner.New(spinner.WithSpinner(spinner.Line))
	m.helpQuery = newPromptInput("/", "key or words", 64, m.th)
	m.helpQueryKeys = panels.NewPromptKeys("keep", "clear")
	m.overlayKeys, m.quitKeys = m.keyset.Help, m.keyset.Quit
	m.initMarks(cfg.Marks)
	if m.ws = cfg.Workspace; m.ws != nil {
		m.sub = m.ws.Subscribe()
	} else {
		m.ws = workspace.New(cfg.Sources, cfg.Decode)
	}
	// The view starts from nothing loaded: the first snapshot it is given
	// (a shared workspace's may be loaded already) is then news to it.
	m.snap = workspace.NewSnapshot(m.ws.Snapshot().Names())
	m.pub.Store(m.snap)
	m.list = newList(m.th, m.keyset.List)
	m.buildPanels()
	if cfg.SurfacesLoaded != "" {
		m.setStatus(fmt.Sprintf("loaded surface file %s (%s)", cfg.SurfacesLoaded, descriptions(m.surfaces.Count())), false)
	}
	m.relayout()
	if m.loadErr != nil {
		m.setStatus(fmt.Sprintf("surface file not loaded, defaults in use, the file is left as it is: %v", m.loadErr), true)
	}
	m.afterUpdate()
	return m
}

// Init asks for the background colour and loads every source, each in its
// own Cmd; a view of a shared workspace listens to it instead.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.spin.Tick}
	if m.sub != nil {
		cmds = append(cmds, m.listen())
	} else {
		cmds = append(cmds, m.loadCmds(m.ws.BeginAll())...)
	}
	return tea.Batch(cmds...)
}

// loadCmds shows the loads begun (snap) and returns a Cmd per job, and
// the spinner's tick when nothing was loading before. A job's Cmd brings
// a snapshotMsg when none is on its way already (loadNote), or when it
// ends the last load running: the final state is never left waiting.
func (m *Model) loadCmds(jobs []workspace.Job, snap *workspace.Snapshot) []tea.Cmd {
	var cmds []tea.Cmd
	if tick := m.applySnapshot(snap); tick != nil {
		cmds = append(cmds, tick)
	}
	for _, j := range jobs {
		cmds = append(cmds, func() tea.Msg {
			// Published before the note is taken: the Update that clears
			// the note reads the workspace after, so it shows this load,
			// or this Cmd's message will.
			s := m.ws.Run(j)
			if m.loadNote.CompareAndSwap(false, true) || s.Loading() == 0 {
				return snapshotMsg{}
			}
			return nil
		})
	}
	return cmds
}

// ownSnapshot shows the newest state of the session's own loads, or while
// loads run and one was shown less than showEvery ago, asks again when it
// is due (the note stays taken meanwhile: the loads send nothing).
func (m *Model) ownSnapshot() tea.Cmd {
	if m.ws.Snapshot().Loading() > 0 {
		// At least four times the last rebuild: indexing the rows again
		// takes at most a fifth of the time, however many files come.
		if wait := max(showEvery, 4*m.rebuilt) - time.Since(m.shownAt); wait > 0 {
			return tea.Tick(wait, func(time.Time) tea.Msg { return snapshotMsg{} })
		}
	}
	m.loadNote.Store(false) // before reading the state: see loadCmds
	s := m.ws.Snapshot()
	if s.Loading() > 0 {
		m.shownAt = time.Now()
	}
	return m.applySnapshot(s)
}

// listen waits for the shared workspace's next snapshot; it ends (nil)
// when the subscription is closed.
func (m *Model) listen() tea.Cmd {
	c := m.sub.C()
	return func() tea.Msg {
		s, ok := <-c
		if !ok {
			return nil
		}
		return snapshotMsg{snap: s, listen: true}
	}
}

// Shown returns the workspace state the session shows now; it is safe to
// call from any goroutine while the session runs.
func (m *Model) Shown() *workspace.Snapshot { return m.pub.Load() }

// Close ends the session's subscription to a shared workspace (see
// Config.Workspace); it does nothing for a session that loads its own.
func (m *Model) Close() {
	if m.sub != nil {
		m.sub.Close()
	}
}

// SurfacesJSON returns the session's current surface file, as ctrl+s saves it.
func (m *Model) SurfacesJSON() []byte {
	b, err := m.surfaces.Marshal()
	if err != nil {
		return nil
	}
	return b
}

// Unsaved reports whether the session ends with surface or dispatch edits
// that were neither saved nor discarded by the user: the SSH server keeps
// them when it ends a session itself (idle, time limit, shutdown).
func (m *Model) Unsaved() bool { return m.unsaved() && !m.discarded }

// setStatus sets the status line. Its messages quote file names, errors
// and notes from inputs: they are shown by decoder.Display's rule.
func (m *Model) setStatus(text string, isErr bool) {
	m.status, m.statusErr = decoder.Display(text), isErr
}

// Update dispatches: loading results and panel notifications first, then
// global keys, then the focused child only.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.update(msg)
	if m.listCmd != nil {
		cmd = tea.Batch(cmd, m.listCmd)
		m.listCmd = nil
	}
	return m, cmd
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	defer m.afterUpdate()
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.relayout()
		return nil
	case tea.BackgroundColorMsg:
		if dark := msg.IsDark(); dark != m.isDark && m.cfg.Theme == "" {
			m.isDark = dark
			m.applyTheme()
			if !m.cfg.Mono {
				m.restylePanels()
			}
		}
		return nil
	case spinner.TickMsg:
		if m.snap.Loading() == 0 {
			return nil // stop ticking: idle frames cost nothing
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return cmd
	case snapshotMsg:
		if msg.snap == nil {
			return m.ownSnapshot()
		}
		cmd := m.applySnapshot(msg.snap)
		if msg.listen {
			cmd = tea.Batch(cmd, m.listen())
		}
		return cmd
	case ReloadMsg:
		return tea.Batch(m.loadCmds(m.ws.Begin(msg.Name))...)
	case statusMsg:
		m.setStatus(msg.text, msg.err)
		return nil
	case demangledMsg:
		for k, v := range msg {
			m.demangled[k] = v
		}
		m.helpCache = helpCache{}
		return nil
	case copiedMsg:
		m.setStatus(msg.status, false)
		osc := msg.osc
		return func() tea.Msg { return osc }
	case savedMsg:
		return m.onSaved(msg)
	case kernelJoinsMsg:
		m.onKernelJoins(msg)
		return nil
	case openPanelMsg:
		m.setFocus(m.shown)
		return nil
	case filteredMsg:
		var cmd tea.Cmd
		m.list, cmd = m.list.filtered(msg)
		m.syncSelection()
		return cmd
	case tea.KeyPressMsg:
		return m.onKey(msg)
	case tea.MouseClickMsg, tea.MouseWheelMsg:
		return m.onMouse(msg.(tea.MouseMsg))
	case panels.Edit:
		// An edit sent as a message (the panels report theirs through
		// TakeEdits).
		m.applyEdit(msg)
		m.handBack()
		return nil
	case panels.SelectInfoMsg:
		m.selectInst(msg.Stream, msg.Inst)
		return nil
	}
	// Anything else (a paste, timers of the focused child's inputs) goes
	// to it alone.
	return m.toFocused(msg)
}

// applySnapshot shows a newer state of the workspace: the rows are
// rebuilt when a decode was taken, and the status line tells how the
// loads that ended since the last state shown went. It returns the
// spinner's tick when loading starts again.
func (m *Model) applySnapshot(s *workspace.Snapshot) tea.Cmd {
	old := m.snap
	if s.Gen() <= old.Gen() {
		return nil // stale: a newer state is shown already
	}
	m.snap = s
	m.pub.Store(s)
	// A load ended for every entry whose Rev moved; it is a reload when
	// this view had seen an earlier one end.
	type ended struct {
		e      workspace.Entry
		reload bool
	}
	var done []ended
	rebuild := false
	for i := range s.Changed(old) {
		e, was := s.Entry(i), old.Entry(i)
		if e.Rev == was.Rev {
			continue
		}
		done = append(done, ended{e, was.Rev > 0})
		rebuild = rebuild || e.File != was.File
	}
	var demangle tea.Cmd
	if rebuild {
		demangle = tea.Batch(m.rebuild(), m.demangleCmd())
	}
	// The last load ended: what they all did is counted over every input,
	// once per state, not per load that ended in it (a folder's thousands
	// end in one state).
	finished := len(done) > 0 && s.Loading() == 0
	var loaded, news string
	var loadedBad bool
	if finished {
		loaded, loadedBad = loadedText(s)
		news = fmt.Sprintf("%s, %d INFO instructions", loaded, m.list.rows.Len()) + m.surfacesNote()
	}
	for _, d := range done {
		e := d.e
		switch {
		case e.Note != "":
			m.setStatus(m.shortName(e.Name)+": "+e.Note, true)
		case e.ReadErr != nil:
			m.setStatus(fmt.Sprintf("%s: %v", m.shortName(e.Name), e.ReadErr), true)
		case len(e.File.Errors) > 0:
			// The hint comes before the message, which is cut at the
			// screen's edge; the error already starts with the file's name.
			f := e.File
			first := strings.TrimPrefix(f.Errors[0].Error(), f.Name+": ")
			m.setStatus(fmt.Sprintf("%s: %d error(s), %s lists them: %s", m.shortName(f.Name), f.NumErrors(), panels.HintKey(m.keys.Errors), first), true)
		case d.reload:
			m.setStatus(fmt.Sprintf("reloaded %s: %d INFO", m.shortName(e.Name), e.File.NumInfos()), false)
		case s.Loading() == 0:
			m.setStatus(news, loadedBad)
		}
	}
	reload := slices.ContainsFunc(done, func(d ended) bool { return d.reload })
	if finished && s.Len() > 1 && !reload {
		// Loads end in any order: with several sources the count (what
		// could not be read included) is said last, whichever ended last;
		// the files' errors are counted in the status line (E lists them).
		m.setStatus(news, loadedBad)
	}
	if finished && m.list.rows.Len() == 0 && !m.statusErr {
		if t := m.noInfoText(); t != "" {
			m.setStatus(t+" · "+loaded, false)
		}
	}
	m.openFirstChange() // after the load's news: it says where it opened
	if old.Loading() == 0 && s.Loading() > 0 {
		return tea.Batch(m.spin.Tick, demangle) // restart the spinner
	}
	return demangle
}

// shortName is how the status line (its messages, file part and loading
// names) and the titles name input name, whose folder would fill them on
// a narrow screen: as the list does (the fewest trailing path elements no
// other file of the list ends with), or by the same rule over every input
// for a file the list has no row of.
func (m *Model) shortName(name string) string {
	if s, ok := m.list.shown[name]; ok {
		return s
	}
	if m.inputNames == nil {
		names := map[string]bool{}
		for _, n := range m.snap.Names() {
			names[n] = true
		}
		m.inputNames = shortNames(names) // the inputs are fixed: made once
	}
	if s, ok := m.inputNames[name]; ok {
		return s
	}
	return name
}

// demangledMsg brings c++filt's reading of long kernel names.
type demangledMsg map[string]string

// demangleCmd asks c++filt, when it is installed, for the demangled form
// of the long mangled kernel names not asked before (one process for all).
func (m *Model) demangleCmd() tea.Cmd {
	var names []string
	for _, b := range m.bodies() {
		k := b.s.Kernel
		if _, asked := m.demangled[k]; !asked && len(k) > model.MaxKernelLabel && strings.HasPrefix(k, "_Z") &&
			!strings.ContainsAny(k, " \n\r\t") && !slices.Contains(names, k) {
			names = append(names, k)
		}
	}
	if len(names) == 0 {
		return nil
	}
	if m.demangled == nil {
		m.demangled = map[string]string{}
	}
	for _, n := range names {
		m.demangled[n] = "" // asked: not again
	}
	return func() tea.Msg { return demangledMsg(demangle(names)) }
}

// loadedText says how the loads went: "loaded 3 sources", or "1 of 2
// loaded, 1 missing (E)" when some could not be read (E lists why); bad
// reports the latter.
func loadedText(s *workspace.Snapshot) (text string, bad bool) {
	missing, unreadable := 0, 0
	for _, e := range s.Entries() {
		switch {
		case e.File != nil:
			// Loaded; a reload that failed keeps it shown and says so.
		case e.ReadErr != nil && errors.Is(e.ReadErr, fs.ErrNotExist):
			missing++
		case e.ReadErr != nil || e.Note != "":
			unreadable++
		}
	}
	n := s.Len()
	if missing+unreadable == 0 {
		if n == 1 {
			return "loaded 1 source", false
		}
		return fmt.Sprintf("loaded %d sources", n), false
	}
	var why []string
	if missing > 0 {
		why = append(why, fmt.Sprintf("%d missing", missing))
	}
	if unreadable > 0 {
		why = append(why, fmt.Sprintf("%d unreadable", unreadable))
	}
	return fmt.Sprintf("%d of %d loaded, %s (E)", n-missing-unreadable, n, strings.Join(why, ", ")), true
}

// surfacesNote tells, once loading is done, that a surface file was
// loaded at start and from where (its descriptions change every result).
func (m *Model) surfacesNote() string {
	if m.cfg.SurfacesLoaded == "" {
		return ""
	}
	return fmt.Sprintf("; surface file %s loaded (%s)", m.cfg.SurfacesLoaded, descriptions(m.surfaces.Count()))
}

func descriptions(n int) string {
	if n == 1 {
		return "1 description"
	}
	return fmt.Sprintf("%d descriptions", n)
}

// rebuild re-indexes the rows after a (re)load and re-syncs the panels.
// With a filter on, the rows' view comes from the command it returns.
func (m *Model) rebuild() tea.Cmd {
	start := time.Now()
	cmd := m.list.setRows(snapshotRows(m.snap)) // shared by every view of the workspace
	m.reattachMarks()
	// A body shown with no INFO selected keeps its cursor's instruction
	// when it is read again (the list keeps an INFO's).
	code := m.panels[focusCode].panelView.(*panels.Code)
	at := -1
	if m.body != nil && !m.selOK && !m.pending[focusCode] {
		at = code.Cursor()
	}
	m.rebody()
	// Every panel is handed the selection again, even when it looks the
	// same: the Info pointers changed, and with none selected the body
	// shown is a new stream whose native join is asked again.
	m.handAll()
	if at >= 0 && m.body != nil && !m.selOK {
		code.KeepCursor(at)
	}
	m.openFirstBody()
	m.rebuilt = time.Since(start)
	return cmd
}

// syncSelection hands the selected Info to every panel when it changed.
func (m *Model) syncSelection() {
	l, ok := m.list.selected()
	if ok == m.selOK && l == m.sel {
		return
	}
	m.handAll()
}

// handAll hands the list's selection (or, with none, the body picked) to
// every panel shown.
func (m *Model) handAll() {
	m.sel, m.selOK = m.list.selected()
	if m.selOK {
		m.body = nil // the list's selection is shown again
	}
	s := m.session()
	for id := focusBits; id < numFocus; id++ {
		if !m.pending[id] { // else handed the selection when first shown
			m.handSelection(id, s)
		}
	}
	if m.focus != focusList && m.shown == focusCode {
		m.relayout() // the Code pane's share follows what the new body holds
	}
}

// syncPanel hands a pending panel (see Model.pending) the selection and the
// session's state, as syncSelection would have: it is about to be shown.
func (m *Model) syncPanel(id focusID) {
	if id <= focusList || id >= numFocus || !m.pending[id] {
		return
	}
	m.pending[id] = false
	m.handSelection(id, m.session())
}

// handSelection gives panel id the session's state s, then the selected
// INFO (the new instruction's description first, then the instruction);
// with none, the Code pane gets the body picked instead.
func (m *Model) handSelection(id focusID, s panels.Session) {
	var in *decoder.Info
	if m.selOK {
		in = m.list.rows.Info(m.sel)
	}
	m.panels[id].SetSession(s)
	m.panels[id].SetInfo(in)
	if id == focusCode {
		m.showCodeBody()
	}
}

func (m *Model) setFocus(f focusID) {
	if f < 0 || f >= numFocus {
		return
	}
	m.syncPanel(f) // before it takes the keyboard, as if it had been synced all along
	m.focus = f
	if f != focusList && m.list.mode != inputNone {
		// alt+digit leaves the prompt, as esc does; a view to make again
		// (rows reloaded meanwhile) comes from a command Update returns.
		m.listCmd = m.list.cancelInput()
	}
	for i, p := range m.panels[1:] {
		if focusID(i+1) == f {
			p.Focus()
		} else {
			p.Blur()
		}
	}
	if f != focusList {
		m.shown = f
	}
	m.relayout() // the compact layout shows the focused panel
}

func (m *Model) editing() bool {
	if m.focus == focusList {
		return m.list.Editing()
	}
	return m.panels[m.focus].Editing()
}

func (m *Model) onKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	// A message lasts until the next key, as in vi: the status line then
	// shows the file, position and layout again.
	m.status, m.statusErr = "", false
	if m.confirmQuit {
		return m.quitPromptKey(msg)
	}
	if !key.Matches(msg, k.Save) {
		m.confirmOverwrite = false
	}
	if key.Matches(msg, k.ForceQuit) {
		return m.requestQuit()
	}
	if key.Matches(msg, k.Save) {
		return m.save()
	}
	if cmd, ok := m.marksKey(msg); ok {
		return cmd
	}
	if m.kern != nil {
		return m.kernelKey(msg)
	}
	if m.showHelp || m.showErrs {
		return m.overlayKey(msg)
	}
	// alt+digit and F1-F4 switch panes even while a field is being
	// edited (the edit is abandoned, as on any focus change); plain digits
	// only when no field is.
	if f, ok := m.paneFor(msg); ok && (!m.editing() || len(msg.Text) == 0 || msg.Mod != 0) {
		m.setFocus(f)
		return nil
	}
	if !m.editing() {
		if cmd, ok := m.listKeyFromPanel(msg); ok {
			return cmd
		}
		switch {
		case key.Matches(msg, k.Quit):
			return m.requestQuit()
		case key.Matches(msg, k.Help):
			m.openOverlay(true)
			return nil
		case key.Matches(msg, k.Errors):
			m.openOverlay(false)
			return nil
		case key.Matches(msg, k.Kernels):
			return m.openKernels()
		case key.Matches(msg, k.NextFocus):
			m.setFocus((m.focus + 1) % numFocus)
			return nil
		case key.Matches(msg, k.PrevFocus):
			m.setFocus((m.focus + numFocus - 1) % numFocus)
			return nil
		case key.Matches(msg, k.Mouse):
			m.mouse = !m.mouse
			if m.mouse {
				m.setStatus("mouse on (m turns it off to select text)", false)
			} else {
				m.setStatus("mouse off: select text with the terminal; m turns it on", false)
			}
			return nil
		case key.Matches(msg, k.NextInfo, k.PrevInfo):
			d := 1
			if key.Matches(msg, k.PrevInfo) {
				d = -1
			}
			m.list.cursor += d
			m.list.moved = true
			m.list.clamp()
			m.syncSelection()
			return nil
		case key.Matches(msg, k.Copy, k.CopyBytes):
			return m.copySelection(key.Matches(msg, k.CopyBytes))
		case key.Matches(msg, k.Back) && m.focus != focusList:
			m.setFocus(focusList)
			return nil
		}
		if !m.childHandles(msg) {
			m.setStatus(fmt.Sprintf("%s does nothing in the %s: ? lists the keys", msg.String(), paneTitle(m.focus)), false)
			return nil
		}
	}
	return m.toFocused(msg)
}

// copySelection is y (the row's text; in Bits the selected field's value)
// and Y (the row's bytes as hex), sent as OSC 52: the terminal, local or at
// the far end of SSH, puts it on its clipboard.
func (m *Model) copySelection(bytes bool) tea.Cmd {
	if !m.selOK {
		m.setStatus("nothing selected to copy", true)
		return nil
	}
	in := m.list.rows.Info(m.sel)
	var text, what string
	switch {
	case bytes:
		b := in.Bytes()
		text, what = fmt.Sprintf("% x", b), fmt.Sprintf("%d bytes", len(b))
	case m.focus == focusBits:
		fields := in.Fields()
		i := min(m.bitsPanel().Selected(), len(fields)-1)
		text, what = fmt.Sprintf("0x%x", fields[i].Raw), fields[i].Name
	default:
		text, what = in.Text(), "the instruction text"
	}
	osc := tea.SetClipboard(text)
	local := m.cfg.CopyLocal
	if local == nil {
		m.setStatus(fmt.Sprintf("copied %s: %s (sent as OSC 52: the terminal must allow clipboard writes)", what, text), false)
		return osc
	}
	m.setStatus(fmt.Sprintf("copying %s…", what), false)
	// One command, so the system clipboard's helper process runs off the
	// update loop; the status says what was done once it is known.
	return func() tea.Msg {
		done := fmt.Sprintf("copied %s: %s (system clipboard and OSC 52)", what, text)
		if err := local(text); err != nil {
			done = fmt.Sprintf("copied %s: %s as OSC 52 only (the terminal must allow clipboard writes): no system clipboard here (%v)", what, text, err)
		}
		return copiedMsg{status: done, osc: osc()}
	}
}

// copiedMsg ends a copy to the system clipboard: what was done, and the
// OSC 52 sequence still to send.
type copiedMsg struct {
	status string
	osc    tea.Msg
}

// paneFor maps the pane keys (digit, alt+digit, Fn) to their pane.
func (m *Model) paneFor(msg tea.KeyPressMsg) (focusID, bool) {
	for i, b := range []key.Binding{m.keys.List, m.keys.Bits, m.keys.Lanes, m.keys.Output, m.keys.Code} {
		if key.Matches(msg, b) {
			return focusID(i), true
		}
	}
	return 0, false
}

// listKeyFromPanel lets the list's search keys work from a panel: / and :
// open the list's prompts; n and N (the last search's next match) and {
// and } (rows with diagnostics) step the list while the panel stays.
func (m *Model) listKeyFromPanel(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if m.focus == focusList || m.childHandles(msg) {
		return nil, false
	}
	lk := m.list.keys
	switch {
	case key.Matches(msg, lk.Filter, lk.Goto):
		m.setFocus(focusList)
		return m.toFocused(msg), true
	case key.Matches(msg, lk.Next, lk.Prev, lk.NextDiag, lk.PrevDiag):
		var cmd tea.Cmd
		m.list, cmd = m.list.Update(msg) // a move of the user's, as in the list
		m.syncSelection()
		return cmd, true
	}
	return nil, false
}

// childHandles reports whether a key is one of the focused child's
// bindings (enabled ones only: an editing key is off outside editing).
func (m *Model) childHandles(msg tea.KeyPressMsg) bool {
	var groups [][]key.Binding
	if m.focus == focusList {
		groups = m.list.keys.FullHelp()
	} else {
		groups = m.panels[m.focus].Keys().FullHelp()
	}
	for _, g := range groups {
		if key.Matches(msg, g...) {
			return true
		}
	}
	return false
}

// paneTitle names a pane in messages.
func paneTitle(f focusID) string {
	if f == focusList {
		return "INFO list"
	}
	return paneNames[f] + " panel"
}

func (m *Model) overlayKey(msg tea.KeyPressMsg) tea.Cmd {
	vp := m.overlayView()
	if m.helpQuery.Focused() {
		switch {
		case key.Matches(msg, m.helpQueryKeys.Cancel):
			m.clearHelpQuery()
		case key.Matches(msg, m.helpQueryKeys.Apply):
			m.helpQuery.Blur()
		default:
			var cmd tea.Cmd
			m.helpQuery, cmd = m.helpQuery.Update(msg)
			m.ov.GotoTop()
			return cmd
		}
		return nil
	}
	k := m.overlayKeys
	if to, ok := k.Moved(msg, vp.YOffset(), vp.Height(), vp.TotalLineCount()); ok {
		vp.SetYOffset(to) // clamped to the text's last page
		return nil
	}
	switch {
	case key.Matches(msg, k.Filter):
		m.ov.GotoTop()
		return m.helpQuery.Focus()
	case key.Matches(msg, k.ToErrors):
		m.openOverlay(false)
	case key.Matches(msg, k.ToHelp):
		m.openOverlay(true)
	case key.Matches(msg, k.ClearQuery):
		m.clearHelpQuery()
	case key.Matches(msg, k.Close):
		m.showHelp, m.showErrs = false, false
		m.clearHelpQuery()
		m.ov = viewport.New()
	default:
		m.setStatus(msg.String()+" does nothing here: the footer lists the keys", false)
	}
	return nil
}

// openOverlay shows the help (or the errors) from its top.
func (m *Model) openOverlay(help bool) {
	m.showHelp, m.showErrs = help, !help
	m.helpCache = helpCache{} // the panels' keys may have changed since
	m.clearHelpQuery()
}

func (m *Model) clearHelpQuery() {
	m.helpQuery.SetValue("")
	m.helpQuery.Blur()
	m.ov.SetYOffset(0)
}

// toFocused sends msg to the focused child only, then re-syncs the panels
// if the list moved.
func (m *Model) toFocused(msg tea.Msg) tea.Cmd {
	if cmd, ok := m.noteMsg(msg); ok {
		return cmd
	}
	var cmd tea.Cmd
	if m.focus == focusList {
		m.list, cmd = m.list.Update(msg)
		m.syncSelection()
	} else {
		cmd = m.panels[m.focus].update(msg)
		m.takeEdits(m.panels[m.focus])
	}
	return cmd
}

// save is ctrl+s. A surface file that did not load at start is only
// overwritten on a second ctrl+s in a row.
func (m *Model) save() tea.Cmd {
	if m.cfg.SaveSurfaces == nil {
		return nil
	}
	if m.loadErr != nil && !m.confirmOverwrite {
		m.confirmOverwrite = true
		m.setStatus(fmt.Sprintf("%s did not load at start (%v): %s again overwrites it, any other key keeps it", m.cfg.SurfacePath, m.loadErr, panels.HintKey(m.keys.Save)), true)
		return nil
	}
	m.confirmOverwrite = false
	return m.startSave()
}

// startSave saves the current state in a Cmd. Saves run one at a time, so
// an older state never lands after a newer one.
func (m *Model) startSave() tea.Cmd {
	if m.saving {
		m.saveQueued = true
		m.setStatus("saving…", false)
		return nil
	}
	data, err := m.surfaces.Marshal()
	if err != nil {
		m.setStatus("save failed: "+err.Error(), true)
		m.quitAfterSave = false
		return nil
	}
	m.saving = true
	save, gen := m.cfg.SaveSurfaces, m.editGen
	return func() tea.Msg { return savedMsg{err: save(data), gen: gen} }
}

func (m *Model) onSaved(msg savedMsg) tea.Cmd {
	m.saving = false
	if msg.err != nil {
		m.saveQueued = false
		if m.quitAfterSave && m.unsaved() {
			// Saving was the condition for quitting: stay, and say so.
			m.quitAfterSave = false
			m.setStatus("save failed, not quitting: "+msg.err.Error(), true)
			return nil
		}
		m.setStatus("save failed: "+msg.err.Error(), true)
	} else {
		m.savedGen = max(m.savedGen, msg.gen)
		m.loadErr = nil // the file on disk is now one this session wrote
		m.setStatus("saved surface file "+m.cfg.SurfacePath, false)
		m.handBack() // the panels' unsaved marks
	}
	if m.saveQueued {
		m.saveQueued = false
		return m.startSave()
	}
	if m.quitAfterSave {
		return tea.Quit
	}
	return nil
}

// unsaved reports surface or dispatch edits made since the last save.
func (m *Model) unsaved() bool { return m.editGen > m.savedGen }

// markEdited records an edit of the surface under key ("" for the dispatch
// mask).
func (m *Model) markEdited(key string) {
	m.editGen++
	m.edited[key] = m.editGen
}

// requestQuit is q and ctrl+c: with unsaved edits it asks first, and it
// never quits while a save is running.
func (m *Model) requestQuit() tea.Cmd {
	if m.unsaved() && m.cfg.SaveSurfaces != nil && !m.quitAfterSave {
		m.confirmQuit = true
		return nil
	}
	return m.quitWhenSaved()
}

func (m *Model) quitWhenSaved() tea.Cmd {
	if m.saving || m.saveQueued {
		m.quitAfterSave = true
		m.setStatus("saving… quitting when the save is done", false)
		return nil
	}
	return tea.Quit
}

// quitPromptText is the question asked while confirmQuit.
func (m *Model) quitPromptText() string {
	k := m.quitKeys
	save := keyHint(k.Save)
	if m.loadErr != nil {
		save = panels.HintKey(k.Save) + " overwrite " + m.cfg.SurfacePath + " (it did not load) & quit"
	}
	return "unsaved edits: " + save + " · " + keyHint(k.Discard) + " · " + keyHint(k.Cancel)
}

func (m *Model) quitPromptKey(msg tea.KeyPressMsg) tea.Cmd {
	switch k := m.quitKeys; {
	case key.Matches(msg, k.Save):
		m.confirmQuit = false
		m.confirmOverwrite = false
		m.quitAfterSave = true
		m.setStatus("saving… quitting when the save is done", false)
		return m.startSave()
	case key.Matches(msg, k.Discard):
		m.confirmQuit = false
		m.discarded = true
		return m.quitWhenSaved()
	case key.Matches(msg, k.Cancel):
		m.confirmQuit = false
		m.setStatus("quit cancelled", false)
		return nil
	}
	// Any other key leaves the question, which the status line shows
	// instead of any message.
	return nil
}

// title names the inputs as the list does (shortName), unless the
// configuration gives a title: their folders would fill the header line.
func (m *Model) title() string {
	t := m.cfg.Title
	if t == "" {
		var names []string
		for _, n := range m.snap.Names() {
			names = append(names, m.shortName(n))
		}
		t = strings.Join(names, ", ")
	}
	if m.unsaved() {
		t = "[unsaved] " + t
	}
	return decoder.Display(t) // file names come from dump folders too
}
