package index

import (
	"encoding/binary"
	"math/rand"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata"
)

// mixedInfos returns a raw stream of n INFO instructions with every field
// varied (resinfo and sampleinfo, masks, exec sizes, channels, surfaces,
// variable ids and offsets). One row in diagEvery (none when 0) has a
// diagnostic: an unknown sub-op, an illegal exec size, or lanes past 32.
func mixedInfos(n int, seed int64, diagEvery int) []byte {
	rng := rand.New(rand.NewSource(seed))
	var out []byte
	op := func() []byte {
		var b [6]byte
		// Declared variables (V32 on), a few reused often; one operand
		// in 50 a predefined one (%null, %arg, ...), as in IGC's code.
		id := uint32(32 + rng.Intn(40))
		switch r := rng.Intn(100); {
		case r < 2:
			id = uint32(rng.Intn(32))
		case r < 26:
			id = uint32(32 + rng.Intn(5000))
		}
		binary.LittleEndian.PutUint32(b[:], id)
		binary.LittleEndian.PutUint16(b[4:], uint16([]int{0, 0, 0, 1, 16, 32, 64, 100, 1234, 65535}[rng.Intn(10)]))
		return b[:]
	}
	for i := 0; i < n; i++ {
		sub := []byte{0x0a, 0x0b, 0x0b}[rng.Intn(3)]
		code := rng.Intn(6)
		// Lane offset + exec size within 32: a clean row.
		exec := byte(code) | byte(rng.Intn(2))<<7 | byte(rng.Intn(1+(32-1<<code)/4))<<4
		if diagEvery > 0 && i%diagEvery == diagEvery/2 {
			switch rng.Intn(3) {
			case 0:
				sub = []byte{0x0c, 0x1b}[rng.Intn(2)]
			case 1:
				exec = exec&0xF0 | byte(6+rng.Intn(10))
			default:
				exec = 5 | 7<<4
			}
		}
		ch := byte(1 + rng.Intn(15))
		surf := []byte{0, 1, 5, 6, 7, 12, 33, 250}[rng.Intn(8)]
		out = append(out, 0x70, sub, exec, ch, surf)
		if sub == 0x0a {
			out = append(out, op()...)
		}
		out = append(out, op()...)
	}
	return out
}

// sampleFiles decodes the embedded samples, as the inspector does when
// started without files.
func sampleFiles(t testing.TB) []*decoder.File {
	t.Helper()
	var files []*decoder.File
	for _, n := range sampledata.Names() {
		data, err := sampledata.Read(n)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, decoder.Decode(n, data, decoder.Options{}))
	}
	return files
}

// navModel indexes the samples and two generated streams
// (diagnostics frequent in one, rare in the other).
func navModel(t testing.TB) *Index {
	files := append(sampleFiles(t),
		decoder.Decode("gen-a.bin", mixedInfos(6000, 1, 50), decoder.Options{}),
		decoder.Decode("gen-b.bin", mixedInfos(6000, 2, 1500), decoder.Options{}))
	r := New(files)
	if r.total < 12000 {
		t.Fatalf("%d rows, want at least 12000", r.total)
	}
	return r
}

// filterCases are filters of every term kind, negated and combined, with
// text that spans the pieces of the instruction text.
var filterCases = []string{
	"", "resinfo", "SAMPLEINFO", "info_0x", "info_0x1b", ".rgba", "rgba (m", "(m5_nm, 16)", ", 16)  t6", "16)",
	"t6", "t7 v", "t250", "%slm", "v33.0", "v3", "3", "0", ".0 v", "0 v1", " ", "%null", "%thread", "e.", "?6",
	"text:T6", "!resinfo", "op:resinfo", "op:sampleinfo", "!op:sampleinfo", "op:unknown",
	"surface:T6", "surface:t7", "surface:%slm", "surface:TSS", "!surface:T6",
	"mask:M5", "mask:5", "mask:M5_NM", "mask:m1", "!mask:M1", "exec:16", "exec:1", "exec:0", "!exec:8",
	"nm", "!nm", "chan:RGBA", "chan:r", "chan:ga", "!chan:RGBA",
	"file:gen", "file:a.bin", "!file:gen", "kernel:main", "kernel:x",
	"diag", "!diag", "diag:exec", "diag:lanes", "diag:surface", "!diag:exec",
	"op:sampleinfo exec:16", "surface:T6 !nm", "resinfo mask:M2 !diag", "nm exec:32 chan:RGBA v1",
	"file:gen-b op:resinfo !t6 diag", "v33 v33.", "t6 t6 !t7",
}

