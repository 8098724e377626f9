package cli

// Shell completions (bash, zsh, fish) and the manual page, written from the
// FlagSets the commands themselves register: a flag added to a command
// appears in both without a second list to keep in step.

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Shells are the shells "infoscope completion" writes for.
func Shells() []string { return []string{"bash", "zsh", "fish"} }

// flagDoc is one flag as the scripts and the page present it.
type flagDoc struct {
	name   string
	arg    string // the value's placeholder; "" for a flag that stands alone
	usage  string
	defVal string // "" when the default is the zero value
}

// flagDocs lists c's flags by name.
func flagDocs(c Command) []flagDoc {
	if c.Flags == nil {
		return nil
	}
	var out []flagDoc
	fs := c.Flags()
	fs.VisitAll(func(f *flag.Flag) {
		arg, usage := flag.UnquoteUsage(f)
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			arg = ""
		}
		d := flagDoc{name: f.Name, arg: arg, usage: usage}
		switch f.DefValue {
		case "", "0", "false", "0s":
		default:
			// A usage that states its default itself is not told twice.
			if !strings.Contains(usage, "(default") {
				d.defVal = f.DefValue
			}
		}
		out = append(out, d)
	})
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// subcommandNames are the words that select a command.
func subcommandNames(cmds []Command) []string {
	var out []string
	for _, c := range cmds {
		if c.Name != "" {
			out = append(out, c.Name)
		}
	}
	return out
}

// WriteBash writes the bash completion script for cmds.
func WriteBash(w io.Writer, cmds []Command) {
	names := strings.Join(subcommandNames(cmds), " ")
	fmt.Fprintf(w, `# bash completion for infoscope, written by "infoscope completion bash".
# Load it with: source <(infoscope completion bash)
# or save it as ~/.local/share/bash-completion/completions/infoscope

_infoscope() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=
    local cmd= flags= valued= words=
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD-1]}
    # --flag=VALUE: bash splits the word at '=' (COMP_WORDBREAKS).
    if [[ $prev == = ]] && ((COMP_CWORD > 1)); then
        prev=${COMP_WORDS[COMP_CWORD-2]}
    elif [[ $cur == =* ]]; then
        cur=${cur#=}
    fi
    if ((COMP_CWORD > 1)); then
        case ${COMP_WORDS[1]} in
            %s) cmd=${COMP_WORDS[1]} ;;
        esac
    fi
    case $cmd in
`, strings.ReplaceAll(names, " ", "|"))
	for _, c := range cmds {
		label := c.Name
		if label == "" {
			label = "''"
		}
		fmt.Fprintf(w, "        %s)\n", label)
		var all, valued []string
		for _, f := range flagDocs(c) {
			all = append(all, "--"+f.name)
			if f.arg != "" {
				valued = append(valued, "--"+f.name)
			}
		}
		fmt.Fprintf(w, "            flags=%q\n", strings.Join(all, " "))
		fmt.Fprintf(w, "            valued=%q\n", strings.Join(valued, " "))
		fmt.Fprintf(w, "            words=%q\n", c.ArgWords)
		fmt.Fprintf(w, "            ;;\n")
	}
	fmt.Fprintf(w, `    esac
    # The value of a flag that takes one: any text, often a file name.
    local p=${prev#-}
    p=--${p#-}
    if [[ $prev == -* && " $valued " == *" $p "* ]]; then
        COMPREPLY=($(compgen -f -- "$cur"))
        return
    fi
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$flags" -- "$cur"))
        return
    fi
    if [[ -n $words ]]; then
        ((COMP_CWORD == 2)) && COMPREPLY=($(compgen -W "$words" -- "$cur"))
        return
    fi
    if [[ -z $cmd ]] && ((COMP_CWORD == 1)); then
        COMPREPLY=($(compgen -W %q -- "$cur") $(compgen -f -- "$cur"))
        return
    fi
    case $cmd in
        man|help) return ;;
    esac
    COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _infoscope infoscope
`, names)
}

