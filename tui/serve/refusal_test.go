package serve

import (
	"bufio"
	"encoding/binary"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// holdLogin opens a connection from 127.0.0.1 that sends its version and
// then stays in the middle of logging in, and waits until the server has
// read it: a client busy logging in, which a newcomer never drops.
func holdLogin(t *testing.T, ts *testServer) net.Conn {
	t.Helper()
	c := dialFrom(t, "127.0.0.1", ts.addr)
	t.Cleanup(func() { _ = c.Close() })
	if _, err := c.Write([]byte("SSH-2.0-held\r\n")); err != nil {
		t.Fatal(err)
	}
	waitHeard[struct{}](t, ts.gate(), "127.0.0.1", make(chan struct{}, 1))
	return c
}

// A login past its address's share of connections logging in is refused
// with the reason, sent as an SSH disconnect the client reports (issue 23
// item 9: a team behind one NAT address saw only a closed connection);
// the connection it would have pushed out logs in undisturbed.
func TestPerSourceRefusalSaysWhy(t *testing.T) {
	ts := startServer(t, func(c *Config) { c.MaxLoginsPerSource = 1 })
	held := holdLogin(t, ts)
	_, err := ts.dialWith(gossh.PublicKeys(ts.client))
	if err == nil || !strings.Contains(err.Error(), "disconnect, reason 12:") || !strings.Contains(err.Error(), "too many connections logging in at once from your address 127.0.0.1 (this server takes 1: serve --max-logins-per-source): try again in a moment") {
		t.Fatalf("login past the per-source share: %v", err)
	}
	// The held connection is still the server's: it reads on.
	_ = held.SetReadDeadline(time.Now().Add(patience))
	buf := make([]byte, 64)
	if n, err := held.Read(buf); err != nil || !strings.HasPrefix(string(buf[:n]), "SSH-2.0-"+serverVersion) {
		t.Fatalf("the connection logging in was disturbed: %q %v", buf[:n], err)
	}
	// Once it has gone, the address logs in.
	_ = held.Close()
	deadline := time.Now().Add(patience)
	for {
		c, err := ts.dialWith(gossh.PublicKeys(ts.client))
		if err == nil {
			_ = c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no login after the held connection closed: %v", err)
		}
		time.Sleep(10 * time.Millisecond) // a poll: the server sees the close soon
	}
}

// disconnectPacket is a packet as RFC 4253 frames one before keys: length,
// padding length, payload, padding, the whole a multiple of 8.
func TestDisconnectPacket(t *testing.T) {
	for _, reason := range []string{"", "x", "too many", strings.Repeat("r", 300)} {
		b := disconnectPacket("SSH-2.0-v", 12, reason)
		line, pkt, ok := strings.Cut(string(b), "\r\n")
		if !ok || line != "SSH-2.0-v" {
			t.Fatalf("%q: version line %q", reason, line)
		}
		n := int(pkt[0])<<24 | int(pkt[1])<<16 | int(pkt[2])<<8 | int(pkt[3])
		pad := int(pkt[4])
		if n+4 != len(pkt) || len(pkt)%8 != 0 || pad < 4 || pad > 255 {
			t.Fatalf("%q: length %d, padding %d, packet %d bytes", reason, n, pad, len(pkt))
		}
		var msg struct {
			Code   uint32
			Reason string
			Lang   string
		}
		payload := []byte(pkt[5 : len(pkt)-pad])
		if payload[0] != 1 {
			t.Fatalf("%q: message %d, want 1 (disconnect)", reason, payload[0])
		}
		if err := gossh.Unmarshal(payload[1:], &msg); err != nil || msg.Code != 12 || msg.Reason != reason {
			t.Fatalf("%q: %+v %v", reason, msg, err)
		}
	}
}

// A connection logging in that a newcomer pushes out (here: silent, at its
// address's share) is told why before the close, as a refused newcomer is,
// and the newcomer logs in.
func TestPushedOutSaysWhy(t *testing.T) {
	ts := startServer(t, func(c *Config) { c.MaxLoginsPerSource, c.silentAfter = 1, -1 })
	silent := dialFrom(t, "127.0.0.1", ts.addr)
	defer silent.Close()
	_ = silent.SetReadDeadline(time.Now().Add(patience))
	r := bufio.NewReader(silent)
	if line, err := r.ReadString('\n'); err != nil || !strings.HasPrefix(line, "SSH-2.0-") {
		t.Fatalf("server version: %q %v", line, err)
	}
	ts.dial(t) // from the same address: it takes the silent one's place
	var head [5]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		t.Fatalf("the pushed-out connection was closed without a word: %v", err)
	}
	pkt := make([]byte, binary.BigEndian.Uint32(head[:4])-1)
	if _, err := io.ReadFull(r, pkt); err != nil {
		t.Fatal(err)
	}
	var msg struct {
		Code         uint32
		Reason, Lang string
	}
	if err := gossh.Unmarshal(pkt[1:len(pkt)-int(head[4])], &msg); err != nil || pkt[0] != 1 || msg.Code != 12 ||
		!strings.Contains(msg.Reason, "a newer one from your address 127.0.0.1 took its place (this server takes 1 logging in at once from one address: serve --max-logins-per-source): connect again") {
		t.Fatalf("message %d: %+v %v", pkt[0], msg, err)
	}
}
