// Package native reads the Gen assembly (".asm") that IGC's vISA finalizer
// writes beside each kernel of a shader dump, and decodes the descriptors
// of its send instructions.
//
// An .asm is IGA's disassembly of the native code with IGC's comments
// around it: a header of statistics (//.kernel, //.platform,
// //.thread_config, //.instCount, //.RA type, //.GRF count, //.spill size),
// one //.declare line per vISA variable saying which register it got, a
// table of inputs, then basic blocks ("// B003: Preds:{..}, Succs:{..}"),
// labels, source positions ("// File:", "// Line N") and one line per
// native instruction. Every instruction line ends in a comment whose last
// part names the vISA instruction it came from ("$N"), with "&L" (lexical
// id) and ":%O" (binary offset) when the finalizer was asked for them.
// After the code, a footer of statistics ("//.BankConflicts: 0").
//
// Parse never panics and never guesses: a line it cannot read is kept
// with its text and reported as a located *decoder.TextError; the rest of
// the file is still read. Its work and memory are linear in the input.
package native

import (
	"strconv"
	"strings"

	"infoscope/decoder"
)

// MaxErrors is how many located errors a file keeps; past it the count
// goes on (File.MoreErrors) but no more are stored, so a hostile file of
// a million bad lines costs a counter, not a million messages.
const MaxErrors = 100

// File is one .asm file as read.
type File struct {
	Name      string // as given to Parse
	Kernel    string // //.kernel
	Platform  string // //.platform (e.g. "DG2", "XE2", "GEN9")
	NumGRF    int    // //.thread_config numGRF=, 0 when absent
	NumAcc    int    // //.thread_config numAcc=
	NumSWSB   int    // //.thread_config numSWSB=, 0 before Gen12
	InstCount int    // //.instCount, -1 when absent
	RA        string // //.RA type (e.g. "TRIVIAL_RA", "GRAPH_COLORING_RR_RA")
	// GRFUsed is //.GRF count, SpillBytes //.spill size and SpillRefs
	// //.spill GRF est. ref count: 0 when absent (IGC writes them only
	// when non-zero).
	GRFUsed, SpillBytes, SpillRefs int
	Options                        string // //.options_string, unquoted
	FullOptions                    string // //.full_options, unquoted

	// Stats holds every "//.key value" and "//.key: value" line of the
	// header and the footer in file order (the ones above included), so
	// that a statistic this reader does not name is still shown.
	Stats    []Stat
	Declares []Declare
	Inputs   []Input
	Blocks   []Block
	Labels   []Label
	Insts    []Inst
	Lines    int // lines in the file
	// Notes are the messages IGC writes into the file when IGA could not
	// decode its binary back ("vISA asm emission: failed to re-decode
	// binary for asm output", then IGA's "ERROR: PC[0x1188] ..."): the
	// listing that follows may be partial.
	Notes []Stat

	Errors     []error // located *decoder.TextError, at most MaxErrors
	MoreErrors int     // errors found past MaxErrors
}

// Stat is one "//.key value" line.
type Stat struct {
	Key, Value string
	Line       int
}

// Declare is one //.declare line: a vISA or finalizer variable and the
// register the allocator gave it.
type Declare struct {
	Name  string // may be empty (IGC's unnamed temporaries)
	ID    int    // the number in parentheses
	RF    string // rf=: "r" (GRF), "a" (address), "f" (flag), ...
	Size  int    // size= in bytes
	Type  string // type=
	Align string // align=, with its unit ("16 words")
	Alias string // alias=, "NAME+OFF" (NAME may be empty)
	// Reg is the assigned register as written ("r4.4", "a0.0", "f0.1"),
	// empty when the variable got none (unused, spilled or folded).
	Reg   string
	Flags []string // the words after the register: "IsBuiltin", "Output", ...
	Line  int
}

// Input is one row of the ".inputs" table: where a kernel argument is
// loaded.
type Input struct {
	ID, Type, Bytes, At, From string
	Line                      int
}

