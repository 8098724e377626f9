package decoder

import (
	"errors"
	"strings"
	"testing"
)

// TestAuditVectors runs testdata/audit.txt (format at its top): every
// opcode row of the format doc's §3.6 at 4.1, 3.4, 3.3 and 4.8, the
// version-dependent rows on both sides of each boundary, INFO text and
// names, and the errors the reader's rules imply.
func TestAuditVectors(t *testing.T) {
	n := 0
	for where, cols := range vectorLines(t, "audit.txt") {
		n++
		if len(cols) == 6 && strings.HasPrefix(cols[5], "#") {
			where += " (" + strings.TrimSpace(strings.TrimPrefix(cols[5], "#")) + ")"
			cols = cols[:5]
		}
		if len(cols) != 5 {
			t.Fatalf("%s: %d columns, want 5", where, len(cols))
		}
		head, tail, s := vectorWalk(t, where, cols[0], cols[1], cols[2], LayoutIGC)
		check, want := cols[3], cols[4]
		if check == "error" {
			var fe *FormatError
			if sentinels[want] == nil {
				t.Fatalf("%s: sentinel %q", where, want)
			}
			if !errors.As(s.Err, &fe) || !errors.Is(s.Err, sentinels[want]) || fe.Off != int64(len(head)) {
				t.Errorf("%s: got %v, want a %s error at byte %d", where, s.Err, want, len(head))
			}
			continue
		}
		if s.Err != nil {
			t.Errorf("%s: %v", where, s.Err)
			continue
		}
		if s.NumInsts() == 0 || int(s.Inst(0).Len) != len(head) {
			var got int
			if s.NumInsts() > 0 {
				got = int(s.Inst(0).Len)
			}
			t.Errorf("%s: length %d, want %d", where, got, len(head))
			continue
		}
		// The rest must be exactly the trailing instructions (fences).
		for i, in := range s.Insts() {
			if i == 0 {
				continue
			}
			if in.Op != 0x5C || in.Len != 2 {
				t.Errorf("%s: instruction %d after the one under test is %s (%d bytes), want fence", where, i, in.Mnemonic(), in.Len)
			}
		}
		if want := len(tail) / 2; s.NumInsts()-1 != want {
			t.Errorf("%s: %d trailing instructions, want %d", where, s.NumInsts()-1, want)
		}
		var got string
		switch check {
		case "mnemonic":
			got = s.Inst(0).Mnemonic()
		case "text":
			var in Instruction
			s.Decode(0, &in)
			got = in.Text()
			want = strings.ReplaceAll(want, `\n`, "\n")
		case "igc":
			if s.NumInfos() == 0 || s.Info(0).Inst != 0 {
				t.Errorf("%s: first instruction is not INFO", where)
				continue
			}
			got = s.Info(0).Text()
		default:
			t.Fatalf("%s: check %q", where, check)
		}
		if got != want {
			t.Errorf("%s:\n got %q\nwant %q", where, got, want)
		}
	}
	if n < 700 {
		t.Errorf("only %d vectors", n)
	}
}

// TestAuditReachesEveryRow compiles the opcode table for every supported
// version and checks that the audit vectors reach every live row (not
// rejected, length determined, meaning unchanged since 2018 at that
// version): each one at 4.1, 3.4, 3.3 and 4.8 for its length, and at 4.1
// and 3.3 for its text.
func TestAuditReachesEveryRow(t *testing.T) {
	reached := map[string]map[*tableRow]bool{}
	for where, cols := range vectorLines(t, "audit.txt") {
		if len(cols) < 5 || cols[3] == "error" {
			continue
		}
		head, tail := vectorBytes(t, where, cols[0])
		v := vectorVersion(t, where, cols[1])
		s := Walk(append(append([]byte{}, head...), tail...), 0, WalkOptions{Version: v, Layout: LayoutIGC})
		if s.NumInsts() == 0 {
			continue
		}
		var in Instruction
		s.Decode(0, &in)
		key := cols[1] + " " + cols[3]
		if reached[key] == nil {
			reached[key] = map[*tableRow]bool{}
		}
		reached[key][in.row] = true
	}
	for _, n := range []int{300, 301, 302, 303, 304, 305, 306, 307, 308, 400, 401, 408} {
		v := Version{uint8(n / 100), uint8(n % 100)}
		tab := compileTable(v, false)
		live := map[*tableRow]bool{}
		for op := range 256 {
			if p := tab.progs[op]; p != nil && p.before2019 == "" {
				live[p.row] = true
			}
			if sub := tab.subs[op]; sub != nil {
				for _, p := range sub {
					if p != nil {
						live[p.row] = true
					}
				}
			}
		}
		for r := range live {
			if r.rejected || r.undet || (r.legacy && n >= 307) {
				continue
			}
			for _, check := range []string{"mnemonic", "text"} {
				want := (check == "mnemonic" && (n == 401 || n == 304 || n == 303 || n == 408)) || (check == "text" && (n == 401 || n == 303))
				if !want {
					continue
				}
				got := reached[v.String()+" "+check][r] || (r.op == OpINFO && reached[v.String()+" igc"][r])
				if !got {
					t.Errorf("version %s: no %s vector reaches row 0x%02X %s", v, check, r.op, r.mnemonic)
				}
			}
		}
	}
}
