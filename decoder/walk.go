package decoder

import (
	"fmt"
)

// Inst is one instruction of a stream. It is 8 bytes, so a stream of
// millions of instructions costs one slice and no per-instruction allocation.
type Inst struct {
	Off uint32 // offset of the opcode byte from the start of the stream
	Len uint16 // encoded length in bytes
	Op  uint8  // opcode
	Sub uint8  // the byte after the opcode (the sub-op for dispatched opcodes); 0 for 1-byte instructions
}

// Mnemonic returns the instruction's mnemonic from the opcode table
// ("svm/block_ld" style for sub-op dispatched opcodes).
func (i Inst) Mnemonic() string { return Mnemonic(i.Op, i.Sub) }

// Mnemonic returns the mnemonic of an opcode, refined by its sub-op byte
// where the opcode is dispatched on it.
func Mnemonic(op, sub uint8) string {
	if hasSubMnemonics[op] {
		if m, ok := subMnemonics[uint16(op)<<8|uint16(sub)]; ok {
			return m
		}
	}
	if op == OpINFO {
		switch InfoOp(sub) {
		case OpResinfo:
			return "resinfo"
		case OpSampleinfo:
			return "sampleinfo"
		}
	}
	if m := mnemonics[op]; m != "" {
		return m
	}
	return fmt.Sprintf("op_0x%02x", op)
}

// Stream is the walked instruction stream of one kernel, function or raw
// input.
type Stream struct {
	Kernel  string   // kernel or function name; "" for raw streams
	Base    int64    // absolute input offset of the first instruction byte
	Code    []byte   // the instruction bytes
	Version Version  // the version lengths were computed for
	Layout  Layout   // the INFO layout used
	Symbols *Symbols // names INFO operands resolve against; nil for raw streams
	Err     error    // why the walk stopped early, or nil; the stream holds every instruction before it
	tab     *opTable // the table the walk used (Decode reuses it); nil for streams not walked
	// LSC2022: the stream was walked with the LSC layout before
	// 2023-07-26 (WalkOptions.LSC2022).
	LSC2022 bool
	// The instructions and INFO, reached through the accessors (access.go).
	// A stream holds its instructions in full (insts) up to walkChunk of
	// them, and for text; a larger one holds every markEvery-th one's
	// offset (marks) and walks again from the mark before the one asked.
	// An INFO is held as its index and offset (refs), decoded when asked.
	n     int        // instructions walked
	insts []Inst     // every instruction, or nil for a stream held by marks
	marks []uint32   // the offset of instruction markEvery*j, when insts is nil
	refs  []infoRef  // the INFO instructions, in order
	last  *lastBlock // the block of instructions walked last (shared by copies)
	// Text holds, for a stream read from vISA text, each instruction as
	// written (Text[k] is instruction $k); nil for binaries.
	Text []TextInst
	// names resolves the names of Text's instructions, so that Decode
	// parses their operands (nil: Decode gives only their mnemonic).
	names TextNames
}

// WalkOptions configures Walk.
type WalkOptions struct {
	File    string   // for error messages
	Kernel  string   // for error messages and Stream.Kernel
	Version Version  // zero value means DefaultVersion
	Layout  Layout   // LayoutAuto is treated as LayoutIGC
	Symbols *Symbols // names for INFO operands; nil for raw streams
	// LSC2022 walks the LSC instructions in their layout before
	// 2023-07-26 (no ss_idx; see opcodes.tsv).
	LSC2022 bool
}

