package decoder

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"iter"
	"os"
	"strings"
	"testing"
)

// vectorLines yields each vector line of testdata/name (blank lines and
// "#" comments skipped) with its "name:line" position and tab-separated
// columns.
func vectorLines(t *testing.T, name string) iter.Seq2[string, []string] {
	return func(yield func(string, []string) bool) {
		f, err := os.Open("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for lineNo := 1; sc.Scan(); lineNo++ {
			line := sc.Text()
			if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if !yield(fmt.Sprintf("%s:%d", name, lineNo), strings.Split(line, "\t")) {
				return
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
}

// The vector files (testdata/decode.txt, testdata/audit.txt) share these
// column forms: "HEX | HEX" (the instruction under test, then what
// follows it), a version "M.m", and a symbol table "-" or "doc".

// vectorBytes splits a "head | tail" hex column.
func vectorBytes(t *testing.T, where, col string) (head, tail []byte) {
	t.Helper()
	before, after, ok := strings.Cut(col, "|")
	if !ok {
		t.Fatalf("%s: no '|'", where)
	}
	head, err1 := hex.DecodeString(strings.ReplaceAll(before, " ", ""))
	tail, err2 := hex.DecodeString(strings.ReplaceAll(after, " ", ""))
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: bad hex: %v %v", where, err1, err2)
	}
	return head, tail
}

// vectorVersion parses a version column.
func vectorVersion(t *testing.T, where, col string) Version {
	t.Helper()
	var v Version
	if _, err := fmt.Sscanf(col, "%d.%d", &v.Major, &v.Minor); err != nil {
		t.Fatalf("%s: version %q", where, col)
	}
	return v
}

// vectorSymbols parses a symbols column.
func vectorSymbols(t *testing.T, where, col string) *Symbols {
	t.Helper()
	switch col {
	case "-":
		return nil
	case "doc":
		return docSymbols
	}
	t.Fatalf("%s: symbols %q", where, col)
	return nil
}

// vectorWalk walks a vector's bytes (the "head | tail" column) in layout,
// at the version and with the symbols of their columns.
func vectorWalk(t *testing.T, where, bytesCol, versionCol, symbolsCol string, layout Layout) (head, tail []byte, s *Stream) {
	t.Helper()
	head, tail = vectorBytes(t, where, bytesCol)
	code := append(append([]byte{}, head...), tail...)
	v := vectorVersion(t, where, versionCol)
	sym := vectorSymbols(t, where, symbolsCol)
	return head, tail, Walk(code, 0, WalkOptions{File: "vec", Version: v, Layout: layout, Symbols: sym})
}
