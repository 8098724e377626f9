package visatext

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"infoscope/decoder"
)

// Operands of the instructions other than INFO: the decoder parses a line
// back into its opcode table's operands (decoder.Stream.Decode)
// when the line is exactly what the table prints; names resolves the
// body's names for it, as the assembler resolves them.

// names resolves a body's variable and label names. Its label table is
// built on first use, so that reading text costs no more than before for
// bodies no one decodes.
type names struct {
	decls
	sym  *decoder.Symbols   // gets the label table
	text []decoder.TextInst // the body's instructions, by $N

	once   sync.Once
	labels map[string]uint16

	declOnce sync.Once
	declared map[string]string // IGC's id -> the declared name, where they differ

	strOnce sync.Once
	strs    map[string]uint32
}

// StringIndex returns the index of s in the body's string pool: the
// function names of fcall and faddr and the file names of FILE, in the
// order the text first uses them (as IGC adds them to the pool).
func (n *names) StringIndex(s string) (uint32, bool) {
	n.strOnce.Do(n.buildStrings)
	i, ok := n.strs[s]
	return i, ok
}

func (n *names) buildStrings() {
	n.strs = map[string]uint32{}
	var pool []string
	for k := range n.text {
		t := &n.text[k]
		var r string
		switch t.Mnemonic() {
		case "FILE":
			r = strings.TrimPrefix(t.Text, "FILE ")
		case "faddr":
			r = strings.TrimPrefix(t.Text, "faddr ")
		case "fcall":
			_, r, _ = strings.Cut(t.Text, ") ")
		default:
			continue
		}
		var s string
		if strings.HasPrefix(r, `"`) {
			var ok bool
			if s, _, ok = decoder.UnquoteC(r); !ok {
				continue
			}
		} else {
			s, _, _ = strings.Cut(r, " ")
		}
		if _, dup := n.strs[s]; !dup && len(pool) < 1<<20 {
			n.strs[s] = uint32(len(pool))
			pool = append(pool, s)
		}
	}
	n.sym.Strings = pool
}

// sourceForms are mnemonics IGC's assembler accepts in a form its printer
// does not use: fence_local (mask 0x20) prints with the '.' every non-zero
// fence mask gets (IsaDisassembly.cpp, ISA_FENCE).
var sourceForms = map[string]string{"fence_local": "fence_local."}

// sourceMnemonics are mnemonics IGC's assembler reads in a form its
// printer does not use, and the form it prints: svm_block_ld/st without a
// suffix are unaligned (igc-1.0.12504.6 visa/CISA.y:1474, aligned =
// false).
var sourceMnemonics = map[string]string{"svm_block_ld": "svm_block_ld.unaligned", "svm_block_st": "svm_block_st.unaligned"}

// idAt returns the name IGC prints for the address, predicate, sampler or
// surface w means on line: of its declarations visible there, the
// innermost, the last of equals (line 0: the first declaration).
func (n *names) idAt(w string, line int32) (string, bool) {
	best, depth := -1, -1
	for _, k := range n.idByNm[w] {
		if d := &n.idDecls[k]; line > 0 && d.line <= line && d.end >= line && int(d.depth) >= depth {
			best, depth = k, int(d.depth)
		}
	}
	if best < 0 {
		id, ok := n.ids[w]
		return id, ok
	}
	return n.idDecls[best].id, true
}

