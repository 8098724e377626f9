// Package visatext reads IGC's vISA text (.visaasm): the disassembler's
// form at vISA 4.1 and 4.2, and the source text Intel's assembler accepts.
//
// Each kernel or function becomes a decoder.Stream: every instruction is
// kept with its text and $N, and each resinfo / sampleinfo line is rebuilt
// into its binary encoding in the igc layout and decoded by the decoder's
// own INFO code, so an INFO read from text is the same record as one read
// from a binary, except for the file offset, which text does not have.
//
// Decode is the front ends' one entry for an input of any kind: it reads
// vISA text here and hands everything else to decoder.Decode.
package visatext

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"infoscope/decoder"
)

// Reason is the File.LayoutReason of an input read from text.
const Reason = "igc: INFO bytes rebuilt from vISA text, which has no file offsets"

// Decode decodes one input of any kind: vISA text (detected by
// decoder.IsText, or forced by o.Text) with Read, anything else with
// decoder.Decode. The front ends call it for every input, so that no
// reader has to be registered anywhere.
func Decode(name string, data []byte, o decoder.Options) *decoder.File {
	if len(data) == 0 || !o.Text && !decoder.IsText(data) {
		return decoder.Decode(name, data, o)
	}
	f := Read(name, data)
	// Options that do not apply to text are said not to, rather than
	// ignored in silence.
	if o.Layout == decoder.LayoutSeed {
		f.Warnings = append(f.Warnings, o.Say(decoder.OptionLayout)+" seed does not apply to vISA text: its INFO are rebuilt in the igc layout, as Intel's tools encode them")
	}
	if o.Offset != 0 {
		f.Warnings = append(f.Warnings, o.Say(decoder.OptionOffset)+" does not apply to vISA text (it reads every line)")
	}
	return f
}

// Read reads the vISA text data (or the .visaasm sections of a zebin ELF)
// into a File. It never fails as a whole: every line that cannot be read is
// a located *decoder.TextError in File.Errors, and the rest still opens.
func Read(name string, data []byte) *decoder.File {
	f := &decoder.File{Name: name, Data: data, Layout: decoder.LayoutIGC, LayoutReason: Reason}
	if decoder.IsELF(data) {
		secs, err := decoder.TextSections(data)
		if err != nil {
			f.Errors = append(f.Errors, &decoder.FormatError{File: name, Field: "ELF sections", Expected: "a zebin ELF with .visaasm sections", Found: err.Error(), Err: decoder.ErrBadValue})
			return f
		}
		for _, s := range secs {
			sub := readText(name+"("+s.Name+")", s.Data)
			f.Streams = append(f.Streams, sub.Streams...)
			f.Errors = append(f.Errors, sub.Errors...)
			f.MoreErrors += sub.MoreErrors
			f.Warnings = append(f.Warnings, sub.Warnings...)
		}
		return f
	}
	sub := readText(name, data)
	sub.Data = data
	return sub
}

func readText(name string, raw []byte) *decoder.File {
	p := &parser{file: name, f: &decoder.File{Name: name, Layout: decoder.LayoutIGC, LayoutReason: Reason}}
	// One conversion: lines, names and instruction texts are substrings.
	data := strings.TrimPrefix(string(raw), decoder.BOM)
	// One instruction buffer for all bodies, sized by the lines: appends
	// never regrow it. Each body's stream keeps its part (NewTextStream),
	// and the next body starts after it.
	p.insts = make([]decoder.TextInst, 0, strings.Count(data, "\n")+1)
	// The bodies kept are at most one per bodyBytes of the text: each
	// costs some 700 bytes however short (a stream, its names and
	// symbols), so that text of tiny bodies costs memory in proportion.
	p.textLen = len(data)
	p.maxBodies = len(data)/bodyBytes + 1
	line := 0
	for l := range strings.Lines(data) {
		line++
		l, ok := strings.CutSuffix(l, "\n")
		if !ok {
			p.eofLine, p.eofCol = line, len(l)+1
		}
		p.line(line, strings.TrimSuffix(l, "\r"))
	}
	if p.eofLine == 0 {
		p.eofLine, p.eofCol = line+1, 1
	}
	p.end()
	p.f.MoreErrors = p.dropped
	return p.f
}

// maxGap is the largest jump in /// $N numbers taken as written.
const maxGap = 64

// decls is what a body's instructions resolve names with: kept by the
// body while it is read, then by its names.
type decls struct {
	varByNm  map[string][]int // general variables: name -> indices into body.vars
	varLines []int            // declaration line of each
	varEnd   []int32          // the last line where each is visible (its scope's end)
	varDepth []uint8          // the scope depth of each declaration
	uses     []labelUse       // branch targets, in line order
	// ids maps the declared names of addresses, predicates, samplers and
	// surfaces to the names IGC prints (A0, P1, S0, T6); nil when the body
	// declares none.
	ids     map[string]string
	idDecls []idDecl         // every such declaration, in line order
	idByNm  map[string][]int // names declared more than once -> indices into idDecls (body.setID)
}

// body is the kernel or function being read.
type body struct {
	decls
	tb       decoder.TextBody
	line     int               // of its .kernel / .global_function line
	vars     []decoder.VarInfo // general variables, id 32+k
	scopes   []scopeMark       // open { } scopes
	surfByNm map[string]int    // declared surface identifier -> index (6+k)
	others   map[string]byte   // address, predicate, sampler names -> v_type
	nstate   [3]int            // addresses, predicates, samplers declared so far
	labels   []int32           // indices in tb.Insts of the labels, checked at the body's end
	infos    []pendingInfo     // INFO lines, built at the body's end
	next     int               // $N of the next instruction
	sub      string            // a .function subroutine waiting for its label
	subAt    [2]int            // where that .function was
	last     int               // index of the last instruction read in tb.Insts; -1 none
	inInline bool              // inside a "/// Inlined ASM" block
	inlineAt int               // line of the first such block; 0 none
	inlined  int               // instructions read inside such blocks
	shifted  int               // /// $N comments short by exactly inlined
	shiftAt  int               // line of the first of them
}

