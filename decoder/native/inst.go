package native

import (
	"strconv"
	"strings"
)

// unformatted is how IGC prints an instruction IGA could not format; the
// rest of that line, "// $N", comes on the next line.
const unformatted = "<<error formatting instruction at PC "

// inst reads one instruction line. s is the whole line (col 1 at s[0]).
func (p *parser) inst(n int, s string) {
	if t := strings.TrimSpace(s); strings.HasPrefix(t, unformatted) && strings.HasSuffix(t, ">>") {
		p.f.Insts = append(p.f.Insts, Inst{Line: n, Text: t, Block: p.block, VISA: NoID, Lexical: NoID, Offset: NoID,
			SrcFile: p.srcFile, SrcLine: p.srcLine, Unformatted: true})
		p.tagNext = true
		return
	}
	code, comment := s, ""
	if i := strings.Index(s, "//"); i >= 0 {
		code, comment = s[:i], s[i+2:]
	}
	in := Inst{Line: n, Block: p.block, VISA: NoID, Lexical: NoID, Offset: NoID, SrcFile: p.srcFile, SrcLine: p.srcLine}
	in.Comment, in.VISA, in.Lexical, in.Offset = splitTag(comment)
	code = strings.TrimRight(code, " \t")
	lead := len(code) - len(strings.TrimLeft(code, " \t"))
	in.Text = code[lead:]
	col := func(tok string) int { return strings.Index(s, tok) + 1 }

	body := in.Text
	if strings.HasSuffix(body, "}") {
		open := strings.LastIndexByte(body, '{')
		if open < 0 {
			p.errorf(n, len(code), "a '{' opening the instruction options", body)
			return
		}
		for _, it := range strings.Split(body[open+1:len(body)-1], ",") {
			it = strings.TrimSpace(it)
			if !swsbItem(it) {
				p.errorf(n, col(body[open:]), "SWSB or instruction options ({A@1,$4}, {Compacted,EOT})", it)
				return
			}
			in.SWSB = append(in.SWSB, it)
		}
		body = body[:open]
	}
	toks := strings.Fields(body)
	if len(toks) == 0 {
		p.errorf(n, lead+1, "an instruction", in.Text)
		return
	}
	if strings.HasPrefix(toks[0], "(") {
		pr, ok := parsePred(toks[0])
		if !ok {
			p.errorf(n, col(toks[0]), "a predicate ((W), (f0.0), (W&~f1.0.any8h))", toks[0])
			return
		}
		in.Pred, toks = pr, toks[1:]
	}
	if len(toks) == 0 || !isMnemonic(toks[0]) {
		found := ""
		if len(toks) > 0 {
			found = toks[0]
		}
		p.errorf(n, lead+1, "a mnemonic", found)
		return
	}
	in.Op, toks = toks[0], toks[1:]
	if len(toks) > 0 && strings.HasPrefix(toks[0], "(") && strings.Contains(toks[0], "|M") {
		e, c, ok := parseExec(toks[0])
		if !ok {
			p.errorf(n, col(toks[0]), "an execution size and first channel (N|Mk)", toks[0])
			return
		}
		in.Exec, in.Chan, toks = e, c, toks[1:]
	}
	if len(toks) > 0 && strings.HasPrefix(toks[0], "(") {
		if c, f, ok := parseCond(toks[0]); ok {
			in.Cond, in.CondF, toks = c, f, toks[1:]
		}
	}
	branch := isBranch(in.Op)
	if cap(p.slab)-len(p.slab) < len(toks) {
		p.slab = make([]Operand, 0, max(1024, len(toks))) // operands of many lines in one allocation
	}
	start := len(p.slab)
	for _, t := range toks {
		if strings.HasPrefix(t, "(sat)") {
			in.Sat, t = true, t[len("(sat)"):]
		}
		o, ok := parseOperand(t, branch)
		if !ok {
			p.errorf(n, col(t), "an operand (register region, immediate, send payload, address or label)", t)
			return
		}
		p.slab = append(p.slab, o)
	}
	in.Ops = p.slab[start:len(p.slab):len(p.slab)]
	p.f.Insts = append(p.f.Insts, in)
}

