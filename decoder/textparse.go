package decoder

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Parsing an instruction's text back into an Instruction: the inverse of
// the text templates (insttext.go). The template of the row the mnemonic
// names is walked over the text: literals must match, operands are read in
// their kind's form, sub-fields printed through a formatter are found by
// formatting candidate values; the operands then take their encoding order
// (the row's fields), and the instruction must print back to the very same
// text, or the parse is refused. A refused line stays text: nothing is
// guessed.

// TextStrings is implemented by TextNames that also know the body's
// string pool (fcall and faddr function names, FILE names).
type TextStrings interface {
	// StringIndex returns the index of s in the body's string pool.
	StringIndex(s string) (uint32, bool)
}

// TextNames resolves the names an instruction's text uses.
type TextNames interface {
	// VarID returns the id of a general variable printed as name.
	VarID(name string) (uint32, bool)
	// LabelIndex returns the label-table index of a label printed as name.
	LabelIndex(name string) (uint16, bool)
}

// TextCanon is a TextNames that also rewrites a line of a person's vISA
// source into the form IGC prints: the names of addresses, predicates,
// samplers and surfaces by id, immediates without leading zeros,
// subroutine labels with their id. A line read that way prints as IGC
// prints it (parseLine).
type TextCanon interface {
	TextNames
	// CanonicalAt returns the text on line (1-based) with the body's
	// names as IGC prints them; a name declared more than once (in { }
	// scopes) means the declaration visible there.
	CanonicalAt(text string, line int32) string
}

// parseLine parses a line of a body read from text (without its
// indentation and "/// $N" comment), for version v, resolving names with
// names. On success the instruction prints back to exactly text
// (AppendText); on failure in holds no operands and the error says where
// the text and the opcode table part. When names knows the body's
// declarations (TextCanon), the line is first put in IGC's canonical
// form: a declared name wins over the id form it looks like (a predicate
// declared as P16 may be P2), as in IGC's assembler; then, if the exact
// parse fails, a run of blanks matches a run of any length, as in a line
// a person wrote. Names whose meaning depends on the line (TextScopes)
// are resolved on line (1-based).
func (in *Instruction) parseLine(text string, v Version, names TextNames, line int32) error {
	_, err := parseCanonical(text, v, names, line, in.parseText)
	return err
}

// parseCanonical is parseLine's way with a line, parsing with parse
// (every opcode row, or INFO's alone): the canonical form when names is a
// TextCanon, exact and then loose. It returns the text parse was given,
// for columns in it.
func parseCanonical(text string, v Version, names TextNames, line int32, parse func(text string, v Version, names TextNames, line int32, loose bool) error) (string, error) {
	c, ok := names.(TextCanon)
	if !ok {
		return text, parse(text, v, names, line, false)
	}
	canon := sourceForms(c.CanonicalAt(text, line))
	if parse(canon, v, names, line, false) == nil {
		return canon, nil
	}
	err := parse(canon, v, names, line, true)
	if err == nil {
		return canon, nil
	}
	// An execution size without its mask: IGC's assembler reads "(8)" as
	// "(M1, 8)" (igc-1.0.12504.6 visa/CISA.y, ExecSize). Tried only after
	// the line as written: "(2)" is also oword_ld's size.
	if m1 := bareExec(canon); m1 != canon && parse(m1, v, names, line, true) == nil {
		return m1, nil
	}
	return canon, err
}

// bareExec returns s with its first parenthesised number after the
// mnemonic, "(N)" for an execution size N, written "(M1, N)"; s when it
// has none.
func bareExec(s string) string {
	lo, hi, ok := execParens(s)
	if !ok {
		return s
	}
	switch n := s[lo:hi]; n {
	case "1", "2", "4", "8", "16", "32":
		return s[:lo] + "M1, " + n + s[hi:]
	}
	return s
}

// execParens finds the first parenthesised group after the mnemonic, where
// a line's execution size stands: s[lo:hi] is what is between " (" and ")".
func execParens(s string) (lo, hi int, ok bool) {
	i := strings.Index(s, " (")
	if i < 0 {
		return 0, 0, false
	}
	j := strings.IndexByte(s[i:], ')')
	if j < 0 {
		return 0, 0, false
	}
	return i + 2, i + j, true
}

// sourceForms rewrites what IGC's assembler accepts but its printer never
// writes in the execution size: "NoMask" for the mask M1_NM, and blanks
// inside the parentheses ("( M1 , 8 )").
func sourceForms(s string) string {
	lo, hi, ok := execParens(s)
	if !ok {
		return s
	}
	in := s[lo:hi]
	m, n, ok := strings.Cut(in, ",")
	if !ok {
		return s
	}
	m, n = strings.Trim(m, " "), strings.Trim(n, " ") // blanks only: a tab or CR is not what the printer writes
	if m == "NoMask" {
		m = "M1_NM"
	}
	if len(m) < 2 || m[0] != 'M' || m[1] < '1' || m[1] > '8' {
		return s // not an execution size: "media_ld.nomod (8,16)"
	}
	if out := m + ", " + n; out != in && !strings.ContainsAny(m+n, " ,(") {
		return s[:lo] + out + s[hi:]
	}
	return s
}

// TextScopes is implemented by TextNames of text whose declarations have
// scopes ({ } blocks, as in IGC's .inline.visaasm), or that declare a name
// more than once. An operand whose name is ambiguous on its line is parsed
// with the id of the first declaration and marked Ambiguous.
type TextScopes interface {
	// VarIDAt returns the id of the general variable name means on line:
	// the innermost declaration visible there. ambiguous is true when
	// more than one declaration is equally visible (a name IGC's printer
	// lists many times in the header): id is then the first of them, and
	// which one the instruction means is not known from the text.
	VarIDAt(name string, line int32) (id uint32, ambiguous, ok bool)
}

func (in *Instruction) parseText(text string, v Version, names TextNames, line int32, loose bool) error {
	if strings.HasPrefix(textKey(text), "lsc_") {
		if err := in.parseLSC(text, v, names, line, loose); err != nil {
			in.reset()
			return err
		}
		return nil
	}
	t := tableFor(v.BestEffort())
	cands := textCandidates(t, text)
	if len(cands) == 0 {
		in.reset()
		return fmt.Errorf("no opcode row prints as %q", textKey(text))
	}
	// The row that read furthest names the real problem: the first row
	// tried is often another form of the opcode, parting at an operand
	// the line never meant to give it.
	var best error
	furthest := 0
	for _, p := range cands {
		col, err := in.parseRow(p, t, v, text, names, line, loose)
		if err == nil {
			return nil
		}
		if col > furthest {
			best, furthest = err, col
		}
	}
	in.reset()
	return best
}

