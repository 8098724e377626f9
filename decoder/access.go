package decoder

import (
	"iter"
	"slices"
	"sort"
)

// The accessors below are the only way into a stream's instructions and
// INFO records, so that how they are stored (and whether an INFO is held
// decoded or decoded when asked) stays the decoder's business.

// NumInsts returns the number of instructions walked.
func (s *Stream) NumInsts() int { return len(s.insts) }

// Inst returns instruction i, 0 <= i < NumInsts().
func (s *Stream) Inst(i int) Inst { return s.insts[i] }

// Insts returns an iterator over the instructions in order, with their
// indices.
func (s *Stream) Insts() iter.Seq2[int, Inst] {
	return func(yield func(int, Inst) bool) {
		for i, in := range s.insts {
			if !yield(i, in) {
				return
			}
		}
	}
}

// NumInfos returns the number of INFO instructions in the stream.
func (s *Stream) NumInfos() int { return len(s.infos) }

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
func (s *Stream) ReadInfo(k int, in *Info) { *in = s.infos[k] }

// InfoOff returns the absolute input offset of INFO k, or -1 for a stream
// read from vISA text, without decoding it.
func (s *Stream) InfoOff(k int) int64 { return s.infos[k].Off }

// InfoInst returns the index of INFO k's instruction in the stream, without
// decoding it.
func (s *Stream) InfoInst(k int) int { return s.infos[k].Inst }

// InfoAt returns the INFO index k of instruction i, and false when
// instruction i is not an INFO.
func (s *Stream) InfoAt(i int) (k int, ok bool) {
	n := s.NumInfos()
	k = sort.Search(n, func(k int) bool { return s.InfoInst(k) >= i })
	return k, k < n && s.InfoInst(k) == i
}

// Infos returns an iterator over the INFO instructions in order, with
// their indices. The *Info it yields is only valid until the next step
// (the iterator may reuse it): use Info(k) for one to keep.
func (s *Stream) Infos() iter.Seq2[int, *Info] {
	return func(yield func(int, *Info) bool) {
		var in Info
		for k := range s.infos {
			in = s.infos[k]
			if !yield(k, &in) {
				return
			}
		}
	}
}

// NewInfoStream returns a stream holding INFO records built by hand (no
// bytes, no instructions): what a tool or a test needs to show records
// that no encoding produces.
func NewInfoStream(infos []Info) *Stream {
	return &Stream{infos: slices.Clone(infos), Version: DefaultVersion, Layout: LayoutIGC}
}
