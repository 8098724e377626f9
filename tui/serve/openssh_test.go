package serve

import (
	"bytes"
	"context"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// realSSH runs the OpenSSH client (ssh on PATH; CI installs
// openssh-client) against a test server, with a key of its own listed in
// the server's authorized_keys and the server's host key known: no agent,
// no user configuration, nothing of the machine's.
type realSSH struct {
	t        *testing.T
	bin, dir string
}

// newRealSSH skips the test when there is no OpenSSH client; its edit
// lists the client's key, for startServer.
func newRealSSH(t *testing.T) (*realSSH, func(*Config)) {
	t.Helper()
	bin, err := exec.LookPath("ssh")
	if err != nil {
		t.Skip("no OpenSSH client (ssh) on PATH")
	}
	rs := &realSSH{t: t, bin: bin, dir: t.TempDir()}
	key := newKeyFile(t, filepath.Join(rs.dir, "id"))
	return rs, func(c *Config) { authorize(t, c.AuthorizedKeysPath, key.PublicKey()) }
}

// command is ssh running remote on ts, bounded by patience.
func (rs *realSSH) command(ts *testServer, remote ...string) *exec.Cmd {
	rs.t.Helper()
	host, port, err := net.SplitHostPort(ts.addr)
	if err != nil {
		rs.t.Fatal(err)
	}
	known := filepath.Join(rs.dir, "known_hosts")
	line := "[" + host + "]:" + port + " " + string(gossh.MarshalAuthorizedKey(ts.hostKey()))
	if err := os.WriteFile(known, []byte(line), 0o600); err != nil {
		rs.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*patience)
	rs.t.Cleanup(cancel)
	args := []string{"-F", "/dev/null", "-p", port, "-i", filepath.Join(rs.dir, "id"),
		"-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none", "-o", "BatchMode=yes",
		"-o", "UserKnownHostsFile=" + known, "-o", "StrictHostKeyChecking=yes",
		"-o", "ConnectTimeout=30", "-T", "tester@" + host}
	cmd := exec.CommandContext(ctx, rs.bin, append(args, remote...)...)
	cmd.Stdin = nil
	return cmd
}

// What OpenSSH's client shows for a login past its address's share: the
// server's reason, not a bare "Connection closed" (issue 23 item 9). A
// line before the version string (RFC 4253 4.2) would show only with -v.
func TestOpenSSHSeesRefusal(t *testing.T) {
	rs, edit := newRealSSH(t)
	ts := startServer(t, func(c *Config) { c.MaxLoginsPerSource = 1; edit(c) })
	holdLogin(t, ts)
	var stderr bytes.Buffer
	cmd := rs.command(ts, "files")
	cmd.Stderr = &stderr
	st := exitStatus(t, cmd.Run())
	_, port, _ := net.SplitHostPort(ts.addr)
	want := "Received disconnect from 127.0.0.1 port " + port + ":12: too many connections logging in at once from your address 127.0.0.1 (this server takes 1: serve --max-logins-per-source): try again in a moment"
	if st != 255 || !strings.Contains(stderr.String(), want) {
		t.Errorf("ssh exit status %d, stderr:\n%s\nwant %q", st, stderr.String(), want)
	}
}

// The dump write-stall limit with OpenSSH's client: its output goes to a
// pipe nobody reads (ssh HOST dump ... | (sleep; ...)), so the client
// stops taking data and the channel's window closes. The dump is ended
// after --dump-write-stall and its slot freed; once the pipe is read
// again, the user gets the reason on stderr and exit status 1; the next
// dump runs.
func TestOpenSSHDumpWriteStall(t *testing.T) {
	rs, edit := newRealSSH(t)
	ts := startServer(t, func(c *Config) {
		edit(c)
		c.MaxDumps = 1
		c.DumpWriteStall = time.Second
		// The reason waits for the reader below, however loaded the
		// machine (the server's default: 2 s).
		c.messageWait = patience
		// --all --json of 1 MiB of stream: tens of MB, far more than
		// the client's window and the pipe hold.
		c.Files = append(c.Files, bigStream(t, t.TempDir(), 1<<20))
	})
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	var stderr syncBuffer
	cmd := rs.command(ts, "dump", "--all", "--json", "big.bin")
	cmd.Stdout, cmd.Stderr = pw, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pw.Close() // ssh holds the write end
	waitLog(t, ts, "dump output stalled")
	// The reader wakes: what the client held goes through, then the
	// reason and the status.
	read := make(chan int64, 1)
	go func() { n, _ := io.Copy(io.Discard, pr); read <- n }()
	st := exitStatus(t, cmd.Wait())
	n := <-read
	if st != 1 || !strings.Contains(stderr.String(), "infoscope: the dump's output made no progress for 1s (your client read none of it): dump ended (serve --dump-write-stall)") {
		t.Errorf("stalled dump: exit status %d, %d bytes read, stderr %q", st, n, stderr.String())
	}
	t.Logf("the client took %d bytes before the stall", n)
	// The slot is free: the next dump of the same key runs to its end.
	var out bytes.Buffer
	cmd = rs.command(ts, "dump", "kernels.isa")
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if st := exitStatus(t, cmd.Run()); st != 0 || !strings.Contains(out.String(), "resinfo") {
		t.Errorf("the next dump: exit status %d, %d bytes, stderr %q", st, out.Len(), stderr.String())
	}
}
