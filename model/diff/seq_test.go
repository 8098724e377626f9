package diff

import (
	"math/rand/v2"
	"testing"
)

// lcsLen is the reference: the longest common subsequence by dynamic
// programming.
func lcsLen(x, y []uint64) int {
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for i := range x {
		for j := range y {
			switch {
			case x[i] == y[j]:
				cur[j+1] = prev[j] + 1
			case prev[j+1] > cur[j]:
				cur[j+1] = prev[j+1]
			default:
				cur[j+1] = cur[j]
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(y)]
}

func checkMatches(t *testing.T, x, y []uint64, ms []match) {
	t.Helper()
	la, lb := -1, -1
	for _, m := range ms {
		if m.A <= la || m.B <= lb || m.A >= len(x) || m.B >= len(y) || x[m.A] != y[m.B] {
			t.Fatalf("bad match %v after (%d,%d)", m, la, lb)
		}
		la, lb = m.A, m.B
	}
}

// TestSeqDiffMinimal: on small inputs (under the work bound) the
// alignment is a longest common subsequence.
func TestSeqDiffMinimal(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		nx, ny := r.IntN(40), r.IntN(40)
		alpha := uint64(1 + r.IntN(6))
		x, y := randSeq(r, nx, alpha), randSeq(r, ny, alpha)
		ms := seqDiff(x, y)
		checkMatches(t, x, y, ms)
		if want := lcsLen(x, y); len(ms) != want {
			t.Fatalf("x=%v y=%v: %d matches, LCS %d", x, y, len(ms), want)
		}
	}
}

// TestSeqDiffBounded: large inputs past the work bound still give a valid
// alignment, and an insertion into a long sequence is found exactly.
func TestSeqDiffBounded(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	x, y := randSeq(r, 20000, 4), randSeq(r, 20000, 4)
	checkMatches(t, x, y, seqDiff(x, y))
	z := append(append(append([]uint64{}, x[:100]...), 99), x[100:]...)
	ms := seqDiff(x, z)
	checkMatches(t, x, z, ms)
	if len(ms) != len(x) {
		t.Fatalf("insertion: %d matches, want %d", len(ms), len(x))
	}
}

func BenchmarkSeqDiffDisjoint(b *testing.B) {
	x := make([]uint64, 6000)
	y := make([]uint64, 6000)
	for i := range x {
		x[i] = uint64(i)
		y[i] = uint64(i + 1<<32)
	}
	for b.Loop() {
		seqDiff(x, y)
	}
}

// BenchmarkSeqDiffWorst: two 6,000-element bodies over a two-letter
// alphabet (everything shares with everything): the work bound decides.
func BenchmarkSeqDiffWorst(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	x, y := randSeq(r, 6000, 2), randSeq(r, 6000, 2)
	for b.Loop() {
		seqDiff(x, y)
	}
}

// randSeq returns n random elements below alpha.
func randSeq(r *rand.Rand, n int, alpha uint64) []uint64 {
	x := make([]uint64, n)
	for i := range x {
		x[i] = r.Uint64N(alpha)
	}
	return x
}
