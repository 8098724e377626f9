package dump

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"infoscope/sampledata/testkit"
)

var update = flag.Bool("update", false, "rewrite the dump goldens in testdata/golden")

// goldenFlagSets are the flag sets every golden input is dumped with: the
// text dump in both syntaxes and with --all, JSON with and without --all and
// with simulated lanes, the whole listing, the bodies, a filter.
var goldenFlagSets = []struct{ name, flags string }{
	{"text", ""},
	{"text-seed", "--syntax seed"},
	{"text-all", "--all"},
	{"json", "--json"},
	{"json-all", "--json --all"},
	{"json-lanes", "--json --syntax seed --dmask 0xff00ff0f --lod 0,1,2 --rules hw"},
	{"visaasm", "--visaasm"},
	{"bodies", "--bodies"},
	{"bodies-json", "--bodies --json"},
	{"filter", "--filter op:resinfo --strict"},
}

// goldenFullMax is the largest stdout kept whole in testdata/golden (to be
// read in a review and diffed); a larger one is pinned by its SHA-256 in
// the manifest only.
const goldenFullMax = 24 << 10

// goldenInputs are the shipped inputs of every kind: Intel's binaries and
// their text (both what GenX_IR was given and what it printed back), the
// visatext test files and real dump-folder files, the samples (damaged,
// legacy, raw streams, hex), the data-flow test kernel, and the real media
// binaries (served from memory, uncompressed, as real/NAME).
func goldenInputs(t testing.TB) (names []string, mem map[string][]byte) {
	t.Helper()
	globs := []string{
		oracleDir + "/*.isa", oracleDir + "/*.visaasm",
		"../../decoder/visatext/testdata/*.visaasm", "../../decoder/visatext/testdata/dumps/*.visaasm",
		"../../sampledata/*.isa", "../../sampledata/*.bin", "../../sampledata/*.hex",
		"../../model/testdata/*.isa", "../../model/testdata/*.visaasm",
	}
	for _, g := range globs {
		names = append(names, testkit.Glob(t, 1, g)...)
	}
	mem = map[string][]byte{}
	for _, gz := range testkit.Glob(t, 1, realDir+"/*.isa.gz") {
		n := strings.TrimSuffix(filepath.Base(gz), ".gz")
		mem["real/"+n] = realFile(t, n)
		names = append(names, "real/"+n)
	}
	sort.Strings(names)
	return names, mem
}

// goldenKey names an input in the manifest and in golden file names,
// without the relative path's leading ../.. parts.
func goldenKey(name string) string {
	return strings.ReplaceAll(strings.TrimPrefix(name, "../../"), "/", "__")
}

func sum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:12])
}

// TestGoldenDump pins dump's stdout, stderr and exit status on every
// shipped input in every flag set of goldenFlagSets: restructuring the
// code must leave each byte alone. Outputs up to goldenFullMax are kept
// whole under testdata/golden/FLAGSET/; every output is in the manifest
// (testdata/golden/manifest.txt) by size and SHA-256. go test -run
// TestGoldenDump -update rewrites them (review the diff).
func TestGoldenDump(t *testing.T) {
	if testing.Short() {
		t.Skip("dumps every shipped input ten ways")
	}
	names, mem := goldenInputs(t)
	open := func(name string) ([]byte, error) {
		if d, ok := mem[name]; ok {
			return d, nil
		}
		return os.ReadFile(name)
	}
	var manifest bytes.Buffer
	fmt.Fprintln(&manifest, "# flagset input: exit status, stdout bytes sha256/96, stderr bytes sha256/96 (go test ./tui/dump -run TestGoldenDump -update)")
	full := map[string][]byte{}
	for _, fset := range goldenFlagSets {
		for _, name := range names {
			var out, errb bytes.Buffer
			args := append(strings.Fields(fset.flags), name)
			code := Run(args, Env{Stdout: &out, Stderr: &errb, Open: open})
			fmt.Fprintf(&manifest, "%s %s: exit %d, stdout %d %s, stderr %d %s\n", fset.name, goldenKey(name), code,
				out.Len(), sum(out.Bytes()), errb.Len(), sum(errb.Bytes()))
			if out.Len() <= goldenFullMax {
				full[filepath.Join(fset.name, goldenKey(name)+".out")] = out.Bytes()
			}
			if errb.Len() > 0 && errb.Len() <= goldenFullMax {
				full[filepath.Join(fset.name, goldenKey(name)+".err")] = errb.Bytes()
			}
		}
	}
	full["manifest.txt"] = manifest.Bytes()
	dir := filepath.Join("testdata", "golden")
	if *update {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		for rel, b := range full {
			p := filepath.Join(dir, rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	// Whole files first: their first differing line says more than a hash.
	rels := make([]string, 0, len(full))
	for rel := range full {
		rels = append(rels, rel)
	}
	sort.Strings(rels)
	for _, rel := range rels {
		want, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Errorf("%s: %v (run with -update and review the new file)", rel, err)
			continue
		}
		if !bytes.Equal(want, full[rel]) {
			t.Errorf("%s differs from its golden (seq: golden, par: now): %s", rel, firstDiff(want, full[rel]))
		}
	}
	// A golden file no output wrote any more is stale.
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			if _, ok := full[rel]; !ok {
				t.Errorf("%s: golden file no output writes (run with -update)", rel)
			}
		}
		return nil
	})
}
