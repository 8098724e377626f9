package visagen

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestDeterministic(t *testing.T) {
	cfg := Config{Seed: 7, Kernels: 6, Insts: 50}
	a, b := Generate(cfg), Generate(cfg)
	for i := range a {
		if !bytes.Equal(a[i].Text, b[i].Text) {
			t.Fatalf("kernel %d differs between two runs with the same seed", i)
		}
	}
	c := Generate(Config{Seed: 8, Kernels: 6, Insts: 50})
	if bytes.Equal(a[0].Text, c[0].Text) {
		t.Fatal("seeds 7 and 8 give the same kernel")
	}
}

// TestCoverage checks that enough kernels emit every mnemonic the
// generator knows, so that the oracle tests see them all.
func TestCoverage(t *testing.T) {
	for _, p := range []Platform{SKL, TGLLP, DG2} {
		seen := map[string]bool{}
		for _, k := range Generate(Config{Seed: 1, Kernels: 40, Insts: 100, Platform: p}) {
			for _, l := range strings.Split(string(k.Text), "\n") {
				if m := lineMnemonic(l); m != "" {
					seen[m] = true
				}
			}
		}
		for _, m := range Mnemonics(p) {
			if !seen[m] {
				t.Errorf("%s: mnemonic %s never emitted", p, m)
			}
		}
	}
}

func TestInvalidMarksLines(t *testing.T) {
	for _, k := range Invalid(Config{Seed: 3, Kernels: 10, Insts: 60}) {
		lines := strings.Split(string(k.Text), "\n")
		if len(k.Refused) == 0 {
			t.Errorf("%s: no refused instruction", k.Name)
		}
		for _, n := range k.Refused {
			if n < 1 || n > len(lines) || !strings.Contains(lines[n-1], "info") {
				t.Errorf("%s: line %d is not a refused INFO: %q", k.Name, n, lines[n-1])
			}
		}
	}
}

// lineMnemonic returns the base mnemonic of an instruction line, "" for
// other lines.
func lineMnemonic(l string) string {
	if !strings.HasPrefix(l, "    ") {
		return ""
	}
	l = strings.TrimSpace(l)
	if strings.HasPrefix(l, "(") {
		l = strings.TrimSpace(l[strings.IndexByte(l, ')')+1:])
	}
	m, _, _ := strings.Cut(l, " ")
	m, _, _ = strings.Cut(m, ".")
	m, _, _ = strings.Cut(m, "(") // vme_ime(0,1)
	return m
}

// TestReproPrintsTheKernel: a kernel's Repro command line (cmd/visagen)
// generates kernel K alone, with Kernels K+1: the kernel must not depend on
// how many were asked for, and the flags must name its config.
func TestReproPrintsTheKernel(t *testing.T) {
	for _, invalid := range []bool{false, true} {
		for _, cfg := range []Config{{Seed: 22, Kernels: 7, Insts: 64}, {Seed: 20, Kernels: 4, Insts: 40, Platform: DG2}} {
			gen := Generate
			if invalid {
				gen = Invalid
			}
			for k, kern := range gen(cfg) {
				want := fmt.Sprintf("go run ./decoder/internal/visagen/cmd/visagen -seed %d -kernel %d -insts %d", cfg.Seed, k, cfg.Insts)
				if cfg.Platform != "" {
					want += " -platform " + string(cfg.Platform)
				}
				if invalid {
					want += " -invalid"
				}
				if kern.Repro != want {
					t.Errorf("%s: Repro %q, want %q", kern.Name, kern.Repro, want)
				}
				alone := cfg
				alone.Kernels = k + 1
				if got := gen(alone)[k]; !bytes.Equal(got.Text, kern.Text) {
					t.Errorf("%s: kernel %d of %d differs from kernel %d of %d", kern.Name, k, alone.Kernels, k, cfg.Kernels)
				}
			}
		}
	}
}

// Mnemonics returns the base mnemonics (before the first '.') the
// generator can emit for platform p, sorted.
func Mnemonics(p Platform) []string {
	seen := map[string]bool{}
	for _, o := range ops {
		if o.on(p) {
			seen[o.base] = true
		}
	}
	out := make([]string, 0, len(seen))
	for m := range seen {
		out = append(out, m)
	}
	slices.Sort(out)
	return out
}