// splitTag takes the vISA id out of an instruction's comments: the last
// "//" part is the finalizer's, "[COMMENTS; ]$N[&L][:%O][ bank-conflict notes]".
func splitTag(comment string) (rest string, visa, lex, off int) {
	visa, lex, off = NoID, NoID, NoID
	last := strings.LastIndex(comment, "//")
	head, seg := "", comment
	if last >= 0 {
		head, seg = comment[:last], comment[last+2:]
	}
	at := -1
	for i := 0; i+1 < len(seg); i++ {
		if seg[i] == '$' && isDigit(seg[i+1]) && (i == 0 || seg[i-1] == ' ' || seg[i-1] == ';') {
			at = i
			break
		}
	}
	if at < 0 {
		return tidy(comment), visa, lex, off
	}
	j := at + 1
	visa, j = digits(seg, j)
	if j < len(seg) && seg[j] == '&' {
		if v, k := digits(seg, j+1); v >= 0 {
			lex, j = v, k
		}
	}
	if j+1 < len(seg) && seg[j] == ':' && seg[j+1] == '%' {
		if v, k := digits(seg, j+2); v >= 0 {
			off, j = v, k
		}
	}
	pre := strings.TrimRight(strings.TrimSpace(seg[:at]), ";")
	parts := []string{}
	for _, s := range []string{tidy(head), strings.TrimSpace(pre), strings.TrimSpace(seg[j:])} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, "; "), visa, lex, off
}

func tidy(s string) string {
	var b []string
	for _, part := range strings.Split(s, "//") {
		if part = strings.TrimSpace(part); part != "" {
			b = append(b, part)
		}
	}
	return strings.Join(b, "; ")
}