// Walk decodes every instruction of code, whose first byte is at absolute
// offset base. It stops at the first instruction whose length cannot be
// determined or that runs past the end, recording a located error in
// Stream.Err; everything before it is kept.
func Walk(code []byte, base int64, o WalkOptions) *Stream {
	if o.Version == (Version{}) {
		o.Version = DefaultVersion()
	}
	if o.Layout == LayoutAuto {
		o.Layout = LayoutIGC
	}
	s := &Stream{Kernel: o.Kernel, Base: base, Code: code, Version: o.Version, Layout: o.Layout, Symbols: o.Symbols}
	end := len(code)
	if uint64(end) > 1<<32-1 {
		s.Err = &FormatError{File: o.File, Kernel: o.Kernel, Off: base, Field: "instruction stream", Expected: "less than 4 GiB", Found: fmt.Sprintf("%d bytes", end), Err: ErrTooLarge}
		return s
	}
	t := tableForLSC(o.Version, o.LSC2022)
	s.tab, s.LSC2022 = t, o.LSC2022
	fastAt := &t.fastAt[0]
	if o.Layout == LayoutSeed {
		fastAt = &t.fastAt[1]
	}
	// Walked into a buffer written by index (a capacity guess from typical
	// lengths, grown when short, up to walkChunk instructions), which the
	// index takes in when full, so a large stream never holds its
	// instructions as records.
	insts := make([]Inst, min(len(code)/12+1, walkChunk))
	ix := newWalkIndex(code)
	k, pos, done := 0, 0, 0
	for pos < end {
		if k == len(insts) {
			if len(insts) < walkChunk {
				insts = growInsts(insts, pos, end, walkChunk)
			} else {
				ix.add(insts, done)
				done, k = done+k, 0
			}
		}
		pos, k = t.walkFast(code, fastAt, pos, insts, k)
		if pos >= end || k == len(insts) {
			continue
		}
		n, err := s.careful(t, o, pos)
		if err != nil {
			s.Err = err
			break
		}
		insts[k] = instAt(code, pos, n)
		k++
		pos += n
	}
	ix.add(insts[:k], done)
	s.n = done + k
	s.refs = trimCap(ix.refs)
	if done == 0 {
		s.insts = insts[:k]
	} else {
		s.marks = trimCap(ix.marks)
		s.last = new(lastBlock)
	}
	return s
}

// instAt is the record of the n-byte instruction at pos.
func instAt(code []byte, pos, n int) Inst {
	sub := code[min(pos+1, len(code)-1)]
	if n == 1 {
		sub = 0
	}
	return Inst{Off: uint32(pos), Len: uint16(n), Op: code[pos], Sub: sub}
}

// growInsts returns insts (all k of them in use, the walk at pos of end)
// with room for the rest, at most most instructions in all (more than
// len(insts)): the density so far estimates it, with a margin, never more
// than one instruction per byte left and never less than a quarter more. A
// stream then costs about its final slice, where append's small steps for
// large slices allocated about five times it in all (10 M one-byte
// instructions: 400 MB per layout tried).
func growInsts(insts []Inst, pos, end, most int) []Inst {
	k, rest := len(insts), end-pos
	est := k + int(float64(rest)*float64(k)/float64(max(pos, 1))) + rest/64 + 16
	est = min(max(est, k+k/4+16), k+rest, most)
	out := make([]Inst, est)
	copy(out, insts)
	return out
}

// walkFast is the hot path: it walks instructions from pos while at least
// fastWindow bytes remain, so every byte an instruction reads is in a
// [256]byte view and uint8 indices need no bounds checks, and stops at the
// first instruction the fast table cannot do (or an invalid operand, or
// when insts is full), leaving it to the careful path. It is a function of
// its own, with no calls and little state, so that the offsets on the
// dependency chain from one instruction to the next stay in registers.
func (t *opTable) walkFast(code []byte, fastAt *[256]uint32, pos int, insts []Inst, k int) (int, int) {
	fast := t.fast
	for pos <= len(code)-fastWindow && k < len(insts) {
		p := (*[fastWindow]byte)(code[pos : pos+fastWindow])
		at := fastAt[p[0]]
		f := &fast[at>>8+at&uint32(p[1])]
		if f.kind != fastLen {
			break
		}
		// The vectors, unrolled: a loop here makes the compiler keep its
		// counter and offset on the stack, on the dependency chain.
		i := uint32(0)
		if nv := f.nvec; nv > 0 {
			i = t.vec(p, f.vc&1, i+uint32(f.gaps[0]))
			if nv > 1 {
				i = t.vec(p, f.vc>>1&1, i+uint32(f.gaps[1]))
				if nv > 2 {
					i = t.vec(p, f.vc>>2&1, i+uint32(f.gaps[2]))
					if nv > 3 {
						i = t.vec(p, f.vc>>3&1, i+uint32(f.gaps[3]))
						if nv > 4 {
							i = t.vec(p, f.vc>>4&1, i+uint32(f.gaps[4]))
							if nv > 5 {
								i = t.vec(p, f.vc>>5&1, i+uint32(f.gaps[5]))
							}
						}
					}
				}
			}
		}
		n := i + uint32(f.tail)
		if n >= fastWindow {
			break // an invalid tag class
		}
		sub := p[1]
		if n == 1 {
			sub = 0
		}
		insts[k] = Inst{Off: uint32(pos), Len: uint16(n), Op: p[0], Sub: sub}
		k++
		pos += int(n)
	}
	return pos, k
}

