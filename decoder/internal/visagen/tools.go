package visagen

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// RequireEnv names the environment variable that turns a missing Intel
// tool from a skip into a failure: .ci/run sets it, so that CI cannot pass
// with the oracle tests skipped.
const RequireEnv = "INFOSCOPE_REQUIRE_ORACLE"

// Tool returns the path of Intel's tool name (GenX_IR, iga64) on PATH. When
// it is absent the test is skipped, or fails when RequireEnv is "1".
func Tool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv(RequireEnv) == "1" {
			t.Fatalf("%s is not installed (apt-get install libigc-tools) and %s=1", name, RequireEnv)
		}
		t.Skipf("%s is not installed (Debian: apt-get install libigc-tools)", name)
	}
	return p
}

// Run writes k into dir as k.visaasm and runs GenX_IR on it there for
// k.Platform with args (e.g. "-dumpcommonisa", "-asmOutput", "out"). dir
// must be a folder of its own: GenX_IR writes files into its working
// folder, some with names it chooses. The combined stdout and stderr are
// returned; err is the exit status.
func Run(ctx context.Context, genxir, dir string, k Kernel, args ...string) ([]byte, error) {
	if err := os.WriteFile(filepath.Join(dir, "k.visaasm"), k.Text, 0o644); err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, genxir, append([]string{"k.visaasm", "-platform", string(k.Platform)}, args...)...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.Bytes(), err
}