// Block is a basic block header, "// B003: [inDivergent], Preds:{B002}, Succs:{B004, B006}".
type Block struct {
	Name  string   // "B003"
	Attrs []string // bracketed attributes, e.g. "inDivergent"
	Preds []string
	Succs []string
	Line  int
	First int // index in Insts of the block's first instruction
	End   int // index in Insts past its last instruction
}

// Label is a label line ("_0_008:"), or one IGC printed as a comment
// ("// _main:") because IGA placed no label at that address.
type Label struct {
	Name      string
	Line      int
	Commented bool
	Inst      int // index in Insts of the instruction that follows
}

// NoID marks an absent $N, &L or :%O.
const NoID = -1

// Inst is one native instruction line.
type Inst struct {
	Line  int    // 1-based line in the file
	Text  string // the instruction as IGA printed it, without comments or trailing blanks
	Block int    // index in Blocks, -1 before the first block header

	Pred    Pred
	Op      string // mnemonic with its subfunctions: "send.smpl", "math.inv", "load.ugm.d32.a64"
	Exec    int    // execution size, 0 when the line has none (jmpi, nop, sync)
	Chan    int    // first channel, the k of (N|Mk)
	Cond    string // condition modifier, e.g. "lt" in "(lt)f1.0"
	CondF   string // its flag register, "f1.0"
	Sat     bool   // (sat) on the destination
	Ops     []Operand
	SWSB    []string // the {...} items in order: "A@1", "$4", "$0.src", "Compacted", "EOT", ...
	Comment string   // the comments after the instruction, without the id part

	VISA    int // $N: index of the vISA instruction it came from, NoID when untagged
	Lexical int // &L, NoID when absent
	Offset  int // :%O, NoID when absent

	SrcFile string // from the last "// File:" before it
	SrcLine int    // from the last "// Line N" before it, 0 when none

	// Unformatted marks the line IGC writes when IGA could not format
	// the instruction ("<<error formatting instruction at PC 0x798>>",
	// its "// $N" on the next line): Op and Ops are empty, Text is that line.
	Unformatted bool
}

// Pred is an instruction's predication: "(W)", "(f0.0)", "(W&~f1.0.any8h)".
type Pred struct {
	NoMask bool   // W: write enable ignores the dispatch mask
	Flag   string // "f0.0", empty when unpredicated
	Invert bool   // ~
	Ctrl   string // "any8h", "all16h", ... empty for the plain form
}

// Kind classifies an operand.
type Kind uint8

// Operand kinds.
const (
	KReg      Kind = iota // a register region: r4.0<1;1,0>:ud, a0.0, null<1>:ud, acc0.0
	KIndirect             // r[a0.0,16]<1,0>:ud
	KImm                  // 0x26CB000:ud, 1.5:f, 7
	KPayload              // a send payload register: r18, r83:1, null:0, r18:ud
	KAddress              // an LSC address: bti[255][r255:1+0x80], [r13:4], flat[r1:2]
	KLabel                // a branch target
	KSync                 // a sync.allwr list: ($1,$2)
)

// Operand is one operand of an instruction.
type Operand struct {
	Text   string
	Kind   Kind
	Mod    string // source modifier: "-", "~", "(abs)", "-(abs)"
	File   string // register file: "r", "a", "acc", "f", "null", "sr", "cr", "ce", "n", "tm", "s", ...
	Reg    int    // register number (0 for null)
	Sub    int    // subregister, -1 when not written
	Len    int    // payload length after ":" (r83:1), -1 when not written
	Region string // "<0;1,0>", "<1>", "" when none
	Type   string // after the last ":", e.g. "ud", "" when none
	// Imm is an integer immediate's value (two's complement for negative
	// decimals); ImmOK says it parsed as an integer (a float prints as
	// such and keeps only Text).
	Imm   uint64
	ImmOK bool
}

// Parse reads one .asm file. It never returns nil.
func Parse(name string, data []byte) *File {
	p := parser{f: &File{Name: name, InstCount: -1}, block: -1}
	p.run(data)
	return p.f
}

type parser struct {
	f         *File
	block     int
	srcFile   string
	srcLine   int
	inInputs  bool
	bankStats bool
	slab      []Operand // where instructions' operands are carved from
	tagNext   bool      // the last instruction was unformatted: its "// $N" is the next line
}

