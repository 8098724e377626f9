// Package lower joins a vISA kernel to the Gen assembly IGC made of it
// (its .asm, read by decoder/native) on the vISA instruction index "$N"
// that ends every native line, and checks each INFO instruction against
// the sampler message it became: message type, SIMD mode and the lanes
// it answers, response length, channel mask, emask and surface.
//
// It does no I/O: the front ends read the files and hand it what they
// read.
package lower

import (
	"fmt"
	"strings"

	"infoscope/decoder"
	"infoscope/decoder/native"
	"infoscope/model"
)

// Join is one kernel's vISA instructions and native lines, joined.
type Join struct {
	ASM *native.File
	// LL is the dump set's .visa.ll (nil without one): the LLVM
	// instructions each vISA instruction came from.
	LL *native.LL
	// byN[n] lists the indices (in ASM.Insts) of the native lines tagged
	// $n, in the file's order.
	byN   map[int][]int
	sends map[int]int // index in ASM.Insts -> index in sendList
	list  []native.Send
	// regs maps a vISA variable name to the register its //.declare gave it.
	regs map[string]string
}

// New joins the native lines of f by their $N. The work is linear in f.
func New(f *native.File) *Join {
	j := &Join{ASM: f, byN: map[int][]int{}, sends: map[int]int{}, regs: map[string]string{}}
	for i := range f.Insts {
		if n := f.Insts[i].VISA; n != native.NoID {
			j.byN[n] = append(j.byN[n], i)
		}
	}
	j.list = f.Sends()
	for k, s := range j.list {
		j.sends[s.Inst] = k
	}
	for _, d := range f.Declares {
		if d.Name != "" && d.Reg != "" {
			if _, seen := j.regs[d.Name]; !seen {
				j.regs[d.Name] = d.Reg
			}
		}
	}
	return j
}

// MatchesBody reports whether the join is that of body s of file f, the
// vISA text IGC wrote beside the .asm (paired by file stem): the body
// named as the .asm's //.kernel, or when none is (a name IGC spelled
// otherwise), the file's first body, which is its kernel (functions
// follow it).
func (j *Join) MatchesBody(f *decoder.File, s *decoder.Stream) bool {
	if j.ASM.Kernel == s.Kernel {
		return true
	}
	for _, b := range f.Streams {
		if b.Kernel == j.ASM.Kernel {
			return false
		}
	}
	return len(f.Streams) > 0 && f.Streams[0] == s
}

// LLVM returns the LLVM lines of the dump set's .visa.ll tagged $n, none
// without a .visa.ll.
func (j *Join) LLVM(n int) []native.LLLine { return j.LL.Of(n) }

// Native returns the indices in ASM.Insts of the native lines of vISA
// instruction n, in the file's order; none when it was folded, removed
// or never tagged.
func (j *Join) Native(n int) []int { return j.byN[n] }

// Tagged returns how many $N have native lines.
func (j *Join) Tagged() int { return len(j.byN) }

// Register returns the register IGC gave the vISA variable name
// ("r18.0"), or "" when the .asm names none.
func (j *Join) Register(name string) string { return j.regs[name] }

// Send returns the send at native instruction i, if it is one.
func (j *Join) Send(i int) (*native.Send, bool) {
	k, ok := j.sends[i]
	if !ok {
		return nil, false
	}
	return &j.list[k], true
}

// Finding is one disagreement between an INFO and its native code.
type Finding struct {
	Check string // "native", "message_type", "lanes", "rlen", "channel_mask", "emask", "nomask", "bti"
	Text  string
}

func (f Finding) String() string { return f.Check + ": " + f.Text }

// Lowered is what one INFO became: its sampler sends and the findings.
type Lowered struct {
	Sends    []*native.Send // the sampler sends tagged with the INFO's $N
	Findings []Finding      // empty when all agree
}