type labelUse struct {
	name      string
	line, col int
}

type pendingInfo struct {
	k         int // index into tb.Insts
	line, col int
}

// tok is a piece of a line with its 1-based column.
type tok struct {
	s   string
	col int
}

type parser struct {
	infoInst        decoder.Instruction // scratch for each INFO line (buildInfo)
	file            string
	f               *decoder.File
	ver             decoder.Version
	haveVer         bool
	verLine         int
	b               *body
	eofLine, eofCol int
	pendingVerAtEOF bool
	sawBody         bool
	insts           []decoder.TextInst // reused by every body
	spare           *body              // the last body closed, reused by the next
	labelBuf        []int32            // body.labels of every body, in turn
	maxBodies       int                // see readText
	textLen         int                // bytes of the text
	overBodies      bool               // a body past maxBodies was met
	dropped         int                // errors past maxErrors
	named           map[string]bool    // long body names already quoted whole in a message
}

// maxNameInMessage is the longest body name messages repeat whole: a
// longer one (C++ kernels' mangled names run to 1,000 characters) is
// quoted whole in the file's first message that names it, and cut short
// in the others.
const maxNameInMessage = 48

// maxNameWhole is the longest name quoted whole even once: past it a name
// is a hostile one (a 100 KB kernel name made a 100 KB message).
const maxNameWhole = 4096

// nameOf returns a body's name as a message shows it.
func (p *parser) nameOf(b *body) string {
	name := b.tb.Name
	if len(name) <= maxNameInMessage {
		return name
	}
	if p.named == nil {
		p.named = map[string]bool{}
	}
	if !p.named[name] && len(name) <= maxNameWhole {
		p.named[name] = true
		return strconv.Quote(name)
	}
	return strconv.Quote(name[:maxNameInMessage-8] + "…" + name[len(name)-7:])
}

// bodyBytes is the text a body kept needs on average (see readText):
// IGC's are thousands of bytes, and the shortest text that makes one,
// `.kernel "k"` and `ret (M1, 1)`, is 28.
const bodyBytes = 64

// maxErrors is how many errors a file lists; past it they are counted, so
// that text that is all errors costs memory in proportion to its size.
const maxErrors = 1000

func (p *parser) errAt(line, col int, expected, found string) {
	if p.full() {
		return
	}
	p.f.Errors = append(p.f.Errors, &decoder.TextError{File: p.file, Line: line, Col: col, Expected: expected, Found: found})
}

func (p *parser) msgAt(line, col int, format string, a ...any) {
	if p.full() {
		return
	}
	p.f.Errors = append(p.f.Errors, &decoder.TextError{File: p.file, Line: line, Col: col, Msg: fmt.Sprintf(format, a...)})
}

// full reports whether the error list is full, counting the error.
func (p *parser) full() bool {
	if len(p.f.Errors) < maxErrors {
		return false
	}
	p.dropped++
	return true
}

// found describes the text at a position for an error message.
func found(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return "end of line"
	}
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return strconv.Quote(s)
}

func (p *parser) line(n int, raw string) {
	t := strings.TrimLeft(raw, " \t")
	indent := len(raw) - len(t)
	col := indent + 1
	if strings.TrimSpace(t) == "" {
		return
	}
	if strings.HasPrefix(t, "//") {
		// IGC's .inline.visaasm brackets each inline assembly block so.
		if p.b != nil && strings.HasPrefix(t, "/// Inlined ASM") {
			p.b.inInline = true
			if p.b.inlineAt == 0 {
				p.b.inlineAt = n
			}
		} else if p.b != nil && strings.HasPrefix(t, "/// End Inlined ASM") {
			p.b.inInline = false
		}
		return
	}
	if t[0] == '.' {
		p.directive(n, col, t)
		return
	}
	if t == "{" || t == "}" {
		// Scopes (hand-written text, IGC's inline assembly): a variable
		// declared inside one is visible up to its end.
		if p.b != nil {
			p.b.scope(t == "{", n)
		}
		return
	}
	if name, ok := labelLine(t); ok {
		p.label(n, col, name, t[:len(name)+1])
		return
	}
	p.instruction(n, col, t)
}

// labelLine reports whether t is "name:" (a label), optionally followed by
// a comment.
func labelLine(t string) (string, bool) {
	if w, _, _ := strings.Cut(t, " "); !strings.HasSuffix(w, ":") {
		return "", false // the common case, an instruction, without a scan
	}
	code, _ := splitComment(t)
	code = strings.TrimSpace(code)
	if !strings.HasSuffix(code, ":") {
		return "", false
	}
	name := code[:len(code)-1]
	if name == "" || !isIdent(name) {
		return "", false
	}
	return name, true
}

func isIdent(s string) bool {
	for i, c := range s {
		switch {
		case c == '_' || c == '$' || c == '.' || c == '%' || c == '@':
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return s != ""
}

// splitComment cuts a line at its first // outside a quoted string.
func splitComment(s string) (code, comment string) {
	i := strings.Index(s, "//")
	if i < 0 {
		return s, ""
	}
	if strings.IndexByte(s[:i], '"') < 0 {
		return s[:i], s[i:]
	}
	inq := false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '"':
			inq = !inq
		case !inq && s[i] == '/' && i+1 < len(s) && s[i+1] == '/':
			return s[:i], s[i:]
		}
	}
	return s, ""
}

