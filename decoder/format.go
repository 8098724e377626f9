package decoder

import (
	"encoding/binary"
	"math/bits"
	"strconv"
)

// Text returns the instruction as IGC's disassembler prints it (format doc
// §5.5), without indentation or the trailing comment:
//
//	resinfo.RGBA (M1, 16)  T6 lod.0 res.0
func (in *Info) Text() string { return string(in.AppendText(make([]byte, 0, 48))) }

// AppendText appends Text to b (allocating nothing when b has room).
//
// A dump prints hundreds of thousands of these lines, so the constant
// parts come from tables of pieces: "resinfo.RGBA (" and "M1, 16)  " are
// a few register moves each rather than eight appends and a number
// conversion.
func (in *Info) AppendText(b []byte) []byte {
	switch op := in.Op(); op {
	case OpResinfo, OpSampleinfo:
		b = opChanHeads[op-OpResinfo][in.ChannelMask&0xF].appendTo(b)
	default:
		b = append(b, "info_0x"...)
		b = AppendHex(b, uint64(in.SubOp))
		b = append(b, '.')
		b = append(b, in.Channels()...)
		b = append(b, " ("...)
	}
	b = maskExecTails[in.Mask&15][in.ExecCode&15].appendTo(b)
	return in.appendOperands(b)
}

// piece is a short constant text in a fixed-size array: appending it is a
// copy of the whole array (a few register moves) into room the slice
// has, then a longer slice, where append would call memmove.
type piece struct {
	text [pieceCap]byte
	n    uint8
}

const pieceCap = 24

func newPiece(s string) (p piece) {
	p.n = uint8(copy(p.text[:], s))
	if int(p.n) != len(s) {
		panic("decoder: piece " + s + " is too long")
	}
	return p
}

func (p *piece) appendTo(b []byte) []byte {
	b = grow(b, pieceCap)
	*(*[pieceCap]byte)(b[len(b) : len(b)+pieceCap]) = p.text
	return b[:len(b)+int(p.n)]
}

// opChanHeads holds "resinfo.CHANNELS (" and "sampleinfo.CHANNELS (" for
// every channel mask; maskExecTails "MASK, EXEC)  " for every mask
// control and exec-size code (an illegal code prints as "?CODE");
// surfacePieces every surface's name.
var (
	opChanHeads   [2][16]piece
	maskExecTails [16][16]piece
	surfacePieces [256]piece
)

func init() {
	for op := range opChanHeads {
		for c := range opChanHeads[op] {
			opChanHeads[op][c] = newPiece((OpResinfo + InfoOp(op)).String() + "." + ChannelNames(uint8(c)) + " (")
		}
	}
	for m := range maskExecTails {
		for e := range maskExecTails[m] {
			maskExecTails[m][e] = newPiece(MaskControl(m).String() + ", " + execSizeText(uint8(e)) + ")  ")
		}
	}
	for i := range surfacePieces {
		surfacePieces[i] = newPiece(SurfaceName(uint8(i)))
	}
}

// execSizeText returns the lane count of an exec-size code, or "?CODE"
// for an illegal one.
func execSizeText(code uint8) string {
	if n := ExecSizeFromCode(code); n > 0 {
		return strconv.Itoa(n)
	}
	return "?" + strconv.Itoa(int(code))
}

// SeedText returns the instruction in the user's spec syntax:
//
//	RESINFO (16) T6 lod.0 res.0
func (in *Info) SeedText() string { return string(in.AppendSeedText(make([]byte, 0, 48))) }

// AppendSeedText appends SeedText to b.
func (in *Info) AppendSeedText(b []byte) []byte {
	switch in.Op() {
	case OpResinfo:
		b = append(b, "RESINFO"...)
	case OpSampleinfo:
		b = append(b, "SAMPLEINFO"...)
	default:
		b = append(b, "INFO_0x"...)
		b = AppendHex(b, uint64(in.SubOp))
	}
	b = append(b, " ("...)
	b = append(b, execSizeTexts[in.ExecCode&15]...)
	b = append(b, ") "...)
	return in.appendOperands(b)
}

// execSizeTexts holds execSizeText of every code.
var execSizeTexts = func() (t [16]string) {
	for c := range t {
		t[c] = execSizeText(uint8(c))
	}
	return t
}()

// appendOperands appends "SURFACE [LOD] DST" as both syntaxes print them.
func (in *Info) appendOperands(b []byte) []byte {
	b = surfacePieces[in.Surface].appendTo(b)
	sym := in.symbols()
	if in.HasLOD {
		b = appendRawOperand(append(b, ' '), sym, in.LOD)
	}
	return appendRawOperand(append(b, ' '), sym, in.Dst)
}

// appendRawOperand appends "name.offset" as Info.Operand returns it.
func appendRawOperand(b []byte, sym *Symbols, r RawOperand) []byte {
	if sym == nil && r.ID < uint32(len(rawNamePieces)) {
		// A raw stream's: "V<id>." or "%predefined." from a table.
		b = rawNamePieces[r.ID].appendTo(b)
	} else {
		name, _ := sym.varName(r.ID)
		b = append(append(b, name...), '.')
	}
	if r.Offset < 10 {
		return append(b, '0'+byte(r.Offset)) // nearly always 0
	}
	return AppendUint(b, uint64(r.Offset))
}

// rawNamePieces holds the name and dot of every id a stream without
// symbols names from a table: the predefined names, then V32.. up to
// vNames' end.
var rawNamePieces = func() []piece {
	t := make([]piece, len(vNames))
	for id := range t {
		name, _ := (*Symbols)(nil).varName(uint32(id))
		t[id] = newPiece(name + ".")
	}
	return t
}()

