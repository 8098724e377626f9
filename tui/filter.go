package tui

import (
	"fmt"
	"strconv"
	"strings"

	"infoscope/decoder"
)

// filterHelp documents the filter language (shown in the help overlay).
const filterHelp = `filter terms (AND-ed; !term negates; case-insensitive):
  TEXT         disassembly contains TEXT     text:TEXT  same, any text
  op:resinfo   op:sampleinfo                 surface:T6 (or declared name)
  mask:M5      M5 or M5_NM; mask:M5_NM exact exec:16    exec size
  nm           NoMask controls               chan:RGBA  channels returned
  file:NAME    file name contains NAME       kernel:NAME kernel contains NAME
  diag         has diagnostics               diag:TEXT  a diagnostic contains TEXT`

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

// term is one parsed filter term; val is lower-cased.
type term struct {
	kind termKind
	neg  bool
	val  string
	num  int
}

// parseFilter splits s on spaces into terms. An unknown "field:" is an
// error rather than a silent text search, so typos are seen.
func parseFilter(s string) ([]term, error) {
	var terms []term
	for _, w := range strings.Fields(s) {
		t := term{}
		if strings.HasPrefix(w, "!") {
			t.neg, w = true, w[1:]
			if w == "" {
				return nil, fmt.Errorf("filter: ! needs a term after it")
			}
		}
		field, val, hasColon := strings.Cut(w, ":")
		field, val = strings.ToLower(field), strings.ToLower(val)
		switch {
		case !hasColon && field == "nm":
			t.kind = termNoMask
		case !hasColon && field == "diag":
			t.kind = termDiag
		case !hasColon:
			t.kind, t.val = termText, field
		default:
			kinds := map[string]termKind{"text": termText, "op": termOp, "surface": termSurface,
				"mask": termMask, "exec": termExec, "chan": termChan, "file": termFile,
				"kernel": termKernel, "diag": termDiag}
			k, ok := kinds[field]
			if !ok {
				return nil, fmt.Errorf("filter: unknown field %q (see ? for the list)", field)
			}
			if val == "" && k != termDiag {
				return nil, fmt.Errorf("filter: %s: needs a value", field)
			}
			t.kind, t.val = k, val
			if k == termExec {
				n, err := strconv.Atoi(val)
				if err != nil {
					return nil, fmt.Errorf("filter: exec:%s: want a number of lanes: 1, 2, 4, 8, 16 or 32", val)
				}
				t.num = n
			}
			if k == termMask && !strings.HasPrefix(val, "m") {
				t.val = "m" + val // mask:5 means M5
			}
			if err := checkTermValue(k, field, val, t); err != nil {
				return nil, err
			}
		}
		terms = append(terms, t)
	}
	return terms, nil
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
			m := strings.ToLower(in.Mask.String())
			ok = m == t.val || (!strings.HasSuffix(t.val, "_nm") && strings.TrimSuffix(m, "_nm") == t.val)
		case termExec:
			ok = in.ExecSize() == t.num
		case termNoMask:
			ok = in.Mask.NoMask()
		case termChan:
			ok = strings.ToLower(in.Channels()) == t.val
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

// checkTermValue refuses a value no instruction can have, naming the ones
// that exist: a typo would otherwise just match nothing.
func checkTermValue(k termKind, field, val string, t term) error {
	switch k {
	case termOp:
		if val != "resinfo" && val != "sampleinfo" {
			return fmt.Errorf("filter: op:%s: want op:resinfo or op:sampleinfo", val)
		}
	case termExec:
		switch t.num {
		case 1, 2, 4, 8, 16, 32:
		default:
			return fmt.Errorf("filter: exec:%s: want 1, 2, 4, 8, 16 or 32 lanes", val)
		}
	case termMask:
		v := strings.TrimSuffix(t.val, "_nm")
		if len(v) != 2 || v[0] != 'm' || v[1] < '1' || v[1] > '8' {
			return fmt.Errorf("filter: mask:%s: want M1..M8, with _NM for NoMask (mask:M5, mask:M5_NM)", val)
		}
	case termChan:
		// Channels are a subsequence of RGBA, as the disassembler writes them.
		rest := "rgba"
		for _, c := range val {
			i := strings.IndexRune(rest, c)
			if i < 0 {
				return fmt.Errorf("filter: chan:%s: want channels in RGBA order, e.g. chan:RGBA, chan:RA, chan:B", val)
			}
			rest = rest[i+1:]
		}
	}
	return nil
}
