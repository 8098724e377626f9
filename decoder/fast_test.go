package decoder

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
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

// carefulWalk is the reference: every instruction through the careful path.
func carefulWalk(code []byte, o WalkOptions) ([]Inst, error) {
	s := &Stream{Code: code, Version: o.Version, Layout: o.Layout}
	t := tableFor(o.Version)
	var insts []Inst
	for pos := 0; pos < len(code); {
		n, err := s.careful(t, o, pos)
		if err != nil {
			return insts, err
		}
		insts = append(insts, Inst{Off: uint32(pos), Len: uint16(n), Op: code[pos], Sub: sub1(code, pos, pos+n)})
		pos += n
	}
	return insts, nil
}

// TestWalkMatchesCareful: Walk (hot path, careful path near the end and on
// failures) gives exactly the instructions and the located error of a walk
// through the careful path alone, on mixed streams with corrupted bytes.
func TestWalkMatchesCareful(t *testing.T) {
	all, _ := instTemplates(t)
	r := rand.New(rand.NewPCG(5, 6))
	errs := 0
	for c := range 200 {
		var buf []byte
		for n := 8<<10 + r.IntN(8<<10); len(buf) < n; {
			buf = append(buf, all[r.IntN(len(all))]...)
		}
		for range c % 4 * 5 {
			buf[r.IntN(len(buf))] = byte(r.Uint32())
		}
		for _, o := range []WalkOptions{{Version: Version{4, 1}, Layout: LayoutIGC}, {Version: Version{4, 1}, Layout: LayoutSeed}, {Version: Version{3, 3}, Layout: LayoutIGC}} {
			s := Walk(buf, 0, o)
			want, werr := carefulWalk(buf, o)
			if fmt.Sprint(s.Err) != fmt.Sprint(werr) || !slices.Equal(allInsts(s), want) {
				t.Fatalf("case %d %s %s: walk %d instructions, %v; careful %d, %v", c, o.Version, o.Layout, s.NumInsts(), s.Err, len(want), werr)
			}
			if werr != nil {
				errs++
			}
			infos := 0
			for _, in := range want {
				if in.Op == OpINFO {
					infos++
				}
			}
			if s.NumInfos() != infos {
				t.Fatalf("case %d: %d INFO, want %d", c, s.NumInfos(), infos)
			}
		}
	}
	t.Logf("%d of 600 walks stopped at an error", errs)
}

// TestTableVersion: the table tableForLSC shares for a version is the one
// compiling that very version gives (but for the version it records), for
// versions around every threshold, unsupported ones and 2.x included, so
// the cache holds one table per supported version without changing a
// decoded byte.
func TestTableVersion(t *testing.T) {
	strip := func(tab *opTable) opTable {
		return opTable{lsc2022: tab.lsc2022, progs: tab.progs, subs: tab.subs, genV: tab.genV, raw: tab.raw, fastAt: tab.fastAt, fast: tab.fast, vecBytes: tab.vecBytes, vecLong: tab.vecLong}
	}
	for _, major := range []uint8{0, 2, 3, 4, 5, 255} {
		for _, minor := range []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 99, 150, 255} {
			v := Version{major, minor}
			for _, lsc := range []bool{false, true} {
				want, got := compileTable(v, lsc), tableForLSC(v, lsc)
				if !got.ver.Supported() {
					t.Fatalf("%s: table for unsupported %s", v, got.ver)
				}
				if !reflect.DeepEqual(strip(want), strip(got)) {
					t.Errorf("%s lsc2022=%v: the shared table (%s) differs from its own", v, lsc, got.ver)
				}
			}
		}
	}
}
