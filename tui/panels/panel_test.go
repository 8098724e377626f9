package panels

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"infoscope/model"
)

// sharedState lists the ways a value of type ty could reach state it
// shares with the root: a model.SurfaceFile anywhere in the types it holds
// (by value or pointer, in a map, slice or array, in decoder's and model's
// types too), and an interface or a function held by a type of this
// package (a callback, as the old EditTracker was), except the sealed Edit
// that only this package's value types implement. Library types (bubbles')
// hold none of ours. A *style.Styles passes: the style sets
// are shared on purpose (one per palette for every session of a server)
// and immutable, so no panel can change what another shows through one.
func sharedState(ty reflect.Type) []string {
	sf := reflect.TypeOf(model.SurfaceFile{})
	edit := reflect.TypeOf((*Edit)(nil)).Elem()
	here := reflect.TypeOf(Session{}).PkgPath()
	var found []string
	seen := map[reflect.Type]bool{}
	var walk func(path string, ty reflect.Type, ours bool)
	walk = func(path string, ty reflect.Type, ours bool) {
		if ty == sf {
			found = append(found, path+" is the surface file")
			return
		}
		if ty.Name() != "" {
			if seen[ty] || !strings.HasPrefix(ty.PkgPath(), "infoscope/") {
				return
			}
			seen[ty] = true
			ours = ty.PkgPath() == here
		}
		switch ty.Kind() {
		case reflect.Interface, reflect.Func:
			if ours && ty != edit {
				found = append(found, path+" is a "+ty.Kind().String())
			}
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(path+"[]", ty.Elem(), ours)
		case reflect.Map:
			walk(path+"[key]", ty.Key(), ours)
			walk(path+"[]", ty.Elem(), ours)
		case reflect.Struct:
			for i := 0; i < ty.NumField(); i++ {
				f := ty.Field(i)
				walk(path+"."+f.Name, f.Type, ours)
			}
		}
	}
	walk(ty.Name(), ty, true)
	return found
}

// No panel can reach the session's surface file, or call back into the
// root, except by reporting an Edit: the panels hold values.
func TestPanelsHoldNoSharedState(t *testing.T) {
	for _, p := range []any{Bits{}, Lanes{}, Output{}, Code{}, Session{}} {
		if found := sharedState(reflect.TypeOf(p)); len(found) > 0 {
			t.Errorf("%T: %s", p, strings.Join(found, "; "))
		}
	}
}

// The check finds what the panels held before the root owned the state.
func TestSharedStateFound(t *testing.T) {
	type tracker interface{ MarkEdited(string) }
	type oldOutput struct {
		Output
		file  *model.SurfaceFile
		edits tracker
		files map[string][]model.SurfaceFile
	}
	found := sharedState(reflect.TypeOf(oldOutput{file: nil, edits: nil, files: nil}))
	want := []string{"oldOutput.file[] is the surface file", "oldOutput.edits is a interface", "oldOutput.files[][] is the surface file"}
	if len(found) != len(want) {
		t.Fatalf("found %q, want %q", found, want)
	}
	for _, w := range want {
		if !strings.Contains(strings.Join(found, "\n"), w) {
			t.Errorf("not found: %s (found %q)", w, found)
		}
	}
}

// Equal tells apart sessions that differ in any one value (a panel skips
// its recomputation on an equal one).
func TestSessionEqual(t *testing.T) {
	base := NewSession(nil, model.Scope{File: "a", Body: "k"}, decodeInfo(t, resinfoBytes, 0), model.RulesSpec)
	if !base.Equal(NewSession(nil, model.Scope{File: "a", Body: "k"}, decodeInfo(t, resinfoBytes, 0), model.RulesSpec)) {
		t.Fatal("equal sessions differ")
	}
	for name, change := range map[string]func(*Session){
		"dispatch": func(s *Session) { s.Dispatch = 1 },
		"lod":      func(s *Session) { s.LOD = []uint32{0, 1} },
		"grf":      func(s *Session) { s.GRFBytes = 64 },
		"rules":    func(s *Session) { s.Rules = model.RulesHW },
		"scope":    func(s *Session) { s.Scope.Body = "k2" },
		"surface":  func(s *Session) { s.Surface.Width++ },
		"source":   func(s *Session) { s.Source = model.SourceBody },
		"key":      func(s *Session) { s.Key = "img" },
		"unsaved":  func(s *Session) { s.Unsaved = true },
	} {
		s := base
		s.LOD = slices.Clone(base.LOD)
		change(&s)
		if s.Equal(base) || base.Equal(s) {
			t.Errorf("%s: a changed session is equal", name)
		}
	}
}

// HintKey names a binding's first key as its help spells it, "/" too.
func TestHintKey(t *testing.T) {
	for _, tc := range []struct {
		b    key.Binding
		want string
	}{
		{NewBinding("search", "/"), "/"},
		{NewBinding("search", "/", "s"), "/"},
		{NewBinding("search", "s", "/"), "s"},
		{ArrowKey("left", "less"), "←"},
		{NewBinding("open", "ctrl+o", "enter"), "ctrl+o"},
		{key.NewBinding(key.WithKeys("2", "alt+2"), key.WithHelp("2 alt+2 F2", "Bits panel")), "2"},
		{key.NewBinding(key.WithKeys("x")), ""},
	} {
		if got := HintKey(tc.b); got != tc.want {
			t.Errorf("HintKey(%q) = %q, want %q", tc.b.Help().Key, got, tc.want)
		}
	}
}
