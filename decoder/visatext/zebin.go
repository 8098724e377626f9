package visatext

import (
	"bytes"
	"debug/elf"
	"fmt"
	"strings"
)

// shtZebinVisaasm is the section type zebin gives vISA text
// (SHT_ZEBIN_VISAASM); the sections are named ".visaasm.<kernel>".
const shtZebinVisaasm = 0xff000013

type section struct {
	name string
	data []byte
}

// hasVisaasmSections reports whether data is an ELF file with at least one
// .visaasm section.
func hasVisaasmSections(data []byte) bool {
	secs, err := visaasmSections(data)
	return err == nil && len(secs) > 0
}

// visaasmSections returns the .visaasm sections of a zebin ELF, nil (and no
// error) when data is not ELF or has none.
func visaasmSections(data []byte) (secs []section, err error) {
	if !bytes.HasPrefix(data, []byte(elf.ELFMAG)) {
		return nil, nil
	}
	defer func() {
		// debug/elf is not meant for hostile input: a panic on a damaged
		// file is reported, not propagated.
		if r := recover(); r != nil {
			secs, err = nil, fmt.Errorf("ELF file: damaged section table (%v)", r)
		}
	}()
	ef, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return nil, nil // not an ELF we can read: not ours to report
	}
	for _, s := range ef.Sections {
		if !strings.HasPrefix(s.Name, ".visaasm.") && uint32(s.Type) != shtZebinVisaasm {
			continue
		}
		if s.Type == elf.SHT_NOBITS || s.Offset > uint64(len(data)) || s.Size > uint64(len(data))-s.Offset {
			return nil, fmt.Errorf("ELF section %s: expected %d bytes at offset 0x%x, found a %d-byte file", s.Name, s.Size, s.Offset, len(data))
		}
		secs = append(secs, section{s.Name, data[s.Offset : s.Offset+s.Size]})
	}
	return secs, nil
}
