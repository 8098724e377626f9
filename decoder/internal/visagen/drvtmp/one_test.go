package drv

import (
	"os"
	"testing"

	"infoscope/decoder/internal/visagen"
)

func TestOne(t *testing.T) {
	ks := visagen.Generate(visagen.Config{Seed: 1, Kernels: 3, Insts: 64})
	os.WriteFile("/tmp/oracle-x/t1/k.visaasm", ks[2].Text, 0o644)
	os.WriteFile("/tmp/oracle-x/t1/plat", []byte(ks[2].Platform), 0o644)
}
