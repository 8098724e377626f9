package decoder

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Intel's media driver, Media SDK and oneVPL ship their CM kernels as vISA
// object files inside C/C++ array initialisers (format doc §10). This file
// reads such a source: it finds every array initialiser of integers, packs
// it little-endian by its element width, cuts it to a NAME_SIZE constant
// when the source defines one, and finds the vISA images in it.

// CSource is what a C or C++ source holds.
type CSource struct {
	Arrays   []CArray // every array initialiser of integer literals, in source order
	Skipped  int      // initialisers that are not arrays of integer literals
	Errors   []error  // located errors: literals that are not numbers or do not fit
	Warnings []string
}

// CArray is one array initialiser.
type CArray struct {
	Name   string
	Line   int // line of the array's name
	Width  int // element width in bytes, from the declared type
	Data   []byte
	Images []CImage // the vISA images in Data
}

// CImage is one vISA object file inside an array: from a "CISA" magic to
// the next image or the end of the array.
type CImage struct {
	Name string // ARRAY[k]
	Off  int    // byte offset in the array
	Data []byte
}

// Images returns every image of every array, in order.
func (s *CSource) Images() []CImage {
	var out []CImage
	for _, a := range s.Arrays {
		out = append(out, a.Images...)
	}
	return out
}

var cExts = map[string]bool{".c": true, ".cc": true, ".cpp": true, ".cxx": true, ".c++": true, ".h": true, ".hh": true, ".hpp": true, ".hxx": true, ".inl": true}

// IsCSourceName reports whether name ends in a C or C++ source or header
// extension.
func IsCSourceName(name string) bool { return cExts[strings.ToLower(filepath.Ext(name))] }

var cArrayRE = regexp.MustCompile(`(\[[^\]\n;{}]*\]|_SHARED_ARRAY_U?INT(8|16|32)\s*\(\s*\w+\s*\))\s*(__attribute__\s*\(\(.*?\)\)\s*)?=\s*\{`)

// LooksLikeCSource reports whether data is text holding at least one array
// initialiser ("NAME[...] = {" or a DEFINE_SHARED_ARRAY_* macro), the test
// used for inputs whose name does not say (stdin, other extensions).
func LooksLikeCSource(data []byte) bool {
	if len(data) == 0 || bytes.HasPrefix(data, []byte(Magic)) || bytes.IndexByte(data[:min(len(data), 1<<16)], 0) >= 0 {
		return false
	}
	return cArrayRE.Match(data)
}

// ctok is one token of a C source.
type ctok struct {
	kind byte // 'i' identifier, 'n' number, 's' string, 'c' character literal, or the punctuation byte itself
	at   int  // byte offset of its first character
	text string
	raw  []byte // a number's characters (in the source: no copy per element)
}

// str returns the token's characters.
func (t ctok) str() string {
	if t.raw != nil {
		return string(t.raw)
	}
	return t.text
}

// cscan produces the tokens of a source with comments and preprocessor
// lines removed; "#define NAME NUMBER" lines are kept as constants.
type cscan struct {
	src    []byte
	pos    int
	consts map[string]string // NAME -> the number text it is defined as
	// skip > 0 inside "#if 0": the depth of conditionals to the one that
	// ends it. Other conditions cannot be evaluated and count as true.
	skip int
	// lines counts lines forward from the last position asked for, so
	// that the lines of a source's arrays, asked in order, cost one pass
	// in all (each counted from the start, 300,000 arrays took a minute).
	lines lineCounter
	// scratch collects an array's bytes; each array keeps an exact copy
	// (a capacity reserved per array, kept, made 300,000 small arrays
	// cost 2.3 GB).
	scratch []byte
}

// lineCounter gives the line and column of byte offsets of one source,
// counting from the offset it was last asked for when it can.
type lineCounter struct {
	at, line, lineStart int // a counted offset, its line, where that line starts
}

func (c *lineCounter) lineCol(src []byte, at int) (int, int) {
	at = min(max(at, 0), len(src))
	if c.line == 0 || at < c.at {
		c.at, c.line, c.lineStart = 0, 1, 0
	}
	for {
		i := bytes.IndexByte(src[c.at:at], '\n')
		if i < 0 {
			break
		}
		c.at += i + 1
		c.line++
		c.lineStart = c.at
	}
	c.at = at
	return c.line, at - c.lineStart + 1
}

