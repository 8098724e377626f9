// Command infoscope inspects the INFO instructions (RESINFO / SAMPLEINFO,
// opcode 0x70) of Intel vISA kernel binaries: an interactive terminal
// inspector, a headless dump for scripts, and an SSH server mode.
//
//	infoscope [flags] [FILE...]        inspector (no FILE: the embedded samples)
//	infoscope dump [flags] FILE...     one line or JSON object per INFO
//	infoscope serve [flags] FILE...    serve the inspector over SSH
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/atotto/clipboard"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/log/v2"
	"github.com/charmbracelet/x/term"

	"infoscope/decoder"
	"infoscope/decoder/native"
	"infoscope/model"
	"infoscope/model/lower"
	"infoscope/sampledata"
	"infoscope/tui"
	"infoscope/tui/cli"
	"infoscope/tui/diffcmd"
	"infoscope/tui/diffview"
	"infoscope/tui/dump"
	"infoscope/tui/fsio"
	"infoscope/tui/serve"
)

func main() { os.Exit(run(os.Args[1:])) }

func run(args []string) int {
	cmds := commands()
	if len(args) > 0 {
		if c := cli.Find(cmds, args[0]); c != nil {
			return c.Run(args[1:])
		}
	}
	return cmds[0].Run(args)
}

// diffEnv is the diff command's world: files and dump folders read as
// dump reads them, the inspector when stdout is a terminal.
func diffEnv() diffcmd.Env {
	visaFolder := func(name string) ([]string, string, error) {
		files, note, err := fsio.FolderFiles(name)
		if files != nil {
			files, note, _ = visaOnly(files, note)
		}
		return files, note, err
	}
	return diffcmd.Env{Stdout: os.Stdout, Stderr: os.Stderr, Read: fsio.ReadFile, Folder: visaFolder, Exists: fsio.RegularFile,
		Terminal: isTerminal(os.Stdout) && isTerminal(os.Stdin),
		Inspect:  func(r *diffcmd.Result) int { return diffview.Run(r, os.Getenv("NO_COLOR") != "") }}
}

// versionLine is "infoscope VERSION (REVISION[, modified]) GOVERSION", from
// the build information the go command records.
func versionLine() string {
	ver, rev, dirty := "(devel)", "", false
	goVer := runtime.Version()
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			ver = bi.Main.Version
		}
		goVer = bi.GoVersion
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value[:min(12, len(s.Value))]
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	out := "infoscope " + ver
	if rev != "" {
		out += " (" + rev
		if dirty {
			out += ", modified"
		}
		out += ")"
	}
	return out + " " + goVer
}

