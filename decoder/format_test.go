package decoder

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// referenceText is AppendText written another way: the parts through
// Info's accessors (Operand, SurfaceName, ExecSize), strings joined.
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
	switch {
	case seed:
		b = append(b, " ("+exec+") "...)
	case op == OpResinfo || op == OpSampleinfo:
		b = append(b, "."+in.Channels()+" ("+in.Mask.String()+", "+exec+")  "...)
	default: // IGC names the channels of resinfo and sampleinfo only
		b = append(b, " ("+in.Mask.String()+", "+exec+")  "...)
	}
	b = append(b, in.SurfaceName()...)
	if in.HasLOD {
		b = append(b, " "+in.Operand(in.LOD)...)
	}
	return string(append(b, " "+in.Operand(in.Dst)...))
}

// TestAppendTextTables: the text is the reference's for
// every channel mask, mask control and exec-size code of both INFO
// sub-ops (and two unknown ones), for every sub-op byte with a spread of
// the rest, in both layouts and syntaxes, with operands named from a
// table and not, at offsets of every width.
func TestAppendTextTables(t *testing.T) {
	sym := &Symbols{Vars: []VarInfo{{Name: "lod"}, {Name: "res"}}, Surfaces: []string{"img"}}
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
			in.sym = sym
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

// TestAppendUint: operand numbers are written as strconv writes them, on
// both sides of the small numbers' own path.
func TestAppendUint(t *testing.T) {
	for _, v := range []uint64{0, 1, 9, 10, 11, 42, 99, 100, 101, 999, 65535, ^uint64(0)} {
		if got, want := string(AppendUint([]byte("x"), v)), "x"+strconv.FormatUint(v, 10); got != want {
			t.Errorf("AppendUint(%d) = %q, want %q", v, got, want)
		}
	}
}