// Info checks INFO in, instruction $N of its body, against its native
// code. The checks, each a Finding when it fails:
//   - native: the INFO has no native line, or none of them is a sampler send;
//   - message_type: the message is not RESINFO (0x0A) for resinfo, SAMPLEINFO (0x0B) for sampleinfo;
//   - lanes: lanes of the INFO (counted from its first) that no send's message answers
//     (SIMD32 sent as one SIMD16 message);
//   - rlen: the response length is not the enabled channels times the registers a channel takes;
//   - channel_mask: the header's channel-disable bits do not give the INFO's channels, or
//     there is no header and the channels are not a run from R (the hardware returns R first);
//   - emask: the send's first channel (N|Mk) is not the INFO's emask lane offset;
//   - nomask: the send ignores the execution mask ((W)) and the INFO does not, or the reverse;
//   - bti: the binding table index is not that of the INFO's predefined surface.
func (j *Join) Info(in *decoder.Info) Lowered {
	var l Lowered
	n := in.Inst
	lines := j.byN[n]
	if len(lines) == 0 {
		l.Findings = append(l.Findings, Finding{"native", fmt.Sprintf("no native instruction carries $%d: the INFO was removed or folded", n)})
		return l
	}
	for _, i := range lines {
		if s, ok := j.Send(i); ok && s.Sampler != nil {
			l.Sends = append(l.Sends, s)
		}
	}
	if len(l.Sends) == 0 {
		l.Findings = append(l.Findings, Finding{"native", fmt.Sprintf("none of the %d native lines of $%d is a sampler send whose descriptor the .asm shows", len(lines), n)})
		return l
	}
	exec := in.ExecSize()
	first := in.Mask.LaneOffset()
	// Which of the INFO's lanes the messages answer, bit k = its k-th lane.
	// Positions are counted from the first send's first channel: where
	// the execution mask is read from is the emask check's business.
	var covered uint64
	base := -1
	for _, s := range l.Sends {
		if c := j.ASM.Insts[s.Inst].Chan; base < 0 || c < base {
			base = c
		}
	}
	nch := in.NumChannels()
	for _, s := range l.Sends {
		m := s.Sampler
		inst := &j.ASM.Insts[s.Inst]
		at := fmt.Sprintf("line %d", inst.Line)
		want := "resinfo"
		if in.Op() == decoder.OpSampleinfo {
			want = "sampleinfo"
		}
		if m.Message != want {
			l.Findings = append(l.Findings, Finding{"message_type", fmt.Sprintf("%s: message type 0x%02X (%s) for a %s", at, m.MessageType, orNone(m.Message), want)})
		}
		lanes := min(inst.Exec, m.Lanes)
		for k := 0; k < lanes; k++ {
			lane := inst.Chan + k - base
			if lane >= 0 && lane < 64 {
				covered |= 1 << uint(lane)
			}
		}
		if inst.Chan != first {
			l.Findings = append(l.Findings, Finding{"emask", fmt.Sprintf("%s: the INFO's emask %s starts at lane %d, the send (%d|M%d) at lane %d", at, in.Mask&^8, first, inst.Exec, inst.Chan, inst.Chan)})
		}
		if in.Mask.NoMask() != inst.Pred.NoMask {
			what := "the send ignores the execution mask ((W)) but the INFO does not"
			if in.Mask.NoMask() {
				what = "the INFO ignores the execution mask (_NM) but the send does not"
			}
			l.Findings = append(l.Findings, Finding{"nomask", at + ": " + what})
		}
		enabled := in.ChannelMask & 0xF
		if m.Header {
			if cd, ok := s.ChannelDisable(); ok {
				if got := uint8(^cd & 0xF); got != enabled {
					l.Findings = append(l.Findings, Finding{"channel_mask", fmt.Sprintf("%s: the header enables %s, the INFO %s", at, orNone(decoder.ChannelNames(got)), decoder.ChannelNames(enabled))})
				}
			}
		} else if enabled&(enabled+1) != 0 {
			l.Findings = append(l.Findings, Finding{"channel_mask", fmt.Sprintf("%s: no header, so no channel mask: the sampler returns the first %d channels (%s), the INFO asks for %s", at, nch, decoder.ChannelNames(uint8(1<<nch-1)), decoder.ChannelNames(enabled))})
		}
		if m.Lanes > 0 {
			bytesPer := 4
			if m.Return16 {
				bytesPer = 2
			}
			grf := m.Gen.GRFBytes()
			regs := (m.Lanes*bytesPer + grf - 1) / grf
			if wantR := uint32(nch * regs); m.Rlen != wantR {
				l.Findings = append(l.Findings, Finding{"rlen", fmt.Sprintf("%s: response length %d, %d channels x %d registers each = %d", at, m.Rlen, nch, regs, wantR)})
			}
		}
		if int(in.Surface) < decoder.NumPredefinedSurfaces && s.DescAdded == "" {
			if wantB := predefinedBTI[in.Surface]; m.BTI != wantB {
				l.Findings = append(l.Findings, Finding{"bti", fmt.Sprintf("%s: binding table index %d, surface %s is %d", at, m.BTI, decoder.SurfaceName(in.Surface), wantB)})
			}
		}
	}
	if exec > 0 && exec <= 64 {
		all := uint64(1)<<uint(exec) - 1
		if exec == 64 {
			all = ^uint64(0)
		}
		if miss := all &^ covered; miss != 0 {
			l.Findings = append(l.Findings, Finding{"lanes", fmt.Sprintf("exec size %d: lanes %s of the INFO get no result (the message answers %s)", exec, model.LaneMask(miss, ", "), answered(l.Sends, j.ASM))})
		}
	}
	return l
}

