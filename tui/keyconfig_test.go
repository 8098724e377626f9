package tui

import (
	"errors"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"infoscope/model/workspace"
	"infoscope/sampledata/testkit"
)

// The file "infoscope config" prints sets every default: it parses with
// no entry refused and changes nothing.
func TestDefaultConfigParses(t *testing.T) {
	st, errs := ParseConfig("config", []byte(DefaultConfig()))
	for _, err := range errs {
		t.Error(err)
	}
	if got, want := KeysMarkdown(st.Keys), KeysMarkdown(DefaultKeys()); got != want {
		t.Errorf("the default file changes the keys")
	}
	if st.Theme != "auto" || len(st.Flags) != 0 {
		t.Errorf("theme %q flags %q", st.Theme, st.Flags)
	}
}

// Issue 24 item 9: a configuration remaps any binding; a bad entry is
// refused with file:line and its default kept; the session and its help
// use the keys in effect.
func TestConfigRemapsKeys(t *testing.T) {
	file := strings.Join([]string{
		"# mine",
		"theme = light",
		"key list.down = x, down", // 3: applied
		"key list.dwn = z",        // 4: no such binding
		"key list.up = ctrl+ü+q",  // 5: not a key
		"key code.search = a",     // 6: a data-flow letter
		"key code.flow = q",       // 7: fixed
		"key global.copy = c",     // 8: applied
		"key list.up = U",         // 9: applied
		"key list.up = L",         // 10: set again
		"colour = red",            // 11: unknown
		"key bits.up =",           // 12: no key
		"key global.help = j",     // 13: j is free (list.down is x, down)
		"flags = --no-mouse",
	}, "\n")
	st, errs := ParseConfig("/home/u/.config/infoscope/config", []byte(file))
	wantLines := []string{":4: no binding \"list.dwn\"", ":5: list.up: \"ctrl+ü+q\" is not a key", ":6: code.search: a is code.flow's key already",
		":7: code.flow cannot be remapped", ":10: key list.up is set again (line 9 set it)", ":11: unknown setting \"colour\"", ":12: bits.up: no key given"}
	if len(errs) != len(wantLines) {
		t.Errorf("%d errors, want %d: %v", len(errs), len(wantLines), errs)
	}
	for i, w := range wantLines {
		if i < len(errs) && !strings.Contains(errs[i].Error(), "/home/u/.config/infoscope/config"+w) {
			t.Errorf("error %d: %q, want it to contain %q", i, errs[i], w)
		}
	}
	if st.Theme != "light" || strings.Join(st.Flags, " ") != "--no-mouse" {
		t.Errorf("theme %q, flags %q", st.Theme, st.Flags)
	}
	if got := st.Keys.Code.Search.Keys(); len(got) != 1 || got[0] != "/" {
		t.Errorf("refused code.search: keys %v, want the default /", got)
	}
	m := newLoaded(Config{Sources: sampleSources(t), Keys: &st.Keys, ConfigErrors: errs}, 120, 40)
	moveTo(t, m, 1, "x") // list.down
	moveTo(t, m, 0, "U") // list.up
	send(m, "j")         // now global.help
	if !m.showHelp {
		t.Fatalf("j (global.help) did not open the help")
	}
	help := strings.Join(m.helpLines(), "\n")
	wantView(t, "the help", help, "x/down", "c ")
	send(m, "q")
	if !strings.Contains(screen(m), "8 problems: E shows") {
		t.Errorf("the refused entries are not counted:\n%s", screen(m))
	}
	send(m, "E")
	if s := screen(m); !strings.Contains(s, "configuration refused, the default kept: /home/u/.config/infoscope/config:4:") {
		t.Errorf("E does not list the refused entries:\n%s", s)
	}
	md := KeysMarkdown(st.Keys)
	if !strings.Contains(md, "| `list.down` (configured) | `x` `down` | down |") {
		t.Errorf("keys in effect:\n%s", md)
	}
}

