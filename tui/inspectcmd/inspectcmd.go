// Package inspectcmd is the inspector's command: its flags, the
// configuration file, the inputs checked before the screen opens, and the
// program run on the terminal with file watching, surface saves and
// bookmarks.
package inspectcmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/atotto/clipboard"
	"github.com/charmbracelet/x/term"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/model/workspace"
	"infoscope/sampledata"
	"infoscope/tui"
	"infoscope/tui/cli"
	"infoscope/tui/fsio"
)

// Env is what the command takes from the program that runs it.
type Env struct {
	// Usage writes the program's usage, above the flags -h lists.
	Usage func(w io.Writer)
	// ProgramOptions are added to the program's (tests give it a pipe
	// for keys instead of the terminal, and a size).
	ProgramOptions []tea.ProgramOption
	// Diff, when set, is the comparison of two builds whose B the FILEs
	// are (infoscope diff A B in a terminal): the inspector shows it, and
	// does not reload B's files when they change (the comparison would
	// no longer be theirs).
	Diff *tui.Diff
}

// Run runs the inspector with args (its flags and FILEs) and returns the
// exit status; the configuration file's settings and flags apply first.
func Run(args []string, env Env) int {
	st, errs := loadConfig()
	return run(args, env, st, errs)
}

// isTerminal reports whether f is a terminal (not merely a character
// device such as /dev/null).
func isTerminal(f *os.File) bool { return term.IsTerminal(f.Fd()) }

// flagValues are the inspector's flags as they are parsed.
type flagValues struct {
	decode                 func() (decoder.Options, error)
	surfaces, rules, theme *string
	noMouse, mono, noWatch *bool
}

// Flags returns the inspector's flags, registered on a new FlagSet and
// nothing run: the completions and the man page list them.
func Flags() *flag.FlagSet {
	fs, _ := register()
	return fs
}

// register returns a new FlagSet with the inspector's flags.
func register() (*flag.FlagSet, flagValues) {
	fs := flag.NewFlagSet("infoscope", flag.ContinueOnError)
	return fs, flagValues{
		decode:   cli.Decode(fs),
		surfaces: fs.String("surfaces", "", "surface description file: loaded if it exists, written by ctrl+s (default: "+surfaceFileName+" beside the first FILE, else in the current directory)"),
		rules:    fs.String("rules", "spec", "Output's result table: spec (the INFO spec's) or hw (the hardware notes: IGC and Mesa); r switches"),
		noMouse:  fs.Bool("no-mouse", false, "start with mouse reporting off (m toggles it)"),
		mono:     fs.Bool("mono", false, "monochrome theme (also chosen by NO_COLOR)"),
		theme:    fs.String("theme", "auto", "colours for a dark or light background: auto (asks the terminal), dark or light"),
		noWatch:  fs.Bool("no-watch", false, "do not reload files when they change on disk"),
	}
}

