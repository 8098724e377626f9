package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"infoscope/sampledata/testkit"
	"infoscope/tui/cli"
)

// helpFlags runs "infoscope ARGS -h" as a user would and returns the flag
// names its help lists: the list the completions and the man page must
// cover, taken from the command's own output rather than from the table.
func helpFlags(t *testing.T, args ...string) []string {
	t.Helper()
	f, err := os.Create(filepath.Join(t.TempDir(), "help"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	stdout, stderr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = f, f
	code := run(append(args, "-h"))
	os.Stdout, os.Stderr = stdout, stderr
	if code != 0 {
		t.Fatalf("%v -h: exit %d", args, code)
	}
	out := testkit.ReadFile(t, f.Name())
	var names []string
	for _, m := range regexp.MustCompile(`(?m)^  -([A-Za-z0-9-]+)`).FindAllStringSubmatch(string(out), -1) {
		names = append(names, m[1])
	}
	if len(names) < 5 {
		t.Fatalf("%v -h lists %d flags:\n%s", args, len(names), out)
	}
	return names
}

// docsCmd runs "completion SHELL" or "man" on the command table.
func docsCmd(name string, args []string, stdout, stderr io.Writer) int {
	if name == "man" {
		return cli.Man(args, commands(), stdout, stderr)
	}
	return cli.Completion(args, commands(), stdout, stderr)
}

// generated runs "infoscope ARGS" and returns its output.
func generated(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := docsCmd(args[0], args[1:], &out, &errb); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errb.String())
	}
	return out.String()
}

// bashComplete sources the bash script and returns the completions bash
// offers for line (the word under the cursor is its last, possibly empty).
func bashComplete(t *testing.T, script, dir, line string) []string {
	t.Helper()
	words := strings.Split(line, " ")
	prog := script + "\nCOMP_WORDS=(" + strings.Join(quoteAll(words), " ") + ")\nCOMP_CWORD=" + strconv.Itoa(len(words)-1) + "\n_infoscope\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
	cmd := exec.Command("bash", "--norc", "--noprofile", "-c", prog)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, out)
	}
	var got []string
	for _, w := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if w != "" {
			got = append(got, w)
		}
	}
	return got
}

func quoteAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = "'" + w + "'"
	}
	return out
}

// Every flag of every command of the table is in each completion script
// and in the man page, where that command's flags are.
func TestCompletionsAndManCoverEveryFlag(t *testing.T) {
	bash := generated(t, "completion", "bash")
	zsh := generated(t, "completion", "zsh")
	fish := generated(t, "completion", "fish")
	man := generated(t, "man")
	if _, err := exec.LookPath("bash"); err != nil {
		t.Fatal("bash is needed to test its completion")
	}
	dir := t.TempDir()
	for _, c := range commands() {
		if c.Flags == nil {
			continue
		}
		cmd := c.Name
		var args []string
		if cmd != "" {
			args = []string{cmd}
		}
		flags := helpFlags(t, args...)
		// bash: what the user gets for "infoscope [CMD] --<tab>".
		line := "infoscope --"
		section := `.SS "infoscope (the inspector)"`
		fishCond := "'not __fish_seen_subcommand_from "
		if cmd != "" {
			line = "infoscope " + cmd + " --"
			section = `.SS "infoscope ` + cmd + `"`
			fishCond = "'__fish_seen_subcommand_from " + cmd + "'"
		}
		offered := bashComplete(t, bash, dir, line)
		_, manPart, ok := strings.Cut(man, section)
		if !ok {
			t.Fatalf("man page has no %s", section)
		}
		if i := strings.Index(manPart, ".SS"); i >= 0 {
			manPart = manPart[:i]
		}
		if i := strings.Index(manPart, ".SH"); i >= 0 {
			manPart = manPart[:i]
		}
		zshPart := zsh
		if cmd != "" {
			_, zshPart, _ = strings.Cut(zsh, "      "+cmd+")\n")
			zshPart, _, _ = strings.Cut(zshPart, "return ;;")
		} else {
			_, zshPart, _ = strings.Cut(zsh, "    esac\n  fi\n")
		}
		for _, f := range flags {
			if !slices.Contains(offered, "--"+f) {
				t.Errorf("bash: %q offers %v, not --%s", line, offered, f)
			}
			if !strings.Contains(zshPart, "'--"+f+"[") && !strings.Contains(zshPart, "'--"+f+"=[") {
				t.Errorf("zsh: %q: no --%s", cmd, f)
			}
			if !regexp.MustCompile(`(?m)^complete -c infoscope -n ` + regexp.QuoteMeta(fishCond) + `.* -l ` + regexp.QuoteMeta(f) + ` `).MatchString(fish) {
				t.Errorf("fish: %q: no -l %s", cmd, f)
			}
			if !strings.Contains(manPart, ".B \\-\\-"+strings.ReplaceAll(f, "-", `\-`)+"\n") &&
				!strings.Contains(manPart, ".B \\-\\-"+strings.ReplaceAll(f, "-", `\-`)+" ") {
				t.Errorf("man: %s: no --%s", section, f)
			}
		}
		// Nothing is offered that the command would refuse.
		for _, o := range offered {
			if !slices.Contains(flags, strings.TrimPrefix(o, "--")) {
				t.Errorf("bash: %q offers %s, which -h does not list", line, o)
			}
		}
	}
}

