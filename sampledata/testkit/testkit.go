// Package testkit holds the few helpers that the tests of several packages
// share: reading their test inputs, listing "every file of its kind", and
// the FIFO the hostile-input tests read. It sits beside the samples and,
// like benchcpu, imports nothing of infoscope's, so decoder's tests may use
// it too (decoder imports none of our packages).
package testkit

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ReadFile returns the content of the file at path, uncompressed when its
// name ends in ".gz" (the shipped binaries of decoder/testdata/real); the
// test fails if it cannot be read whole.
func ReadFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(path, ".gz") {
		return b
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if b, err = io.ReadAll(zr); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return b
}

// Glob returns the files that match each pattern in turn. The test fails
// when fewer than least match in all: a test over every file of a kind
// must not pass by finding none.
func Glob(t testing.TB, least int, patterns ...string) []string {
	t.Helper()
	var out []string
	for _, p := range patterns {
		m, err := filepath.Glob(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m...)
	}
	if len(out) < least {
		t.Fatalf("%d files match %q, want at least %d", len(out), patterns, least)
	}
	return out
}
