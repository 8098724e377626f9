package visatext

import (
	"fmt"
	"sort"
	"strings"

	"infoscope/decoder"
)

// DumpFolder picks, from the file names of an IGC dump folder, the ones to
// open: every .visaasm file, except NAME.inline.visaasm when NAME.visaasm
// is there too (the inline form is only the assembler input the kernel was
// parsed back from). It returns them sorted, and a one-line note on the
// others ("" when none was skipped), called "not vISA": the caller has
// taken the folder's vISA binaries and dump-set files out of names.
func DumpFolder(names []string) (open []string, note string) {
	have := map[string]bool{}
	for _, n := range names {
		have[n] = true
	}
	var skipped, inline []string
	for _, n := range names {
		switch {
		case strings.HasSuffix(n, ".inline.visaasm") && have[strings.TrimSuffix(n, ".inline.visaasm")+".visaasm"]:
			inline = append(inline, n)
		case strings.HasSuffix(n, ".visaasm"):
			open = append(open, n)
		default:
			skipped = append(skipped, n)
		}
	}
	sort.Strings(open)
	sort.Strings(skipped)
	var parts []string
	if len(skipped) > 0 {
		parts = append(parts, fmt.Sprintf("%d not vISA (%s)", len(skipped), list(skipped)))
	}
	if len(inline) > 0 {
		parts = append(parts, fmt.Sprintf("%d .inline.visaasm with their kernel's .visaasm beside them", len(inline)))
	}
	if len(parts) > 0 {
		note = "skipped " + strings.Join(parts, " and ")
	}
	return open, note
}

// list names up to 3 files, as decoder.Display shows them: a folder's
// file names are anyone's, and the note goes to a terminal.
func list(names []string) string {
	shown := make([]string, min(len(names), 3))
	for i := range shown {
		shown[i] = decoder.Display(names[i])
	}
	if len(names) <= 3 {
		return strings.Join(shown, ", ")
	}
	return strings.Join(shown, ", ") + fmt.Sprintf(", and %d more", len(names)-3)
}
