package diff

import (
	"math/rand/v2"
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
)

// FuzzCompare: any two inputs (binary or text) decode and compare without
// a panic; the alignment holds every instruction of both sides once, in
// order, and a side against itself is the same.
func FuzzCompare(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b []byte) { fuzzCompare(t, a, b) })
}

// fuzzSeeds are FuzzCompare's seed inputs: three texts against the same
// renumbered, and two objects against each other.
func fuzzSeeds(tb testing.TB) [][2][]byte {
	var out [][2][]byte
	for _, name := range []string{"testdata/dumpset/OCL_asm23954d4a795eca46_simd32_entry_0003.visaasm",
		oracleData + "info_channels.dis.visaasm", oracleData + "func_s1.dis.visaasm"} {
		text := mustRead(tb, name)
		out = append(out, [2][]byte{[]byte(text), []byte(renumber(text, rand.New(rand.NewPCG(1, 1))))})
	}
	return append(out, [2][]byte{[]byte(mustRead(tb, oracleData+"info_channels.isa")), []byte(mustRead(tb, oracleData+"func_s1.isa"))})
}

// fuzzCompare is one execution of FuzzCompare.
func fuzzCompare(t testing.TB, a, b []byte) {
	fa := decode("a", a)
	fb := decode("b", b)
	p := PairBodies(Bodies([]*decoder.File{fa}), Bodies([]*decoder.File{fb}))
	for _, pr := range p.Pairs {
		k := Compare(pr.A, pr.B, Options{})
		checkRows(t, k)
		if self := Compare(pr.A, pr.A, Options{}); !self.Same() {
			t.Fatalf("a body against itself differs:\n%s", describe(self))
		}
	}
}

// BenchmarkFuzzCompare is FuzzCompare's execution on its seeds: what one
// execution costs (its CI step runs 200,000).
func BenchmarkFuzzCompare(b *testing.B) {
	seeds := fuzzSeeds(b)
	for b.Loop() {
		for _, s := range seeds {
			fuzzCompare(b, s[0], s[1])
		}
	}
}

func decode(name string, data []byte) *decoder.File {
	return visatext.Decode(name, data, decoder.Options{})
}

// checkRows checks that k's rows hold every compared instruction of each
// side once, in increasing order.
func checkRows(t testing.TB, k *Kernel) {
	t.Helper()
	la, lb, na, nb := -1, -1, 0, 0
	for _, r := range k.Rows {
		if r.A >= 0 {
			if r.A <= la {
				t.Fatalf("A $%d after $%d", r.A, la)
			}
			la, na = r.A, na+1
		}
		if r.B >= 0 {
			if r.B <= lb {
				t.Fatalf("B $%d after $%d", r.B, lb)
			}
			lb, nb = r.B, nb+1
		}
		if (r.A < 0) != (r.Kind == Added) || (r.B < 0) != (r.Kind == Removed) {
			t.Fatalf("row %+v", r)
		}
	}
	if na != k.StatsA.Insts || nb != k.StatsB.Insts {
		t.Fatalf("rows hold %d and %d instructions of %d and %d", na, nb, k.StatsA.Insts, k.StatsB.Insts)
	}
}
