package decoder

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// referenceText is AppendText as it was written before its tables: the
// pieces one by one, numbers through strconv.
func referenceText(in *Info, seed bool) string {
	var b []byte
	op := in.Op()
	switch {
	case seed && (op == OpResinfo || op == OpSampleinfo):
		b = append(b, strings.ToUpper(op.String())...)
	case seed:
		b = append(b, "INFO_0x"...)
		b = strconv.AppendUint(b, uint64(in.SubOp), 16)
	case op == OpResinfo || op == OpSampleinfo:
		b = append(b, op.String()...)
	default:
		b = append(b, "info_0x"...)
		b = strconv.AppendUint(b, uint64(in.SubOp), 16)
	}
	exec := strconv.Itoa(in.ExecSize())
	if in.ExecSize() == 0 {
		exec = "?" + strconv.Itoa(int(in.ExecCode))
	}
	if seed {
		b = append(b, " ("+exec+") "...)
	} else {
		b = append(b, "."+in.Channels()+" ("+in.Mask.String()+", "+exec+")  "...)
	}
	b = append(b, in.SurfaceName()...)
	if in.HasLOD {
		b = append(b, " "+in.Operand(in.LOD)...)
	}
	return string(append(b, " "+in.Operand(in.Dst)...))
}

// TestAppendTextTables: the table-driven text is the reference's for
// every channel mask, mask control and exec-size code of both INFO
// sub-ops (and two unknown ones), for every sub-op byte with a spread of
// the rest, in both layouts and syntaxes, with operands named from a
// table and not, at offsets of every width.
func TestAppendTextTables(t *testing.T) {
	sym := &Symbols{Vars: []VarInfo{{Name: "lod"}, {Name: "res"}}, Surfaces: []string{"img"}}
	s := &Stream{Symbols: sym}
	offsets := []uint16{0, 9, 10, 99, 100, 4095, math.MaxUint16}
	buf := make([]byte, 0, 64)
	n := 0
	check := func(layout Layout, sub, code, m, c int) {
		k := sub ^ code<<4 ^ m<<2 ^ c
		in := Info{Layout: layout, SubOp: uint8(sub), ExecCode: uint8(code), Mask: MaskControl(m), ChannelMask: uint8(c), Surface: uint8(k)}
		in.HasLOD = k&1 == 0
		in.LOD = RawOperand{ID: uint32(k % 40), Offset: offsets[k%len(offsets)]}
		in.Dst = RawOperand{ID: uint32(k*7) % 1100, Offset: offsets[(k/7)%len(offsets)]}
		if k&2 != 0 {
			in.s = s
		}
		for _, seed := range []bool{false, true} {
			if seed {
				buf = in.AppendSeedText(buf[:0])
			} else {
				buf = in.AppendText(buf[:0])
			}
			if want := referenceText(&in, seed); string(buf) != want {
				t.Fatalf("%+v seed %v:\n got %q\nwant %q", in, seed, buf, want)
			}
			n++
		}
	}
	for _, layout := range []Layout{LayoutIGC, LayoutSeed} {
		for _, sub := range []int{0x0a, 0x0b, 0x2b, 0x0c} {
			for code := range 16 {
				for m := range 16 {
					for c := range 16 {
						check(layout, sub, code, m, c)
					}
				}
			}
		}
		for sub := range 256 {
			for j := range 16 {
				check(layout, sub, (sub+j)%16, (sub*3+j)%16, j)
			}
		}
	}
	t.Logf("%d texts compared", n)
}

// TestAppendNumbers: AppendUint and AppendHex write what strconv writes,
// at every length and at the edges, into buffers with and without room.
func TestAppendNumbers(t *testing.T) {
	vals := []uint64{0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, math.MaxUint32, math.MaxUint64, math.MaxUint64 - 1}
	for p := uint64(1); p < math.MaxUint64/10; p *= 10 {
		vals = append(vals, p-1, p, p+1)
	}
	for sh := range 64 {
		vals = append(vals, 1<<sh-1, 1<<sh, 1<<sh+1)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		vals = append(vals, r.Uint64()>>r.IntN(64), uint64(r.IntN(1e8)))
	}
	// Every number up to 10^5, and every low half under a few high
	// halves: each lane of the 8-digit conversions through its range.
	all := make([]uint64, 0, 5e4*4+1e5)
	for v := range uint64(1e5) {
		all = append(all, v)
	}
	for _, hi := range []uint64{99, 1234, 9999} {
		for lo := range uint64(1e4) {
			all = append(all, hi*1e4+lo, hi<<16|lo*6)
		}
	}
	for _, v := range all {
		if got, want := string(AppendUint(nil, v)), strconv.FormatUint(v, 10); got != want {
			t.Fatalf("AppendUint(%d) = %q", v, got)
		}
		if got, want := string(AppendHex(nil, v)), strconv.FormatUint(v, 16); got != want {
			t.Fatalf("AppendHex(%#x) = %q", v, got)
		}
	}
	for _, v := range vals {
		for _, b := range [][]byte{nil, []byte("x"), make([]byte, 2, 40)} {
			pre := string(b)
			if got, want := string(AppendUint(b, v)), pre+strconv.FormatUint(v, 10); got != want {
				t.Fatalf("AppendUint(%q, %d) = %q, want %q", pre, v, got, want)
			}
			if got, want := string(AppendHex(b, v)), pre+strconv.FormatUint(v, 16); got != want {
				t.Fatalf("AppendHex(%q, %#x) = %q, want %q", pre, v, got, want)
			}
		}
	}
}
