package decoder

import (
	"bytes"
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
	if m, ok := subMnemonics[uint16(op)<<8|uint16(sub)]; ok {
		return m
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
	Insts   []Inst   // every instruction decoded, in order
	Infos   []Info   // the INFO instructions among them, in order
	Err     error    // why the walk stopped early, or nil; Insts/Infos hold all before it
}

// WalkOptions configures Walk.
type WalkOptions struct {
	File    string   // for error messages
	Kernel  string   // for error messages and Stream.Kernel
	Version Version  // zero value means DefaultVersion
	Layout  Layout   // LayoutAuto is treated as LayoutIGC
	Symbols *Symbols // names for INFO operands; nil for raw streams
}

// Walk decodes every instruction of code, whose first byte is at absolute
// offset base. It stops at the first instruction whose length cannot be
// determined or that runs past the end, recording a located error in
// Stream.Err; everything before it is kept.
func Walk(code []byte, base int64, o WalkOptions) *Stream {
	if o.Version == (Version{}) {
		o.Version = DefaultVersion
	}
	if o.Layout == LayoutAuto {
		o.Layout = LayoutIGC
	}
	s := &Stream{Kernel: o.Kernel, Base: base, Code: code, Version: o.Version, Layout: o.Layout, Symbols: o.Symbols}
	// Capacity guess from typical instruction lengths; bounded by the input.
	s.Insts = make([]Inst, 0, len(code)/12+1)
	// The walk notes where each INFO is (every INFO starts with a 0x70 byte,
	// so their count bounds the list, at 4 bytes each) and decodes them
	// afterwards into a slice of exactly the right size.
	infoAt := make([]uint32, 0, bytes.Count(code, []byte{OpINFO}))
	defer func() { s.decodeInfos(infoAt) }()
	t := tableFor(o.Version)
	pos := 0
	end := len(code)
	if uint64(end) > 1<<32-1 {
		s.Err = &FormatError{File: o.File, Kernel: o.Kernel, Off: base, Field: "instruction stream", Expected: "less than 4 GiB", Found: fmt.Sprintf("%d bytes", end), Err: ErrTooLarge}
		return s
	}
	for pos < end {
		op := code[pos]
		// Hot path: constant-length and "prefix + vectors" opcodes whose
		// operands are valid and inside the stream. Anything else falls
		// through to the general path, which also explains failures.
		if f := t.fast[op]; f.kind != fastNone {
			i := pos + int(f.fixed)
			ok := true
			for v := 0; v < int(f.nvec); v++ {
				if i+1 >= end {
					ok = false
					break
				}
				l := t.vlen[code[i]&7]
				if l == vImm {
					l = 6
					switch code[i+1] & 0xF {
					case 6, 11, 13:
						l = 10
					}
				} else if l == 0 {
					ok = false
					break
				}
				i += int(l)
			}
			if ok && i <= end {
				var sub uint8
				if i > pos+1 {
					sub = code[pos+1]
				}
				s.Insts = append(s.Insts, Inst{Off: uint32(pos), Len: uint16(i - pos), Op: op, Sub: sub})
				pos = i
				continue
			}
		}
		var n int
		if op == OpINFO {
			if pos+2 > end {
				s.Err = s.truncErr(o, pos, "INFO sub-op", 2, end-pos)
				return s
			}
			n = infoLen(code[pos+1], o.Layout, o.Version)
			if pos+n > end {
				s.Err = s.truncErr(o, pos, "INFO instruction", n, end-pos)
				return s
			}
			infoAt = append(infoAt, uint32(len(s.Insts)))
		} else {
			p := t.progs[op]
			if sub := t.subs[op]; sub != nil {
				if pos+1 >= end {
					s.Err = s.truncErr(o, pos, Mnemonic(op, 0)+" sub-op", 2, end-pos)
					return s
				}
				p = sub[code[pos+1]]
				if p == nil {
					s.Err = &FormatError{File: o.File, Kernel: o.Kernel, Off: base + int64(pos) + 1, Field: Mnemonic(op, 0) + " sub-op", Expected: "a sub-op the format defines", Found: fmt.Sprintf("0x%02x", code[pos+1]), Err: ErrUnknownOpcode}
					return s
				}
			}
			switch {
			case p == nil || p.row.rejected:
				s.Err = &FormatError{File: o.File, Kernel: o.Kernel, Off: base + int64(pos), Field: "opcode", Expected: "an opcode the format defines", Found: fmt.Sprintf("0x%02x", op), Err: ErrUnknownOpcode}
				return s
			case p.row.undet:
				s.Err = &FormatError{File: o.File, Kernel: o.Kernel, Off: base + int64(pos), Field: "opcode", Expected: "an opcode with a determinable length", Found: fmt.Sprintf("0x%02x (%s, added after the last binary writer; its reader parse is inconsistent)", op, p.row.mnemonic), Err: ErrUndetermined}
				return s
			case p.fixed > 0:
				n = p.fixed
			default:
				var e *lenErr
				n, e = t.run(p, code[pos:end])
				if e != nil {
					s.Err = &FormatError{File: o.File, Kernel: o.Kernel, Off: base + int64(pos) + int64(e.at), Field: fmt.Sprintf("%s (instruction at 0x%x) %s", Mnemonic(op, sub1(code, pos, end)), base+int64(pos), e.field), Expected: e.expected, Found: e.found, Err: e.sentinel}
					return s
				}
			}
			if pos+n > end {
				s.Err = s.truncErr(o, pos, Mnemonic(op, sub1(code, pos, end)), n, end-pos)
				return s
			}
			if n > 0xFFFF {
				s.Err = &FormatError{File: o.File, Kernel: o.Kernel, Off: base + int64(pos), Field: Mnemonic(op, 0), Expected: "an instruction shorter than 64 KiB", Found: fmt.Sprintf("%d bytes", n), Err: ErrBadValue}
				return s
			}
		}
		s.Insts = append(s.Insts, Inst{Off: uint32(pos), Len: uint16(n), Op: op, Sub: sub1(code, pos, pos+n)})
		pos += n
	}
	return s
}

// decodeInfos decodes the INFO instructions at the given indices of s.Insts.
func (s *Stream) decodeInfos(at []uint32) {
	s.Infos = make([]Info, len(at))
	for k, i := range at {
		in := s.Insts[i]
		decodeInfo(&s.Infos[k], s, int(i), s.Code[in.Off:int(in.Off)+int(in.Len)], int(in.Off), s.Layout, s.Version)
	}
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
	in := s.Insts[i]
	return s.Code[in.Off : int(in.Off)+int(in.Len)]
}

// AbsOff returns the absolute input offset of instruction i.
func (s *Stream) AbsOff(i int) int64 { return s.Base + int64(s.Insts[i].Off) }
