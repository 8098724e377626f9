package model

import (
	"testing"

	"infoscope/decoder"
)

func TestExecMask(t *testing.T) {
	m := ExecMask(0x80000005)
	for i, want := range map[int]bool{0: true, 1: false, 2: true, 31: true, 30: false, -1: false, 32: false} {
		if m.Lane(i) != want {
			t.Errorf("Lane(%d) = %v", i, !want)
		}
	}
	if m.Count() != 3 || AllLanes.Count() != 32 || ExecMask(0).Count() != 0 {
		t.Errorf("Count: %d %d", m.Count(), AllLanes.Count())
	}
	if got := m.Toggle(1).Toggle(31); got != 0x00000007 {
		t.Errorf("Toggle: %s", got)
	}
	if m.Toggle(32) != m || m.Toggle(-1) != m {
		t.Error("Toggle out of range changed the mask")
	}
	if m.String() != "0x80000005" || ExecMask(0xff).String() != "0x000000ff" || AllLanes.String() != "0xffffffff" {
		t.Errorf("String: %s", m)
	}
}

func TestParseExecMask(t *testing.T) {
	good := map[string]ExecMask{
		"0xffffffff": AllLanes, "0XFFFF": 0xffff, "ff00": 0xff00, " 0x1 ": 1,
		"0x0000_ffff": 0xffff, "0": 0, "0x00000000": 0,
	}
	for s, want := range good {
		got, err := ParseExecMask(s)
		if err != nil || got != want {
			t.Errorf("%q: %s, %v; want %s", s, got, err, want)
		}
	}
	for _, s := range []string{"", "0x", "0x1ffffffff", "123456789", "0xg", "-1", "1 2", "0x+1", "_"} {
		if got, err := ParseExecMask(s); err == nil {
			t.Errorf("%q: accepted as %s", s, got)
		}
	}
	// Round trip over a few patterns.
	for _, m := range []ExecMask{0, 1, 0xdeadbeef, AllLanes} {
		if got, err := ParseExecMask(m.String()); err != nil || got != m {
			t.Errorf("round trip %s: %s %v", m, got, err)
		}
	}
}

