package flow

import (
	"infoscope/model"
	"math/bits"
)

// This file is the data flow around one INFO instruction: which
// instructions of its body write the bytes its LOD operand reads (LOD
// sources), which read the bytes it wrote (result readers, per channel and
// lane) and which overwrite them. Instructions are reduced to Inst
// records (bytes read and written, how control leaves them); the analysis
// runs on those alone, so hand-built bodies test it without any encoding.
//
// Control flow: every instruction is a node; an edge goes to the next
// instruction unless control cannot continue (ret, fret, an unpredicated
// jmp or goto), and to every label an instruction may jump to. Calls fall
// through (their callees' effects are not modelled); an indirect jump or
// call is reported as not modelled.

// Access is a byte range of a root variable (aliases resolved) that an
// instruction reads or writes.
type Access struct {
	Var        uint32 // root general-variable id (< 32: predefined)
	Start, End int    // bytes [Start, End) in the root variable
	// Must: the access certainly happens on these bytes (not predicated,
	// not a message payload whose size is unknown). Only Must writes end
	// the life of a value.
	Must bool
}

// Inst is what data flow needs of one instruction.
type Inst struct {
	Reads, Writes []Access
	Label         int   // label-table index this instruction defines; -1 none
	Targets       []int // label-table indices it may jump to
	Stop          bool  // control does not continue to the next instruction
	Call          bool  // a call: the callee's reads and writes are not modelled
	Indirect      bool  // an indirect jump or call: its targets are unknown
	Opaque        bool  // an operand through an address register: its bytes are unknown
	Payload       bool  // a message payload whose size was assumed (to the variable's end)
	Unparsed      bool  // a line of vISA text the decoder does not parse: its reads, writes and jumps are unknown
}

// Range is a byte range of a root variable.
type Range struct {
	Var        uint32
	Start, End int
}

// Source is an instruction that writes bytes of the LOD operand and
// reaches the INFO.
type Source struct {
	Inst      int    // $N
	Start     int    // first LOD byte it writes, relative to the LOD operand
	End       int    // one past the last
	Lanes     string // the LOD lanes those bytes hold, e.g. "0-7"
	SomePaths bool   // it reaches the INFO only on some paths (or is predicated)
}

// ChannelLanes is the lanes of one returned channel.
type ChannelLanes struct {
	Channel string `json:"channel"`
	Lanes   string `json:"lanes"`
}

// Reader is an instruction that reads bytes of the INFO's result.
type Reader struct {
	Inst     int
	Channels []ChannelLanes // per channel read, in R, G, B, A order
}

// Overwrite is the first later write that overwrites a returned channel.
type Overwrite struct {
	Channel string
	Inst    int
	Lanes   string
}

// Flow is the data flow of one INFO instruction within its body.
type Flow struct {
	Sources    []Source    // nearest first
	Readers    []Reader    // nearest first
	Overwrites []Overwrite // per channel that is overwritten, in R, G, B, A order
	// Outside is the LOD lanes whose bytes may reach the INFO unwritten by
	// this body (an input, an argument, or set by a caller); "" when none.
	Outside string
	Blocks  int      // basic blocks of the body
	Block   [2]int   // the INFO's basic block: its first and last $N
	Omitted int      // sources or readers left out past the list limits
	Notes   []string // what the body holds that the analysis does not model
}

// maxListed bounds the sources and readers listed (nearest first).
const maxListed = 64

// bytesSet is a set of up to 512 bytes (4 channels x 32 lanes x 4 bytes)
// relative to the start of an INFO operand.
type bytesSet [8]uint64

func (s *bytesSet) add(lo, hi int) {
	lo, hi = max(lo, 0), min(hi, 512)
	for lo < hi { // a word at a time
		w := lo >> 6
		end := min(hi, (w+1)<<6)
		m := ^uint64(0)
		if n := end - lo; n < 64 {
			m = 1<<n - 1
		}
		s[w] |= m << (lo & 63)
		lo = end
	}
}

func (s bytesSet) and(t bytesSet) (r bytesSet) {
	for i := range s {
		r[i] = s[i] & t[i]
	}
	return
}

func (s bytesSet) andNot(t bytesSet) (r bytesSet) {
	for i := range s {
		r[i] = s[i] &^ t[i]
	}
	return
}

func (s bytesSet) or(t bytesSet) (r bytesSet) {
	for i := range s {
		r[i] = s[i] | t[i]
	}
	return
}

func (s bytesSet) empty() bool { return s == bytesSet{} }

// bounds returns the first and one-past-last byte set; (0, 0) when empty.
func (s bytesSet) bounds() (int, int) {
	lo, hi := -1, 0
	for i, w := range s {
		if w == 0 {
			continue
		}
		if lo < 0 {
			lo = i*64 + bits.TrailingZeros64(w)
		}
		hi = i*64 + 64 - bits.LeadingZeros64(w)
	}
	if lo < 0 {
		return 0, 0
	}
	return lo, hi
}

// lanes returns the 4-byte lanes of [start, start+n*4) that s touches.
func (s bytesSet) lanes(start, n int) uint32 {
	var m uint32
	for l := range min(n, 32) {
		for b := max(start+l*4, 0); b < min(start+l*4+4, 512); b++ {
			if s[b>>6]>>(b&63)&1 != 0 {
				m |= 1 << l
				break
			}
		}
	}
	return m
}

// InfoOperands is where one INFO instruction reads its LOD and writes its
// result, in root-variable bytes.
type InfoOperands struct {
	HasLOD bool
	LOD    Range // LOD lanes x 4 bytes
	Lanes  int   // exec size
	Dst    []ChunkRange
}

// ChunkRange is one returned channel's bytes.
type ChunkRange struct {
	Channel string
	Range
}

// laneMask prints a lane set as "0-7,16-23".
func laneMask(m uint32) string { return model.LaneMask(uint64(m), ",") }
