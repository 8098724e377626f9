package native

import (
	"errors"
	"testing"
)

// TestReadSet checks how ReadSet finds and reads the .asm of a vISA text
// file: named by exists, guessed without it (a guess not there is no
// part), and a named .asm that cannot be read is an error.
func TestReadSet(t *testing.T) {
	asm := []byte("//.kernel k\n")
	files := map[string][]byte{"d/k.asm": asm}
	read := func(n string) ([]byte, error) {
		if b, ok := files[n]; ok {
			return b, nil
		}
		return nil, errors.New(n + ": not there")
	}
	has := func(n string) bool { return n == "d/k.asm" || n == "d/k.visa.ll" || n == "d/j.asm" }

	set, f, err := ReadSet("d/k.visaasm", has, read)
	if err != nil || f == nil || f.Kernel != "k" || set != (DumpSet{VISA: "d/k.visaasm", ASM: "d/k.asm", VisaLL: "d/k.visa.ll"}) {
		t.Errorf("named: %+v %v %v", set, f, err)
	}
	set, f, err = ReadSet("d/k.visaasm", nil, read)
	if err != nil || f == nil || set != (DumpSet{VISA: "d/k.visaasm", ASM: "d/k.asm"}) {
		t.Errorf("guessed: %+v %v %v", set, f, err)
	}
	set, f, err = ReadSet("d/x.visaasm", nil, read)
	if err != nil || f != nil || set != (DumpSet{VISA: "d/x.visaasm"}) {
		t.Errorf("guessed, absent: %+v %v %v", set, f, err)
	}
	set, f, err = ReadSet("d/j.isaasm", has, read)
	if err == nil || f != nil || set.ASM != "d/j.asm" {
		t.Errorf("unreadable: %+v %v %v", set, f, err)
	}
}