func (p *parser) errorf(line, col int, expected, found string) {
	if len(p.f.Errors) >= MaxErrors {
		p.f.MoreErrors++
		return
	}
	p.f.Errors = append(p.f.Errors, &decoder.TextError{File: p.f.Name, Line: line, Col: col, Expected: expected, Found: quote(found)})
}

// quote cuts text from the input to a printable excerpt for a message.
func quote(s string) string {
	const max = 40
	if len(s) > max {
		s = s[:max] + "…"
	}
	return strconv.Quote(s)
}

func (p *parser) run(data []byte) {
	// One copy of the input: every string the File keeps (instruction
	// text, names, comments) is a slice of it, not a copy per line.
	text := string(data)
	// Room for every line that may be an instruction, so that the slice
	// is not copied as it grows: a bound from the input, not a guess.
	maybe := 0
	for line := range strings.Lines(text) {
		if t := strings.TrimLeft(line, " \t\n"); t != "" && !strings.HasPrefix(t, "//") {
			maybe++
		}
	}
	p.f.Insts = make([]Inst, 0, maybe)
	n := 0
	for line := range strings.Lines(text) {
		n++
		p.line(n, strings.TrimRight(line, " \t\r\n"))
	}
	p.f.Lines = n
	p.finishBlock()
}

func (p *parser) finishBlock() {
	if p.block >= 0 {
		p.f.Blocks[p.block].End = len(p.f.Insts)
	}
}

func (p *parser) line(n int, s string) {
	t := strings.TrimLeft(s, " \t")
	if p.tagNext {
		// The rest of an unformatted instruction's line: " // [$N]" (the
		// leading blank tells it from a block header or label comment).
		p.tagNext = false
		if strings.HasPrefix(s, " //") && len(p.f.Insts) > 0 {
			in := &p.f.Insts[len(p.f.Insts)-1]
			in.Comment, in.VISA, in.Lexical, in.Offset = splitTag(t[2:])
			return
		}
	}
	switch {
	case t == "":
		p.inInputs = false
		return
	case strings.HasPrefix(t, "//"):
		p.comment(n, s, strings.TrimPrefix(t, "//"))
		return
	}
	p.inInputs = false
	if strings.HasPrefix(t, "vISA asm emission: ") || strings.HasPrefix(t, "ERROR: ") {
		p.f.Notes = append(p.f.Notes, Stat{Key: "note", Value: t, Line: n})
		return
	}
	// A label line: "NAME:" alone.
	if strings.HasSuffix(t, ":") && isIdent(t[:len(t)-1]) {
		p.f.Labels = append(p.f.Labels, Label{Name: t[:len(t)-1], Line: n, Inst: len(p.f.Insts)})
		return
	}
	p.inst(n, s)
}

// comment handles a line starting with "//" (body holds what follows).
func (p *parser) comment(n int, full, body string) {
	switch {
	case strings.HasPrefix(body, ".declare "):
		p.declare(n, body[len(".declare "):])
		return
	case strings.HasPrefix(body, "."):
		p.stat(n, body[1:])
		return
	}
	t := strings.TrimSpace(body)
	switch {
	case t == ".inputs":
		p.inInputs = true
	case p.inInputs && strings.HasPrefix(t, "|"):
		p.input(n, t)
	case p.inInputs && strings.HasPrefix(t, "+"):
	case isBlockHeader(t):
		p.blockHeader(n, t)
	case strings.HasPrefix(t, "File: "):
		p.srcFile = strings.TrimPrefix(t, "File: ")
	case strings.HasPrefix(t, "Line "):
		num := t[len("Line "):]
		if i := strings.IndexByte(num, ':'); i >= 0 {
			num = num[:i]
		}
		v, err := strconv.Atoi(num)
		if err != nil || v < 0 {
			p.errorf(n, strings.Index(full, "Line ")+6, "a source line number after \"// Line\"", num)
			return
		}
		p.srcLine = v
	case t == "Bank Conflict Statistics:":
		p.bankStats = true
	case p.bankStats && strings.HasPrefix(t, "--"):
		// "-- GOOD: 0" under "// Bank Conflict Statistics:" (before Xe).
		k, v, _ := strings.Cut(strings.TrimSpace(t[2:]), ":")
		p.f.Stats = append(p.f.Stats, Stat{Key: "Bank Conflict " + strings.TrimSpace(k), Value: strings.TrimSpace(v), Line: n})
	case strings.HasSuffix(t, ":") && isIdent(t[:len(t)-1]) && len(p.f.Blocks) > 0:
		p.f.Labels = append(p.f.Labels, Label{Name: t[:len(t)-1], Line: n, Commented: true, Inst: len(p.f.Insts)})
	}
	// Any other comment ("// ERROR: ...", free text) is not IGC structure.
}

