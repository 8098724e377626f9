package decoder

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// The length programs: opcodes.tsv compiled once per container version, so
// that version conditions are resolved ahead of time and most opcodes reduce
// to a constant length or a short list of steps.

type stepKind uint8

const (
	sFixed    stepKind = iota // size bytes
	sField                    // size bytes, value kept in slot
	sVec                      // one vector operand (§3.2)
	sVecCmp                   // CMP destination: general (tag class 0) or 3 bytes
	sRepVec                   // count vectors
	sRepFixed                 // count * size bytes
	sCondBit                  // run sub when bit lit of slot is set
	sCondEq                   // run sub when slot == lit
)

type step struct {
	kind stepKind
	size uint16
	slot int8 // value slot written (sField) or read (counts, conditions); -1 none
	lit  uint16
	sub  []step
}

type program struct {
	row   *tableRow
	fixed int // total length when it does not depend on the bytes; 0 otherwise
	steps []step
	slots int
	// gone is set for a legacy row (an opcode removed in 2018-2019) in a
	// table for version 3.7 or later, which cannot contain it.
	gone bool
	// before2019 is set, in a table for version 3.6 or older, for an
	// opcode whose meaning changed after the writers of those files: what
	// it meant then. It is not decoded: no known file uses it, and a 3.6
	// file may come from either side of the change.
	before2019 string
}

// opTable is the compiled table for one version.
type opTable struct {
	ver Version
	// lsc2022: the LSC operand layout before IGC's 52dab2294 (2023-07-26),
	// without ss_idx (and lsc_typed's three offsets), under the same
	// version number (condition "verlsc2022" / "verlsc2023" in the table).
	lsc2022 bool
	progs   [256]*program
	subs    [256]*[256]*program // non-nil for opcodes dispatched on their sub-op byte
	genV    int                 // general vector operand length
	raw     int                 // raw operand length
	// fast holds, by value, what the walk's hot path needs for every opcode
	// (or opcode and sub-op) whose length is fixed bytes and vector
	// operands only (no counts or conditions read from the bytes).
	// fastAt[layout][op] is base<<8|mask: the entry is fast[base +
	// (sub-op byte & mask)], mask 0 for opcodes not dispatched on their
	// sub-op, so finding it takes no branch. layout: 0 igc, 1 seed (INFO
	// lengths differ).
	fastAt [2][256]uint32
	fast   []fastOp
	// vecBytes[k] holds the vector-operand length by tag class as eight
	// bytes (k 0: an ordinary vector, 0xFF for an invalid class, which
	// pushes the walk's offset past fastWindow; k 1: a CMP destination), and
	// vecLong[k] what a long immediate (type 6, 11 or 13 in the next byte's
	// low nibble) adds, so the hot path computes a length with shifts and
	// masks: no branch and no table load on the chain from one operand to
	// the next.
	vecBytes, vecLong [2]uint64
	// What the text parser builds from the table on first use: the rows
	// by mnemonic (textCandidates) and each row's fields and value texts
	// (rowCacheFor). They hang off the table, not the process.
	textIndex func() map[string][]*program
	rowMu     sync.Mutex
	rowCaches map[*tableRow]*rowCache
}

// longImm has bit t set for the immediate types that take 8 bytes (Q, DF,
// UQ), not 4.
const longImm = 1<<6 | 1<<11 | 1<<13

// fastOp is one opcode's (or sub-op's) hot-path shape: gaps[v] fixed bytes
// (the opcode byte included in gaps[0]), then vector v, for v < nvec; then
// tail fixed bytes. Every such instruction is shorter than fastWindow.
type fastOp struct {
	kind uint8 // fastNone (the careful path decides) or fastLen
	nvec uint8
	vc   uint8 // bit v set: vector v is a CMP destination (general, or 3 bytes)
	tail uint8
	gaps [maxFastVecs]uint8
}

const (
	fastNone = iota
	fastLen
)

const (
	maxFastVecs = 6
	maxVecLen   = 10
	// fastWindow is how many bytes the hot path may read from the opcode:
	// it runs only while that many remain, so it needs no bounds checks
	// (indices are uint8 into a [256]byte view).
	fastWindow = 256
)

