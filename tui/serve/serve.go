// Package serve runs infoscope's inspector over SSH (`infoscope serve`), on
// charm.land/wish/v2 and its bubbletea middleware.
//
// Every SSH session gets its own inspector (cursor, filters, dispatch mask
// and surface edits are per session), a view of the one workspace the
// server keeps for its files: each file is read and decoded once, at
// start and once per change on disk, and every session shows that same
// decode. Sessions are sized from the client's pty and
// following its resizes, coloured for the client's terminal: the colour
// profile comes from the TERM of the client's pty request and the variables
// the client sent (COLORTERM, NO_COLOR, ...), never from the server's
// environment.
//
// # Security
//
//   - Public keys only: a client is let in when its key is in the
//     authorized_keys file; password and keyboard-interactive are not offered,
//     and each refusal is logged with the key fingerprint and remote address.
//   - Clients can read the served files and nothing else: the inspector's
//     sources are those paths, and `dump` looks names up in a fixed table.
//   - Clients write to the server's disk only their surface file (at most
//     1 MiB) and their configuration (64 KiB, ssh HOST config --set), per
//     key, in the state directory (Config.StateDir), under a name made from
//     the key's fingerprint: ctrl+s saves the surface file there, atomically,
//     for `ssh HOST surfaces` to print and the key's next session to start
//     with. A session that ends with edits neither saved nor discarded (the
//     connection dropped, the server ended it) keeps them apart from the
//     save, and the next session brings them back marked [unsaved].
//   - No shell, exec, port forwarding, agent forwarding or subsystems;
//     sessions, idle time, session length and the window a session draws
//     are limited, for commands as for the inspector.
//   - Connections logging in are bounded per address and in all, with room
//     kept for fresh logins like OpenSSH's MaxStartups (see gate): silent
//     connections go first, then those of the address holding the most,
//     then newcomers by chance; a client busy logging in is never dropped
//     for a newcomer, so a flood cannot lock users out. Logins must finish within
//     LoginGraceTime; a connection gets 6 failed attempts, 10 open sessions
//     and only the environment variables the inspector reads.
//   - The host key is ed25519, created on first start with mode 0600; a key
//     file readable by others is refused.
//
// # Commands
//
//	ssh HOST                 the inspector (needs a pty; ssh allocates one)
//	ssh HOST dump [ARGS]     the headless dump over the served files; when
//	                         ARGS name no file, every served file
//	ssh HOST surfaces        the surface file this key last saved with ctrl+s
//	ssh HOST surfaces --unsaved  the edits a session of this key left unsaved
//	ssh HOST config          the configuration this key's sessions use;
//	                         --set < FILE keeps FILE as the key's own, --reset drops it
//	ssh HOST files           the served file names
//	ssh HOST help            this list
//
// Files are served under their base names (kernels.isa), which keeps the
// server's directory layout private; files that share a base name are served
// under the paths as given to the server instead. `ssh HOST files` lists
// them; the inspector, `dump` and the log use the same names.
package serve

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
	"time"

	"charm.land/log/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	bm "charm.land/wish/v2/bubbletea"
	gossh "golang.org/x/crypto/ssh"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/model/workspace"
	"infoscope/tui"
	"infoscope/tui/fsio"
)

// serverVersion is the software version in the server's SSH version line,
// versionLine, which refusals and push-outs send themselves (see gate).
const (
	serverVersion = "infoscope"
	versionLine   = "SSH-2.0-" + serverVersion
)

// Defaults for the zero values of Config.
const (
	DefaultListen          = "127.0.0.1:2222"
	DefaultHostKeyPath     = "infoscope_host_ed25519"
	DefaultMaxSessions     = 32
	DefaultIdleTimeout     = 15 * time.Minute
	DefaultMaxSessionTime  = 4 * time.Hour
	DefaultShutdownTimeout = 5 * time.Second
	// A client must log in within this time of connecting (sshd's
	// LoginGraceTime, shorter: keys only, no typing).
	DefaultLoginGraceTime = 10 * time.Second
	// Connections still logging in, in all and per source address (see
	// gate for what happens past half of the first, and past either).
	DefaultMaxLogins          = 100
	DefaultMaxLoginsPerSource = 10
	// `ssh HOST dump -`: the bytes read from one client's stdin, and the
	// dump commands decoding at once. Decoding costs up to ~30 bytes per
	// input byte (16 MiB of text of one short label a line, --all --json:
	// 459 MiB; docs/benchmarks.md), so the defaults hold the server's dump
	// memory to about 2 x 16 MiB x 30, 1 GB.
	DefaultMaxDumpStdin = 16 << 20
	DefaultMaxDumps     = 2
	// A key runs at most this many of them: a client that reads its output
	// slowly (its dump then lasts until the idle timeout) cannot take every
	// slot from the others.
	DefaultMaxDumpsPerKey = 1
	// A dump whose output makes no progress this long (its client reads
	// none of it) is ended and its slot freed: blocked output is not
	// activity, so the idle timeout alone would hold the slot for its 15
	// minutes.
	DefaultDumpWriteStall = 30 * time.Second
)

