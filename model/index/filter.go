package index

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"infoscope/decoder"
	"infoscope/model"
)

// FilterHelp documents the filter language (the inspector's help overlay
// shows it).
const FilterHelp = `filter terms (AND-ed; !term negates; case-insensitive):
  TEXT          the disassembly contains TEXT
  text:TEXT     the same, for any TEXT
  op:resinfo    RESINFO rows (op:sampleinfo: SAMPLEINFO)
  surface:T6    surface T6 (or its declared name)
  mask:M5       M5 or M5_NM (mask:M5_NM: exactly)
  exec:16       exec size 16
  nm            NoMask controls
  chan:RGBA     the channels returned
  file:NAME     the file name contains NAME
  kernel:NAME   the kernel name contains NAME
  diag          has diagnostics
  diag:TEXT     a diagnostic contains TEXT`

type termKind uint8

const (
	termText termKind = iota
	termOp
	termSurface
	termMask
	termExec
	termNoMask
	termChan
	termFile
	termKernel
	termDiag
)

// fields are the names a term can start with, before its colon.
var fields = map[string]termKind{"text": termText, "op": termOp, "surface": termSurface,
	"mask": termMask, "exec": termExec, "chan": termChan, "file": termFile,
	"kernel": termKernel, "diag": termDiag}

// Typing reports whether the last term of s is a field's name being
// typed (op, surf, ...: a proper prefix of "field:", not a term on its
// own such as diag): an inspector filtering as the user types applies
// the terms before it, rather than a text term that matches nothing.
func Typing(s string) bool {
	if s == "" || strings.HasSuffix(s, " ") {
		return false
	}
	tok := strings.TrimPrefix(s[strings.LastIndex(s, " ")+1:], "!")
	if tok == "" || strings.Contains(tok, ":") {
		return false
	}
	tok = strings.ToLower(tok)
	for name, k := range fields {
		if k != termDiag && k != termText && strings.HasPrefix(name, tok) {
			return true
		}
	}
	return false
}

// term is one parsed filter term; val is lower-cased.
type term struct {
	kind termKind
	neg  bool
	val  string
	num  int
}

// Filter is a parsed filter expression: terms separated by spaces, all of
// which a row must satisfy. A Filter never changes after ParseFilter, so
// one can be used from many goroutines.
type Filter struct {
	expr  string
	terms []term
}

// SyntaxError is a filter expression the language refuses, and where.
type SyntaxError struct {
	Col   int    // 1-based column (in characters) in the expression
	Want  string // what the language expects there
	Found string // what the expression holds there
}

// Error returns "filter: column N: want WANT, found FOUND".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("filter: column %d: want %s, found %s", e.Col, e.Want, e.Found)
}

// fieldList names the fields for an unknown one's error.
const fieldList = "a field: text, op, surface, mask, exec, chan, file, kernel or diag (see ? for the list)"

// ParseFilter parses expr. An unknown "field:" is an error rather than a
// silent text search, and so is a value no instruction can have (op:foo,
// exec:7), so that typos are seen instead of matching nothing. Errors are
// *SyntaxError.
func ParseFilter(expr string) (*Filter, error) {
	f := &Filter{expr: strings.TrimSpace(expr)}
	at := func(i int) int { return utf8.RuneCountInString(expr[:i]) + 1 }
	for i := 0; i < len(expr); {
		r, n := utf8.DecodeRuneInString(expr[i:])
		if unicode.IsSpace(r) {
			i += n
			continue
		}
		start := i
		for i < len(expr) {
			r, n := utf8.DecodeRuneInString(expr[i:])
			if unicode.IsSpace(r) {
				break
			}
			i += n
		}
		t, err := parseTerm(expr[start:i], start, at)
		if err != nil {
			return nil, err
		}
		f.terms = append(f.terms, t)
	}
	return f, nil
}

// parseTerm parses w, which starts at byte pos of the expression.
func parseTerm(w string, pos int, at func(int) int) (term, error) {
	t := term{}
	if strings.HasPrefix(w, "!") {
		t.neg, w, pos = true, w[1:], pos+1
		if w == "" {
			return t, &SyntaxError{at(pos - 1), "a term after !", "nothing"}
		}
	}
	field, val, hasColon := strings.Cut(w, ":")
	lfield, lval := strings.ToLower(field), strings.ToLower(val)
	vpos := pos + len(field) + 1 // where the value starts
	switch {
	case !hasColon && lfield == "nm":
		t.kind = termNoMask
	case !hasColon && lfield == "diag":
		t.kind = termDiag
	case !hasColon:
		t.kind, t.val = termText, lfield
	default:
		k, ok := fields[lfield]
		if !ok {
			return t, &SyntaxError{at(pos), fieldList, strconv.Quote(field + ":")}
		}
		// A bare field name with no value (diag:, text:) is refused alike:
		// "diag" alone is the term that means "has diagnostics".
		if lval == "" {
			return t, &SyntaxError{at(vpos), "a value after " + lfield + ":", "nothing"}
		}
		t.kind, t.val = k, lval
		if err := t.check(lfield, val); err != nil {
			err.Col = at(vpos)
			return t, err
		}
	}
	return t, nil
}

