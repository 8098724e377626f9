package decoder

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// opcodesTSV is the per-opcode operand layout table: the format doc's
// visa-opcodes.tsv, except where the last binary writer (which produced
// every real file) and today's reader disagree; there the writer's form is
// used and the notes column says so (format doc section 9). It is the only
// place instruction lengths are defined.
//
//go:embed opcodes.tsv
var opcodesTSV string

// Version is a vISA container version.
type Version struct {
	Major, Minor uint8
}

// Num returns major*100+minor, the form the reader compares.
func (v Version) Num() int { return int(v.Major)*100 + int(v.Minor) }

// String returns "major.minor".
func (v Version) String() string { return fmt.Sprintf("%d.%d", v.Major, v.Minor) }

// Supported reports whether the version is one a writer produced: 3.0 to
// 3.8, 4.0, 4.1, or the transient 4.8. (3.8 was followed by 4.0: a 3.9 never
// existed.)
func (v Version) Supported() bool {
	n := v.Num()
	return (n >= 300 && n <= 308) || n == 400 || n == 401 || n == 408
}

// ParseVersion reads a version as text writes it, MAJOR.MINOR (vISA
// text's .version, the --version flag); ok is false unless both are
// numbers of a byte. Whether the version is one to accept is the caller's.
func ParseVersion(s string) (v Version, ok bool) {
	maj, min, ok := strings.Cut(s, ".")
	a, err1 := strconv.ParseUint(maj, 10, 8)
	b, err2 := strconv.ParseUint(min, 10, 8)
	if !ok || err1 != nil || err2 != nil {
		return Version{}, false
	}
	return Version{Major: uint8(a), Minor: uint8(b)}, true
}

// BestEffort returns the supported version whose rules an unsupported one
// is decoded with: 3.8 for a later 3.x, otherwise 4.1 (the last writer's).
func (v Version) BestEffort() Version {
	if v.Supported() {
		return v
	}
	if v.Major == 3 {
		return Version{3, 8}
	}
	return DefaultVersion()
}

// wide reports whether ids and string indices are UD (>= 3.4).
func (v Version) wide() bool { return v.Num() >= 304 }

// DefaultVersion returns the version assumed for raw streams: the version
// of the last writer. A function, not a variable: nothing can change it.
func DefaultVersion() Version { return Version{4, 1} }

// tableRow is one parsed line of opcodes.tsv.
type tableRow struct {
	op       uint8
	subs     []uint8 // sub-opcodes this row covers; nil = all / "other"
	other    bool    // the "0xOP/other" row
	mnemonic string
	fields   string
	notes    string
	text     string // the text template (see insttext.go); "" prints the fallback form
	flow     FlowKind
	rejected bool // reserved or rejected by the reader
	undet    bool // length cannot be determined
	// legacy rows are opcodes of the 2018 writers, removed in 2018-2019
	// (format doc §3.8): valid only in files of version 3.6 or older.
	legacy bool
	toks   []token
	tmpl   []tmplPart
	rest   bool // tmpl has {...}: AppendText keeps which operands it printed
}

// token is one field of a row's sequence.
type token struct {
	kind  string // B W D E P S LBL V VC R I
	name  string
	count string // "" = once; a literal or the name of an earlier field
	n     int    // count's value when it is a literal; -1 when it names a field
	group []token
	cond  string
	k     tokKind // kind, as a small number for the operand decoder
	str   bool    // the field is a string-pool index (name ends in string_index)
	// A group's condition on a field, parsed once: cname.b<cval> (cbit) or
	// cname==cval. Version conditions stay in cond (resolved per table).
	cname string
	cval  uint32
	cbit  bool
}

// tokKind is a token's kind for the operand decoder's switch.
type tokKind uint8

const (
	tkGroup tokKind = iota
	tkFixed         // B, W, D, I: a sub-field
	tkExec
	tkPred
	tkState
	tkLabel
	tkRaw
	tkVec
	tkVecCmp
)

var tokKinds = map[string]tokKind{"B": tkFixed, "W": tkFixed, "D": tkFixed, "I": tkFixed, "E": tkExec, "P": tkPred, "S": tkState, "LBL": tkLabel, "R": tkRaw, "V": tkVec, "VC": tkVecCmp}