func (p *parser) needBody(n, col int, what string) bool {
	if p.b != nil {
		return true
	}
	p.errAt(n, col, ".kernel or .global_function before "+what, found(what))
	return false
}

func (p *parser) directive(n, col int, t string) {
	word, rest, _ := strings.Cut(t, " ")
	if i := strings.IndexByte(word, '\t'); i >= 0 {
		word, rest = word[:i], word[i+1:]+" "+rest
	}
	restCol := col + len(word) + 1
	switch {
	case word == ".version":
		code, _ := splitComment(rest)
		v, ok := parseVersion(strings.TrimSpace(code))
		if !ok {
			p.errAt(n, restCol, "a version MAJOR.MINOR such as 4.1 or 4.2", found(code))
			return
		}
		p.closeBody(n, col, word)
		p.ver, p.haveVer, p.verLine = v, true, n
		p.pendingVerAtEOF = true
	case word == ".kernel" || word == ".global_function" || (word == ".function" && p.b == nil):
		name, ok := quoted(rest)
		if !ok {
			p.errAt(n, restCol, `a quoted name, e.g. "my_kernel"`, found(rest))
			return
		}
		p.closeBody(n, col, word)
		p.pendingVerAtEOF = false
		if !p.haveVer {
			p.errAt(n, col, ".version before "+word+" (the INFO operand widths depend on it; 4.1 assumed)", found(word))
			p.ver, p.haveVer = decoder.DefaultVersion(), true
		}
		kind := decoder.KindKernel
		if word != ".kernel" {
			kind = decoder.KindFunction
		}
		p.sawBody = true
		// The maps are made when a declaration or an INFO needs them, and
		// the body's struct is the last one's: text of nothing but
		// .kernel lines cost 100 bytes a byte.
		b := p.spare
		if b == nil {
			b = new(body)
		}
		p.spare = nil
		*b = body{
			tb:   decoder.TextBody{Kind: kind, Name: decoder.DisplayName([]byte(name)), Version: p.ver},
			line: n, last: -1,
		}
		b.tb.Insts = p.insts[:0]
		p.b = b
	case word == ".function":
		// Inside a body: a subroutine. IGC's printer follows it with its
		// label (one instruction, printed on two lines); the assembler
		// also takes it alone, and then it is the subroutine itself.
		name, ok := quoted(rest)
		if !ok {
			p.errAt(n, restCol, `a quoted subroutine name`, found(rest))
			return
		}
		p.flushSub()
		p.b.sub, p.b.subAt = name, [2]int{n, col}
	case word == ".funcdecl":
		if !p.needBody(n, col, word) {
			return
		}
		// For information only: the functions of the same build.
		if _, ok := quoted(rest); !ok {
			p.errAt(n, restCol, `a quoted function name`, found(rest))
		}
	case word == ".decl":
		if p.needBody(n, col, word) {
			p.decl(n, restCol, rest)
		}
	case word == ".input" || word == ".parameter" || strings.HasPrefix(word, ".implicit_"):
		if p.needBody(n, col, word) {
			p.input(n, restCol, rest)
		}
	case word == ".kernel_attr":
		if !p.needBody(n, col, word) {
			return
		}
		attr, inst, instCol := splitAttr(rest, restCol)
		if k, v, ok := strings.Cut(attr, "="); ok {
			if k == "" || v == "" {
				p.errAt(n, restCol, "an attribute Name or Name=value", found(attr))
			}
		} else if strings.TrimSpace(attr) == "" {
			p.errAt(n, restCol, "an attribute name", found(attr))
		}
		if strings.TrimSpace(inst) != "" {
			p.instruction(n, instCol, strings.TrimLeft(inst, " "))
		}
	default:
		p.errAt(n, col, "a directive (.version, .kernel, .global_function, .decl, .input, .kernel_attr, ...)", found(word))
	}
}

// parseVersion reads .version's MAJOR.MINOR; no writer made a version
// before 3.
func parseVersion(s string) (decoder.Version, bool) {
	v, ok := decoder.ParseVersion(s)
	return v, ok && v.Major >= 3
}

// quoted returns the quoted string at the start of s (after blanks); the
// rest of the line may only be a comment.
func quoted(s string) (string, bool) {
	s = strings.TrimLeft(s, " \t")
	if len(s) < 2 || s[0] != '"' {
		return "", false
	}
	end := strings.IndexByte(s[1:], '"')
	if end < 0 {
		return "", false
	}
	rest := strings.TrimSpace(s[end+2:])
	if rest != "" && !strings.HasPrefix(rest, "//") {
		return "", false
	}
	return s[1 : end+1], true
}

// splitAttr splits a .kernel_attr line at the first run of 4 spaces
// outside a quoted value: the printer writes the body's first instruction
// on the same line.
func splitAttr(rest string, col int) (attr, inst string, instCol int) {
	inq := false
	for i := 0; i < len(rest); i++ {
		switch {
		case rest[i] == '"':
			inq = !inq
		case !inq && strings.HasPrefix(rest[i:], "    "):
			j := i
			for j < len(rest) && rest[j] == ' ' {
				j++
			}
			return rest[:i], rest[i:], col + j
		}
	}
	a, _ := splitComment(rest)
	return strings.TrimSpace(a), "", 0
}

