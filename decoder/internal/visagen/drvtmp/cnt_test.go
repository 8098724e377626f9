package drv

import (
	"testing"

	"infoscope/decoder/internal/visagen"
)

func TestCount(t *testing.T) {
	for _, p := range []visagen.Platform{visagen.SKL, visagen.TGLLP, visagen.DG2} {
		t.Log(p, len(visagen.Mnemonics(p)), visagen.Mnemonics(p))
	}
}
