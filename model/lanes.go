package model

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"infoscope/decoder"
)

// ExecMask is the EU's 32-bit execution mask (EM): bit i enables EM lane i.
// As a dispatch mask it says which of the 32 lanes the thread was
// dispatched with.
type ExecMask uint32

// AllLanes is the dispatch mask with every lane on (the default).
const AllLanes ExecMask = 0xffffffff

// Lane reports whether EM bit i is set; false for i outside 0..31.
func (m ExecMask) Lane(i int) bool {
	if i < 0 || i > 31 {
		return false
	}
	return m>>uint(i)&1 != 0
}

// Count returns the number of set bits.
func (m ExecMask) Count() int { return bits.OnesCount32(uint32(m)) }

// Toggle returns m with EM bit i flipped; m unchanged for i outside 0..31.
func (m ExecMask) Toggle(i int) ExecMask {
	if i < 0 || i > 31 {
		return m
	}
	return m ^ 1<<uint(i)
}

// String returns the mask as eight lower-case hex digits, e.g. "0xffffffff".
func (m ExecMask) String() string { return fmt.Sprintf("0x%08x", uint32(m)) }

// ParseExecMask parses a hex mask: an optional "0x" or "0X" prefix, then one
// to eight hex digits ("_" separators allowed); surrounding space is
// ignored.
func ParseExecMask(s string) (ExecMask, error) {
	t := strings.TrimSpace(s)
	if len(t) >= 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X') {
		t = t[2:]
	}
	t = strings.ReplaceAll(t, "_", "")
	if t == "" {
		return 0, fmt.Errorf("bad mask %q: expected hex digits such as 0xffffffff", clipText(s))
	}
	if len(t) > 8 {
		return 0, fmt.Errorf("bad mask %q: more than 32 bits (8 hex digits)", clipText(s))
	}
	v, err := strconv.ParseUint(t, 16, 32)
	if err != nil {
		return 0, fmt.Errorf("bad mask %q: expected hex digits such as 0xffffffff", clipText(s))
	}
	return ExecMask(v), nil
}

// LaneMap is how an instruction's lanes sit on the execution mask (format
// doc §6).
type LaneMap struct {
	ExecSize int      // lanes; 0 when the exec-size code is illegal
	Offset   int      // EM bit of lane 0 (0, 4, ..., 28), from the mask control
	NoMask   bool     // the control is Mn_NM: the EM is ignored, every lane is enabled
	Dispatch ExecMask // the dispatch mask the lanes were computed from
	// Window marks the EM bits the lanes sit on, Offset..Offset+ExecSize-1
	// (bits past 31 do not exist and are not marked). With NoMask the EM is
	// not consulted, but the window is still where the lanes sit (and where
	// a predicate would be read).
	Window [32]bool
	// Enabled says, per lane (len ExecSize), whether the lane is written:
	// always with NoMask, otherwise when its EM bit is set in Dispatch. A
	// lane whose EM bit would be past 31 is disabled unless NoMask.
	Enabled []bool
	// Warnings are what the decoder also reports as the instruction's
	// diagnostics (marked ! everywhere); Notes are legal but unusual
	// encodings and dispatch consequences, marked ! nowhere.
	Warnings []string
	Notes    []string
}

// EMBit returns the EM bit lane i reads, or -1 when the lane has none (past
// bit 31) or does not exist.
func (l LaneMap) EMBit(i int) int {
	if i < 0 || i >= l.ExecSize || l.Offset+i > 31 {
		return -1
	}
	return l.Offset + i
}

// Lanes computes the lane map of in under dispatch mask dispatch. It warns
// about an illegal exec-size code, exec size + offset > 32, an offset not
// aligned to the exec size (the spec requires it; the verifier does not
// check it), exec sizes the code generator cannot encode, and dispatches
// that enable no lane. A nil in gives an empty map with a warning.
func Lanes(in *decoder.Info, dispatch ExecMask) LaneMap {
	lm := LaneMap{Dispatch: dispatch}
	if in == nil {
		lm.Warnings = append(lm.Warnings, "no instruction")
		return lm
	}
	lm.Offset = in.Mask.LaneOffset()
	lm.NoMask = in.Mask.NoMask()
	n := in.ExecSize()
	if n <= 0 || n > 32 {
		lm.Warnings = append(lm.Warnings, fmt.Sprintf("exec-size code %d is illegal (expected 0..5, 1 to 32 lanes): the instruction has no lanes", in.ExecCode))
		lm.Enabled = []bool{}
		return lm
	}
	lm.ExecSize = n
	if n+lm.Offset > 32 {
		lm.Warnings = append(lm.Warnings, fmt.Sprintf("exec size %d + lane offset %d (%s) = %d exceeds 32: lanes %d-%d have no EM bit", n, lm.Offset, in.Mask, n+lm.Offset, 32-lm.Offset, n-1))
	}
	if lm.Offset%n != 0 {
		lm.Notes = append(lm.Notes, fmt.Sprintf("lane offset %d (%s) is not a multiple of exec size %d: the spec requires alignment (the verifier does not check it)", lm.Offset, in.Mask, n))
	}
	if n < 8 {
		lm.Notes = append(lm.Notes, fmt.Sprintf("exec size %d: the verifier accepts it but the code generator only encodes 8, 16 and 32 lanes", n))
	}
	lm.Enabled = make([]bool, n)
	on := 0
	for i := range n {
		b := lm.Offset + i
		if b < 32 {
			lm.Window[b] = true
		}
		lm.Enabled[i] = lm.NoMask || (b < 32 && dispatch.Lane(b))
		if lm.Enabled[i] {
			on++
		}
	}
	if on == 0 {
		lm.Notes = append(lm.Notes, fmt.Sprintf("no lane is enabled: dispatch mask %s has no bit in EM %d-%d, nothing is written", dispatch, lm.Offset, min(lm.Offset+n, 32)-1))
	}
	return lm
}

// LaneRange formats a run of lanes as "0-15" (or "3" for one lane).
func LaneRange(lo, hi int) string {
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return strconv.Itoa(lo) + "-" + strconv.Itoa(hi)
}

// LaneMask formats the lanes whose bits m sets as runs, sep between them:
// "0-7,16-23" with sep ",".
func LaneMask(m uint64, sep string) string {
	var b strings.Builder
	for m != 0 {
		lo := bits.TrailingZeros64(m)
		hi := lo + bits.TrailingZeros64(^(m >> lo)) - 1
		if b.Len() > 0 {
			b.WriteString(sep)
		}
		b.WriteString(LaneRange(lo, hi))
		m &^= 1<<(hi+1) - 1 // hi 63: the shift gives 0, and every bit is cleared
	}
	return b.String()
}

// laneList formats lanes, ascending and below 64, as compact ranges:
// "0-3,8,10-11".
func laneList(lanes []int) string {
	var m uint64
	for _, l := range lanes {
		m |= 1 << l
	}
	return LaneMask(m, ",")
}
