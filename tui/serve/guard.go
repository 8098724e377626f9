package serve

import (
	"cmp"
	"container/list"
	"encoding/binary"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/log/v2"
	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// Limits on what one connection may ask for. They are far above what an
// OpenSSH client uses and far below what would cost the server.
const (
	maxChannels     = 10 // open session channels per connection (OpenSSH's MaxSessions)
	maxAuthFailures = 6  // failed authentication attempts per connection (OpenSSH's MaxAuthTries)
	maxEnvValue     = 256
)

// acceptedEnv are the variables a client may set: those the inspector reads
// (colours and locale). Each may be set once per session; anything else is
// refused, so a client cannot make the server store its environment.
var acceptedEnv = map[string]bool{"TERM": true, "NO_COLOR": true, "COLORTERM": true, "LANG": true}

// gate bounds the connections that have not logged in yet, per source
// address and in total, keeping room for fresh logins the way OpenSSH's
// MaxStartups start:rate:full does, and never at the cost of a client
// busy logging in:
//
//   - a newcomer whose source holds its share drops that source's oldest
//     connection that has sent nothing for silentAfter (a socket held
//     open, not a client: OpenSSH's sends its version at once), else it is
//     refused, as OpenSSH's PerSourceMaxStartups does (a team behind one
//     NAT address logging in at once: the refused are told why);
//   - from start connections logging in (half the pool), a newcomer drops a
//     connection that has sent nothing for silentAfter, else it is refused
//     with a chance that grows from rate at start to 1 at full (random
//     early drop: a flood from rotating addresses gets fewer slots the
//     more it holds, and it cannot push out a login under way);
//   - at full, a newcomer drops the oldest connection of the source that
//     holds the most when that source holds more than one, else it is
//     refused.
//
// A refused newcomer's client is told why (see refuse), and so is a
// dropped connection's when the protocol allows (see pushOut). The old rule, dropping the oldest connection
// whoever held it, let 110 connections from 200 rotating addresses push
// out every real login. Logged-in connections are counted apart, up to
// maxAuthed.
type gate struct {
	perSource, total, maxAuthed int
	start                       int           // from here newcomers may be refused (earlyDropRate)
	silentAfter                 time.Duration // a connection silent this long goes first
	rnd                         func() float64
	log                         *log.Logger
	telling                     chan struct{} // refusals and push-outs being told: a slot each

	mu       sync.Mutex
	pending  *list.List     // of *gateConn, oldest first: connections logging in
	bySource map[string]int // pending connections per source address
	authed   int
	// Counted since the last summary, which is logged instead of a line
	// per dropped connection.
	dropped      int
	refusedEarly int // newcomers refused while the pool was past start
	droppedFrom  map[string]int
	refused      int       // logged in past maxAuthed
	authFailures int       // connections closed after maxAuthFailures
	since        time.Time // start of the summary's period
	// Refusals (unknown keys, passwords, ...) are logged one by one up to
	// refusalLogQuota per summary period, then only counted.
	refusalsLogged, refusalsNotLogged int
}

// refusalLogQuota is how many refusals a summary period logs one by one: an
// operator sees who tried, and a flood of attempts cannot flood the log.
const refusalLogQuota = 30

// maxSummarySources bounds the addresses a summary counts drops for.
const maxSummarySources = 1000

// quota reports whether a refusal may be logged on its own line now; when
// not, it is counted for the summary.
func (g *gate) quota() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.refusalsLogged < refusalLogQuota {
		g.refusalsLogged++
		return true
	}
	g.refusalsNotLogged++
	return false
}

// Random early drop of connections logging in (see gate): from half the
// pool, 30% of newcomers are refused, rising to all of them at full, as
// OpenSSH's default MaxStartups 10:30:100 does from 10. Half, because
// with connections that have sent nothing dropped first, only clients
// that speak count towards it.
const (
	earlyDropRate     = 0.3
	silentAfter       = time.Second
	earlyDropFraction = 2 // start = total / earlyDropFraction
)

