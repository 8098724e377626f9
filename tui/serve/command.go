package serve

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"charm.land/log/v2"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/tui/cli"
	"infoscope/tui/fsio"
)

// The serve command: its flags, each into the Config field it sets.

// Args is the command's synopsis after its flags.
const Args = "--authorized-keys FILE FILE..."

// Flags returns the command's flags, registered on a new FlagSet and
// nothing run: the completions and the man page list them.
func Flags() *flag.FlagSet {
	fs, _ := register()
	return fs
}

// register returns a new FlagSet with the command's flags, parsed (most
// straight into a Config) into the values it returns.
func register() (*flag.FlagSet, *flagValues) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	v := &flagValues{maxDumpStdin: cli.Size(DefaultMaxDumpStdin)}
	cfg := &v.cfg
	v.decode = cli.Decode(fs)
	fs.StringVar(&cfg.Listen, "listen", DefaultListen, "address to listen on")
	fs.StringVar(&cfg.HostKeyPath, "host-key", DefaultHostKeyPath, "host key file (ed25519; created on first start, mode 0600)")
	fs.StringVar(&cfg.AuthorizedKeysPath, "authorized-keys", "", "authorized_keys file: the public keys allowed in (required)")
	cli.IntVar(fs, &cfg.MaxSessions, "max-sessions", DefaultMaxSessions, "maximum concurrent sessions")
	fs.DurationVar(&cfg.IdleTimeout, "idle-timeout", DefaultIdleTimeout, "close a session after this long without input")
	fs.DurationVar(&cfg.MaxSessionTime, "max-session-time", DefaultMaxSessionTime, "close a session after this long in all")
	fs.DurationVar(&cfg.LoginGraceTime, "login-grace-time", DefaultLoginGraceTime, "close a connection that has not logged in after this long")
	cli.IntVar(fs, &cfg.MaxLogins, "max-logins", DefaultMaxLogins, "connections logging in at once (full); from half of it newcomers drop a silent one or are refused by chance, as OpenSSH MaxStartups")
	cli.IntVar(fs, &cfg.MaxLoginsPerSource, "max-logins-per-source", DefaultMaxLoginsPerSource, "connections logging in at once from one address; past it a newcomer from there is refused and told why (raise it for a team behind one NAT address or a CI fan-out)")
	cli.IntVar(fs, &cfg.MaxDumps, "max-dumps", DefaultMaxDumps, "at most `N` dump commands running at once (each decodes its inputs); past it one is refused with a message")
	cli.IntVar(fs, &cfg.MaxDumpsPerKey, "max-dumps-per-key", DefaultMaxDumpsPerKey, "of those, at most `N` run by one key (a client reading none of its output holds its slot until --dump-write-stall)")
	fs.DurationVar(&cfg.DumpWriteStall, "dump-write-stall", DefaultDumpWriteStall, "end a dump command whose output makes no progress this long (its client reads none of it), freeing its slot; negative: never")
	fs.Var(&v.maxDumpStdin, "max-dump-stdin", "the most bytes \"ssh HOST dump -\" reads from a client: a `SIZE` such as 512K or 16M")
	fs.StringVar(&cfg.StateDir, "state-dir", "", "`DIR` keeping each key's saved surface file and, apart, its unsaved edits (default $XDG_STATE_HOME/infoscope, else ~/.local/state/infoscope)")
	v.surfaces = fs.String("surfaces", "", "a team's surface file every session starts with (read once, never written; a key's own ctrl+s save takes its place)")
	v.rules = fs.String("rules", "spec", "Output's result table at start: spec or hw (r switches)")
	fs.StringVar(&cfg.ConfigPath, "config", "", "the sessions' configuration `FILE` (keys, theme; as \"infoscope config\" prints) for keys that keep none of their own (ssh HOST config --set); yours is not applied to them")
	return fs, v
}

// flagValues are the command's flags as they are parsed: most straight into
// its Config.
type flagValues struct {
	cfg             Config
	decode          func() (decoder.Options, error)
	maxDumpStdin    cli.Size
	surfaces, rules *string
}

// Command runs the serve command with args (after the word "serve") until
// SIGINT or SIGTERM, logging to stderr, and returns the exit status.
func Command(args []string, stdout, stderr io.Writer) int {
	fs, v := register()
	cli.SetHelp(fs, args, stdout, stderr, func(w io.Writer) { fmt.Fprintln(w, "usage: infoscope serve [flags] "+Args) })
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
		fmt.Fprintf(stderr, "infoscope serve: missing %s\n", strings.Join(missing, " and "))
		fmt.Fprintln(stderr, "usage: infoscope serve [flags] "+Args+" (-h lists the flags)")
		return 2
	}
	var err error
	if cfg.Rules, err = model.ParseRules(*rulesFlag); err != nil {
		fmt.Fprintln(stderr, "infoscope serve: --rules:", err)
		return 2
	}
	if *surfaces != "" {
		sf, err := fsio.LoadSurfaces(*surfaces)
		if err == nil && sf == nil {
			err = fmt.Errorf("surface file %s: no such file", *surfaces)
		}
		if err != nil {
			fmt.Fprintln(stderr, "infoscope serve: --surfaces:", err)
			return 2
		}
		cfg.Surfaces, cfg.SurfacesName = sf, filepath.Base(*surfaces)
	}
	if cfg.Decode, err = opts(); err != nil {
		fmt.Fprintln(stderr, "infoscope serve:", err)
		return 2
	}
	cfg.MaxDumpStdin = int64(v.maxDumpStdin)
	cfg.Files = fs.Args()
	cfg.Logger = log.NewWithOptions(stderr, log.Options{ReportTimestamp: true, Prefix: "infoscope"})
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := Run(ctx, *cfg); err != nil {
		cfg.Logger.Error("serve", "err", strings.TrimSpace(err.Error()))
		return 1
	}
	return 0
}
