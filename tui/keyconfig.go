package tui

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"

	"infoscope/tui/panels"
)

// Keys is every key map of the inspector: the root's, the list's, the
// overlays', the bookmarks', the quit question's and each panel's. A
// session takes its bindings from one (Config.Keys); the help overlay,
// docs/keys.md and "infoscope keys" list the ones in effect.
type Keys struct {
	Global  KeyMap
	List    ListKeyMap
	Help    OverlayKeyMap
	Marks   MarkKeyMap
	Quit    QuitKeyMap
	Bits    panels.BitsKeyMap
	Lanes   panels.LanesKeyMap
	Output  panels.OutputKeyMap
	Code    panels.CodeKeyMap
	Kernels KernelKeyMap
	changed map[string]bool // bindings the configuration remapped
}

// DefaultKeys returns a fresh copy of every default binding.
func DefaultKeys() Keys {
	return Keys{Global: DefaultKeyMap(), List: DefaultListKeyMap(), Help: DefaultOverlayKeyMap(),
		Marks: DefaultMarkKeyMap(), Quit: DefaultQuitKeyMap(), Bits: panels.DefaultBitsKeyMap(),
		Lanes: panels.DefaultLanesKeyMap(), Output: panels.DefaultOutputKeyMap(), Code: panels.DefaultCodeKeyMap(),
		Kernels: DefaultKernelKeyMap()}
}

// keyGroup is a key map as the configuration file names it, with the
// title the help gives it.
type keyGroup struct {
	name, title string
	km          any // pointer to the key map struct
}

// keyGroups returns the key maps of k in the order the help lists them.
func (k *Keys) keyGroups() []keyGroup {
	return []keyGroup{
		{"global", "global (any pane)", &k.Global},
		{"list", "1 INFO list", &k.List},
		{"bits", "2 Bits panel", &k.Bits},
		{"lanes", "3 Lanes panel", &k.Lanes},
		{"output", "4 Output panel", &k.Output},
		{"code", "5 Code pane", &k.Code},
		{"kernels", "kernel list (K)", &k.Kernels},
		{"marks", "bookmarks", &k.Marks},
		{"help", "help and errors overlays", &k.Help},
		{"quit", "the unsaved-edits question", &k.Quit},
	}
}

// KeyBinding is one binding as the configuration names it.
type KeyBinding struct {
	Name    string // group.binding, e.g. list.down
	Group   string // the group's title, e.g. "1 INFO list"
	Binding *key.Binding
}

// Bindings returns every binding of k, by group then field order.
func (k *Keys) Bindings() []KeyBinding {
	var out []KeyBinding
	var walk func(name, title string, v reflect.Value)
	walk = func(name, title string, v reflect.Value) {
		for i := range v.NumField() {
			f, sf := v.Field(i), v.Type().Field(i)
			if b, ok := f.Addr().Interface().(*key.Binding); ok {
				out = append(out, KeyBinding{name + "." + strings.ToLower(sf.Name), title, b})
			} else if sf.Anonymous { // a shared piece (panels.PromptKeyMap): its fields are the map's
				walk(name, title, f)
			}
		}
	}
	for _, g := range k.keyGroups() {
		walk(g.name, g.title, reflect.ValueOf(g.km).Elem())
	}
	return out
}

// fixedBindings cannot be remapped: their keys are a set the code reads
// (the data-flow letters) or changes as the overlay's state does.
var fixedBindings = map[string]string{
	"code.flow":  "the data-flow entries take the letters shown beside them",
	"help.close": "q, esc and enter close the overlays (? and E toggle their own)",
}

// keyNameRE is a key as the terminal reports it: a character, or a named
// key, with ctrl+, alt+ and shift+ in front.
var keyNameRE = regexp.MustCompile(`^((ctrl|alt|shift)\+)*(up|down|left|right|pgup|pgdown|home|end|enter|esc|tab|space|backspace|delete|insert|f[1-9]|f1[0-2]|[^\s+]|\+)$`)

// validKey reports whether s names a key the terminal can send.
func validKey(s string) bool {
	if !keyNameRE.MatchString(s) {
		return false
	}
	last := s[strings.LastIndex(s[:len(s)-1], "+")+1:]
	return len(last) > 1 || utf8.RuneCountInString(last) == 1
}

