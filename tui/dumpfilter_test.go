package tui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"infoscope/sampledata"
	"infoscope/tui/dump"
)

// TestDumpFilterSameRows checks that `dump --filter EXPR` and the list's
// filter keep the same INFO, on the samples: one language, one parser.
func TestDumpFilterSameRows(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 120, 40)
	for _, expr := range []string{"op:resinfo", "T6 !nm", "exec:16 chan:RGBA", "kernel:a", "diag", "v3", "file:stream_igc mask:M1"} {
		if err := filterNow(m, expr); err != nil {
			t.Fatal(err)
		}
		var list []string
		for p := range m.list.count() {
			l := m.list.rows.Loc(m.list.rowAt(p))
			list = append(list, fmt.Sprintf("%s %s $%d", m.list.rows.File(l).Name, m.list.rows.Stream(l).Kernel, m.list.rows.Info(l).Inst))
		}
		var out, errb bytes.Buffer
		args := append([]string{"--json", "--filter", expr}, sampledata.Names()...)
		dump.Run(args, dump.Env{Stdout: &out, Stderr: &errb, Open: sampledata.Read})
		var dumped []string
		for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if line == "" {
				continue
			}
			var r struct {
				File, Kernel string
				Index        int
			}
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("%q: %v: %s", expr, err, line)
			}
			dumped = append(dumped, fmt.Sprintf("%s %s $%d", r.File, r.Kernel, r.Index))
		}
		if len(list) == 0 || len(list) == m.list.rows.Len() {
			t.Errorf("%q keeps %d of %d rows: not a useful case", expr, len(list), m.list.rows.Len())
		}
		if !slices.Equal(dumped, list) {
			t.Errorf("%q: dump keeps %d records, the list %d rows:\n%v\n%v", expr, len(dumped), len(list), dumped, list)
		}
	}
}