// fieldScan splits declaration text into key=value words, one at a time;
// <...>, {...} and "..." may hold blanks. One at a time: a reader stops
// at the first bad word, and a line of millions of words cost a slice of
// them all (a .decl of 8.4M words, 44 bytes a byte).
type fieldScan struct {
	s   string
	col int // of s[0]
	pos int
}

// next returns the next word and its column, or false past the last.
func (f *fieldScan) next() (tok, bool) {
	s := f.s
	depth, inq, start := 0, false, -1
	for i := f.pos; i <= len(s); i++ {
		if i == len(s) {
			f.pos = i
			if start >= 0 {
				return tok{s[start:], f.col + start}, true
			}
			return tok{}, false
		}
		c := s[i]
		if start < 0 && c != ' ' && c != '\t' {
			start = i
		}
		switch {
		case c == '"':
			inq = !inq
		case inq:
		case c == '<' || c == '{':
			depth++
		case c == '>' || c == '}':
			depth--
		case (c == ' ' || c == '\t') && depth <= 0 && start >= 0:
			f.pos = i
			return tok{s[start:i], f.col + start}, true
		}
	}
	return tok{}, false
}

// declKeys are the keys of a .decl a reader looks at; the others are
// checked as key=value words and not kept.
var declKeys = [...]string{"v_type", "type", "num_elts", "align", "alias", "v_name"}

// declVals holds a .decl's values of declKeys (the last of each).
type declVals struct {
	v   [len(declKeys)]tok
	has [len(declKeys)]bool
}

func (d *declVals) set(k string, v tok) {
	if i := slices.Index(declKeys[:], k); i >= 0 {
		d.v[i], d.has[i] = v, true
	}
}

// get returns the value of k, one of declKeys.
func (d *declVals) get(k string) (tok, bool) {
	i := slices.Index(declKeys[:], k)
	return d.v[i], d.has[i]
}

// typeSizes are the element sizes of the .decl type names, in bytes; e2m1
// (4-bit) counts as half a byte.
var typeSizes = map[string]float64{
	"ud": 4, "d": 4, "uw": 2, "w": 2, "ub": 1, "b": 1, "df": 8, "f": 4, "v": 4, "vf": 4,
	"bool": 1, "uq": 8, "uv": 4, "q": 8, "hf": 2, "bf": 2, "tf32": 4, "hf8": 1, "bf8": 1, "e2m1": 0.5,
}

var alignNames = map[string]bool{
	"byte": true, "word": true, "dword": true, "qword": true, "oword": true, "GRF": true,
	"GRFx2": true, "hword": true, "wordx32": true, "wordx64": true, "2_GRF": true,
	"2GRF": true, "32word": true, "64word": true, // the assembler's spellings
}

// alignBytes reports whether s is an alignment the assembler takes as a
// byte count (align=64 in inline assembly): 1, 2, 4, ..., 128.
func alignBytes(s string) bool {
	v, err := strconv.Atoi(s)
	return err == nil && v >= 1 && v <= 128 && v&(v-1) == 0
}

// declFields starts reading a declaration's fields (rest, at col of line
// n, after its keyword): the first is the name it declares (what).
func (p *parser) declFields(n, col int, rest, what string) (fs fieldScan, code string, name tok, ok bool) {
	code, _ = splitComment(rest)
	fs = fieldScan{s: code, col: col}
	if name, ok = fs.next(); !ok {
		p.errAt(n, col, what, "end of line")
	}
	return fs, code, name, ok
}

