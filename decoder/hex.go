package decoder

import (
	"bytes"
	"fmt"
	"strconv"
)

// hexSniff is how much of an input LooksLikeHex parses.
const hexSniff = 64 << 10

// LooksLikeHex reports whether data is hex text: printable ASCII and
// whitespace only, no CISA magic, and its first 64 KiB (to the last whole
// token) parse as hex text holding at least one byte. Printable text that
// is not hex ("YYYY", a raw stream of barrier bytes) is not.
func LooksLikeHex(data []byte) bool {
	if len(data) == 0 || bytes.HasPrefix(data, []byte(Magic)) {
		return false
	}
	w := data
	if len(w) > hexSniff {
		w = w[:hexSniff]
		// Cut at the last line end, or else at the last separator, so that
		// no token is cut in two; a window that is one token is hex if its
		// characters all are.
		if i := bytes.LastIndexByte(w, '\n'); i > 0 {
			w = w[:i]
		} else if i := bytes.LastIndexFunc(w, func(r rune) bool { return isHexSep(byte(r)) }); i > 0 {
			w = w[:i]
		} else {
			return isHexString(w)
		}
	}
	for _, c := range w {
		if c == '\n' || c == '\r' || c == '\t' {
			continue
		}
		if c < 0x20 || c > 0x7e {
			return false
		}
	}
	n, bad := 0, 0
	scanHex(w, "", func(byte) { n++ }, func(error) bool { bad++; return bad <= 8 || bad*4 <= n })
	return n > 0 && bad*4 <= n
}

// ParseHex converts hex text to bytes. It accepts xxd output ("00000010:
// 4349 5341 ...  CISA..", the ASCII column ignored), "xxd -p" runs, C-style
// lists ("0x70, 0x0a, ...") and plain pairs ("70 0a ..."). "#" and "//"
// start comments. Errors name the line and column, and quote at most a few
// dozen bytes of the text. It makes one pass with no copy of a line or
// list of its tokens: the only allocation is the output (at most half the
// text's length).
func ParseHex(text []byte, file string) ([]byte, error) {
	out := make([]byte, 0, len(text)/2+1)
	var err error
	scanHex(text, file, func(b byte) { out = append(out, b) }, func(e error) bool { err = e; return false })
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, &FormatError{File: file, Off: 0, Field: "hex text", Expected: "at least one hex byte", Found: "none", Err: ErrTruncated}
	}
	return out, nil
}

// scanHex parses text, calling emit for each byte and bad with each bad
// token's located error; it stops when bad returns false.
func scanHex(text []byte, file string, emit func(byte), bad func(error) bool) {
	lineStart := 0
	for lineNo := 1; lineStart < len(text); lineNo++ {
		end := bytes.IndexByte(text[lineStart:], '\n')
		if end < 0 {
			end = len(text) - lineStart
		}
		line := text[lineStart : lineStart+end]
		base := lineStart
		lineStart += end + 1
		if i := bytes.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		if i := bytes.Index(line, []byte("//")); i >= 0 {
			line = line[:i]
		}
		col := 0
		// xxd: "OFFSET: hex groups  ascii"
		if i := bytes.IndexByte(line, ':'); i > 0 && isHexString(bytes.TrimSpace(line[:i])) {
			col = i + 1
			rest := line[col:]
			trimmed := bytes.TrimLeft(rest, " ")
			col += len(rest) - len(trimmed)
			if j := bytes.Index(trimmed, []byte("  ")); j >= 0 {
				trimmed = trimmed[:j]
			}
			line = trimmed
		}
		for i := 0; i < len(line); {
			if isHexSep(line[i]) {
				i++
				continue
			}
			at := i
			for i < len(line) && !isHexSep(line[i]) {
				i++
			}
			tok := line[at:i]
			if !emitToken(tok, emit) && !bad(&FormatError{File: file, Off: int64(base + col + at), Field: fmt.Sprintf("hex text line %d column %d", lineNo, col+at+1),
				Expected: "hex bytes (xxd, 0x70 or 70)", Found: strconv.Quote(clipBytes(tok)), Err: ErrBadValue}) {
				return
			}
		}
	}
}

// emitToken emits the bytes of one token ("0x7", "0x70", "700a"), or
// reports false when it is not hex.
func emitToken(tok []byte, emit func(byte)) bool {
	if len(tok) > 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X') {
		v := 0
		for _, c := range tok[2:] {
			d := hexDigit(c)
			if d < 0 {
				return false
			}
			if v = v<<4 | d; v > 0xFF {
				return false
			}
		}
		emit(byte(v))
		return true
	}
	if len(tok)%2 != 0 || !isHexString(tok) {
		return false
	}
	for k := 0; k < len(tok); k += 2 {
		emit(byte(hexDigit(tok[k])<<4 | hexDigit(tok[k+1])))
	}
	return true
}

func isHexSep(c byte) bool {
	switch c {
	case ' ', '\t', ',', '\r', '{', '}', ';', '[', ']':
		return true
	}
	return false
}

func hexDigit(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

func isHexString(s []byte) bool {
	if len(s) == 0 {
		return false
	}
	for _, c := range s {
		if hexDigit(c) < 0 {
			return false
		}
	}
	return true
}

// Set parses a --hex flag value: "true" (or the bare flag) forces hex
// text, "false" forces raw bytes; without the flag inputs are detected.
func (m *HexMode) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("%q: want true or false", s)
	}
	*m = HexOff
	if b {
		*m = HexOn
	}
	return nil
}

// String returns "true", "false" or "auto".
func (m *HexMode) String() string {
	if m == nil {
		return "auto"
	}
	switch *m {
	case HexOn:
		return "true"
	case HexOff:
		return "false"
	}
	return "auto"
}

// IsBoolFlag lets --hex stand alone on a command line.
func (m *HexMode) IsBoolFlag() bool { return true }
