package serve

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	bm "charm.land/wish/v2/bubbletea"
	"github.com/charmbracelet/colorprofile"

	"infoscope/decoder"
	"infoscope/tui"
	"infoscope/tui/dump"
)

// session is the server's view of one SSH session.
type session struct {
	id      uint64
	key     string // fingerprint of the key it logged in with
	started time.Time
	done    chan struct{} // closed when the inspector has ended
	last    atomic.Int64  // unix nanoseconds of the last input byte

	mu      sync.Mutex
	program *tea.Program // nil until the inspector starts, and for commands
	model   *tui.Model   // the inspector's model; read once the program has ended
	// ending is what end does (setEnding): stop the inspector, or
	// interrupt a command, telling the user why (a command may wait on the
	// client's stdin, dump -, for ever).
	ending func(reason string)
	ended  bool
	reason string // why the server ended it; "" when the user did
	// The client's window and the part of it the inspector draws (see
	// registry.window).
	clientW, clientH int
	drawnW, drawnH   int
	// The largest width and height drawn so far: the renderer's cell
	// buffers keep their capacity when a frame shrinks, so the session
	// holds up to heldW x heldH cells until it ends (registry.window).
	heldW, heldH int
	status       int // exit status sent to the client
	// startUnsaved is the kept unsaved edits the inspector started with
	// (nil if none): once its user saves or discards, they are dropped.
	startUnsaved []byte
}

func (st *session) touch() { st.last.Store(time.Now().UnixNano()) }

// end asks the session to finish, for reason (shown to the user). The
// inspector is told to quit and killed if it has not within quitGrace; a
// running command is interrupted.
func (st *session) end(reason string) {
	st.mu.Lock()
	if st.ended {
		st.mu.Unlock()
		return
	}
	st.ended, st.reason = true, reason
	ending := st.ending
	st.mu.Unlock()
	if ending != nil {
		// It may write to the client, which may not be reading: never
		// block the caller (the shutdown ends every session in turn).
		go ending(reason)
	}
}

// setEnding records what ending the session does; if it has been ended
// already, it does it now.
func (st *session) setEnding(f func(reason string)) {
	st.mu.Lock()
	st.ending = f
	ended, reason := st.ended, st.reason
	st.mu.Unlock()
	if ended {
		go f(reason)
	}
}

func (st *session) endReason() string {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.reason
}

// stop asks p to quit and kills it if it has not within quitGrace; done
// is closed once it has ended, which lets go of it at once (a timer would
// hold the program, and through it the session's memory, for the grace).
func stop(p *tea.Program, done <-chan struct{}) {
	// Quit blocks until the program's loop takes the message.
	go p.Quit()
	go func() {
		t := time.NewTimer(quitGrace)
		defer t.Stop()
		select {
		case <-done:
		case <-t.C:
			p.Kill()
		}
	}()
}

// watchdog ends the session (the inspector or a command) after idle
// without activity or after maxTime in all (each disabled when not
// positive), until the session is done.
func (st *session) watchdog(idle, maxTime time.Duration) {
	var idleC, maxC <-chan time.Time
	var it *time.Timer
	if idle > 0 {
		it = time.NewTimer(idle)
		defer it.Stop()
		idleC = it.C
	}
	if maxTime > 0 {
		mt := time.NewTimer(maxTime - time.Since(st.started))
		defer mt.Stop()
		maxC = mt.C
	}
	for {
		select {
		case <-st.done:
			return
		case <-maxC:
			st.end(fmt.Sprintf("session time limit (%v) reached", maxTime))
			return
		case <-idleC:
			quiet := time.Since(time.Unix(0, st.last.Load()))
			if quiet >= idle {
				st.end(fmt.Sprintf("closed after %v without input", idle))
				return
			}
			it.Reset(idle - quiet)
		}
	}
}

// active is the client's side of a session as the server reads and writes
// it: every byte either way is activity for the idle timeout. For the
// inspector (endOnClose), the client closing its input ends the session, so
// a session never outlives its user.
type active struct {
	rw         io.ReadWriter
	st         *session
	endOnClose bool
}

func (a active) Read(p []byte) (int, error) {
	n, err := a.st.counted(a.rw.Read(p))
	if err != nil && a.endOnClose {
		a.st.end("")
	}
	return n, err
}

