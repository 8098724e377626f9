package decoder

import (
	"fmt"
	"iter"
	"slices"
	"sort"
	"sync/atomic"
)

// The accessors below are the only way into a stream's instructions and
// INFO records, so that how they are stored stays the decoder's business.
//
// A stream of up to walkChunk instructions (every body of the files IGC
// wrote, and text) holds them in full, 8 bytes each. A larger one holds
// the offset of every markEvery-th instruction, and Inst walks again from
// the mark before the one asked: at most markEvery-1 lengths, the same
// code as the walk's, so the same result. Every INFO is held as its
// instruction's index and offset (8 bytes) and decoded from its bytes
// when asked, which costs less than reading a stored record would have.
// Nothing here changes a stream after Walk returns but the one-block
// cache, an atomic pointer to an immutable block: sessions share streams.

const (
	// walkChunk is the most instructions a stream holds in full, and the
	// size of the walk's buffer (128 KiB).
	walkChunk = 1 << 14
	// markEvery is how far apart the marks of a large stream are: a
	// power of two, so the mark before instruction i is i>>markShift.
	markShift = 6
	markEvery = 1 << markShift
)

// infoRef is what a stream holds of one INFO: where it is.
type infoRef struct {
	inst uint32 // index of the instruction
	off  uint32 // stream offset of its opcode byte
}

// instBlock is one mark's instructions, walked again.
type instBlock struct {
	mark  int // the mark's index
	insts [markEvery]Inst
}

// lastBlock holds the block walked last, so that a caller stepping
// through instructions by index (Decode in a loop) walks each once.
type lastBlock struct{ p atomic.Pointer[instBlock] }

// walkIndex collects, as the walk's buffer fills, the marks and the
// INFO of a stream.
type walkIndex struct {
	marks []uint32
	refs  []infoRef
	end   int // the stream's length, for estimates of the INFO to come
}

func newWalkIndex(code []byte) *walkIndex {
	return &walkIndex{marks: make([]uint32, 0, len(code)/12/markEvery+1), end: len(code)}
}

// add takes in the instructions insts, the first of them instruction done.
// Every instruction writes a slot and only INFO advance past it: a branch
// on a stream that mixes INFO with other instructions would often
// mispredict. A full buffer (a large stream) gets the room of its
// instructions at once; the last, or only, one counts its INFO first, so
// that a small stream's list is exact.
func (x *walkIndex) add(insts []Inst, done int) {
	for j := -done & (markEvery - 1); j < len(insts); j += markEvery {
		x.marks = append(x.marks, insts[j].Off)
	}
	room := len(insts)
	if room < walkChunk {
		room = 0
		for _, in := range insts {
			room += isInfo(in.Op)
		}
		if room == 0 {
			return
		}
	}
	k := len(x.refs)
	refs := x.refs
	if cap(refs)-k < room+1 { // room+1: the slot the last instruction writes
		// And as many more as the density so far gives the rest, and
		// a sixteenth: few allocations and copies (and trimCap's).
		est := room + 1
		if n := len(insts); k > 0 && n > 0 {
			// The k INFO so far lie before this chunk: their density is
			// per byte before it, not per byte up to its end.
			before, walked := int(insts[0].Off), int(insts[n-1].Off)+1
			est += int(float64(k) * float64(x.end-walked) / float64(max(before, 1)) * 1.0625)
		}
		refs = slices.Grow(refs, est)
	}
	refs = refs[:cap(refs)]
	for j, in := range insts {
		refs[k] = infoRef{uint32(done + j), in.Off}
		k += isInfo(in.Op)
	}
	x.refs = refs[:k]
}

// isInfo is 1 for the INFO opcode, 0 for the others, without a branch.
func isInfo(op uint8) int { return int((uint32(op^OpINFO) - 1) >> 31) }

// trimCap returns s, copied to a slice of its length when its spare
// capacity is more than an eighth of it and a few.
func trimCap[T any](s []T) []T {
	if cap(s)-len(s) <= len(s)/8+16 {
		return s
	}
	return slices.Clone(s)
}

// NumInsts returns the number of instructions walked.
func (s *Stream) NumInsts() int { return s.n }

// Inst returns instruction i, 0 <= i < NumInsts().
func (s *Stream) Inst(i int) Inst {
	if s.insts != nil || uint(i) >= uint(s.n) {
		return s.insts[i] // out of range on a stream held by marks: the slice's panic
	}
	return s.block(i >> markShift).insts[i&(markEvery-1)]
}

