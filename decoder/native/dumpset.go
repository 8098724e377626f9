package native

import (
	"sort"
	"strings"
)

// DumpSet names the files IGC writes for one kernel in a shader dump
// folder, all of one stem: NAME.visaasm (vISA text), NAME.asm (the Gen
// assembly), NAME.visa.ll (the LLVM IR with vISA ids), NAME-dyn-perf.txt
// (per-loop spill counts). GenX_IR's -asmOutput OUT writes OUT.visaasm
// and OUT.asm, a pair of the same stem too. Empty names are absent parts.
type DumpSet struct {
	VISA, ASM, VisaLL, DynPerf string
}

// IsVISAText reports whether name is a vISA text file of a dump
// (.visaasm, or the .isaasm IGC also writes).
func IsVISAText(name string) bool {
	return strings.HasSuffix(name, ".visaasm") || strings.HasSuffix(name, ".isaasm")
}

// Stem is name without its vISA text or assembly extension.
func Stem(name string) string {
	for _, ext := range []string{".inline.visaasm", ".visaasm", ".isaasm", ".asm"} {
		if strings.HasSuffix(name, ext) {
			return strings.TrimSuffix(name, ext)
		}
	}
	return name
}

// SetOf names the parts of the dump set of vISA text file visa that
// exist (as exists reports, given the same directory prefix as visa).
func SetOf(visa string, exists func(string) bool) DumpSet {
	stem := Stem(visa)
	s := DumpSet{VISA: visa}
	for _, p := range []struct {
		to  *string
		ext string
	}{{&s.ASM, ".asm"}, {&s.VisaLL, ".visa.ll"}, {&s.DynPerf, "-dyn-perf.txt"}} {
		if exists(stem + p.ext) {
			*p.to = stem + p.ext
		}
	}
	return s
}

// ReadSet names the parts of the dump set of vISA text file visa (see
// SetOf) and reads and parses its .asm with read. With exists nil there
// is no way to ask: the .asm of visa's stem is tried, and one that cannot
// be read is taken as absent. asm is nil without an .asm or when it could
// not be read (err says why); its own Errors say what was not parsed.
func ReadSet(visa string, exists func(string) bool, read func(string) ([]byte, error)) (set DumpSet, asm *File, err error) {
	guessed := exists == nil
	if guessed {
		exists = func(n string) bool { return n == Stem(visa)+".asm" }
	}
	set = SetOf(visa, exists)
	if set.ASM == "" {
		return set, nil, nil
	}
	data, err := read(set.ASM)
	if err != nil {
		if guessed {
			set.ASM = "" // guessed, and not there
			err = nil
		}
		return set, nil, err
	}
	return set, Parse(set.ASM, data), nil
}

// Folder sorts the file names of a dump folder into the vISA text inputs
// to open, their dump sets, and the lone .asm files (no vISA text of
// their stem: they open as native code alone). An .isaasm with a
// .visaasm of the same stem is left out when same says their contents
// are equal (IGC writes the same text twice); otherwise both open.
func Folder(names []string, same func(a, b string) bool) (sets []DumpSet, loneASM []string, dropped []string) {
	have := map[string]bool{}
	for _, n := range names {
		have[n] = true
	}
	exists := func(n string) bool { return have[n] }
	withVISA := map[string]bool{}
	for _, n := range names {
		switch {
		case strings.HasSuffix(n, ".inline.visaasm") && have[strings.TrimSuffix(n, ".inline.visaasm")+".visaasm"]:
			continue // the assembler input IGC parsed the kernel back from
		case strings.HasSuffix(n, ".isaasm") && have[Stem(n)+".visaasm"] && same(n, Stem(n)+".visaasm"):
			dropped = append(dropped, n)
			continue
		case IsVISAText(n):
			sets = append(sets, SetOf(n, exists))
			withVISA[Stem(n)] = true
		}
	}
	for _, n := range names {
		if strings.HasSuffix(n, ".asm") && !withVISA[Stem(n)] {
			loneASM = append(loneASM, n)
		}
	}
	sort.Slice(sets, func(i, k int) bool { return sets[i].VISA < sets[k].VISA })
	sort.Strings(loneASM)
	sort.Strings(dropped)
	return sets, loneASM, dropped
}

// IsASM reports whether an input named name holding data is IGC's Gen
// assembly: a .asm whose first line is IGC's "//.kernel" header.
func IsASM(name string, data []byte) bool {
	return strings.HasSuffix(name, ".asm") && strings.HasPrefix(string(data[:min(len(data), 9)]), "//.kernel")
}