func (a active) Write(p []byte) (int, error) { return a.st.counted(a.rw.Write(p)) }

// counted notes activity when n bytes went either way.
func (st *session) counted(n int, err error) (int, error) {
	if n > 0 {
		st.touch()
	}
	return n, err
}

// wakeClient sends the client a request it ignores every cfg.wakeEvery
// until done is closed. OpenSSH's client (9.2, clientloop.c) sends a
// window-change only from its main loop, which checks a flag that its
// SIGWINCH handler sets and then sleeps in poll with SIGWINCH unblocked: a
// resize whose signal lands between the check and the poll waits for the
// next packet or keystroke to wake the loop. An inspector at rest sends
// nothing, so such a resize was never sent and the session kept drawing
// the old size (seen under load in scripts/ssh-tmux.sh: the 132x48 frame
// cut to 90x30 for good). Any packet wakes the loop, which then sends the
// pending size. The request is sshd's keepalive without a reply: clients
// ignore it, and it is not input, so it does not hold off the idle timeout.
func (s *server) wakeClient(sess ssh.Session, done <-chan struct{}) {
	if s.cfg.wakeEvery < 0 {
		return
	}
	t := time.NewTicker(s.cfg.wakeEvery)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			if _, err := sess.SendRequest("keepalive@openssh.com", false, nil); err != nil {
				return
			}
		}
	}
}

// interruptible makes st.end interrupt the command under way, telling the
// client why on stderr with status 1. Ending closes the channel, which ends
// a read of stdin that could otherwise hold the shutdown to its timeout.
// The message waits on the client's window like any output: a client
// reading nothing never gets it, and must not hold the close
// (cfg.messageWait). The command calls the function returned once it has
// returned: it reports whether the command was interrupted, after waiting
// for the message when it was (the handler returning closes the channel,
// which would lose the message on its way).
func (s *server) interruptible(sess ssh.Session, st *session) func() bool {
	told := make(chan struct{})
	st.setEnding(func(reason string) {
		defer close(told)
		wrote := make(chan struct{})
		go func() {
			fmt.Fprintf(sess.Stderr(), "infoscope: %s\n", reason)
			close(wrote)
		}()
		select {
		case <-wrote:
		case <-time.After(s.cfg.messageWait):
		}
		_ = sess.Exit(1)
	})
	return func() bool {
		if st.endReason() == "" {
			return false
		}
		select {
		case <-told:
		case <-time.After(2 * s.cfg.messageWait):
		}
		return true
	}
}

// interruptMessageWait is how long ending a command waits for its message
// to go out before closing the channel anyway.
const interruptMessageWait = 2 * time.Second

// writeStall tracks a command's output for DumpWriteStall: since is when
// the write under way began (unix nanoseconds; 0 while none is), pieces
// counts the pieces written, and once stalled every write fails at once,
// so the command ends.
type writeStall struct {
	since   atomic.Int64
	pieces  atomic.Int64
	stalled atomic.Bool
}

// errWriteStalled is what writes return once the output has stalled.
var errWriteStalled = errors.New("output stalled: the client reads none of it")

// stallTicks is how many looks at the output, limit/stallTicks apart, must
// all find the same write under way before it is a stall. The wall clock
// alone would take a server that did not run (a loaded machine, a stopped
// process) for a client that did not read: the looks that did not happen
// then do not count.
const stallTicks = 8

// watch calls onStall once a write has made no progress for limit, seen
// at stallTicks looks in a row, until done is closed.
func (ws *writeStall) watch(limit time.Duration, done <-chan struct{}, onStall func()) {
	tick := time.NewTicker(max(limit/stallTicks, 10*time.Millisecond))
	defer tick.Stop()
	still, last := 0, int64(-1)
	for {
		select {
		case <-done:
			return
		case <-tick.C:
			since, pieces := ws.since.Load(), ws.pieces.Load()
			if since == 0 || pieces != last {
				still, last = 0, pieces
				continue
			}
			if still++; still >= stallTicks && time.Since(time.Unix(0, since)) >= limit {
				ws.stalled.Store(true)
				onStall()
				return
			}
		}
	}
}

// stallWriter writes through ws in pieces of stallPiece bytes, each one
// written counting as progress: an SSH channel's Write returns only when
// all of it has gone into the client's window, so a large write to a
// client that reads slowly but steadily is not taken for a stall.
type stallWriter struct {
	w  io.Writer
	ws *writeStall
}