// HasOperands reports whether in holds its opcode row's operands: decoded
// from bytes, or parsed from a line of vISA text; false for a line kept
// as text (only its mnemonic is known).
func (in *Instruction) HasOperands() bool { return in.row != nil }

// textKey is the mnemonic a line starts with, after any predicate.
func textKey(s string) string {
	if strings.HasPrefix(s, "(") {
		if i := strings.IndexByte(s, ')'); i >= 0 {
			s = strings.TrimLeft(s[i+1:], " ")
		}
	}
	i := 0
	for i < len(s) && (s[i] == '_' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9') {
		i++
	}
	if i == len(s)-1 && s[i] == ':' {
		return ":"
	}
	return s[:i]
}

// textCandidates returns the rows whose template can print text, by the
// mnemonic it starts with.
func textCandidates(t *opTable, text string) []*program {
	idx := t.textIndex()
	// "fence_global" is fence's "fence" and its formatted mask: try the
	// key, then its prefixes at each '_'.
	k := textKey(text)
	for {
		if c := idx[k]; len(c) > 0 {
			return c
		}
		i := strings.LastIndexByte(k, '_')
		if i <= 0 {
			return nil
		}
		k = k[:i]
	}
}

func buildTextIndex(t *opTable) map[string][]*program {
	idx := map[string][]*program{}
	add := func(k string, p *program) {
		if !slices.ContainsFunc(idx[k], func(q *program) bool { return q.row == p.row }) {
			idx[k] = append(idx[k], p)
		}
	}
	visit := func(p *program) {
		// An undetermined row (no object's length is known) is read from
		// text when it has a template: IGC prints those instructions; so
		// is bdpas, which IGC's reader rejects (the only rejected row with
		// a template).
		if p == nil || p.gone || len(p.row.tmpl) == 0 {
			return
		}
		parts := p.row.tmpl
		if parts[0].special == "pred" {
			parts = parts[1:]
		}
		if len(parts) == 0 {
			return
		}
		switch q := parts[0]; {
		case q.lit != "":
			k := textKey(q.lit)
			if k != "" {
				add(k, p)
			}
			// raw_sendc, raw_sendsc, raw_sends_eot: the mnemonic goes on
			// in a formatted modifier.
			if len(parts) > 1 && parts[1].f != nil {
				for _, s := range parts[1].f.texts {
					add(textKey(q.lit+s), p)
				}
			}
		case q.f != nil:
			for _, s := range q.f.texts {
				add(textKey(s), p)
			}
		}
	}
	for op := range 256 {
		if s := t.subs[op]; s != nil {
			for _, p := range s {
				visit(p)
			}
			continue
		}
		visit(t.progs[op])
	}
	return idx
}

// fieldInfo is what parsing needs to know of a named field of a row.
type fieldInfo struct {
	kind  string
	size  int
	count string // the field counting it, when it repeats
	// cond is the group whose condition on an earlier field decides
	// whether the field is there (INFO's lod: [R:lod ?subop==0x0A]).
	cond *token
}

// rowFields maps each field name of toks to its kind (the first
// alternative whose version condition holds); cond is the group toks
// are the fields of, nil at the top.
func rowFields(t *opTable, toks []token, m map[string]fieldInfo, cond *token) {
	for i := range toks {
		tk := toks[i]
		if tk.kind == "group" {
			if c := tk.cond; c == "" || !(strings.HasPrefix(c, "ver") || strings.HasPrefix(c, "major")) || t.versionCond(c) {
				in := cond
				if tk.cname != "" {
					in = &toks[i]
				}
				rowFields(t, tk.group, m, in)
			}
			continue
		}
		if tk.kind == "E" || tk.kind == "P" {
			continue
		}
		if _, ok := m[tk.name]; !ok { // "" is the unnamed field (n*R)
			fi := fieldInfo{kind: tk.kind, size: t.fixedSize(tk.kind), cond: cond}
			if tk.n < 0 {
				fi.count = tk.count
			}
			m[tk.name] = fi
		}
	}
}

type parsedOp struct {
	name string
	o    Operand
	used bool
}

// parseScratch is the text parser's working memory, kept by an
// Instruction between lines.
type parseScratch struct {
	p       textParser // called through the formatters' function values, a parser on the stack escaped
	ops     [MaxOperands]parsedOp
	printed [MaxOperands]string
}

type textParser struct {
	in    *Instruction
	t     *opTable
	s     string
	pos   int
	names TextNames
	ops   []parsedOp
	exec  bool
	sat   bool
	buf   []byte
	rc    *rowCache
	loose bool // a person's source: runs of blanks of any length
	line  int32
}

// varID resolves a general variable's name on line (1-based; 0 for none);
// see TextScopes.
func varID(names TextNames, name string, line int32) (id uint32, ambiguous, ok bool) {
	if sc, isScoped := names.(TextScopes); isScoped {
		return sc.VarIDAt(name, line)
	}
	id, ok = names.VarID(name)
	return id, false, ok
}

// rowCache is what parsing a row's text needs again and again: its fields,
// and each formatter's text of every value of a one-byte field (or the
// sampler operation word), so that finding a value compares strings
// rather than formatting 256 candidates.
type rowCache struct {
	fields map[string]fieldInfo
	mu     sync.Mutex
	texts  map[*formatter]*valueIndex
}

// valueIndex is a formatter's text of every value, indexed by text: the
// values printing as each text (in increasing order), and the texts'
// lengths, longest first.
type valueIndex struct {
	byText map[string][]uint32
	lens   []int
}

// rowCacheFor returns row's cache in table t, built on first use.
func rowCacheFor(t *opTable, row *tableRow) *rowCache {
	t.rowMu.Lock()
	defer t.rowMu.Unlock()
	if c, ok := t.rowCaches[row]; ok {
		return c
	}
	c := &rowCache{fields: map[string]fieldInfo{}, texts: map[*formatter]*valueIndex{}}
	rowFields(t, row.toks, c.fields, nil)
	t.rowCaches[row] = c
	return c
}

// valueTexts returns f's text of every value below limit, as the
// instruction in prints it (formatters that read other fields are not
// cached: they are not called here), indexed by text: a field is then
// read by looking its text up at each length, not by trying every value
// (2,048 of them for sampler3d, a third of the time of reading such a
// line).
func (c *rowCache) valueTexts(in *Instruction, f *formatter, size uint8, limit uint32) *valueIndex {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t, ok := c.texts[f]; ok {
		return t
	}
	t := &valueIndex{byText: map[string][]uint32{}}
	var tmp Param
	for v := range limit {
		tmp = Param{Value: v, Size: size}
		txt := string(f.print(in, nil, &tmp, v))
		if t.byText[txt] == nil {
			t.lens = append(t.lens, len(txt))
		}
		t.byText[txt] = append(t.byText[txt], v)
	}
	slices.Sort(t.lens)
	t.lens = slices.Compact(t.lens)
	slices.Reverse(t.lens)
	c.texts[f] = t
	return t
}

