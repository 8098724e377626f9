// Command infoscope inspects the INFO instructions (RESINFO / SAMPLEINFO,
// opcode 0x70) of Intel vISA kernel binaries: an interactive terminal
// inspector, a headless dump for scripts, and an SSH server mode.
//
//	infoscope [flags] [FILE...]        inspector (no FILE: the embedded samples)
//	infoscope dump [flags] FILE...     one line or JSON object per INFO
//	infoscope serve [flags] FILE...    serve the inspector over SSH
//
// This file is the command table and wires each command to the package
// that implements it.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"

	"infoscope/decoder"
	"infoscope/tui"
	"infoscope/tui/cli"
	"infoscope/tui/diffcmd"
	"infoscope/tui/dump"
	"infoscope/tui/fsio"
	"infoscope/tui/inspectcmd"
	"infoscope/tui/serve"
)

func main() { os.Exit(run(os.Args[1:])) }

// run runs the command args select: the word of one in the table, else
// the inspector.
func run(args []string) int {
	cmds := commands()
	if len(args) > 0 {
		if c := cli.Find(cmds, args[0]); c != nil {
			return c.Run(args[1:])
		}
	}
	return cmds[0].Run(args)
}

// commands is infoscope's command table: the inspector first (it runs
// when no word selects another), then the words. The usage, the shell
// completions and the man page are written from it.
func commands() []cli.Command {
	stdio := func(f func(stdout, stderr io.Writer) int) func([]string) int {
		return func([]string) int { return f(os.Stdout, os.Stderr) }
	}
	return []cli.Command{
		{Name: "", Args: "[FILE...]", Brief: "open the inspector (no FILE: the embedded samples; - reads stdin)",
			Summary: "open the inspector on the vISA files (no FILE: the embedded samples; - reads stdin)",
			Flags:   inspectcmd.Flags, Run: func(args []string) int { return inspect(args) }},
		{Name: "dump", Args: "FILE...", Brief: "headless: one line (or --json object) per INFO instruction",
			Summary: "headless: one line (or --json object) per INFO instruction", Flags: dump.Flags, Run: dumpCmd},
		{Name: "diff", Args: "A B", Brief: "what changed between two builds (files or dump folders)",
			Summary: "what changed between two builds (files or dump folders); exit 0 same, 1 differ, 2 error", Flags: diffcmd.Flags,
			Run: func(args []string) int { return diffcmd.Run(args, diffEnv()) }},
		{Name: "serve", Args: serve.Args, Brief: "serve the inspector over SSH (public-key auth)",
			Summary: "serve the inspector over SSH (public-key authentication)",
			Flags:   serve.Flags, Run: func(args []string) int { return serve.Command(args, os.Stdout, os.Stderr) }},
		{Name: "completion", Args: strings.Join(cli.Shells(), "|"), Summary: "print the shell completion script for bash, zsh or fish", ArgWords: strings.Join(cli.Shells(), " "),
			Run: func(args []string) int { return cli.Completion(args, commands(), os.Stdout, os.Stderr) }},
		{Name: "man", Summary: "print the manual page (roff)", Run: func(args []string) int { return cli.Man(args, commands(), os.Stdout, os.Stderr) }},
		{Name: "config", Brief: "print the configuration file that sets every default",
			Summary: "print the configuration file that sets every default (keys, theme, default flags), to save as $XDG_CONFIG_HOME/infoscope/config and edit",
			Run:     stdio(func(stdout, _ io.Writer) int { fmt.Fprint(stdout, tui.DefaultConfig()); return 0 })},
		{Name: "keys", Brief: "print the key bindings in effect",
			Summary: "print every key binding in effect (the configuration file's), as docs/keys.md lists the defaults", Run: stdio(inspectcmd.Keys)},
		{Name: "help", Summary: "print the usage", Run: stdio(func(stdout, _ io.Writer) int { cli.WriteUsage(stdout, commands()); return 0 })},
		{Name: "version", Aliases: []string{"--version", "-version"}, Brief: "print the version", Summary: "print the version",
			Run: stdio(func(stdout, _ io.Writer) int { fmt.Fprintln(stdout, cli.VersionLine()); return 0 })},
	}
}

// inspect runs the inspector; progOpts are added to the program's (tests
// give it a pipe for keys instead of the terminal).
func inspect(args []string, progOpts ...tea.ProgramOption) int {
	return inspectcmd.Run(args, inspectcmd.Env{Usage: func(w io.Writer) { cli.WriteUsage(w, commands()) }, ProgramOptions: progOpts})
}

// dumpCmd runs dump on the command line's files.
func dumpCmd(args []string) int {
	return dump.Run(args, dump.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Open: func(name string) ([]byte, error) { return fsio.ReadFile(name, decoder.Options{}) }, Read: fsio.ReadFile,
		Folder: fsio.FolderFiles,
		Exists: fsio.RegularFile})
}

// diffEnv is the diff command's world: files and dump folders read as
// dump reads them, the inspector when stdout is a terminal.
func diffEnv() diffcmd.Env {
	visaFolder := func(name string) ([]string, string, error) {
		files, note, err := fsio.FolderFiles(name)
		if files != nil {
			files, note, _ = fsio.VISAOnly(files, note)
		}
		return files, note, err
	}
	terminal := term.IsTerminal(os.Stdout.Fd()) && term.IsTerminal(os.Stdin.Fd())
	return diffcmd.Env{Stdout: os.Stdout, Stderr: os.Stderr, Read: fsio.ReadFile, Folder: visaFolder, Exists: fsio.RegularFile,
		Terminal: terminal,
		Inspect:  inspectDiff}
}

// inspectDiff opens the inspector on build B of a comparison, showing it
// (diff's Env.Inspect): ExitSame when it ran, ExitError when it could not.
func inspectDiff(r *diffcmd.Result) int {
	d := &tui.Diff{A: r.A.Name, B: r.B.Name, Kernels: r.Kernels, OnlyA: r.Pairing.OnlyA, OnlyB: r.Pairing.OnlyB}
	env := inspectcmd.Env{Usage: func(w io.Writer) { cli.WriteUsage(w, commands()) }, Diff: d}
	if inspectcmd.Run(r.InspectArgs, env) != 0 {
		return diffcmd.ExitError
	}
	return diffcmd.ExitSame
}