const stallPiece = 16 << 10

func (sw stallWriter) Write(p []byte) (int, error) {
	n := 0
	for len(p) > 0 {
		if sw.ws.stalled.Load() {
			return n, errWriteStalled
		}
		piece := p[:min(len(p), stallPiece)]
		sw.ws.since.Store(time.Now().UnixNano())
		m, err := sw.w.Write(piece)
		sw.ws.since.Store(0)
		sw.ws.pieces.Add(1)
		n, p = n+m, p[m:]
		if err != nil {
			return n, err
		}
		if m < len(piece) {
			return n, io.ErrShortWrite
		}
	}
	return n, nil
}

// registry tracks the live sessions for the limits, reloads and shutdown.
type registry struct {
	max int
	// The cell buffers of all sessions together hold at most cellBudget
	// cells. A session's renderer keeps the buffers of the largest frame it
	// has drawn (shrinking a frame releases nothing), so what counts is
	// each session's held box (heldW x heldH, at least minCells: that much
	// is set aside for every session, present or to come); a session's box
	// grows only into the cells no one holds or has set aside. On top of
	// that, a session draws at most its share, cellBudget/sessions (at
	// least minCells, at most maxWindowWidth x maxWindowHeight), so the
	// frames drawn at one moment are shared evenly.
	cellBudget, minCells int

	mu       sync.Mutex
	nextID   uint64
	all      map[ssh.Session]*session
	admitted map[*session]bool
	closing  string // non-empty once shutting down: why
}

// newRegistry makes the registry of at most sessions sessions. The budget
// is raised to sessions x minCells if lower, so that every session can
// have its minimum.
func newRegistry(sessions, cellBudget, minCells int) *registry {
	return &registry{max: sessions, cellBudget: max(cellBudget, sessions*minCells), minCells: minCells,
		all: map[ssh.Session]*session{}, admitted: map[*session]bool{}}
}

// cellCap is the most cells one session may draw now (r.mu held).
func (r *registry) cellCap() int {
	n := max(len(r.admitted), 1)
	return max(min(r.cellBudget/n, maxWindowWidth*maxWindowHeight), r.minCells)
}

// held is the cells counted against the budget for st (r.mu and st.mu
// held): its box, or the minimum set aside for it.
func (r *registry) held(st *session) int {
	return max(st.heldW*st.heldH, r.minCells)
}

// holdLimit is the most cells st's box may grow to (r.mu held, st.mu not):
// what it holds plus what no session holds and no session to come needs.
func (r *registry) holdLimit(st *session) int {
	st.mu.Lock()
	own := r.held(st)
	st.mu.Unlock()
	if !r.admitted[st] {
		return own // not counted against the limit: its minimum is all it gets
	}
	used := 0
	for o := range r.admitted {
		if o == st {
			continue
		}
		o.mu.Lock()
		used += r.held(o)
		o.mu.Unlock()
	}
	toCome := max(r.max-len(r.admitted), 0) * r.minCells
	return max(r.cellBudget-used-toCome, own)
}

// fit is the part of a w x h window st draws (r.mu and st.mu held, limit
// from holdLimit): at most the session's share, and within limit cells
// counting the box of frames it has drawn before.
func (r *registry) fit(st *session, w, h, limit int) (int, int) {
	fw, fh := fitWindow(w, h, min(r.cellCap(), limit))
	// The box is what the buffers keep: a frame wider than any before
	// but lower still widens the rows already there.
	for max(fw, st.heldW)*max(fh, st.heldH) > limit {
		// Only a side beyond the box adds cells; shrink the one that
		// is, keeping the window's shape when both are.
		if fw > st.heldW && (fh <= st.heldH || fw*h >= fh*w) {
			fw--
		} else {
			fh--
		}
	}
	return fw, fh
}

// window records the client's window size for st and returns the size its
// inspector draws, counting it in st's box.
func (r *registry) window(st *session, w, h int) (int, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	limit := r.holdLimit(st)
	st.mu.Lock()
	defer st.mu.Unlock()
	st.clientW, st.clientH = w, h
	st.drawnW, st.drawnH = r.fit(st, w, h, limit)
	st.heldW, st.heldH = max(st.heldW, st.drawnW), max(st.heldH, st.drawnH)
	return st.drawnW, st.drawnH
}