func isBlockHeader(t string) bool {
	if len(t) < 5 || t[0] != 'B' {
		return false
	}
	i := 1
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i > 1 && i < len(t) && t[i] == ':'
}

// blockHeader reads "B003: [inDivergent],  Preds:{B002},  Succs:{B004, B006}".
func (p *parser) blockHeader(n int, t string) {
	i := strings.IndexByte(t, ':')
	b := Block{Name: t[:i], Line: n, First: len(p.f.Insts), End: len(p.f.Insts)}
	rest := strings.TrimSpace(t[i+1:])
	for strings.HasPrefix(rest, "[") {
		j := strings.IndexByte(rest, ']')
		if j < 0 {
			p.errorf(n, 1, "a ']' closing the block attribute", rest)
			return
		}
		b.Attrs = append(b.Attrs, rest[1:j])
		rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest[j+1:]), ","))
	}
	var ok bool
	if b.Preds, rest, ok = blockList(rest, "Preds:{"); !ok {
		p.errorf(n, 1, "\"Preds:{...}\" in the block header", rest)
		return
	}
	rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), ","))
	if b.Succs, rest, ok = blockList(rest, "Succs:{"); !ok {
		p.errorf(n, 1, "\"Succs:{...}\" in the block header", rest)
		return
	}
	_ = rest // IGC may add more after the lists in other versions; ignored text is not structure
	p.finishBlock()
	p.f.Blocks = append(p.f.Blocks, b)
	p.block = len(p.f.Blocks) - 1
}

func blockList(s, prefix string) (names []string, rest string, ok bool) {
	if !strings.HasPrefix(s, prefix) {
		return nil, s, false
	}
	s = s[len(prefix):]
	j := strings.IndexByte(s, '}')
	if j < 0 {
		return nil, s, false
	}
	for _, f := range strings.Split(s[:j], ",") {
		if f = strings.TrimSpace(f); f != "" {
			names = append(names, f)
		}
	}
	return names, s[j+1:], true
}

// stat reads a header or footer line "//.key value" or "//.key: value".
func (p *parser) stat(n int, body string) {
	key, val := body, ""
	if i := strings.IndexAny(body, " \t:"); i >= 0 {
		key, val = body[:i], body[i:]
		if val[0] == ':' {
			val = val[1:]
		}
		val = strings.TrimSpace(val)
	}
	// Two header keys hold a blank: "RA type" and the "spill ..." and
	// "GRF count", "private memory size" lines.
	switch key {
	case "RA", "GRF", "spill", "private":
		key, val = body, ""
		if i := strings.IndexAny(body, "\t"); i >= 0 {
			key, val = body[:i], strings.TrimSpace(body[i+1:])
		} else if i := strings.LastIndexByte(body, ' '); i >= 0 {
			key, val = body[:i], body[i+1:]
		}
	}
	// Shown beside the vISA text's names (the kernel, the platform, the
	// allocator), so read as they are shown: an escape sequence in a
	// header line reaches no terminal.
	key, val = decoder.Display(key), decoder.Display(val)
	p.f.Stats = append(p.f.Stats, Stat{Key: key, Value: val, Line: n})
	num := func() int {
		v, err := strconv.Atoi(val)
		if err != nil || v < 0 {
			p.errorf(n, 3+len(key), "a count after //."+key, val)
			return 0
		}
		return v
	}
	switch key {
	case "kernel":
		p.f.Kernel = val
	case "platform":
		p.f.Platform = val
	case "thread_config":
		for _, kv := range strings.Split(val, ",") {
			k, v, _ := strings.Cut(strings.TrimSpace(kv), "=")
			x, err := strconv.Atoi(v)
			if err != nil || x < 0 {
				p.errorf(n, 3+len(key), "name=count pairs after //.thread_config", kv)
				continue
			}
			switch k {
			case "numGRF":
				p.f.NumGRF = x
			case "numAcc":
				p.f.NumAcc = x
			case "numSWSB":
				p.f.NumSWSB = x
			}
		}
	case "instCount":
		p.f.InstCount = num()
	case "RA type":
		p.f.RA = val
	case "GRF count":
		p.f.GRFUsed = num()
	case "spill size":
		p.f.SpillBytes = num()
	case "spill GRF est. ref count", "spill GRF ref count":
		p.f.SpillRefs = num()
	case "options_string":
		p.f.Options = unquote(val)
	case "full_options":
		p.f.FullOptions = unquote(val)
	}
}