// block returns the instructions of mark m.
func (s *Stream) block(m int) *instBlock {
	if b := s.last.p.Load(); b != nil && b.mark == m {
		return b
	}
	b := &instBlock{mark: m}
	s.rewalk(int(s.marks[m]), b.insts[:min(markEvery, s.n-m*markEvery)])
	s.last.p.Store(b)
	return b
}

// rewalk fills out with the instructions from pos on, which the walk
// went through before: the same code gives the same lengths.
func (s *Stream) rewalk(pos int, out []Inst) {
	t, code := s.tab, s.Code
	fastAt := &t.fastAt[0]
	if s.Layout == LayoutSeed {
		fastAt = &t.fastAt[1]
	}
	o := WalkOptions{Kernel: s.Kernel, Version: s.Version, Layout: s.Layout, Symbols: s.Symbols}
	k := 0
	for k < len(out) {
		pos, k = t.walkFast(code, fastAt, pos, out, k)
		if k == len(out) {
			break
		}
		n, err := s.careful(t, o, pos)
		if err != nil {
			panic(fmt.Sprintf("decoder: instruction at 0x%x walked again: %v", pos, err)) // cannot be: the walk passed it
		}
		out[k] = instAt(code, pos, n)
		k++
		pos += n
	}
}

// Insts returns an iterator over the instructions in order, with their
// indices: the cheap way through every instruction of a large stream.
func (s *Stream) Insts() iter.Seq2[int, Inst] {
	return func(yield func(int, Inst) bool) {
		if s.insts != nil || s.n == 0 {
			for i, in := range s.insts {
				if !yield(i, in) {
					return
				}
			}
			return
		}
		var b [markEvery]Inst
		for m, off := range s.marks {
			blk := b[:min(markEvery, s.n-m*markEvery)]
			s.rewalk(int(off), blk)
			for j, in := range blk {
				if !yield(m*markEvery+j, in) {
					return
				}
			}
		}
	}
}

// NumInfos returns the number of INFO instructions in the stream.
func (s *Stream) NumInfos() int {
	return len(s.refs)
}

// Info returns INFO k (0 <= k < NumInfos()), decoded: a copy the caller
// owns, so that it may keep it (a cursor's selection) or change it (an
// edited INFO) without touching the stream, which sessions share.
func (s *Stream) Info(k int) *Info {
	in := new(Info)
	s.ReadInfo(k, in)
	return in
}

// ReadInfo decodes INFO k into in, which the caller may reuse from one
// call to the next (nothing is allocated).
func (s *Stream) ReadInfo(k int, in *Info) {
	r := s.refs[k]
	p := int(r.off)
	// decodeInfo reads no further than the INFO's length, which the walk
	// found within the stream.
	decodeInfo(in, s, int(r.inst), s.Code[p:], p, s.Layout, s.Version)
	if s.Text != nil {
		in.Off = -1 // text has no file offsets
	}
}

// InfoInst returns the index of INFO k's instruction in the stream, without
// decoding it.
func (s *Stream) InfoInst(k int) int {
	return int(s.refs[k].inst)
}

// InfoOff returns the absolute input offset of INFO k, or -1 for a stream
// read from vISA text, without decoding it.
func (s *Stream) InfoOff(k int) int64 {
	if s.Text != nil {
		_ = s.refs[k]
		return -1
	}
	return s.Base + int64(s.refs[k].off)
}

// InfoAt returns the INFO index k of instruction i, and false when
// instruction i is not an INFO.
func (s *Stream) InfoAt(i int) (k int, ok bool) {
	n := s.NumInfos()
	k = sort.Search(n, func(k int) bool { return s.InfoInst(k) >= i })
	return k, k < n && s.InfoInst(k) == i
}

// Infos returns an iterator over the INFO instructions in order, with
// their indices. The *Info it yields is only valid until the next step
// (the iterator reuses it): use Info(k) for one to keep.
func (s *Stream) Infos() iter.Seq2[int, *Info] {
	return func(yield func(int, *Info) bool) {
		var in Info
		for k := range s.NumInfos() {
			s.ReadInfo(k, &in)
			if !yield(k, &in) {
				return
			}
		}
	}
}