// CanonicalAt returns a line of a person's source, on line (1-based),
// with the names of addresses, predicates, samplers and surfaces replaced
// by the names IGC prints for them, and hexadecimal immediates without
// leading zeros, as GenX_IR prints what it read; a name declared more
// than once means its declaration visible there. General variables and
// labels keep their names: IGC prints those as declared. Beyond names, it
// writes what the assembler's lexer and grammar take in other
// forms as IGC prints it: an execution size without its blank
// ("(M1_NM,16)"), a 2D block address payload without blanks
// ("flat[V1+(0,0)]"), media_ld/media_st without their plane (0), and no
// predicate on min/max, invm and rsqtm, whose instruction has none (IGC's
// builder drops it; GenX_IR 1.0.12504 prints large_mix_1k.visaasm's "(!P16) max" as
// "max").
func (n *names) CanonicalAt(text string, line int32) string {
	if f, ok := sourceForms[text]; ok {
		return f
	}
	if name, ok := strings.CutSuffix(text, ":"); ok && isIdent(name) {
		return n.subroutine(name) + ":"
	}
	if rest, ok := strings.CutPrefix(text, "vme_fbr("); ok {
		text = "vme_fbr ( " + strings.TrimLeft(rest, " ") // the printer's blanks
	}
	if strings.HasPrefix(text, "call ") || strings.HasPrefix(text, "fccall ") || strings.HasPrefix(text, "(") && strings.Contains(text, ") call ") {
		if i := strings.LastIndexByte(text, ' '); i > 0 && isIdent(text[i+1:]) {
			text = text[:i+1] + n.subroutine(text[i+1:])
		}
	}
	// The mnemonic, after any predicate, is never a name.
	mnemAt, mnemEnd := 0, 0
	if strings.HasPrefix(text, "(") {
		if e := strings.IndexByte(text, ')'); e >= 0 {
			mnemAt = e + 1
		}
	}
	for mnemAt < len(text) && text[mnemAt] == ' ' {
		mnemAt++
	}
	mnemEnd = mnemAt
	for mnemEnd < len(text) && text[mnemEnd] != ' ' {
		mnemEnd++
	}
	base, _, _ := strings.Cut(text[mnemAt:mnemEnd], ".")
	switch base {
	case "min", "max", "invm", "rsqtm":
		// invm and rsqtm too: IGC's builder makes them with no
		// predicate (VISAKernelImpl.cpp AppendVISAPredDstArithmeticInst).
		if mnemAt > 0 {
			text, mnemEnd, mnemAt = text[mnemAt:], mnemEnd-mnemAt, 0
		}
	case "media_ld", "media_st":
		// mnemonic (w,h) surface [plane] x y operand
		if strings.Count(strings.Join(strings.Fields(text[mnemAt:]), " "), " ") == 5 {
			at := fieldEnd(text, mnemAt, 3)
			text = text[:at] + " 0" + text[at:]
		}
	}
	lsc := strings.HasPrefix(base, "lsc_")
	// raw_sendg's descriptor, IGC prints in upper case.
	sendg := sendgOps[base]
	if lsc {
		// After the mnemonic: the indices above stay valid.
		text = text[:mnemEnd] + lscLists(lscShapes(text[mnemEnd:]))
	}
	b := canonText{src: text}
	var lscCase lscHexCase
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '(' && i >= mnemEnd && execNoBlank(text[i:]) > 0:
			k := execNoBlank(text[i:])
			comma := i + strings.IndexByte(text[i:i+k], ',')
			b.add(text[i : comma+1])
			b.addByte(' ')
			b.add(text[comma+1 : i+k])
			i += k
		case lsc && c == '+' && i+1 < len(text) && text[i+1] == '(' && i > 0 && text[i-1] != ' ':
			b.add(" + ")
			i++
		case i >= mnemAt && i < mnemEnd:
			b.add(canonicalMnemonic(text[i:mnemEnd]))
			i = mnemEnd
		case c == '"':
			// A string (fcall's function, FILE's name) as written.
			j := i + 1
			for j < len(text) && text[j] != '"' {
				if text[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(text))
			b.add(text[i:j])
			i = j
		case c == '0' && i+1 < len(text) && (text[i+1] == 'x' || text[i+1] == 'X') && (i == 0 || !identByte(text[i-1])):
			// IGC's lexer takes 0x and 0X, digits of either case
			// (CISA.l: 0[xX][[:xdigit:]]+); its printer writes 0x.
			j := i + 2
			for j < len(text) && isHex(text[j]) {
				j++
			}
			k := i + 2
			for k < j-1 && text[k] == '0' {
				k++
			}
			b.add("0x")
			switch {
			case j < len(text) && text[j] == ':':
				// A typed immediate: IGC prints its digits in lower
				// case (LSC's untyped ones, 0xFFF, in upper case).
				b.add(strings.ToLower(text[k:j]))
			case lsc:
				b.add(lscCase.digits(text, i, j, text[k:j]))
			case sendg:
				b.add(strings.ToUpper(text[k:j]))
			default:
				b.add(text[k:j])
			}
			i = j
		case identStart(c) && (i == 0 || !identByte(text[i-1]) && text[i-1] != '.'):
			j := i + 1
			for j < len(text) && identByte(text[j]) {
				j++
			}
			w := text[i:j]
			if id, ok := n.idAt(w, line); ok {
				w = id
			}
			b.add(w)
			i = j
		default:
			if lsc { // only LSC numbers take their case from the brackets
				lscCase.bracket(c)
			}
			b.addByte(c)
			i++
		}
	}
	return b.String()
}