// wantsHelp reports whether args ask for -h or --help before any file name:
// the help then goes to stdout, as the user asked for it.
func wantsHelp(args []string) bool {
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

// isTerminal reports whether f is a terminal (not merely a character
// device such as /dev/null).
func isTerminal(f *os.File) bool { return term.IsTerminal(f.Fd()) }

// inspect runs the inspector; progOpts are added to the program's (tests give
// it a pipe for keys instead of the terminal).
func inspect(args []string, progOpts ...tea.ProgramOption) int {
	st, errs := loadConfig()
	return inspectWith(args, st, errs, progOpts...)
}

// keysCmd prints the keys in effect (the configuration file's) as
// docs/keys.md lists the defaults; the entries refused go to stderr.
func keysCmd(stdout, stderr io.Writer) int {
	st, errs := loadConfig()
	for _, err := range errs {
		fmt.Fprintln(stderr, "infoscope:", err)
	}
	fmt.Fprint(stdout, tui.KeysMarkdown(st.Keys))
	return 0
}

// configPath is the configuration file's path: $XDG_CONFIG_HOME/infoscope/
// config, else ~/.config/infoscope/config ("" when neither is known).
func configPath() string {
	dir := os.Getenv("XDG_CONFIG_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "infoscope", tui.ConfigFileName)
}

// maxConfigFile bounds the configuration file: a few hundred lines.
const maxConfigFile = 1 << 20

// loadConfig reads the configuration file, if there is one: the settings,
// and the entries refused (each file:line: why, its default kept).
func loadConfig() (tui.Settings, []error) {
	path := configPath()
	if path == "" {
		return tui.Settings{Keys: tui.DefaultKeys()}, nil
	}
	data, err := fsio.ReadLimited(path, "configuration file", maxConfigFile)
	if data == nil && err == nil {
		return tui.Settings{Keys: tui.DefaultKeys()}, nil
	}
	if err != nil {
		return tui.Settings{Keys: tui.DefaultKeys()}, []error{err}
	}
	return tui.ParseConfig(path, data)
}

// configFlags are the flags the configuration sets, given before the
// command line's (which win).
func configFlags(st tui.Settings) []string {
	var out []string
	switch st.Theme {
	case "dark", "light":
		out = append(out, "--theme", st.Theme)
	case "mono":
		out = append(out, "--mono")
	}
	return append(out, st.Flags...)
}

// inspectorFlagValues are the inspector's flags as they are parsed.
type inspectorFlagValues struct {
	decode                 func() (decoder.Options, error)
	surfaces, rules, theme *string
	noMouse, mono, noWatch *bool
}

// inspectorFlags returns a new FlagSet with the inspector's flags.
func inspectorFlags() (*flag.FlagSet, inspectorFlagValues) {
	fs := flag.NewFlagSet("infoscope", flag.ContinueOnError)
	return fs, inspectorFlagValues{
		decode:   cli.Decode(fs),
		surfaces: fs.String("surfaces", "", "surface description file: loaded if it exists, written by ctrl+s (default: "+surfaceFileName+" beside the first FILE, else in the current directory)"),
		rules:    fs.String("rules", "spec", "Output's result table: spec (the INFO spec's) or hw (the hardware notes: IGC and Mesa); r switches"),
		noMouse:  fs.Bool("no-mouse", false, "start with mouse reporting off (m toggles it)"),
		mono:     fs.Bool("mono", false, "monochrome theme (also chosen by NO_COLOR)"),
		theme:    fs.String("theme", "auto", "colours for a dark or light background: auto (asks the terminal), dark or light"),
		noWatch:  fs.Bool("no-watch", false, "do not reload files when they change on disk"),
	}
}

// inspectWith is inspect with the configuration st (errs: its entries
// refused).
func inspectWith(args []string, st tui.Settings, errs []error, progOpts ...tea.ProgramOption) (code int) {
	fs, fv := inspectorFlags()
	out := io.Writer(os.Stderr)
	if wantsHelp(args) {
		out = os.Stdout
	}
	fs.SetOutput(out)
	fs.Usage = func() { cli.WriteUsage(out, commands()); fs.PrintDefaults() }
	opts, surfPath, rulesFlag, noMouse, mono, theme, noWatch := fv.decode, fv.surfaces, fv.rules, fv.noMouse, fv.mono, fv.theme, fv.noWatch
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
			return inspectWith(args, st, append(errs, fmt.Errorf("%s: flags refused: %v", where, err)), progOpts...)
		}
		fs.SetOutput(out)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	dopts, err := opts()
	if err != nil {
		fmt.Fprintln(os.Stderr, "infoscope:", err)
		return 2
	}
	if *theme != "auto" && *theme != "dark" && *theme != "light" {
		fmt.Fprintf(os.Stderr, "infoscope: --theme %q: want auto, dark or light\n", *theme)
		return 2
	}
	rules, err := model.ParseRules(*rulesFlag)
	if err != nil {
		fmt.Fprintln(os.Stderr, "infoscope: --rules:", err)
		return 2
	}
	surfacesAt := surfacesPath(*surfPath, fs.Args())
	cfg := tui.Config{Decode: dopts, NoMouse: *noMouse, Mono: *mono || os.Getenv("NO_COLOR") != "", SurfacePath: surfacesAt, Rules: rules,
		CopyLocal: clipboard.WriteAll, Keys: &st.Keys, ConfigErrors: errs, Native: nativeLoader(dopts)}
	if *theme != "auto" {
		cfg.Theme = *theme
	}
	var paths []string
	// A directory opens the vISA files in it (checkInput); a missing or
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
			cfg.Sources = append(cfg.Sources, tui.BytesSource("-", data))
			continue
		}
		files, err := checkInput(name, dopts)
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
	if len(progOpts) == 0 && !isTerminal(os.Stdin) {
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
			cfg.Sources = append(cfg.Sources, tui.BytesSource(n, data))
		}
	}
	// A surface file that cannot be loaded does not keep the user out: the
	// inspector says why, starts on defaults and leaves the file alone
	// until the user confirms overwriting it.
	cfg.Surfaces, cfg.SurfaceLoadErr = loadSurfaces(surfacesAt)
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
	p := tea.NewProgram(tui.New(cfg), progOpts...)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The watcher fails only while setting up; its error is printed after
	// the program ends, since stderr would tear the screen while it runs.
	watchErr := make(chan error, 1)
	if !*noWatch && len(paths) > 0 {
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

// maxSurfaceFile bounds the surface file read at start: it describes at
// most a few hundred surfaces, a few dozen kilobytes.
const maxSurfaceFile = 16 << 20

// loadSurfaces reads the surface file at path: nil and no error when there
// is none yet; nil and the reason when it cannot be read or parsed. It is
// read before the screen opens, so what is not a regular file (a FIFO
// would block with no writer, /dev/zero never ends) is refused unread, and
// so is a file past maxSurfaceFile.
func loadSurfaces(path string) (*model.SurfaceFile, error) {
	data, err := fsio.ReadLimited(path, "surface file", maxSurfaceFile)
	if data == nil || err != nil {
		return nil, err
	}
	return model.ParseSurfaceFile(path, data)
}

// checkInput refuses, before the screen opens, a FILE that is missing or
// a regular file over the size limit: each would only show an empty list
// with a read error. A directory is an IGC dump folder: it stands for the
// .visaasm files in it, and the others are skipped with one line on stderr.
func checkInput(name string, o decoder.Options) ([]string, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		files, note, err := fsio.Folder(name)
		if err != nil {
			return nil, err
		}
		// The inspector shows native code with its vISA: a lone .asm
		// (which dump prints alone) has nothing to show it beside.
		var lone []string
		files, note, lone = visaOnly(files, note)
		if note != "" {
			fmt.Fprintf(os.Stderr, "infoscope: %s: %s\n", name, note)
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("%s holds only Gen assembly without its vISA (%s): infoscope dump opens it", name, strings.Join(lone, ", "))
		}
		return files, nil
	}
	if strings.HasSuffix(name, ".asm") {
		if head, err := readHead(name, 16); err == nil && native.IsASM(name, head) {
			return nil, fmt.Errorf("%s is Gen assembly (IGC's .asm): the inspector shows it beside its .visaasm (open that, or the folder); infoscope dump %s prints it alone", name, name)
		}
	}
	if fi.Mode().IsRegular() {
		if _, err := decoder.ReadInput(name, strings.NewReader(""), fi.Size(), o); err != nil {
			return nil, err
		}
	}
	return []string{name}, nil
}