// remap gives the binding named name the keys ks, refusing what would not
// work: an unknown name, a fixed binding, a key the terminal cannot send,
// a key another binding of the same pane (or the global ones) holds.
func (k *Keys) remap(name string, ks []string) error {
	if why, ok := fixedBindings[name]; ok {
		return fmt.Errorf("%s cannot be remapped: %s", name, why)
	}
	all := k.Bindings()
	i := slices.IndexFunc(all, func(b KeyBinding) bool { return b.Name == name })
	if i < 0 {
		group, _, _ := strings.Cut(name, ".")
		var names []string
		for _, b := range all {
			if strings.HasPrefix(b.Name, group+".") {
				names = append(names, strings.TrimPrefix(b.Name, group+"."))
			}
		}
		if len(names) == 0 {
			return fmt.Errorf("no key group %q (global, list, bits, lanes, output, code, kernels, marks, help, quit)", group)
		}
		return fmt.Errorf("no binding %q (%s has %s)", name, group, strings.Join(names, ", "))
	}
	if len(ks) == 0 {
		return fmt.Errorf("%s: no key given", name)
	}
	for _, s := range ks {
		if !validKey(s) {
			return fmt.Errorf("%s: %q is not a key (a character, or ctrl+x, alt+x, up, pgdown, f1, ... as in docs/keys.md)", name, s)
		}
		if other := k.holder(name, s); other != "" {
			return fmt.Errorf("%s: %s is %s's key already", name, s, other)
		}
	}
	b := all[i].Binding
	desc, enabled := b.Help().Desc, b.Enabled()
	*b = panels.NewBinding(desc, ks...)
	b.SetEnabled(enabled) // the Code pane's prompt keys start off
	def := DefaultKeys()
	for _, d := range def.Bindings() {
		if d.Name == name && !slices.Equal(d.Binding.Keys(), ks) {
			if k.changed == nil {
				k.changed = map[string]bool{}
			}
			k.changed[name] = true
		}
	}
	return nil
}

// modal bindings work only while text is typed, a question is asked or
// an overlay is open: their keys do not clash with the panes' others.
func modal(name string) bool {
	g, b, _ := strings.Cut(name, ".")
	switch {
	case b == "apply" || b == "cancel" || b == "clear":
		return true
	case g == "help" || g == "quit" || g == "kernels":
		return true
	case g == "marks":
		return b != "mark" && b != "list"
	}
	return false
}

// holder names the binding other than name that holds key s where both
// work at once (the same pane, or a pane and the global keys, which come
// first), or "".
func (k *Keys) holder(name, s string) string {
	if modal(name) {
		return ""
	}
	group, _, _ := strings.Cut(name, ".")
	shared := func(g string) bool { return g == "global" || g == "marks" }
	for _, b := range k.Bindings() {
		g, _, _ := strings.Cut(b.Name, ".")
		if b.Name == name || modal(b.Name) {
			continue
		}
		if g != group && !shared(g) && !(shared(group) && g == "list") {
			continue
		}
		if slices.Contains(b.Binding.Keys(), s) {
			return b.Name
		}
	}
	return ""
}

// Settings is what a configuration file sets: the keys, the theme and the
// inspector's default flags (given before the command line's, which win).
type Settings struct {
	Keys  Keys
	Theme string   // "", "auto", "dark", "light" or "mono"
	Flags []string // default flags of the inspector
	// FlagsLine is the file:line of the flags entry, for an error about
	// a flag that only parsing them finds.
	FlagsLine string
}

// ConfigFileName is the configuration file's name in the user's
// configuration directory ($XDG_CONFIG_HOME/infoscope/, else
// ~/.config/infoscope/).
const ConfigFileName = "config"