func (s *cscan) next() (ctok, bool) {
	src := s.src
	lineStart := s.pos == 0 || src[s.pos-1] == '\n'
	for s.pos < len(src) {
		c := src[s.pos]
		switch {
		case c == '\n':
			s.pos++
			lineStart = true
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			s.pos++
			continue
		case c == '\\' && s.pos+1 < len(src) && (src[s.pos+1] == '\n' || src[s.pos+1] == '\r'):
			s.pos += 2 // a line continuation outside a directive
			continue
		case c == '/' && s.pos+1 < len(src) && src[s.pos+1] == '/':
			for s.pos < len(src) && src[s.pos] != '\n' {
				s.pos++
			}
			continue
		case c == '/' && s.pos+1 < len(src) && src[s.pos+1] == '*':
			end := bytes.Index(src[s.pos+2:], []byte("*/"))
			if end < 0 {
				s.pos = len(src)
			} else {
				s.pos += 2 + end + 2
			}
			continue
		case c == '#' && lineStart:
			s.directive()
			continue
		case s.skip > 0:
			for s.pos < len(src) && src[s.pos] != '\n' {
				s.pos++
			}
			continue
		}
		break
	}
	if s.pos >= len(src) {
		return ctok{}, false
	}
	start := s.pos
	c := src[s.pos]
	switch {
	case isIdentStart(c):
		for s.pos < len(src) && isIdentChar(src[s.pos]) {
			s.pos++
		}
		return ctok{kind: 'i', at: start, text: string(src[start:s.pos])}, true
	case c >= '0' && c <= '9' || c == '.' && s.pos+1 < len(src) && src[s.pos+1] >= '0' && src[s.pos+1] <= '9':
		for s.pos < len(src) && (isIdentChar(src[s.pos]) || src[s.pos] == '.' || src[s.pos] == '\'' && s.pos+1 < len(src) && isIdentChar(src[s.pos+1])) {
			s.pos++
		}
		return ctok{kind: 'n', at: start, raw: src[start:s.pos:s.pos]}, true
	case c == '"' || c == '\'':
		s.pos++
		for s.pos < len(src) && src[s.pos] != c && src[s.pos] != '\n' {
			if src[s.pos] == '\\' {
				s.pos++
			}
			s.pos++
		}
		s.pos = min(s.pos+1, len(src))
		kind := byte('s')
		if c == '\'' {
			kind = 'c'
		}
		return ctok{kind: kind, at: start, text: string(src[start:s.pos])}, true
	}
	s.pos++
	return ctok{kind: c, at: start}, true
}

// directive skips a preprocessor line (with its continuations), noting
// "#define NAME NUMBER".
func (s *cscan) directive() {
	start := s.pos
	for s.pos < len(s.src) {
		if s.src[s.pos] == '\n' && (s.pos == 0 || s.src[s.pos-1] != '\\') {
			break
		}
		s.pos++
	}
	line := string(s.src[start:s.pos])
	if i := strings.Index(line, "//"); i >= 0 {
		line = line[:i]
	}
	f := strings.Fields(line[1:])
	if len(f) == 0 {
		return
	}
	if s.skip > 0 {
		switch {
		case strings.HasPrefix(f[0], "if"):
			s.skip++
		case f[0] == "endif":
			s.skip--
		case (f[0] == "else" || f[0] == "elif") && s.skip == 1:
			s.skip = 0
		}
		return
	}
	switch {
	case f[0] == "if" && len(f) >= 2 && strings.Trim(strings.Join(f[1:], ""), "()") == "0":
		s.skip = 1
	case len(f) == 3 && f[0] == "define":
		s.consts[f[1]] = strings.Trim(f[2], "()")
	}
}

func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isIdentChar(c byte) bool  { return isIdentStart(c) || c >= '0' && c <= '9' }

