package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"infoscope/decoder"
	"infoscope/model/index"
	"infoscope/model/workspace"
)

// TestFilterMatches checks every field term against the decoded fields on
// the samples: each match satisfies the predicate, each non-match does not,
// and the negated term selects exactly the rest.
func TestFilterMatches(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 120, 40)
	total := m.list.rows.Len()
	if total < 20 {
		t.Fatalf("samples have %d INFO rows; the test needs a variety", total)
	}
	type pred func(f *decoder.File, st *decoder.Stream, in *decoder.Info) bool
	tests := []struct {
		filter string
		ok     pred
	}{
		{"op:resinfo", func(_ *decoder.File, _ *decoder.Stream, in *decoder.Info) bool { return in.Op() == decoder.OpResinfo }},
		{"op:sampleinfo", func(_ *decoder.File, _ *decoder.Stream, in *decoder.Info) bool {
			return in.Op() == decoder.OpSampleinfo
		}},
		{"exec:16", func(_ *decoder.File, _ *decoder.Stream, in *decoder.Info) bool { return in.ExecSize() == 16 }},
		{"nm", func(_ *decoder.File, _ *decoder.Stream, in *decoder.Info) bool { return in.Mask.NoMask() }},
		{"mask:M5", func(_ *decoder.File, _ *decoder.Stream, in *decoder.Info) bool {
			return in.Mask.String() == "M5" || in.Mask.String() == "M5_NM"
		}},
		{"mask:m1_nm", func(_ *decoder.File, _ *decoder.Stream, in *decoder.Info) bool { return in.Mask.String() == "M1_NM" }},
		{"surface:T6", func(_ *decoder.File, _ *decoder.Stream, in *decoder.Info) bool {
			return in.SurfaceName() == "T6" || in.SurfaceDecl() == "T6"
		}},
		{"chan:RGBA", func(_ *decoder.File, _ *decoder.Stream, in *decoder.Info) bool { return in.Channels() == "RGBA" }},
		{"file:stream", func(f *decoder.File, _ *decoder.Stream, _ *decoder.Info) bool {
			return strings.Contains(f.Name, "stream")
		}},
		{"kernel:a", func(_ *decoder.File, st *decoder.Stream, _ *decoder.Info) bool {
			return strings.Contains(strings.ToLower(st.Kernel), "a")
		}},
		{"lod.0", func(_ *decoder.File, _ *decoder.Stream, in *decoder.Info) bool {
			return strings.Contains(in.Text(), "lod.0")
		}},
		{"op:resinfo exec:8", func(_ *decoder.File, _ *decoder.Stream, in *decoder.Info) bool {
			return in.Op() == decoder.OpResinfo && in.ExecSize() == 8
		}},
	}
	for _, tt := range tests {
		t.Run(tt.filter, func(t *testing.T) {
			if err := filterNow(m, tt.filter); err != nil {
				t.Fatal(err)
			}
			matched := map[int]bool{}
			for _, r := range m.list.view {
				matched[int(r)] = true
			}
			for row := 0; row < total; row++ {
				l := m.list.rows.Loc(row)
				want := tt.ok(m.list.rows.File(l), m.list.rows.Stream(l), m.list.rows.Info(l))
				if matched[row] != want {
					t.Errorf("row %d (%s): matched=%v, predicate=%v", row, m.list.rows.Info(l).Text(), matched[row], want)
				}
			}
			n := len(m.list.view)
			neg := "!" + strings.ReplaceAll(tt.filter, " ", " !")
			if !strings.Contains(tt.filter, " ") {
				if err := filterNow(m, neg); err != nil {
					t.Fatal(err)
				}
				if n+len(m.list.view) != total {
					t.Errorf("%q: %d + %q: %d != %d rows", tt.filter, n, neg, len(m.list.view), total)
				}
			}
		})
	}
	// The samples must exercise both outcomes of the common terms, or the
	// test above proves little.
	for _, f := range []string{"op:resinfo", "nm", "exec:16"} {
		_ = filterNow(m, f)
		if c := m.list.count(); c == 0 || c == total {
			t.Errorf("%s matches %d of %d sample rows: not a useful sample", f, c, total)
		}
	}
}