func newGate(perSource, total, maxAuthed int, logger *log.Logger) *gate {
	return &gate{perSource: perSource, total: total, maxAuthed: maxAuthed, log: logger,
		start: max(total/earlyDropFraction, 1), silentAfter: silentAfter, rnd: rand.Float64, telling: make(chan struct{}, maxTelling),
		pending: list.New(), bySource: map[string]int{}, droppedFrom: map[string]int{}, since: time.Now()}
}

// gateConn is a connection the gate follows.
type gateConn struct {
	net.Conn
	g        *gate
	source   string
	elem     *list.Element // in g.pending while logging in
	since    time.Time     // when it came
	heard    atomic.Bool   // the client has sent something
	authed   bool          // counted in g.authed (g.mu)
	left     bool          // closed (g.mu)
	channels atomic.Int32  // open session channels
	failures int           // failed authentication attempts (the handshake goroutine only)
	told     bool          // pushed out and told why: holds a telling slot (g.mu)
	dropped  bool          // chosen by admit to make room (g.mu)
	// The server's writes (wmu): whether any went out, and whether they
	// go nowhere now that the client has been told to go (pushOut).
	wmu          sync.Mutex
	wrote, muted bool
}

// gateKey holds the *gateConn in the connection's ssh.Context.
type gateKey struct{}

func sourceOf(addr net.Addr) string {
	if addr == nil {
		return "?"
	}
	host, _, err := net.SplitHostPort(addr.String())
	if err != nil {
		return addr.String()
	}
	return host
}

// admit follows a new connection, dropping one that is still logging in to
// make room, or refusing the newcomer (nil, and the reason to tell its
// client), by the rules of gate.
func (g *gate) admit(conn net.Conn) (*gateConn, string) {
	now := time.Now()
	gc := &gateConn{Conn: conn, g: g, source: sourceOf(conn.RemoteAddr()), since: now}
	var victim *gateConn
	refusal, why := "", ""
	g.mu.Lock()
	n := g.pending.Len()
	switch {
	case g.bySource[gc.source] >= g.perSource:
		if victim = g.silent(gc.source, now); victim != nil {
			why = fmt.Sprintf("this connection sent nothing for %v, and a newer one from your address %s took its place (this server takes %d logging in at once from one address: serve --max-logins-per-source): connect again", g.silentAfter, gc.source, g.perSource)
		} else {
			refusal = fmt.Sprintf("too many connections logging in at once from your address %s (this server takes %d: serve --max-logins-per-source): try again in a moment", gc.source, g.perSource)
		}
	case n >= g.start:
		victim = g.silent("", now)
		switch {
		case victim != nil:
			why = fmt.Sprintf("this connection sent nothing for %v while the server was busy with logins, and a newer one took its place (serve --max-logins): connect again", g.silentAfter)
		case n >= g.total:
			if src := g.busiestSource(); g.bySource[src] > 1 {
				victim = g.oldestFrom(src)
				why = fmt.Sprintf("the server is full of connections logging in (serve --max-logins) and your address %s holds the most: this one made room for a newer one: connect again in a moment", src)
			} else {
				refusal = busyRefusal
			}
		default:
			chance := earlyDropRate + (1-earlyDropRate)*float64(n-g.start)/float64(max(g.total-g.start, 1))
			if g.rnd() < chance {
				refusal = busyRefusal
			}
		}
	}
	if refusal != "" {
		g.refusedEarly++
		g.mu.Unlock()
		return nil, refusal
	}
	if victim != nil {
		g.unlink(victim)
		// Marked under g.mu: its first bytes, if they arrive now, do not
		// make it heard (see hear), so a connection chosen as silent
		// never goes on into a key exchange and is then closed under it.
		victim.dropped = true
		g.dropped++
		// Sources are named in the summary, up to a bound: many
		// addresses (an IPv6 block) must not grow the map without end.
		if _, ok := g.droppedFrom[victim.source]; ok || len(g.droppedFrom) < maxSummarySources {
			g.droppedFrom[victim.source]++
		}
	}
	gc.elem = g.pending.PushBack(gc)
	g.bySource[gc.source]++
	g.mu.Unlock()
	if victim != nil {
		g.pushOut(victim, why)
	}
	return gc, ""
}