// The summary's key hints come from the bindings: with the defaults they
// read as they always did (the goldens hold them too), and a rebinding
// changes them.
func TestSummaryHintsFollowBindings(t *testing.T) {
	rebound := DefaultKeys()
	for name, ks := range map[string][]string{"global.bits": {"x", "alt+x"}, "global.lanes": {"ctrl+l"},
		"global.output": {"O"}, "list.open": {"o", "enter"}} {
		if err := rebound.remap(name, ks); err != nil {
			t.Fatal(err)
		}
	}
	def := DefaultKeys()
	for _, tc := range []struct {
		keys       *Keys
		size, more string
	}{
		{&def, "enter opens Bits · 2 bit fields, 3 lanes, 4 output", "more, 2 lists all)"},
		{&rebound, "o opens Bits · x bit fields, ctrl+l lanes, O output", "more, x lists all)"},
	} {
		// An unknown sub-op and no channel: two diagnostics.
		data := rawInfos(1, func(_ int, b []byte) { b[1], b[3] = 0x0f, 0 })
		m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("k.bin", data)}, Keys: tc.keys}, 120, 40)
		if n := len(m.list.rows.Info(m.sel).Diagnostics()); n != 2 {
			t.Fatalf("%d diagnostics, want 2", n)
		}
		if s := screen(m); !strings.Contains(s, tc.size) {
			t.Errorf("no %q under the list:\n%s", tc.size, s)
		}
		if s := screen(m); !strings.Contains(s, tc.more) {
			t.Errorf("no %q under the list:\n%s", tc.more, s)
		}
	}
}

// The root's hints in prose (the status line's notes, a damaged file's
// error, the quit question, the kernel list's title, the too-small
// screen) name the keys in effect.
func TestProseHintsFollowBindings(t *testing.T) {
	k := DefaultKeys()
	for name, ks := range map[string][]string{"global.errors": {"ctrl+e"}, "global.save": {"ctrl+x"}, "global.quit": {"Q"},
		"global.kernels": {"ctrl+k"}, "quit.save": {"w"}, "quit.discard": {"x"}, "quit.cancel": {"c"}, "kernels.select": {"o"},
		"kernels.close": {"ctrl+g"}} {
		if err := k.remap(name, ks); err != nil {
			t.Fatal(err)
		}
	}
	damaged := sampleSources(t)[:1] // damaged.isa
	cfg := Config{Sources: damaged, Keys: &k, SaveSurfaces: func([]byte) error { return nil }}
	m := newLoaded(cfg, 200, 40)
	wantView(t, "the screen", screen(m), "damaged.isa: 1 error(s), ctrl+e lists them")
	editSurface(m)
	wantView(t, "the screen", screen(m), "1 problem: ctrl+e shows │ unsaved surface edits: ctrl+x saves")
	send(m, "Q")
	wantView(t, "the quit question", screen(m), "unsaved edits: w save & quit · x discard & quit · c cancel")
	m.Update(tea.WindowSizeMsg{Width: 20, Height: 5})
	wantView(t, "the quit question, small", screen(m), "w save & quit", "x discard & quit", "c cancel")
	send(m, "c")
	wantView(t, "the too-small screen", screen(m), "Q quits")
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	send(m, "ctrl+k")
	wantView(t, "the kernel list", screen(m), "o shows one in the Code pane, ctrl+g closes")
}