// AppendUint appends v in decimal, as strconv.AppendUint(b, v, 10) does,
// writing its digits in place: the dump writes two or three numbers a
// line, and the generic conversion (a buffer, then a copy) cost a fifth of
// a line's time. Below 1000 (most of a JSON record's numbers) a table
// gives the digits; below 10^8 the eight digits are made at once in one
// 64-bit word (SWAR), one byte a digit.
func AppendUint(b []byte, v uint64) []byte {
	switch {
	case v < 10:
		return append(b, '0'+byte(v))
	case v < 100:
		return append(b, digitPairs[2*v], digitPairs[2*v+1])
	case v < 1000:
		return append(b, '0'+byte(v/100), digitPairs[2*(v%100)], digitPairs[2*(v%100)+1])
	}
	n := decimalLen(v)
	b = grow(b, 8)
	if v < 1e8 {
		// Dropping the 8-n leading zeros leaves the digits in the low
		// bytes: little-endian, the first digit first.
		binary.LittleEndian.PutUint64(b[len(b):len(b)+8], decimal8(uint32(v))>>(8*(8-n)))
		return b[:len(b)+n]
	}
	b = grow(b, n)
	d := b[len(b) : len(b)+n]
	i := n
	for v >= 100 {
		q := v / 100
		r := v - q*100
		i -= 2
		d[i], d[i+1] = digitPairs[2*r], digitPairs[2*r+1]
		v = q
	}
	if v >= 10 {
		d[0], d[1] = digitPairs[2*v], digitPairs[2*v+1]
	} else {
		d[0] = '0' + byte(v)
	}
	return b[:len(b)+n]
}

// decimal8 returns the eight decimal digits of v < 10^8 (leading zeros
// included) as ASCII bytes, the first in the lowest byte. Each step
// splits every lane in two by a multiplication and a shift (n/100 as
// n*10486>>20 for n < 10^4, n/10 as n*103>>10 for n < 100), the quotient
// to the lower half, whose digits come first.
func decimal8(v uint32) uint64 {
	x := uint64(v/10000) | uint64(v%10000)<<32 // two 32-bit lanes < 10^4
	q := (x * 10486 >> 20) & 0x0000007f0000007f
	x = q | (x-q*100)<<16 // four 16-bit lanes < 100
	q = (x * 103 >> 10) & 0x000f000f000f000f
	x = q | (x-q*10)<<8 // eight bytes < 10
	return x + 0x3030303030303030
}

// AppendHex appends v in lower-case hexadecimal without a prefix, as
// strconv.AppendUint(b, v, 16) does, in place; below 2^32 the eight
// digits are made at once in one 64-bit word.
func AppendHex(b []byte, v uint64) []byte {
	n := (bits.Len64(v|1) + 3) / 4
	b = grow(b, max(n, 8))
	if v < 1<<32 {
		binary.LittleEndian.PutUint64(b[len(b):len(b)+8], hex8(uint32(v))>>(8*(8-n)))
		return b[:len(b)+n]
	}
	d := b[len(b) : len(b)+n]
	i := n
	for v >= 0x100 {
		i -= 2
		d[i], d[i+1] = hexPairs[2*(v&0xff)], hexPairs[2*(v&0xff)+1]
		v >>= 8
	}
	if v >= 0x10 {
		d[0], d[1] = hexPairs[2*v], hexPairs[2*v+1]
	} else {
		d[0] = hexDigits[v]
	}
	return b[:len(b)+n]
}

// hex8 returns the eight hex digits of v (leading zeros included) as
// ASCII bytes, the first in the lowest byte: the nibbles spread one a
// byte, '0' added to each and 'a'-'0'-10 more to those over 9, the bytes
// reversed.
func hex8(v uint32) uint64 {
	x := uint64(v)
	x = (x | x<<16) & 0x0000ffff0000ffff
	x = (x | x<<8) & 0x00ff00ff00ff00ff
	x = (x | x<<4) & 0x0f0f0f0f0f0f0f0f // byte k: nibble k
	letters := (x + 0x0606060606060606) >> 4 & 0x0101010101010101
	x += 0x3030303030303030 + letters*('a'-'0'-10)
	return bits.ReverseBytes64(x)
}

// hexPairs holds the two hex digits of every byte value.
var hexPairs = func() (t [512]byte) {
	for v := range 256 {
		t[2*v], t[2*v+1] = hexDigits[v>>4], hexDigits[v&15]
	}
	return t
}()

const (
	hexDigits  = "0123456789abcdef"
	digitPairs = "00010203040506070809" +
		"10111213141516171819" +
		"20212223242526272829" +
		"30313233343536373839" +
		"40414243444546474849" +
		"50515253545556575859" +
		"60616263646566676869" +
		"70717273747576777879" +
		"80818283848586878889" +
		"90919293949596979899"
)

// decimalLen returns the number of decimal digits of v.
func decimalLen(v uint64) int {
	// log10(v) from log2(v) (1233/4096 is log10(2)), then one comparison.
	n := (bits.Len64(v|1) * 1233) >> 12
	if v >= pow10[n] {
		n++
	}
	return n
}

var pow10 = [...]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19}

// grow returns b with room for n more bytes.
func grow(b []byte, n int) []byte {
	if cap(b)-len(b) >= n {
		return b
	}
	return append(b, make([]byte, n)...)[:len(b)]
}

// AppendOperandText appends o as OperandText returns it.
func (in *Instruction) AppendOperandText(b []byte, o Operand) []byte { return in.appendOperand(b, o) }

// AppendText appends the region as String returns it ("<v;w,h>").
func (r Region) AppendText(b []byte) []byte { return r.appendText(b) }
