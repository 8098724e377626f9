package native

import (
	"strings"
	"testing"
)

// The .visa.ll of a real SYCL kernel: every line ending in "; visa id:
// N" is kept under $N, counted against the file's own text.
func TestParseLLReal(t *testing.T) {
	const name = "OCL_asm23954d4a795eca46_simd32_entry_0003.visa.ll"
	data := readTestdata(t, name)
	ll := ParseLL(name, data)
	want := map[string]int{}
	for _, l := range strings.Split(string(data), "\n") {
		if i := strings.LastIndex(l, "; visa id: "); i >= 0 {
			want[strings.TrimSpace(l[i+len("; visa id: "):])]++
		}
	}
	if ll.Tagged() != len(want) || ll.Tagged() != 33 {
		t.Errorf("%d ids tagged, want %d (33)", ll.Tagged(), len(want))
	}
	total := 0
	for id, n := range want {
		var k int
		for _, c := range id {
			k = k*10 + int(c-'0')
		}
		if got := len(ll.Of(k)); got != n {
			t.Errorf("$%s: %d lines, want %d", id, got, n)
		}
		total += n
	}
	if total != 45 {
		t.Errorf("%d tagged lines, want 45", total)
	}
	if got := ll.Of(14); len(got) != 1 || got[0].Line != 20 || got[0].Text != "%15 = zext i16 %localIdX to i64" {
		t.Errorf("$14: %+v", got)
	}
	lines := strings.Count(string(data), "\n")
	if !strings.HasSuffix(string(data), "\n") {
		lines++
	}
	if ll.Of(0) != nil || ll.Lines != lines {
		t.Errorf("$0 %v, %d lines", ll.Of(0), ll.Lines)
	}
}

// Lines whose tag is malformed are not tagged; nothing panics.
func TestParseLLMalformed(t *testing.T) {
	ll := ParseLL("x.visa.ll", []byte("a ; visa id: \n; visa id: 3\nb ; visa id: 4x\nc ; visa id: -1\nd ; visa id: +5\ne\t\t; visa id: 7\r\nf ; visa id: 99999999999\n"))
	if ll.Tagged() != 1 || len(ll.Of(7)) != 1 || ll.Of(7)[0].Text != "e" || ll.Of(7)[0].Line != 6 || ll.Lines != 7 {
		t.Errorf("tagged %d, $7 %+v, %d lines", ll.Tagged(), ll.Of(7), ll.Lines)
	}
}

func FuzzParseLL(f *testing.F) {
	f.Add([]byte("  %1 = add i32 %0, 1\t\t; visa id: 3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ll := ParseLL("f.visa.ll", data)
		n := 0
		for _, ls := range ll.byID {
			n += len(ls)
		}
		if n > ll.Lines || ll.Lines > len(data)+1 {
			t.Fatalf("%d tagged lines of %d", n, ll.Lines)
		}
	})
}