func (p *parser) decl(n, col int, rest string) {
	fs, code, name, ok := p.declFields(n, col, rest, "a variable name")
	if !ok {
		return
	}
	if strings.Contains(name.s, "=") || !isIdent(name.s) {
		p.errAt(n, name.col, "a variable name", found(name.s))
		return
	}
	var kv declVals
	for f, ok := fs.next(); ok; f, ok = fs.next() {
		k, v, ok := strings.Cut(f.s, "=")
		if !ok || k == "" {
			p.errAt(n, f.col, "key=value (v_type=, type=, num_elts=, align=, alias=, attrs=, v_name=)", found(f.s))
			return
		}
		kv.set(k, tok{v, f.col + len(k) + 1})
	}
	vt, ok := kv.get("v_type")
	if !ok {
		p.errAt(n, name.col+len(name.s)+1, "v_type=G, A, P, S or T", found(code[len(name.s):]))
		return
	}
	elts := 1
	if ne, ok := kv.get("num_elts"); ok {
		v, err := strconv.ParseUint(ne.s, 0, 16)
		if err != nil || v == 0 {
			p.errAt(n, ne.col, "num_elts between 1 and 65535", found(ne.s))
			return
		}
		elts = int(v)
	} else if vt.s != "T" && vt.s != "S" {
		p.errAt(n, col+len(code), "num_elts=N", "end of line")
		return
	}
	b := p.b
	switch vt.s {
	case "G":
		ty, ok := kv.get("type")
		// IGC's lexer takes type names in either case (type=UD).
		tyName := strings.ToLower(ty.s)
		size, known := typeSizes[tyName]
		if !ok || !known {
			p.errAt(n, max(ty.col, name.col), "type=ud, d, uw, w, ub, b, df, f, v, vf, bool, uq, uv, q, hf, bf, tf32, hf8, bf8 or e2m1", found(ty.s))
			return
		}
		vi := decoder.VarInfo{Name: name.s, Bytes: int(float64(elts)*size + 0.5)}
		if al, ok := kv.get("align"); ok {
			if !alignNames[al.s] && !alignBytes(al.s) {
				p.errAt(n, al.col, "align=word, dword, qword, oword, GRF, GRFx2, hword, wordx32 or wordx64", found(al.s))
				return
			}
			vi.Align = al.s
			if al.s == "2_GRF" {
				vi.Align = "GRFx2" // two spellings of one alignment
			}
		}
		for code := uint8(0); code < 16; code++ {
			if decoder.TypeName(code) == tyName {
				vi.Type = code // what a binary's var_info holds; types past the table stay 0
			}
		}
		if al, ok := kv.get("alias"); ok && !p.alias(n, al, &vi) {
			return
		}
		if b.varByNm == nil {
			b.varByNm = map[string][]int{}
		}
		b.varByNm[name.s] = append(b.varByNm[name.s], len(b.vars))
		b.vars = append(b.vars, vi)
		b.varLines = append(b.varLines, n)
		b.varEnd = append(b.varEnd, math.MaxInt32)
		b.varDepth = append(b.varDepth, uint8(min(len(b.scopes), 255)))
	case "T":
		vname := name.s
		if v, ok := kv.get("v_name"); ok {
			vname = v.s
		}
		if b.tb.Symbols == nil {
			b.tb.Symbols = &decoder.Symbols{}
		}
		idx := decoder.NumPredefinedSurfaces + len(b.tb.Symbols.Surfaces)
		if _, dup := b.surfByNm[name.s]; !dup {
			if b.surfByNm == nil {
				b.surfByNm = map[string]int{}
			}
			b.surfByNm[name.s] = idx
		}
		b.tb.Symbols.Surfaces = append(b.tb.Symbols.Surfaces, vname)
		b.setID(name.s, "T"+strconv.Itoa(idx), n)
	case "A", "P", "S":
		if b.others == nil {
			b.others = map[string]byte{}
		}
		b.others[name.s] = vt.s[0]
		// IGC numbers them by declaration order: A0.., P1.. (P0 is no
		// predicate), S0...
		k := strings.IndexByte("APS", vt.s[0])
		first := 0
		if vt.s == "P" {
			first = 1
		}
		b.setID(name.s, vt.s+strconv.Itoa(first+b.nstate[k]), n)
		b.nstate[k]++
	case "VME", "F":
		// 2018 forms: no instruction refers to them by this name.
	default:
		p.errAt(n, vt.col, "v_type=G, A, P, S or T", found(vt.s))
	}
}

// setID records the name IGC prints for an address, predicate, sampler
// or surface declared as name on line n. A name declared again (each
// inline-assembly block of an .inline.visaasm declares its own
// INTERLEAVE_2, and IGC numbers each one anew: P46, then P50) is resolved
// by line and scope (names.idAt); elsewhere the first declaration wins.
func (b *body) setID(name, id string, n int) {
	if b.ids == nil {
		b.ids = map[string]string{}
	}
	k := len(b.idDecls)
	b.idDecls = append(b.idDecls, idDecl{name: name, id: id, line: int32(n), end: math.MaxInt32, depth: uint8(min(len(b.scopes), 255))})
	first, dup := b.ids[name]
	if !dup {
		b.ids[name] = id
		return
	}
	if b.idByNm == nil {
		b.idByNm = map[string][]int{}
	}
	if b.idByNm[name] == nil {
		// The first declaration, found again by its id.
		for j := range b.idDecls[:k] {
			if b.idDecls[j].id == first {
				b.idByNm[name] = []int{j}
				break
			}
		}
	}
	b.idByNm[name] = append(b.idByNm[name], k)
}

// scopeMark is where an open { } scope began: the counts of general
// variables and of other declarations then.
type scopeMark struct{ vars, ids int }

// idDecl is one declaration of an address, predicate, sampler or surface
// name: the name IGC prints for it and where it is visible.
type idDecl struct {
	name  string // as declared
	id    string
	line  int32 // its .decl line
	end   int32 // the last line where it is visible
	depth uint8 // its scope depth
}

// scope opens ({) or closes (}) a scope on line n.
func (b *body) scope(open bool, n int) {
	if open {
		b.scopes = append(b.scopes, scopeMark{len(b.vars), len(b.idDecls)})
		return
	}
	if len(b.scopes) == 0 {
		return // an unmatched }: nothing declared in it
	}
	from := b.scopes[len(b.scopes)-1]
	b.scopes = b.scopes[:len(b.scopes)-1]
	for k := from.vars; k < len(b.varEnd); k++ {
		b.varEnd[k] = min(b.varEnd[k], int32(n))
	}
	for k := from.ids; k < len(b.idDecls); k++ {
		b.idDecls[k].end = min(b.idDecls[k].end, int32(n))
	}
}

// alias checks alias=<base, offset> and records it in vi.
func (p *parser) alias(n int, al tok, vi *decoder.VarInfo) bool {
	in := strings.TrimSpace(al.s)
	if !strings.HasPrefix(in, "<") || !strings.HasSuffix(in, ">") {
		p.errAt(n, al.col, "alias=<base, offset>", found(al.s))
		return false
	}
	base, off, ok := strings.Cut(in[1:len(in)-1], ",")
	base, off = strings.TrimSpace(base), strings.TrimSpace(off)
	o, err := strconv.ParseUint(off, 0, 32)
	if !ok || err != nil {
		p.errAt(n, al.col, "alias=<base, offset> with a byte offset", found(al.s))
		return false
	}
	ks, ok := p.b.varByNm[base]
	if !ok && predefinedVar(base) < 0 {
		p.errAt(n, al.col+1, "an alias base declared before it (a general variable or %name)", found(base))
		return false
	}
	if ok {
		vi.Alias = uint32(decoder.NumPredefinedVars + ks[len(ks)-1])
	} else {
		vi.Alias = uint32(predefinedVar(base))
	}
	vi.AliasOffset = int(o)
	return true
}

