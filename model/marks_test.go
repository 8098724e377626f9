package model

import (
	"slices"
	"strings"
	"testing"
)

type instrs []struct {
	pos  int64
	text string
}

func (s instrs) Len() int          { return len(s) }
func (s instrs) Pos(i int) int64   { return s[i].pos }
func (s instrs) Text(i int) string { return s[i].text }
func (s instrs) with(i int, pos int64, text string) instrs {
	out := slices.Clone(s)
	out[i].pos, out[i].text = pos, text
	return out
}

const (
	resA = "resinfo.RGBA (M1, 16) T6 V33.0 V34.0"
	resB = "resinfo.R (M1, 8) T1 V40.0 V41.0"
)

// A mark finds its instruction where it was; after a rebuild that moved
// the offsets, by its text nearest its old place; and is gone (-1, kept by
// the caller) when no instruction has its text.
func TestMarkAttach(t *testing.T) {
	kernel := instrs{{0x40, resB}, {0x123, resA}, {0x200, resB}, {0x300, resA}}
	mk := Mark{File: "k.isa", Kernel: "k", Pos: 0x123, Text: resA}
	if i, moved := mk.Attach(kernel); i != 1 || moved {
		t.Errorf("same offset: %d %v, want 1 false", i, moved)
	}
	// Two instructions inserted before it: both copies of its text moved;
	// the nearer one to the old offset is taken.
	rebuilt := instrs{{0x40, resB}, {0x60, resB}, {0x80, resB}, {0x163, resA}, {0x240, resB}, {0x340, resA}}
	if i, moved := mk.Attach(rebuilt); i != 3 || !moved {
		t.Errorf("moved: %d %v, want 3 true", i, moved)
	}
	// Same offset, other text: that is another instruction; its own text
	// is found further on.
	if i, moved := mk.Attach(kernel.with(1, 0x123, resB)); i != 3 || !moved {
		t.Errorf("offset reused by another instruction: %d %v, want 3 true", i, moved)
	}
	// Its text is nowhere: gone.
	gone := instrs{{0x40, resB}, {0x123, resB}}
	if i, moved := mk.Attach(gone); i != -1 || moved {
		t.Errorf("gone: %d %v, want -1 false", i, moved)
	}
	if i, _ := mk.Attach(instrs{}); i != -1 {
		t.Errorf("empty kernel: %d", i)
	}
}

// A mark file reads back what was written, per input (an image of a C
// source keeps its suffix), and a hand-broken one is refused with where
// and what.
func TestMarksFile(t *testing.T) {
	marks := []Mark{
		{File: "a.isa", Kernel: "k", Pos: 0x123, Text: resA, Note: "LOD from V33? \"quoted\""},
		{File: "b.isa", Kernel: "k", Pos: 1, Text: resB, Note: "other file"},
		{File: "src.cpp:ARR[1]", Kernel: "m", Pos: 7, Text: resB, Note: ""},
		{File: "a.isa", Kernel: "k2", Pos: 0, Text: resB, Note: "ünïcode ✓"},
	}
	data, err := MarshalMarks("a.isa", marks)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseMarks("a.isa.infoscope-marks.json", "a.isa", data)
	if err != nil {
		t.Fatal(err)
	}
	if want := []Mark{marks[0], marks[3]}; !slices.Equal(got, want) {
		t.Errorf("round trip: %+v, want %+v", got, want)
	}
	data, _ = MarshalMarks("src.cpp", marks)
	if got, err := ParseMarks("x", "src.cpp", data); err != nil || !slices.Equal(got, []Mark{marks[2]}) {
		t.Errorf("image: %+v %v\n%s", got, err, data)
	}
	data, _ = MarshalMarks("none.isa", marks)
	if got, err := ParseMarks("x", "none.isa", data); err != nil || len(got) != 0 || !strings.Contains(string(data), `"marks": []`) {
		t.Errorf("no marks: %+v %v %s", got, err, data)
	}
	for _, c := range []struct{ in, want string }{
		{``, "m.json: empty"},
		{`{"version": 1, "marks": [`, "m.json: "},
		{`{"version": 1, "marks": [{"kernel": "k", "pos": "x", "text": "t"}]}`, "byte 51: marks.pos: expected int64, found string"},
		{`{"version": 2, "marks": []}`, "version 2: expected 1"},
		{`{"version": 1, "marks": [{"kernel": "k", "pos": 1, "text": ""}]}`, "mark 1: expected the instruction text"},
		{`{"version": 1, "marks": [{"kernel": "k", "pos": -1, "text": "t"}]}`, "pos -1"},
		{`{"version": 1, "marks": [{"kernel": "k", "pos": 1, "text": "t", "image": "x"}]}`, `image "x"`},
		{`{"version": 1, "marks": [], "extra": 1}`, `unknown field "extra"`},
		{`{"version": 1, "marks": []} {}`, "byte 28: expected the end of the file"},
		{`{"version": 1, "marks": [{"kernel": "k", "pos": 1, "text": "t", "note": "` + strings.Repeat("x", MaxNoteRunes+1) + `"}]}`, "note of 501 characters"},
	} {
		_, err := ParseMarks("m.json", "a.isa", []byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.60q: %v, want %q", c.in, err, c.want)
		}
	}
}

func TestCleanNote(t *testing.T) {
	if got := CleanNote("  two\tlines\nhere \x1b[2J\u0085 "); got != "two lines here ?[2J" { // decoder.Display: ESC shows as ?
		t.Errorf("%q", got)
	}
	if got := CleanNote(strings.Repeat("é", MaxNoteRunes+9)); len([]rune(got)) != MaxNoteRunes {
		t.Errorf("%d runes", len([]rune(got)))
	}
}

// A mark file is read without panicking whatever its bytes, and what is
// accepted writes back to a file that reads the same.
func FuzzParseMarks(f *testing.F) {
	good, _ := MarshalMarks("a.isa", []Mark{{File: "a.isa:ARR[0]", Kernel: "k", Pos: 3, Text: resA, Note: "n"}})
	f.Add(good)
	f.Add([]byte(`{"version": 1, "marks": [{"kernel": "k", "pos": 1, "text": "t", "image": ":x"}]}`))
	f.Add([]byte(`{"version": 1, "marks": null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		marks, err := ParseMarks("m.json", "a.isa", data)
		if err != nil {
			return
		}
		again, err := MarshalMarks("a.isa", marks)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseMarks("m.json", "a.isa", again)
		if err != nil || !slices.Equal(back, marks) {
			t.Fatalf("%+v does not read back (%v): %+v", marks, err, back)
		}
	})
}