// canonText builds CanonicalAt's result, copying only from the first
// write that differs from the line: most lines of a dump come out as
// written, and copying every one showed in the text parser's profile.
type canonText struct {
	src    string // the line
	n      int    // while not copied: how much of src the writes equal
	copied bool
	out    strings.Builder
}

func (c *canonText) add(s string) {
	if !c.copied {
		if strings.HasPrefix(c.src[c.n:], s) {
			c.n += len(s)
			return
		}
		c.copy()
	}
	c.out.WriteString(s)
}

func (c *canonText) addByte(b byte) {
	if !c.copied {
		if c.n < len(c.src) && c.src[c.n] == b {
			c.n++
			return
		}
		c.copy()
	}
	c.out.WriteByte(b)
}

// copy starts out with what the writes so far gave: src up to n.
func (c *canonText) copy() {
	c.copied = true
	c.out.Grow(len(c.src) + 8)
	c.out.WriteString(c.src[:c.n])
}

// String returns the text written.
func (c *canonText) String() string {
	if !c.copied {
		return c.src[:c.n]
	}
	return c.out.String()
}

// lscHexCase follows an LSC line as IGC's printer writes it, to give its
// hexadecimal numbers the case the printer does (LscInstFormatter, one
// stream per instruction): surfaces, ss_idx and the vector operands of
// address lists in upper case, which leaves the stream in upper case
// (std::uppercase is never cleared); the immediate scale and offset of an
// untyped address in the stream's case, lower until then.
type lscHexCase struct {
	open  []byte // the brackets open at the cursor: '(' or '['
	upper bool   // the stream's case
}

// bracket notes c when it opens or closes a bracket.
func (h *lscHexCase) bracket(c byte) {
	switch c {
	case '(', '[':
		h.open = append(h.open, c)
	case ')', ']':
		if len(h.open) > 0 {
			h.open = h.open[:len(h.open)-1]
		}
	}
}

// digits returns the digits of the number text[i:j] (0x included; digits
// without leading zeros) in the case IGC prints them.
func (h *lscHexCase) digits(text string, i, j int, digits string) string {
	if len(h.open) == 0 {
		return digits // not an operand IGC prints in hex
	}
	scaleOrOffset := h.open[len(h.open)-1] == '[' && (j < len(text) && text[j] == '*' || i > 0 && (text[i-1] == '+' || text[i-1] == '-'))
	if scaleOrOffset && !h.upper {
		return strings.ToLower(digits)
	}
	h.upper = true
	return strings.ToUpper(digits)
}

// canonicalMnemonic returns a mnemonic (with its suffixes) as IGC prints
// it: sourceMnemonics, and bfn's function control in lower-case hex
// without leading zeros ("bfn.x0B" -> "bfn.xb").
func canonicalMnemonic(m string) string {
	if f, ok := sourceMnemonics[m]; ok {
		return f
	}
	// raw_sendsc.N0.N1.ND: 12504's grammar takes no SFID after raw_sendsc
	// (igc-1.0.12504.6 visa/CISA.y:2198, the SFID is 0), its printer
	// shows one.
	for _, w := range []string{"raw_sendsc.", "raw_sendsc_eot."} {
		if rest, ok := strings.CutPrefix(m, w); ok && strings.Count(rest, ".") == 2 {
			return w + "0." + rest
		}
	}
	if f, ok := sendgSFID(m); ok {
		return f
	}
	if f, ok := samplerChannels(m); ok {
		return f
	}
	if rest, ok := strings.CutPrefix(m, "bfn.x"); ok {
		hex, sat, _ := strings.Cut(rest, ".")
		if v, err := strconv.ParseUint(hex, 16, 8); err == nil {
			m = "bfn.x" + strconv.FormatUint(v, 16)
			if sat != "" {
				m += "." + sat
			}
		}
	}
	return m
}

