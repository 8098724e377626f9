package templates

import (
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata"
)

// TestMixedHasInfoAndOthers: the templates hold INFO and other
// instructions, each one whole instruction of the igc layout, so a stream
// built from them walks with no error.
func TestMixedHasInfoAndOthers(t *testing.T) {
	all := Mixed()
	infos := 0
	for _, b := range all {
		s := decoder.Walk(b, 0, decoder.WalkOptions{Layout: decoder.LayoutIGC})
		if s.Err != nil || s.NumInsts() != 1 {
			t.Fatalf("template % x: %d instructions, %v", b, s.NumInsts(), s.Err)
		}
		infos += s.NumInfos()
	}
	if infos == 0 || infos == len(all) {
		t.Fatalf("%d INFO among %d templates: want some of each", infos, len(all))
	}
	s := decoder.Walk(sampledata.MixedStream(64<<10, all), 0, decoder.WalkOptions{Layout: decoder.LayoutIGC})
	if s.Err != nil {
		t.Fatalf("mixed stream: %v", s.Err)
	}
}