// Limits that are not configurable.
const (
	gateSummaryEvery = time.Minute
	maxSurfaceBytes  = 1 << 20 // size of one saved surface file
	quitGrace        = 2 * time.Second
	// wakeEvery is how often a running inspector's client gets an empty
	// request, so that a resize it failed to send goes out (see wakeClient).
	wakeEvery = time.Second
)

// Config configures Run. Zero values select the defaults above; a negative
// IdleTimeout or MaxSessionTime disables that limit.
type Config struct {
	Listen             string   // host:port to listen on (DefaultListen)
	HostKeyPath        string   // private host key, created if missing (DefaultHostKeyPath)
	AuthorizedKeysPath string   // required: the public keys allowed in
	Files              []string // required: the files to serve, read-only
	MaxSessions        int      // concurrent sessions of any kind (DefaultMaxSessions; <= 0: default)
	IdleTimeout        time.Duration
	MaxSessionTime     time.Duration
	LoginGraceTime     time.Duration // DefaultLoginGraceTime
	MaxLogins          int           // DefaultMaxLogins
	MaxLoginsPerSource int           // DefaultMaxLoginsPerSource
	MaxDumpStdin       int64         // bytes `dump -` reads from a client (DefaultMaxDumpStdin); more is an error
	MaxDumps           int           // dump commands running at once (DefaultMaxDumps); past it one is refused, with a message
	MaxDumpsPerKey     int           // of those, run by one key (DefaultMaxDumpsPerKey)
	DumpWriteStall     time.Duration // a dump whose output makes no progress this long is ended (DefaultDumpWriteStall; negative: never)
	Logger             *log.Logger   // connection log; nil: charm log's default logger

	// Decode is passed to every session's inspector (--layout, --offset, ...).
	Decode decoder.Options
	// StateDir keeps each key's surface files: what it saved with ctrl+s,
	// and apart from that the edits of a session that ended without a save
	// (DefaultStateDir when empty). Created if missing; the server does not
	// start if it cannot write there.
	StateDir string
	// Surfaces, if set, are the team's surface descriptions (serve
	// --surfaces): every session starts with its own copy, unless its key
	// saved with ctrl+s, in which case it starts with that save. The server
	// never writes them back. SurfacesName names them in the status line.
	Surfaces     *model.SurfaceFile
	SurfacesName string
	// Rules is the result table sessions' Output starts with (--rules).
	Rules model.Rules
	// ConfigPath is the sessions' configuration (keys, theme) for keys
	// that keep none of their own (--config); "": the defaults. The
	// configuration of the user running the server is not applied.
	ConfigPath string
	// Listener, if set, is served instead of listening on Listen (tests use
	// 127.0.0.1:0; socket activation). Run closes it.
	Listener net.Listener
	// ShutdownTimeout bounds the graceful shutdown (DefaultShutdownTimeout).
	ShutdownTimeout time.Duration

	started              func(*server) // tests: called with the server before it serves
	dumpStarted          func()        // tests: called when a dump command has its slot
	cellBudget, minCells int           // tests: windowCellBudget, minWindowCells
	wakeEvery            time.Duration // tests: wakeEvery; negative: never
	silentAfter          time.Duration // tests: silentAfter; negative: 0
	messageWait          time.Duration // tests: interruptMessageWait
}