// vec returns i plus the length of the vector operand at p[i] (vc 1: a CMP
// destination). An invalid tag class adds 0xFF, which the caller sees as a
// length past fastWindow.
func (t *opTable) vec(p *[fastWindow]byte, vc uint8, i uint32) uint32 {
	c := uint64(p[uint8(i)]&7) * 8
	return i + uint32(t.vecBytes[vc]>>c&0xFF+t.vecLong[vc]>>c&(longImm>>(p[uint8(i+1)]&15)&1*4))
}

// careful returns the length of the instruction at pos, checking every
// byte against the end of the stream and explaining failures with a
// located error. It handles what the hot path does not: the end of the
// stream, invalid operands, and opcodes whose length depends on counts or
// conditions (through the interpreter).
func (s *Stream) careful(t *opTable, o WalkOptions, pos int) (n int, err error) {
	n, f := s.length(t, o.Layout, pos)
	if f.why != failNone {
		return 0, s.failErr(t, o, pos, n, f)
	}
	return n, nil
}

// failure says why the instruction at a position has no length: what
// careful's located error is written from.
type failure struct {
	why failWhy
	le  lenErr // the interpreter's reason (failRun)
}

type failWhy uint8

const (
	failNone      failWhy = iota
	failInfoSub           // INFO without its sub-op byte
	failInfoTrunc         // INFO cut by the end (the length is returned)
	failSubTrunc          // a dispatched opcode without its sub-op byte
	failBadSub            // a sub-op the format does not define
	failBadOp             // an opcode the format does not define
	failGone              // a 2018 opcode in a later version
	failChanged           // an opcode whose meaning changed, in an old file
	failUndet             // an opcode whose length cannot be determined
	failRun               // the interpreter failed (le)
	failTrunc             // cut by the end (the length is returned)
	failTooLong           // 64 KiB or more (the length is returned)
)

// length returns the length of the instruction at pos, or why it has none
// (with, for a truncation, the length it would have had).
func (s *Stream) length(t *opTable, layout Layout, pos int) (int, failure) {
	code, end := s.Code, len(s.Code)
	op := code[pos]
	if op == OpINFO {
		if pos+2 > end {
			return 0, failure{why: failInfoSub}
		}
		n := infoLen(code[pos+1], layout, t.ver)
		if pos+n > end {
			return n, failure{why: failInfoTrunc}
		}
		return n, failure{}
	}
	p := t.progs[op]
	if sub := t.subs[op]; sub != nil {
		if pos+1 >= end {
			return 0, failure{why: failSubTrunc}
		}
		p = sub[code[pos+1]]
		if p == nil {
			return 0, failure{why: failBadSub}
		}
	}
	var n int
	switch {
	case p == nil || p.row.rejected:
		return 0, failure{why: failBadOp}
	case p.gone:
		return 0, failure{why: failGone}
	case p.before2019 != "":
		return 0, failure{why: failChanged}
	case p.row.undet:
		return 0, failure{why: failUndet}
	case p.fixed > 0:
		n = p.fixed
	default:
		var e lenErr
		n, e = t.run(p, code[pos:end])
		if e.kind != lenOK {
			return 0, failure{why: failRun, le: e}
		}
	}
	if pos+n > end {
		return n, failure{why: failTrunc}
	}
	if n > 0xFFFF {
		return n, failure{why: failTooLong}
	}
	return n, failure{}
}