// samplerChannels returns a 3D sampler mnemonic (resinfo, sampleinfo,
// sample*, load*) with its channel suffix in upper case: IGC's assembler
// takes each of R, G, B, A in either case, in that order ("resinfo.rGba"
// prints as resinfo.RGBA), and its printer writes upper case.
func samplerChannels(m string) (string, bool) {
	base, ch, ok := strings.Cut(m, ".")
	if !ok || ch == strings.ToUpper(ch) {
		return m, false
	}
	switch {
	case base == "resinfo", base == "sampleinfo", strings.HasPrefix(base, "sample"), strings.HasPrefix(base, "load"):
	default:
		return m, false
	}
	up := strings.ToUpper(ch)
	rest := up
	for _, c := range "RGBA" {
		rest = strings.TrimPrefix(rest, string(c))
	}
	if rest != "" {
		return m, false // not channels in order: left for the parser to name
	}
	return base + "." + up, true
}

// sendgOps are raw_sendg's mnemonics (its modifier's c and _eot included).
var sendgOps = map[string]bool{"raw_sendg": true, "raw_sendgc": true, "raw_sendg_eot": true, "raw_sendgc_eot": true}

// sendgSFIDs are the SFID names IGC's assembler takes after raw_sendg
// (CISA.y RawSendgSfid); its printer writes the number.
var sendgSFIDs = map[string]uint64{
	"null": 0x0, "smpl": 0x2, "gtwy": 0x3, "rc": 0x5, "btd": 0x7, "rta": 0x8,
	"tgm": 0xD, "ugm": 0xE, "slm": 0xF,
}

// sendgSFID returns a raw_sendg mnemonic with its SFID as IGC prints it
// (".0xE"), from what its assembler takes: a name, a decimal number, or
// hexadecimal digits of either case after 0x or 0X, below 16.
func sendgSFID(m string) (string, bool) {
	op, sfid, ok := strings.Cut(m, ".")
	if !ok || !sendgOps[op] {
		return "", false
	}
	v, named := sendgSFIDs[sfid]
	if !named {
		digits, base := sfid, 10
		if len(sfid) > 2 && (sfid[:2] == "0x" || sfid[:2] == "0X") {
			digits, base = sfid[2:], 16
		}
		for k := range len(digits) {
			if base == 10 && (digits[k] < '0' || digits[k] > '9') || !isHex(digits[k]) {
				return "", false // not a number ParseUint should judge: "+1", "1_0"
			}
		}
		var err error
		if v, err = strconv.ParseUint(digits, base, 64); err != nil || v >= 16 {
			return "", false
		}
	}
	return op + "." + "0x" + strings.ToUpper(strconv.FormatUint(v, 16)), true
}

// subroutine returns the name IGC prints for a subroutine's label
// (decoder.SubroutineName); other names as they are.
func (n *names) subroutine(name string) string {
	idx, ok := n.LabelIndex(name)
	if l := n.sym.Label(uint32(idx)); !ok || l == nil || l.Kind != 1 {
		return name
	}
	return decoder.SubroutineName(name, idx)
}

// lscLists returns an LSC line with the address lists of 2D block
// messages and typed messages ("[A,B,C,D]", four or more elements) as IGC
// prints them since 2023, without a blank after each comma: GenX_IR
// 1.0.12504 prints "[A, B, C, D]" (its IsaDisassembly.cpp), and the
// assembler takes either. A strided address's "[A, 0x4]" keeps its blank.
func lscLists(text string) string {
	for from := 0; ; {
		i := strings.IndexByte(text[from:], '[')
		if i < 0 {
			return text
		}
		i += from
		j := strings.IndexByte(text[i:], ']')
		if j < 0 {
			return text
		}
		j += i
		if list := text[i:j]; strings.Count(list, ",") >= 3 && strings.Contains(list, ", ") {
			list = strings.ReplaceAll(list, ", ", ",")
			text = text[:i] + list + text[j:]
			j = i + len(list)
		}
		from = j + 1
	}
}

