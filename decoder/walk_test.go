package decoder

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"infoscope/sampledata"
)

// supportedVersions are the versions a writer produced (Version.Supported).
var supportedVersions = []Version{{3, 0}, {3, 1}, {3, 2}, {3, 3}, {3, 4}, {3, 5}, {3, 6}, {3, 7}, {3, 8}, {4, 0}, {4, 1}, {4, 8}}

// badOpcode returns an opcode byte version v's walk rejects.
func badOpcode(t testing.TB, v Version) byte {
	for op := 0; op < 256; op++ {
		s := Walk(bytes.Repeat([]byte{byte(op)}, 300), 0, WalkOptions{Version: v})
		if s.NumInsts() == 0 && s.Err != nil {
			return byte(op)
		}
	}
	t.Fatalf("version %s rejects no opcode", v)
	return 0
}

// TestWalkStopsAtError: a walk of a generated mixed stream (INFO among
// every other instruction) with a rejected opcode at about three fifths,
// or cut three bytes short, keeps every instruction before the one it
// cannot walk, as the whole stream's walk has them, and stops with a
// located error at that instruction, in both layouts at every version
// and layout that walks the whole stream.
func TestWalkStopsAtError(t *testing.T) {
	all, _ := instTemplates(t)
	mixed := sampledata.MixedStream(12<<10, all)
	tested := 0
	for _, v := range supportedVersions {
		for _, l := range []Layout{LayoutIGC, LayoutSeed} {
			o := WalkOptions{File: "mixed", Kernel: "k", Version: v, Layout: l, Symbols: docSymbols}
			whole := Walk(mixed, 7, o)
			if whole.Err != nil {
				// Older versions reject some of the stream's opcodes, the seed layout reads it otherwise.
				if v == DefaultVersion() && l == LayoutIGC {
					t.Fatalf("%s %s: %v", v, l, whole.Err)
				}
				continue
			}
			tested++
			i := whole.NumInsts() * 3 / 5
			bad := slices.Clone(mixed)
			bad[whole.Inst(i).Off] = badOpcode(t, v)
			cut := mixed[:len(mixed)-3]
			j := whole.NumInsts() - 1
			for int(whole.Inst(j).Off)+int(whole.Inst(j).Len) > len(cut) {
				j--
			}
			for _, c := range []struct {
				name string
				code []byte
				keep int // instructions walked before the error
			}{{"bad opcode", bad, i}, {"cut short", cut, j + 1}} {
				s := Walk(c.code, 7, o)
				if s.NumInsts() != c.keep {
					t.Errorf("%s %s %s: %d instructions, want the whole walk's first %d", v, l, c.name, s.NumInsts(), c.keep)
				}
				for k := range min(s.NumInsts(), c.keep) {
					if s.Inst(k) != whole.Inst(k) {
						t.Errorf("%s %s %s: instruction %d is %+v, the whole walk's %+v", v, l, c.name, k, s.Inst(k), whole.Inst(k))
						break
					}
				}
				var fe *FormatError
				if !errors.As(s.Err, &fe) || fe.File != "mixed" || fe.Kernel != "k" || fe.Off < 7+int64(whole.Inst(c.keep-1).Off) {
					t.Errorf("%s %s %s: error %#v, want one located after instruction %d", v, l, c.name, s.Err, c.keep-1)
				}
			}
		}
	}
	t.Logf("%d versions and layouts walked the stream", tested)
	if tested < 3 {
		t.Errorf("only %d versions and layouts walked the stream", tested)
	}
}