// refit resizes the running inspectors whose share of the cell budget
// changed as sessions came or went (r.mu held).
func (r *registry) refit() {
	for st := range r.admitted {
		limit := r.holdLimit(st)
		st.mu.Lock()
		p, w, h := st.program, st.clientW, st.clientH
		fw, fh := r.fit(st, w, h, limit)
		changed := p != nil && !st.ended && (fw != st.drawnW || fh != st.drawnH)
		st.mu.Unlock()
		if changed {
			// The program's filter fits the client's size anew, as it is
			// when the message is taken: a size read here could arrive
			// after a newer window change and undo it. Send blocks while
			// the program is busy: never under r.mu.
			go p.Send(refitMsg{})
		}
	}
}

func (r *registry) open(sess ssh.Session) *session {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.nextID++
	st := &session{id: r.nextID, key: fingerprint(sess), started: time.Now(), done: make(chan struct{})}
	st.touch()
	r.all[sess] = st
	return st
}

func (r *registry) forget(sess ssh.Session) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.all, sess)
}

func (r *registry) get(sess ssh.Session) *session {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.all[sess]
}

// admit counts st against the session limit; when it cannot, it returns
// the message for the client.
func (r *registry) admit(st *session) (refusal string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.closing != "":
		return r.closing
	case len(r.admitted) >= r.max:
		return fmt.Sprintf("the server is full (%d sessions); try again later", r.max)
	}
	r.admitted[st] = true
	r.refit()
	return ""
}

func (r *registry) release(st *session) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.admitted, st)
	r.refit()
}

func (r *registry) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.admitted)
}

// closeAll refuses new sessions and ends the current ones.
func (r *registry) closeAll(reason string) {
	r.mu.Lock()
	r.closing = reason
	sts := make([]*session, 0, len(r.admitted))
	for st := range r.admitted {
		sts = append(sts, st)
	}
	r.mu.Unlock()
	for _, st := range sts {
		st.end(reason)
	}
}

// wait waits up to d for every session to finish.
func (r *registry) wait(d time.Duration) {
	deadline := time.Now().Add(d)
	for r.count() > 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
}

// logging is the structured connection log: one line when a session starts
// and one when it ends, with its duration, exit status and end reason.
func (s *server) logging(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		st := s.sessions.open(sess)
		defer s.sessions.forget(sess)
		fields := []any{"session", st.id, "user", sess.User(), "remote", sess.RemoteAddr().String(),
			"key", st.key, "client", sess.Context().ClientVersion()}
		if cmd := sess.RawCommand(); cmd != "" {
			fields = append(fields, "command", cmd)
		}
		if pty, _, ok := sess.Pty(); ok {
			fields = append(fields, "term", pty.Term, "width", pty.Window.Width, "height", pty.Window.Height)
		}
		s.log.Info("connect", fields...)
		next(sess)
		end := []any{"session", st.id, "remote", sess.RemoteAddr().String(),
			"duration", time.Since(st.started).Round(time.Millisecond), "status", st.status}
		if r := st.endReason(); r != "" {
			end = append(end, "reason", r)
		}
		s.log.Info("disconnect", end...)
	}
}

// limit enforces MaxSessions and refuses sessions once shutting down.
func (s *server) limit(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		st := s.sessions.get(sess)
		if refusal := s.sessions.admit(st); refusal != "" {
			st.mu.Lock()
			st.ended, st.reason = true, "refused: "+refusal
			st.mu.Unlock()
			s.log.Warn("session refused", "session", st.id, "remote", sess.RemoteAddr().String(), "reason", refusal)
			s.exit(sess, st, 1, refusal)
			return
		}
		defer s.sessions.release(st)
		next(sess)
	}
}

// exit ends a session with status, telling the user why when msg is set.
func (s *server) exit(sess ssh.Session, st *session, status int, msg string) {
	if msg != "" {
		fmt.Fprintf(sess.Stderr(), "infoscope: %s\n", msg)
	}
	st.status = status
	_ = sess.Exit(status)
}

// sshCommand is a command a client runs without the inspector: ssh HOST
// NAME ARGS (soft-serve's cmd/ way: a table of them, which the dispatch
// and the help both read).
type sshCommand struct {
	names []string // the words that select it
	help  string   // its lines in the help
	run   func(s *server, sess ssh.Session, st *session, args []string)
}