// lscShapes writes an LSC data shape as IGC prints it where its lexer
// takes other spellings (CISA.l LSC_DATA_SHAPE_TK*): the size with a 'u'
// for 'd' (":u32" is ":d32", ":u8c32" is ":d8c32") and the element count
// 1 written out (":d32x1t" is ":d32t").
func lscShapes(text string) string {
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != ':' || i+2 >= len(text) || text[i+1] != 'u' && text[i+1] != 'd' || text[i+2] < '0' || text[i+2] > '9' {
			b.WriteByte(c)
			continue
		}
		j := i + 2
		for j < len(text) && (text[j] >= '0' && text[j] <= '9' || text[j] == 'u' || text[j] == 'c' || text[j] == 'h') {
			j++
		}
		b.WriteString(":d")
		b.WriteString(text[i+2 : j])
		if strings.HasPrefix(text[j:], "x1") && (j+2 == len(text) || text[j+2] < '0' || text[j+2] > '9') {
			j += 2
		}
		i = j - 1
	}
	return b.String()
}

// fieldEnd returns where the k-th blank-separated field of s from at
// ends (k = 1: the first).
func fieldEnd(s string, at, k int) int {
	i := at
	for ; k > 0; k-- {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		for i < len(s) && s[i] != ' ' {
			i++
		}
	}
	return i
}

// execNoBlank returns the length of an execution size written without
// the blank after its comma, "(M1_NM,16)", at the start of s; 0 if none.
func execNoBlank(s string) int {
	i := 1
	if i >= len(s) || s[i] != 'M' {
		return 0
	}
	i++
	d := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == d {
		return 0
	}
	if strings.HasPrefix(s[i:], "_NM") {
		i += 3
	}
	if i >= len(s) || s[i] != ',' {
		return 0
	}
	i++
	d = i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == d || i >= len(s) || s[i] != ')' {
		return 0
	}
	return i + 1
}

func identStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func identByte(c byte) bool { return identStart(c) || c >= '0' && c <= '9' }

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// VarID returns a general variable's id: a name declared once, a
// predefined %name, or V<id>.
func (n *names) VarID(name string) (uint32, bool) {
	if ks, ok := n.varByNm[name]; ok {
		if len(ks) != 1 {
			return 0, false // declared twice: its id is ambiguous
		}
		return uint32(decoder.NumPredefinedVars + ks[0]), true
	}
	if id := predefinedVar(name); id >= 0 {
		return uint32(id), true
	}
	if isGenerated(name, 'V') {
		if v, err := strconv.ParseUint(name[1:], 10, 32); err == nil {
			return uint32(v), true
		}
	}
	return 0, false
}

// VarIDAt returns the id of the variable name means on line: of the
// declarations visible there (declared before it, scope not closed), the
// innermost. Declarations equally visible (IGC's printer lists every
// declaration of an inline-assembly block's names in the header) make the
// name ambiguous: the first one's id is returned.
func (n *names) VarIDAt(name string, line int32) (uint32, bool, bool) {
	ks, ok := n.varByNm[name]
	if !ok {
		id, ok := n.VarID(name)
		return id, false, ok
	}
	if len(ks) == 1 {
		return uint32(decoder.NumPredefinedVars + ks[0]), false, true
	}
	best, count, depth := -1, 0, -1
	for _, k := range ks {
		if line > 0 && (int32(n.varLines[k]) > line || n.varEnd[k] < line) {
			continue
		}
		switch d := int(n.varDepth[k]); {
		case d > depth:
			best, count, depth = k, 1, d
		case d == depth:
			count++
		}
	}
	if best < 0 {
		return uint32(decoder.NumPredefinedVars + ks[0]), true, true
	}
	if count > 1 {
		// Equally visible: the first of those.
		for _, k := range ks {
			if int(n.varDepth[k]) == depth && (line == 0 || int32(n.varLines[k]) <= line && n.varEnd[k] >= line) {
				return uint32(decoder.NumPredefinedVars + k), true, true
			}
		}
	}
	return uint32(decoder.NumPredefinedVars + best), false, true
}