func (p *textParser) rest() string { return p.s[p.pos:] }

func (p *textParser) fail(what string) error {
	return &parseError{col: p.pos + 1, what: what, found: p.rest()}
}

// parseError is where a line and a row's template part, formatted only
// when read: most are not (a line is tried against each row its mnemonic
// may print, and a label line against the subroutine row first), and
// formatting each cost a third of reading a file of labels.
type parseError struct {
	col         int
	what, found string
}

func (e *parseError) Error() string {
	r := e.found
	if len(r) > 24 {
		r = r[:24] + "…"
	}
	return fmt.Sprintf("column %d: expected %s, found %q", e.col, e.what, r)
}

func (p *textParser) find(name string) Operand {
	for _, o := range p.ops {
		if o.name == name {
			return o.o
		}
	}
	return nil
}

func (p *textParser) add(name string, o Operand) error {
	if o == nil || len(p.ops) >= MaxOperands {
		return p.fail("fewer operands")
	}
	p.ops = append(p.ops, parsedOp{name: name, o: o})
	return nil
}

func (in *Instruction) parseRow(pr *program, t *opTable, v Version, text string, names TextNames, line int32, loose bool) (col int, err error) {
	sym := in.sym
	in.reset()
	in.sym, in.ver, in.Off, in.row, in.Mnemonic = sym, v, -1, pr.row, pr.row.mnemonic
	in.Op = pr.row.op
	if len(pr.row.subs) > 0 {
		in.Sub = uint16(pr.row.subs[0])
	}
	rc := rowCacheFor(t, pr.row)
	fields := rc.fields
	// The parser, the operands parsed and the fields printed are kept in
	// scratch the instruction reuses from line to line: on the stack they
	// escaped, allocations for every row tried on every line.
	if in.pscratch == nil {
		in.pscratch = &parseScratch{}
	}
	ps := in.pscratch
	ps.p = textParser{in: in, t: t, s: text, names: names, ops: ps.ops[:0], rc: rc, line: line, loose: loose}
	p := &ps.p
	defer func() { *p = textParser{} }() // keeps neither the line nor the body's names
	parts := pr.row.tmpl
	printed := nameSet(ps.printed[:0])
	for k, part := range parts {
		var err error
		switch {
		case part.lit != "":
			n, ok := matchLit(p.rest(), part.lit, p.loose)
			if !ok {
				err = p.fail(strconv.Quote(part.lit))
			}
			p.pos += n
		case part.special == "pred":
			err = p.pred()
		case part.special == "exec":
			err = p.execSize()
		case part.special == "sat":
			if strings.HasPrefix(p.rest(), ".sat") {
				p.sat = true
				p.pos += 4
			}
		case part.special == "lsc":
			err = fmt.Errorf("LSC instructions are not parsed")
		case part.special == "rest":
			err = p.restOps(pr.row.toks, fields, &printed, nextLit(parts[k+1:]))
		default:
			printed.add(part.name)
			err = p.field(part, fields[part.name], nextLit(parts[k+1:]))
		}
		if err != nil {
			return p.reached(err), err
		}
	}
	if p.pos != len(p.s) {
		err := p.fail("the end of the instruction")
		return p.reached(err), err
	}
	if err := p.assemble(pr.row.toks, fields); err != nil {
		return p.reached(err), err
	}
	// Rows of one opcode may print alike but for the sub-op's name: the
	// sub-op the text gave must be this row's, or the instruction would
	// carry one row's mnemonic and another's sub-op.
	if len(pr.row.subs) > 0 && !slices.Contains(pr.row.subs, uint8(in.Sub)) {
		return p.pos + 1, fmt.Errorf("sub-op %#x is not row %s's", in.Sub, pr.row.mnemonic)
	}
	in.tbuf = in.AppendText(in.tbuf[:0])
	back := in.tbuf // compared as string(back): no copy of each line (~1% of dump --json --all over a corpus)
	if pr.row.op == opSubroutine {
		// ".function "NAME"\nNAME:": the text of the line is the label.
		back = back[bytes.LastIndexByte(back, '\n')+1:]
	}
	if string(back) != text && !(loose && sameUpToBlanks(string(back), text)) {
		return p.pos + 1, fmt.Errorf("prints back as %q", in.tbuf)
	}
	return 0, nil
}

// reached returns the column (1-based) a row that failed with err read
// to: its parseError's, or where the parser stopped (past the end for a
// line read whole whose operands do not assemble or print back).
func (p *textParser) reached(err error) int {
	if pe, ok := err.(*parseError); ok {
		return pe.col
	}
	return p.pos + 1
}

// matchLit matches a template literal at the start of r and returns the
// length of text it covers. Loose, a run of blanks in the literal matches
// a run of one or more blanks in the text.
func matchLit(r, lit string, loose bool) (int, bool) {
	if !loose {
		return len(lit), strings.HasPrefix(r, lit)
	}
	if i, j := agreeUpToBlanks(lit, r); i == len(lit) {
		return j, true
	}
	return 0, false
}

// blank consumes the blank an operand is printed after. Loose, the blank
// a template literal before it took counts.
func (p *textParser) blank() bool {
	if strings.HasPrefix(p.rest(), " ") {
		p.pos++
		for p.loose && strings.HasPrefix(p.rest(), " ") {
			p.pos++
		}
		return true
	}
	return p.loose && p.pos > 0 && p.s[p.pos-1] == ' '
}

// The digits IGC prints numbers with (lower-case hexadecimal, but for
// raw_sendg).
const (
	decimal   = "0123456789"
	hexDigits = "0123456789abcdef"
	hexUpper  = "0123456789ABCDEF" // raw_sendg's SFID and descriptor
)

// span returns the length of the run of bytes of set that s starts with.
func span(s, set string) int {
	i := 0
	for i < len(s) && strings.IndexByte(set, s[i]) >= 0 {
		i++
	}
	return i
}

// sameUpToBlanks reports whether a and b differ only in the length of
// their runs of blanks.
func sameUpToBlanks(a, b string) bool {
	i, j := agreeUpToBlanks(a, b)
	return i == len(a) && j == len(b)
}

// agreeUpToBlanks returns how far a and b agree from their starts, a run
// of blanks in one matching a run of any length in the other.
func agreeUpToBlanks(a, b string) (i, j int) {
	for i < len(a) && j < len(b) {
		if a[i] == ' ' && b[j] == ' ' {
			for i < len(a) && a[i] == ' ' {
				i++
			}
			for j < len(b) && b[j] == ' ' {
				j++
			}
			continue
		}
		if a[i] != b[j] {
			break
		}
		i++
		j++
	}
	return i, j
}