// sshCommands are the commands a client may run.
func sshCommands() []sshCommand {
	return []sshCommand{
		{names: []string{"dump"}, run: (*server).dumpCmd, help: `  ssh HOST dump [ARGS]     headless dump of the served files (ssh HOST dump -h for ARGS;
                           with no file named, every served file; - reads your stdin)
`},
		{names: []string{"surfaces"}, run: (*server).surfacesCmd, help: `  ssh HOST surfaces        the surface file you last saved in the inspector (ctrl+s)
  ssh HOST surfaces --unsaved  edits a session of yours left neither saved nor discarded
`},
		{names: []string{"config"}, run: (*server).configCmd, help: `  ssh HOST config          the configuration your sessions use (keys, theme)
  ssh HOST config --set < FILE  keep FILE as yours; --reset goes back to the server's
`},
		{names: []string{"files"}, run: (*server).filesCmd, help: "  ssh HOST files           the served files\n"},
		{names: []string{"help", "-h", "--help"}, run: (*server).helpCmd, help: "  ssh HOST help            this text\n"},
	}
}

// commandHelp is what a client is told it may run: the inspector, then
// each command.
func commandHelp() string {
	var b strings.Builder
	b.WriteString(`infoscope serves an inspector of vISA INFO instructions.
  ssh HOST                 the inspector (needs a terminal: ssh allocates one, or use ssh -t)
`)
	for _, c := range sshCommands() {
		b.WriteString(c.help)
	}
	return b.String()
}

// route runs the command a client asked for, or the inspector.
func (s *server) route(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		st := s.sessions.get(sess)
		cmd := sess.Command()
		if len(cmd) == 0 {
			// The window changes' channel, taken now: Pty copies the pty
			// that each window change writes.
			_, winch, ok := sess.Pty()
			if !ok {
				s.exit(sess, st, 1, "no terminal: the inspector needs a pty (ssh -t HOST); without one run a command:\n"+commandHelp())
				return
			}
			go st.watchdog(s.cfg.IdleTimeout, s.cfg.MaxSessionTime)
			go s.wakeClient(sess, st.done)
			next(sess) // the bubbletea middleware: returns once the inspector has ended
			close(st.done)
			// Nobody takes window changes now: the ssh package's request
			// loop would wait on the next one for ever, holding the
			// session. This drains them until that loop ends.
			go func() {
				for range winch {
				}
			}()
			st.mu.Lock()
			if st.model != nil {
				st.model.Close() // its view of the workspace
			}
			st.mu.Unlock()
			kept, keepErr := s.keepUnsaved(st)
			if r := st.endReason(); r != "" {
				switch {
				case kept:
					r += "; your unsaved surface edits are kept on the server, apart from your saves: your next session starts with them, marked [unsaved] (ssh HOST surfaces --unsaved prints them)"
				case keepErr != nil:
					r += "; your unsaved surface edits could not be kept (the server could not write them to its disk): they are lost"
				}
				// On stdout, behind the inspector's last bytes (leaving the
				// alternate screen): the client writes its stdout and
				// stderr separately, so on stderr the line could land on
				// the alternate screen and vanish with it.
				fmt.Fprintf(sess, "infoscope: %s\n", r)
				s.exit(sess, st, 1, "")
				return
			}
			s.exit(sess, st, 0, "")
			return
		}
		for _, c := range sshCommands() {
			if slices.Contains(c.names, cmd[0]) {
				c.run(s, sess, st, cmd[1:])
				return
			}
		}
		s.exit(sess, st, 2, fmt.Sprintf("unknown command %q\n%s", cmd[0], commandHelp()))
	}
}