func TestGotoAndDiagnostics(t *testing.T) {
	// Rows 3 and 7 carry an illegal exec-size code, so they have diagnostics.
	data := rawInfos(10, func(i int, b []byte) {
		if i == 3 || i == 7 {
			b[2] = 0x07
		}
	})
	m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("raw", data)}}, 80, 24)
	if m.list.rows.Len() != 10 {
		t.Fatalf("rows = %d", m.list.rows.Len())
	}
	off := func() int64 { l, _ := m.list.selected(); return m.list.rows.Info(l).Off }
	moveTo(t, m, 3, "}")
	moveTo(t, m, 7, "}")
	moveTo(t, m, 3, "}") // wraps
	moveTo(t, m, 7, "{")
	send(m, ":", "'0x21'", "enter")
	if off() != 0x21 || m.list.cursor != 3 {
		t.Fatalf(":0x21: offset 0x%x cursor %d", off(), m.list.cursor)
	}
	send(m, ":", "'0x25'", "enter") // inside row 3: the nearest instruction start is 0x21
	if off() != 0x21 {
		t.Fatalf(":0x25: offset 0x%x, want 0x21", off())
	}
	// Not an INFO start: the status says the cursor went to the nearest.
	if m.statusErr || !strings.Contains(m.status, "no INFO instruction at 0x25") || !strings.Contains(m.status, "nearest 0x21") {
		t.Fatalf(":0x25: status %q", m.status)
	}
	moveTo(t, m, 8, ":", "'9'", "enter")
	send(m, ":", "'99'", "enter")
	if !m.statusErr || !strings.Contains(m.status, "10 rows") || m.list.cursor != 8 {
		t.Fatalf(":99: status %q err=%v cursor %d", m.status, m.statusErr, m.list.cursor)
	}
	send(m, "/", "'diag'", "enter")
	if m.list.count() != 2 {
		t.Fatalf("filter diag: %d rows, want 2", m.list.count())
	}
	send(m, "G", "g", "j")
	if l, _ := m.list.selected(); l.Info != 7 {
		t.Fatalf("filtered j: info %d, want 7", l.Info)
	}
	send(m, "esc")
	if m.list.count() != 10 || m.list.cursor != 7 {
		t.Fatalf("esc clears filter and keeps the row: %d rows, cursor %d", m.list.count(), m.list.cursor)
	}
	send(m, "/", "'bogus:1'", "enter")
	// Refused: the prompt stays open with the text, the last valid
	// filter's result ("bogus", typed on the way) on screen; esc then
	// gives back the filter from before /.
	if !m.statusErr || m.list.mode != inputFilter || m.list.input.Value() != "bogus:1" || m.list.filter != "bogus" {
		t.Fatalf("bad filter: status %q, mode %d, text %q, filter %q", m.status, m.list.mode, m.list.input.Value(), m.list.filter)
	}
	// The error is located: column, what was wanted, what was found.
	if !strings.Contains(m.status, `column 1: want a field`) || !strings.Contains(m.status, `found "bogus:"`) {
		t.Errorf("bad filter: status %q", m.status)
	}
	send(m, "esc")
	if m.list.filter != "" || m.list.count() != 10 {
		t.Fatalf("esc after a bad filter: filter %q, %d rows", m.list.filter, m.list.count())
	}
}

// TestMoveKeys: the cursor moves by a row, a page or half of one, or to
// an end; a page key moves the page with the cursor, which keeps its row
// on the screen.
func TestMoveKeys(t *testing.T) {
	m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("raw", rawInfos(100, nil))}}, 80, 24)
	page, half := m.list.bodyRows(), m.list.bodyRows()/2
	steps := []struct {
		key       string
		want, top int
	}{
		{"j", 1, 0}, {"down", 2, 0}, {"k", 1, 0}, {"up", 0, 0}, {"up", 0, 0},
		{"pgdown", page, page}, {"pgup", 0, 0}, {"G", 99, 100 - page}, {"j", 99, 100 - page}, {"g", 0, 0},
		{"j", 1, 0}, {"ctrl+d", 1 + half, half}, {"pgdown", 1 + half + page, half + page},
		{"ctrl+u", 1 + page, page}, {"pgup", 1, 0},
	}
	for _, s := range steps {
		send(m, s.key)
		if m.list.cursor != s.want || m.list.top != s.top {
			t.Fatalf("after %s: cursor %d and top %d, want %d and %d", s.key, m.list.cursor, m.list.top, s.want, s.top)
		}
		if m.list.cursor < m.list.top || m.list.cursor >= m.list.top+page {
			t.Fatalf("after %s: cursor %d not visible (top %d, %d rows)", s.key, m.list.cursor, m.list.top, page)
		}
	}
}

