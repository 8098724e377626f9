package decoder

import (
	"math/rand/v2"
	"testing"
)

// TestFastMatchesCareful: wherever the hot path accepts an instruction, its
// length is the careful path's (the interpreter over opcodes.tsv), for every
// opcode and sub-op, both layouts, both operand widths, random operands.
func TestFastMatchesCareful(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	buf := make([]byte, 2*fastWindow)
	for _, v := range []Version{{3, 3}, {4, 1}} {
		tab := tableFor(v)
		for li, layout := range []Layout{LayoutIGC, LayoutSeed} {
			s := &Stream{Code: buf, Version: v, Layout: layout}
			o := WalkOptions{Version: v, Layout: layout}
			accepted := 0
			for op := range 256 {
				for range 400 {
					for i := range buf {
						buf[i] = byte(r.Uint32())
					}
					buf[0] = byte(op)
					if r.IntN(2) == 0 {
						// Valid tag classes more often than random bytes give.
						for i := 1; i < 64; i++ {
							buf[i] = []byte{0, 1, 2, 3, 5, 6}[r.IntN(6)] | byte(r.Uint32())&0xF8
						}
					}
					insts := make([]Inst, 1)
					pos, k := tab.walkFast(buf, &tab.fastAt[li], 0, insts, 0)
					n, err := s.careful(tab, o, 0)
					if k == 0 {
						continue
					}
					accepted++
					if err != nil || pos != n || int(insts[0].Len) != n {
						t.Fatalf("%s %s op 0x%02x % x: fast %d, careful %d %v", v, layout, op, buf[:16], pos, n, err)
					}
				}
			}
			if accepted < 256*100 {
				t.Errorf("%s %s: the hot path took only %d instructions", v, layout, accepted)
			}
		}
	}
}