// failErr returns the located error for failure f of the instruction at
// pos (n: the length length returned with it).
func (s *Stream) failErr(t *opTable, o WalkOptions, pos, n int, f failure) error {
	code, end, base := s.Code, len(s.Code), s.Base
	op := code[pos]
	at := base + int64(pos)
	switch f.why {
	case failInfoSub:
		return s.truncErr(o, pos, "INFO sub-op", 2, end-pos)
	case failInfoTrunc:
		return s.truncErr(o, pos, "INFO instruction", n, end-pos)
	case failSubTrunc:
		return s.truncErr(o, pos, Mnemonic(op, 0)+" sub-op", 2, end-pos)
	case failBadSub:
		return &FormatError{File: o.File, Kernel: o.Kernel, Off: at + 1, Field: Mnemonic(op, 0) + " sub-op", Expected: "a sub-op the format defines", Found: fmt.Sprintf("0x%02x", code[pos+1]), Err: ErrUnknownOpcode}
	case failBadOp:
		return &FormatError{File: o.File, Kernel: o.Kernel, Off: at, Field: "opcode", Expected: "an opcode the format defines", Found: fmt.Sprintf("0x%02x", op), Err: ErrUnknownOpcode}
	case failGone:
		return &FormatError{File: o.File, Kernel: o.Kernel, Off: at, Field: "opcode", Expected: fmt.Sprintf("an opcode version %s defines", o.Version), Found: fmt.Sprintf("0x%02x (%s, removed from vISA in 2018-2019: only files of version 3.6 or older have it)", op, t.prog(code, pos).row.mnemonic), Err: ErrUnknownOpcode}
	case failChanged:
		return &FormatError{File: o.File, Kernel: o.Kernel, Off: at, Field: "opcode", Expected: fmt.Sprintf("an opcode with one meaning at version %s", o.Version), Found: fmt.Sprintf("0x%02x, whose meaning changed: %s; no known file of this version uses it, so it is not guessed", op, t.prog(code, pos).before2019), Err: ErrUndetermined}
	case failUndet:
		return &FormatError{File: o.File, Kernel: o.Kernel, Off: at, Field: "opcode", Expected: "an opcode with a determinable length", Found: fmt.Sprintf("0x%02x (%s, added after the last binary writer; its reader parse is inconsistent)", op, t.prog(code, pos).row.mnemonic), Err: ErrUndetermined}
	case failRun:
		field, expected, found, sentinel := f.le.describe()
		return &FormatError{File: o.File, Kernel: o.Kernel, Off: at + int64(f.le.at), Field: fmt.Sprintf("%s (instruction at 0x%x) %s", Mnemonic(op, sub1(code, pos, end)), at, field), Expected: expected, Found: found, Err: sentinel}
	case failTrunc:
		return s.truncErr(o, pos, Mnemonic(op, sub1(code, pos, end)), n, end-pos)
	}
	return &FormatError{File: o.File, Kernel: o.Kernel, Off: at, Field: Mnemonic(op, 0), Expected: "an instruction shorter than 64 KiB", Found: fmt.Sprintf("%d bytes", n), Err: ErrBadValue}
}

// prog returns the program of the instruction at pos (its sub-op's for a
// dispatched opcode), which length found.
func (t *opTable) prog(code []byte, pos int) *program {
	if sub := t.subs[code[pos]]; sub != nil {
		return sub[code[pos+1]]
	}
	return t.progs[code[pos]]
}

func sub1(code []byte, pos, end int) uint8 {
	if pos+1 < end {
		return code[pos+1]
	}
	return 0
}

func (s *Stream) truncErr(o WalkOptions, pos int, what string, need, have int) error {
	return &FormatError{File: o.File, Kernel: o.Kernel, Off: s.Base + int64(pos), Field: what, Expected: fmt.Sprintf("%d bytes", need), Found: fmt.Sprintf("%d bytes before the end of the stream", have), Err: ErrTruncated}
}

// InstBytes returns the encoded bytes of instruction i.
func (s *Stream) InstBytes(i int) []byte {
	in := s.Inst(i)
	return s.Code[in.Off : int(in.Off)+int(in.Len)]
}

// AbsOff returns the absolute input offset of instruction i, or -1 for a
// stream read from vISA text, which has none.
func (s *Stream) AbsOff(i int) int64 {
	if s.Text != nil {
		return -1
	}
	return s.Base + int64(s.Inst(i).Off)
}