func (c Config) withDefaults() Config {
	ifZero(&c.Listen, DefaultListen)
	ifZero(&c.HostKeyPath, DefaultHostKeyPath)
	ifZero(&c.Logger, log.Default())
	// Negative disables these.
	ifZero(&c.IdleTimeout, DefaultIdleTimeout)
	ifZero(&c.MaxSessionTime, DefaultMaxSessionTime)
	ifZero(&c.DumpWriteStall, DefaultDumpWriteStall)
	ifZero(&c.wakeEvery, wakeEvery)
	ifNotPositive(&c.MaxSessions, DefaultMaxSessions)
	ifNotPositive(&c.LoginGraceTime, DefaultLoginGraceTime)
	ifNotPositive(&c.MaxLogins, DefaultMaxLogins)
	ifNotPositive(&c.MaxLoginsPerSource, DefaultMaxLoginsPerSource)
	ifNotPositive(&c.ShutdownTimeout, DefaultShutdownTimeout)
	ifNotPositive(&c.MaxDumpStdin, DefaultMaxDumpStdin)
	ifNotPositive(&c.MaxDumps, DefaultMaxDumps)
	ifNotPositive(&c.MaxDumpsPerKey, DefaultMaxDumpsPerKey)
	ifNotPositive(&c.messageWait, interruptMessageWait)
	if c.cellBudget <= 0 {
		c.cellBudget, c.minCells = windowCellBudget, minWindowCells
	}
	return c
}

// ifZero sets *v to def when it is the zero value.
func ifZero[T comparable](v *T, def T) {
	var zero T
	if *v == zero {
		*v = def
	}
}