// nameSet is a small set of field names.
type nameSet []string

func (n *nameSet) add(s string) {
	if !slices.Contains(*n, s) {
		*n = append(*n, s)
	}
}

// nextLit is the literal that follows a part, if it comes next.
func nextLit(parts []tmplPart) string {
	if len(parts) > 0 {
		return parts[0].lit
	}
	return ""
}

func (p *textParser) pred() error {
	r := p.rest()
	if !strings.HasPrefix(r, "(") {
		return nil
	}
	end := strings.Index(r, ") ")
	if end < 0 {
		return p.fail("a predicate (P1)")
	}
	body := r[1:end]
	var pv uint16
	if strings.HasPrefix(body, "!") {
		pv |= 0x8000
		body = body[1:]
	}
	switch {
	case strings.HasSuffix(body, ".any"):
		pv |= 1 << 13
		body = body[:len(body)-4]
	case strings.HasSuffix(body, ".all"):
		pv |= 2 << 13
		body = body[:len(body)-4]
	}
	id, ok := number(body, 'P')
	if !ok || id == 0 || id > 0xFFF {
		return p.fail("a predicate P<id>")
	}
	p.in.Pred = Pred(pv | uint16(id))
	p.pos += end + 2
	return nil
}

// number parses letter followed by decimal digits.
func number(s string, letter byte) (uint64, bool) {
	if len(s) < 2 || s[0] != letter {
		return 0, false
	}
	v, err := strconv.ParseUint(s[1:], 10, 32)
	return v, err == nil && s[1] != '+'
}

// execPrefix returns the execution size r starts with and the length of
// its text, 0 when there is none.
func execPrefix(r string) (Exec, int) {
	// Every text is "(MASK, SIZE)" with its only ')' last: the text r
	// can start with is r up to its first ')'.
	i := strings.IndexByte(r, ')')
	if i < 0 {
		return 0, 0
	}
	if e, ok := execByText[r[:i+1]]; ok {
		return e, i + 1
	}
	return 0, 0
}

// execByText maps each execution size's text to the first Exec printing it.
var execByText = func() map[string]Exec {
	m := map[string]Exec{}
	for i := range 256 {
		if _, dup := m[Exec(i).String()]; Exec(i).Size() > 0 && !dup {
			m[Exec(i).String()] = Exec(i)
		}
	}
	return m
}()

func (p *textParser) execSize() error {
	r := p.rest()
	if e, n := execPrefix(r); n > 0 {
		p.in.Exec, p.exec = e, true
		p.pos += n
		return nil
	}
	// Say which half is wrong: "(M9, 8)", "(M1, 3)".
	if m, _, ok := strings.Cut(strings.TrimPrefix(r, "("), ", "); ok && r[0] == '(' {
		for i := range 16 {
			if MaskControl(i).String() == m {
				p.pos += len(m) + 3
				return p.fail("an execution size 1, 2, 4, 8, 16 or 32")
			}
		}
		p.pos++
		return p.fail("an execution mask M1..M8 or M1_NM..M8_NM")
	}
	return p.fail("an execution size (M1, 16)")
}

// field parses one named template part.
func (p *textParser) field(part tmplPart, fi fieldInfo, next string) error {
	if o := p.find(part.name); o != nil {
		// Printed a second time: the table repeats only sub-fields, each
		// through a formatter (gather's modifier, svm_block_ld's owords).
		if prm, ok := o.(*Param); ok && part.f != plain {
			return p.again(prm, part)
		}
		return part.notParsed()
	}
	if fi.cond != nil && !p.holds(fi.cond) {
		return nil // not there: the printer prints nothing for it
	}
	switch f := part.f; fi.kind {
	case "B", "W", "D", "I":
		switch {
		case f.param != nil:
			return f.param(p, part, fi)
		case fi.size <= 2:
			// The values tried: 0..255 (a word's higher ones are not
			// found, and its line stays text).
			return p.byText(part, fi, 256, nil)
		}
	case "V", "VC", "R", "S", "LBL":
		if f.operand != nil {
			return f.operand(p, part, fi, next)
		}
	}
	return part.notParsed()
}

func (part tmplPart) notParsed() error {
	return fmt.Errorf("the {%s:%s} form is not parsed", part.name, part.fmt)
}

// operand parses an operand field in its kind's form.
func (p *textParser) operand(part tmplPart, fi fieldInfo, next string) error {
	switch fi.kind {
	case "V", "VC":
		return p.vector(part.name, true)
	case "R":
		return p.raw(part.name, next)
	case "S":
		return p.surfOrSampler(part.name)
	}
	return labelRef(p, part, fi, next)
}

// surfaceNumber parses VME's "T{surface:num}": the index after the
// template's T.
func (p *textParser) surfaceNumber(part tmplPart, _ fieldInfo, _ string) error {
	if part.name != "surface" {
		return part.notParsed()
	}
	v, err := p.printedNumber(decimal, 8)
	if err != nil {
		return err
	}
	return p.add(part.name, p.in.surface(part.name, uint8(v)))
}

// again parses a sub-field printed a second time through another
// formatter (svm_block_ld's alignment, then its oword count): the value
// must print both ways as the text does.
func (p *textParser) again(prm *Param, part tmplPart) error {
	in := p.in
	r := p.rest()
	if prm.Size > 1 {
		return part.notParsed()
	}
	var seen []tmplPart
	for _, q := range in.row.tmpl {
		if q.name == part.name && q.f != plain {
			if q == part {
				break
			}
			seen = append(seen, q)
		}
	}
	orig := prm.Value
	want := make([]string, len(seen))
	for k, q := range seen {
		want[k] = string(q.f.print(in, nil, prm, orig))
	}
	best, bestLen := uint32(0), -1
values:
	for v := range uint32(256) {
		prm.Value = v
		for k, q := range seen {
			if string(q.f.print(in, p.buf[:0], prm, v)) != want[k] {
				continue values
			}
		}
		p.buf = part.f.print(in, p.buf[:0], prm, v)
		if len(p.buf) > bestLen && strings.HasPrefix(r, string(p.buf)) {
			best, bestLen = v, len(p.buf)
		}
	}
	if bestLen < 0 {
		prm.Value = orig
		return p.fail("the " + part.name + " field")
	}
	prm.Value = best
	p.pos += bestLen
	return nil
}

// digitsParam reads a sub-field printed as a number in digits
// (printedNumber).
func digitsParam(digits string) func(p *textParser, part tmplPart, fi fieldInfo) error {
	return func(p *textParser, part tmplPart, fi fieldInfo) error {
		v, err := p.printedNumber(digits, 8*fi.size)
		if err != nil {
			return err
		}
		return p.add(part.name, p.in.param(part.name, uint32(v), uint8(fi.size)))
	}
}