// readHead returns the first n bytes of the file at path (fewer when it
// is shorter).
func readHead(path string, n int) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	b := make([]byte, n)
	k, err := io.ReadFull(fh, b)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = nil
	}
	return b[:k], err
}

// nativeLoader returns the inspector's Config.Native: the join of a vISA
// text file with the .asm of its stem beside it, read and parsed once
// (under the input size limit) and kept; nil for a file without one.
func nativeLoader(o decoder.Options) func(file string) *lower.Join {
	var mu sync.Mutex
	joins := map[string]*lower.Join{}
	return func(file string) *lower.Join {
		mu.Lock()
		defer mu.Unlock()
		if j, ok := joins[file]; ok {
			return j
		}
		var j *lower.Join
		if native.IsVISAText(file) {
			asm := native.Stem(file) + ".asm"
			if fsio.RegularFile(asm) {
				if data, err := fsio.ReadFile(asm, o); err == nil {
					j = lower.New(native.Parse(asm, data))
				}
			}
		}
		joins[file] = j
		return j
	}
}

// visaOnly drops the lone .asm files (dump opens them as native code)
// from a dump folder's files, for the commands that read only vISA; the
// note says so.
func visaOnly(files []string, note string) (kept []string, newNote string, lone []string) {
	kept = slices.DeleteFunc(files, func(f string) bool {
		if strings.HasSuffix(f, ".asm") {
			lone = append(lone, filepath.Base(f))
			return true
		}
		return false
	})
	if len(lone) > 0 {
		note = strings.TrimPrefix(note+fmt.Sprintf("; %d .asm without their vISA text (infoscope dump shows them alone)", len(lone)), "; ")
	}
	return kept, note, lone
}

// readStdin reads "-" under the size limit, before the screen opens.
func readStdin(o decoder.Options) ([]byte, error) {
	size := int64(-1)
	if fi, err := os.Stdin.Stat(); err == nil && fi.Mode().IsRegular() {
		size = fi.Size()
	}
	return decoder.ReadInput("-", os.Stdin, size, o)
}