func (p *parser) input(n, col int, rest string) {
	fs, _, name, ok := p.declFields(n, col, rest, "an input variable name")
	if !ok {
		return
	}
	_, isVar := p.b.varByNm[name.s]
	_, isSurface := p.b.surfByNm[name.s]
	_, isOther := p.b.others[name.s]
	if !isVar && !isSurface && !isOther && predefinedVar(name.s) < 0 && !isGenerated(name.s, 'T') && !isGenerated(name.s, 'S') {
		p.errAt(n, name.col, "a declared variable", found(name.s))
		return
	}
	for f, ok := fs.next(); ok; f, ok = fs.next() {
		k, v, ok := strings.Cut(f.s, "=")
		if !ok || (k != "offset" && k != "size") {
			p.errAt(n, f.col, "offset=N or size=N", found(f.s))
			return
		}
		if _, err := strconv.ParseInt(v, 0, 32); err != nil {
			p.errAt(n, f.col+len(k)+1, "a number", found(v))
			return
		}
	}
}

// label adds a label; text is "name:", a substring of the line.
func (p *parser) label(n, col int, name, text string) {
	if !p.needBody(n, col, text) {
		return
	}
	b := p.b
	kind := "label"
	if b.sub != "" && (b.sub == name || strings.HasPrefix(name, b.sub)) {
		kind, b.sub = "subroutine", ""
	}
	p.flushSub() // a .function alone, then this label
	p.addLabel(n, col, text, kind)
}

// flushSub adds a .function not followed by its label as the subroutine
// instruction it is (the assembler's form: "NAME:" its text, its line the
// directive's).
func (p *parser) flushSub() {
	b := p.b
	if b == nil || b.sub == "" {
		return
	}
	name := b.sub
	b.sub = ""
	p.addLabel(b.subAt[0], b.subAt[1], name+":", "subroutine")
}

// addLabel adds the label or subroutine instruction (kind) text at line
// n, column col.
func (p *parser) addLabel(n, col int, text, kind string) {
	b := p.b
	if b.labels == nil {
		// A buffer for all bodies, as p.insts: a label is a line.
		if p.labelBuf == nil {
			p.labelBuf = make([]int32, 0, cap(p.insts))
		}
		b.labels = p.labelBuf[:0]
	}
	b.labels = append(b.labels, int32(len(b.tb.Insts)))
	op := opcodeOf()[kind]
	p.add(decoder.TextInst{Line: int32(n), Col: int32(col), N: int32(b.next), Text: text, Op: op[0], Sub: op[1]})
}
func (p *parser) add(t decoder.TextInst) {
	b := p.b
	b.next = int(t.N) + 1
	b.tb.Insts = append(b.tb.Insts, t)
	b.last = len(b.tb.Insts) - 1
}

func (p *parser) instruction(n, col int, t string) {
	if !p.needBody(n, col, "an instruction") {
		return
	}
	p.flushSub()
	b := p.b
	code, comment := splitComment(t)
	code = strings.TrimRight(code, " \t")
	num := b.next
	if c, ok := strings.CutPrefix(comment, "/// $"); ok {
		v, err := strconv.Atoi(strings.TrimSpace(c))
		switch {
		case err != nil || v < 0:
			p.errAt(n, col+len(t)-len(comment)+5, "an instruction number after /// $", found(c))
		case v != b.next && b.inlined > 0 && v == b.next-b.inlined:
			// IGC's first pass numbered the instructions before it parsed
			// the inline assembly blocks: the comments skip them. Noted
			// once per body, when it ends.
			if b.shifted == 0 {
				b.shiftAt = n
			}
			b.shifted++
		case v != b.next:
			// The printer numbers every instruction, labels included: a
			// gap or a step back means lines are missing or moved.
			p.msgAt(n, col+len(t)-len(comment), "numbered $%d, but it is instruction $%d of %s (counting labels)", v, b.next, p.nameOf(b))
		}
		// A small gap is believed (the numbers are the binary's); a step
		// back or a leap is not, so the stream stays in order and its
		// size bounded by the lines.
		if err == nil && v >= b.next && v <= b.next+maxGap {
			num = v
		}
	}
	if code == "" {
		return
	}
	// Predicate, then the mnemonic.
	rest, rcol := code, col
	pred := strings.HasPrefix(rest, "(")
	if pred {
		end := strings.IndexByte(rest, ')')
		if end < 0 {
			p.errAt(n, col, "a predicate (P1) or (!P1) closed by )", found(rest))
			return
		}
		trim := strings.TrimLeft(rest[end+1:], " ")
		rcol += len(rest) - len(trim)
		rest = trim
	}
	mnem, _, _ := strings.Cut(rest, " ")
	mnem, _, _ = strings.Cut(mnem, "(") // vme_ime(0,1)
	base, _, _ := strings.Cut(mnem, ".")
	inst := decoder.TextInst{Line: int32(n), Col: int32(col), N: int32(num), Text: code}
	if b.inInline {
		b.inlined++
	}
	if op, ok := opcodeOf()[base]; ok && base != "resinfo" && base != "sampleinfo" {
		inst.Op, inst.Sub = op[0], op[1]
	}
	if mnem == "" {
		p.errAt(n, rcol, "a mnemonic", found(rest))
	} else if !knownMnemonic(base) {
		p.msgAt(n, rcol, "unknown mnemonic %s: kept as text", found(mnem))
	}
	switch base {
	case "resinfo", "sampleinfo":
		if pred {
			p.msgAt(n, col, "%s takes no predicate (its encoding has none): kept as text", base)
			break
		}
		// Parsed when the body's declarations are all known (buildInfo).
		inst.Op, inst.Sub = decoder.OpINFO, uint8(decoder.OpResinfo)
		if base == "sampleinfo" {
			inst.Sub = uint8(decoder.OpSampleinfo)
		}
		b.infos = append(b.infos, pendingInfo{k: len(b.tb.Insts), line: n, col: rcol})
	case "jmp", "goto", "call":
		// The last word (not strings.Fields: a slice of every word).
		if r := strings.TrimRight(rest, " \t"); r != "" {
			at := strings.LastIndexAny(r, " \t") + 1
			b.uses = append(b.uses, labelUse{r[at:], n, rcol + at})
		}
	case "switchjmp":
		// switchjmp (M1, 1) INDEX (L1, L2, ...): each label is named here,
		// in order, as IGC's assembler creates them.
		if open, close := strings.LastIndexByte(rest, '('), strings.LastIndexByte(rest, ')'); open >= 0 && close > open {
			at := open + 1
			for _, tgt := range strings.Split(rest[open+1:close], ",") {
				name := strings.TrimSpace(tgt)
				if name != "" {
					b.uses = append(b.uses, labelUse{name, n, rcol + at + strings.Index(tgt, name)})
				}
				at += len(tgt) + 1
			}
		}
	}
	p.add(inst)
}