// viewsFor returns the views the n/N and :0x tests walk: every row, and a
// few filters.
func viewsFor(t *testing.T, r *Index) map[string][]int32 {
	views := map[string][]int32{"": nil}
	for _, f := range []string{"resinfo", "!diag", "diag", "t6", "file:gen-b", "exec:16 nm", "v1"} {
		flt, err := ParseFilter(f)
		if err != nil {
			t.Fatal(err)
		}
		views[f] = r.View(flt)
	}
	return views
}

// TestNextDiag checks n and N against a walk of the view.
func TestNextDiag(t *testing.T) {
	r := navModel(t)
	rng := rand.New(rand.NewSource(4))
	hasDiag := make([]bool, r.Len()) // read from each Info once
	for row := range hasDiag {
		hasDiag[row] = r.Info(r.Loc(row)).NumDiagnostics() > 0
	}
	for name, view := range viewsFor(t, r) {
		n := r.total
		if view != nil {
			n = len(view)
		}
		if n == 0 {
			continue
		}
		row := func(p int) int {
			if view != nil {
				return int(view[p])
			}
			return p
		}
		for k := 0; k < 300; k++ {
			cur := rng.Intn(n)
			if k < 4 {
				cur = []int{0, n - 1, 0, n - 1}[k]
			}
			for _, dir := range []int{1, -1} {
				want := -1
				for i := 1; i <= n; i++ {
					p := ((cur+dir*i)%n + n) % n
					if hasDiag[row(p)] {
						want = p
						break
					}
				}
				if got := r.NextDiag(view, cur, dir); got != want {
					t.Fatalf("view %q, cursor %d, dir %d: position %d, want %d", name, cur, dir, got, want)
				}
			}
		}
	}
}

// TestGotoOffset checks :0xOFFSET against a scan of the view.
func TestGotoOffset(t *testing.T) {
	r := navModel(t)
	rng := rand.New(rand.NewSource(5))
	// Each row's Info, read once.
	infos := make([]*decoder.Info, r.Len())
	for row := range infos {
		infos[row] = r.Info(r.Loc(row))
	}
	for name, view := range viewsFor(t, r) {
		n := r.total
		if view != nil {
			n = len(view)
		}
		row := func(p int) int {
			if view != nil {
				return int(view[p])
			}
			return p
		}
		for k := 0; k < 200; k++ {
			var off int64
			switch k % 3 {
			case 0: // a row's own offset
				if n > 0 {
					off = infos[row(rng.Intn(n))].Off
				}
			case 1: // near one
				if n > 0 {
					off = infos[row(rng.Intn(n))].Off + int64(rng.Intn(9)) - 4
				}
			default:
				off = rng.Int63n(200_000)
			}
			off = max(off, 0)
			cur := rng.Intn(len(r.files)+1) - 1
			best, bestD, bestSame := -1, int64(-1), false
			for p := 0; p < n; p++ {
				lc := r.Loc(row(p))
				if infos[row(p)].FromText() {
					continue
				}
				d := infos[row(p)].Off - off
				if d < 0 {
					d = -d
				}
				same := lc.File == cur
				if best < 0 || (same && !bestSame) || (same == bestSame && d < bestD) {
					best, bestD, bestSame = p, d, same
				}
			}
			got, gotD := r.NearestOffset(view, cur, off, nil)
			if got != best || (best >= 0 && gotD != bestD) {
				t.Fatalf("view %q, 0x%x from source %d: position %d (distance %d), want %d (%d)", name, off, cur, got, gotD, best, bestD)
			}
		}
	}
}

func decodeBytes(name string, data []byte) *decoder.File {
	return decoder.Decode(name, data, decoder.Options{})
}