// serveFlags returns a new FlagSet with serve's flags, parsed into cfg
// and the values it returns.
func serveFlags() (*flag.FlagSet, *serveFlagValues) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	v := &serveFlagValues{maxDumpStdin: cli.Size(serve.DefaultMaxDumpStdin)}
	cfg := &v.cfg
	v.decode = cli.Decode(fs)
	fs.StringVar(&cfg.Listen, "listen", "127.0.0.1:2222", "address to listen on")
	fs.StringVar(&cfg.HostKeyPath, "host-key", "infoscope_host_ed25519", "host key file (ed25519; created on first start, mode 0600)")
	fs.StringVar(&cfg.AuthorizedKeysPath, "authorized-keys", "", "authorized_keys file: the public keys allowed in (required)")
	cli.IntVar(fs, &cfg.MaxSessions, "max-sessions", 32, "maximum concurrent sessions")
	fs.DurationVar(&cfg.IdleTimeout, "idle-timeout", 15*time.Minute, "close a session after this long without input")
	fs.DurationVar(&cfg.MaxSessionTime, "max-session-time", 4*time.Hour, "close a session after this long in all")
	fs.DurationVar(&cfg.LoginGraceTime, "login-grace-time", serve.DefaultLoginGraceTime, "close a connection that has not logged in after this long")
	cli.IntVar(fs, &cfg.MaxLogins, "max-logins", serve.DefaultMaxLogins, "connections logging in at once (full); from half of it newcomers drop a silent one or are refused by chance, as OpenSSH MaxStartups")
	cli.IntVar(fs, &cfg.MaxLoginsPerSource, "max-logins-per-source", serve.DefaultMaxLoginsPerSource, "connections logging in at once from one address; past it that address's oldest is dropped (raise it for a team behind one NAT address or a CI fan-out)")
	cli.IntVar(fs, &cfg.MaxDumps, "max-dumps", serve.DefaultMaxDumps, "at most `N` dump commands running at once (each decodes its inputs); past it one is refused with a message")
	cli.IntVar(fs, &cfg.MaxDumpsPerKey, "max-dumps-per-key", serve.DefaultMaxDumpsPerKey, "of those, at most `N` run by one key (a client reading none of its output holds its slot until --dump-write-stall)")
	fs.DurationVar(&cfg.DumpWriteStall, "dump-write-stall", serve.DefaultDumpWriteStall, "end a dump command whose output makes no progress this long (its client reads none of it), freeing its slot; negative: never")
	fs.Var(&v.maxDumpStdin, "max-dump-stdin", "the most bytes \"ssh HOST dump -\" reads from a client: a `SIZE` such as 512K or 16M")
	fs.StringVar(&cfg.StateDir, "state-dir", "", "`DIR` keeping each key's saved surface file and, apart, its unsaved edits (default $XDG_STATE_HOME/infoscope, else ~/.local/state/infoscope)")
	v.surfaces = fs.String("surfaces", "", "a team's surface file every session starts with (read once, never written; a key's own ctrl+s save takes its place)")
	v.rules = fs.String("rules", "spec", "Output's result table at start: spec or hw (r switches)")
	return fs, v
}

// serveFlagValues are serve's flags as they are parsed: most straight into
// its Config.
type serveFlagValues struct {
	cfg             serve.Config
	decode          func() (decoder.Options, error)
	maxDumpStdin    cli.Size
	surfaces, rules *string
}