// dumpCmd is `ssh HOST dump ARGS`: the dump command over the served files
// (all of them when ARGS name none), with a slot of MaxDumps.
func (s *server) dumpCmd(sess ssh.Session, st *session, args []string) {
	// Each dump decodes its inputs on its own: past cfg.MaxDumps at
	// once one is refused, so clients cannot add up memory.
	if refusal := s.takeDump(st.key); refusal != "" {
		s.exit(sess, st, 1, refusal)
		return
	}
	// The slots are freed before the client learns that the dump has
	// ended: one that runs its next dump at once must find them free
	// (they were freed as the handler returned, after the exit status,
	// and a quick next dump was refused).
	release := sync.OnceFunc(func() { s.releaseDump(st.key) })
	defer release()
	if s.cfg.dumpStarted != nil {
		s.cfg.dumpStarted()
	}
	interrupted := s.interruptible(sess, st)
	// The idle and session limits hold for commands too: a dump
	// of stdin that never comes ends at them, with a message.
	// Input and output both count as activity.
	go st.watchdog(s.cfg.IdleTimeout, s.cfg.MaxSessionTime)
	stdin := &limitedReader{r: active{rw: sess, st: st}, n: s.cfg.MaxDumpStdin, limit: s.cfg.MaxDumpStdin}
	// Output blocked on a client that reads none of it ends the
	// dump after DumpWriteStall (the idle timeout would hold the
	// slot far longer). Both streams count: they share the
	// channel's window.
	stall := &writeStall{}
	if limit := s.cfg.DumpWriteStall; limit > 0 {
		go stall.watch(limit, st.done, func() {
			s.log.Warn("dump output stalled: dump ended, its slot freed", "session", st.id, "key", st.key, "stall", limit)
			st.end(fmt.Sprintf("the dump's output made no progress for %v (your client read none of it): dump ended (serve --dump-write-stall)", limit))
		})
	}
	if note := s.maxInputNote(args); note != "" {
		fmt.Fprintf(sess.Stderr(), "infoscope dump: note: %s\n", note)
	}
	// With no file named (dump, dump --json), every served file.
	status := dump.Run(args, dump.Env{Stdin: stdin, Stdout: stallWriter{active{rw: sess, st: st}, stall}, Stderr: stallWriter{sess.Stderr(), stall},
		Open: s.files.opener(stdin), Exists: s.files.hasPart, Inputs: s.files.names,
		Workers: 1}) // one file decoded at a time: the memory bound of docs/serve.md
	close(st.done)
	release()
	if interrupted() {
		status = 1
	}
	s.exit(sess, st, status, "")
}

// maxInputNote is what a dump with --max-input is told when it reads a
// served file (one named, --surfaces FILE, or all of them when none is
// named): those are read under the server's limit, which a client's flag
// neither raises nor lowers, so the flag would otherwise go unheeded
// without a word. On stdin (dump -) it holds, within the server's
// --max-dump-stdin. Arguments the flag parser refuses get no note: dump
// says why.
func (s *server) maxInputNote(args []string) string {
	fs := dump.Flags()
	fs.SetOutput(io.Discard)
	if fs.Parse(args) != nil {
		return ""
	}
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "max-input" })
	served := func(name string) bool { return name != "" && name != "-" }
	if !given || (fs.NArg() > 0 && !slices.ContainsFunc(fs.Args(), served) && !served(fs.Lookup("surfaces").Value.String())) {
		return ""
	}
	limit := s.cfg.Decode.MaxInput
	if limit <= 0 {
		limit = decoder.DefaultMaxInput
	}
	return fmt.Sprintf("--max-input applies to your stdin (dump -) only: served files are read under this server's limit, %s (%s)",
		decoder.FormatSize(limit), s.cfg.Decode.Say(decoder.OptionMaxInput))
}

// filesCmd is `ssh HOST files`: the served files.
func (s *server) filesCmd(sess ssh.Session, st *session, _ []string) {
	_, _ = io.WriteString(sess, s.files.listing())
	s.exit(sess, st, 0, "")
}

// helpCmd is `ssh HOST help`.
func (s *server) helpCmd(sess ssh.Session, st *session, _ []string) {
	_, _ = io.WriteString(sess, commandHelp())
	s.exit(sess, st, 0, "")
}

// keepUnsaved keeps, apart from the key's save, the surface edits of an
// inspector that ended without its user saving or discarding them (the
// server ended it, or the connection dropped); it reports whether it did,
// and why not when it tried and failed. An inspector that started with
// kept unsaved edits and ends without any (its user saved or discarded
// them) lets go of them.
func (s *server) keepUnsaved(st *session) (bool, error) {
	st.mu.Lock()
	m, was := st.model, st.startUnsaved
	st.mu.Unlock()
	if m == nil {
		return false, nil
	}
	if !m.Unsaved() {
		s.dropUnsaved(st, was)
		return false, nil
	}
	if err := s.state.write(unsavedDir, st.key, m.SurfacesJSON()); err != nil {
		s.log.Error("unsaved surface edits NOT kept", "session", st.id, "key", st.key, "err", err)
		return false, err
	}
	s.log.Info("unsaved surface edits kept", "session", st.id, "key", st.key)
	return true, nil
}