// predefinedBTI are the binding table indices IGC gives the predefined
// surfaces %slm, T1, T2, TSS, %bss, %scratch (checked on SKL, TGLLP, DG2
// with GenX_IR 1.0.12504).
var predefinedBTI = [decoder.NumPredefinedSurfaces]uint32{0xFE, 1, 2, 0xFB, 0xFC, 0xFF}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func answered(sends []*native.Send, f *native.File) string {
	var parts []string
	for _, s := range sends {
		in := &f.Insts[s.Inst]
		parts = append(parts, fmt.Sprintf("%s on (%d|M%d)", s.Sampler.SIMDMode, in.Exec, in.Chan))
	}
	return strings.Join(parts, ", ")
}

// Stats are a kernel's statistics from its .asm's header and footer, as
// the inspector shows them (kernel list, Code pane title).
type Stats struct {
	Platform string
	Native   int // native instruction lines
	GRF      int // numGRF of the thread configuration
	GRFUsed  int // //.GRF count, 0 when IGC did not write it
	RA       string
	Spill    int    // spill bytes, 0 when none
	Sync     string // //.syncInstCount, "" when absent
	Bank     string // //.BankConflicts, "" when absent
}

// Stats returns the kernel's statistics.
func (j *Join) Stats() Stats {
	a := j.ASM
	s := Stats{Platform: a.Platform, Native: len(a.Insts), GRF: a.NumGRF, GRFUsed: a.GRFUsed, RA: a.RA, Spill: a.SpillBytes}
	for _, k := range a.Stats {
		switch k.Key {
		case "BankConflicts":
			s.Bank = k.Value
		case "syncInstCount":
			s.Sync = k.Value
		}
	}
	return s
}

// String is the statistics in one line: "DG2 · 291 native · 128 GRF (40
// used) · TRIVIAL_RA · spill 64 B · sync 3 · bank conflicts 0".
func (s Stats) String() string {
	parts := []string{fmt.Sprintf("%d native", s.Native), fmt.Sprintf("%d GRF", s.GRF)}
	if s.Platform != "" {
		parts = append([]string{s.Platform}, parts...)
	}
	if s.GRFUsed > 0 {
		parts[len(parts)-1] += fmt.Sprintf(" (%d used)", s.GRFUsed)
	}
	if s.RA != "" {
		parts = append(parts, s.RA)
	}
	if s.Spill > 0 {
		parts = append(parts, fmt.Sprintf("spill %d B", s.Spill))
	}
	if s.Sync != "" {
		parts = append(parts, "sync "+s.Sync)
	}
	if s.Bank != "" {
		parts = append(parts, "bank conflicts "+s.Bank)
	}
	return strings.Join(parts, " · ")
}