// The bash script is valid bash and completes commands, flag values and
// the completion command's shells.
func TestBashCompletion(t *testing.T) {
	bash := generated(t, "completion", "bash")
	path := filepath.Join(t.TempDir(), "infoscope.bash")
	if err := os.WriteFile(path, []byte(bash), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("bash", "-n", path).CombinedOutput(); err != nil {
		t.Fatalf("bash -n: %v\n%s", err, out)
	}
	dir := t.TempDir()
	for _, n := range []string{"dump.isa", "k.visaasm", "surf.json"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		line string
		want []string
	}{
		{"infoscope d", []string{"diff", "dump", "dump.isa"}},
		{"infoscope diff --js", []string{"--json"}},
		{"infoscope completion ", []string{"bash", "fish", "zsh"}},
		{"infoscope --lay", []string{"--layout"}},
		{"infoscope dump --js", []string{"--json"}},
		{"infoscope dump --surfaces s", []string{"surf.json"}},
		{"infoscope serve -authorized-keys ", []string{"dump.isa", "k.visaasm", "surf.json"}},
		{"infoscope --mono k", []string{"k.visaasm"}},
		{"infoscope man ", nil},
	} {
		got := bashComplete(t, bash, dir, c.line)
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: %v, want %v", c.line, got, c.want)
		}
	}
}

// zsh and fish check their scripts' syntax where they are installed (they
// are not installed for the tests).
func TestZshFishSyntax(t *testing.T) {
	for _, sh := range []string{"zsh", "fish"} {
		t.Run(sh, func(t *testing.T) {
			if _, err := exec.LookPath(sh); err != nil {
				t.Skipf("%s is not installed", sh)
			}
			path := filepath.Join(t.TempDir(), "infoscope."+sh)
			if err := os.WriteFile(path, []byte(generated(t, "completion", sh)), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(sh, "-n", path).CombinedOutput(); err != nil {
				t.Fatalf("%s -n: %v\n%s", sh, err, out)
			}
		})
	}
}

// The man page renders without warnings where man is installed; its roff
// structure is checked everywhere.
func TestManPage(t *testing.T) {
	page := generated(t, "man")
	lines := strings.Split(strings.TrimSuffix(page, "\n"), "\n")
	var th, sections []string
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, `.\"`):
		case strings.HasPrefix(l, ".TH "):
			th = append(th, l)
		case strings.HasPrefix(l, ".SH "):
			sections = append(sections, strings.TrimPrefix(l, ".SH "))
		case l == ".TP":
			if i+2 >= len(lines) || !(strings.HasPrefix(lines[i+1], ".B ") || strings.HasPrefix(lines[i+1], ".IB ")) || strings.HasPrefix(lines[i+2], ".") {
				t.Errorf("line %d: .TP not followed by a tag and its text", i+1)
			}
		case strings.HasPrefix(l, "."):
			if !slices.Contains([]string{".B", ".BR", ".IB", ".SS", ".br"}, strings.Fields(l)[0]) {
				t.Errorf("line %d: unexpected request %q", i+1, l)
			}
		case strings.HasPrefix(l, "'"):
			t.Errorf("line %d: starts with a control character: %q", i+1, l)
		}
	}
	if len(th) != 1 || !strings.HasPrefix(page, `.\"`) || !strings.HasPrefix(th[0], ".TH INFOSCOPE 1 ") {
		t.Errorf(".TH: %q", th)
	}
	if want := []string{"NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS", "SEE ALSO"}; !slices.Equal(sections, want) {
		t.Errorf("sections %q, want %q", sections, want)
	}
	if _, err := exec.LookPath("man"); err != nil {
		t.Skip("man is not installed: structure checked only")
	}
	path := filepath.Join(t.TempDir(), "infoscope.1")
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("man", "--warnings", "-P", "cat", "-l", path)
	cmd.Env = append(os.Environ(), "MANWIDTH=80", "LANG=C.UTF-8")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil || errb.Len() > 0 {
		t.Fatalf("man -l: %v\n%s", err, errb.String())
	}
	for _, want := range []string{"INFOSCOPE(1)", "infoscope dump [flags] FILE...", "--max-input SIZE", "--idle-timeout duration", "(default: 127.0.0.1:2222)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("rendered page lacks %q", want)
		}
	}
}