// TestFilterKeepsRow: while typing, a filter that matches nothing for a
// moment does not lose the row the user was on.
func TestFilterKeepsRow(t *testing.T) {
	data := rawInfos(50, func(i int, b []byte) {
		if i%2 == 1 {
			b[2] = 0x03 // exec 8 on odd rows
		}
	})
	m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("raw", data)}}, 80, 24)
	send(m, ":", "'21'", "enter", "/", "'exec:1'") // matches nothing yet
	if m.list.count() != 0 {
		t.Fatalf("exec:1 matched %d rows", m.list.count())
	}
	typeText(m, "6")
	if l, _ := m.list.selected(); m.list.count() != 25 || l.Info != 20 {
		t.Fatalf("exec:16: %d rows, on info %d, want 25 rows on info 20", m.list.count(), l.Info)
	}
	send(m, "esc")
	if m.list.filter != "" || m.list.cursor != 20 {
		t.Fatalf("esc: filter %q, cursor %d", m.list.filter, m.list.cursor)
	}
	send(m, "/", "'exec:8'", "enter")
	if l, _ := m.list.selected(); m.list.count() != 25 || l.Info != 21 {
		t.Fatalf("exec:8: %d rows, on info %d, want the next match 21", m.list.count(), l.Info)
	}
}

// The context strip pages: every instruction is shown with at least the
// margin of neighbours each side (where the stream has them), and stepping
// to the next instruction keeps the window for most steps.
func TestContextWindowPages(t *testing.T) {
	for _, tc := range []struct{ n, slots int }{{100, 12}, {100, 7}, {13, 12}, {5, 12}, {50, 1}} {
		margin := tc.slots / 4
		moves := 0
		prev := -1
		for at := 0; at < tc.n; at++ {
			start, count := contextWindow(at, tc.n, tc.slots)
			if count != min(tc.n, tc.slots) || start < 0 || start+count > tc.n {
				t.Fatalf("n=%d slots=%d at=%d: window %d+%d", tc.n, tc.slots, at, start, count)
			}
			if at-start < min(margin, at) || start+count-1-at < min(margin, tc.n-1-at) {
				t.Errorf("n=%d slots=%d at=%d: window %d+%d leaves too few neighbours", tc.n, tc.slots, at, start, count)
			}
			if start != prev {
				moves++
			}
			prev = start
		}
		if step := max(1, tc.slots-2*margin); moves > tc.n/step+2 {
			t.Errorf("n=%d slots=%d: the window moved %d times in %d steps", tc.n, tc.slots, moves, tc.n)
		}
	}
}

// Moving the selection within a page changes only the bracket cells of
// the context strip and the digits of the selection's $N that leads it.
func TestContextLineMovesOnlyBrackets(t *testing.T) {
	m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("r.bin", rawInfos(40, nil))}}, 120, 40)
	line := func() string { return ansi.Strip(m.list.contextLine()) }
	a := line()
	send(m, "j")
	b := line()
	if len(a) != len(b) {
		t.Fatalf("strip changed width:\n%s\n%s", a, b)
	}
	diff := 0
	for i := range a {
		if a[i] != b[i] {
			diff++
		}
	}
	if diff != 5 || !strings.Contains(a, "[sampleinfo]") || !strings.Contains(b, "[sampleinfo]") || !strings.HasPrefix(a, "context $0  ") || !strings.HasPrefix(b, "context $1  ") {
		t.Errorf("%d cells changed, want the 4 brackets and the $N digit:\n%s\n%s", diff, a, b)
	}
}