// pushOut closes gc, which a newcomer displaced, telling its client why
// when the server may still speak in the clear: while the client has sent
// nothing, the server has sent at most its version line and no key
// exchange has begun, so an SSH_MSG_DISCONNECT may follow, as refuse's
// does (OpenSSH prints "Received disconnect ...: REASON" on its stderr).
// A client that has spoken may be past the key exchange, where only an
// encrypted packet would do, and x/crypto/ssh sends none on request: it is
// closed without a word. A told connection is left to its own goroutine,
// whose writes now go nowhere, to read what the client sends until it
// closes (closing with its data unread could lose the message), for at
// most tellFor; it holds a telling slot until closed.
func (g *gate) pushOut(gc *gateConn, why string) {
	g.mu.Lock()
	tell := !gc.left && !gc.heard.Load()
	if tell {
		select {
		case g.telling <- struct{}{}:
			gc.told = true
		default:
			tell = false
		}
	}
	g.mu.Unlock()
	if !tell {
		_ = gc.Close()
		return
	}
	_ = gc.Conn.SetDeadline(time.Now().Add(tellFor))
	gc.wmu.Lock()
	version := versionLine
	if gc.wrote {
		version = ""
	}
	gc.muted = true
	_, err := gc.Conn.Write(disconnectPacket(version, disconnectTooManyConnections, why))
	gc.wmu.Unlock()
	if err != nil {
		_ = gc.Close()
	}
}

// Write writes what the server sends, unless the client has been told to
// go (pushOut).
func (gc *gateConn) Write(p []byte) (int, error) {
	gc.wmu.Lock()
	defer gc.wmu.Unlock()
	if gc.muted {
		return len(p), nil
	}
	gc.wrote = true
	return gc.Conn.Write(p)
}

// busyRefusal is what a newcomer refused for the server's load is told.
const busyRefusal = "too many connections logging in to this server at once (serve --max-logins): try again in a moment"

// silent is the oldest pending connection, from source unless that is "",
// that has sent nothing in the silentAfter since it came, or nil (g.mu
// held).
func (g *gate) silent(source string, now time.Time) *gateConn {
	for e := g.pending.Front(); e != nil; e = e.Next() {
		gc := e.Value.(*gateConn)
		if now.Sub(gc.since) < g.silentAfter {
			return nil // the rest are younger
		}
		if (source == "" || gc.source == source) && !gc.heard.Load() {
			return gc
		}
	}
	return nil
}

// Telling a refused client why: at most maxTelling at once (past it a
// refused connection is closed with no word, so a flood of them costs
// nothing more), each for at most tellFor.
const (
	maxTelling = 64
	tellFor    = 2 * time.Second
	// disconnectTooManyConnections is SSH_DISCONNECT_TOO_MANY_CONNECTIONS
	// (RFC 4250 4.2.2).
	disconnectTooManyConnections = 12
)

// refuse tells a refused client why, then closes its connection. OpenSSH's
// client shows lines a server sends before its version only with -v (RFC
// 4253 4.2 allows them; OpenSSH 9.2 logs them at debug level), but it
// shows a disconnect message: so the server sends its version and an
// SSH_MSG_DISCONNECT in the clear, as the first packet (before key
// exchange packets are not encrypted), which the client prints as
// "Received disconnect from HOST port PORT:12: REASON". The server then
// stops writing and reads what the client sends until it closes (closing
// with its data unread would reset the connection, and the client could
// lose the message).
func (g *gate) refuse(conn net.Conn, reason string) {
	defer conn.Close()
	select {
	case g.telling <- struct{}{}:
		defer func() { <-g.telling }()
	default:
		return
	}
	_ = conn.SetDeadline(time.Now().Add(tellFor))
	if _, err := conn.Write(disconnectPacket(versionLine, disconnectTooManyConnections, reason)); err != nil {
		return
	}
	if cw, ok := conn.(interface{ CloseWrite() error }); ok {
		_ = cw.CloseWrite()
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(conn, 64<<10))
}

