package decoder

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// DefaultMaxInput is the most bytes an input may hold when
// Options.MaxInput is 0: far above real vISA files (kilobytes to a few
// megabytes, their hex text three times that), and low enough that the
// worst input (one-byte instructions, tried in both layouts) decodes in
// about a gigabyte.
const DefaultMaxInput = 64 << 20

// sniffSize is how much of an input ReadInput reads before deciding
// whether to read the rest.
const sniffSize = hexSniff + 1

func (o Options) maxInput() int64 {
	if o.MaxInput > 0 {
		return o.MaxInput
	}
	return DefaultMaxInput
}

// ReadInput reads an input for Decode from r, whose size is given when
// known (a regular file's) and -1 otherwise, under o's size limit. An input
// known to be too large is refused before anything is read, and one that
// proves too large while read is refused as soon as it passes the limit;
// both with a located error.
//
// Its first 64 KiB decide the rest: when they already fail for good (a raw
// stream whose first instructions are invalid in every layout tried and
// that does not read as native Gen code, hex text with a bad token on a
// whole line, an ELF or patch-token binary), ReadInput returns them alone
// without reading on, and Decode reports the errors the whole input would
// give: /dev/zero, or a sparse file of zeros, fails at byte 0 after 64 KiB
// are read. Object files, vISA text and C source are read whole (within
// the limit).
func ReadInput(name string, r io.Reader, size int64, o Options) ([]byte, error) {
	limit := o.maxInput()
	if size > limit {
		return nil, tooLarge(name, o, fmt.Sprintf("%d bytes", size))
	}
	head := make([]byte, min(sniffSize, limit+1))
	n, err := io.ReadFull(r, head)
	head = head[:n]
	switch {
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return head, nil
	case err != nil:
		return nil, err
	case int64(n) > limit:
		return nil, tooLarge(name, o, "a longer input")
	case failsEarly(name, head, o):
		return head, nil
	}
	buf := head
	if size > int64(len(head)) {
		// +1: the read that sees the end of the file needs room.
		buf = make([]byte, len(head), size+1)
		copy(buf, head)
	}
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):min(int64(cap(buf)), limit+1)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, tooLarge(name, o, "a longer input")
		}
		if errors.Is(err, io.EOF) {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

func tooLarge(name string, o Options, found string) error {
	limit := o.maxInput()
	return &FormatError{File: name, Off: limit, Field: "input size", Expected: "at most " + FormatSize(limit) + " (raise it with " + o.Say(OptionMaxInput) + ")", Found: found, Err: ErrBudget}
}

// failsEarly reports whether head, the first bytes of a longer input,
// already fails to decode in a way the rest cannot change.
func failsEarly(name string, head []byte, o Options) bool {
	if bytes.HasPrefix(head, []byte(Magic)) || o.Text || IsText(head) {
		return false
	}
	// The kinds Decode tells from the first bytes: another binary format
	// fails at byte 0 whatever follows; C source is read whole.
	if o.Hex != HexOn && !o.Text {
		if notVISA("", head) != nil {
			return true
		}
		if IsCSourceName(name) || LooksLikeCSource(head) {
			return false
		}
	}
	if o.Hex == HexOn || o.Hex == HexAuto && LooksLikeHex(head) {
		i := bytes.LastIndexByte(head, '\n')
		if i < 0 {
			return false
		}
		failed := false
		scanHex(head[:i], "", func(byte) {}, func(error) bool { failed = true; return false })
		return failed
	}
	// Text that is not vISA is refused from its first lines whatever
	// follows, but the caller may read it for what it is (Gen assembly
	// beside vISA text, or alone; LLVM IR): it is read whole. The head is
	// cut at its last line break: the cut may split a character.
	if i := bytes.LastIndexByte(head, '\n'); i >= 0 && looksLikeText(head[:i+1]) {
		return false
	}
	if o.Offset < 0 || o.Offset >= int64(len(head)) {
		return false
	}
	layouts := []Layout{o.Layout}
	if o.Layout == LayoutAuto {
		layouts = []Layout{LayoutIGC, LayoutSeed}
	}
	for _, l := range layouts {
		s := Walk(head[o.Offset:], o.Offset, WalkOptions{Version: o.Version, Layout: l})
		if s.Err == nil || errors.Is(s.Err, ErrTruncated) {
			return false
		}
	}
	// A stream that fails as vISA is reported as Gen code when the whole
	// of it reads as Gen instructions: while the first bytes do, read on.
	return !mayBeGen(head[o.Offset:])
}

// mayBeGen reports whether code, the start of a longer stream, reads as
// native Gen instructions so far (looksLikeGen's test without its end:
// at most one in 20 without a Gen opcode).
func mayBeGen(code []byte) bool {
	pos, n, bad := 0, 0, 0
	for pos+16 <= len(code) {
		if !genOpcodes[code[pos]&0x7F] {
			bad++
		}
		n++
		pos += 16
		if code[pos-16+3]&0x20 != 0 {
			pos -= 8 // compacted: 8 bytes
		}
	}
	return n > 0 && bad*20 <= n
}

// FormatSize writes n bytes as "64 MiB" when a whole number of KiB, MiB or
// GiB, else as bytes.
func FormatSize(n int64) string {
	for _, u := range []struct {
		shift uint
		name  string
	}{{30, "GiB"}, {20, "MiB"}, {10, "KiB"}} {
		if n >= 1<<u.shift && n%(1<<u.shift) == 0 {
			return strconv.FormatInt(n>>u.shift, 10) + " " + u.name
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
