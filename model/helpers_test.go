package model

import (
	"strings"
	"testing"

	"infoscope/decoder"
)

// inst builds one INFO instruction in the IGC layout (format doc §5.1,
// version 4.1 widths: UD id + UW offset) and decodes it with the real
// decoder, so the tests see the Info the inspector sees.
func inst(t *testing.T, sub, exec, chmask byte, dstOff uint16) *decoder.Info {
	t.Helper()
	b := []byte{0x70, sub, exec, chmask, 6}
	if sub == 0x0A {
		b = append(b, 0x20, 0, 0, 0, 0, 0) // lod = V32.0
	}
	b = append(b, 0x21, 0, 0, 0, byte(dstOff), byte(dstOff>>8)) // dst = V33.off
	st := decoder.Walk(b, 0, decoder.WalkOptions{Layout: decoder.LayoutIGC})
	if st.Err != nil || st.NumInfos() != 1 {
		t.Fatalf("decoding % x: err %v, %d infos", b, st.Err, st.NumInfos())
	}
	return st.Info(0)
}

// declared decodes a sampleinfo on T6 from an object body whose surface
// table names T6 decl.
func declared(t *testing.T, decl string) *decoder.Info {
	t.Helper()
	b := []byte{0x70, 0x0B, 0x04, 0x0F, 6, 0x21, 0, 0, 0, 0, 0}
	st := decoder.Walk(b, 0, decoder.WalkOptions{Layout: decoder.LayoutIGC, Symbols: &decoder.Symbols{Surfaces: []string{decl}}})
	if st.Err != nil || st.NumInfos() != 1 || st.Info(0).SurfaceName() != "T6" || st.Info(0).SurfaceDecl() != decl {
		t.Fatalf("decoding % x: err %v, %d infos", b, st.Err, st.NumInfos())
	}
	return st.Info(0)
}

// resinfo and sampleinfo are shorthands: exec byte = mask nibble<<4 | size code.
func resinfo(t *testing.T, exec, chmask byte) *decoder.Info {
	t.Helper()
	return inst(t, 0x0A, exec, chmask, 0)
}

func sampleinfo(t *testing.T, exec, chmask byte) *decoder.Info {
	t.Helper()
	return inst(t, 0x0B, exec, chmask, 0)
}

func hasWarning(ws []string, sub string) bool {
	for _, w := range ws {
		if contains(w, sub) {
			return true
		}
	}
	return false
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