// digits reads a decimal number at s[i:]; -1 when none or out of range.
func digits(s string, i int) (int, int) {
	j := i
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if j == i || j-i > 9 {
		return -1, i
	}
	v, _ := strconv.Atoi(s[i:j])
	return v, j
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// swsbItem reports whether it is one item of IGA's {...}: a token
// ("$4", "$0.src", "$3.dst"), a distance ("@2", "A@1", "I@3"), or an
// instruction option (a word: Compacted, EOT, Breakpoint, NoDDClr, ...).
func swsbItem(it string) bool {
	switch {
	case it == "":
		return false
	case it[0] == '$':
		num, rest, _ := strings.Cut(it[1:], ".")
		_, err := strconv.Atoi(num)
		return err == nil && (rest == "" || rest == "src" || rest == "dst") && (strings.Count(it, ".") <= 1)
	case strings.Contains(it, "@"):
		pipe, num, _ := strings.Cut(it, "@")
		_, err := strconv.Atoi(num)
		return err == nil && len(pipe) <= 1 && (pipe == "" || pipe[0] >= 'A' && pipe[0] <= 'Z')
	}
	for i := 0; i < len(it); i++ {
		if c := it[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && isDigit(c)) {
			return false
		}
	}
	return true
}

// parsePred reads "(W)", "(f0.0)", "(~f1.0)", "(W&f0.0)", "(W&~f0.1.any8h)".
func parsePred(t string) (Pred, bool) {
	var pr Pred
	if len(t) < 3 || t[len(t)-1] != ')' {
		return pr, false
	}
	in := t[1 : len(t)-1]
	if in == "W" {
		return Pred{NoMask: true}, true
	}
	if strings.HasPrefix(in, "W&") {
		pr.NoMask, in = true, in[2:]
	}
	if strings.HasPrefix(in, "~") {
		pr.Invert, in = true, in[1:]
	}
	reg, ctrl := in, ""
	if i := strings.Index(in, "."); i >= 0 {
		if j := strings.Index(in[i+1:], "."); j >= 0 {
			reg, ctrl = in[:i+1+j], in[i+2+j:]
		}
	}
	if !isFlag(reg) || ctrl != "" && !isIdent(ctrl) {
		return pr, false
	}
	pr.Flag, pr.Ctrl = reg, ctrl
	return pr, true
}

// isFlag reports whether s is a flag subregister "f0.0" or "f1.1".
func isFlag(s string) bool { return len(s) >= 4 && s[0] == 'f' && isRegName(s) }

func isMnemonic(t string) bool {
	if t == "" || !(t[0] >= 'a' && t[0] <= 'z') {
		return false
	}
	for i := 1; i < len(t); i++ {
		c := t[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || strings.IndexByte("._()&|^~", c) >= 0 {
			continue
		}
		return false
	}
	return true
}

// parseExec reads "(16|M16)".
func parseExec(t string) (exec, ch int, ok bool) {
	if len(t) < 6 || t[0] != '(' || t[len(t)-1] != ')' {
		return 0, 0, false
	}
	a, b, found := strings.Cut(t[1:len(t)-1], "|M")
	if !found {
		return 0, 0, false
	}
	e, err1 := strconv.Atoi(a)
	c, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || e <= 0 || e > 64 || c < 0 || c > 64 {
		return 0, 0, false
	}
	return e, c, true
}

// parseCond reads a condition modifier "(lt)f1.0".
func parseCond(t string) (cond, flag string, ok bool) {
	i := strings.IndexByte(t, ')')
	if i < 2 {
		return "", "", false
	}
	cond, flag = t[1:i], t[i+1:]
	switch cond {
	case "eq", "ne", "lt", "le", "gt", "ge", "ov", "un", "nz", "ze", "z", "e":
	default:
		return "", "", false
	}
	return cond, flag, isFlag(flag)
}

func isBranch(op string) bool {
	base, _, _ := strings.Cut(op, ".")
	switch base {
	case "jmpi", "goto", "join", "call", "calla", "brc", "brd", "if", "else", "endif", "while", "break", "cont", "halt":
		return true
	}
	return false
}

// regFiles are the register file prefixes IGA prints, longest first so
// that "acc" is not read as "a" + "cc".
var regFiles = []string{"null", "acc", "mme", "msg", "dbg", "sr", "cr", "ce", "tm", "tdr", "ip", "sp", "fc", "a", "f", "n", "r", "s"}

func parseOperand(t string, branch bool) (Operand, bool) {
	o := Operand{Text: t, Sub: -1, Len: -1}
	if t == "" {
		return o, false
	}
	if t[0] == '(' && strings.Contains(t, "$") && t[len(t)-1] == ')' {
		for _, it := range strings.Split(t[1:len(t)-1], ",") {
			if len(it) < 2 || it[0] != '$' {
				return o, false
			}
			if _, err := strconv.Atoi(it[1:]); err != nil {
				return o, false
			}
		}
		o.Kind = KSync
		return o, true
	}
	if looksImm(t) {
		return parseImm(o, t)
	}
	body := t
	for _, m := range []string{"-(abs)", "(abs)", "-", "~"} {
		if strings.HasPrefix(body, m) {
			o.Mod, body = m, body[len(m):]
			break
		}
	}
	if strings.HasPrefix(body, "r[") {
		return parseIndirect(o, body) // modifiers apply to indirect sources too: -r[a0.5,12]
	}
	if i := strings.IndexByte(body, '['); i >= 0 && o.Mod == "" {
		o.Kind = KAddress
		return o, addressOK(body)
	}
	if reg, ok := parseReg(&o, body); ok {
		o = reg
		return o, true
	}
	if branch && o.Mod == "" && isIdent(t) {
		o.Kind = KLabel
		return o, true
	}
	return o, false
}

func looksImm(t string) bool {
	s := strings.TrimPrefix(strings.TrimPrefix(t, "-"), "+")
	if s == "" {
		return false
	}
	if isDigit(s[0]) || s[0] == '.' && len(s) > 1 && isDigit(s[1]) {
		return true
	}
	v, _, _ := strings.Cut(s, ":")
	return isSpecialFloat(v)
}

func parseImm(o Operand, t string) (Operand, bool) {
	o.Kind = KImm
	v := t
	if i := strings.LastIndexByte(t, ':'); i >= 0 {
		v, o.Type = t[:i], t[i+1:]
		if !isIdent(o.Type) {
			return o, false
		}
	}
	neg := strings.HasPrefix(v, "-")
	u := strings.TrimPrefix(strings.TrimPrefix(v, "-"), "+")
	num, base := u, 10
	if strings.HasPrefix(u, "0x") || strings.HasPrefix(u, "0X") {
		num, base = u[2:], 16
	}
	if x, err := strconv.ParseUint(num, base, 64); err == nil {
		if neg {
			x = -x
		}
		o.Imm, o.ImmOK = x, true
		return o, true
	}
	if base == 16 {
		return o, false // not a float either
	}
	_, err := strconv.ParseFloat(v, 64)
	return o, err == nil || isSpecialFloat(u)
}

func isSpecialFloat(u string) bool {
	l := strings.ToLower(u)
	if (strings.HasPrefix(l, "qnan(0x") || strings.HasPrefix(l, "snan(0x")) && strings.HasSuffix(l, ")") {
		_, err := strconv.ParseUint(l[7:len(l)-1], 16, 64)
		return err == nil // IGA's NaN with its payload
	}
	switch l {
	case "inf", "nan", "qnan", "snan":
		return true
	}
	return false
}

// parseReg reads "r4.0<1;1,0>:ud", "a0.0", "null<1>:ud", "r83:1", "r18:ud",
// "acc0.0<1>:ud", "f0.0", "sr0.0<0;1,0>:ud".
func parseReg(base *Operand, s string) (Operand, bool) {
	o := *base
	file := ""
	for _, f := range regFiles {
		if strings.HasPrefix(s, f) {
			file = f
			break
		}
	}
	if file == "" {
		return o, false
	}
	o.File = file
	i := len(file)
	if file != "null" && file != "ip" && file != "sp" {
		v, j := digits(s, i)
		if v < 0 {
			return o, false
		}
		o.Reg, i = v, j
	}
	hasSub := false
	if i < len(s) && s[i] == '.' {
		v, j := digits(s, i+1)
		if v < 0 {
			return o, false
		}
		o.Sub, i, hasSub = v, j, true
	}
	var ok bool
	if o.Region, s, ok = cutRegion(s[i:]); !ok {
		return o, false
	}
	if strings.HasPrefix(s, ":") {
		suf := s[1:]
		if suf == "" {
			return o, false
		}
		if isDigit(suf[0]) {
			v, j := digits(suf, 0)
			if v < 0 || j != len(suf) {
				return o, false
			}
			o.Len = v
		} else {
			if !isIdent(suf) {
				return o, false
			}
			o.Type = suf
		}
		s = ""
	}
	if s != "" {
		return o, false
	}
	o.Kind = KReg
	if !hasSub && o.Region == "" && (o.File == "r" || o.File == "null" || o.File == "s") {
		o.Kind = KPayload
	}
	return o, true
}

// cutRegion cuts a region "<...>" from the start of s: "<1>", "<0;1,0>",
// "<8;8,1>", "<1,0>", "<0;0>". ok is false for a '<' without a region; a
// region is "" when s starts with none.
func cutRegion(s string) (region, rest string, ok bool) {
	if !strings.HasPrefix(s, "<") {
		return "", s, true
	}
	j := strings.IndexByte(s, '>')
	if j < 2 {
		return "", s, false
	}
	for i := 1; i < j; i++ {
		if c := s[i]; !isDigit(c) && c != ';' && c != ',' {
			return "", s, false
		}
	}
	return s[:j+1], s[j+1:], true
}

// parseIndirect reads "r[a0.0,16]<1,0>:ud" or "r[a0.2]<1>:f".
func parseIndirect(o Operand, s string) (Operand, bool) {
	o.Kind, o.File = KIndirect, "r"
	j := strings.IndexByte(s, ']')
	if j < 0 {
		return o, false
	}
	addr := s[2:j]
	a, imm, _ := strings.Cut(addr, ",")
	if !isRegName(a) || a[0] != 'a' {
		return o, false
	}
	if imm != "" {
		if _, err := strconv.Atoi(imm); err != nil {
			return o, false
		}
	}
	var ok bool
	rest := s[j+1:]
	if o.Region, rest, ok = cutRegion(rest); !ok {
		return o, false
	}
	if strings.HasPrefix(rest, ":") {
		o.Type, rest = rest[1:], ""
		if !isIdent(o.Type) {
			return o, false
		}
	}
	return o, rest == ""
}

// addressOK checks an LSC address operand: an optional model and
// surface ("bti[255]", "ss[a0.2]", "bss[a0.2]", "flat", "slm") and a
// bracketed register range with an optional scale and offset.
func addressOK(s string) bool {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
			if depth > 1 {
				return false
			}
		case ']':
			depth--
			if depth < 0 {
				return false
			}
		case ' ', '\t':
			return false
		}
	}
	if depth != 0 || !strings.HasSuffix(s, "]") {
		return false
	}
	model := s[:strings.IndexByte(s, '[')]
	return model == "" || isIdent(model)
}
