package native

import (
	"bytes"
	"strconv"
)

// LL is the LLVM IR IGC dumps beside a kernel's vISA (NAME.visa.ll): the
// lines that end in "; visa id: N" name the vISA instruction $N that the
// LLVM instruction became (several LLVM lines may share one id: values
// that cost no instruction of their own carry the id of the next one).
type LL struct {
	Name  string
	Lines int // lines in the file
	// byID maps $N to its LLVM lines, in the file's order.
	byID map[int][]LLLine
}

// LLLine is one LLVM instruction line tagged with a vISA id.
type LLLine struct {
	Line int    // 1-based line in the file
	Text string // the instruction, its indentation and the id comment cut
}

// llTag ends every tagged line.
var llTag = []byte("; visa id: ")

// ParseLL reads a .visa.ll. Lines without a well-formed id (no digits
// after the tag, or more than the tag) are not tagged and are skipped:
// the file is LLVM's, read only for this comment, so nothing in it is an
// error. The work is linear in data.
func ParseLL(name string, data []byte) *LL {
	ll := &LL{Name: name, byID: map[int][]LLLine{}}
	for l := range bytes.Lines(data) {
		ll.Lines++
		l = bytes.TrimRight(l, "\r\n \t")
		i := bytes.LastIndex(l, llTag)
		if i < 0 {
			continue
		}
		digits := l[i+len(llTag):]
		n, err := strconv.Atoi(string(digits))
		if err != nil || n < 0 || len(digits) > 9 || digits[0] == '+' {
			continue
		}
		text := string(bytes.TrimSpace(l[:i]))
		if text == "" {
			continue
		}
		ll.byID[n] = append(ll.byID[n], LLLine{Line: ll.Lines, Text: text})
	}
	return ll
}

// Of returns the LLVM lines tagged $n, in the file's order.
func (ll *LL) Of(n int) []LLLine {
	if ll == nil {
		return nil
	}
	return ll.byID[n]
}

// Tagged returns how many vISA ids have LLVM lines.
func (ll *LL) Tagged() int {
	if ll == nil {
		return 0
	}
	return len(ll.byID)
}
