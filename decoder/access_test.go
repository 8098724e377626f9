package decoder

import "testing"

// allInsts returns every instruction of s through Inst.
func allInsts(s *Stream) []Inst {
	out := make([]Inst, s.NumInsts())
	for i := range out {
		out[i] = s.Inst(i)
	}
	return out
}

// allInfos returns every INFO of s through Info.
func allInfos(s *Stream) []Info {
	out := make([]Info, s.NumInfos())
	for k := range out {
		out[k] = *s.Info(k)
	}
	return out
}

// TestAccessors checks the accessors against each other on a mixed stream:
// the iterators give what the indexed calls give, the cheap INFO fields
// (instruction, offset, InfoAt) agree with the decoded Info, and an Info
// handed out is the caller's own.
func TestAccessors(t *testing.T) {
	all, _ := instTemplates(t)
	code := mixedStream(64<<10, all)
	s := Walk(code, 0x100, WalkOptions{Layout: LayoutIGC})
	if s.Err != nil || s.NumInfos() < 100 {
		t.Fatalf("walk: %v, %d INFO", s.Err, s.NumInfos())
	}
	n := 0
	for i, in := range s.Insts() {
		if i != n || in != s.Inst(i) {
			t.Fatalf("Insts() step %d gave $%d %+v, Inst gives %+v", n, i, in, s.Inst(i))
		}
		n++
		k, ok := s.InfoAt(i)
		if ok != (in.Op == OpINFO) || ok && s.InfoInst(k) != i {
			t.Fatalf("InfoAt($%d) = %d, %v for %s", i, k, ok, in.Mnemonic())
		}
	}
	if n != s.NumInsts() {
		t.Fatalf("Insts() gave %d of %d", n, s.NumInsts())
	}
	n = 0
	for k, in := range s.Infos() {
		want := s.Info(k)
		if k != n || *in != *want || in.Inst != s.InfoInst(k) || in.Off != s.InfoOff(k) || in.Off != s.AbsOff(in.Inst) {
			t.Fatalf("INFO %d: iterator %+v, Info %+v, InfoInst %d, InfoOff %d", k, *in, *want, s.InfoInst(k), s.InfoOff(k))
		}
		var r Info
		s.ReadInfo(k, &r)
		if r != *want || r.Text() != want.Text() {
			t.Fatalf("INFO %d: ReadInfo %+v, Info %+v", k, r, *want)
		}
		n++
		if n == 10 {
			break // an early stop must be honoured
		}
	}
	if n != 10 {
		t.Fatalf("Infos() stopped after %d", n)
	}
	a := s.Info(3)
	a.Surface++
	if s.Info(3).Surface == a.Surface {
		t.Error("an Info handed out shares the stream's record")
	}
}