// legacyMaxVer is the last version whose files can hold the 2018 opcodes:
// the writer constant stayed 3.6 from before their removal until 3.7.
const legacyMaxVer = 306

type tableKey struct {
	v       Version
	lsc2022 bool
}

// tables holds the compiled tables, built on first use: building one takes
// milliseconds (all 24 at start would cost every command ~60 ms), and the
// text parser and Inst builders look one up per line. It holds at most one
// per supported version and LSC layout (tableVersion).
var (
	tableMu sync.Mutex
	tables  = map[tableKey]*opTable{}
)

// tableFor returns the compiled table for v.
func tableFor(v Version) *opTable { return tableForLSC(v, false) }

// tableForLSC returns the compiled table for v with the LSC operand
// layout before 2023-07-26 when lsc2022.
func tableForLSC(v Version, lsc2022 bool) *opTable {
	tableMu.Lock()
	defer tableMu.Unlock()
	k := tableKey{tableVersion(v), lsc2022}
	if t, ok := tables[k]; ok {
		return t
	}
	t := compileTable(k.v, lsc2022)
	tables[k] = t
	return t
}

// tableVersion returns the supported version whose compiled table is v's:
// the table depends on the version only through its major and thresholds
// from 3.1 to 3.7 (opcodes.tsv's conditions, wide, legacyMaxVer), so a
// later 3.x reads as 3.8, an earlier one (or a 2.x) as 3.0 to 3.8 by
// major*100+minor, and a 4.x or later as its BestEffort. A file naming
// any version thus adds no table.
func tableVersion(v Version) Version {
	if v.Major >= 4 {
		return v.BestEffort()
	}
	return Version{3, uint8(min(max(v.Num(), 300), 308) - 300)}
}

func compileTable(v Version, lsc2022 bool) *opTable {
	t := &opTable{ver: v, genV: 7, raw: 4, lsc2022: lsc2022, rowCaches: map[*tableRow]*rowCache{}}
	t.textIndex = sync.OnceValue(func() map[string][]*program { return buildTextIndex(t) })
	if v.wide() {
		t.genV, t.raw = 9, 6
	}
	for i := range tableRows {
		r := &tableRows[i]
		p := &program{row: r, gone: r.legacy && v.Num() >= legacyMaxVer+1}
		if !r.rejected && !r.undet && !p.gone {
			toks, _ := parseFields(r.fields) // validated at init
			slots := map[string]int{}
			refs := referenced(toks)
			p.steps = t.compile(toks, slots, refs)
			p.slots = len(slots)
			p.steps = mergeFixed(p.steps)
			if len(p.steps) == 1 && p.steps[0].kind == sFixed {
				p.fixed = 1 + int(p.steps[0].size)
			} else if len(p.steps) == 0 {
				p.fixed = 1
			}
		}
		if r.subs == nil && !r.other {
			t.progs[r.op] = p
			continue
		}
		if t.subs[r.op] == nil {
			t.subs[r.op] = new([256]*program)
		}
		if r.other {
			for s := range t.subs[r.op] {
				if t.subs[r.op][s] == nil {
					t.subs[r.op][s] = p
				}
			}
		} else {
			for _, s := range r.subs {
				t.subs[r.op][s] = p
			}
		}
		t.progs[r.op] = p // any row; marks the opcode as known
	}
	if v.Num() <= legacyMaxVer {
		for op, then := range changedOpcodes {
			if p := t.progs[op]; p != nil {
				t.progs[op] = &program{row: p.row, before2019: then}
			}
		}
	}
	t.buildFast()
	return t
}

// changedOpcodes are the opcodes whose meaning in the 2018 writers differs
// from today's (format doc §3.8): a file of version 3.6 or older that uses
// one is reported rather than decoded with a guess.
var changedOpcodes = map[uint8]string{
	0x60: "if (E P) until January 2019, nbarrier from late 2021",
	0x7C: "pbarrier (V R, no exec byte) until September 2018, then sbarrier (B)",
}