var (
	tableRows []tableRow
	// mnemonics maps opcode -> base mnemonic.
	mnemonics [256]string
	// subMnemonics maps opcode<<8|subop -> mnemonic for sub-op dispatched opcodes.
	subMnemonics = map[uint16]string{}
	// hasSubMnemonics: the opcodes subMnemonics has keys of (Mnemonic
	// looks no further for the rest, most instructions).
	hasSubMnemonics [256]bool
)

func init() {
	rows, err := parseTable(opcodesTSV)
	if err != nil {
		// The table is part of the program, not input; a broken table is a
		// build defect caught by every test.
		panic("decoder: opcodes.tsv: " + err.Error())
	}
	tableRows = rows
	for _, r := range rows {
		base, sub, _ := strings.Cut(r.mnemonic, "/")
		if mnemonics[r.op] == "" || mnemonics[r.op] == "reserved" {
			mnemonics[r.op] = base
		}
		if sub != "" {
			for _, s := range r.subs {
				subMnemonics[uint16(r.op)<<8|uint16(s)] = r.mnemonic
				hasSubMnemonics[r.op] = true
			}
		}
	}
}

func parseTable(tsv string) ([]tableRow, error) {
	var rows []tableRow
	for i, line := range strings.Split(tsv, "\n") {
		if i == 0 || strings.TrimSpace(line) == "" {
			continue
		}
		cols := strings.Split(line, "\t")
		for len(cols) < 6 {
			cols = append(cols, "")
		}
		var r tableRow
		opStr, subStr, hasSub := strings.Cut(cols[0], "/")
		op, err := strconv.ParseUint(opStr, 0, 8)
		if err != nil {
			return nil, fmt.Errorf("line %d: opcode %q", i+1, cols[0])
		}
		r.op = uint8(op)
		if hasSub {
			if subStr == "other" {
				r.other = true
			} else {
				for _, s := range strings.Split(subStr, ",") {
					v, err := strconv.ParseUint(s, 0, 8)
					if err != nil {
						return nil, fmt.Errorf("line %d: sub-opcode %q", i+1, s)
					}
					r.subs = append(r.subs, uint8(v))
				}
			}
		}
		r.mnemonic, r.fields, r.notes, r.text = cols[1], cols[2], cols[3], cols[4]
		if r.flow, err = parseFlowKind(cols[5]); err != nil {
			return nil, fmt.Errorf("line %d (%s): %v", i+1, cols[0], err)
		}
		r.rejected = strings.Contains(r.notes, "REJECTED") || strings.HasPrefix(r.notes, "INVALID")
		r.undet = strings.HasPrefix(r.notes, "UNDETERMINED")
		r.legacy = strings.HasPrefix(r.notes, "LEGACY ver<3.7 only:")
		toks, err := parseFields(r.fields)
		if err == nil {
			err = checkNames(toks)
		}
		if err == nil {
			r.tmpl, err = parseTemplate(r.text, toks)
			r.rest = slices.ContainsFunc(r.tmpl, func(p tmplPart) bool { return p.special == "rest" })
		}
		if err != nil {
			return nil, fmt.Errorf("line %d (%s): %v", i+1, cols[0], err)
		}
		r.toks = toks
		rows = append(rows, r)
	}
	return rows, nil
}

// checkNames refuses a count or condition that names no earlier field (it
// would read a slot nobody wrote), and a name given to two fields of one
// alternative.
func checkNames(toks []token) error {
	seen := map[string]bool{}
	var walk func(ts []token, seen map[string]bool) error
	walk = func(ts []token, seen map[string]bool) error {
		for _, t := range ts {
			if t.count != "" {
				if _, err := strconv.Atoi(t.count); err != nil && !seen[t.count] {
					return fmt.Errorf("count %q names no earlier field", t.count)
				}
			}
			if c := t.cond; c != "" && !strings.HasPrefix(c, "ver") && !strings.HasPrefix(c, "major") {
				name, _, _ := strings.Cut(c, ".b")
				name, _, _ = strings.Cut(name, "==")
				if !seen[name] {
					return fmt.Errorf("condition %q names no earlier field", c)
				}
				if !strings.Contains(c, ".b") && !strings.Contains(c, "==") {
					return fmt.Errorf("condition %q: want NAME.bN, NAME==V, ver<op>M.m or major<op>N", c)
				}
			}
			if t.kind == "group" {
				// Alternatives may reuse names; each sees the names before it.
				inner := map[string]bool{}
				for k := range seen {
					inner[k] = true
				}
				if err := walk(t.group, inner); err != nil {
					return err
				}
				for k := range inner {
					seen[k] = true
				}
				continue
			}
			if t.name != "" {
				seen[t.name] = true
			}
		}
		return nil
	}
	return walk(toks, seen)
}