// ParseConfig reads a configuration file: one setting a line; a line
// starting with # is a comment.
//
//	theme = light                  auto, dark, light or mono
//	flags = --no-mouse --rules hw  the inspector's default flags
//	key list.down = j, down        a binding's keys (see docs/keys.md)
//
// An entry that is refused is named by file:line with the reason, and its
// default is kept; the others apply.
func ParseConfig(path string, data []byte) (Settings, []error) {
	s := Settings{Keys: DefaultKeys()}
	var errs []error
	bad := func(line int, format string, a ...any) {
		errs = append(errs, fmt.Errorf("%s:%d: %s", path, line, fmt.Sprintf(format, a...)))
	}
	if !utf8.Valid(data) {
		return s, []error{fmt.Errorf("%s: not UTF-8 text", path)}
	}
	seen := map[string]int{}
	for i, raw := range strings.Split(string(data), "\n") {
		n := i + 1
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue // a comment is a whole line (# may be a key)
		}
		lhs, rhs, ok := strings.Cut(line, "=")
		if !ok {
			bad(n, "want NAME = VALUE (theme, flags or key GROUP.BINDING), found %s", strconv.Quote(clip(line)))
			continue
		}
		lhs, rhs = strings.Join(strings.Fields(lhs), " "), strings.TrimSpace(rhs)
		if prev, dup := seen[lhs]; dup {
			bad(n, "%s is set again (line %d set it): the first is kept", lhs, prev)
			continue
		}
		switch {
		case lhs == "theme":
			switch rhs {
			case "auto", "dark", "light", "mono":
				s.Theme = rhs
			default:
				bad(n, "theme: want auto, dark, light or mono, found %s", strconv.Quote(clip(rhs)))
				continue
			}
		case lhs == "flags":
			s.Flags, s.FlagsLine = strings.Fields(rhs), fmt.Sprintf("%s:%d", path, n)
		case strings.HasPrefix(lhs, "key "):
			name := strings.TrimPrefix(lhs, "key ")
			var ks []string
			for _, k := range strings.Split(rhs, ",") {
				if k = strings.TrimSpace(k); k != "" {
					ks = append(ks, k)
				}
			}
			if err := s.Keys.remap(name, ks); err != nil {
				bad(n, "%v", err)
				continue
			}
		default:
			bad(n, "unknown setting %s (theme, flags or key GROUP.BINDING)", strconv.Quote(clip(lhs)))
			continue
		}
		seen[lhs] = n
	}
	return s, errs
}

// clip shortens what a message quotes from the file.
func clip(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		return string([]rune(s)[:40]) + "…"
	}
	return s
}

// DefaultConfig is the configuration file that sets every default: what
// "infoscope config" prints, to copy and edit.
func DefaultConfig() string {
	var b strings.Builder
	b.WriteString(`# infoscope configuration: $XDG_CONFIG_HOME/infoscope/config (else
# ~/.config/infoscope/config). One setting a line; a line starting with #
# is a comment. An entry that is refused is named by file:line at start
# (E lists it) and its default kept.
#
# theme: auto (ask the terminal), dark, light or mono (no colour).
theme = auto
# flags: the inspector's default flags; the command line's win.
# Example: flags = --no-mouse --rules hw
flags =
#
# key GROUP.BINDING = KEY, KEY...: a binding's keys. A key is a character
# or a name: up down left right pgup pgdown home end enter esc tab space
# backspace delete f1-f12, with ctrl+, alt+ or shift+ in front. Every
# binding follows with its default keys (docs/keys.md says what each does).
`)
	k := DefaultKeys()
	group := ""
	for _, kb := range k.Bindings() {
		if _, fixed := fixedBindings[kb.Name]; fixed {
			continue
		}
		if g, _, _ := strings.Cut(kb.Name, "."); g != group {
			group = g
			fmt.Fprintf(&b, "\n# %s\n", kb.Group)
		}
		fmt.Fprintf(&b, "key %s = %s\n", kb.Name, strings.Join(kb.Binding.Keys(), ", "))
	}
	return b.String()
}

// KeysMarkdown lists every binding of k as docs/keys.md has it: a table
// per pane, with the name a configuration file gives it.
func KeysMarkdown(k Keys) string {
	var b strings.Builder
	b.WriteString("# Keys\n\n" +
		"Generated from the inspector's key maps by `infoscope keys` (with no\n" +
		"configuration file); `go test .` fails when this file is stale. With a\n" +
		"configuration file, `infoscope keys` prints the keys in effect, and the help\n" +
		"(`?`) shows them. Remap any binding in `$XDG_CONFIG_HOME/infoscope/config`\n" +
		"(else `~/.config/infoscope/config`) with a line such as\n" +
		"`key list.down = j, down`; `infoscope config` prints the file that sets every\n" +
		"default. Some keys depend on the mode: a prompt's enter and esc work only\n" +
		"while typing, the help's keys only while it is open.\n")
	group := ""
	for _, kb := range k.Bindings() {
		if g, _, _ := strings.Cut(kb.Name, "."); g != group {
			group = g
			fmt.Fprintf(&b, "\n## %s\n\n| name | keys | does |\n|---|---|---|\n", kb.Group)
		}
		var ks []string
		for _, s := range kb.Binding.Keys() {
			ks = append(ks, "`"+strings.ReplaceAll(s, "|", `\|`)+"`")
		}
		name := "`" + kb.Name + "`"
		if _, fixed := fixedBindings[kb.Name]; fixed {
			name += " (fixed)"
		}
		if k.changed[kb.Name] {
			name += " (configured)"
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", name, strings.Join(ks, " "), strings.ReplaceAll(kb.Binding.Help().Desc, "|", `\|`))
	}
	return b.String()
}
