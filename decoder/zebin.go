package decoder

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"strings"
)

// shtZebinVisaasm is the section type zebin gives vISA text
// (SHT_ZEBIN_VISAASM); the sections are named ".visaasm.<kernel>".
const shtZebinVisaasm = 0xff000013

// TextSection is one .visaasm section of a zebin ELF file: vISA text, as
// decoder/visatext reads it.
type TextSection struct {
	Name string
	Data []byte
}

// IsELF reports whether data starts with the ELF magic.
func IsELF(data []byte) bool { return bytes.HasPrefix(data, []byte(elf.ELFMAG)) }

// hasTextSections reports whether data is an ELF file with at least one
// .visaasm section. When data is the start of a longer ELF file whose
// section table lies past it, it cannot tell and says yes, so that the
// whole file is read and decides.
func hasTextSections(data []byte) bool {
	if !IsELF(data) {
		return false
	}
	if len(data) >= 64 && data[4] == 2 && data[5] == 1 { // 64-bit little-endian, as zebin is
		shoff := binary.LittleEndian.Uint64(data[40:])
		n := uint64(binary.LittleEndian.Uint16(data[60:])) * uint64(binary.LittleEndian.Uint16(data[58:]))
		if shoff > uint64(len(data)) || n > uint64(len(data))-shoff {
			return true
		}
	}
	secs, err := TextSections(data)
	return err == nil && len(secs) > 0
}

// TextSections returns the .visaasm sections of an ELF file.
func TextSections(data []byte) (secs []TextSection, err error) {
	defer func() {
		// debug/elf is not meant for hostile input: a panic on a damaged
		// file is reported, not propagated.
		if r := recover(); r != nil {
			secs, err = nil, fmt.Errorf("ELF file: damaged section table (%v)", r)
		}
	}()
	ef, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("ELF file: %v", err)
	}
	for _, s := range ef.Sections {
		if !strings.HasPrefix(s.Name, ".visaasm.") && uint32(s.Type) != shtZebinVisaasm {
			continue
		}
		if s.Type == elf.SHT_NOBITS || s.Offset > uint64(len(data)) || s.Size > uint64(len(data))-s.Offset {
			return nil, fmt.Errorf("ELF section %s: expected %d bytes at offset 0x%x, found a %d-byte file", s.Name, s.Size, s.Offset, len(data))
		}
		secs = append(secs, TextSection{s.Name, data[s.Offset : s.Offset+s.Size]})
	}
	if len(secs) == 0 {
		return nil, fmt.Errorf("ELF file with no .visaasm section (IGC writes them with -emit-zebin-visa-sections)")
	}
	return secs, nil
}