// parseFields splits a field sequence into tokens, with [..?cond] and
// {..?cond} groups.
func parseFields(s string) ([]token, error) {
	words := strings.Fields(s)
	var out []token
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w[0] == '[' || w[0] == '{' {
			closer := byte(']')
			if w[0] == '{' {
				closer = '}'
			}
			var inner []string
			w = w[1:]
			for {
				end := strings.HasSuffix(w, string(closer))
				if end {
					w = strings.TrimSuffix(w, string(closer))
				}
				if w != "" {
					inner = append(inner, w)
				}
				if end {
					break
				}
				i++
				if i >= len(words) {
					return nil, fmt.Errorf("unclosed group")
				}
				w = words[i]
			}
			g := token{kind: "group"}
			if n := len(inner); n > 0 && strings.HasPrefix(inner[n-1], "?") {
				g.cond = inner[n-1][1:]
				inner = inner[:n-1]
				if strings.HasPrefix(g.cond, "ver") || strings.HasPrefix(g.cond, "major") {
					// a version condition: resolved per version
				} else if name, bit, ok := strings.Cut(g.cond, ".b"); ok {
					v, _ := strconv.Atoi(bit)
					g.cname, g.cval, g.cbit = name, uint32(v), true
				} else if name, val, ok := strings.Cut(g.cond, "=="); ok {
					v, _ := strconv.ParseUint(val, 0, 32)
					g.cname, g.cval = name, uint32(v)
				}
			}
			toks, err := parseFields(strings.Join(inner, " "))
			if err != nil {
				return nil, err
			}
			g.group = toks
			out = append(out, g)
			continue
		}
		t := token{}
		if c, rest, ok := strings.Cut(w, "*"); ok {
			t.count, w = c, rest
			t.n = -1
			if n, err := strconv.Atoi(c); err == nil {
				t.n = n
			}
		}
		t.kind, t.name, _ = strings.Cut(w, ":")
		k, ok := tokKinds[t.kind]
		if !ok {
			return nil, fmt.Errorf("unknown field token %q", w)
		}
		t.k, t.str = k, strings.HasSuffix(t.name, "string_index")
		out = append(out, t)
	}
	return out, nil
}

// FlowKind is what data flow needs to know of an opcode beyond its
// operands: the table's "flow" column.
type FlowKind uint8

// The flow column's values.
const (
	FlowNone   FlowKind = iota // ""
	FlowLabel                  // "label": defines its label operand (label, subroutine)
	FlowJump                   // "jump": may go to its label operand; unless predicated, never to the next instruction (jmp, goto)
	FlowSwitch                 // "switch": goes to one of its label operands, never to the next instruction (switchjmp)
	FlowReturn                 // "return": unless predicated, control does not continue (ret, fret)
	FlowCall                   // "call": the callee's reads and writes are not modelled (call, fcall)
	FlowICall                  // "icall": a call whose callee is not known (ifcall)
	FlowLoad                   // "load": a message that reads memory into its data or msg raw operand (gathers, loads)
)

var flowKinds = [...]string{"", "label", "jump", "switch", "return", "call", "icall", "load"}

// String returns the flow column's word.
func (k FlowKind) String() string {
	if int(k) < len(flowKinds) {
		return flowKinds[k]
	}
	return "?"
}

func parseFlowKind(s string) (FlowKind, error) {
	for k, w := range flowKinds {
		if w == s {
			return FlowKind(k), nil
		}
	}
	return 0, fmt.Errorf("flow %q: not one of %q", s, flowKinds[1:])
}

// Flow returns the opcode table's flow column for the instruction's row.
// An instruction without operands (a line of vISA text the decoder does
// not parse) has its opcode's, unless the opcode is dispatched on a sub-op.
func (in *Instruction) Flow() FlowKind {
	if in.row != nil {
		return in.row.flow
	}
	t := tableFor(in.ver.BestEffort())
	if p := t.progs[in.Op]; p != nil && p.row != nil && t.subs[in.Op] == nil {
		return p.row.flow
	}
	return FlowNone
}