// elemWidth returns the element width of a declared type (its identifiers,
// qualifiers included), or 0 when it is not an integer type this reader
// packs.
func elemWidth(typ []string) int {
	longs := 0
	w := 0
	for _, t := range typ {
		switch t {
		case "char", "uint8_t", "int8_t", "BYTE", "UCHAR", "UINT8", "INT8", "uchar", "u8", "s8", "CHAR", "uint8", "int8", "mfxU8", "mfxI8":
			w = 1
		case "short", "uint16_t", "int16_t", "WORD", "USHORT", "UINT16", "INT16", "ushort", "u16", "s16", "uint16", "int16", "mfxU16", "mfxI16":
			w = 2
		case "int", "uint32_t", "int32_t", "DWORD", "UINT", "UINT32", "INT32", "uint", "u32", "s32", "uint32", "int32", "mfxU32", "mfxI32", "ULONG", "LONG":
			if w == 0 {
				w = 4
			}
		case "unsigned", "signed":
			if w == 0 {
				w = 4 // "unsigned" alone is an int; a later char or short narrows it
			}
		case "long":
			longs++
		case "uint64_t", "int64_t", "QWORD", "UINT64", "INT64", "u64", "s64", "ULONGLONG", "mfxU64", "mfxI64":
			w = 8
		case "float", "double", "bool", "_Bool", "wchar_t", "char16_t", "char32_t", "void":
			return 0
		}
	}
	switch {
	case longs >= 2:
		return 8
	case longs == 1 && (w == 0 || w == 4):
		// Intel's sources come from Windows, where long is 4 bytes.
		return 4
	}
	return w
}

var sharedSizeMacro = regexp.MustCompile(`^(DEFINE|DECLARE)_SHARED_ARRAY_SIZE_U?INT(8|16|32|64)$`)

var sharedArrayMacro = regexp.MustCompile(`^(DEFINE|DECLARE)_SHARED_ARRAY_U?INT(8|16|32|64)$`)

// ParseCSource reads every array initialiser of integer literals in src
// (a C or C++ source named name), and the vISA images inside them.
func ParseCSource(name string, src []byte) *CSource {
	cs := &CSource{}
	s := &cscan{src: src, consts: map[string]string{}}
	badArrays := 0
	// The recent tokens, for finding the declarator before "= {".
	var back []ctok
	push := func(t ctok) {
		if len(back) == 64 {
			copy(back, back[32:])
			back = back[:32]
		}
		back = append(back, t)
	}
	for {
		t, ok := s.next()
		if !ok {
			break
		}
		if t.kind == 'i' && sharedSizeMacro.MatchString(t.text) {
			// DEFINE_SHARED_ARRAY_SIZE_UINT32(NAME_SIZE, 100432)
			var a [5]ctok
			for k := range a {
				if a[k], ok = s.next(); !ok {
					break
				}
			}
			if ok && a[0].kind == '(' && a[1].kind == 'i' && a[2].kind == ',' && a[3].kind == 'n' && a[4].kind == ')' {
				s.consts[a[1].text] = a[3].str()
			}
			back = back[:0]
			continue
		}
		if t.kind != '=' {
			push(t)
			continue
		}
		v, ok := s.next()
		if !ok {
			break
		}
		if v.kind == 'n' || v.kind == '(' {
			// NAME = NUMBER (or a parenthesised one): a size constant.
			if len(back) > 0 && back[len(back)-1].kind == 'i' {
				num := v
				if v.kind == '(' {
					if num, ok = s.next(); !ok {
						break
					}
				}
				if num.kind == 'n' {
					s.consts[back[len(back)-1].text] = num.str()
				}
			}
			push(t)
			push(v)
			continue
		}
		if v.kind != '{' {
			push(t)
			push(v)
			continue
		}
		arrName, width, nameAt, isArray := declarator(back)
		back = back[:0]
		if !isArray {
			skipBraces(s)
			continue
		}
		if width == 0 {
			cs.Skipped++
			skipBraces(s)
			continue
		}
		line, _ := s.lines.lineCol(src, nameAt)
		data, err := packElements(s, name, arrName, width)
		if err != nil {
			if len(cs.Errors) < maxCSourceErrors {
				cs.Errors = append(cs.Errors, err)
			} else {
				badArrays++
			}
			continue
		}
		if data == nil {
			cs.Skipped++
			continue
		}
		cs.Arrays = append(cs.Arrays, CArray{Name: arrName, Line: line, Width: width, Data: data})
	}
	if badArrays > 0 {
		cs.Warnings = append(cs.Warnings, fmt.Sprintf("%d more array(s) with a bad element not listed: the first %d are", badArrays, maxCSourceErrors))
	}
	images := 0
	for i := range cs.Arrays {
		a := &cs.Arrays[i]
		if txt, ok := s.consts[a.Name+"_SIZE"]; ok {
			n, err := parseCInt(txt)
			switch {
			case err != nil:
				cs.Warnings = append(cs.Warnings, fmt.Sprintf("%s: %s_SIZE %q is not a number; using the array's %d bytes", a.Name, a.Name, clip(txt), len(a.Data)))
			case n > uint64(len(a.Data)):
				cs.Warnings = append(cs.Warnings, fmt.Sprintf("%s: %s_SIZE %d is larger than the array's %d bytes; using %d", a.Name, a.Name, n, len(a.Data), len(a.Data)))
			default:
				a.Data = a.Data[:n:n]
			}
		}
		var more int
		a.Images, more = findImages(a.Name, a.Data, maxCSourceImages-images)
		images += len(a.Images)
		if more > 0 {
			cs.Warnings = append(cs.Warnings, fmt.Sprintf("%s: %d more \"CISA\" magic(s) not read as images: one source is read for at most %d", a.Name, more, maxCSourceImages))
		}
	}
	return cs
}

