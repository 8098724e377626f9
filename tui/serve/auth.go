package serve

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"os"
	"sync"
	"time"

	"charm.land/log/v2"
	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// keyring is the set of public keys allowed in, read from an authorized_keys
// file. The file is read again when its size or modification time changes,
// so keys can be added or revoked without a restart; if the new contents
// cannot be read, the last good set stays in force.
type keyring struct {
	path   string
	logger *log.Logger
	quota  func() bool // may a refusal be logged now (nil: always)

	mu    sync.Mutex
	keys  map[string]bool // marshalled wire form of each key
	mtime time.Time
	size  int64
}

func newKeyring(path string, logger *log.Logger) (*keyring, error) {
	k := &keyring{path: path, logger: logger}
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("authorized keys: %w", err)
	}
	keys, err := parseAuthorizedKeys(path, logger)
	if err != nil {
		return nil, err
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("authorized keys %s: no public keys in the file: nobody could log in", path)
	}
	k.keys, k.mtime, k.size = keys, st.ModTime(), st.Size()
	return k, nil
}

// parseAuthorizedKeys reads an authorized_keys file. Lines that are not keys
// are skipped with a warning naming the line, as sshd does; key options
// (command=, restrict, ...) are ignored: every key gets the same inspector.
func parseAuthorizedKeys(path string, logger *log.Logger) (map[string]bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("authorized keys: %w", err)
	}
	keys := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 || text[0] == '#' {
			continue
		}
		key, _, _, _, err := gossh.ParseAuthorizedKey(text)
		if err != nil {
			logger.Warn("authorized keys: line skipped", "file", path, "line", line, "err", err)
			continue
		}
		keys[string(key.Marshal())] = true
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("authorized keys %s: %w", path, err)
	}
	return keys, nil
}

// allowed reports whether key is in the file.
func (k *keyring) allowed(key gossh.PublicKey) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	if st, err := os.Stat(k.path); err == nil && (!st.ModTime().Equal(k.mtime) || st.Size() != k.size) {
		if keys, err := parseAuthorizedKeys(k.path, k.logger); err != nil {
			k.logger.Warn("authorized keys: reload failed, keeping the previous keys", "err", err)
		} else {
			k.keys, k.mtime, k.size = keys, st.ModTime(), st.Size()
			k.logger.Info("authorized keys reloaded", "file", k.path, "keys", len(keys))
		}
	}
	return k.keys[string(key.Marshal())]
}

// publicKeyHandler checks a key offered by a client and logs the refusals,
// naming the key, so an operator can see who tried and add them.
func (k *keyring) publicKeyHandler(ctx ssh.Context, key ssh.PublicKey) bool {
	if k.allowed(key) {
		return true
	}
	if k.quota != nil && !k.quota() {
		return false
	}
	k.logger.Warn("auth refused: key not in authorized keys",
		"fingerprint", gossh.FingerprintSHA256(key), "type", key.Type(),
		"user", ctx.User(), "remote", ctx.RemoteAddr().String())
	return false
}

// logins follows the connections that are logging in, so that one that
// gives up without trying a method the server logs (a client with only
// passwords: OpenSSH asks "none", is told "publickey" and leaves) is logged
// too when it fails, rather than not at all.
type logins struct {
	logger *log.Logger
	quota  func() bool // may a refusal be logged now (nil: always)

	mu      sync.Mutex
	pending map[string]string // remote address -> user, until a key or password is tried
}

func newLogins(logger *log.Logger) *logins {
	return &logins{logger: logger, pending: map[string]string{}}
}

// attempt is the AuthLogCallback. It logs attempts at the methods the
// server does not offer (password, keyboard-interactive): clients are told
// only "publickey" is allowed, but a client may try anyway, and the operator
// should see it. Refused keys are logged by the key handler.
func (l *logins) attempt(conn gossh.ConnMetadata, method string, err error) {
	remote := conn.RemoteAddr().String()
	l.mu.Lock()
	if method == "none" && err != nil {
		l.pending[remote] = conn.User()
	} else {
		delete(l.pending, remote)
	}
	l.mu.Unlock()
	if method == "none" || method == "publickey" || err == nil {
		return
	}
	if l.quota != nil && !l.quota() {
		return
	}
	l.logger.Warn("auth refused: only public keys are accepted",
		"method", method, "user", conn.User(), "remote", remote)
}

// failed is called when a connection ends before it logged in.
func (l *logins) failed(conn net.Conn, err error) {
	remote := conn.RemoteAddr().String()
	l.mu.Lock()
	user, pending := l.pending[remote]
	delete(l.pending, remote)
	l.mu.Unlock()
	if pending && (l.quota == nil || l.quota()) {
		l.logger.Warn("auth refused: the client offered no public key (only public keys are accepted)",
			"user", user, "remote", remote)
		return
	}
	l.logger.Debug("connection failed", "remote", remote, "err", err)
}

// fingerprint names the key a session logged in with ("" if none).
func fingerprint(sess ssh.Session) string {
	if k := sess.PublicKey(); k != nil {
		return gossh.FingerprintSHA256(k)
	}
	return ""
}