// check completes and validates t's value (val as the user wrote it). It
// refuses a value no instruction can have, naming the ones that exist.
func (t *term) check(field, val string) *SyntaxError {
	found := strconv.Quote(val)
	switch t.kind {
	case termOp:
		if t.val != "resinfo" && t.val != "sampleinfo" {
			return &SyntaxError{Want: "op:resinfo or op:sampleinfo", Found: found}
		}
	case termExec:
		// Read as every number a user gives (0x16 is hex); a value past
		// any lane count is refused below rather than as a range error.
		n, err := model.ParseNumber(t.val, math.MaxUint64)
		switch {
		case err != nil:
			return &SyntaxError{Want: "a number of lanes: 1, 2, 4, 8, 16 or 32", Found: found}
		case n != 1 && n != 2 && n != 4 && n != 8 && n != 16 && n != 32:
			return &SyntaxError{Want: "1, 2, 4, 8, 16 or 32 lanes", Found: found}
		}
		t.num = int(n)
	case termMask:
		if !strings.HasPrefix(t.val, "m") {
			t.val = "m" + t.val // mask:5 means M5
		}
		v := strings.TrimSuffix(t.val, "_nm")
		if len(v) != 2 || v[0] != 'm' || v[1] < '1' || v[1] > '8' {
			return &SyntaxError{Want: "M1..M8, with _NM for NoMask (mask:M5, mask:M5_NM)", Found: found}
		}
	case termChan:
		// Channels are a subsequence of RGBA, as the disassembler writes them.
		rest := "rgba"
		for _, c := range t.val {
			i := strings.IndexRune(rest, c)
			if i < 0 {
				return &SyntaxError{Want: "channels in RGBA order, e.g. chan:RGBA, chan:RA, chan:B", Found: found}
			}
			rest = rest[i+1:]
		}
	}
	return nil
}

// String returns the expression as parsed, without surrounding spaces.
func (f *Filter) String() string {
	if f == nil {
		return ""
	}
	return f.expr
}

// Empty reports whether f has no terms, so that every row passes (a nil
// Filter is empty).
func (f *Filter) Empty() bool { return f == nil || len(f.terms) == 0 }

// Match reports whether the INFO in of stream st of file fl satisfies f.
func (f *Filter) Match(fl *decoder.File, st *decoder.Stream, in *decoder.Info) bool {
	if f.Empty() {
		return true
	}
	return matchAll(f.terms, fl, st, in)
}

// View returns the rows (ascending) that f keeps: a session's view of the
// index. It returns nil for an empty filter, meaning every row. It reads
// every row (~1 µs each with a text term): the inspector calls it off the
// frame, in a tea.Cmd, so a large index makes the result late, never the
// frame.
func (x *Index) View(f *Filter) []int32 {
	if f.Empty() {
		return nil
	}
	// file: and kernel: decide a whole stream at once.
	var whole []term
	for _, t := range f.terms {
		if t.kind == termFile || t.kind == termKernel {
			whole = append(whole, t)
		}
	}
	view := []int32{}
	for _, r := range x.runs {
		fl := x.files[r.File]
		st := fl.Streams[r.Stream]
		if !matchAll(whole, fl, st, nil) {
			continue // file: or kernel: refuses the whole stream
		}
		for i, in := range st.Infos() {
			if matchAll(f.terms, fl, st, in) {
				view = append(view, int32(r.Start+i))
			}
		}
	}
	return view
}

// matchAll reports whether the instruction satisfies every term.
func matchAll(terms []term, f *decoder.File, st *decoder.Stream, in *decoder.Info) bool {
	var text string // formatted at most once, only if a text term asks
	for _, t := range terms {
		var ok bool
		switch t.kind {
		case termText:
			if text == "" {
				text = strings.ToLower(in.Text())
			}
			ok = strings.Contains(text, t.val)
		case termOp:
			ok = in.Op().String() == t.val
		case termSurface:
			ok = strings.EqualFold(in.SurfaceName(), t.val) || (in.SurfaceDecl() != "" && strings.EqualFold(in.SurfaceDecl(), t.val))
		case termMask:
			m := in.Mask.String()
			ok = strings.EqualFold(m, t.val)
			if !ok && !strings.HasSuffix(t.val, "_nm") && len(m) > 3 && strings.EqualFold(m[len(m)-3:], "_nm") {
				ok = strings.EqualFold(m[:len(m)-3], t.val) // mask:M5 takes M5_NM too
			}
		case termExec:
			ok = in.ExecSize() == t.num
		case termNoMask:
			ok = in.Mask.NoMask()
		case termChan:
			ok = strings.EqualFold(in.Channels(), t.val)
		case termFile:
			ok = strings.Contains(strings.ToLower(f.Name), t.val)
		case termKernel:
			ok = strings.Contains(strings.ToLower(st.Kernel), t.val)
		case termDiag:
			if t.val == "" {
				ok = in.NumDiagnostics() > 0
			} else {
				for _, d := range in.Diagnostics() {
					if strings.Contains(strings.ToLower(d), t.val) {
						ok = true
						break
					}
				}
			}
		}
		if ok == t.neg {
			return false
		}
	}
	return true
}