// buildFast fills the hot-path tables from the compiled programs.
func (t *opTable) buildFast() {
	for cls := range 8 {
		l := uint64(0xFF)
		switch cls {
		case 0:
			l = uint64(t.genV)
		case 1, 6:
			l = 5
		case 2:
			l = 3
		case 3:
			l = 9
		case 5:
			l = 6
			t.vecLong[0] |= 4 << (8 * cls)
		}
		t.vecBytes[0] |= l << (8 * cls)
		l = 3
		if cls == 0 {
			l = uint64(t.genV)
		}
		t.vecBytes[1] |= l << (8 * cls)
	}
	for op := range 256 {
		at := uint32(len(t.fast)) << 8
		if sub := t.subs[op]; sub != nil {
			for _, p := range sub {
				t.fast = append(t.fast, fastFrom(p))
			}
			at |= 0xFF
		} else {
			t.fast = append(t.fast, fastFrom(t.progs[op]))
		}
		t.fastAt[0][op], t.fastAt[1][op] = at, at
	}
	// INFO: a length by sub-op, per layout.
	for k, layout := range []Layout{LayoutIGC, LayoutSeed} {
		t.fastAt[k][OpINFO] = uint32(len(t.fast))<<8 | 0xFF
		for s := range 256 {
			t.fast = append(t.fast, fastOp{kind: fastLen, tail: uint8(infoLen(uint8(s), layout, t.ver))})
		}
	}
}

// fastFrom returns p's hot-path shape, or fastNone when p reads counts or
// conditions from the bytes, or could reach past fastWindow.
func fastFrom(p *program) fastOp {
	if p == nil || p.row.rejected || p.row.undet || p.gone || p.before2019 != "" {
		return fastOp{}
	}
	f := fastOp{kind: fastLen}
	gap, most := 1, 1 // bytes since the last vector; the longest length
	vec := func(vc bool) bool {
		if int(f.nvec) == maxFastVecs {
			return false
		}
		if vc {
			f.vc |= 1 << f.nvec
		}
		f.gaps[f.nvec] = uint8(min(gap, 255))
		most += maxVecLen
		f.nvec++
		gap = 0
		return true
	}
	for _, st := range p.steps {
		ok := true
		switch {
		case st.kind == sFixed:
			gap, most = gap+int(st.size), most+int(st.size)
		case st.kind == sVec:
			ok = vec(false)
		case st.kind == sVecCmp:
			ok = vec(true)
		case st.kind == sRepFixed && st.slot < 0:
			n := int(st.lit) * int(st.size)
			gap, most = gap+n, most+n
		case st.kind == sRepVec && st.slot < 0:
			for range st.lit {
				ok = ok && vec(false)
			}
		default:
			ok = false // a count or condition read from the bytes
		}
		if !ok || gap > 255 {
			return fastOp{}
		}
	}
	// +1: the hot path reads the byte after each vector tag.
	if most+1 >= fastWindow {
		return fastOp{}
	}
	f.tail = uint8(gap)
	return f
}

func referenced(toks []token) map[string]bool {
	refs := map[string]bool{}
	var walk func([]token)
	walk = func(ts []token) {
		for _, t := range ts {
			if t.count != "" {
				if _, err := strconv.Atoi(t.count); err != nil {
					refs[t.count] = true
				}
			}
			if t.cond != "" {
				name, _, _ := strings.Cut(t.cond, ".")
				name, _, _ = strings.Cut(name, "==")
				refs[name] = true
			}
			walk(t.group)
		}
	}
	walk(toks)
	return refs
}

func (t *opTable) fixedSize(kind string) int {
	switch kind {
	case "B", "E", "S":
		return 1
	case "W", "P", "LBL":
		return 2
	case "D":
		return 4
	case "R":
		return t.raw
	case "I":
		if t.ver.wide() {
			return 4
		}
		return 2
	}
	return 0
}

