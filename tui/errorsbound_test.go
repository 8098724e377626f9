package tui

import (
	"bytes"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/model/workspace"
	"infoscope/tui/dump"
)

// A file with thousands of errors: the errors view and dump's stderr show
// the same lines, the first decoder.ShownErrors and one counting the rest.
func TestErrorsBoundedSameInBoth(t *testing.T) {
	src := ".version 4.1\n.kernel \"k\"\n" + strings.Repeat("    frob (M1, 1)\n", 3000) + "    ret (M1, 1)\n"
	m := newLoaded(Config{Sources: []workspace.Source{&memSource{name: "bad.visaasm", data: []byte(src)}}}, 80, 24)
	var view []string
	for _, l := range m.errorLines() {
		if strings.HasPrefix(l, "  ✗ ") {
			view = append(view, strings.TrimPrefix(l, "  ✗ "))
		}
	}
	var out, errb bytes.Buffer
	dump.Run([]string{"bad.visaasm"}, dump.Env{Stdout: &out, Stderr: &errb, Open: func(string) ([]byte, error) { return []byte(src), nil }})
	var stderr []string
	for _, l := range strings.Split(strings.TrimSpace(errb.String()), "\n") {
		if strings.HasPrefix(l, "bad.visaasm:") && !strings.Contains(l, ": layout ") {
			stderr = append(stderr, l)
		}
	}
	if len(view) != decoder.ShownErrors+1 || strings.Join(view, "\n") != strings.Join(stderr, "\n") {
		t.Fatalf("errors view (%d lines):\n%s\nstderr (%d lines):\n%s", len(view), strings.Join(view, "\n"), len(stderr), strings.Join(stderr, "\n"))
	}
	if last := view[len(view)-1]; !strings.Contains(last, "2980 more errors not shown (3000 in all)") {
		t.Errorf("last line %q", last)
	}
}
