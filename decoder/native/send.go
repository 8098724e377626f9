package native

import (
	"strconv"
	"strings"
)

// Send is a send instruction with what the file says of its descriptor.
type Send struct {
	Inst int // index in File.Insts

	Dst, Src0, Src1 *Operand // payload operands; Src1 nil for a one-source send

	// ExDesc is the extended descriptor when ExDescImm (an immediate on
	// the line, or one moved into the register the line names).
	ExDesc    uint32
	ExDescImm bool
	ExDescReg string // the register holding it, "a0.2"; empty when immediate
	// ExDescAdded names the register added to ExDesc's immediate part
	// (a bindless surface state offset in its high bits).
	ExDescAdded string

	// Desc is the descriptor's immediate part: the whole descriptor when
	// DescReg is empty, else the immediate that DescFrom added to (or
	// or'ed with, or moved into) DescReg. DescAdded names the register
	// whose run-time value was added to it ("r82.0"): its bits (usually
	// the surface index) are not known from the file.
	Desc      uint32
	DescKnown bool
	DescReg   string
	DescFrom  int // index in Insts of the instruction that built DescReg, -1
	DescAdded string

	SFID      uint32
	SFIDName  string // "smpl", "dc0", ...
	SFIDKnown bool

	// Sampler is the decoded message when the send goes to the sampler,
	// its family is one this package decodes and Desc is known.
	Sampler *SamplerMessage

	// HeaderDW2 is the immediate written to dword 2 of the header (Src0)
	// when the message has a header and the file shows it (HeaderFrom >= 0);
	// its bits 15:12 disable the R, G, B, A channels.
	HeaderDW2  uint32
	HeaderFrom int
}

// ChannelDisable returns the header's channel-disable bits (bit 0 = R
// ... bit 3 = A) and whether they are known.
func (s *Send) ChannelDisable() (uint32, bool) {
	if s.HeaderFrom < 0 {
		return 0, false
	}
	return s.HeaderDW2 >> 12 & 0xF, true
}

// IsSend reports whether op is a send mnemonic (send, sends, sendc,
// sendsc, with or without an SFID suffix).
func IsSend(op string) bool {
	base, _, _ := strings.Cut(op, ".")
	switch base {
	case "send", "sends", "sendc", "sendsc":
		return true
	}
	return false
}

// regKey names one register of one file.
type regKey struct {
	file string
	reg  int
}

// writers remembers, per register subregister, the instruction of the
// current block that last wrote it: one forward pass finds every
// descriptor's and header's builder in time linear in the file.
type writers map[regKey]*[16]int32

func (w writers) note(i int, in *Inst) {
	if len(in.Ops) == 0 || in.Ops[0].Kind != KReg || in.Ops[0].File == "null" {
		return
	}
	d := &in.Ops[0]
	k := regKey{d.File, d.Reg}
	subs := w[k]
	if subs == nil {
		subs = new([16]int32)
		for j := range subs {
			subs[j] = -1
		}
		w[k] = subs
	}
	lo, hi := max(d.Sub, 0), max(d.Sub, 0)+1
	if in.Exec > 1 || d.Sub < 0 {
		hi = 16 // written wide: every later subregister is this instruction's
	}
	for j := lo; j < hi && j < 16; j++ {
		subs[j] = int32(i)
	}
}

func (w writers) last(file string, reg, sub int) int {
	subs := w[regKey{file, reg}]
	if subs == nil || sub < 0 || sub >= 16 {
		return -1
	}
	return int(subs[sub])
}

// Sends returns every send of the file with its descriptor, in order.
// A send whose operands are not those of one (4 or 5 operands, the last
// two an immediate or a register) is left out.
func (f *File) Sends() []Send {
	var out []Send
	w := writers{}
	blk := -2
	for i := range f.Insts {
		in := &f.Insts[i]
		if in.Block != blk {
			clear(w) // IGC builds a descriptor in the block of its send
			blk = in.Block
		}
		if IsSend(in.Op) {
			if s, ok := f.send(i, w); ok {
				out = append(out, s)
			}
		}
		w.note(i, in)
	}
	return out
}

