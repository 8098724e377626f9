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
	if len(args) > 0 {
		switch args[0] {
		case "dump":
			return dump.Run(args[1:], dump.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
				Open: func(name string) ([]byte, error) { return fsio.ReadFile(name, decoder.Options{}) }, Read: fsio.ReadFile,
				Folder: fsio.FolderFiles,
				Exists: fsio.RegularFile})
		case "diff":
			return diffcmd.Run(args[1:], diffEnv())
		case "serve":
			return serveCmd(args[1:])
		case "help":
			usage(os.Stdout)
			return 0
		case "version", "--version", "-version":
			fmt.Println(versionLine())
			return 0
		case "config":
			// The file that sets every default, to copy and edit.
			fmt.Print(tui.DefaultConfig())
			return 0
		case "keys":
			return keysCmd(os.Stdout, os.Stderr)
		case "completion", "man":
			return docsCmd(args[0], args[1:], os.Stdout, os.Stderr)
		}
	}
	return inspect(args)
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

func usage(w io.Writer) {
	fmt.Fprint(w, `usage:
  infoscope [flags] [FILE...]      open the inspector (no FILE: the embedded samples; - reads stdin)
  infoscope dump [flags] FILE...   headless: one line (or --json object) per INFO instruction
  infoscope diff [flags] A B       what changed between two builds (files or dump folders)
  infoscope serve [flags] FILE...  serve the inspector over SSH (public-key auth)
  infoscope config                 print the configuration file that sets every default
  infoscope keys                   print the key bindings in effect
  infoscope version                print the version
A FILE that is a directory opens the vISA files in it.
run "infoscope dump -h" or "infoscope serve -h" for their flags;
"infoscope completion bash|zsh|fish" and "infoscope man" print the shell
completions and the manual page.
`)
}

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