// disconnectPacket is the server's version line (none when "") followed by
// an SSH_MSG_DISCONNECT packet before any key exchange: no MAC, and
// padding to a multiple of 8 bytes, at least 4 (RFC 4253 6, 11.1).
func disconnectPacket(version string, code uint32, reason string) []byte {
	payload := gossh.Marshal(struct {
		Kind   byte
		Code   uint32
		Reason string
		Lang   string
	}{1, code, reason, ""}) // 1: SSH_MSG_DISCONNECT
	pad := 8 - (5+len(payload))%8
	if pad < 4 {
		pad += 8
	}
	var b []byte
	if version != "" {
		b = append([]byte(version), '\r', '\n')
	}
	b = binary.BigEndian.AppendUint32(b, uint32(1+len(payload)+pad))
	b = append(b, byte(pad))
	b = append(b, payload...)
	return append(b, make([]byte, pad)...)
}

// oldestFrom is the oldest pending connection from source that has sent
// nothing yet, or else the oldest from source (g.mu held): a client busy
// logging in outlives one that only holds a socket.
func (g *gate) oldestFrom(source string) *gateConn {
	var oldest *gateConn
	for e := g.pending.Front(); e != nil; e = e.Next() {
		gc := e.Value.(*gateConn)
		if gc.source != source {
			continue
		}
		if !gc.heard.Load() {
			return gc
		}
		if oldest == nil {
			oldest = gc
		}
	}
	return oldest
}

// Read notes that the client has spoken. Its first bytes are taken under
// g.mu, as admit's choice of a silent connection to drop is: either the
// connection was heard first and is never dropped as silent, or it was
// dropped first and the server acts on nothing it said. Without this a
// connection chosen as silent could be heard in between, get the server's
// key exchange, and then be closed: a client busy answering that might
// never notice the close.
func (gc *gateConn) Read(p []byte) (int, error) {
	n, err := gc.Conn.Read(p)
	if n > 0 && !gc.heard.Load() && !gc.hear() {
		return 0, net.ErrClosed
	}
	return n, err
}

// hear marks gc as heard and reports whether the server may act on what
// it read: not once the gate has dropped gc, unless its client was told
// to go (pushOut), so the server's writes go nowhere and reading on only
// lets the client read the message before the close.
func (gc *gateConn) hear() bool {
	g := gc.g
	g.mu.Lock()
	defer g.mu.Unlock()
	if gc.dropped || gc.left {
		return gc.told
	}
	gc.heard.Store(true)
	return true
}

// busiestSource is the source with the most pending connections; between
// equals, the one whose connection is oldest (g.mu held).
func (g *gate) busiestSource() string {
	best, n := "", 0
	for e := g.pending.Front(); e != nil; e = e.Next() {
		gc := e.Value.(*gateConn)
		if c := g.bySource[gc.source]; c > n {
			best, n = gc.source, c
		}
	}
	return best
}

// unlink takes gc out of the pending pool (g.mu held).
func (g *gate) unlink(gc *gateConn) {
	if gc.elem == nil {
		return
	}
	g.pending.Remove(gc.elem)
	gc.elem = nil
	if g.bySource[gc.source]--; g.bySource[gc.source] <= 0 {
		delete(g.bySource, gc.source)
	}
}

// loggedIn moves gc from the pending pool to the logged-in count. It
// returns false, and counts a refusal, when that count is full.
func (g *gate) loggedIn(gc *gateConn) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if gc.left || gc.authed {
		return gc.authed
	}
	g.unlink(gc)
	if g.authed >= g.maxAuthed {
		g.refused++
		return false
	}
	gc.authed = true
	g.authed++
	return true
}

