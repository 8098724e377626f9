package diff

import (
	"flag"
	"os"
	"testing"
)

var regen = flag.Bool("regen", false, "write testdata/triton_matmul.inserted.visaasm again")

// TestRealPair: a real kernel against the same kernel with one instruction
// inserted near the top and every later variable and $N shifted (diff(1)
// prints 1,485 lines for the two): the report holds exactly the
// insertion.
func TestRealPair(t *testing.T) {
	const a, b = "testdata/triton_matmul.visaasm", "testdata/triton_matmul.inserted.visaasm"
	text := mustRead(t, a)
	want, at := insertShifted(text, 5)
	if *regen {
		if err := os.WriteFile(b, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := mustRead(t, b)
	if got != want {
		t.Fatalf("%s is not insertShifted(%s): run with -regen", b, a)
	}
	ks := compareFiles(t, readText(t, a, text), readText(t, b, got))
	if len(ks) != 1 {
		t.Fatalf("%d kernels", len(ks))
	}
	k := ks[0]
	if len(k.Changes) != 1 || len(k.Decls) != 0 {
		t.Fatalf("%s", describe(k))
	}
	c := k.Changes[0]
	if c.Kind != Added || c.A != -1 || c.B != at || c.BText != "mov (M1_NM, 1) V0202(0,0)<1> 0x2a:d" {
		t.Errorf("%+v", c)
	}
	if k.StatsB.Insts != k.StatsA.Insts+1 {
		t.Errorf("stats %+v %+v", k.StatsA, k.StatsB)
	}
	// Every other row is Same, $N shifted by one after the insertion.
	for _, r := range k.Rows {
		if r.Kind == Same && r.B != r.A+map[bool]int{true: 1, false: 0}[r.A >= at] {
			t.Fatalf("row %+v", r)
		}
	}
}
