package visatext

import (
	"path/filepath"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/testkit"
)

// Decode is the one entry for any input: text is read here, everything
// else by decoder.Decode, which refuses text instead of decoding it as a
// raw stream. Nothing is registered: a program that never imports this
// package gets the refusal, not garbage.
func TestDecodeDispatch(t *testing.T) {
	text := testkit.ReadFile(t, filepath.Join(oracleDir, "info_min.visaasm"))
	bin := testkit.ReadFile(t, filepath.Join(oracleDir, "info_min.isa"))

	f := decoder.Decode("k.visaasm", text, decoder.Options{})
	if len(f.Errors) != 1 || len(f.Streams) != 0 || !strings.Contains(f.Errors[0].Error(), "visatext.Decode") {
		t.Errorf("decoder.Decode of text: %d streams, errors %v", len(f.Streams), f.Errors)
	}
	f = Decode("k.visaasm", text, decoder.Options{})
	if len(f.Errors) != 0 || f.NumInfos() != 2 || f.LayoutReason != Reason {
		t.Errorf("Decode of text: %d INFO, errors %v, reason %q", f.NumInfos(), f.Errors, f.LayoutReason)
	}
	want := decoder.Decode("k.isa", bin, decoder.Options{})
	got := Decode("k.isa", bin, decoder.Options{})
	if got.NumInfos() != want.NumInfos() || len(got.Streams) != len(want.Streams) || got.LayoutReason != want.LayoutReason || len(got.Errors) != 0 {
		t.Errorf("Decode of a binary: %d INFO in %d streams (%q), decoder.Decode %d in %d (%q)", got.NumInfos(), len(got.Streams), got.LayoutReason, want.NumInfos(), len(want.Streams), want.LayoutReason)
	}
	// Forced text, and options that do not apply to it said to be so.
	f = Decode("k.txt", text, decoder.Options{Text: true, Layout: decoder.LayoutSeed, Offset: 4})
	if f.NumInfos() != 2 || len(f.Warnings) != 2 || !strings.Contains(f.Warnings[0], "seed") || !strings.Contains(f.Warnings[1], "offset") {
		t.Errorf("forced text: %d INFO, warnings %q", f.NumInfos(), f.Warnings)
	}
	if f := Decode("empty", nil, decoder.Options{Text: true}); len(f.Errors) != 1 {
		t.Errorf("empty input: errors %v", f.Errors)
	}
}
