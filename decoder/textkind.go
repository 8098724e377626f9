package decoder

import (
	"bytes"
	"unicode/utf8"
)

// looksLikeText reports whether data is text: valid UTF-8 without NUL
// bytes, nearly all of it printable characters and line breaks. A raw vISA
// stream is not: its operand ids and offsets hold zero bytes.
func looksLikeText(data []byte) bool {
	if len(data) == 0 || bytes.IndexByte(data, 0) >= 0 || !utf8.Valid(data) {
		return false
	}
	bad, lines, blanks := 0, 0, 0
	for _, c := range data {
		switch {
		case c == '\n':
			lines++
		case c == ' ' || c == '\t':
			blanks++
		case c < 0x20 && c != '\r' || c == 0x7F:
			bad++
		}
	}
	// Lines of words: a stream of printable one-byte opcodes (YYYY...)
	// has neither line breaks nor blanks.
	return bad*100 <= len(data) && lines > 0 && len(data)/(lines+1) <= 1024 && blanks+lines > len(data)/64
}

// textKind names what a text looks like, for the error that refuses it:
// the kinds a user is likely to hand over by mistake.
func textKind(data []byte) string {
	head := data[:min(len(data), 64<<10)]
	lines := bytes.Split(bytes.TrimRight(head, "\n"), []byte("\n"))
	count := func(pred func(l []byte) bool) int {
		n := 0
		for _, l := range lines {
			if pred(l) {
				n++
			}
		}
		return n
	}
	n := len(lines)
	switch {
	case bytes.HasPrefix(head, []byte("#!")):
		return "a script (it starts with #!)"
	case bytes.HasPrefix(bytes.TrimSpace(head), []byte("{")) || bytes.HasPrefix(bytes.TrimSpace(head), []byte("[")):
		return "JSON"
	case count(func(l []byte) bool { return bytes.HasPrefix(l, []byte("package ")) }) > 0 && count(func(l []byte) bool {
		return bytes.HasPrefix(l, []byte("func ")) || bytes.HasPrefix(l, []byte("import"))
	}) > 0:
		return "Go source"
	case count(func(l []byte) bool {
		f := bytes.Split(l, []byte(":"))
		return len(f) == 7 && len(f[2]) > 0 && isDigits(f[2]) && isDigits(f[3])
	}) >= max(1, n*8/10):
		return "a passwd-style table (name:x:uid:gid:...: /etc/passwd)"
	case count(func(l []byte) bool { return bytes.Count(l, []byte("\t")) >= 1 }) >= max(2, n*8/10):
		return "a tab-separated table (TSV)"
	case count(func(l []byte) bool { return bytes.Count(l, []byte(",")) >= 2 }) >= max(2, n*8/10):
		return "a comma-separated table (CSV)"
	case count(func(l []byte) bool {
		return bytes.HasPrefix(l, []byte("# ")) || bytes.HasPrefix(l, []byte("## ")) || bytes.HasPrefix(l, []byte("```"))
	}) > 0:
		return "a Markdown document (a README or notes)"
	}
	return "plain text (notes, a log, a listing)"
}

func isDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}
