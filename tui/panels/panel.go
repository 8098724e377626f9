// Package panels holds the inspector's child components: the bit-field
// panel (Bits), the lane-map panel (Lanes), the RGBA result panel (Output)
// and the code panel (Code).
//
// They are bubbletea v2 child components, not programs: Update returns the
// concrete type, View returns a string, and the root program owns focus,
// layout, the terminal and the session's state. They render with the one
// style set of package tui/style; every state that colour tells apart also
// has its own symbol, so the panels stay legible without colour.
package panels

import (
	"slices"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/model/diff"
	"infoscope/model/lower"
)

// Panel is what every panel implements, on its pointer: the root holds
// each one in the same generic adapter. A panel receives the session's
// state as a value (SetSession) and reports every change to it as an Edit
// (TakeEdits); it holds no pointer to state that the root or another panel
// shares.
type Panel[P any] interface {
	*P
	Update(tea.Msg) (P, tea.Cmd)
	View() string
	SetSize(w, h int)
	// SetInfo shows an instruction (nil: none selected).
	SetInfo(in *decoder.Info)
	// SetSession hands the panel the session state for the selection.
	SetSession(s Session)
	Focus()
	Blur()
	// Editing reports whether a text input has the keyboard.
	Editing() bool
	// TakeEdits returns the edits reported since the last call.
	TakeEdits() []Edit
	// Keys returns the bindings in effect (enabled as the state allows).
	Keys() help.KeyMap
}

// Keys returns the panel's bindings: its KeyMap, enabled as its state
// allows.
func (m Bits) Keys() help.KeyMap   { return m.KeyMap }
func (m Lanes) Keys() help.KeyMap  { return m.KeyMap }
func (m Output) Keys() help.KeyMap { return m.KeyMap }
func (m Code) Keys() help.KeyMap   { return m.KeyMap }

// Session is the state of a session that the panels show and edit: the
// root owns it (its surface file and the rules) and hands a copy to every
// panel whenever it changes. The panels never change it in place: they
// report an Edit, which the root applies, marks unsaved and hands back.
type Session struct {
	Dispatch model.ExecMask // the dispatch (EM) mask
	LOD      []uint32       // the LOD values (a copy: the panel may keep it)
	GRFBytes int            // 32 or 64
	Rules    model.Rules    // the table results are computed by

	// The selected instruction's surface description, as the session's
	// surface file has it: looked up in Scope (its file and body), from
	// Source, under Key (the name it was found under, else the name the
	// disassembly prints: edits are stored under it).
	Scope   model.Scope
	Surface model.Surface
	Source  model.SurfaceSource
	Key     string
	Unsaved bool // the description has edits that are not saved yet

	// Native is the selected instruction's file joined to the Gen
	// assembly IGC made of it (its dump set's .asm), nil when there is none.
	Native *lower.Join
	// NativeOf is the body Native belongs to: IGC pairs a .asm with its
	// vISA text by file stem, and a file of several bodies (a kernel and
	// its functions) has native code for one of them.
	NativeOf *decoder.Stream

	// Diff is the comparison of the body shown with its counterpart in
	// the other build (infoscope diff A B: the session shows B's files),
	// nil when the session compares nothing or the body paired with none.
	Diff *diff.Kernel
}

// Equal reports whether s and t hold the same state.
func (s Session) Equal(t Session) bool {
	return s.Dispatch == t.Dispatch && slices.Equal(s.LOD, t.LOD) && s.GRFBytes == t.GRFBytes &&
		s.Rules == t.Rules && s.Scope == t.Scope && s.Surface == t.Surface &&
		s.Source == t.Source && s.Key == t.Key && s.Unsaved == t.Unsaved && s.Native == t.Native && s.NativeOf == t.NativeOf &&
		s.Diff == t.Diff
}

// NewSession returns the session state of file f (nil: the defaults) for
// instruction in (nil: none selected) at sc, with the given rules. Unsaved
// is left to the caller, who keeps the marks.
func NewSession(f *model.SurfaceFile, sc model.Scope, in *decoder.Info, rules model.Rules) Session {
	if f == nil {
		f = model.NewSurfaceFile()
	}
	grf := f.GRFBytes
	if grf != 64 {
		grf = 32
	}
	s := Session{Dispatch: f.DispatchMask, LOD: slices.Clone(f.LOD), GRFBytes: grf, Rules: rules, Scope: sc}
	s.Surface, s.Source, s.Key = f.Lookup(sc, in)
	if in != nil && s.Key == "" {
		s.Key = in.SurfaceName()
	}
	return s
}

// Edit is a change of the session's state that a panel reports. The
// panels report them through TakeEdits, which the root drains after every
// Update it gives a panel, so an edit is applied before the next key (a
// ctrl+s typed right after it saves it).
type Edit interface {
	tea.Msg
	isEdit()
}

// SurfaceEdited is a surface description edited in the Output panel: store
// Surface under Key for Scope's file and body.
type SurfaceEdited struct {
	Scope   model.Scope
	Key     string
	Surface model.Surface
}

// DispatchMaskSet is a dispatch mask edited in the Lanes panel.
type DispatchMaskSet struct{ Mask model.ExecMask }

// LODSet is the LOD list edited in the Output panel.
type LODSet struct{ LOD []uint32 }

// GRFSet is the GRF size (32 or 64 bytes) switched in the Output panel.
type GRFSet struct{ Bytes int }

// RulesSet is the table results are computed by, switched in the Output
// panel. It is a session setting, not part of the surface file.
type RulesSet struct{ Rules model.Rules }

func (SurfaceEdited) isEdit()   {}
func (DispatchMaskSet) isEdit() {}
func (LODSet) isEdit()          {}
func (GRFSet) isEdit()          {}
func (RulesSet) isEdit()        {}

// Apply makes edit e in the surface file f and returns the key of its
// unsaved mark: EditKey of the description, or "" for the file's
// session-wide values (dispatch mask, LOD, GRF size). ok is false when e
// does not change the file (RulesSet, a GRF size other than 32 or 64).
func Apply(f *model.SurfaceFile, e Edit) (mark string, ok bool) {
	switch e := e.(type) {
	case SurfaceEdited:
		f.SetSurface(e.Scope, e.Key, e.Surface)
		return EditKey(e.Scope, e.Key), true
	case DispatchMaskSet:
		f.DispatchMask = e.Mask
		return "", true
	case LODSet:
		f.LOD = slices.Clone(e.LOD)
		return "", true
	case GRFSet:
		if e.Bytes != 32 && e.Bytes != 64 {
			return "", false
		}
		f.GRFBytes = e.Bytes
		return "", true
	}
	return "", false
}

// EditKey names a surface description for the unsaved marks: its name with
// the file and body it is stored for (a T6 in one kernel is not the T6 of
// another).
func EditKey(sc model.Scope, key string) string {
	if sc.File == "" {
		return key
	}
	return sc.File + "\x00" + sc.Body + "\x00" + key
}

// outbox holds the edits a panel reported until the root takes them.
type outbox struct{ edits []Edit }

func (o *outbox) report(e Edit) { o.edits = append(o.edits, e) }

// TakeEdits returns the edits reported since the last call, oldest first,
// and forgets them.
func (o *outbox) TakeEdits() []Edit {
	e := o.edits
	o.edits = nil
	return e
}
