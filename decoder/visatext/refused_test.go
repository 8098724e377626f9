package visatext

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// violating returns the $N of every instruction GenX_IR's verifier report
// (its out.errors.txt) names: "Violating Instruction: ... /// $N".
func violating(errs []byte) (map[int]bool, error) {
	out := map[int]bool{}
	for _, l := range strings.Split(string(errs), "\n") {
		if !strings.Contains(l, "Violating Instruction:") {
			continue
		}
		_, n, ok := strings.Cut(l, "/// $")
		v, err := strconv.Atoi(strings.TrimSpace(n))
		if !ok || err != nil {
			return nil, fmt.Errorf("no $N in GenX_IR's %q", l)
		}
		out[v] = true
	}
	return out, nil
}

// diagnosed returns the $N of every INFO instruction of f's text that
// infoscope diagnoses.
func diagnosed(t *testing.T, name string, text []byte) map[int]bool {
	t.Helper()
	f := Read(name, text)
	if len(f.Errors) > 0 {
		t.Fatalf("%s: %v", name, f.Errors)
	}
	out := map[int]bool{}
	for _, s := range f.Streams {
		for _, in := range s.Infos() {
			if len(in.Diagnostics()) > 0 {
				out[in.Inst] = true
			}
		}
	}
	return out
}

// TestRawAlignRefused: INFO raw operands that do not start on a register,
// directly or through aliases, in a variable of a register or more. The
// kernel and GenX_IR 1.0.12504's verifier reports are in
// testdata/refused (PROVENANCE.md): infoscope must diagnose exactly the
// instructions GenX_IR refuses on a 32-byte-register platform (DG2), and
// those are among what it refuses on PVC (64-byte registers).
func TestRawAlignRefused(t *testing.T) {
	read := func(name string) []byte {
		b, err := os.ReadFile("testdata/refused/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	ours := diagnosed(t, "info_rawalign.visaasm", read("info_rawalign.visaasm"))
	dg2, err := violating(read("info_rawalign.DG2.errors.txt"))
	if err != nil {
		t.Fatal(err)
	}
	pvc, err := violating(read("info_rawalign.PVC.errors.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(dg2) == 0 || !maps.Equal(ours, dg2) {
		t.Errorf("GenX_IR (DG2) refuses $%v, infoscope diagnoses $%v", sortedKeys(dg2), sortedKeys(ours))
	}
	for n := range ours {
		if !pvc[n] {
			t.Errorf("infoscope diagnoses $%d, which GenX_IR accepts on PVC", n)
		}
	}
	if want := []int{0, 1, 2, 4, 8}; !slices.Equal(sortedKeys(ours), want) {
		t.Errorf("diagnosed $%v, want $%v", sortedKeys(ours), want)
	}
}
