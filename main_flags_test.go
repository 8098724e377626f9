package main

import (
	"strings"
	"testing"
)

// decodeFlagNames are the flags cli.Decode registers.
var decodeFlagNames = []string{"layout", "offset", "hex", "visaasm-text", "visa-version", "max-input"}

// TestDecodeFlagsEveryCommand: the inspector, dump and serve all take the
// decode flags, registered once (the same help text in each), and their
// completions and man page list them.
func TestDecodeFlagsEveryCommand(t *testing.T) {
	cmds := commands()
	usage := map[string]string{}
	n := 0
	for _, c := range cmds {
		if c.Flags == nil {
			continue
		}
		n++
		fs := c.Flags()
		for _, name := range decodeFlagNames {
			f := fs.Lookup(name)
			if f == nil {
				t.Errorf("command %q has no --%s", c.Name, name)
				continue
			}
			if u, ok := usage[name]; ok && u != f.Usage+" default "+f.DefValue {
				t.Errorf("command %q: --%s reads %q, another command %q", c.Name, name, f.Usage, u)
			}
			usage[name] = f.Usage + " default " + f.DefValue
		}
	}
	if n != 4 {
		t.Fatalf("%d commands with flags, want the inspector, dump, diff and serve", n)
	}
	bash, man := generated(t, "completion", "bash"), generated(t, "man")
	for _, name := range decodeFlagNames {
		roff := `.B \-\-` + strings.ReplaceAll(name, "-", `\-`)
		if strings.Count(bash, "--"+name) < 4 || strings.Count(man, roff) < 4 {
			t.Errorf("--%s: %d times in the bash completion, %d in the man page, want 4 each", name, strings.Count(bash, "--"+name), strings.Count(man, roff))
		}
	}
}