func serveCmd(args []string) int {
	fs, v := serveFlags()
	out := io.Writer(os.Stderr)
	if wantsHelp(args) {
		out = os.Stdout
	}
	fs.SetOutput(out)
	fs.Usage = func() {
		fmt.Fprintln(out, "usage:", cli.Synopsis(*cli.Find(commands(), "serve")))
		fs.PrintDefaults()
	}
	cfg, opts, surfaces, rulesFlag := &v.cfg, v.decode, v.surfaces, v.rules
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if cfg.AuthorizedKeysPath == "" || fs.NArg() == 0 {
		var missing []string
		if cfg.AuthorizedKeysPath == "" {
			missing = append(missing, "--authorized-keys FILE (the public keys allowed in)")
		}
		if fs.NArg() == 0 {
			missing = append(missing, "the FILEs to serve")
		}
		fmt.Fprintf(os.Stderr, "infoscope serve: missing %s\n", strings.Join(missing, " and "))
		fmt.Fprintln(os.Stderr, "usage:", cli.Synopsis(*cli.Find(commands(), "serve")), "(-h lists the flags)")
		return 2
	}
	var err error
	if cfg.Rules, err = model.ParseRules(*rulesFlag); err != nil {
		fmt.Fprintln(os.Stderr, "infoscope serve: --rules:", err)
		return 2
	}
	if *surfaces != "" {
		sf, err := loadSurfaces(*surfaces)
		if err == nil && sf == nil {
			err = fmt.Errorf("surface file %s: no such file", *surfaces)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "infoscope serve: --surfaces:", err)
			return 2
		}
		cfg.Surfaces, cfg.SurfacesName = sf, filepath.Base(*surfaces)
	}
	if cfg.Decode, err = opts(); err != nil {
		fmt.Fprintln(os.Stderr, "infoscope serve:", err)
		return 2
	}
	cfg.MaxDumpStdin = int64(v.maxDumpStdin)
	cfg.Files = fs.Args()
	cfg.Logger = log.NewWithOptions(os.Stderr, log.Options{ReportTimestamp: true, Prefix: "infoscope"})
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve.Run(ctx, *cfg); err != nil {
		cfg.Logger.Error("serve", "err", strings.TrimSpace(err.Error()))
		return 1
	}
	return 0
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
			Flags:   func() *flag.FlagSet { fs, _ := inspectorFlags(); return fs }, Run: func(args []string) int { return inspect(args) }},
		{Name: "dump", Args: "FILE...", Brief: "headless: one line (or --json object) per INFO instruction",
			Summary: "headless: one line (or --json object) per INFO instruction", Flags: dump.Flags, Run: dumpCmd},
		{Name: "diff", Args: "A B", Brief: "what changed between two builds (files or dump folders)",
			Summary: "what changed between two builds (files or dump folders); exit 0 same, 1 differ, 2 error", Flags: diffcmd.Flags,
			Run: func(args []string) int { return diffcmd.Run(args, diffEnv()) }},
		{Name: "serve", Args: "--authorized-keys FILE FILE...", Brief: "serve the inspector over SSH (public-key auth)",
			Summary: "serve the inspector over SSH (public-key authentication)",
			Flags:   func() *flag.FlagSet { fs, _ := serveFlags(); return fs }, Run: serveCmd},
		{Name: "completion", Args: strings.Join(cli.Shells, "|"), Summary: "print the shell completion script for bash, zsh or fish", ArgWords: strings.Join(cli.Shells, " "),
			Run: func(args []string) int { return docsCmd("completion", args, os.Stdout, os.Stderr) }},
		{Name: "man", Summary: "print the manual page (roff)", Run: func(args []string) int { return docsCmd("man", args, os.Stdout, os.Stderr) }},
		{Name: "config", Brief: "print the configuration file that sets every default",
			Summary: "print the configuration file that sets every default (keys, theme, default flags), to save as $XDG_CONFIG_HOME/infoscope/config and edit",
			Run:     stdio(func(stdout, _ io.Writer) int { fmt.Fprint(stdout, tui.DefaultConfig()); return 0 })},
		{Name: "keys", Brief: "print the key bindings in effect",
			Summary: "print every key binding in effect (the configuration file's), as docs/keys.md lists the defaults", Run: stdio(keysCmd)},
		{Name: "help", Summary: "print the usage", Run: stdio(func(stdout, _ io.Writer) int { cli.WriteUsage(stdout, commands()); return 0 })},
		{Name: "version", Aliases: []string{"--version", "-version"}, Brief: "print the version", Summary: "print the version",
			Run: stdio(func(stdout, _ io.Writer) int { fmt.Fprintln(stdout, versionLine()); return 0 })},
	}
}

// dumpCmd runs dump on the command line's files.
func dumpCmd(args []string) int {
	return dump.Run(args, dump.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Open: func(name string) ([]byte, error) { return fsio.ReadFile(name, decoder.Options{}) }, Read: fsio.ReadFile,
		Folder: fsio.FolderFiles,
		Exists: fsio.RegularFile})
}

// docsCmd runs "completion SHELL" and "man".
func docsCmd(name string, args []string, stdout, stderr io.Writer) int {
	cmds := commands()
	if name == "man" {
		if len(args) != 0 {
			fmt.Fprintln(stderr, "usage: infoscope man (prints roff: infoscope man | man -l -)")
			return 2
		}
		cli.WriteMan(stdout, cmds)
		return 0
	}
	if len(args) != 1 {
		fmt.Fprintf(stderr, "usage: infoscope completion %s\n", strings.Join(cli.Shells, "|"))
		return 2
	}
	switch args[0] {
	case "bash":
		cli.WriteBash(stdout, cmds)
	case "zsh":
		cli.WriteZsh(stdout, cmds)
	case "fish":
		cli.WriteFish(stdout, cmds)
	default:
		fmt.Fprintf(stderr, "infoscope completion: no shell %q: want %s\n", args[0], strings.Join(cli.Shells, ", "))
		return 2
	}
	return 0
}