// surfacesCmd is `ssh HOST surfaces [--unsaved]`: the key's save, or its
// kept unsaved edits, on stdout; on stderr, a note when the other exists too.
func (s *server) surfacesCmd(sess ssh.Session, st *session, args []string) {
	unsaved := false
	switch {
	case len(args) == 1 && args[0] == "--unsaved":
		unsaved = true
	case len(args) > 0:
		s.exit(sess, st, 2, "usage: ssh HOST surfaces [--unsaved]")
		return
	}
	saved, _, hasSave, errSave := s.state.read(savedDir, st.key)
	kept, when, hasKept, errKept := s.state.read(unsavedDir, st.key)
	for _, err := range []error{errSave, errKept} {
		if err != nil {
			s.log.Error("surface file not read", "session", st.id, "key", st.key, "err", err)
		}
	}
	note := ""
	if hasKept && !unsaved {
		note = "this key also has unsaved edits, kept apart when its session ended " + when.UTC().Format("2006-01-02 15:04 UTC") + " without a save: ssh HOST surfaces --unsaved prints them"
	}
	if hasSave && unsaved {
		note = "these edits were never saved; ssh HOST surfaces prints your last ctrl+s"
	}
	data, ok, err := saved, hasSave, errSave
	if unsaved {
		data, ok, err = kept, hasKept, errKept
	}
	switch {
	case err != nil:
		s.exit(sess, st, 1, "the server could not read it (its log says why)")
		return
	case !ok && unsaved:
		s.exit(sess, st, 1, "no unsaved surface edits are kept for this key ("+st.key+")")
		return
	case !ok:
		msg := "no surface file saved with this key (" + st.key + "): press ctrl+s in the inspector first"
		if note != "" {
			msg += "\ninfoscope: " + note
		}
		s.exit(sess, st, 1, msg)
		return
	}
	// The save is JSON from model's Marshal, whose strings keep C1 controls
	// and bidi overrides raw: escaped here, as dump --json's are, they act
	// on no client's terminal and still read back as saved.
	if _, err := decoder.JSONGuard(sess).Write(data); err == nil && !strings.HasSuffix(string(data), "\n") {
		_, _ = io.WriteString(sess, "\n")
	}
	if note != "" {
		fmt.Fprintf(sess.Stderr(), "infoscope: %s\n", note)
	}
	s.exit(sess, st, 0, "")
}

// program builds the inspector of one session, for the bubbletea
// middleware. The middleware's options take input, output, window size and
// colour profile from the SSH session: with the emulated pty the profile is
// colorprofile.Env of the client's environment plus the TERM of its pty
// request, so the server's own terminal and environment play no part.
func (s *server) program(sess ssh.Session) *tea.Program {
	st := s.sessions.get(sess)
	pty, _, _ := sess.Pty()
	profile := colorprofile.Env(append(sess.Environ(), "TERM="+pty.Term))
	start := s.startSurfaces(st.key)
	settings, configErrs := s.settings(st)
	m := tui.New(tui.Config{
		Keys:            &settings.Keys,
		ConfigErrors:    configErrs,
		Theme:           fixedTheme(settings.Theme),
		Workspace:       s.ws,
		Native:          s.files.native,
		Surfaces:        start.surfaces,
		SurfacesLoaded:  start.loaded,
		SurfacesUnsaved: start.unsaved != nil,
		SurfaceLoadErr:  start.loadErr,
		Rules:           s.cfg.Rules,
		SurfacePath:     "on the server (ssh HOST surfaces prints it)",
		SaveSurfaces:    func(b []byte) error { return s.saveSurfaces(st, b) },
		Mono:            profile < colorprofile.ANSI || settings.Theme == "mono",
	})
	w, h := s.sessions.window(st, pty.Window.Width, pty.Window.Height)
	opts := append(bm.MakeOptions(sess),
		tea.WithInput(active{rw: sess, st: st, endOnClose: true}),
		// The server handles SIGINT/SIGTERM once, for every session.
		tea.WithoutSignalHandler(),
		tea.WithWindowSize(w, h),
		tea.WithFilter(s.filterMsg(st)),
	)
	p := tea.NewProgram(m, opts...)
	st.mu.Lock()
	st.program, st.model, st.startUnsaved = p, m, start.unsaved
	st.mu.Unlock()
	st.setEnding(func(string) { stop(p, st.done) })
	return p
}