// Close closes the connection and takes it out of the gate, once.
func (gc *gateConn) Close() error {
	err := gc.Conn.Close()
	g := gc.g
	g.mu.Lock()
	defer g.mu.Unlock()
	if !gc.left {
		gc.left = true
		g.unlink(gc)
		if gc.told {
			<-g.telling
		}
		if gc.authed {
			g.authed--
			gc.authed = false
		}
	}
	return err
}

// summarize logs what the gate dropped and refused since the last call, in
// one line; nothing when there was nothing.
func (g *gate) summarize() {
	g.mu.Lock()
	dropped, early, refused, failures, quiet := g.dropped, g.refusedEarly, g.refused, g.authFailures, g.refusalsNotLogged
	from, over := g.droppedFrom, time.Since(g.since).Round(time.Second)
	g.dropped, g.refusedEarly, g.refused, g.authFailures, g.droppedFrom, g.since = 0, 0, 0, 0, map[string]int{}, time.Now()
	g.refusalsLogged, g.refusalsNotLogged = 0, 0
	pending, authed := g.pending.Len(), g.authed
	g.mu.Unlock()
	if dropped == 0 && early == 0 && refused == 0 && failures == 0 && quiet == 0 {
		return
	}
	// The three addresses dropped from most, the ties by address.
	srcs := slices.Collect(maps.Keys(from))
	slices.SortFunc(srcs, func(a, b string) int { return cmp.Or(from[b]-from[a], strings.Compare(a, b)) })
	var top []string
	for i, a := range srcs {
		if i == 3 {
			top = append(top, fmt.Sprintf("%d more", len(srcs)-3))
			break
		}
		top = append(top, fmt.Sprintf("%s:%d", a, from[a]))
	}
	fields := []any{"over", over, "dropped_logging_in", dropped}
	if len(top) > 0 {
		fields = append(fields, "sources", strings.Join(top, ","))
	}
	fields = append(fields, "refused_logging_in", early, "refused_logged_in", refused, "closed_auth_failures", failures, "auth_refusals_not_logged", quiet,
		"logging_in", pending, "logged_in", authed,
		"limits", fmt.Sprintf("%d per source, %d logging in (random early drop from %d), %d logged in", g.perSource, g.total, g.start, g.maxAuthed))
	g.log.Warn("connections dropped or refused (summary)", fields...)
}

// run logs a summary every period until done, and a last one then.
func (g *gate) run(every time.Duration, done <-chan struct{}) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			g.summarize()
		case <-done:
			g.summarize()
			return
		}
	}
}

// connCallback is the server's ConnCallback: every connection enters the
// gate.
func (g *gate) connCallback(ctx ssh.Context, conn net.Conn) net.Conn {
	gc, refusal := g.admit(conn)
	if gc == nil {
		g.refuse(conn, refusal)
		return nil // the ssh package closes it too
	}
	ctx.SetValue(gateKey{}, gc)
	return gc
}

func gateConnOf(ctx ssh.Context) *gateConn {
	gc, _ := ctx.Value(gateKey{}).(*gateConn)
	return gc
}

// authLog is the AuthLogCallback for one connection: it counts failures
// (closing the connection at maxAuthFailures: public key queries do not
// count in x/crypto/ssh's own limit, so a client could try key after key),
// and moves the connection out of the pending pool once it has logged in.
// A public key is accepted only here, after its signature was checked; the
// key handler also runs for unsigned queries.
func (g *gate) authLog(gc *gateConn, next func(gossh.ConnMetadata, string, error)) func(gossh.ConnMetadata, string, error) {
	firstNone := true
	return func(conn gossh.ConnMetadata, method string, err error) {
		next(conn, method, err)
		if gc == nil {
			return
		}
		if err == nil {
			if !g.loggedIn(gc) {
				g.log.Debug("connection closed: too many logged-in connections", "remote", conn.RemoteAddr().String(), "limit", g.maxAuthed)
				_ = gc.Close()
			}
			return
		}
		if method == "none" && firstNone {
			firstNone = false // clients start with "none" to learn the methods
			return
		}
		gc.failures++
		if gc.failures >= maxAuthFailures {
			g.mu.Lock()
			g.authFailures++
			g.mu.Unlock()
			if g.quota() {
				g.log.Warn("connection closed: too many authentication failures",
					"remote", conn.RemoteAddr().String(), "user", conn.User(), "failures", gc.failures)
			}
			_ = gc.Close()
		}
	}
}