// The bookmarks', a comparison's and the errors overlay's hints name the
// keys in effect too.
func TestMoreProseHintsFollowBindings(t *testing.T) {
	k := DefaultKeys()
	for name, ks := range map[string][]string{"marks.mark": {"B"}, "marks.jump": {"o"}, "marks.delete": {"X"},
		"marks.close": {"x", "esc"}, "code.nextchange": {">"}, "code.prevchange": {"<"}, "code.diffview": {"V"}, "global.save": {"ctrl+x"}} {
		if err := k.remap(name, ks); err != nil {
			t.Fatal(err)
		}
	}
	m := newLoaded(Config{Sources: sampleSources(t), Keys: &k, SurfacePath: "s.json", SurfaceLoadErr: errors.New("s.json:1:1: bad"),
		SaveSurfaces: func([]byte) error { return nil }}, 120, 40)
	send(m, "'")
	wantView(t, "the bookmarks", screen(m), "bookmarks — o jumps, e edits the note, X X deletes, x or esc closes", "no bookmarks yet: B on a row marks it with a note")
	send(m, "z")
	wantView(t, "the bookmarks", screen(m), "no bookmarks yet: B on a row marks it │")
	send(m, "x", "B", "'why'", "enter", "'", "z")
	wantView(t, "the bookmarks", screen(m), "z does nothing in the bookmarks: o jumps, e edits, X X deletes, x closes")
	send(m, "X")
	wantView(t, "the bookmarks", screen(m), "X again deletes this bookmark and its note")
	send(m, "x", "E")
	wantView(t, "the errors", screen(m), "(defaults in use; ctrl+x twice overwrites it)")

	cfg := tritonPair(t)
	cfg.Keys = &k
	m = newLoaded(cfg, 120, 40)
	wantView(t, "a comparison", screen(m), "matmul_kernel_with_tensor_descriptors differs: > and < go to its next and previous change, V shows B alone")
}

// helpSections splits the help (ANSI stripped) into its groups' lines,
// by the titles of the key groups.
func helpSections(m *Model) map[string][]string {
	titles := map[string]bool{}
	for _, g := range m.keyset.keyGroups() {
		titles[g.title] = true
	}
	out := map[string][]string{}
	cur := ""
	for _, l := range m.helpLines() {
		l = ansi.Strip(l)
		if titles[l] {
			cur = l
			continue
		}
		if cur != "" {
			out[cur] = append(out[cur], l)
		}
	}
	return out
}

// inHelp reports whether lines hold binding b: its help key, then its
// description.
func inHelp(lines []string, b key.Binding) bool {
	re := regexp.MustCompile(`(^|\s)` + regexp.QuoteMeta(b.Help().Key) + ` +` + regexp.QuoteMeta(b.Help().Desc) + `(\s|$)`)
	return slices.ContainsFunc(lines, re.MatchString)
}

// Every binding docs/keys.md lists is in the help (?), under its group:
// the help is made from the same key maps. The kernel list's keys, the
// bookmark list's and the prompts' were left out. A session that cannot
// save or compare does not list ctrl+s or the diff keys.
func TestHelpListsEveryKey(t *testing.T) {
	cfg := tritonPair(t) // the Code pane opens on a comparison
	cfg.SaveSurfaces = func([]byte) error { return nil }
	m := newLoaded(cfg, 200, 50)
	help := helpSections(m)
	byName := map[string]key.Binding{}
	for _, b := range m.keyset.Bindings() {
		byName[b.Name] = *b.Binding
	}
	doc := string(testkit.ReadFile(t, filepath.Join("..", "docs", "keys.md")))
	row := regexp.MustCompile("^\\| `([a-z]+\\.[a-z]+)`")
	group, n := "", 0
	for _, l := range strings.Split(doc, "\n") {
		if g, ok := strings.CutPrefix(l, "## "); ok {
			group = g
			continue
		}
		name := row.FindStringSubmatch(l)
		if name == nil {
			continue
		}
		n++
		b, ok := byName[name[1]]
		if !ok {
			t.Errorf("%s (docs/keys.md) is not a binding", name[1])
			continue
		}
		if !inHelp(help[group], b) {
			t.Errorf("%s (%s %s) is not in the help's %q:\n%s", name[1], b.Help().Key, b.Help().Desc, group, strings.Join(help[group], "\n"))
		}
	}
	if n != len(byName) {
		t.Errorf("docs/keys.md lists %d bindings, the key set has %d", n, len(byName))
	}

	m = newLoaded(Config{Sources: sampleSources(t)}, 200, 50)
	help = helpSections(m)
	for _, b := range []key.Binding{m.keyset.Global.Save, m.keyset.Code.NextChange, m.keyset.Code.DiffView} {
		for g, lines := range help {
			if inHelp(lines, b) {
				t.Errorf("%s %s is in the help's %q, in a session that cannot use it", b.Help().Key, b.Help().Desc, g)
			}
		}
	}
}
