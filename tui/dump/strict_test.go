package dump

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 12 item 16: the text dump shows each diagnostic after the text, and
// --strict exits 1 when any record has one.
func TestTextDumpShowsDiagnosticsAndStrict(t *testing.T) {
	// Two igc-layout SAMPLEINFO.RGBA; the second has channel mask 0.
	good := []byte{0x70, 0x0b, 0x04, 0x0f, 0x06, 0x21, 0, 0, 0, 0, 0}
	bad := append([]byte(nil), good...)
	bad[3] = 0
	path := filepath.Join(t.TempDir(), "s.bin")
	if err := os.WriteFile(path, append(good, bad...), 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, code := run(t, nil, "--layout", "igc", path)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != ExitOK || len(lines) != 2 {
		t.Fatalf("exit %d, output:\n%s", code, out)
	}
	if strings.Contains(lines[0], "!") || !strings.Contains(lines[1], "  ! channel mask is 0") {
		t.Errorf("diagnostics not shown on their row only:\n%s", out)
	}
	if _, _, code := run(t, nil, "--strict", "--layout", "igc", path); code != ExitError {
		t.Errorf("--strict with a diagnostic: exit %d, want %d", code, ExitError)
	}
	if err := os.WriteFile(path, good, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, code := run(t, nil, "--strict", "--layout", "igc", path); code != ExitOK {
		t.Errorf("--strict without diagnostics: exit %d", code)
	}
}

// Issue 12 item 15: a version no writer produced is refused with the list.
func TestVisaVersionRefusedWithList(t *testing.T) {
	_, errs, code := run(t, nil, "--visa-version", "9.9", "x")
	if code != ExitUsage || !strings.Contains(errs, "3.0, 3.1") || !strings.Contains(errs, "4.8") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}