// A list step restyles only the two rows it moves between, the position
// in the title, the context strip and the summary: every other line of
// the frame is byte-for-byte the same, so the renderer sends the client
// nothing for them (see BenchmarkCursorStep in tui/serve for the bytes).
func TestListStepTouchesFewCells(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 120, 40)
	send(m, "j") // off the first row, so the step below is a plain one
	before := strings.Split(m.View().Content, "\n")
	send(m, "j")
	after := strings.Split(m.View().Content, "\n")
	if len(before) != len(after) {
		t.Fatalf("frame changed height: %d -> %d lines", len(before), len(after))
	}
	top := m.lay.list.y + 1 // first list row
	oldRow, newRow := top+1, top+2
	strip := m.lay.list.y + m.lay.list.h - 1
	allowed := map[int]bool{m.lay.list.y: true, oldRow: true, newRow: true, strip: true}
	for y := m.lay.summary.y; y < m.lay.summary.y+m.lay.summary.h; y++ {
		allowed[y] = true
	}
	for y := range after {
		if before[y] != after[y] && !allowed[y] {
			t.Errorf("line %d changed:\n%s\n%s", y, ansi.Strip(before[y]), ansi.Strip(after[y]))
		}
	}
	// Issue 24 item 10 highlights the selected row whole (it was the
	// gutter and offset cells only): the two rows change whole, and
	// nothing else but the title, the strip and the summary.
	for _, y := range []int{oldRow, newRow} {
		if before[y] == after[y] {
			t.Errorf("row line %d did not change", y)
		}
	}
}

// Files given with long paths that share a prefix must still be told apart
// in the list's file column: the base name is what differs.
func TestListFileColumnShowsDistinctNames(t *testing.T) {
	srcs := []workspace.Source{
		workspace.BytesSource("decoder/testdata/oracle/info_min.isa", rawInfos(2, nil)),
		workspace.BytesSource("decoder/testdata/oracle/mix_s2.isa", rawInfos(2, nil)),
		workspace.BytesSource("other/dir/mix_s2.isa", rawInfos(2, nil)),
	}
	m := newLoaded(Config{Sources: srcs}, 80, 24)
	view := ansi.Strip(m.View().Content)
	wantView(t, "list", view, "info_min.isa", "oracle/mix_s2.isa", "dir/mix_s2.isa")
}

// TestGotoNumbers: go-to reads numbers as flags and fields do: ":010" is
// row ten (never octal 8), ":0x..." an offset.
func TestGotoNumbers(t *testing.T) {
	m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("raw", rawInfos(12, nil))}}, 80, 24)
	moveTo(t, m, 9, ":", "'010'", "enter") // decimal: row ten
	send(m, ":", "'0X0b'", "enter")
	if l, _ := m.list.selected(); m.list.rows.Info(l).Off != 0xb {
		t.Fatalf(":0X0b: offset 0x%x", m.list.rows.Info(l).Off)
	}
}

// TestFilterOffTheFrame: a keystroke in the filter prompt does not make
// the view; it returns the command that does, and the frame says the
// filter is on its way while the last view stays on screen.
func TestFilterOffTheFrame(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 120, 40)
	total := m.list.rows.Len()
	send(m, "/")
	var cmd tea.Cmd
	for _, r := range "op:resinfo" {
		_, cmd = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	if m.list.count() != total || !m.list.filtering || cmd == nil {
		t.Fatalf("after the keys: %d of %d rows, filtering %v, command %v", m.list.count(), total, m.list.filtering, cmd != nil)
	}
	before := screen(m)
	if !strings.Contains(before, fmt.Sprintf("filtering %d rows…", total)) || !strings.Contains(before, "sampleinfo.") {
		t.Errorf("the frame does not say the filter is on its way over the last view:\n%s", before)
	}
	runCmd(m, cmd, 0)
	if m.list.filtering || m.list.count() == 0 || m.list.count() == total {
		t.Fatalf("after the command: filtering %v, %d of %d rows", m.list.filtering, m.list.count(), total)
	}
	if after := screen(m); strings.Contains(after, "filtering") || strings.Contains(after, "sampleinfo.") {
		t.Errorf("the frame does not show the result:\n%s", after)
	}
	send(m, "enter")
	if !strings.Contains(screen(m), fmt.Sprintf("/op:resinfo (%d of %d)", m.list.count(), total)) {
		t.Errorf("the title does not count the result:\n%s", screen(m))
	}
}

