package visatext

import (
	"testing"

	"infoscope/decoder"
)

// TestDumpFolderNoteIsDisplayable: the note names skipped files, and a
// folder's file names are anyone's: a name holding an escape sequence (a
// window retitle, a screen clear) or a newline is shown as Display shows
// it, not written to the terminal raw, while the files to open keep their
// names as they are on disk.
func TestDumpFolderNoteIsDisplayable(t *testing.T) {
	hostile := "a\x1b]0;PWNED\x07\n\u202e\x9b2J.txt"
	open, note := DumpFolder([]string{hostile, "k\x1b[2J.visaasm"})
	if len(open) != 1 || open[0] != "k\x1b[2J.visaasm" {
		t.Errorf("open = %q, want the .visaasm by its own name", open)
	}
	if want := "skipped 1 not vISA (a?]0;PWNED???" + "?2J.txt)"; note != want {
		t.Errorf("note = %q, want %q", note, want)
	}
	if note != decoder.Display(note) {
		t.Errorf("note holds a control character: %q", note)
	}
}
