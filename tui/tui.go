// Package tui is infoscope's interactive inspector: a bubbletea v2 root
// model holding the INFO list and the panels of package tui/panels (bit
// fields, lanes, output), with help, status line, mouse, themes and live
// reload. The root only dispatches: global keys first, then keys to the
// focused child; inputs are read and decoded in tea.Cmds.
package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"infoscope/decoder"
	"infoscope/model"
)

// Config configures a session.
type Config struct {
	Sources      []Source
	Title        string // e.g. "embedded samples"; default: the source names
	Decode       decoder.Options
	Surfaces     *model.SurfaceFile // nil: model.NewSurfaceFile()
	SurfacePath  string             // shown in the status line after a save
	SaveSurfaces func([]byte) error // ctrl+s; nil disables the key and hides it from help
	// SurfacesLoaded is the path Surfaces was read from at start, for the
	// status line ("" when none was read).
	SurfacesLoaded string
	Rules          model.Rules // the table Output computes by at start (r switches)
	NoMouse        bool        // start with mouse reporting off
	Mono           bool        // monochrome theme (the caller decides: NO_COLOR locally, the client's terminal over SSH)
}

// ReloadMsg tells the model that the source with that Name changed: it is
// re-read and re-decoded, keeping the selection in place.
type ReloadMsg struct{ Name string }

// focusID names a pane.
type focusID int

const (
	focusList focusID = iota
	focusBits
	focusLanes
	focusOutput
	numFocus
)

var paneNames = [numFocus]string{"INFO list", "Bits", "Lanes", "Output"}

// source is the state of one input.
type source struct {
	src     Source
	file    *decoder.File // last good decode; nil until loaded
	readErr error         // the first read failed: nothing to show
	note    string        // why the last reload was not taken
	loading bool
	size    int // bytes, known once read
	gen     int // bumped per (re)load; stale results are dropped
}

// Model is the root tea.Model of the inspector.
type Model struct {
	cfg     Config
	sources []source

	list   listModel
	panels [numFocus]child // index 0 unused: the list is not a panel
	focus  focusID
	shown  focusID // the panel shown when the list has focus (compact layout)
	sel    loc
	selOK  bool

	surfaces *model.SurfaceFile
	dirty    bool

	keys      KeyMap
	help      help.Model
	spin      spinner.Model
	th        theme
	mono      bool
	isDark    bool
	mouse     bool
	showHelp  bool
	showErrs  bool
	overlayAt int // scroll offset of the help/errors overlay

	width, height int
	lay           layout

	status    string
	statusErr bool
}

// readMsg and decodedMsg carry one source through loading.
type readMsg struct {
	idx, gen int
	data     []byte
	err      error
}

type decodedMsg struct {
	idx, gen int
	file     *decoder.File
}

type savedMsg struct{ err error }

// New builds the root model; Init starts loading every source.
func New(cfg Config) *Model {
	m := &Model{
		cfg:      cfg,
		surfaces: cfg.Surfaces,
		keys:     DefaultKeyMap(),
		help:     help.New(),
		mono:     cfg.Mono,
		isDark:   true,
		mouse:    !cfg.NoMouse,
		shown:    focusBits,
		width:    80,
		height:   24,
	}
	if m.surfaces == nil {
		m.surfaces = model.NewSurfaceFile()
	}
	m.keys.Save.SetEnabled(cfg.SaveSurfaces != nil)
	m.spin = spinner.New(spinner.WithSpinner(spinner.Line))
	for _, s := range cfg.Sources {
		m.sources = append(m.sources, source{src: s, loading: true})
	}
	m.th = newTheme(m.isDark, m.mono)
	m.list = newList(m.th)
	m.list.focused = true
	m.panels = newPanels(m.panelStyles(), m.surfaces, cfg.Rules)
	if cfg.SurfacesLoaded != "" {
		m.setStatus(fmt.Sprintf("loaded surface file %s (%d descriptions)", cfg.SurfacesLoaded, m.surfaces.Count()), false)
	}
	m.applyTheme()
	m.relayout()
	return m
}

func (m *Model) panelStyles() panelStyles { return makePanelStyles(m.isDark, m.mono) }

// Init reads every source in its own Cmd and asks for the background colour.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.spin.Tick}
	for i := range m.sources {
		cmds = append(cmds, m.readCmd(i))
	}
	return tea.Batch(cmds...)
}

func (m *Model) readCmd(i int) tea.Cmd {
	s := &m.sources[i]
	s.gen++
	s.loading = true
	src, gen := s.src, s.gen
	return func() tea.Msg {
		data, err := src.Read()
		return readMsg{idx: i, gen: gen, data: data, err: err}
	}
}