// desc64 parses raw_sendg's 64-bit descriptor, printed as one number: its
// two 32-bit fields, desc_lo, then desc_hi.
func (p *textParser) desc64(part tmplPart, _ fieldInfo) error {
	v, err := p.printedNumber(hexUpper, 64)
	if err != nil {
		return err
	}
	if err := p.add(part.name, p.in.param(part.name, uint32(v), 4)); err != nil {
		return err
	}
	return p.add("desc_hi", p.in.param("desc_hi", uint32(v>>32), 4))
}

// sampler3d parses the sampler operation word (its 11 bits), of the
// operations opcode in has (sampler3DFits).
func (p *textParser) sampler3d(part tmplPart, fi fieldInfo) error {
	return p.byText(part, fi, 1<<11, func(v uint32) bool { return sampler3DFits(p.in.Op, v) })
}

// byText finds a sub-field's value below limit by its formatter's text of
// every value (valueTexts): the longest text the line starts with, and of
// the values printing as it, the first that fits (nil: any).
func (p *textParser) byText(part tmplPart, fi fieldInfo, limit uint32, fits func(uint32) bool) error {
	in := p.in
	r := p.rest()
	best, bestLen := uint32(0), -1
	idx := p.rc.valueTexts(in, part.f, uint8(fi.size), limit)
longest:
	for _, n := range idx.lens {
		if n > len(r) {
			continue
		}
		for _, v := range idx.byText[r[:n]] {
			if fits == nil || fits(v) {
				best, bestLen = v, n
				break longest
			}
		}
	}
	if bestLen < 0 {
		return p.fail("the " + part.name + " field")
	}
	p.pos += bestLen
	if part.name == "subop" {
		in.Sub = uint16(best)
	}
	return p.add(part.name, in.param(part.name, best, uint8(fi.size)))
}

// printedNumber reads a value of at most bits bits printed in digits: in
// decimal, or "0x" and hexadecimal digits (upper case for raw_sendg's
// hexup and desc64).
func (p *textParser) printedNumber(digits string, bits int) (uint64, error) {
	r := p.rest()
	from, base, what := 0, 10, "a number"
	if digits != decimal {
		if !strings.HasPrefix(r, "0x") {
			return 0, p.fail("0x and a hexadecimal number")
		}
		from, base, what = 2, 16, "a hexadecimal number"
		if bits == 64 {
			what = "a 64-bit hexadecimal number"
		}
	}
	i := from + span(r[from:], digits)
	v, err := strconv.ParseUint(r[from:i], base, bits)
	if err != nil {
		return 0, p.fail(what)
	}
	p.pos += i
	return v, nil
}

// sampler3DFits reports whether the sampler operation op3d belongs to
// opcode op: the loads to load_3d, the gathers to gather4_3d, the rest to
// sample_3d (the three rows print the same names, and the spacing after
// the exec size differs).
func sampler3DFits(op uint8, op3d uint32) bool {
	kind := uint8(0x6D)
	switch op3d & 0x1F {
	case 0x07, 0x1A, 0x1C, 0x1D:
		kind = 0x6E
	case 0x08, 0x10, 0x11, 0x12:
		kind = 0x6F
	}
	return op != 0x6D && op != 0x6E && op != 0x6F || op == kind
}

// callMnemonic parses call's mnemonic: call, or fccall for a label of
// kind 2; the label follows as the callee, and the print-back check holds
// the two to agree.
func (p *textParser) callMnemonic(tmplPart, fieldInfo, string) error {
	for _, w := range []string{"fccall", "call"} {
		if strings.HasPrefix(p.rest(), w) {
			p.pos += len(w)
			return nil
		}
	}
	return p.fail("call or fccall")
}

// labelRef parses a label by name.
var labelRef = labelOperand(false, false)

// labelOperand parses a label by name, or a label line (line): the LABEL
// instruction's, or SUBROUTINE's for a subroutine's label (sub).
func labelOperand(line, sub bool) func(p *textParser, part tmplPart, fi fieldInfo, next string) error {
	return func(p *textParser, part tmplPart, _ fieldInfo, next string) error {
		in := p.in
		r := p.rest()
		end := len(r)
		if i := strings.Index(r, next); next != "" && i >= 0 {
			end = i
		}
		name := r[:end]
		if line {
			name = strings.TrimSuffix(name, ":")
		}
		idx, ok := p.names.LabelIndex(name)
		if !ok && (!line || sub) {
			idx, ok = p.suffixedLabel(name)
		}
		if !ok {
			return p.fail("a label")
		}
		if l := in.sym.Label(uint32(idx)); line && l != nil && (l.Kind == 1) != sub {
			return p.fail("a label of the other kind")
		}
		p.pos += end
		if line {
			p.pos = min(p.pos+1, len(p.s))
		}
		return p.add(part.name, in.label(part.name, idx))
	}
}

// labelList parses "L1, L2, L3": labels as long as a ", " follows.
func (p *textParser) labelList(part tmplPart, _ fieldInfo, _ string) error {
	for {
		r := p.rest()
		e := strings.IndexAny(r, " ,)")
		if e < 0 {
			e = len(r)
		}
		idx, ok := p.names.LabelIndex(r[:e])
		if !ok {
			return p.fail("a label")
		}
		p.pos += e
		if err := p.add(part.name, p.in.label(part.name, idx)); err != nil {
			return err
		}
		if !strings.HasPrefix(p.rest(), ", ") {
			return nil
		}
		p.pos += 2
	}
}

// suffixedLabel resolves a subroutine as IGC prints it (SubroutineName):
// the label's name and "_<label id>".
func (p *textParser) suffixedLabel(name string) (uint16, bool) {
	i := strings.LastIndexByte(name, '_')
	if i <= 0 {
		return 0, false
	}
	idx, ok := p.names.LabelIndex(name[:i])
	return idx, ok && SubroutineName(name[:i], idx) == name
}

// restOps parses {...}: the operands of toks not printed yet, in encoding
// order, as long as the text has more.
func (p *textParser) restOps(toks []token, fields map[string]fieldInfo, printed *nameSet, next string) error {
	var names []string
	var walk func([]token)
	walk = func(ts []token) {
		for _, tk := range ts {
			if tk.kind == "group" {
				walk(tk.group)
				continue
			}
			switch tk.kind {
			case "V", "VC", "R", "S", "LBL":
				// Unnamed fields (bfi's four sources) are one operand
				// each.
				if tk.name == "" || !slices.Contains(*printed, tk.name) {
					printed.add(tk.name)
					names = append(names, tk.name)
				}
			}
		}
	}
	walk(toks)
	stop := func() bool {
		r := p.rest()
		return r == "" || next != "" && strings.HasPrefix(r, next)
	}
	for _, name := range names {
		fi := fields[name]
		if fi.cond != nil && !p.holds(fi.cond) {
			continue // not there (rt_write_3d's by its mode bits)
		}
		for !stop() {
			save := p.pos
			var err error
			switch fi.kind {
			case "V", "VC":
				err = p.vector(name, true)
			case "R":
				err = p.raw(name, next)
			default:
				return fmt.Errorf("{...} over %s fields is not parsed", fi.kind)
			}
			if err != nil {
				p.pos = save
				return err
			}
			if fi.count == "" {
				break
			}
		}
	}
	return nil
}

