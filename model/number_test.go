package model

import (
	"reflect"
	"strconv"
	"testing"
)

func TestParseNumber(t *testing.T) {
	ok := []struct {
		in   string
		hi   uint64
		want uint64
	}{
		{"0", 10, 0},
		{"10", 10, 10},
		{"010", 10, 10}, // decimal, never octal 8
		{"0010", 16, 10},
		{" 7 ", 10, 7},
		{"0x1a3", 1 << 20, 0x1a3},
		{"0X0f", 16, 15},
		{"0x010", 16, 16},
		{"18446744073709551615", 1<<64 - 1, 1<<64 - 1},
	}
	for _, tc := range ok {
		got, err := ParseNumber(tc.in, tc.hi)
		if err != nil || got != tc.want {
			t.Errorf("ParseNumber(%q, %d) = %d, %v; want %d", tc.in, tc.hi, got, err, tc.want)
		}
	}
	bad := []struct{ in, want string }{
		{"", `"" is not a number (decimal, or hex with 0x)`},
		{"0x", `"0x" is not a number (decimal, or hex with 0x)`},
		{"-1", `"-1" is not a number (decimal, or hex with 0x)`},
		{"+1", `"+1" is not a number (decimal, or hex with 0x)`},
		{"1_000", `"1_000" is not a number (decimal, or hex with 0x)`},
		{"0o17", `"0o17" is not a number (decimal, or hex with 0x)`},
		{"0b11", `"0b11" is not a number (decimal, or hex with 0x)`},
		{"1.5", `"1.5" is not a number (decimal, or hex with 0x)`},
		{"ff", `"ff" is not a number (decimal, or hex with 0x)`},
		{"11", `11 out of range 0..10`},
		{"0xb", `0xb out of range 0..10`},
		{"99999999999999999999999", `99999999999999999999999 out of range 0..10`},
	}
	for _, tc := range bad {
		_, err := ParseNumber(tc.in, 10)
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseNumber(%q) error %v; want %s", tc.in, err, tc.want)
		}
	}
}

func TestParseLODList(t *testing.T) {
	got, err := ParseLODList("010, 0x10 3")
	if err != nil || !reflect.DeepEqual(got, []uint32{10, 16, 3}) {
		t.Errorf("got %v, %v; want [10 16 3]", got, err)
	}
	if _, err := ParseLODList(" , "); err == nil {
		t.Error("an empty list was accepted")
	}
	long := "0"
	for range MaxLODs {
		long += ",0"
	}
	if _, err := ParseLODList(long); err == nil {
		t.Error("33 values were accepted")
	}
	if _, err := ParseLODList("1,4294967296"); err == nil || err.Error() != `lod value 2: 4294967296 out of range 0..4294967295` {
		t.Errorf("error %v", err)
	}
}

// FuzzParseNumber: never panics; what it accepts is within range and reads
// back the same from its decimal and hex forms.
func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"0", "010", "0x1f", "0X", "-1", "1_0", "99999999999999999999", " 7 "} {
		f.Add(s, uint64(1000))
	}
	f.Fuzz(func(t *testing.T, s string, hi uint64) {
		v, err := ParseNumber(s, hi)
		if err != nil {
			return
		}
		if v > hi {
			t.Fatalf("%q: %d above %d", s, v, hi)
		}
		for _, back := range []string{strconv.FormatUint(v, 10), "0x" + strconv.FormatUint(v, 16)} {
			if w, err := ParseNumber(back, hi); err != nil || w != v {
				t.Fatalf("%q = %d, but %q = %d, %v", s, v, back, w, err)
			}
		}
	})
}
