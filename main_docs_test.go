package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"infoscope/model/index"
	"infoscope/sampledata/testkit"
	"infoscope/tui/cli"
)

// docFiles are the pages whose command blocks are checked: README.md and
// the user documentation it links to.
var docFiles = []string{"README.md", "docs/usage.md", "docs/serve.md"}

// fence is one fenced block of a Markdown page.
type fence struct {
	file, lang string
	line       int // of the opening fence
	body       []string
}

func fences(t *testing.T, file string) []fence {
	t.Helper()
	data := testkit.ReadFile(t, file)
	var out []fence
	var cur *fence
	for i, l := range strings.Split(string(data), "\n") {
		switch {
		case cur == nil && strings.HasPrefix(l, "```"):
			cur = &fence{file: file, lang: strings.TrimPrefix(l, "```"), line: i + 1}
		case cur != nil && l == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.body = append(cur.body, l)
		}
	}
	if cur != nil {
		t.Fatalf("%s:%d: fence never closed", file, cur.line)
	}
	return out
}

// words splits a shell line into words (single and double quotes; no
// expansions), stopping at the first pipe, redirection, ; or comment: the
// infoscope command at its start.
func words(line string) []string {
	var out []string
	var w strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			w.WriteByte(c)
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				out = append(out, w.String())
				w.Reset()
				in = false
			}
		case c == '|' || c == '>' || c == ';' || c == '#' || c == '<' || c == '&':
			if in && c == '>' && w.String() == "2" { // 2>/dev/null
				w.Reset()
				in = false
			}
			if in {
				out = append(out, w.String())
			}
			return out
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, w.String())
	}
	return out
}

// checkInvocation parses an infoscope command line (without the word
// infoscope) with the FlagSet its command really registers, and checks that
// every FILE it names is shipped in the repository.
func checkInvocation(t *testing.T, where string, args []string) {
	t.Helper()
	cmds := commands()
	c := &cmds[0] // the inspector
	if len(args) > 0 {
		if w := cli.Find(cmds, args[0]); w != nil {
			c, args = w, args[1:]
		}
	}
	if c.Flags == nil {
		return // completion, man, help, version: no flags
	}
	cmd, fs := c.Name, c.Flags()
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		t.Errorf("%s: infoscope %s %s: %v", where, cmd, strings.Join(args, " "), err)
		return
	}
	for _, f := range fs.Args() {
		if f == "-" {
			continue
		}
		if _, err := os.Stat(f); err != nil {
			t.Errorf("%s: infoscope %s names %s, which the repository does not ship", where, cmd, f)
		}
	}
}

// matches reports whether got is what a page shows: its lines exactly, but
// that a line "..." stands for any number of lines and "..." inside a line
// for any text.
func matches(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for k := 0; k <= len(got); k++ {
			if matches(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && lineMatches(want[0], got[0]) && matches(want[1:], got[1:])
}

func lineMatches(want, got string) bool {
	parts := strings.Split(want, "...")
	if len(parts) == 1 {
		return want == got
	}
	if !strings.HasPrefix(got, parts[0]) {
		return false
	}
	got = got[len(parts[0]):]
	for _, p := range parts[1 : len(parts)-1] {
		k := strings.Index(got, p)
		if k < 0 {
			return false
		}
		got = got[k+len(p):]
	}
	return strings.HasSuffix(got, parts[len(parts)-1])
}

// TestDocCommands keeps the command blocks of README.md and the pages it
// links to true, on files the repository ships:
//   - a ```console block is run: each "$ " line by sh in the repository's
//     root, with the infoscope built from this tree first on PATH, stdout
//     and stderr together; what follows it up to the next "$ " line is
//     what it must print (see matches);
//   - a ```sh block is checked: each line that runs infoscope parses with
//     that command's own flags, and every FILE it names exists here (the
//     inspector and the server cannot run in a test).
//
// Blocks about the user's own files (IGC's dump recipe, synopses) are plain
// ``` blocks and not checked.
func TestDocCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds infoscope and runs the pages' commands")
	}
	var console []fence
	for _, file := range docFiles {
		for _, f := range fences(t, file) {
			switch f.lang {
			case "sh":
				for i, l := range f.body {
					w := words(strings.TrimSpace(l))
					if len(w) > 0 && w[0] == "infoscope" {
						checkInvocation(t, f.file+":"+strconv.Itoa(f.line+1+i), w[1:])
					}
				}
			case "console":
				console = append(console, f)
			}
		}
	}
	if len(console) < 4 {
		t.Fatalf("only %d console blocks in %v", len(console), docFiles)
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "infoscope"), ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ran := 0
	for _, f := range console {
		for i := 0; i < len(f.body); i++ {
			l := f.body[i]
			if !strings.HasPrefix(l, "$ ") {
				t.Errorf("%s:%d: console block line not after a command: %q", f.file, f.line+1+i, l)
				continue
			}
			cmdLine, at := l[2:], f.line+1+i
			w := words(cmdLine)
			if len(w) == 0 || w[0] != "infoscope" {
				t.Errorf("%s:%d: a console block runs infoscope, not %q", f.file, at, cmdLine)
			}
			checkInvocation(t, f.file+":"+strconv.Itoa(at), w[1:])
			var want []string
			for i+1 < len(f.body) && !strings.HasPrefix(f.body[i+1], "$ ") {
				i++
				want = append(want, f.body[i])
			}
			if strings.Contains(cmdLine, "jq ") {
				if _, err := exec.LookPath("jq"); err != nil {
					t.Logf("%s:%d: jq is not installed: not run", f.file, at)
					continue
				}
			}
			sh := exec.Command("sh", "-c", "exec 2>&1; "+cmdLine)
			sh.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_COLOR=1")
			out, _ := sh.Output()
			got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
			if len(out) == 0 {
				got = nil
			}
			if !matches(want, got) {
				t.Errorf("%s:%d: %s\nthe page shows:\n%s\nit prints:\n%s", f.file, at, cmdLine, strings.Join(want, "\n"), out)
			}
			ran++
		}
	}
	t.Logf("%d commands run", ran)
}

// The README's screen is the list golden the tui tests render, so it
// changes when the inspector does.
func TestReadmeScreen(t *testing.T) {
	golden := testkit.ReadFile(t, "tui/testdata/TestGoldenViews/list_80x24.golden")
	var want []string
	for _, l := range strings.Split(strings.TrimRight(string(golden), "\n"), "\n") {
		want = append(want, strings.TrimRight(l, " "))
	}
	for _, f := range fences(t, "README.md") {
		if f.lang == "" && len(f.body) > 0 && strings.HasPrefix(f.body[0], "▸1 INFO list") {
			if strings.Join(f.body, "\n") != strings.Join(want, "\n") {
				t.Errorf("README.md:%d: the screen is not tui/testdata/TestGoldenViews/list_80x24.golden (its trailing spaces cut): paste it again", f.line)
			}
			return
		}
	}
	t.Error("README.md shows no screen of the list")
}

// docs/usage.md quotes the filter language's help as the inspector shows it.
func TestUsageQuotesFilterHelp(t *testing.T) {
	data := testkit.ReadFile(t, "docs/usage.md")
	if !bytes.Contains(data, []byte("```\n"+index.FilterHelp+"\n```")) {
		t.Error("docs/usage.md does not quote index.FilterHelp as it is")
	}
}

// README.md is an entry page.
func TestReadmeSize(t *testing.T) {
	fi, err := os.Stat("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() > 20<<10 {
		t.Errorf("README.md is %d bytes; at most 20 KB: the rest belongs in docs/", fi.Size())
	}
}
