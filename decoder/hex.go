package decoder

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// LooksLikeHex reports whether data is text that could be a hex dump: no
// NUL bytes, only printable ASCII and whitespace, and no CISA magic.
func LooksLikeHex(data []byte) bool {
	if len(data) == 0 || bytes.HasPrefix(data, []byte(Magic)) {
		return false
	}
	for _, c := range data {
		if c == '\n' || c == '\r' || c == '\t' {
			continue
		}
		if c < 0x20 || c > 0x7e {
			return false
		}
	}
	return true
}

// ParseHex converts hex text to bytes. It accepts xxd output ("00000010:
// 4349 5341 ...  CISA..", the ASCII column ignored), "xxd -p" runs, C-style
// lists ("0x70, 0x0a, ...") and plain pairs ("70 0a ..."). "#" and "//"
// start comments. Errors name the line and column.
func ParseHex(text []byte, file string) ([]byte, error) {
	out := make([]byte, 0, len(text)/3+1)
	lineStart := 0
	for lineNo := 1; lineStart < len(text); lineNo++ {
		end := bytes.IndexByte(text[lineStart:], '\n')
		if end < 0 {
			end = len(text) - lineStart
		}
		line := string(text[lineStart : lineStart+end])
		base := lineStart
		lineStart += end + 1
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		col := 0
		// xxd: "OFFSET: hex groups  ascii"
		if i := strings.IndexByte(line, ':'); i > 0 && isHexString(strings.TrimSpace(line[:i])) {
			col = i + 1
			rest := line[col:]
			trimmed := strings.TrimLeft(rest, " ")
			col += len(rest) - len(trimmed)
			if j := strings.Index(trimmed, "  "); j >= 0 {
				trimmed = trimmed[:j]
			}
			line = trimmed
		}
		fields := splitHexFields(line)
		for _, f := range fields {
			tok := f.s
			pos := base + col + f.at
			bad := func(why string) error {
				return &FormatError{File: file, Off: int64(pos), Field: fmt.Sprintf("hex text line %d column %d", lineNo, col+f.at+1), Expected: "hex bytes (xxd, 0x70 or 70)", Found: strconv.Quote(tok) + why, Err: ErrBadValue}
			}
			if strings.HasPrefix(tok, "0x") || strings.HasPrefix(tok, "0X") {
				v, err := strconv.ParseUint(tok[2:], 16, 8)
				if err != nil {
					return nil, bad("")
				}
				out = append(out, byte(v))
				continue
			}
			if len(tok)%2 != 0 || !isHexString(tok) {
				return nil, bad("")
			}
			for k := 0; k < len(tok); k += 2 {
				v, _ := strconv.ParseUint(tok[k:k+2], 16, 8)
				out = append(out, byte(v))
			}
		}
	}
	if len(out) == 0 {
		return nil, &FormatError{File: file, Off: 0, Field: "hex text", Expected: "at least one hex byte", Found: "none", Err: ErrTruncated}
	}
	return out, nil
}

type hexField struct {
	s  string
	at int
}

func splitHexFields(line string) []hexField {
	var out []hexField
	start := -1
	for i := 0; i <= len(line); i++ {
		sep := i == len(line)
		if !sep {
			switch line[i] {
			case ' ', '\t', ',', '\r', '{', '}', ';', '[', ']':
				sep = true
			}
		}
		if sep {
			if start >= 0 {
				out = append(out, hexField{line[start:i], start})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	return out
}

func isHexString(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}