// TestFilterLateResultDropped: results arrive in any order; only the
// view of the last filter asked for, over the rows shown, is installed.
func TestFilterLateResultDropped(t *testing.T) {
	m := newLoaded(Config{Sources: sampleSources(t)}, 120, 40)
	want := func(expr string) []int32 {
		f, err := index.ParseFilter(expr)
		if err != nil {
			t.Fatal(err)
		}
		return m.list.rows.View(f)
	}
	resinfo, sampleinfo := want("op:resinfo"), want("op:sampleinfo")
	a, _ := m.list.setFilter("op:resinfo")
	b, _ := m.list.setFilter("op:sampleinfo")
	msgA, msgB := a(), b()
	m.Update(msgB)
	m.Update(msgA) // late: dropped
	if !slices.Equal(m.list.view, sampleinfo) || m.list.filter != "op:sampleinfo" || m.list.filtering {
		t.Fatalf("view of %d rows for %q (filtering %v), want op:sampleinfo's %d", len(m.list.view), m.list.filter, m.list.filtering, len(sampleinfo))
	}
	// Typed back to a filter whose result is late, then cleared: neither
	// result is installed.
	a, _ = m.list.setFilter("op:resinfo")
	msgA = a()
	if cmd, _ := m.list.setFilter(""); cmd != nil || m.list.view != nil || m.list.filtering {
		t.Fatal("an empty filter does not apply at once")
	}
	m.Update(msgA)
	if m.list.view != nil || m.list.filter != "" {
		t.Fatalf("a result asked for before the filter was cleared was installed: %q, %d rows", m.list.filter, len(m.list.view))
	}
	// A result made over rows a reload replaced is dropped too.
	a, _ = m.list.setFilter("op:resinfo")
	msgA = a()
	reload := m.rebuild()
	// The reload's view is made off the frame too: no row until it comes.
	if reload == nil || !m.list.filtering || m.list.count() != 0 {
		t.Fatalf("a reload with a filter on: command %v, filtering %v, %d rows shown", reload != nil, m.list.filtering, m.list.count())
	}
	stale := msgA.(filteredMsg)
	stale.gen = m.list.gen     // even with a current generation
	stale.view = []int32{0, 1} // told apart from the reload's own view
	m.Update(stale)
	if !m.list.filtering || m.list.count() != 0 {
		t.Fatal("a view of the rows before the reload was installed")
	}
	m.Update(reload())
	if !slices.Equal(m.list.view, want("op:resinfo")) || len(resinfo) == 0 || m.list.filtering {
		t.Fatalf("the reload did not filter its own rows")
	}
}

// TestFlowFilter1M types a filter over 1M rows in a running program: the
// result comes when it is made, and enter says its count.
func TestFlowFilter1M(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes an 11 MiB stream")
	}
	const n = 1_000_000
	data := rawInfos(n, func(i int, b []byte) {
		if i%4 == 1 {
			b[2] = 0x03 // exec 8
		}
	})
	f := startFlow(t, Config{Sources: []workspace.Source{workspace.BytesSource("raw", data)}}, 120, 40)
	wait := func(want string) {
		t.Helper()
		teatest.WaitFor(t, f.Output(), func([]byte) bool { return strings.Contains(f.frame.Load().(string), want) },
			teatest.WithDuration(60*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
	}
	wait(fmt.Sprintf("1/%d", n))
	f.Send(press("/"))
	f.Type("exec:8")
	f.Send(press("enter"))
	wait(fmt.Sprintf(`filter "exec:8": %d of %d rows`, (n+2)/4, n))
	wait(fmt.Sprintf("/exec:8 (%d of %d)", (n+2)/4, n))
	f.Send(press("q"))
	m := final(t, f)
	if m.list.count() != (n+2)/4 || m.list.filtering {
		t.Errorf("%d rows, filtering %v", m.list.count(), m.list.filtering)
	}
}