// rtMode parses rt_write_3d's mode: "." and the names of its bits in bit
// order, or nothing for 0.
func (p *textParser) rtMode(part tmplPart, fi fieldInfo) error {
	v := uint32(0)
	if strings.HasPrefix(p.rest(), ".") {
		p.pos++
		for i, l := range rtModeNames {
			if l != "" && strings.HasPrefix(p.rest(), l) {
				v |= 1 << i
				p.pos += len(l)
			}
		}
		if v == 0 {
			return p.fail("a render target mode such as <SI>")
		}
	}
	return p.add(part.name, p.in.param(part.name, v, uint8(fi.size)))
}

// modifier reads the blank a vector operand is printed after and its
// source modifier.
func (p *textParser) modifier() (Modifier, bool) {
	if !p.blank() {
		return ModNone, false
	}
	for _, m := range []Modifier{ModNegAbs, ModAbs, ModNeg, ModNot} {
		if strings.HasPrefix(p.rest(), m.String()) {
			p.pos += len(m.String())
			return m, true
		}
	}
	return ModNone, true
}

// vector parses a vector operand with its leading space, and adds it as
// role; a general variable with its region unless not region (noregion).
func (p *textParser) vector(role string, region bool) error {
	in := p.in
	mod, ok := p.modifier()
	if !ok {
		return p.fail("a blank before the operand")
	}
	r := p.rest()
	switch {
	case strings.HasPrefix(r, "0x"):
		i := 2 + span(r[2:], hexDigits)
		bits, err := strconv.ParseUint(r[2:i], 16, 64)
		if err != nil || i >= len(r) || r[i] != ':' {
			return p.fail("an immediate 0x...:type")
		}
		p.pos += i + 1
		ty, ok := p.typeName()
		if !ok {
			return p.fail("a type name")
		}
		return p.add(role, put(in.newImmediate(), Immediate{Role: role, Type: ty, Bits: bits, Mod: mod}))
	case strings.HasPrefix(r, "r[A"):
		return p.indirect(role, mod)
	}
	// name, then (row,col) region, (off)<width>, (off), or nothing.
	i := 0
	for i < len(r) && r[i] != '(' && r[i] != ' ' {
		i++
	}
	name := r[:i]
	if i == len(r) || r[i] == ' ' {
		id, ok := number(name, 'P')
		if !ok || id > 0xFFF {
			return p.fail("a vector operand")
		}
		p.pos += i
		return p.add(role, in.predicate(role, uint16(id), mod))
	}
	close := strings.IndexByte(r[i:], ')')
	if close < 0 {
		return p.fail("a closing )")
	}
	inner := r[i+1 : i+close]
	after := i + close + 1
	if a, b, ok := strings.Cut(inner, ","); ok {
		id, amb, found := varID(p.names, name, p.line)
		row, err1 := strconv.ParseUint(a, 10, 8)
		col, err2 := strconv.ParseUint(b, 10, 8)
		if !found || err1 != nil || err2 != nil {
			return p.fail("a general variable NAME(row,col)")
		}
		p.pos += after
		var reg Region
		if region {
			var ok bool
			if reg, ok = p.region(); !ok {
				return p.fail("a region")
			}
		}
		return p.add(role, put(in.newGeneral(), General{Role: role, ID: id, Row: uint8(row), Col: uint8(col), Region: reg, Mod: mod, Ambiguous: amb}))
	}
	off, err := strconv.ParseUint(inner, 10, 8)
	if err != nil {
		return p.fail("an offset")
	}
	if after < len(r) && r[after] == '<' {
		id, ok := number(name, 'A')
		e := strings.IndexByte(r[after:], '>')
		if !ok || id > 0xFFFF || e < 0 {
			return p.fail("an address A<id>(off)<width>")
		}
		w := -1
		for c := uint8(0); c < 6; c++ {
			if strconv.Itoa(ExecSizeFromCode(c)) == r[after+1:after+e] {
				w = int(c)
			}
		}
		if w < 0 {
			return p.fail("an address width")
		}
		p.pos += after + e + 1
		return p.add(role, put(in.newAddress(), Address{Role: role, ID: uint16(id), Off: uint8(off), Width: uint8(w), Mod: mod}))
	}
	st, ok := stateOf(name)
	if !ok {
		return p.fail("a surface or sampler state operand")
	}
	p.pos += after
	return p.state(st, role, uint8(off), mod)
}

// stateOf is the state operand a surface (T<n> or a surface's name) or a
// sampler (S<n>) name means.
func stateOf(name string) (State, bool) {
	if idx, ok := surfaceIndex(name); ok {
		return State{Index: uint16(idx)}, true
	}
	if id, ok := number(name, 'S'); ok && id <= 0xFFFF {
		return State{Class: 1, Index: uint16(id)}, true
	}
	return State{}, false
}

// state adds st as the operand role.
func (p *textParser) state(st State, role string, off uint8, mod Modifier) error {
	st.Role, st.Off, st.Mod = role, off, mod
	return p.add(role, put(p.in.newState(), st))
}

// addrOf parses addr_add's " &name[off]" source.
func (p *textParser) addrOf(role string) error {
	in := p.in
	from := p.pos
	mod, ok := p.modifier()
	r := p.rest()
	if !ok || !strings.HasPrefix(r, "&") {
		// An address operand prints in its own form.
		p.pos = from
		return p.vector(role, true)
	}
	r = r[1:]
	i := 0
	for i < len(r) && r[i] != '[' && r[i] != ' ' {
		i++
	}
	name := r[:i]
	off := 0
	n := 1 + i
	if i < len(r) && r[i] == '[' {
		e := strings.IndexByte(r[i:], ']')
		v, err := strconv.Atoi(r[i+1 : i+max(e, 1)])
		if e < 0 || err != nil || v <= 0 {
			return p.fail("a byte offset [n]")
		}
		off, n = v, 1+i+e+1
	}
	if st, ok := stateOf(name); ok && off%4 == 0 && off/4 < 256 {
		p.pos += n
		return p.state(st, role, uint8(off/4), mod)
	}
	id, amb, ok := varID(p.names, name, p.line)
	if !ok {
		return p.fail("a variable")
	}
	size := ElemSize(in.sym, id)
	if size == 0 || off%size != 0 || off/32 > 255 || off%32/size > 255 {
		return p.fail("an offset the variable's type divides")
	}
	p.pos += n
	// IGC writes the address-of source with the scalar region.
	return p.add(role, put(in.newGeneral(), General{Role: role, ID: id, Row: uint8(off / 32), Col: uint8(off % 32 / size), Region: 0x121, Mod: mod, Ambiguous: amb}))
}