// maxCSourceImages bounds the vISA images read from one C source, and so
// the parts decoded and the errors they give: a 20 MB array repeating
// "CISA" held a million candidates, each decoded (1.28 GB) and each an
// error line. Intel's sources hold one image an array and at most a few
// hundred arrays a file.
const maxCSourceImages = 1024

// maxCSourceErrors bounds the arrays with a bad element reported one by
// one; the rest are counted in a warning.
const maxCSourceErrors = 100

// declarator finds the array name and element width in the tokens before
// "= {": "TYPE NAME[...]", with qualifiers and attributes, or the macro form
// "DEFINE_SHARED_ARRAY_UINT32(NAME)", and the name's byte offset. isArray is false for an initialiser
// that is not an array's (a struct, a scalar).
func declarator(back []ctok) (name string, width, at int, isArray bool) {
	i := len(back) - 1
	// Attributes between the declarator and "=": __attribute__((...)).
	for i >= 0 && back[i].kind == ')' {
		open := matchBack(back, i)
		if open < 1 || back[open-1].kind != 'i' {
			return "", 0, 0, false
		}
		if m := sharedArrayMacro.FindStringSubmatch(back[open-1].text); m != nil {
			if open+2 != i || back[open+1].kind != 'i' {
				return "", 0, 0, false
			}
			w, _ := strconv.Atoi(m[2])
			return back[open+1].text, w / 8, back[open+1].at, true
		}
		if back[open-1].text != "__attribute__" && back[open-1].text != "__declspec" && back[open-1].text != "alignas" {
			return "", 0, 0, false
		}
		i = open - 2
	}
	if i < 0 || back[i].kind != ']' {
		return "", 0, 0, false
	}
	open := matchBack(back, i)
	if open < 1 || back[open-1].kind != 'i' {
		return "", 0, 0, false
	}
	n := back[open-1]
	var typ []string
	for k := open - 2; k >= 0; k-- {
		switch back[k].kind {
		case 'i':
			typ = append(typ, back[k].text)
			continue
		case '*', '&':
			return n.text, 0, n.at, true // an array of pointers
		case ')':
			// alignas(16) or __attribute__((aligned(16))) before the type.
			if o := matchBack(back, k); o >= 1 && back[o-1].kind == 'i' {
				k = o - 1
				continue
			}
		}
		break
	}
	return n.text, elemWidth(typ), n.at, true
}