// saveSurfaces is ctrl+s of st's inspector: the key's surface file on the
// server's disk, written atomically. The error goes to the user's status
// line, so it does not name the server's paths; the log has it whole.
func (s *server) saveSurfaces(st *session, data []byte) error {
	if err := s.state.write(savedDir, st.key, data); err != nil {
		if _, tooBig := errors.AsType[*sizeError](err); tooBig {
			return err // nothing written: the client is told why
		}
		s.log.Error("surface file NOT saved", "session", st.id, "key", st.key, "err", err)
		return errors.New("the server could not write it to its disk (its log says why); your edits are still unsaved")
	}
	st.mu.Lock()
	was := st.startUnsaved
	st.mu.Unlock()
	// Saved now: the edits this session brought back are in the save.
	s.dropUnsaved(st, was)
	s.log.Info("surface file saved", "session", st.id, "key", st.key)
	return nil
}

// dropUnsaved lets go of the kept unsaved edits st started with (was; nil
// if none): its user saved or discarded them.
func (s *server) dropUnsaved(st *session, was []byte) {
	if was == nil {
		return
	}
	if err := s.state.dropUnsaved(st.key, was); err != nil {
		s.log.Warn("kept unsaved surface edits not removed", "session", st.id, "key", st.key, "err", err)
	}
}

// The largest window a session draws. The client chooses its pty size, and
// the frame costs server memory in proportion (a 4000x4000 request took
// over 3 GB of heap; docs/serve.md has the cost a cell), so a client
// must not be able to exhaust the server with it: a session draws at most
// maxWindowWidth x maxWindowHeight, and the cell buffers of all sessions
// together hold at most windowCellBudget cells (or max sessions x
// minWindowCells if more). A renderer keeps the buffers of the largest
// frame it has drawn, so each session's largest frame is counted until it
// ends, and minWindowCells (200x60) are set aside for every session, present
// or to come (see registry). A bigger terminal shows the inspector in its
// top-left corner.
const (
	maxWindowWidth   = 1000
	maxWindowHeight  = 300
	windowCellBudget = 2_000_000
	minWindowCells   = 200 * 60
)

// fitWindow is the part of a w x h window a session draws when it may use
// cells cells: the window itself if it fits, else the same shape scaled
// down.
func fitWindow(w, h, cells int) (int, int) {
	w, h = max(min(w, maxWindowWidth), 1), max(min(h, maxWindowHeight), 1)
	if w*h <= cells {
		return w, h
	}
	f := math.Sqrt(float64(cells) / float64(w*h))
	fw, fh := max(int(float64(w)*f), 1), max(int(float64(h)*f), 1)
	for fw*fh > cells && fw*fh > 1 {
		if fw > fh {
			fw--
		} else {
			fh--
		}
	}
	return fw, fh
}

// refitMsg asks a session's inspector to fit the client's last window size
// to its share of the window budget anew (see registry.refit).
type refitMsg struct{}

// filterMsg fits every resize to the session's share of the window budget,
// turns a refitMsg into the resize of the client's last size, and replaces
// suspends with resumes as bm.MakeOptions' filter (which this replaces)
// does: a session cannot be suspended.
func (s *server) filterMsg(st *session) func(tea.Model, tea.Msg) tea.Msg {
	return func(_ tea.Model, msg tea.Msg) tea.Msg {
		switch m := msg.(type) {
		case tea.WindowSizeMsg:
			m.Width, m.Height = s.sessions.window(st, m.Width, m.Height)
			return m
		case refitMsg:
			// The filter runs on the program's loop, as every window
			// change does: the client's size is the latest.
			st.mu.Lock()
			w, h := st.clientW, st.clientH
			st.mu.Unlock()
			w, h = s.sessions.window(st, w, h)
			return tea.WindowSizeMsg{Width: w, Height: h}
		case tea.SuspendMsg:
			return tea.ResumeMsg{}
		}
		return msg
	}
}
