package serve

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	gossh "golang.org/x/crypto/ssh"
)

// hostKey loads the server's private host key from path, creating an
// ed25519 key there (mode 0600, plus path.pub) when the file does not exist.
// Like sshd, it refuses a key file that others may read.
func hostKey(path string) (signer gossh.Signer, created bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		signer, err := createHostKey(path)
		return signer, err == nil, err
	}
	if err != nil {
		return nil, false, fmt.Errorf("host key: %w", err)
	}
	if runtime.GOOS != "windows" {
		st, err := os.Stat(path)
		if err != nil {
			return nil, false, fmt.Errorf("host key: %w", err)
		}
		if perm := st.Mode().Perm(); perm&0o077 != 0 {
			return nil, false, fmt.Errorf("host key %s has mode %04o: a private key must be readable by its owner only (chmod 600 %s)", path, perm, path)
		}
	}
	signer, err = gossh.ParsePrivateKey(data)
	if err != nil {
		return nil, false, fmt.Errorf("host key %s: %w", path, err)
	}
	return signer, false, nil
}

func createHostKey(path string) (gossh.Signer, error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	block, err := gossh.MarshalPrivateKey(priv, "infoscope host key")
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("host key: %w", err)
		}
	}
	// O_EXCL: two servers started together must not overwrite each other's
	// key; 0600 is set at creation so the key is never readable by others.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	_, werr := f.Write(pem.EncodeToMemory(block))
	if err := f.Close(); werr == nil {
		werr = err
	}
	if werr != nil {
		_ = os.Remove(path)
		return nil, fmt.Errorf("host key: %w", werr)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	// The public half lets an operator publish the key for known_hosts; it
	// is a convenience, so failing to write it is not fatal.
	if spub, err := gossh.NewPublicKey(pub); err == nil {
		_ = os.WriteFile(path+".pub", gossh.MarshalAuthorizedKey(spub), 0o644)
	}
	return signer, nil
}