func (m *Model) decodeCmd(i, gen int, data []byte) tea.Cmd {
	name, opts := m.sources[i].src.Name(), m.cfg.Decode
	return func() tea.Msg {
		return decodedMsg{idx: i, gen: gen, file: decoder.Decode(name, data, opts)}
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

func (m *Model) loading() int {
	n := 0
	for _, s := range m.sources {
		if s.loading {
			n++
		}
	}
	return n
}

func (m *Model) setStatus(text string, isErr bool) { m.status, m.statusErr = text, isErr }

// Update dispatches: loading results and panel notifications first, then
// global keys, then the focused child only.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.relayout()
		return m, nil
	case tea.BackgroundColorMsg:
		if dark := msg.IsDark(); dark != m.isDark {
			m.isDark = dark
			m.applyTheme()
			if !m.mono {
				m.restylePanels()
			}
		}
		return m, nil
	case spinner.TickMsg:
		if m.loading() == 0 {
			return m, nil // stop ticking: idle frames cost nothing
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case readMsg:
		return m, m.onRead(msg)
	case decodedMsg:
		m.onDecoded(msg)
		return m, nil
	case ReloadMsg:
		var cmds []tea.Cmd
		for i, s := range m.sources {
			if s.src.Name() == msg.Name {
				cmds = append(cmds, m.readCmd(i))
			}
		}
		if len(cmds) == 0 {
			return m, nil
		}
		if m.loading() == len(cmds) {
			cmds = append(cmds, m.spin.Tick) // restart the spinner
		}
		return m, tea.Batch(cmds...)
	case statusMsg:
		m.setStatus(msg.text, msg.err)
		return m, nil
	case savedMsg:
		if msg.err != nil {
			m.setStatus("save failed: "+msg.err.Error(), true)
		} else {
			m.dirty = false
			m.setStatus("saved surface file "+m.cfg.SurfacePath, false)
		}
		return m, nil
	case openPanelMsg:
		m.setFocus(m.shown)
		return m, nil
	case tea.KeyPressMsg:
		return m, m.onKey(msg)
	case tea.MouseClickMsg, tea.MouseWheelMsg:
		return m, m.onMouse(msg.(tea.MouseMsg))
	case tea.PasteMsg:
		return m, m.toFocused(msg)
	}
	if handled, cmd := m.onPanelMsg(msg); handled {
		return m, cmd
	}
	// Anything else (timers of the focused child's inputs) goes to it alone.
	return m, m.toFocused(msg)
}

func (m *Model) onRead(msg readMsg) tea.Cmd {
	s := &m.sources[msg.idx]
	if msg.gen != s.gen {
		return nil
	}
	if msg.err != nil {
		s.loading = false
		if s.file == nil {
			s.readErr = msg.err
			m.setStatus(fmt.Sprintf("%s: %v", s.src.Name(), msg.err), true)
		} else {
			s.note = fmt.Sprintf("reload failed: %v; showing the previous decode", msg.err)
			m.setStatus(s.src.Name()+": "+s.note, true)
		}
		return nil
	}
	s.size = len(msg.data)
	return m.decodeCmd(msg.idx, msg.gen, msg.data)
}

func (m *Model) onDecoded(msg decodedMsg) {
	s := &m.sources[msg.idx]
	if msg.gen != s.gen {
		return
	}
	s.loading = false
	f := msg.file
	reload := s.file != nil || s.readErr != nil
	// A reload that broke a clean decode (a half-written file) keeps the old
	// one until the next change.
	if s.file != nil && len(s.file.Errors) == 0 && len(f.Errors) > 0 {
		s.note = fmt.Sprintf("reload: %v; showing the previous decode", f.Errors[0])
		m.setStatus(s.src.Name()+": "+s.note, true)
		return
	}
	s.file, s.readErr, s.note = f, nil, ""
	m.rebuild()
	switch {
	case len(f.Errors) > 0:
		// The hint comes before the message, which is cut at the screen's
		// edge; the error already starts with the file's name.
		first := strings.TrimPrefix(f.Errors[0].Error(), f.Name+": ")
		m.setStatus(fmt.Sprintf("%s: %d error(s), E lists them: %s", f.Name, len(f.Errors), first), true)
	case reload:
		m.setStatus(fmt.Sprintf("reloaded %s: %d INFO", f.Name, f.NumInfos()), false)
	case m.loading() == 0:
		m.setStatus(fmt.Sprintf("loaded %d source(s), %d INFO instructions", len(m.sources), m.list.rows.total)+m.surfacesNote(), false)
	}
}

// surfacesNote tells, once loading is done, that a surface file was
// loaded at start and from where (its descriptions change every result).
func (m *Model) surfacesNote() string {
	if m.cfg.SurfacesLoaded == "" {
		return ""
	}
	return fmt.Sprintf("; surface file %s loaded (%d descriptions)", m.cfg.SurfacesLoaded, m.surfaces.Count())
}

// rebuild re-indexes the rows after a (re)load and re-syncs the panels.
func (m *Model) rebuild() {
	files := make([]*decoder.File, len(m.sources))
	for i, s := range m.sources {
		files[i] = s.file
	}
	m.list.setRows(newRowIndex(files))
	m.selOK = false // force SetInfo: the Info pointers changed
	m.syncSelection()
}

// syncSelection hands the selected Info to every panel when it changed.
func (m *Model) syncSelection() {
	l, ok := m.list.selected()
	if ok == m.selOK && l == m.sel {
		return
	}
	m.sel, m.selOK = l, ok
	var in *decoder.Info
	var sc model.Scope
	if ok {
		in = m.list.rows.info(l)
		sc = model.Scope{File: m.list.rows.file(l).Name, Body: m.list.rows.stream(l).Kernel}
	}
	m.outputPanel().m.SetScope(sc)
	for _, p := range m.panels[1:] {
		p.SetInfo(in)
	}
}

func (m *Model) setFocus(f focusID) {
	if f < 0 || f >= numFocus {
		return
	}
	m.focus = f
	m.list.focused = f == focusList
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
	if key.Matches(msg, k.ForceQuit) {
		return tea.Quit
	}
	if key.Matches(msg, k.Save) {
		return m.save()
	}
	if m.showHelp || m.showErrs {
		return m.overlayKey(msg)
	}
	// The Output form takes digits as values, so there 1-4 are its own.
	digitsToChild := m.focus == focusOutput && len(msg.Text) == 1 && msg.Text[0] >= '0' && msg.Text[0] <= '9'
	if !m.editing() && !digitsToChild {
		switch {
		case key.Matches(msg, k.Quit):
			return tea.Quit
		case key.Matches(msg, k.Help):
			m.showHelp, m.overlayAt = true, 0
			return nil
		case key.Matches(msg, k.Errors):
			m.showErrs, m.overlayAt = true, 0
			return nil
		case key.Matches(msg, k.NextFocus):
			m.setFocus((m.focus + 1) % numFocus)
			return nil
		case key.Matches(msg, k.PrevFocus):
			m.setFocus((m.focus + numFocus - 1) % numFocus)
			return nil
		case key.Matches(msg, k.List):
			m.setFocus(focusList)
			return nil
		case key.Matches(msg, k.Bits):
			m.setFocus(focusBits)
			return nil
		case key.Matches(msg, k.Lanes):
			m.setFocus(focusLanes)
			return nil
		case key.Matches(msg, k.Output):
			m.setFocus(focusOutput)
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
		case key.Matches(msg, k.Back) && m.focus != focusList:
			m.setFocus(focusList)
			return nil
		}
	}
	return m.toFocused(msg)
}

func (m *Model) overlayKey(msg tea.KeyPressMsg) tea.Cmd {
	// The offset stays within the text (as it is at this size), so the
	// first k after scrolling past the end moves the view.
	lines := m.helpLines()
	if m.showErrs {
		lines = m.errorLines()
	}
	last := max(len(lines)-(m.lay.bodyH-1), 0)
	defer func() { m.overlayAt = max(0, min(m.overlayAt, last)) }()
	m.overlayAt = min(m.overlayAt, last)
	switch msg.String() {
	case "q":
		return tea.Quit
	case "j", "down":
		m.overlayAt++
	case "k", "up":
		m.overlayAt = max(m.overlayAt-1, 0)
	case "pgdown", "space":
		m.overlayAt += max(m.lay.bodyH-2, 1)
	case "pgup":
		m.overlayAt = max(m.overlayAt-max(m.lay.bodyH-2, 1), 0)
	case "g", "home":
		m.overlayAt = 0
	case "G", "end":
		m.overlayAt = last
	case "?", "E", "esc", "enter":
		if msg.String() == "E" && m.showHelp {
			m.showHelp, m.showErrs, m.overlayAt = false, true, 0
			return nil
		}
		if msg.String() == "?" && m.showErrs {
			m.showHelp, m.showErrs, m.overlayAt = true, false, 0
			return nil
		}
		m.showHelp, m.showErrs = false, false
	}
	return nil
}

// toFocused sends msg to the focused child only, then re-syncs the panels
// if the list moved.
func (m *Model) toFocused(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	if m.focus == focusList {
		m.list, cmd = m.list.Update(msg)
		m.syncSelection()
	} else {
		cmd = m.panels[m.focus].Update(msg)
	}
	return cmd
}

func (m *Model) save() tea.Cmd {
	if m.cfg.SaveSurfaces == nil {
		return nil
	}
	data, err := m.surfaces.Marshal()
	if err != nil {
		m.setStatus("save failed: "+err.Error(), true)
		return nil
	}
	save := m.cfg.SaveSurfaces
	return func() tea.Msg { return savedMsg{save(data)} }
}

// shortHelp is the footer: the focused child's main keys plus the globals.
func (m *Model) shortHelp() []key.Binding {
	var b []key.Binding
	if m.focus == focusList {
		b = m.list.keys.ShortHelp()
	} else {
		b = m.panels[m.focus].ShortHelp()
	}
	return append(b, m.keys.ShortHelp()...)
}

func (m *Model) title() string {
	if m.cfg.Title != "" {
		return m.cfg.Title
	}
	names := make([]string, 0, len(m.sources))
	for _, s := range m.sources {
		names = append(names, s.src.Name())
	}
	return strings.Join(names, ", ")
}