// closeBody finishes the current body: INFO bytes are built (every
// declaration is known by now), branch targets are checked, and the body
// becomes a stream. A body with no instruction is an error (IGC ends each
// with ret or fret) and no stream: next, at line n column col, is what
// came instead ("" at the end of the text, which end reports).
func (p *parser) closeBody(n, col int, next string) {
	b := p.b
	if b == nil {
		return
	}
	p.flushSub()
	p.b = nil
	defer func() { p.spare = b }()
	if b.last < 0 {
		if next != "" {
			p.errAt(n, col, fmt.Sprintf("the instructions of %s (line %d), ending with ret or fret", p.nameOf(b), b.line), found(next))
		}
		return
	}
	if len(p.f.Streams) >= p.maxBodies {
		if !p.overBodies {
			p.errAt(b.line, 1, fmt.Sprintf("at most %d kernels and functions in %d bytes of text (one per %d bytes on average)", p.maxBodies, p.textLen, bodyBytes),
				fmt.Sprintf("more: %s and the bodies after it are checked, not kept", p.nameOf(b)))
			p.overBodies = true
		}
		return
	}
	if b.shifted > 0 {
		p.f.Warnings = append(p.f.Warnings, fmt.Sprintf("%s: from line %d, %d /// $N comments do not count the %d instructions of its inline assembly (the first block on line %d): IGC numbered the body before it parsed the blocks; $N here counts every instruction, as the kernel's final dump does",
			p.nameOf(b), b.shiftAt, b.shifted, b.inlined, b.inlineAt))
	}
	if b.tb.Symbols == nil {
		b.tb.Symbols = &decoder.Symbols{}
	}
	b.tb.Symbols.Vars = b.vars
	nm := &names{decls: b.decls, sym: b.tb.Symbols}
	for _, pi := range b.infos {
		p.buildInfo(b, nm, pi)
	}
	b.tb.Names = nm
	p.checkLabels(b)
	st := decoder.NewTextStream(&b.tb)
	nm.text = st.Text
	p.f.Streams = append(p.f.Streams, st)
	p.insts = b.tb.Insts[len(b.tb.Insts):] // the stream may keep those before
}

// checkLabels reports labels defined twice and branches to labels not
// defined. The labels are sorted rather than put in a map: text of short
// label lines then costs memory in proportion to its size.
func (p *parser) checkLabels(b *body) {
	name := func(k int32) string { return strings.TrimSuffix(b.tb.Insts[k].Text, ":") }
	sort.SliceStable(b.labels, func(i, j int) bool { return name(b.labels[i]) < name(b.labels[j]) })
	// Past maxErrors an error is only counted: its message is not made
	// (a million labels defined twice made a million messages' worth of
	// garbage), and names are quoted clipped.
	for i := 1; i < len(b.labels); i++ {
		if k := b.labels[i]; name(k) == name(b.labels[i-1]) {
			in := b.tb.Insts[k]
			if p.full() {
				continue
			}
			p.f.Errors = append(p.f.Errors, &decoder.TextError{File: p.file, Line: int(in.Line), Col: int(in.Col),
				Msg: fmt.Sprintf("label %s is defined twice in %s (first on line %d)", decoder.Clip(name(k)), p.nameOf(b), b.tb.Insts[b.labels[i-1]].Line)})
		}
	}
	for _, u := range b.uses {
		i := sort.Search(len(b.labels), func(i int) bool { return name(b.labels[i]) >= u.name })
		if (i == len(b.labels) || name(b.labels[i]) != u.name) && !p.full() {
			p.f.Errors = append(p.f.Errors, &decoder.TextError{File: p.file, Line: u.line, Col: u.col,
				Expected: "a label defined in " + p.nameOf(b), Found: found(u.name)})
		}
	}
	p.labelBuf = b.labels[:0]
}