// ifNotPositive sets *v to def when it is zero or negative.
func ifNotPositive[T int | int64 | time.Duration](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// server is one running Run.
type server struct {
	cfg      Config
	log      *log.Logger
	files    *fileSet
	ws       *workspace.Workspace // the served files, decoded once for every session
	keys     *keyring
	sessions *registry
	state    *stateStore // each key's surface files, on disk
	gate     *gate
	// The server's configuration for sessions (cfg.ConfigPath), parsed
	// and as written; nil without one.
	config     *tui.Settings
	configText []byte

	dumpsMu    sync.Mutex
	dumps      int            // dump commands running (cfg.MaxDumps)
	dumpsByKey map[string]int // of those, per key (cfg.MaxDumpsPerKey)
}

// takeDump counts a dump command of key against the server's slots and the
// key's share of them; when either is full it returns what to tell the
// client.
func (s *server) takeDump(key string) (refusal string) {
	s.dumpsMu.Lock()
	defer s.dumpsMu.Unlock()
	switch {
	case s.dumps >= s.cfg.MaxDumps:
		return fmt.Sprintf("%d dump commands are running on this server, its limit (serve --max-dumps): try again when one has ended", s.cfg.MaxDumps)
	case s.dumpsByKey[key] >= s.cfg.MaxDumpsPerKey:
		return fmt.Sprintf("your key runs %d dump command(s) already, its share of this server's (serve --max-dumps-per-key): try again when it has ended", s.cfg.MaxDumpsPerKey)
	}
	s.dumps++
	s.dumpsByKey[key]++
	return ""
}

func (s *server) releaseDump(key string) {
	s.dumpsMu.Lock()
	defer s.dumpsMu.Unlock()
	s.dumps--
	if s.dumpsByKey[key]--; s.dumpsByKey[key] <= 0 {
		delete(s.dumpsByKey, key)
	}
}

// maxConns is the limit of logged-in connections for a session limit: room
// for every session on its own connection, and some to spare.
func maxConns(maxSessions int) int { return 2*maxSessions + 8 }

// Run serves the inspector until ctx is done, then tells connected users the
// server is shutting down and returns within cfg.ShutdownTimeout (plus a
// moment to close connections). It returns an error if the server cannot
// start (missing files or keys, bad host key, address in use) or stops for
// another reason than ctx.
func Run(ctx context.Context, cfg Config) error {
	cfg = cfg.withDefaults()
	if cfg.AuthorizedKeysPath == "" {
		closeListener(cfg.Listener)
		return errors.New("serve: an authorized keys file is required")
	}
	s, srv, err := newServer(cfg)
	if err != nil {
		closeListener(cfg.Listener)
		return fmt.Errorf("serve: %w", err)
	}
	ln := cfg.Listener
	if ln == nil {
		if ln, err = net.Listen("tcp", cfg.Listen); err != nil {
			return fmt.Errorf("serve: %w", err)
		}
	}
	for _, note := range s.files.notes {
		s.log.Info("folder served", "note", note)
	}
	s.log.Info("listening", "addr", ln.Addr().String(), "files", len(s.files.names),
		"host_key", gossh.FingerprintSHA256(srv.HostSigners[0].PublicKey()),
		"max_sessions", cfg.MaxSessions, "idle_timeout", cfg.IdleTimeout, "max_session_time", cfg.MaxSessionTime,
		"state_dir", s.state.dir, "login_grace_time", cfg.LoginGraceTime, "max_logins", cfg.MaxLogins, "max_logins_per_source", cfg.MaxLoginsPerSource)
	if cfg.started != nil {
		cfg.started(s)
	}
	gateDone := make(chan struct{})
	gateStopped := make(chan struct{})
	go func() { s.gate.run(gateSummaryEvery, gateDone); close(gateStopped) }()
	defer func() { close(gateDone); <-gateStopped }()

	// The first decode starts now, so the first session finds it done or
	// under way; sessions that come meanwhile show it loading.
	go s.ws.Load()
	watchCtx, stopWatch := context.WithCancel(context.Background())
	defer stopWatch()
	go func() {
		// One reload per change, on the watcher's goroutine: the file is
		// read and decoded once, and every session gets the result.
		err := fsio.Watch(watchCtx, s.files.paths, func(path string) {
			name := s.files.byPath[path]
			start := time.Now()
			s.ws.Reload(name)
			s.log.Info("file changed", "file", name, "sessions", s.ws.Subscribers(), "reload", time.Since(start).Round(time.Millisecond))
		})
		if err != nil {
			s.log.Warn("live reload off", "err", err)
		}
	}()

	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		if errors.Is(err, ssh.ErrServerClosed) {
			return nil
		}
		_ = srv.Close()
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	s.shutdown(srv)
	// Shutdown closes only the listeners Serve has registered: when the
	// context ends before the Serve goroutine got that far, Serve would then
	// block in Accept for ever. Closing ours makes it return either way.
	closeListener(ln)
	<-served
	return nil
}

func closeListener(ln net.Listener) {
	if ln != nil {
		_ = ln.Close()
	}
}

func newServer(cfg Config) (*server, *ssh.Server, error) {
	// The size limit is the operator's for every read (a client's own
	// --max-input does not raise it): messages that reach clients name it so.
	name := cfg.Decode.Name
	cfg.Decode.Name = func(op decoder.Option) string {
		if op == decoder.OptionMaxInput {
			return "serve --max-input, which the server's operator sets"
		}
		if name != nil {
			return name(op)
		}
		return ""
	}
	s := &server{cfg: cfg, log: cfg.Logger, dumpsByKey: map[string]int{}}
	var err error
	if s.state, err = openState(cfg.StateDir); err != nil {
		return nil, nil, err
	}
	if s.config, s.configText, err = loadServerConfig(cfg.ConfigPath); err != nil {
		return nil, nil, err
	}
	if s.files, err = newFileSet(cfg.Files, cfg.Decode); err != nil {
		return nil, nil, err
	}
	s.ws = workspace.New(s.files.sources(), cfg.Decode)
	if s.keys, err = newKeyring(cfg.AuthorizedKeysPath, s.log); err != nil {
		return nil, nil, err
	}
	signer, created, err := hostKey(cfg.HostKeyPath)
	if err != nil {
		return nil, nil, err
	}
	if created {
		s.log.Info("host key created", "file", cfg.HostKeyPath, "fingerprint", gossh.FingerprintSHA256(signer.PublicKey()))
	}
	s.sessions = newRegistry(cfg.MaxSessions, cfg.cellBudget, cfg.minCells)
	s.gate = newGate(cfg.MaxLoginsPerSource, cfg.MaxLogins, maxConns(cfg.MaxSessions), s.log)
	if cfg.silentAfter != 0 {
		s.gate.silentAfter = max(cfg.silentAfter, 0)
	}
	logins := newLogins(s.log)
	logins.quota, s.keys.quota = s.gate.quota, s.gate.quota

	srv, err := wish.NewServer(
		func(srv *ssh.Server) error { srv.AddHostKey(signer); return nil },
		wish.WithVersion(serverVersion),
		// No OS pty per session: the inspector writes to the channel and
		// takes its size and colours from the client's pty request.
		ssh.EmulatePty(),
		wish.WithPublicKeyAuth(s.keys.publicKeyHandler),
		func(srv *ssh.Server) error {
			srv.ServerConfigCallback = func(ctx ssh.Context) *gossh.ServerConfig {
				return &gossh.ServerConfig{
					AuthLogCallback: s.gate.authLog(gateConnOf(ctx), logins.attempt),
					MaxAuthTries:    maxAuthFailures,
				}
			}
			srv.HandshakeTimeout = cfg.LoginGraceTime
			srv.ChannelHandlers = map[string]ssh.ChannelHandler{
				"session": sessionChannels(ssh.DefaultSessionHandler, s.log),
			}
			// The sessions enforce the limits themselves, with a message;
			// these connection deadlines are the backstop for connections
			// that hold no session (or a session that ignores its end).
			if cfg.IdleTimeout > 0 {
				srv.IdleTimeout = cfg.IdleTimeout + time.Minute
			}
			if cfg.MaxSessionTime > 0 {
				srv.MaxTimeout = cfg.MaxSessionTime + time.Minute
			}
			srv.ConnectionFailedCallback = logins.failed
			// Connections before login hold no session, so MaxSessions does
			// not bound them; the gate does (with the login grace time).
			srv.ConnCallback = s.gate.connCallback
			return nil
		},
		// Middlewares run from the last to the first.
		wish.WithMiddleware(
			bm.MiddlewareWithProgramHandler(s.program),
			s.route,
			s.limit,
			s.logging,
		),
	)
	if err != nil {
		return nil, nil, err
	}
	return s, srv, nil
}

// shutdown ends every session with a message, waits for them within the
// bound, then closes what is left.
func (s *server) shutdown(srv *ssh.Server) {
	s.log.Info("shutting down", "sessions", s.sessions.count())
	deadline := time.Now().Add(s.cfg.ShutdownTimeout)
	s.sessions.closeAll("server shutting down")
	s.sessions.wait(time.Until(deadline))
	// Sessions are over; give clients a moment to close their connections
	// themselves (so the last bytes are not cut), then close the rest.
	end := time.Now().Add(time.Second)
	if deadline.Before(end) {
		end = deadline
	}
	ctx, cancel := context.WithDeadline(context.Background(), end)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		_ = srv.Close()
	}
	s.log.Info("stopped")
}

