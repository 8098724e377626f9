package decoder

import (
	"encoding/binary"
	"fmt"
)

// cursor reads little-endian fields from a byte slice. The first failure
// sticks: later reads return zero and do not move, so a run of reads needs
// one error check at its end (the debug/dwarf buf idea).
type cursor struct {
	data []byte
	pos  int
	last int   // where the latest field read started: a bad value is reported there
	base int64 // absolute offset of data[0], for error messages
	err  error
	// The entry of a table being read (at): its fields are named without
	// it, and "table[entry]" is put before them only in a message, since
	// formatting every entry's field names cost a sixth of dumping a
	// corpus of real objects.
	table string
	entry int
}

// at names the entry whose fields are read next: table[i]; "" for none.
func (c *cursor) at(table string, i int) { c.table, c.entry = table, i }

func (c *cursor) off() int64 { return c.base + int64(c.pos) }

func (c *cursor) fail(field, expected, found string, sentinel error) {
	c.failAt(c.off(), field, expected, found, sentinel)
}

// failValue records that the field just read holds a bad value, located at
// the field's first byte rather than after it.
func (c *cursor) failValue(field, expected, found string, sentinel error) {
	c.failAt(c.base+int64(c.last), field, expected, found, sentinel)
}

func (c *cursor) failAt(off int64, field, expected, found string, sentinel error) {
	if c.err == nil {
		if c.table != "" {
			field = fmt.Sprintf("%s[%d]%s", c.table, c.entry, field)
		}
		c.err = &FormatError{Off: off, Field: field, Expected: expected, Found: found, Err: sentinel}
	}
}

// need reports whether n more bytes are available; if not it records a
// truncation error naming field.
func (c *cursor) need(n int, field string) bool {
	if c.err != nil {
		return false
	}
	if n < 0 || len(c.data)-c.pos < n {
		c.fail(field, fmt.Sprintf("%d bytes", n), fmt.Sprintf("%d bytes before end of input", len(c.data)-c.pos), ErrTruncated)
		return false
	}
	c.last = c.pos
	return true
}

func (c *cursor) u8(field string) uint8 {
	if b := c.bytes(1, field); b != nil {
		return b[0]
	}
	return 0
}

func (c *cursor) u16(field string) uint16 {
	if b := c.bytes(2, field); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (c *cursor) u32(field string) uint32 {
	if b := c.bytes(4, field); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

// idx reads an index field whose width is 4 bytes when wide, else 2.
func (c *cursor) idx(wide bool, field string) uint32 {
	if wide {
		return c.u32(field)
	}
	return uint32(c.u16(field))
}

// countField reads a count field whose width is 2 bytes when wide, else 1.
func (c *cursor) countField(wide bool, field string) int {
	if wide {
		return int(c.u16(field))
	}
	return int(c.u8(field))
}

func (c *cursor) bytes(n int, field string) []byte {
	if !c.need(n, field) {
		return nil
	}
	b := c.data[c.pos : c.pos+n : c.pos+n]
	c.pos += n
	return b
}

// cstring reads a NUL-terminated string of at most maxLen bytes.
func (c *cursor) cstring(maxLen int, field string) string {
	if c.err != nil {
		return ""
	}
	// The search stops past maxLen: bodies at many offsets would otherwise
	// each scan to the end of the file.
	for i := c.pos; i < len(c.data); i++ {
		if i-c.pos > maxLen {
			c.fail(field, fmt.Sprintf("a string of at most %d bytes", maxLen), fmt.Sprintf("no NUL in its first %d bytes", maxLen+1), ErrBadValue)
			return ""
		}
		if c.data[i] == 0 {
			s := DisplayName(c.data[c.pos:i])
			c.pos = i + 1
			return s
		}
	}
	c.fail(field, "a NUL-terminated string", "end of input", ErrTruncated)
	return ""
}

// count checks that n records of at least minSize bytes each can still fit
// before the caller allocates for them. n is the field just read: a count
// too large is reported at that field.
func (c *cursor) count(n uint64, minSize int, field string) bool {
	if c.err != nil {
		return false
	}
	left := uint64(len(c.data) - c.pos)
	if minSize > 0 && n > left/uint64(minSize) {
		c.failValue(field, fmt.Sprintf("at most %d entries of >= %d bytes in the %d bytes left", left/uint64(minSize), minSize, left), fmt.Sprintf("%d", n), ErrTooLarge)
		return false
	}
	return true
}