// end closes the last body and checks that the text did not stop inside
// one: IGC ends every kernel with ret and every function with fret.
func (p *parser) end() {
	b := p.b
	switch {
	case b != nil && b.last < 0:
		p.errAt(p.eofLine, p.eofCol, "the instructions of "+p.nameOf(b), "end of file")
	case b != nil && !endsBody(b):
		p.errAt(p.eofLine, p.eofCol, fmt.Sprintf("ret or fret at the end of %s (the text may be cut short after line %d)", p.nameOf(b), b.tb.Insts[b.last].Line), "end of file")
	case b == nil && p.pendingVerAtEOF:
		p.errAt(p.eofLine, p.eofCol, fmt.Sprintf(".kernel or .global_function after .version on line %d", p.verLine), "end of file")
	case b == nil && !p.sawBody:
		p.errAt(p.eofLine, p.eofCol, ".version and a .kernel", "end of file")
	}
	p.closeBody(0, 0, "")
}

// reTerminator matches a whole ret or fret line, so that text cut inside
// its last line ("ret (M1") does not pass for a complete body. The mask
// may be left out or written without a blank after its comma, as IGC's
// assembler reads them ("ret (1)", "ret (M1,1)").
var reTerminator = regexp.MustCompile(`^f?ret \(((M[1-8](_NM)?|NoMask), ?)?(1|2|4|8|16|32)\)$`)

func isTerminator(text string) bool { return reTerminator.MatchString(text) }

// endsBody reports whether the body's last instruction, labels after it
// aside (IGC's dumps may end in a label no branch reaches), is a
// ret or fret.
func endsBody(b *body) bool {
	for k := b.last; k >= 0; k-- {
		t := &b.tb.Insts[k]
		if t.Op == opcodeOf()["label"][0] || t.Op == opcodeOf()["subroutine"][0] {
			continue
		}
		return isTerminator(t.Text)
	}
	return false
}

// buildInfo has the decoder parse an INFO line through the opcode
// table's template, as it parses every line, and encode it in IGC's
// layout; what the parser refuses is located here, in the file.
func (p *parser) buildInfo(b *body, nm *names, pi pendingInfo) {
	inst := &b.tb.Insts[pi.k]
	sub := inst.Sub
	inst.Op, inst.Sub = 0, 0 // until the bytes exist
	enc, err := p.infoInst.EncodeInfoLine(inst.Text, b.tb.Version, nm, b.tb.Symbols, int32(pi.line))
	var le *decoder.LineError
	var ae *decoder.AmbiguousError
	var ee *decoder.EncodeError
	switch {
	case errors.As(err, &le):
		rest := strings.TrimLeft(le.Found, " ")
		col := pi.col + le.Col - 1 + len(le.Found) - len(rest)
		word, _, _ := strings.Cut(rest, " ")
		_, isVar := b.varByNm[word]
		switch {
		case strings.HasPrefix(le.Expected, "a surface") && strings.HasPrefix(le.Found, "("):
			p.msgAt(pi.line, col, "%s on a surface variable (the 64-bit surface form, %s) has no binary encoding: kept as text", decoder.InfoOp(sub), decoder.Clip(strings.TrimSpace(le.Found)))
		case strings.HasPrefix(le.Expected, "a surface") && isVar:
			p.msgAt(pi.line, col, "surface %s is a general variable (the 64-bit surface form): it has no binary encoding, kept as text", decoder.Clip(word))
		default:
			if !strings.HasPrefix(word, "(") {
				rest = strings.TrimRight(word, ",)") // the word, as it is named
			}
			p.errAt(pi.line, col, le.Expected, found(rest))
		}
		return
	case errors.As(err, &ae) && ae.ID >= decoder.NumPredefinedVars && int(ae.ID-decoder.NumPredefinedVars) < len(b.vars):
		name := b.vars[ae.ID-decoder.NumPredefinedVars].Name
		ks := b.varByNm[name]
		where := make([]string, 0, 3)
		for _, k := range ks[:min(3, len(ks))] {
			where = append(where, strconv.Itoa(b.varLines[k]))
		}
		more := ""
		if len(ks) > 3 {
			more = ", ..."
		}
		col := pi.col + max(strings.LastIndex(inst.Text, " "+name+"."), 0) + 1
		p.msgAt(pi.line, col, "%s is declared %d times in %s (lines %s%s): its id is ambiguous, so this INFO is kept as text", decoder.Clip(name), len(ks), p.nameOf(b), strings.Join(where, ", "), more)
		return
	case errors.As(err, &ee) && (ee.Field == "info.lod.id" || ee.Field == "info.dst.id"):
		// The operand is the last word (dst) or the one before (lod).
		t := strings.TrimRight(inst.Text, " \t")
		at := strings.LastIndexAny(t, " \t")
		if ee.Field == "info.lod.id" {
			t = t[:max(at, 0)]
			at = strings.LastIndexAny(t, " \t")
		}
		p.errAt(pi.line, pi.col+at+1, "a variable id below 65536 (vISA before 3.4 stores ids in 16 bits)", found(t[at+1:]))
		return
	case err != nil: // an emask version 3.0 cannot encode
		p.msgAt(pi.line, pi.col, "%v", err)
		return
	}
	inst.Op, inst.Sub = decoder.OpINFO, sub
	if b.tb.InfoBytes == nil {
		b.tb.InfoBytes = map[int][]byte{}
	}
	b.tb.InfoBytes[int(inst.N)] = enc
}

func predefinedVar(name string) int {
	for id := uint32(0); id < decoder.NumPredefinedVars; id++ {
		if n := decoder.PredefinedVarName(id); n != "" && n == name {
			return int(id)
		}
	}
	return -1
}

// isGenerated reports whether s is letter followed by decimal digits (T6,
// V0042, S0).
func isGenerated(s string, letter byte) bool {
	if len(s) < 2 || s[0] != letter {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