// sessionChannels wraps the "session" channel handler: at most maxChannels
// open per connection, and each channel's requests filtered (env, agent
// forwarding) before the ssh package sees them.
func sessionChannels(next ssh.ChannelHandler, logger *log.Logger) ssh.ChannelHandler {
	return func(srv *ssh.Server, conn *gossh.ServerConn, newChan gossh.NewChannel, ctx ssh.Context) {
		if gc := gateConnOf(ctx); gc != nil {
			if gc.channels.Add(1) > maxChannels {
				gc.channels.Add(-1)
				logger.Debug("channel refused: too many open", "remote", conn.RemoteAddr().String(), "limit", maxChannels)
				_ = newChan.Reject(gossh.ResourceShortage, fmt.Sprintf("at most %d sessions per connection", maxChannels))
				return
			}
			defer gc.channels.Add(-1)
		}
		next(srv, conn, filteredChannel{NewChannel: newChan}, ctx)
	}
}

// filteredChannel accepts a session channel and screens its requests.
type filteredChannel struct{ gossh.NewChannel }

// maxQueuedRequests bounds the requests of one channel waiting for the
// session to take them; past it a request is refused. Window changes take
// no room: a newer one replaces the one waiting.
const maxQueuedRequests = 32

// Accept accepts the channel and hands its requests on through a queue
// that never blocks the connection's reader. x/crypto/ssh has one reader
// per connection, and it waits when a channel's request buffer is full;
// a session busy drawing (its renderer waiting for the client to open the
// SSH window) takes no window change, so a flood of them filled the
// buffer, the reader waited, and with it the window adjusts and the end of
// the connection that would have let the renderer go: a lock cycle that
// held the session and its slot for good. Here requests are read at once:
// window changes coalesce to the latest, others queue up to
// maxQueuedRequests and are refused past it.
func (f filteredChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := f.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	out := make(chan *gossh.Request)
	go pumpRequests(reqs, out)
	return ch, out, nil
}

// pumpRequests screens the requests from in and hands them to out in order,
// never blocking on out while in has more: see filteredChannel.Accept.
// When in closes (the channel or the connection is gone) the requests
// still waiting are dropped and out is closed.
func pumpRequests(in <-chan *gossh.Request, out chan<- *gossh.Request) {
	defer close(out)
	seen := map[string]bool{}
	var queue []*gossh.Request
	for in != nil {
		var send chan<- *gossh.Request
		var next *gossh.Request
		if len(queue) > 0 {
			send, next = out, queue[0]
		}
		select {
		case req, ok := <-in:
			if !ok {
				in = nil
				continue
			}
			switch req.Type {
			case "env":
				var kv struct{ Key, Value string }
				if gossh.Unmarshal(req.Payload, &kv) != nil || !acceptedEnv[kv.Key] || seen[kv.Key] || len(kv.Value) > maxEnvValue {
					_ = req.Reply(false, nil)
					continue
				}
				seen[kv.Key] = true
			case "auth-agent-req@openssh.com":
				// Agent forwarding is never used: refuse it rather than
				// answer "ok" (the ssh package's default).
				_ = req.Reply(false, nil)
				continue
			case "window-change":
				// The latest size is all that matters: it replaces one
				// waiting (OpenSSH wants no reply to either) if that one
				// is the last request (an earlier one must keep its place
				// before the requests after it).
				if n := len(queue); n > 0 && queue[n-1].Type == "window-change" {
					_ = queue[n-1].Reply(true, nil)
					queue[n-1] = req
					continue
				}
			}
			if len(queue) >= maxQueuedRequests {
				_ = req.Reply(false, nil)
				continue
			}
			queue = append(queue, req)
		case send <- next:
			queue[0] = nil
			queue = queue[1:]
		}
	}
}
