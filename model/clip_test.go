package model

import (
	"strings"
	"testing"
)

// TestSurfaceFileQuotesLittle: keys and values of a surface file are quoted
// in a few dozen bytes, however long they are.
func TestSurfaceFileQuotesLittle(t *testing.T) {
	long := strings.Repeat("X", 64<<10)
	for _, text := range []string{
		`{"` + long + `": 1}`,
		`{"surfaces": {"` + long + `": {"widht": 1}}}`,
		`{"surfaces": {"T6": {"type": "` + long + `"}}}`,
		`{"surfaces": {"T6": {"width": 1` + strings.Repeat("0", 64<<10) + `}}}`,
		`{"dispatch_mask": "` + long + `"}`,
	} {
		_, err := ParseSurfaceFile("f.json", []byte(text))
		if err == nil {
			t.Errorf("%.60s...: accepted", text)
		} else if len(err.Error()) > 300 {
			t.Errorf("%d-byte message: %.200v", len(err.Error()), err)
		}
	}
}