func (f *File) send(i int, w writers) (Send, bool) {
	in := &f.Insts[i]
	n := len(in.Ops)
	if n < 4 || n > 5 {
		return Send{}, false
	}
	s := Send{Inst: i, DescFrom: -1, HeaderFrom: -1}
	s.Dst, s.Src0 = &in.Ops[0], &in.Ops[1]
	if n == 5 {
		s.Src1 = &in.Ops[2]
	}
	ex, de := &in.Ops[n-2], &in.Ops[n-1]
	switch ex.Kind {
	case KImm:
		if !ex.ImmOK || ex.Imm > 0xFFFFFFFF {
			return Send{}, false
		}
		s.ExDesc, s.ExDescImm = uint32(ex.Imm), true
	case KReg:
		s.ExDescReg = ex.Text
		if v, added, ok := f.builder(w.last(ex.File, ex.Reg, ex.Sub)); ok && v != nil {
			s.ExDesc, s.ExDescImm, s.ExDescAdded = *v, true, added
		}
	default:
		return Send{}, false
	}
	switch de.Kind {
	case KImm:
		if !de.ImmOK || de.Imm > 0xFFFFFFFF {
			return Send{}, false
		}
		s.Desc, s.DescKnown = uint32(de.Imm), true
	case KReg:
		s.DescReg = de.Text
		b := w.last(de.File, de.Reg, de.Sub)
		if v, added, ok := f.builder(b); ok {
			s.DescFrom, s.DescAdded = b, added
			if v != nil {
				s.Desc, s.DescKnown = *v, true
			}
		}
	default:
		return Send{}, false
	}
	g, _ := GenOf(f.Platform)
	s.SFID, s.SFIDName, s.SFIDKnown = SFIDOf(g, in.Op, s.ExDesc, s.ExDescImm)
	if s.SFIDKnown && s.SFID == SFIDSampler && g != GenUnknown && s.DescKnown {
		m := DecodeSampler(g, s.ExDesc, s.Desc, s.ExDescImm)
		s.Sampler = &m
		if m.Header && s.Src0.Kind == KPayload && s.Src0.File == "r" {
			s.HeaderFrom, s.HeaderDW2 = f.headerDW2(w.last("r", s.Src0.Reg, 2))
		}
	}
	return s, true
}

// builder reads instruction j, the last writer of a descriptor register
// (a0.0): an immediate moved there (v), or an immediate added to or
// or'ed with a register (added). ok is false when there is no writer in
// the block; v is nil when the value written is not an immediate the
// file shows (a copy, a wider write, another operation).
func (f *File) builder(j int) (v *uint32, added string, ok bool) {
	if j < 0 {
		return nil, "", false
	}
	w := &f.Insts[j]
	if w.Exec != 1 {
		return nil, "", true
	}
	base, _, _ := strings.Cut(w.Op, ".")
	srcs := w.Ops[1:]
	switch {
	case base == "mov" && len(srcs) == 1 && srcs[0].Kind == KImm && srcs[0].ImmOK:
		x := uint32(srcs[0].Imm)
		return &x, "", true
	case base == "mov" && len(srcs) == 1 && srcs[0].Kind == KReg:
		return nil, regText(&srcs[0]), true
	case (base == "add" || base == "or") && len(srcs) == 2:
		for k := 0; k < 2; k++ {
			if srcs[k].Kind == KImm && srcs[k].ImmOK && srcs[1-k].Kind == KReg {
				x := uint32(srcs[k].Imm)
				return &x, regText(&srcs[1-k]), true
			}
		}
	}
	return nil, "", true
}

// regText gives a register operand without its region and type: "r82.0".
func regText(o *Operand) string {
	s := o.File
	if o.File != "null" {
		s += strconv.Itoa(o.Reg)
	}
	if o.Sub >= 0 {
		s += "." + strconv.Itoa(o.Sub)
	}
	return o.Mod + s
}

// headerDW2 reads instruction j, the last writer of dword 2 of a
// message header: the immediate it moved there. A float immediate is
// taken from the hex IGC prints beside it ("(0x00004000:f)"); a printed
// float alone is not converted back, since its digits may not hold every
// bit. A wider write (the copy of r0 that starts a header) is not an
// immediate: -1.
func (f *File) headerDW2(j int) (at int, v uint32) {
	if j < 0 {
		return -1, 0
	}
	w := &f.Insts[j]
	if w.Exec != 1 || w.Ops[0].Sub != 2 || !strings.HasPrefix(w.Op, "mov") || len(w.Ops) != 2 || w.Ops[1].Kind != KImm {
		return -1, 0
	}
	src := &w.Ops[1]
	if src.ImmOK {
		return j, uint32(src.Imm)
	}
	if x, ok := hexInComment(w.Comment); ok {
		return j, x
	}
	return -1, 0
}

// hexInComment reads the "(0x00004000:f)" IGC writes after a float immediate.
func hexInComment(c string) (uint32, bool) {
	i := strings.Index(c, "(0x")
	if i < 0 {
		return 0, false
	}
	j := strings.IndexByte(c[i:], ':')
	if j < 0 {
		return 0, false
	}
	x, err := strconv.ParseUint(c[i+3:i+j], 16, 32)
	return uint32(x), err == nil
}