func (t *opTable) compile(toks []token, slots map[string]int, refs map[string]bool) []step {
	var out []step
	for _, tk := range toks {
		if tk.kind == "group" {
			sub := t.compile(tk.group, slots, refs)
			switch c := tk.cond; {
			case c == "":
				out = append(out, sub...)
			case strings.HasPrefix(c, "ver") || strings.HasPrefix(c, "major"):
				if t.versionCond(c) {
					out = append(out, sub...)
				}
			case strings.Contains(c, ".b"):
				name, bit, _ := strings.Cut(c, ".b")
				n, _ := strconv.Atoi(bit)
				out = append(out, step{kind: sCondBit, slot: int8(slots[name]), lit: uint16(n), sub: mergeFixed(sub)})
			case strings.Contains(c, "=="):
				name, val, _ := strings.Cut(c, "==")
				n, _ := strconv.ParseUint(val, 0, 16)
				out = append(out, step{kind: sCondEq, slot: int8(slots[name]), lit: uint16(n), sub: mergeFixed(sub)})
			}
			continue
		}
		if tk.count != "" {
			s := step{kind: sRepFixed, slot: -1, size: uint16(t.fixedSize(tk.kind))}
			if tk.kind == "V" {
				s.kind = sRepVec
			}
			if n, err := strconv.Atoi(tk.count); err == nil {
				s.lit = uint16(n)
			} else {
				s.slot = int8(slots[tk.count])
			}
			out = append(out, s)
			continue
		}
		switch tk.kind {
		case "V":
			out = append(out, step{kind: sVec, slot: -1})
		case "VC":
			out = append(out, step{kind: sVecCmp, slot: -1})
		default:
			sz := t.fixedSize(tk.kind)
			if tk.name != "" && refs[tk.name] {
				id := len(slots)
				slots[tk.name] = id
				out = append(out, step{kind: sField, size: uint16(sz), slot: int8(id)})
			} else {
				out = append(out, step{kind: sFixed, size: uint16(sz), slot: -1})
			}
		}
	}
	return out
}

func (t *opTable) versionCond(c string) bool {
	switch c {
	case "verlsc2022":
		return t.lsc2022
	case "verlsc2023":
		return !t.lsc2022
	}
	var lhs int
	rest := c
	switch {
	case strings.HasPrefix(c, "major"):
		lhs, rest = int(t.ver.Major), c[5:]
	default:
		lhs, rest = t.ver.Num(), c[3:]
	}
	op := ""
	for _, o := range []string{">=", "<=", "==", ">", "<"} {
		if strings.HasPrefix(rest, o) {
			op, rest = o, rest[len(o):]
			break
		}
	}
	var rhs int
	if maj, min, ok := strings.Cut(rest, "."); ok {
		a, _ := strconv.Atoi(maj)
		b, _ := strconv.Atoi(min)
		rhs = a*100 + b
	} else {
		rhs, _ = strconv.Atoi(rest)
	}
	switch op {
	case ">=":
		return lhs >= rhs
	case "<=":
		return lhs <= rhs
	case "==":
		return lhs == rhs
	case ">":
		return lhs > rhs
	case "<":
		return lhs < rhs
	}
	panic(fmt.Sprintf("decoder: bad condition %q", c))
}

func mergeFixed(in []step) []step {
	var out []step
	for _, s := range in {
		if s.kind == sFixed && len(out) > 0 && out[len(out)-1].kind == sFixed {
			out[len(out)-1].size += s.size
			continue
		}
		out = append(out, s)
	}
	return out
}

// lenErr describes why a length could not be computed. It holds numbers,
// not text: the message is written only when an error is reported
// (describe).
type lenErr struct {
	at   int // offset within the instruction
	kind lenFail
	val  int // what the message quotes: the tag byte, a field's size, the bytes needed
	have int // bytes before the end of the stream (lenOverrun)
}

type lenFail uint8

const (
	lenOK       lenFail = iota
	lenTagEnd           // no byte for a vector operand's tag
	lenImmEnd           // no byte for an immediate's type
	lenBadTag           // an invalid operand class (val: the tag byte)
	lenFieldEnd         // a field cut by the end (val: its size)
	lenCmpEnd           // no byte for a cmp destination's tag
	lenOverrun          // operands past the end (val: the bytes needed)
)