// Bad arguments are refused with the usage.
func TestDocsCmdUsage(t *testing.T) {
	for _, args := range [][]string{{"completion"}, {"completion", "tcsh"}, {"completion", "bash", "zsh"}, {"man", "x"}} {
		var out, errb bytes.Buffer
		if code := docsCmd(args[0], args[1:], &out, &errb); code != 2 || out.Len() > 0 || !strings.Contains(errb.String(), "infoscope") {
			t.Errorf("%v: exit %d, out %q, err %q", args, code, out.String(), errb.String())
		}
	}
	if !strings.Contains(func() string {
		var errb bytes.Buffer
		docsCmd("completion", []string{"tcsh"}, &bytes.Buffer{}, &errb)
		return errb.String()
	}(), "bash, zsh, fish") {
		t.Error("an unknown shell is not told the ones that exist")
	}
}

// Every command of the table is run by its word and is in the usage (one
// that takes flags with how to list them), the completions and the man
// page; run dispatches through the table alone, so
// a command cannot be runnable and missing from them.
func TestCommandsCoverRun(t *testing.T) {
	cmds := commands()
	if cmds[0].Name != "" || cmds[0].Flags == nil {
		t.Fatalf("the table starts with %q, not the inspector", cmds[0].Name)
	}
	bash, man := generated(t, "completion", "bash"), generated(t, "man")
	var usage bytes.Buffer
	cli.WriteUsage(&usage, cmds)
	seen := map[string]bool{}
	for i, c := range cmds[1:] {
		for _, w := range append([]string{c.Name}, c.Aliases...) {
			if seen[w] {
				t.Errorf("the word %q selects two commands", w)
			}
			seen[w] = true
			if got := cli.Find(cmds, w); got != &cmds[i+1] {
				t.Errorf("%q does not select its command", w)
			}
		}
		if c.Run == nil || c.Summary == "" {
			t.Errorf("%q: no Run or no Summary", c.Name)
		}
		if !strings.Contains(bash, "\n        "+c.Name+")\n") {
			t.Errorf("the bash completion lacks %q", c.Name)
		}
		if !strings.Contains(man, ".TP\n.B "+strings.ReplaceAll(c.Name, "-", `\-`)+"\n") {
			t.Errorf("the man page lacks %q", c.Name)
		}
		if c.Brief != "" && !strings.Contains(usage.String(), "  infoscope "+c.Name+" ") ||
			!regexp.MustCompile(`infoscope `+c.Name+`\b`).MatchString(usage.String()) {
			t.Errorf("the usage lacks %q", c.Name)
		}
		if c.Flags != nil && !strings.Contains(usage.String(), `"infoscope `+c.Name+` -h"`) {
			t.Errorf("the usage does not say how to list the flags of %q", c.Name)
		}
	}
}

// The usage lists the commands with a Brief, no line past 100 columns (the
// inspector's is 99): a long synopsis puts its brief on the next line.
func TestUsage(t *testing.T) {
	var b bytes.Buffer
	cli.WriteUsage(&b, commands())
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		if len(l) > 100 {
			t.Errorf("line %d: %d columns: %q", i+1, len(l), l)
		}
	}
	for _, want := range []string{
		"usage:\n  infoscope [flags] [FILE...]      open the inspector (no FILE: the embedded samples; - reads stdin)\n",
		"\n  infoscope serve [flags] --authorized-keys FILE FILE...\n                                   serve the inspector over SSH (public-key auth)\n",
		"\n  infoscope version                print the version\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, b.String())
		}
	}
}