func TestLanes(t *testing.T) {
	tests := []struct {
		name     string
		exec     byte
		dispatch ExecMask
		size     int
		offset   int
		nomask   bool
		window   string // the 32 EM bits, bit 0 first: 1 in the window
		enabled  string
		warn     []string // substrings expected among the warnings; none other allowed
	}{
		{"M1 16", 0x04, AllLanes, 16, 0, false, "11111111111111110000000000000000", "1111111111111111", nil},
		{"M5 16", 0x44, 0x00010000, 16, 16, false, "00000000000000001111111111111111", "1000000000000000", nil},
		{"M2 8 misaligned", 0x13, AllLanes, 8, 4, false, "00001111111100000000000000000000", "11111111", []string{"not a multiple of exec size 8"}},
		{"M3 16 misaligned", 0x24, AllLanes, 16, 8, false, "00000000111111111111111100000000", "1111111111111111", []string{"not a multiple of exec size 16"}},
		{"M8 8", 0x73, 0xF0000000, 8, 28, false, "00000000000000000000000000001111", "11110000", []string{"exceeds 32", "lanes 4-7 have no EM bit", "not a multiple"}},
		{"M8_NM 8", 0xF3, 0, 8, 28, true, "00000000000000000000000000001111", "11111111", []string{"exceeds 32", "not a multiple"}},
		{"M2 32", 0x15, AllLanes, 32, 4, false, "00001111111111111111111111111111", "11111111111111111111111111110000", []string{"exceeds 32", "lanes 28-31", "not a multiple"}},
		{"M1_NM 8 nothing dispatched", 0x83, 0, 8, 0, true, "11111111000000000000000000000000", "11111111", nil},
		{"M1 8 nothing dispatched", 0x03, 0xFFFFFF00, 8, 0, false, "11111111000000000000000000000000", "00000000", []string{"no lane is enabled"}},
		{"exec 2", 0x11, AllLanes, 2, 4, false, "00001100000000000000000000000000", "11", []string{"exec size 2"}},
		{"illegal code 6", 0x06, AllLanes, 0, 0, false, "00000000000000000000000000000000", "", []string{"exec-size code 6 is illegal"}},
		{"illegal code 15 M4", 0x3F, AllLanes, 0, 12, false, "00000000000000000000000000000000", "", []string{"exec-size code 15 is illegal"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lm := Lanes(resinfo(t, tc.exec, 0xF), tc.dispatch)
			if lm.ExecSize != tc.size || lm.Offset != tc.offset || lm.NoMask != tc.nomask || lm.Dispatch != tc.dispatch {
				t.Errorf("size %d offset %d nomask %v dispatch %s", lm.ExecSize, lm.Offset, lm.NoMask, lm.Dispatch)
			}
			var w, e []byte
			for _, b := range lm.Window {
				w = append(w, "01"[btoi(b)])
			}
			for _, b := range lm.Enabled {
				e = append(e, "01"[btoi(b)])
			}
			if string(w) != tc.window {
				t.Errorf("window  %s\nwant    %s", w, tc.window)
			}
			if string(e) != tc.enabled || len(lm.Enabled) != tc.size {
				t.Errorf("enabled %s, want %s", e, tc.enabled)
			}
			// Warnings and notes together: which is which is checked by
			// TestLaneWarningsAreDiagnostics.
			both := append(append([]string(nil), lm.Warnings...), lm.Notes...)
			for _, s := range tc.warn {
				if !hasWarning(both, s) {
					t.Errorf("missing warning %q in %q", s, both)
				}
			}
			if tc.warn == nil && len(both) != 0 {
				t.Errorf("unexpected warnings %q", both)
			}
			// Lanes at or past the exec size do not exist.
			if lm.EMBit(tc.size) != -1 || lm.EMBit(-1) != -1 {
				t.Error("EMBit of a lane that does not exist")
			}
		})
	}
	if lm := Lanes(nil, AllLanes); lm.ExecSize != 0 || len(lm.Warnings) != 1 {
		t.Errorf("nil: %+v", lm)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestLaneMask(t *testing.T) {
	for _, tc := range []struct {
		m    uint64
		sep  string
		want string
	}{{0, ",", ""}, {0xFF00FF, ",", "0-7,16-23"}, {1<<63 | 1<<62 | 1, ", ", "0, 62-63"}, {^uint64(0), ",", "0-63"}} {
		if got := LaneMask(tc.m, tc.sep); got != tc.want {
			t.Errorf("LaneMask(%#x, %q) = %q, want %q", tc.m, tc.sep, got, tc.want)
		}
	}
}

func TestLaneList(t *testing.T) {
	for want, in := range map[string][]int{"": nil, "3": {3}, "0-3,8,10-11": {0, 1, 2, 3, 8, 10, 11}} {
		if got := laneList(in); got != want {
			t.Errorf("%v: %q", in, got)
		}
	}
}

// Issue 12 item 8: one notion of a diagnostic. A lane map warning (marked
// ! in the panels) is exactly what the decoder reports as a diagnostic of
// the instruction; legal but unusual encodings are notes.
func TestLaneWarningsAreDiagnostics(t *testing.T) {
	for _, tc := range []struct {
		name  string
		exec  uint8 // exec byte: size code | mask << 4
		warns bool
	}{
		{"exec size 1", 0x00, false},
		{"exec size 2", 0x01, false},
		{"M2 unaligned at 16", 0x14, false},
		{"M8 16 lanes past 32", 0x74, true},
		{"M1 16", 0x04, false},
	} {
		b := []byte{0x70, 0x0A, tc.exec, 0x01, 0x06, 0x20, 0, 0, 0, 0, 0, 0x21, 0, 0, 0, 0, 0}
		st := decoder.Walk(b, 0, decoder.WalkOptions{Layout: decoder.LayoutIGC})
		in := st.Info(0)
		lm := Lanes(in, AllLanes)
		if (len(lm.Warnings) > 0) != tc.warns || (in.NumDiagnostics() > 0) != tc.warns {
			t.Errorf("%s: lane warnings %q, diagnostics %q: want both or neither", tc.name, lm.Warnings, in.Diagnostics())
		}
	}
}