// zshQuote escapes s for a single-quoted zsh word that is an _arguments
// description in brackets.
func zshQuote(s string) string {
	s = strings.NewReplacer(`\`, `\\`, `[`, `\[`, `]`, `\]`, `:`, `\:`).Replace(s)
	return strings.ReplaceAll(s, `'`, `'\''`)
}

// WriteZsh writes the zsh completion script for cmds.
func WriteZsh(w io.Writer, cmds []Command) {
	fmt.Fprint(w, `#compdef infoscope
# zsh completion for infoscope, written by "infoscope completion zsh".
# Save it as _infoscope in a directory of $fpath, or load it with:
# source <(infoscope completion zsh)

_infoscope_first() {
  local -a cmds
  cmds=(
`)
	for _, c := range cmds {
		if c.Name != "" {
			// _describe splits at the first colon only: the summary's stay.
			fmt.Fprintf(w, "    '%s:%s'\n", c.Name, strings.ReplaceAll(c.Summary, `'`, `'\''`))
		}
	}
	fmt.Fprint(w, `  )
  _describe -t commands 'infoscope command' cmds
  _files
}

`)
	spec := func(c Command) []string {
		var out []string
		for _, f := range flagDocs(c) {
			if f.arg == "" {
				out = append(out, fmt.Sprintf("'--%s[%s]'", f.name, zshQuote(f.usage)))
			} else {
				out = append(out, fmt.Sprintf("'--%s=[%s]:%s:_files'", f.name, zshQuote(f.usage), zshQuote(f.arg)))
			}
		}
		return out
	}
	fmt.Fprint(w, "_infoscope() {\n  if (( CURRENT > 2 )); then\n    case $words[2] in\n")
	var inspector Command
	for _, c := range cmds {
		switch {
		case c.Name == "":
			inspector = c
			continue
		case c.Flags != nil:
			fmt.Fprintf(w, "      %s)\n        shift words; (( CURRENT-- ))\n        _arguments -S \\\n", c.Name)
			for _, s := range spec(c) {
				fmt.Fprintf(w, "          %s \\\n", s)
			}
			fmt.Fprint(w, "          '*:file:_files'\n        return ;;\n")
		case c.ArgWords != "":
			fmt.Fprintf(w, "      %s)\n        (( CURRENT == 3 )) && _values %s %s\n        return ;;\n", c.Name, c.Name, c.ArgWords)
		default:
			fmt.Fprintf(w, "      %s) return 1 ;;\n", c.Name)
		}
	}
	fmt.Fprint(w, "    esac\n  fi\n  _arguments -S \\\n")
	for _, s := range spec(inspector) {
		fmt.Fprintf(w, "    %s \\\n", s)
	}
	fmt.Fprint(w, `    '1: :_infoscope_first' \
    '*:file:_files'
}

if [[ $funcstack[1] == _infoscope ]]; then
  _infoscope "$@"
else
  compdef _infoscope infoscope
fi
`)
}

// fishQuote quotes s as a single-quoted fish word.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// WriteFish writes the fish completion script for cmds.
func WriteFish(w io.Writer, cmds []Command) {
	names := strings.Join(subcommandNames(cmds), " ")
	fmt.Fprint(w, `# fish completion for infoscope, written by "infoscope completion fish".
# Save it as ~/.config/fish/completions/infoscope.fish, or load it with:
# infoscope completion fish | source

`)
	for _, c := range cmds {
		if c.Name != "" {
			fmt.Fprintf(w, "complete -c infoscope -n '__fish_use_subcommand' -a %s -d %s\n", c.Name, fishQuote(c.Summary))
		}
	}
	for _, c := range cmds {
		cond := fmt.Sprintf("'__fish_seen_subcommand_from %s'", c.Name)
		if c.Name == "" {
			cond = fmt.Sprintf("'not __fish_seen_subcommand_from %s'", names)
		}
		if c.ArgWords != "" {
			fmt.Fprintf(w, "complete -c infoscope -n %s -f -a %s\n", cond, fishQuote(c.ArgWords))
		}
		for _, f := range flagDocs(c) {
			extra := ""
			if f.arg != "" {
				extra = " -r -F"
			}
			fmt.Fprintf(w, "complete -c infoscope -n %s -l %s%s -d %s\n", cond, f.name, extra, fishQuote(f.usage))
		}
	}
}

// roff escapes text for a man page line: backslashes, hyphens (so that
// flags copy and search as ASCII '-') and a leading control character.
func roff(s string) string {
	s = strings.NewReplacer(`\`, `\e`, `-`, `\-`).Replace(s)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// WriteMan writes the manual page (roff) for cmds.
func WriteMan(w io.Writer, cmds []Command) {
	fmt.Fprint(w, `.\" Manual page for infoscope, written by "infoscope man" from the
.\" flags the commands define.
.TH INFOSCOPE 1 "" "infoscope" "User Commands"
.SH NAME
infoscope \- inspect the INFO instructions (RESINFO, SAMPLEINFO) of Intel vISA kernels
.SH SYNOPSIS
`)
	for i, c := range cmds {
		if i > 0 {
			fmt.Fprintln(w, ".br")
		}
		name := "infoscope"
		if c.Name != "" {
			name += " " + c.Name
		}
		line := ".B " + name + "\n"
		if c.Flags != nil {
			line += `[\fIflags\fR] `
		}
		if c.Args != "" {
			line += roff(c.Args)
		}
		fmt.Fprintln(w, strings.TrimRight(line, " \n"))
	}
	fmt.Fprint(w, `.SH DESCRIPTION
.B infoscope
reads vISA object files, raw instruction streams (binary or hex text) and
IGC's vISA text (.visaasm), finds every INFO instruction (opcode 0x70) and
shows what it encodes, the SIMD lanes it touches, the RGBA values it would
return for a described surface, and the code around it.
Press ? in the inspector for its keys.
Flags may be written with one dash or two.
.SH COMMANDS
`)
	for _, c := range cmds {
		name := "infoscope"
		if c.Name != "" {
			name = c.Name
		}
		fmt.Fprintf(w, ".TP\n.B %s\n%s\n", roff(name), roff(c.Summary))
	}
	fmt.Fprintln(w, ".SH OPTIONS")
	for _, c := range cmds {
		if c.Flags == nil {
			continue
		}
		title := "infoscope (the inspector)"
		if c.Name != "" {
			title = "infoscope " + c.Name
		}
		fmt.Fprintf(w, ".SS \"%s\"\n", roff(title))
		for _, f := range flagDocs(c) {
			fmt.Fprintf(w, ".TP\n.B \\-\\-%s", roff(f.name))
			if f.arg != "" {
				fmt.Fprintf(w, " \\fI%s\\fR", roff(f.arg))
			}
			fmt.Fprintf(w, "\n%s", roff(f.usage))
			if f.defVal != "" {
				fmt.Fprintf(w, " (default: %s)", roff(f.defVal))
			}
			fmt.Fprintln(w)
		}
	}
	fmt.Fprint(w, `.SH ENVIRONMENT
.TP
.B NO_COLOR
when set, the inspector draws without colour (as \-\-mono).
.TP
.B INFOSCOPE_DEBUG
a file the inspector appends its debug log to.
.SH FILES
.TP
.B infoscope\-surfaces.json
the surface descriptions the inspector's Output panel simulates with
(beside the first FILE unless \-\-surfaces names one); ctrl+s writes it.
.TP
.IB FILE .infoscope\-marks.json
the bookmarks (M, \(aq in the inspector) of FILE, with their notes, beside it.
.SH EXIT STATUS
0 on success; 1 when an input could not be read or decoded (dump still
prints everything decodable); 2 for bad flags or arguments.
.SH SEE ALSO
.BR man (1);
docs/usage.md in the infoscope source for the keys and the file formats.
`)
}
