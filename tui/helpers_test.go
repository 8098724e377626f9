package tui

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"infoscope/model/workspace"
	"infoscope/sampledata"
	"infoscope/tui/panels"
)

// sampleSources returns the embedded samples as sources, as main does when
// started without files.
func sampleSources(t testing.TB) []workspace.Source {
	t.Helper()
	var srcs []workspace.Source
	for _, n := range sampledata.Names() {
		data, err := sampledata.Read(n)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, workspace.BytesSource(n, data))
	}
	return srcs
}

// sampleinfo is an 11-byte igc-layout SAMPLEINFO.RGBA (M1, 16) T6 V33.0.
var sampleinfo = []byte{0x70, 0x0b, 0x04, 0x0f, 0x06, 0x21, 0, 0, 0, 0, 0}

// rawInfos repeats sampleinfo n times; edit may change copy i in place.
func rawInfos(n int, edit func(i int, b []byte)) []byte {
	data := bytes.Repeat(sampleinfo, n)
	if edit != nil {
		for i := 0; i < n; i++ {
			edit(i, data[i*len(sampleinfo):(i+1)*len(sampleinfo)])
		}
	}
	return data
}

// loadNow runs the loading commands synchronously (each source read and
// decoded in turn), as Init would have them run. The messages they bring
// are delivered in turn too; a state held back for showEvery is shown
// when the last load ends.
func loadNow(m *Model) {
	for _, cmd := range m.loadCmds(m.ws.BeginAll()) {
		if msg, ok := cmd().(snapshotMsg); ok {
			m.Update(msg)
		}
	}
}

// newLoaded builds a model at w x h with every source loaded.
func newLoaded(cfg Config, w, h int) *Model {
	m := New(cfg)
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	loadNow(m)
	return m
}

// send delivers keys and runs the commands they return (one level, enough
// for the status and panel notifications), skipping quit. A key in single
// quotes ('op:resinfo') is typed as text.
func send(m *Model, keys ...string) {
	for _, k := range keys {
		if text, ok := typed(k); ok {
			typeText(m, text)
			continue
		}
		_, cmd := m.Update(press(k))
		runCmd(m, cmd, 0)
	}
}

// typed returns the text of a key written in single quotes, which the key
// helpers (send, flow.play) type rather than press.
func typed(k string) (string, bool) {
	if len(k) >= 2 && k[0] == '\'' && k[len(k)-1] == '\'' {
		return k[1 : len(k)-1], true
	}
	return "", false
}

// typeText sends each rune of s as a key press.
func typeText(m *Model, s string) {
	for _, r := range s {
		_, cmd := m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		runCmd(m, cmd, 0)
	}
}

// runCmd runs cmd and feeds its message back, chains up to a few steps
// deep. Every command is waited for (a load, a filter's view, a kernel
// list's statistics, a timer of the load notes: each ends, however busy
// the machine) but one: a session over a shared workspace listens for the
// next snapshot, which may never come, so there a command still running
// after a short while is dropped unless a filter's view is due.
func runCmd(m *Model, cmd tea.Cmd, depth int) {
	if cmd == nil || depth > 4 {
		return
	}
	msg, ok := awaitCmd(m, cmd)
	if !ok {
		return
	}
	switch msg := msg.(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			runCmd(m, c, depth+1)
		}
	case tea.QuitMsg, nil:
	default:
		_, next := m.Update(msg)
		runCmd(m, next, depth+1)
	}
}

// awaitCmd runs cmd and returns its message; ok is false for a command
// dropped as a shared session's listen (see runCmd).
func awaitCmd(m *Model, cmd tea.Cmd) (msg tea.Msg, ok bool) {
	ch := make(chan tea.Msg, 1)
	go func() { ch <- cmd() }()
	wait := patience
	if m.sub != nil {
		select {
		case msg = <-ch:
			return msg, true
		case <-time.After(100 * time.Millisecond):
		}
		if !m.list.filtering {
			return nil, false
		}
		// It may be the filter's view, or the listen beside it.
		select {
		case msg = <-ch:
			return msg, true
		case <-time.After(30 * time.Second):
			return nil, false
		}
	}
	select {
	case msg = <-ch:
		return msg, true
	case <-time.After(wait):
		panic(fmt.Sprintf("a command of the inspector did not end in %v", wait))
	}
}

// patience bounds the wait for one command: it only catches a hang.
const patience = 60 * time.Second

// shortHelp is the footer's bindings, in order.
func (m *Model) shortHelp() []key.Binding {
	local, global := m.footerKeys()
	return append(local, global...)
}

// lanesPanel and outputPanel are the panels by type, as bitsPanel and
// codePanel (panels.go) are for the program.
func (m *Model) lanesPanel() *panels.Lanes { return panelOf[panels.Lanes](m, focusLanes) }

func (m *Model) outputPanel() *panels.Output { return panelOf[panels.Output](m, focusOutput) }

// filterNow sets the list's filter and installs the view its command
// makes, as the program would deliver it.
func filterNow(m *Model, expr string) error {
	cmd, err := m.list.setFilter(expr)
	if err != nil || cmd == nil {
		return err
	}
	m.Update(cmd())
	return nil
}

// moveTo sends keys and fails unless they leave the list's cursor at row
// want.
func moveTo(t *testing.T, m *Model, want int, keys ...string) {
	t.Helper()
	send(m, keys...)
	if m.list.cursor != want {
		t.Fatalf("%v: cursor %d, want %d", keys, m.list.cursor, want)
	}
}

// wantView fails for each string that view v (what names it) lacks.
func wantView(t *testing.T, what, v string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(v, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, v)
		}
	}
}