// describe returns the parts of the located error for e.
func (e lenErr) describe() (field, expected, found string, sentinel error) {
	switch e.kind {
	case lenTagEnd:
		return "vector operand tag", "1 byte", "end of input", ErrTruncated
	case lenImmEnd:
		return "immediate type", "1 byte", "end of input", ErrTruncated
	case lenBadTag:
		return "vector operand tag", "operand class 0-3, 5 or 6", fmt.Sprintf("0x%02x (class %d)", e.val, e.val&7), ErrBadValue
	case lenFieldEnd:
		return "field", fmt.Sprintf("%d bytes", e.val), "end of input", ErrTruncated
	case lenCmpEnd:
		return "cmp destination tag", "1 byte", "end of input", ErrTruncated
	}
	return "operands", fmt.Sprintf("at least %d bytes", e.val), fmt.Sprintf("%d bytes before end of stream", e.have), ErrTruncated
}

// vecLen returns the length of the vector operand at b[i:], or why it has
// none.
func (t *opTable) vecLen(b []byte, i int) (int, lenErr) {
	if i >= len(b) {
		// i may already be past the end after a run of operands; the error
		// must still point inside the input.
		return 0, lenErr{at: min(i, len(b)), kind: lenTagEnd}
	}
	switch b[i] & 7 {
	case 0:
		return t.genV, lenErr{}
	case 1, 6:
		return 5, lenErr{}
	case 2:
		return 3, lenErr{}
	case 3:
		return 9, lenErr{}
	case 5:
		if i+1 >= len(b) {
			return 0, lenErr{at: min(i+1, len(b)), kind: lenImmEnd}
		}
		switch b[i+1] & 0xF {
		case 6, 11, 13:
			return 10, lenErr{}
		}
		return 6, lenErr{}
	}
	return 0, lenErr{at: i, kind: lenBadTag, val: int(b[i])}
}

// run computes the length of the instruction at b[0] (its opcode) by
// interpreting p's steps. b holds the bytes up to the end of the stream.
func (t *opTable) run(p *program, b []byte) (int, lenErr) {
	var slots [8]uint32
	n, e := t.runSteps(p.steps, b, 1, &slots)
	return n, e
}

func (t *opTable) runSteps(steps []step, b []byte, i int, slots *[8]uint32) (int, lenErr) {
	for k := range steps {
		s := &steps[k]
		switch s.kind {
		case sFixed:
			i += int(s.size)
		case sField:
			if i+int(s.size) > len(b) {
				return 0, lenErr{at: min(i, len(b)), kind: lenFieldEnd, val: int(s.size)}
			}
			var v uint32
			for j := int(s.size) - 1; j >= 0; j-- {
				v = v<<8 | uint32(b[i+j])
			}
			slots[s.slot] = v
			i += int(s.size)
		case sVec:
			n, e := t.vecLen(b, i)
			if e.kind != lenOK {
				return 0, e
			}
			i += n
		case sVecCmp:
			if i >= len(b) {
				return 0, lenErr{at: min(i, len(b)), kind: lenCmpEnd}
			}
			if b[i]&7 == 0 {
				i += t.genV
			} else {
				i += 3
			}
		case sRepFixed, sRepVec:
			cnt := int(s.lit)
			if s.slot >= 0 {
				cnt = int(slots[s.slot])
			}
			if s.kind == sRepFixed {
				i += cnt * int(s.size)
				continue
			}
			for c := 0; c < cnt; c++ {
				n, e := t.vecLen(b, i)
				if e.kind != lenOK {
					return 0, e
				}
				i += n
			}
		case sCondBit:
			if slots[s.slot]>>s.lit&1 != 0 {
				j, e := t.runSteps(s.sub, b, i, slots)
				if e.kind != lenOK {
					return 0, e
				}
				i = j
			}
		case sCondEq:
			if slots[s.slot] == uint32(s.lit) {
				j, e := t.runSteps(s.sub, b, i, slots)
				if e.kind != lenOK {
					return 0, e
				}
				i = j
			}
		}
		if i > len(b) {
			return 0, lenErr{at: len(b), kind: lenOverrun, val: i, have: len(b)}
		}
	}
	return i, lenErr{}
}