// inspectWith is inspect with the configuration st (errs: its entries
// refused).
func inspectWith(args []string, st tui.Settings, errs []error, progOpts ...tea.ProgramOption) (code int) {
	fs := flag.NewFlagSet("infoscope", flag.ContinueOnError)
	out := io.Writer(os.Stderr)
	if wantsHelp(args) {
		out = os.Stdout
	}
	fs.SetOutput(out)
	fs.Usage = func() { usage(out); fs.PrintDefaults() }
	opts := cli.Decode(fs)
	surfPath := fs.String("surfaces", "", "surface description file: loaded if it exists, written by ctrl+s (default: "+surfaceFileName+" beside the first FILE, else in the current directory)")
	rulesFlag := fs.String("rules", "spec", "Output's result table: spec (the INFO spec's) or hw (the hardware notes: IGC and Mesa); r switches")
	noMouse := fs.Bool("no-mouse", false, "start with mouse reporting off (m toggles it)")
	mono := fs.Bool("mono", false, "monochrome theme (also chosen by NO_COLOR)")
	theme := fs.String("theme", "auto", "colours for a dark or light background: auto (asks the terminal), dark or light")
	noWatch := fs.Bool("no-watch", false, "do not reload files when they change on disk")
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
	if probed(fs) {
		return 0
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

func serveCmd(args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	out := io.Writer(os.Stderr)
	if wantsHelp(args) {
		out = os.Stdout
	}
	fs.SetOutput(out)
	fs.Usage = func() {
		fmt.Fprintln(out, "usage: infoscope serve [flags] --authorized-keys FILE FILE...")
		fs.PrintDefaults()
	}
	var cfg serve.Config
	opts := cli.Decode(fs)
	fs.StringVar(&cfg.Listen, "listen", "127.0.0.1:2222", "address to listen on")
	fs.StringVar(&cfg.HostKeyPath, "host-key", "infoscope_host_ed25519", "host key file (ed25519; created on first start, mode 0600)")
	fs.StringVar(&cfg.AuthorizedKeysPath, "authorized-keys", "", "authorized_keys file: the public keys allowed in (required)")
	cli.IntVar(fs, &cfg.MaxSessions, "max-sessions", 32, "maximum concurrent sessions")
	fs.DurationVar(&cfg.IdleTimeout, "idle-timeout", 15*time.Minute, "close a session after this long without input")
	fs.DurationVar(&cfg.MaxSessionTime, "max-session-time", 4*time.Hour, "close a session after this long in all")
	fs.DurationVar(&cfg.LoginGraceTime, "login-grace-time", serve.DefaultLoginGraceTime, "close a connection that has not logged in after this long")
	cli.IntVar(fs, &cfg.MaxLogins, "max-logins", serve.DefaultMaxLogins, "connections logging in at once (full); from half of it newcomers drop a silent one or are refused by chance, as OpenSSH MaxStartups")
	cli.IntVar(fs, &cfg.MaxLoginsPerSource, "max-logins-per-source", serve.DefaultMaxLoginsPerSource, "connections logging in at once from one address; past it a newcomer from there is refused and told why (raise it for a team behind one NAT address or a CI fan-out)")
	cli.IntVar(fs, &cfg.MaxDumps, "max-dumps", serve.DefaultMaxDumps, "at most `N` dump commands running at once (each decodes its inputs); past it one is refused with a message")
	cli.IntVar(fs, &cfg.MaxDumpsPerKey, "max-dumps-per-key", serve.DefaultMaxDumpsPerKey, "of those, at most `N` run by one key (a client reading none of its output holds its slot until --dump-write-stall)")
	fs.DurationVar(&cfg.DumpWriteStall, "dump-write-stall", serve.DefaultDumpWriteStall, "end a dump command whose output makes no progress this long (its client reads none of it), freeing its slot; negative: never")
	maxDumpStdin := cli.Size(serve.DefaultMaxDumpStdin)
	fs.Var(&maxDumpStdin, "max-dump-stdin", "the most bytes \"ssh HOST dump -\" reads from a client: a `SIZE` such as 512K or 16M")
	fs.StringVar(&cfg.StateDir, "state-dir", "", "`DIR` keeping each key's saved surface file and, apart, its unsaved edits (default $XDG_STATE_HOME/infoscope, else ~/.local/state/infoscope)")
	surfaces := fs.String("surfaces", "", "a team's surface file every session starts with (read once, never written; a key's own ctrl+s save takes its place)")
	rulesFlag := fs.String("rules", "spec", "Output's result table at start: spec or hw (r switches)")
	fs.StringVar(&cfg.ConfigPath, "config", "", "the sessions' configuration `FILE` (keys, theme; as \"infoscope config\" prints) for keys that keep none of their own (ssh HOST config --set); yours is not applied to them")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if probed(fs) {
		return 0
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
		fmt.Fprintln(os.Stderr, "usage: infoscope serve [flags] --authorized-keys FILE FILE... (-h lists the flags)")
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
	cfg.MaxDumpStdin = int64(maxDumpStdin)
	cfg.Files = fs.Args()
	cfg.Logger = log.NewWithOptions(os.Stderr, log.Options{ReportTimestamp: true, Prefix: "infoscope"})
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve.Run(ctx, cfg); err != nil {
		cfg.Logger.Error("serve", "err", strings.TrimSpace(err.Error()))
		return 1
	}
	return 0
}

// Shell completions and the man page (tui/cli) are written from the
// FlagSets the commands themselves register.

// probe, while set, is handed each command's FlagSet in place of running
// the command (see probed).
var probe func(*flag.FlagSet)

// probed is called by each command right after parsing its flags: while
// probe is set (commandFlags runs the command with no arguments, so the
// parse did nothing) it hands the FlagSet over and the command returns.
func probed(fs *flag.FlagSet) bool {
	if probe == nil {
		return false
	}
	probe(fs)
	return true
}

// commandFlags returns the FlagSet a command registers, without running
// it: run is one of inspect, serveCmd (each calls probed) or a dump.Run.
func commandFlags(run func() int) *flag.FlagSet {
	var got *flag.FlagSet
	probe = func(fs *flag.FlagSet) { got = fs }
	defer func() { probe = nil }()
	run()
	if got == nil {
		panic("command did not hand over its flags") // a command lost its probed call
	}
	return got
}

// commands lists infoscope's commands with their flags.
func commands() []cli.Command {
	inspector := commandFlags(func() int { return inspect(nil) })
	var dumpFlags *flag.FlagSet
	dump.Run(nil, dump.Env{Stdout: io.Discard, Stderr: io.Discard, Flags: func(fs *flag.FlagSet) { dumpFlags = fs }})
	var diffFlags *flag.FlagSet
	diffcmd.Run(nil, diffcmd.Env{Stdout: io.Discard, Stderr: io.Discard, Flags: func(fs *flag.FlagSet) { diffFlags = fs }})
	serveFlags := commandFlags(func() int { return serveCmd(nil) })
	return []cli.Command{
		{Name: "", Args: "[FILE...]", Summary: "open the inspector on the vISA files (no FILE: the embedded samples; - reads stdin)", Flags: inspector},
		{Name: "dump", Args: "FILE...", Summary: "headless: one line (or --json object) per INFO instruction", Flags: dumpFlags},
		{Name: "diff", Args: "A B", Summary: "what changed between two builds (files or dump folders); exit 0 same, 1 differ, 2 error", Flags: diffFlags},
		{Name: "serve", Args: "--authorized-keys FILE FILE...", Summary: "serve the inspector over SSH (public-key authentication)", Flags: serveFlags},
		{Name: "completion", Args: strings.Join(cli.Shells, "|"), Summary: "print the shell completion script for bash, zsh or fish", ArgWords: strings.Join(cli.Shells, " ")},
		{Name: "man", Summary: "print the manual page (roff)"},
		{Name: "config", Summary: "print the configuration file that sets every default (keys, theme, default flags), to save as $XDG_CONFIG_HOME/infoscope/config and edit"},
		{Name: "keys", Summary: "print every key binding in effect (the configuration file's), as docs/keys.md lists the defaults"},
		{Name: "help", Summary: "print the usage"},
		{Name: "version", Summary: "print the version"},
	}
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
