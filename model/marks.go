package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"infoscope/decoder"
)

// Bookmarks: a mark names one instruction by its file, kernel, position and
// text, with the user's note. A mark file (the sidecar FILE.infoscope-marks.json
// beside an input) holds the marks of that input:
//
//	{
//	  "version": 1,
//	  "marks": [
//	    {"image": "", "kernel": "info_min", "pos": 291,
//	     "text": "resinfo.RGBA (M1, 16) T6 V33.0 V34.0", "note": "LOD from V33?"}
//	  ]
//	}
//
// image is the part of the file name after the input's name ("" for a plain
// file; ":ARRAY[k]" for an image in a C source); pos is the instruction's
// byte offset, or its $N in vISA text (which has no offsets).

// MarksVersion is the version of the mark file written.
const MarksVersion = 1

// Limits of a mark file: a person marks tens of instructions, not
// thousands, and a note is a sentence.
const (
	MaxMarks     = 10000
	MaxNoteRunes = 500
)

// Mark is one bookmark.
type Mark struct {
	File   string // the decoded file's name (input name plus image); not stored
	Kernel string // "" in a raw stream, which has no kernels
	Pos    int64
	Text   string
	Note   string
}

type markJSON struct {
	Image  string `json:"image"`
	Kernel string `json:"kernel"`
	Pos    int64  `json:"pos"`
	Text   string `json:"text"`
	Note   string `json:"note"`
}

type markFileJSON struct {
	Version int        `json:"version"`
	Marks   []markJSON `json:"marks"`
}

// MarksFor returns the marks that belong to input (its own file name or
// an image inside it), in order.
func MarksFor(marks []Mark, input string) []Mark {
	var out []Mark
	for _, mk := range marks {
		if mk.File == input || strings.HasPrefix(mk.File, input+":") {
			out = append(out, mk)
		}
	}
	return out
}

// MarshalMarks writes the mark file of input: the marks of marks that
// belong to it.
func MarshalMarks(input string, marks []Mark) ([]byte, error) {
	f := markFileJSON{Version: MarksVersion, Marks: []markJSON{}}
	for _, mk := range MarksFor(marks, input) {
		f.Marks = append(f.Marks, markJSON{Image: strings.TrimPrefix(mk.File, input), Kernel: mk.Kernel, Pos: mk.Pos, Text: mk.Text, Note: mk.Note})
	}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// ParseMarks reads the mark file of input, named name in errors. Errors are
// located (byte offset, or the mark's index) and say what was expected.
func ParseMarks(name, input string, data []byte) ([]Mark, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f markFileJSON
	if err := dec.Decode(&f); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return nil, fmt.Errorf("%s: byte %d: %v", name, se.Offset, err)
		case errors.As(err, &te):
			return nil, fmt.Errorf("%s: byte %d: %s: expected %s, found %s", name, te.Offset, te.Field, te.Type, te.Value)
		case errors.Is(err, io.EOF):
			return nil, fmt.Errorf("%s: empty: expected a JSON object", name)
		}
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: byte %d: expected the end of the file after the object", name, dec.InputOffset())
	}
	if f.Version != MarksVersion {
		return nil, fmt.Errorf("%s: version %d: expected %d", name, f.Version, MarksVersion)
	}
	if len(f.Marks) > MaxMarks {
		return nil, fmt.Errorf("%s: %d marks: at most %d", name, len(f.Marks), MaxMarks)
	}
	out := make([]Mark, 0, len(f.Marks))
	for i, mj := range f.Marks {
		switch {
		case mj.Text == "":
			return nil, fmt.Errorf("%s: mark %d: expected the instruction text, found none", name, i+1)
		case mj.Pos < 0:
			return nil, fmt.Errorf("%s: mark %d: pos %d: expected 0 or more", name, i+1, mj.Pos)
		case mj.Image != "" && !strings.HasPrefix(mj.Image, ":"):
			return nil, fmt.Errorf("%s: mark %d: image %q: expected \"\" or \":ARRAY[k]\"", name, i+1, mj.Image)
		case utf8.RuneCountInString(mj.Note) > MaxNoteRunes:
			return nil, fmt.Errorf("%s: mark %d: note of %d characters: at most %d", name, i+1, utf8.RuneCountInString(mj.Note), MaxNoteRunes)
		}
		out = append(out, Mark{File: input + mj.Image, Kernel: mj.Kernel, Pos: mj.Pos, Text: mj.Text, Note: CleanNote(mj.Note)})
	}
	return out, nil
}

// Instructions are one kernel's instructions in stream order, as a mark
// is matched against them.
type Instructions interface {
	Len() int
	Pos(i int) int64 // growing with i
	Text(i int) string
}

// Attach finds the instruction mk names among one kernel's: the one at
// its position with its text; else, when the kernel was rebuilt and the
// offsets moved, the one with its text nearest its old position (moved);
// i is -1 when no instruction has its text (the mark is gone, and kept).
func (mk Mark) Attach(ins Instructions) (i int, moved bool) {
	n := ins.Len()
	j := sort.Search(n, func(k int) bool { return ins.Pos(k) >= mk.Pos })
	if j < n && ins.Pos(j) == mk.Pos && ins.Text(j) == mk.Text {
		return j, false
	}
	best, bestD := -1, int64(0)
	for k := 0; k < n; k++ {
		if ins.Text(k) != mk.Text {
			continue
		}
		d := ins.Pos(k) - mk.Pos
		if d < 0 {
			d = -d
		}
		if best < 0 || d < bestD {
			best, bestD = k, d
		}
	}
	return best, best >= 0
}

// CleanNote makes typed or read text a note: one line (a note is drawn on
// the terminal), spaces collapsed, shown by decoder.Display's rule, at most
// MaxNoteRunes characters.
func CleanNote(s string) string {
	s = decoder.Display(strings.Join(strings.Fields(s), " "))
	if utf8.RuneCountInString(s) > MaxNoteRunes {
		s = string([]rune(s)[:MaxNoteRunes])
	}
	return s
}
