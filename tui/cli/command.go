package cli

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Command is one way to run infoscope: the word that selects it, its flags
// and what it does. The usage, the shell completions and the man page are
// written from a table of them, so a command or a flag added to the table
// appears in all of them.
type Command struct {
	Name     string   // "" for the inspector itself (no word)
	Aliases  []string // other words that select it, offered nowhere
	Args     string   // the synopsis after the command and its flags
	Brief    string   // its line in the usage; "" leaves it out of the list
	Summary  string   // its line in the completions and the man page
	ArgWords string   // fixed words its first argument takes (completion's shells)
	// Flags returns a new FlagSet with the command's flags registered and
	// nothing parsed or run; nil when the command takes none.
	Flags func() *flag.FlagSet
	// Run runs the command with the arguments after its word and returns
	// the exit status.
	Run func(args []string) int
}

// Find returns the command that word selects, or nil.
func Find(cmds []Command, word string) *Command {
	for i, c := range cmds {
		if c.Name != "" && (c.Name == word || slices.Contains(c.Aliases, word)) {
			return &cmds[i]
		}
	}
	return nil
}

// usageColumn is where a usage line's brief starts; a synopsis that
// reaches it puts its brief on the next line, so the list stays narrow.
const usageColumn = 35

// WriteUsage writes infoscope's usage: a line per command that has a
// Brief, in the table's order, then how to learn more.
func WriteUsage(w io.Writer, cmds []Command) {
	fmt.Fprintln(w, "usage:")
	for _, c := range cmds {
		if c.Brief == "" {
			continue
		}
		line := "  " + Synopsis(c)
		if len(line) > usageColumn-2 {
			fmt.Fprintln(w, line)
			line = ""
		}
		fmt.Fprintf(w, "%-*s%s\n", usageColumn, line, c.Brief)
	}
	// Every command that takes flags is named, from the table.
	var helps []string
	for _, c := range cmds {
		if c.Name != "" && c.Flags != nil {
			helps = append(helps, `"infoscope `+c.Name+` -h"`)
		}
	}
	if n := len(helps); n > 1 {
		helps = append(helps[:n-2], helps[n-2]+" or "+helps[n-1])
	}
	fmt.Fprint(w, `A FILE that is a directory opens the vISA files in it.
run `+strings.Join(helps, ", ")+` for their flags;
"infoscope completion `+strings.Join(Shells(), "|")+`" and "infoscope man" print the shell
completions and the manual page; "infoscope help" prints this text.
`)
}

// Synopsis is how c is run: "infoscope NAME [flags] ARGS".
func Synopsis(c Command) string {
	s := "infoscope"
	if c.Name != "" {
		s += " " + c.Name
	}
	if c.Flags != nil {
		s += " [flags]"
	}
	if c.Args != "" {
		s += " " + c.Args
	}
	return s
}

// WantsHelp reports whether args ask for -h or --help before any "--":
// the help then goes to stdout, as the user asked for it (after a flag
// error it goes to stderr).
func WantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "-h", "-help", "--help":
			return true
		case "--":
			return false
		}
	}
	return false
}

// SetHelp points fs's messages and help at stdout when args ask for help
// (WantsHelp), else at stderr (help after a flag error), and makes its
// help usage's lines followed by the flags' defaults. It returns the
// writer chosen.
func SetHelp(fs *flag.FlagSet, args []string, stdout, stderr io.Writer, usage func(io.Writer)) io.Writer {
	out := stderr
	if WantsHelp(args) {
		out = stdout
	}
	fs.SetOutput(out)
	fs.Usage = func() {
		usage(out)
		fs.PrintDefaults()
	}
	return out
}

// Completion runs "completion SHELL": the shell's completion script for
// cmds on stdout.
func Completion(args []string, cmds []Command, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintf(stderr, "usage: infoscope completion %s\n", strings.Join(Shells(), "|"))
		return 2
	}
	switch args[0] {
	case "bash":
		WriteBash(stdout, cmds)
	case "zsh":
		WriteZsh(stdout, cmds)
	case "fish":
		WriteFish(stdout, cmds)
	default:
		fmt.Fprintf(stderr, "infoscope completion: no shell %q: want %s\n", args[0], strings.Join(Shells(), ", "))
		return 2
	}
	return 0
}

// Man runs "man": the manual page for cmds on stdout.
func Man(args []string, cmds []Command, stdout, stderr io.Writer) int {
	if len(args) != 0 {
		fmt.Fprintln(stderr, "usage: infoscope man (prints roff: infoscope man | man -l -)")
		return 2
	}
	WriteMan(stdout, cmds)
	return 0
}