func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}

// declare reads what follows "//.declare ":
// "NAME (ID)  rf=r size=32 type=ud alias=X+0 align=16 words (r0.0) IsBuiltin".
func (p *parser) declare(n int, s string) {
	open := -1 // "(ID)" first: an unnamed temporary
	if !strings.HasPrefix(s, "(") {
		if open = strings.Index(s, " ("); open < 0 {
			p.errorf(n, 11, "\"NAME (ID)\" after //.declare", s)
			return
		}
	}
	d := Declare{Line: n, Name: strings.TrimSpace(s[:max(open, 0)])}
	rest := strings.TrimLeft(s[open+1:], " ")
	cl := strings.IndexByte(rest, ')')
	if !strings.HasPrefix(rest, "(") || cl < 0 {
		p.errorf(n, 11, "\"(ID)\" after the declared name", rest)
		return
	}
	id, err := strconv.Atoi(rest[1:cl])
	if err != nil || id < 0 {
		p.errorf(n, 11, "a declare id", rest[1:cl])
		return
	}
	d.ID = id
	fields := strings.Fields(rest[cl+1:])
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		k, v, isKV := strings.Cut(f, "=")
		switch {
		case isKV && k == "rf":
			d.RF = v
		case isKV && k == "size":
			x, err := strconv.Atoi(v)
			if err != nil || x < 0 {
				p.errorf(n, 11, "a byte count after size=", v)
				return
			}
			d.Size = x
		case isKV && k == "type":
			d.Type = v
		case isKV && k == "alias":
			d.Alias = v
		case isKV && k == "align":
			d.Align = v
			if i+1 < len(fields) && (fields[i+1] == "words" || fields[i+1] == "bytes") {
				d.Align += " " + fields[i+1]
				i++
			}
		case isKV:
			d.Flags = append(d.Flags, f)
		case len(f) > 2 && f[0] == '(' && f[len(f)-1] == ')' && d.Reg == "" && isRegName(f[1:len(f)-1]):
			d.Reg = f[1 : len(f)-1]
		default:
			d.Flags = append(d.Flags, f)
		}
	}
	p.f.Declares = append(p.f.Declares, d)
}

// isRegName reports whether s reads as a register with a subregister,
// "r4.4", "a0.0", "f0.1", "s0.7".
func isRegName(s string) bool {
	i := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	if i == 0 {
		return false
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i || j == len(s) || s[j] != '.' {
		return false
	}
	k := j + 1
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	return k > j+1 && k == len(s)
}

// input reads a row of the .inputs table: "| V0039 | :w x 32 | 0x40 | r1 | pti[tid]+0x0 |".
func (p *parser) input(n int, t string) {
	cells := strings.Split(strings.Trim(t, "|"), "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	if len(cells) >= 1 && cells[0] == "id" {
		return // the table's heading
	}
	if len(cells) < 4 {
		p.errorf(n, 1, "an .inputs row \"| id | type | bytes | at | from |\"", t)
		return
	}
	in := Input{ID: cells[0], Type: cells[1], Bytes: cells[2], At: cells[3], Line: n}
	if len(cells) > 4 {
		in.From = cells[4]
	}
	p.f.Inputs = append(p.f.Inputs, in)
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c == '$' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}