// run is Run with the configuration st (errs: its entries refused).
func run(args []string, env Env, st tui.Settings, errs []error) (code int) {
	fs, fv := register()
	out := cli.SetHelp(fs, args, os.Stdout, os.Stderr, func(w io.Writer) {
		if env.Usage != nil {
			env.Usage(w)
		}
	})
	if pre := configFlags(st); len(pre) > 0 {
		// The configuration's flags first: refused whole (file:line) when
		// one does not parse, and the defaults kept.
		fs.SetOutput(io.Discard)
		err := fs.Parse(pre)
		if err == nil && fs.NArg() > 0 {
			err = fmt.Errorf("%q is not a flag (files go on the command line)", fs.Arg(0))
		}
		if err != nil {
			where := st.FlagsLine
			if where == "" {
				where = configPath()
			}
			st.Theme, st.Flags = "", nil
			return run(args, env, st, append(errs, fmt.Errorf("%s: flags refused: %v", where, err)))
		}
		fs.SetOutput(out)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	dopts, err := fv.decode()
	if err != nil {
		fmt.Fprintln(os.Stderr, "infoscope:", err)
		return 2
	}
	if *fv.theme != "auto" && *fv.theme != "dark" && *fv.theme != "light" {
		fmt.Fprintf(os.Stderr, "infoscope: --theme %q: want auto, dark or light\n", *fv.theme)
		return 2
	}
	rules, err := model.ParseRules(*fv.rules)
	if err != nil {
		fmt.Fprintln(os.Stderr, "infoscope: --rules:", err)
		return 2
	}
	surfacesAt := surfacesPath(*fv.surfaces, fs.Args())
	cfg := tui.Config{Decode: dopts, NoMouse: *fv.noMouse, Mono: *fv.mono || os.Getenv("NO_COLOR") != "", SurfacePath: surfacesAt, Rules: rules,
		CopyLocal: clipboard.WriteAll, Keys: &st.Keys, ConfigErrors: errs, Native: fsio.NativeLoader(dopts), Diff: env.Diff}
	if *fv.theme != "auto" {
		cfg.Theme = *fv.theme
	}
	var paths []string
	// A directory opens the vISA files in it (fsio.CheckInput); a missing or
	// unreadable file among several is an error row (E lists it), not a
	// refusal to start.
	names := fs.Args()
	var refused []error
	for _, name := range names {
		if name == "-" {
			data, err := readStdin(dopts)
			if err != nil {
				fmt.Fprintln(os.Stderr, "infoscope: stdin:", err)
				return 1
			}
			cfg.Sources = append(cfg.Sources, workspace.BytesSource("-", data))
			continue
		}
		files, note, err := fsio.CheckInput(name, dopts)
		if note != "" {
			fmt.Fprintf(os.Stderr, "infoscope: %s: %s\n", name, note)
		}
		if err != nil {
			refused = append(refused, err)
			if len(names) > 1 {
				cfg.Sources = append(cfg.Sources, fsio.FileSource(name, dopts)) // its read fails: an error row
			}
			continue
		}
		for _, f := range files {
			cfg.Sources = append(cfg.Sources, fsio.FileSource(f, dopts))
			paths = append(paths, f)
		}
	}
	if len(refused) > 0 && len(refused) == len(names) {
		for _, err := range refused {
			fmt.Fprintln(os.Stderr, "infoscope:", err)
		}
		return 1
	}
	// Output piped or redirected from an interactive shell: the screen
	// would go into the pipe. (Both ends redirected is a script driving
	// the inspector, which bubbletea serves.)
	if isTerminal(os.Stdin) && !isTerminal(os.Stdout) {
		fmt.Fprintln(os.Stderr, noTerminal)
		return 2
	}
	// Keys come from the terminal, which stdin is not (a pipe, a job):
	// bubbletea then opens the controlling terminal, and a process with
	// none (cron, CI, setsid) would get its raw error. Try it first.
	if len(env.ProgramOptions) == 0 && !isTerminal(os.Stdin) {
		in, out, err := tea.OpenTTY()
		if err != nil {
			fmt.Fprintln(os.Stderr, noTerminal)
			return 2
		}
		in.Close()
		if out != in {
			out.Close()
		}
	}
	if len(cfg.Sources) == 0 {
		cfg.Title = "embedded samples"
		names := sampledata.Names()
		// The deliberately damaged sample goes last, so a bare run opens on
		// the healthy kernels.
		sort.SliceStable(names, func(i, j int) bool {
			return !strings.HasPrefix(names[i], "damaged") && strings.HasPrefix(names[j], "damaged")
		})
		for _, n := range names {
			data, err := sampledata.Read(n)
			if err != nil {
				fmt.Fprintln(os.Stderr, "infoscope:", err)
				return 1
			}
			cfg.Sources = append(cfg.Sources, workspace.BytesSource(n, data))
		}
	}
	// A surface file that cannot be loaded does not keep the user out: the
	// inspector says why, starts on defaults and leaves the file alone
	// until the user confirms overwriting it.
	cfg.Surfaces, cfg.SurfaceLoadErr = fsio.LoadSurfaces(surfacesAt)
	if cfg.Surfaces != nil {
		cfg.SurfacesLoaded = surfacesAt
	}
	saver := fsio.NewSaveFile(surfacesAt)
	cfg.SaveSurfaces = saver.Save
	// A save still running when the program ends is finished, not cut.
	defer saver.Wait()
	// Bookmarks live beside each input file (the samples and stdin keep
	// them in memory); writes still to do are done before exiting.
	marks := fsio.OpenMarks(paths)
	cfg.Marks.Marks, cfg.Marks.Save, cfg.Marks.LoadNote = marks.Config()
	defer func() {
		if err := marks.Wait(); err != nil {
			// The user's marks were not kept: the exit status says so too.
			fmt.Fprintln(os.Stderr, "infoscope: saving bookmarks:", err)
			code = max(code, 1)
		}
	}()

	if f := os.Getenv("INFOSCOPE_DEBUG"); f != "" {
		lf, err := tea.LogToFile(f, "infoscope")
		if err != nil {
			fmt.Fprintln(os.Stderr, "infoscope:", err)
			return 1
		}
		defer lf.Close()
	}
	p := tea.NewProgram(tui.New(cfg), env.ProgramOptions...)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The watcher fails only while setting up; its error is printed after
	// the program ends, since stderr would tear the screen while it runs.
	watchErr := make(chan error, 1)
	if !*fv.noWatch && len(paths) > 0 && env.Diff == nil {
		go func() {
			watchErr <- fsio.Watch(ctx, paths, func(path string) { p.Send(tui.ReloadMsg{Name: path}) })
		}()
	}
	_, err = p.Run()
	cancel()
	select {
	case werr := <-watchErr:
		if werr != nil {
			fmt.Fprintln(os.Stderr, "infoscope: watching files for reload:", werr)
		}
	default:
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "infoscope:", err)
		if !isTerminal(os.Stdin) || !isTerminal(os.Stdout) {
			fmt.Fprintln(os.Stderr, noTerminal)
			return 2
		}
		return 1
	}
	return 0
}

// noTerminal is said when the inspector has no terminal to draw on.
const noTerminal = "infoscope: the inspector needs a terminal; without one use \"infoscope dump FILE...\" (one line or --json object per INFO)"

// surfaceFileName is the surface file's name when --surfaces does not give
// one.
const surfaceFileName = "infoscope-surfaces.json"

// surfacesPath is where the surface file is read from and ctrl+s writes:
// --surfaces when given, else surfaceFileName beside the first input file,
// else (embedded samples, stdin) in the current directory; absolute, so
// the status line says exactly where.
func surfacesPath(flagValue string, inputs []string) string {
	p := flagValue
	if p == "" {
		p = surfaceFileName
		for _, in := range inputs {
			if in != "-" {
				p = filepath.Join(filepath.Dir(in), surfaceFileName)
				break
			}
		}
	}
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}

// readStdin reads "-" under the size limit, before the screen opens.
func readStdin(o decoder.Options) ([]byte, error) {
	size := int64(-1)
	if fi, err := os.Stdin.Stat(); err == nil && fi.Mode().IsRegular() {
		size = fi.Size()
	}
	return decoder.ReadInput("-", os.Stdin, size, o)
}
