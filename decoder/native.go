package decoder

import (
	"encoding/binary"
	"fmt"
)

// Files that IGC's dumps also call ".isa" but that hold native Gen code, not
// vISA: a zebin ELF, a patch-token program binary, or a bare run of Gen EU
// instructions. Given by mistake, they are named for what they are rather
// than reported as a raw vISA stream that stops at some byte.

// emIntelGT is the ELF machine number of Intel GPUs, which zebin uses.
const emIntelGT = 205

// notVISA returns a located error when data is a container of native code
// recognised by its magic (ELF, patch tokens), else nil.
func notVISA(name string, data []byte) error {
	switch {
	case len(data) >= 20 && string(data[:4]) == "\x7fELF":
		mach := binary.LittleEndian.Uint16(data[18:])
		if data[5] == 2 { // big-endian ELF
			mach = binary.BigEndian.Uint16(data[18:])
		}
		what := fmt.Sprintf("an ELF file (machine %d), not a vISA object file", mach)
		if mach == emIntelGT {
			what = "an ELF file for Intel GPUs (zebin: IGC's native Gen code and its metadata), not a vISA object file"
		}
		return &FormatError{File: name, Off: 0, Field: "magic", Expected: `a vISA object file ("CISA"), a raw vISA stream, hex text or a C source`, Found: what, Err: ErrNotVISA}
	case len(data) >= 4 && string(data[:4]) == "CTNI":
		return &FormatError{File: name, Off: 0, Field: "magic", Expected: `a vISA object file ("CISA"), a raw vISA stream, hex text or a C source`, Found: "an Intel patch-token program binary (\"CTNI\": native Gen code), not vISA", Err: ErrNotVISA}
	}
	return nil
}

// genOpcodes marks the 7-bit opcodes of Gen8 to Xe EU instructions (Gen8-11
// and Gen12+ numberings together).
var genOpcodes = func() (m [128]bool) {
	for _, r := range [][2]int{
		{0x01, 0x0A}, {0x0C, 0x0C}, {0x0E, 0x14}, {0x17, 0x1A}, // Gen8-11 moves and logic
		{0x20, 0x2F}, {0x30, 0x34}, {0x38, 0x38}, // flow, wait, send, math
		{0x40, 0x4F}, {0x50, 0x5D}, {0x60, 0x7A}, {0x7E, 0x7E}, // arithmetic; Gen12 moves and logic; nop
	} {
		for op := r[0]; op <= r[1]; op++ {
			m[op] = true
		}
	}
	return m
}()

// looksLikeGen reports whether code reads as native Gen EU instructions: a
// run of 16-byte instructions and 8-byte compacted ones (bit 29 of the
// first dword), at least 8 of them, nearly all with a Gen opcode, up to
// zero padding or a last instruction cut short. vISA streams fail this at once: their
// lengths follow their own opcodes, not the compaction bit.
func looksLikeGen(code []byte) (n int, ok bool) {
	pos, bad := 0, 0
	for pos+8 <= len(code) {
		if binary.LittleEndian.Uint64(code[pos:]) == 0 && allZero(code[pos:]) {
			break // padding to the end
		}
		l := 16
		if code[pos+3]&0x20 != 0 {
			l = 8
		}
		if pos+l > len(code) {
			// Cut short: the input may be the first bytes of a longer
			// one (ReadInput stops early on what fails as vISA).
			break
		}
		if !genOpcodes[code[pos]&0x7F] {
			bad++
		}
		n++
		pos += l
	}
	return n, n >= 8 && bad*20 <= n
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// genError is the error for a raw input that is Gen code.
func genError(name string, n int) error {
	return &FormatError{File: name, Off: 0, Field: "input", Expected: `a vISA object file ("CISA"), a raw vISA stream, hex text or a C source`, Found: fmt.Sprintf("native Gen machine code (%d EU instructions of 16 or 8 bytes), not vISA: IGC's Gen dumps are also named .isa", n), Err: ErrNotVISA}
}