// matchBack returns the index of the bracket opening the one closing at i,
// or -1.
func matchBack(back []ctok, i int) int {
	closer := back[i].kind
	opener := byte('(')
	if closer == ']' {
		opener = '['
	}
	depth := 0
	for k := i; k >= 0; k-- {
		switch back[k].kind {
		case closer:
			depth++
		case opener:
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// skipBraces skips to the brace closing one just read.
func skipBraces(s *cscan) {
	depth := 1
	for depth > 0 {
		t, ok := s.next()
		if !ok {
			return
		}
		switch t.kind {
		case '{':
			depth++
		case '}':
			depth--
		}
	}
}

// packElements reads the elements of an initialiser whose "{" was just
// read and packs them little-endian, width bytes each. It returns nil data
// (and no error) for an initialiser that is not a flat list of integer
// literals, and a located error for a literal that is not a number or does
// not fit the width.
func packElements(s *cscan, file, arr string, width int) ([]byte, error) {
	out := s.scratch[:0]
	defer func() { s.scratch = out[:0] }()
	limit := uint64(1)<<(8*width) - 1
	if width == 8 {
		limit = ^uint64(0)
	}
	var buf [8]byte
	k := 0
	for {
		t, ok := s.next()
		if !ok {
			return nil, &FormatError{File: file, Off: int64(len(s.src)), Field: fmt.Sprintf("array %s", arr), Expected: "'}' closing the initialiser", Found: "end of input", Err: ErrTruncated}
		}
		if t.kind == '}' {
			exact := make([]byte, len(out))
			copy(exact, out)
			return exact, nil
		}
		if t.kind == ',' {
			continue
		}
		neg := false
		if t.kind == '-' || t.kind == '+' {
			neg = t.kind == '-'
			if t, ok = s.next(); !ok {
				continue
			}
		}
		// A cast: (unsigned char)0x43.
		for t.kind == '(' {
			for t.kind != ')' {
				if t, ok = s.next(); !ok {
					break
				}
				if t.kind != 'i' && t.kind != ')' {
					skipBraces(s)
					return nil, nil
				}
			}
			if t, ok = s.next(); !ok {
				break
			}
		}
		var v uint64
		var err error
		switch t.kind {
		case 'n':
			var ok bool
			if v, ok = quickInt(t.raw); !ok {
				v, err = parseCInt(t.str())
			}
		case 'c':
			v, err = parseCChar(t.text)
		default:
			// An identifier, a string or a nested brace: not bytes.
			if t.kind == '{' {
				skipBraces(s)
			}
			skipBraces(s)
			return nil, nil
		}
		if err == nil && !neg && v > limit {
			err = fmt.Errorf("does not fit %d byte(s)", width)
		}
		if err == nil && neg && v > limit/2+1 {
			err = fmt.Errorf("-%s does not fit %d byte(s)", clip(t.str()), width)
		}
		if err != nil {
			line, col := s.lines.lineCol(s.src, t.at)
			return nil, &FormatError{File: file, Off: int64(t.at), Field: fmt.Sprintf("line %d column %d: array %s element %d", line, col, arr, k), Expected: fmt.Sprintf("an integer literal of %d byte(s)", width), Found: fmt.Sprintf("%q (%v)", clip(t.str()), err), Err: ErrBadValue}
		}
		if neg {
			v = -v
		}
		for b := range width {
			buf[b] = byte(v >> (8 * b))
		}
		out = append(out, buf[:width]...)
		k++
	}
}

// quickInt parses the common literals of generated arrays, 0x hex and
// decimal of at most 16 digits with no suffix, without allocating; ok is
// false for anything else (parseCInt decides).
func quickInt(b []byte) (v uint64, ok bool) {
	if len(b) > 2 && b[0] == '0' && (b[1] == 'x' || b[1] == 'X') && len(b) <= 18 {
		for _, c := range b[2:] {
			switch {
			case c >= '0' && c <= '9':
				v = v<<4 | uint64(c-'0')
			case c >= 'a' && c <= 'f':
				v = v<<4 | uint64(c-'a'+10)
			case c >= 'A' && c <= 'F':
				v = v<<4 | uint64(c-'A'+10)
			default:
				return 0, false
			}
		}
		return v, true
	}
	if len(b) == 0 || len(b) > 16 || b[0] == '0' && len(b) > 1 {
		return 0, false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
	}
	return v, true
}

// parseCInt parses a C integer literal: decimal, 0x hex, 0b binary or 0
// octal, with ' separators and u/l suffixes.
func parseCInt(s string) (uint64, error) {
	t := strings.ReplaceAll(s, "'", "")
	t = strings.TrimRight(t, "uUlLzZ")
	base := 10
	switch {
	case strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X"):
		base, t = 16, t[2:]
	case strings.HasPrefix(t, "0b") || strings.HasPrefix(t, "0B"):
		base, t = 2, t[2:]
	case len(t) > 1 && t[0] == '0':
		base, t = 8, t[1:]
	}
	v, err := strconv.ParseUint(t, base, 64)
	if err != nil {
		return 0, fmt.Errorf("not an integer literal")
	}
	return v, nil
}

// parseCChar parses a character literal: 'C', '\0', '\x43', '\n'.
func parseCChar(s string) (uint64, error) {
	if len(s) < 3 || s[len(s)-1] != '\'' {
		return 0, fmt.Errorf("not a character literal")
	}
	body := s[1 : len(s)-1]
	if len(body) == 1 {
		return uint64(body[0]), nil
	}
	if body[0] != '\\' {
		return 0, fmt.Errorf("a multi-character literal")
	}
	switch e := body[1:]; {
	case len(e) == 1 && strings.Contains(`\'"?`, e):
		return uint64(e[0]), nil
	case e == "n":
		return '\n', nil
	case e == "t":
		return '\t', nil
	case e == "r":
		return '\r', nil
	case e == "a":
		return 7, nil
	case e == "b":
		return 8, nil
	case e == "f":
		return 12, nil
	case e == "v":
		return 11, nil
	case e[0] == 'x':
		return strconv.ParseUint(e[1:], 16, 8)
	default:
		return strconv.ParseUint(e, 8, 8)
	}
}

// findImages returns the vISA images in an array: each starts at a "CISA"
// magic and runs to the next image or the end. An image whose header can
// be read ends no earlier than its last body or Gen binary, so a "CISA"
// inside it (in a string or in Gen code) does not cut it short.
//
// The headers read for that are bounded in all to a few times the array:
// headers nested in each other's tables (a "CISA" in every relocation
// table of the one before) would otherwise each be read to the end, in
// time quadratic in the array (140 KB of C source took 3.5 s). Past the
// bound, an image runs to the next "CISA".
//
// At most limit images are returned; more counts the "CISA" magics after
// them.
func findImages(arr string, data []byte, limit int) (images []CImage, more int) {
	var out []CImage
	magic := []byte(Magic)
	at := bytes.Index(data, magic)
	budget := 4*len(data) + 4096
	for at >= 0 {
		if len(out) >= limit {
			return out, bytes.Count(data[at:], magic)
		}
		from := at + len(magic)
		if budget > 0 {
			end, read := objectExtent(data[at:])
			budget -= read
			if end > len(magic) {
				from = at + end
			}
		}
		next := -1
		if from < len(data) {
			if i := bytes.Index(data[from:], magic); i >= 0 {
				next = from + i
			}
		}
		end := len(data)
		if next >= 0 {
			end = next
		}
		out = append(out, CImage{Name: fmt.Sprintf("%s[%d]", arr, len(out)), Off: at, Data: data[at:end:end]})
		at = next
	}
	return out, 0
}

// objectExtent returns where an object file's last body or Gen binary
// ends, read from its header alone, or 0 when the header cannot be read,
// and how many bytes of data it read to know.
func objectExtent(data []byte) (end, read int) {
	o, err := parseHeader(data, "")
	if err != nil {
		var fe *FormatError
		if errors.As(err, &fe) {
			return 0, int(min(max(fe.Off, 0)+1, int64(len(data))))
		}
		return 0, len(data)
	}
	last := uint64(0)
	for _, b := range o.Bodies() {
		last = max(last, uint64(b.Offset)+uint64(b.Size))
		for _, g := range b.GenBinaries {
			last = max(last, uint64(g.Offset)+uint64(g.Size))
		}
	}
	return int(min(last, uint64(len(data)))), o.headerLen
}
