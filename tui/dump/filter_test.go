package dump

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"infoscope/sampledata"
)

// runSamples runs dump on every embedded sample.
func runSamples(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(append(args, sampledata.Names()...), Env{Stdout: &out, Stderr: &errb, Open: sampledata.Read})
	return out.String(), errb.String(), code
}

// TestDumpFilter checks that --filter keeps exactly the INFO lines whose
// text the expression selects, on the samples: some kept, some dropped,
// and a negated term keeps the rest.
func TestDumpFilter(t *testing.T) {
	all, _, code := runSamples(t)
	if code != ExitError { // damaged.isa has errors
		t.Fatalf("exit %d", code)
	}
	allLines := strings.Split(strings.TrimSuffix(all, "\n"), "\n")
	for _, expr := range []string{"op:resinfo", "T6 exec:16", "file:stream nm"} {
		out, errs, code := runSamples(t, "--filter", expr)
		if code != ExitError || strings.Contains(errs, "--filter") {
			t.Fatalf("%q: exit %d, stderr %q", expr, code, errs)
		}
		kept := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(kept) == 0 || len(kept) >= len(allLines) {
			t.Fatalf("%q kept %d of %d lines: not a useful case", expr, len(kept), len(allLines))
		}
		neg, _, _ := runSamples(t, "--filter", "!"+strings.ReplaceAll(expr, " ", " !"))
		if !strings.Contains(expr, " ") && len(kept)+strings.Count(neg, "\n") != len(allLines) {
			t.Errorf("%q: %d lines, and %d negated, of %d", expr, len(kept), strings.Count(neg, "\n"), len(allLines))
		}
		// The kept lines are a subsequence of the unfiltered dump.
		j := 0
		for _, l := range allLines {
			if j < len(kept) && l == kept[j] {
				j++
			}
		}
		if j != len(kept) {
			t.Errorf("%q: line %q is not in the unfiltered dump, in order", expr, kept[j])
		}
	}
	// Each kept line of op:resinfo is a resinfo, and no resinfo is dropped.
	out, _, _ := runSamples(t, "--filter", "op:RESINFO")
	for _, l := range allLines {
		if strings.Contains(l, "  resinfo.") != strings.Contains(out, l+"\n") {
			t.Errorf("op:RESINFO and %q disagree", l)
		}
	}
}

// TestDumpFilterJSON checks --filter with --json: the records kept are
// those the expression selects, each a whole record.
func TestDumpFilterJSON(t *testing.T) {
	out, _, _ := runSamples(t, "--json", "--filter", "surface:T6 !op:sampleinfo diag")
	n := 0
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if l == "" {
			continue
		}
		var r struct {
			Op          string `json:"op"`
			Surface     struct{ Name string }
			Diagnostics []string `json:"diagnostics"`
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		if r.Op == "sampleinfo" || len(r.Diagnostics) == 0 {
			t.Errorf("kept a record the filter drops: %s", l)
		}
		n++
	}
	all, _, _ := runSamples(t, "--json")
	if n == 0 || n >= strings.Count(all, "\n") {
		t.Errorf("kept %d of %d records: not a useful case", n, strings.Count(all, "\n"))
	}
}

// TestDumpFilterErrors checks that a bad expression is a usage error (exit
// 2) with the located message the inspector shows, and the combinations
// --filter does not take.
func TestDumpFilterErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--filter", "op:resinfo size:3"}, `--filter "op:resinfo size:3": column 12: want a field: text, op`},
		{[]string{"--filter", "exec:7"}, `column 6: want 1, 2, 4, 8, 16 or 32 lanes, found "7"`},
		{[]string{"--filter", "!", "--json"}, `column 1: want a term after !, found nothing`},
		{[]string{"--filter", "nm", "--all"}, "--filter keeps INFO records"},
		{[]string{"--filter", "nm", "--visaasm"}, "--filter keeps INFO records"},
	}
	for _, tt := range tests {
		out, errs, code := runSamples(t, tt.args...)
		if code != ExitUsage || out != "" || !strings.Contains(errs, tt.want) {
			t.Errorf("%q: exit %d, stdout %d bytes, stderr %q; want exit 2 and %q", tt.args, code, len(out), errs, tt.want)
		}
	}
}

// TestDumpFilterStrict checks that --strict looks at the records kept.
func TestDumpFilterStrict(t *testing.T) {
	// Two igc-layout SAMPLEINFO; the second has an illegal exec-size code
	// (7), a diagnostic.
	info := []byte{0x70, 0x0b, 0x04, 0x0f, 0x06, 0x21, 0, 0, 0, 0, 0}
	data := append(append([]byte{}, info...), info...)
	data[len(info)+2] = 0x07
	env := Env{Stdout: io.Discard, Stderr: io.Discard, Open: func(string) ([]byte, error) { return data, nil }}
	for _, tt := range []struct {
		args []string
		want int
	}{
		{[]string{"--strict", "s.bin"}, ExitError},
		{[]string{"--strict", "--filter", "diag", "s.bin"}, ExitError},
		{[]string{"--strict", "--filter", "!diag", "s.bin"}, ExitOK},
		{[]string{"--strict", "--filter", "exec:16", "s.bin"}, ExitOK},
	} {
		if code := Run(tt.args, env); code != tt.want {
			t.Errorf("%q: exit %d, want %d", tt.args, code, tt.want)
		}
	}
}