func (p *textParser) indirect(role string, mod Modifier) error {
	r := p.rest()
	// r[A<addr>(<off>),<imm>]<region>:type
	e := strings.IndexByte(r, ']')
	if e < 0 {
		return p.fail("an indirect operand r[A..]")
	}
	body := r[3:e]
	a, rest, ok1 := strings.Cut(body, "(")
	o, imm, ok2 := strings.Cut(rest, "),")
	addr, err1 := strconv.ParseUint(a, 10, 16)
	aoff, err2 := strconv.ParseUint(o, 10, 8)
	io, err3 := strconv.ParseInt(imm, 10, 16)
	if !ok1 || !ok2 || err1 != nil || err2 != nil || err3 != nil {
		return p.fail("an indirect operand r[A<n>(off),imm]")
	}
	p.pos += e + 1
	reg, ok := p.region()
	if !ok || !strings.HasPrefix(p.rest(), ":") {
		return p.fail("a region and :type")
	}
	p.pos++
	ty, ok := p.typeName()
	if !ok {
		return p.fail("a type name")
	}
	return p.add(role, put(p.in.newIndirect(), Indirect{Role: role, Addr: uint16(addr), AddrOff: uint8(aoff), ImmOff: int16(io), Type: ty, Region: reg, Mod: mod}))
}

// typeName parses a type name: the longest that matches.
func (p *textParser) typeName() (uint8, bool) {
	t, n := longestPrefix(p.rest(), typeNames[:])
	p.pos += n
	return uint8(t), t >= 0
}

// longestPrefix returns the index of the longest of names r starts with
// ("" is no name) and its length; -1 and 0 when there is none.
func longestPrefix(r string, names []string) (int, int) {
	best, n := -1, 0
	for k, s := range names {
		if s != "" && len(s) > n && strings.HasPrefix(r, s) {
			best, n = k, len(s)
		}
	}
	return best, n
}

// regionCode is the code of a region value (0 -> 1, 1 -> 2, ... 32 -> 7).
func regionCode(s string) (uint16, bool) {
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, false
	}
	if v == 0 {
		return 1, true
	}
	for c := 2; c <= 7; c++ {
		if 1<<(c-2) == v {
			return uint16(c), true
		}
	}
	return 0, false
}

func (p *textParser) region() (Region, bool) {
	r := p.rest()
	if !strings.HasPrefix(r, "<") {
		return 0, false
	}
	e := strings.IndexByte(r, '>')
	if e < 0 {
		return 0, false
	}
	// <v;w,h>, <w,h> or <h>: the codes go in bits 3..0, 7..4, 11..8.
	body := r[1:e]
	var reg uint16
	if vs, wh, ok := strings.Cut(body, ";"); ok {
		a, ok := regionCode(vs)
		if !ok || !strings.Contains(wh, ",") {
			return 0, false
		}
		reg, body = a, wh
	}
	if w, h, ok := strings.Cut(body, ","); ok {
		b, ok := regionCode(w)
		if !ok {
			return 0, false
		}
		reg, body = reg|b<<4, h
	}
	c, ok := regionCode(body)
	if !ok {
		return 0, false
	}
	p.pos += e + 1
	return Region(reg | c<<8), true
}

// raw parses " name.offset", and adds it as role. The operand ends at a
// blank or at next, the template's literal after it (raw_sendg's
// "V33.0/64").
func (p *textParser) raw(role, next string) error {
	if !p.blank() {
		return p.fail("a blank and the " + role + " operand NAME.offset")
	}
	w, _, _ := strings.Cut(p.rest(), " ")
	if i := strings.Index(w, next); next != "" && i >= 0 {
		w = w[:i]
	}
	dot := strings.LastIndexByte(w, '.')
	if dot <= 0 {
		return p.fail("a raw operand NAME.offset")
	}
	id, amb, ok := varID(p.names, w[:dot], p.line)
	if !ok {
		return p.fail("a declared general variable, a %name or V<id>")
	}
	off, err := strconv.ParseUint(w[dot+1:], 10, 16)
	if err != nil {
		p.pos += dot + 1
		return p.fail("a byte offset 0..65535")
	}
	p.pos += len(w)
	return p.add(role, put(p.in.newRaw(), Raw{Role: role, RawOperand: RawOperand{ID: id, Offset: uint16(off)}, Ambiguous: amb}))
}

// surfaceIndex parses a surface as appendSurface prints it.
func surfaceIndex(name string) (uint32, bool) {
	for i := range NumPredefinedSurfaces {
		if SurfaceName(uint8(i)) == name {
			return uint32(i), true
		}
	}
	v, ok := number(name, 'T')
	if !ok || v > 0xFFFF || v < 256 && SurfaceName(uint8(v)) != name {
		return 0, false
	}
	return uint32(v), true
}

// surfaceExpected is what a surface operand may be, as the parser says.
const surfaceExpected = "a surface (%slm, T1, T2, TSS, %bss, %scratch, T<n> or a declared surface)"

// surfOrSampler parses a surface or sampler state operand, and adds it
// as role.
func (p *textParser) surfOrSampler(role string) error {
	w, _, _ := strings.Cut(p.rest(), " ")
	if role == "sampler" {
		v, ok := number(w, 'S')
		if !ok || v > 255 {
			return p.fail("a sampler S<n>")
		}
		p.pos += len(w)
		return p.add(role, p.in.sampler(role, uint8(v)))
	}
	v, ok := surfaceIndex(w)
	if !ok || v > 255 {
		return p.fail(surfaceExpected)
	}
	p.pos += len(w)
	return p.add(role, p.in.surface(role, uint8(v)))
}