// Declared returns an instruction's text with the addresses, predicates,
// samplers and surfaces IGC prints by id (P49) named as the body's .decl
// lines name them (P46 in an .inline.visaasm, whose inline blocks'
// predicates IGC numbers among the others when it parses the file).
// General variables' names, which IGC prints as declared, are left alone.
func (n *names) Declared(text string) string {
	n.declOnce.Do(func() {
		for _, d := range n.idDecls {
			if d.name != d.id {
				if n.declared == nil {
					n.declared = map[string]string{}
				}
				n.declared[d.id] = d.name
			}
		}
	})
	if n.declared == nil {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); {
		c := text[i]
		if !identStart(c) || i > 0 && (identByte(text[i-1]) || text[i-1] == '.') {
			b.WriteByte(c)
			i++
			continue
		}
		j := i + 1
		for j < len(text) && identByte(text[j]) {
			j++
		}
		w := text[i:j]
		if name, ok := n.declared[w]; ok && n.varByNm[w] == nil {
			w = name
		}
		b.WriteString(w)
		i = j
	}
	return b.String()
}

// LabelIndex returns a label's index in the body's label table.
func (n *names) LabelIndex(name string) (uint16, bool) {
	n.once.Do(n.buildLabels)
	i, ok := n.labels[name]
	return i, ok
}

// buildLabels lists the body's labels as IGC creates them, when first
// named (by a branch or by their own line), and puts the list in the
// body's symbols: the printer names labels by index.
func (n *names) buildLabels() {
	subroutine, label := opcodeOf()["subroutine"][0], opcodeOf()["label"][0]
	// The label lines sorted by name, stably (the last of a name is its
	// last definition, whose kind counts), and searched rather than put in
	// a map, as checkLabels does: text of short label lines then costs
	// memory in proportion to its size (a map of 2M names took 200 MB).
	defName := func(k int32) string { return strings.TrimSuffix(n.text[k].Text, ":") }
	defs := make([]int32, 0, len(n.text))
	for k := range n.text {
		if t := &n.text[k]; t.Line != 0 && (t.Op == subroutine || t.Op == label) && strings.HasSuffix(t.Text, ":") {
			defs = append(defs, int32(k))
		}
	}
	slices.SortStableFunc(defs, func(a, b int32) int { return strings.Compare(defName(a), defName(b)) })
	distinct := 0
	for i, k := range defs {
		if i == 0 || defName(k) != defName(defs[i-1]) {
			distinct++
		}
	}
	kindOf := func(name string) (kind uint8, ok bool) {
		i := sort.Search(len(defs), func(i int) bool { return defName(defs[i]) > name })
		if i == 0 || defName(defs[i-1]) != name {
			return 0, false
		}
		if n.text[defs[i-1]].Op == subroutine {
			return 1, true
		}
		return 0, true
	}
	// At most 0x10000 labels get an id (a vISA label id is 16 bits): a body
	// of more label lines must not size the table for all of them.
	most := min(distinct, 0x10000)
	n.labels = make(map[string]uint16, most)
	labels := make([]decoder.LabelInfo, 0, most)
	add := func(name string) {
		kind, ok := kindOf(name)
		if !ok || len(labels) > 0xFFFF {
			return // calls name functions, not labels
		}
		if _, dup := n.labels[name]; dup {
			return
		}
		n.labels[name] = uint16(len(labels))
		labels = append(labels, decoder.LabelInfo{Name: name, Kind: kind})
	}
	u := 0
	for k := range n.text {
		t := &n.text[k]
		if t.Line == 0 || !strings.HasSuffix(t.Text, ":") {
			continue
		}
		for ; u < len(n.uses) && n.uses[u].line < int(t.Line); u++ {
			add(n.uses[u].name)
		}
		add(strings.TrimSuffix(t.Text, ":"))
	}
	for ; u < len(n.uses); u++ {
		add(n.uses[u].name)
	}
	n.sym.Labels = labels
}
