package decoder

import (
	"errors"
	"runtime"
	"testing"
)

// amplified returns a version 4.1 object file whose n function entries all
// point at one function body of code (issue 13: 65,535 entries on one
// 64 KiB body took 863 MB for an 80 KB file).
func amplified(n int, code []byte) []byte {
	const hdr = 4 + 2 + 2 + 2 + 2
	hdrLen := hdr + n*15
	body := cat(le32(1), []byte{0}, le32(0), le32(0), le16(0), le16(0), le16(0), []byte{0, 0, 0},
		le32(uint32(len(code))), le32(34), []byte{0, 0}, le16(0), code)
	data := cat([]byte("CISA"), []byte{4, 1}, le16(0), le16(0), le16(uint16(n)))
	for range n {
		data = cat(data, []byte{0}, le16(0), le32(uint32(hdrLen)), le32(uint32(len(body))), le16(0), le16(0))
	}
	return cat(data, body)
}

// overlapping returns a version 4.1 object file of n function bodies of
// their own (34 bytes each) whose entry fields all point at the same code:
// distinct bodies, one region of instructions walked by each.
func overlapping(n int, code []byte) []byte {
	hdrLen := 12 + n*15
	codeAt := hdrLen + n*34
	data := cat([]byte("CISA"), []byte{4, 1}, le16(0), le16(0), le16(uint16(n)))
	for i := range n {
		data = cat(data, []byte{0}, le16(0), le32(uint32(hdrLen+i*34)), le32(34), le16(0), le16(0))
	}
	for i := range n {
		entry := codeAt - (hdrLen + i*34)
		data = cat(data, le32(1), []byte{0}, le32(0), le32(0), le16(0), le16(0), le16(0), []byte{0, 0, 0},
			le32(uint32(len(code))), le32(uint32(entry)), []byte{0, 0}, le16(0))
	}
	return cat(data, code)
}

// allocs returns the bytes f allocates.
func allocs(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// maxAllocPerByte bounds what a decode may allocate per input byte: every
// record the decoder keeps is at most a few dozen bytes and at most a few
// exist per input byte (the record budget), whatever the entries claim.
const maxAllocPerByte = 96

func TestAmplifiedBodiesShared(t *testing.T) {
	code := make([]byte, 64<<10)
	for i := range code {
		code[i] = 0x59 // barrier: one byte each
	}
	data := amplified(1000, code)
	Decode("warm", data[:100], Options{}) // compile the opcode table first
	var f *File
	got := allocs(func() { f = Decode("amp.isa", data, Options{}) })
	t.Logf("%d-byte file: %d bytes allocated (%.1f per byte), %d streams, %d errors", len(data), got, float64(got)/float64(len(data)), len(f.Streams), len(f.Errors))
	if got > maxAllocPerByte*uint64(len(data)) {
		t.Errorf("%d-byte file: allocated %d bytes, more than %d per input byte", len(data), got, maxAllocPerByte)
	}
	// The body is decoded once: the entries share its tables and its walk.
	fs := f.Object.Functions
	if fs[0].Stream == nil || fs[1].Stream == nil {
		t.Fatalf("first entries not walked: %v", f.Errors)
	}
	if &fs[0].Stream.Insts[0] != &fs[1].Stream.Insts[0] || &fs[0].Strings[0] != &fs[1].Strings[0] {
		t.Error("two entries on one body decoded it twice")
	}
	if fs[1].Stream.Kernel != fs[1].Name || fs[1].Name == fs[0].Name && fs[0].Name != "" {
		t.Errorf("shared stream keeps its entry's name: %q", fs[1].Stream.Kernel)
	}
	// Past the budget, one located error at the entry's offset field.
	if len(f.Errors) != 1 {
		t.Fatalf("want one budget error, got %d: %v", len(f.Errors), f.Errors)
	}
	var fe *FormatError
	if !errors.As(f.Errors[0], &fe) || !errors.Is(fe, ErrBudget) || fe.Off <= 0 || fe.Off >= 12+1000*15 {
		t.Errorf("budget error not located in the header: %v", f.Errors[0])
	}
	if records := countRecords(f); records > recordsPerByte*len(data) {
		t.Errorf("%d records for %d bytes", records, len(data))
	}
}

func countRecords(f *File) int {
	n := 0
	for _, s := range f.Streams {
		n += len(s.Insts)
	}
	return n
}

// TestOverlappingBodiesBudget: bodies of their own that all point at one
// region of code are each walked, but only up to the record budget.
func TestOverlappingBodiesBudget(t *testing.T) {
	code := make([]byte, 64<<10)
	for i := range code {
		code[i] = 0x59
	}
	data := overlapping(2000, code)
	Decode("warm", data[:100], Options{})
	var f *File
	got := allocs(func() { f = Decode("overlap.isa", data, Options{}) })
	t.Logf("%d-byte file: %d bytes allocated (%.1f per byte), %d streams, errors %v", len(data), got, float64(got)/float64(len(data)), len(f.Streams), f.Errors)
	if got > maxAllocPerByte*uint64(len(data)) {
		t.Errorf("%d-byte file: allocated %d bytes, more than %d per input byte", len(data), got, maxAllocPerByte)
	}
	if records := countRecords(f); records > recordsPerByte*len(data) || len(f.Streams) < 2 {
		t.Errorf("%d records in %d streams for %d bytes", records, len(f.Streams), len(data))
	}
	if len(f.Errors) != 1 || !errors.Is(f.Errors[0], ErrBudget) {
		t.Errorf("want one budget error, got %v", f.Errors)
	}
}