// assemble adds the parsed operands in encoding order (the row's fields).
func (p *textParser) assemble(toks []token, fields map[string]fieldInfo) error {
	in := p.in
	// A count the text does not print is the number of operands it counts.
	for name, fi := range fields {
		if fi.count == "" || p.find(fi.count) != nil {
			continue
		}
		n := 0
		for _, o := range p.ops {
			if o.name == name {
				n++
			}
		}
		cfi := fields[fi.count]
		if err := p.add(fi.count, in.param(fi.count, uint32(n), uint8(cfi.size))); err != nil {
			return err
		}
	}
	d := opDecoder{in: in, t: p.t}
	if err := d.walk(p.in.row.toks, func(tk *token) error { return p.place(*tk) }); err != nil {
		return err
	}
	for _, o := range p.ops {
		if !o.used {
			return fmt.Errorf("operand %s has no place in the encoding", o.name)
		}
	}
	if p.sat {
		for _, a := range in.Args[:in.N] {
			if m, ok := a.(modded); ok {
				*m.mod() = ModSat
				break
			}
		}
	}
	return nil
}

func (p *textParser) place(tk token) error {
	in := p.in
	switch tk.kind {
	case "E":
		if !p.exec {
			return fmt.Errorf("the text shows no execution size")
		}
		in.HasExec = true
		return nil
	case "P":
		in.HasPred = true
		return nil
	}
	for k := range p.ops {
		if o := &p.ops[k]; !o.used && o.name == tk.name {
			o.used = true
			if !in.Add(o.o) {
				return errTooMany
			}
			return nil
		}
	}
	switch tk.kind {
	case "B", "W", "D", "I":
		// A sub-field the text does not show: the sub-op is known from
		// the row; others are 0 (what IGC writes for them).
		v := uint32(0)
		if tk.name == "subop" {
			v = uint32(in.Sub)
		}
		if !in.Add(in.param(tk.name, v, uint8(p.t.fixedSize(tk.kind)))) {
			return errTooMany
		}
		return nil
	}
	return fmt.Errorf("the text shows no %s operand", tk.name)
}

// lifetime parses "start NAME" / "end NAME": the props byte (bit 0 end,
// bits 5..4 the operand class) and the var_id field it prints.
func (p *textParser) lifetime(part tmplPart, fi fieldInfo) error {
	in := p.in
	r := p.rest()
	var props uint32
	switch {
	case strings.HasPrefix(r, "start "):
		r = r[6:]
	case strings.HasPrefix(r, "end "):
		props, r = 1, r[4:]
	default:
		return p.fail("start or end")
	}
	var id uint32
	if v, _, ok := varID(p.names, r, p.line); ok {
		id = v
	} else if v, ok := number(r, 'A'); ok {
		props, id = props|1<<4, uint32(v)
	} else if v, ok := number(r, 'P'); ok {
		props, id = props|2<<4, uint32(v)
	} else {
		return p.fail("a variable, A<n> or P<n>")
	}
	idSize := uint8(4)
	if !p.t.ver.wide() {
		if id > 0xFFFF {
			return p.fail("a variable id below 65536")
		}
		idSize = 2
	}
	p.pos = len(p.s)
	if err := p.add(part.name, in.param(part.name, props, uint8(fi.size))); err != nil {
		return err
	}
	return p.add("var_id", in.param("var_id", id, idSize))
}

// dpas parses ".W.A.depth.count", the precision word appendDpas prints.
func (p *textParser) dpas(part tmplPart, fi fieldInfo) error {
	r := p.rest()
	f := strings.SplitN(r, ".", 6)
	if len(f) < 5 || f[0] != "" {
		return p.fail(".W.A.depth.count")
	}
	w := slices.Index(precisionNames[:], f[1])
	a := slices.Index(precisionNames[:], f[2])
	d, err1 := strconv.ParseUint(f[3], 10, 8)
	i := span(f[4], decimal)
	c, err2 := strconv.ParseUint(f[4][:i], 10, 8)
	if f[1] == "" || f[2] == "" || w < 0 || a < 0 || err1 != nil || err2 != nil {
		return p.fail(".W.A.depth.count with known precisions")
	}
	p.pos += 4 + len(f[1]) + len(f[2]) + len(f[3]) + i
	return p.add(part.name, p.in.param(part.name, uint32(w|a<<8)|uint32(d)<<16|uint32(c)<<24, uint8(fi.size)))
}

// nbarrier parses ".wait ID" / ".signal ID COUNT": the mode and the
// operands its formatter prints. A wait shows no thread count; IGC
// writes 0 for it.
func (p *textParser) nbarrier(part tmplPart, fi fieldInfo) error {
	in := p.in
	mode := uint32(0)
	switch {
	case strings.HasPrefix(p.rest(), ".signal"):
		mode, p.pos = 1, p.pos+len(".signal")
	case strings.HasPrefix(p.rest(), ".wait"):
		p.pos += len(".wait")
	default:
		return p.fail(".wait or .signal")
	}
	if err := p.add(part.name, in.param(part.name, mode, uint8(fi.size))); err != nil {
		return err
	}
	if err := p.vector("id", true); err != nil {
		return err
	}
	if mode == 1 {
		return p.vector("num_threads", true)
	}
	return p.add("num_threads", put(in.newImmediate(), Immediate{Role: "num_threads", Type: 4})) // ub
}

// stringParam parses a string-pool reference: a function name (fcall,
// faddr), printed bare when it is an identifier and quoted otherwise
// (bare), or a quoted file name (FILE).
func stringParam(bare bool) func(p *textParser, part tmplPart, fi fieldInfo) error {
	return func(p *textParser, part tmplPart, fi fieldInfo) error {
		ts, ok := p.names.(TextStrings)
		if !ok {
			return fmt.Errorf("the body's strings are not known")
		}
		r := p.rest()
		s, n, ok := UnquoteC(r)
		if !ok && bare && !strings.HasPrefix(r, `"`) {
			s, _, _ = strings.Cut(r, " ") // an identifier, printed bare
			n, ok = len(s), true
		}
		if !ok {
			return p.fail("a quoted string")
		}
		idx, ok := ts.StringIndex(s)
		if !ok || fi.size < 4 && uint64(idx) >= 1<<(8*fi.size) {
			return p.fail("a string of the body")
		}
		p.pos += n
		return p.add(part.name, p.in.param(part.name, idx, uint8(fi.size)))
	}
}

// UnquoteC reads the C string literal at the start of s, as IGC's
// printer escapes it (appendQuoted): the string, the length of the
// literal, and whether it is well formed.
func UnquoteC(s string) (string, int, bool) {
	if !strings.HasPrefix(s, `"`) {
		return "", 0, false
	}
	var b []byte
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			return string(b), i + 1, true
		case c != '\\':
			b = append(b, c)
			continue
		}
		if i+1 >= len(s) {
			return "", 0, false
		}
		i++
		if k := strings.IndexByte(cEscapeLetters, s[i]); k >= 0 {
			b = append(b, cEscaped[k])
			continue
		}
		if s[i] != 'x' || i+2 >= len(s) {
			return "", 0, false
		}
		v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err != nil {
			return "", 0, false
		}
		b = append(b, byte(v))
		i += 2
	}
	return "", 0, false
}