// sessionStart is what a session of a key starts with.
type sessionStart struct {
	surfaces *model.SurfaceFile
	loaded   string // what the status line calls them ("": nothing loaded)
	unsaved  []byte // the key's kept unsaved edits, when it starts with them
	loadErr  error  // the key's save could not be read: defaults, and ctrl+s asks first
}

// startSurfaces is what a session of key starts with: the edits its last
// session left neither saved nor discarded, marked unsaved; else the
// surface file it last saved with ctrl+s; else a copy of the team's file,
// else nothing.
func (s *server) startSurfaces(key string) sessionStart {
	var f *model.SurfaceFile
	data, mod, ok, err := s.state.read(unsavedDir, key)
	if err == nil && ok {
		if f, err = model.ParseSurfaceFile("unsaved", data); err == nil {
			return sessionStart{surfaces: f, unsaved: data,
				loaded: "with the unsaved edits of your session that ended " + mod.UTC().Format("2006-01-02 15:04 UTC") + " ([unsaved]: ctrl+s saves them)"}
		}
	}
	if err != nil {
		s.log.Warn("kept unsaved surface edits not read", "key", key, "err", err)
	}
	data, _, ok, err = s.state.read(savedDir, key)
	if err == nil && ok {
		if f, err = model.ParseSurfaceFile("saved", data); err == nil {
			return sessionStart{surfaces: f, loaded: "on the server (your last ctrl+s)"}
		}
	}
	if err != nil {
		// Not the team's file either: the status line says defaults, and
		// a ctrl+s must be confirmed before it replaces the unread save.
		s.log.Error("saved surface file not read", "key", key, "err", err)
		return sessionStart{loadErr: errors.New("unreadable: the server log says why")}
	}
	if s.cfg.Surfaces != nil {
		return sessionStart{surfaces: s.cfg.Surfaces.Clone(),
			loaded: s.cfg.SurfacesName + " (the server's, read-only; ctrl+s keeps your copy on the server)"}
	}
	return sessionStart{}
}
