package main

import (
	"bytes"
	"strings"
	"testing"

	"infoscope/decoder/internal/visagen"
)

// TestReproLine: the command line a generated kernel names (Kernel.Repro,
// which the oracle tests print on a failure) makes this command print that
// very kernel.
func TestReproLine(t *testing.T) {
	var ks []visagen.Kernel
	ks = append(ks, visagen.Generate(visagen.Config{Seed: 22, Kernels: 4, Insts: 64})...)
	ks = append(ks, visagen.Generate(visagen.Config{Seed: 20, Kernels: 3, Insts: 40, Platform: visagen.TGLLP})...)
	ks = append(ks, visagen.Invalid(visagen.Config{Seed: 22, Kernels: 3, Insts: 48})...)
	for _, k := range ks {
		const prefix = "go run ./decoder/internal/visagen/cmd/visagen "
		if !strings.HasPrefix(k.Repro, prefix) {
			t.Fatalf("%s: Repro %q does not run this command", k.Name, k.Repro)
		}
		o, err := parse(strings.Fields(strings.TrimPrefix(k.Repro, prefix)))
		if err != nil {
			t.Fatalf("%s: %q: %v", k.Name, k.Repro, err)
		}
		if got := o.kernel(); got.Name != k.Name || got.Platform != k.Platform || !bytes.Equal(got.Text, k.Text) {
			t.Errorf("%q prints %s (%s), not the kernel %s (%s) that names it", k.Repro, got.Name, got.Platform, k.Name, k.Platform)
		}
	}
	// GenX_IR's own arguments follow "--", as the failure messages give them.
	o, err := parse(strings.Fields("-seed 20 -kernel 1 -genxir D -- -output -asmOutput k"))
	if err != nil || o.dir != "D" || strings.Join(o.args, " ") != "-output -asmOutput k" {
		t.Errorf("GenX_IR's arguments: %+v, %v", o, err)
	}
	if _, err := parse([]string{"-platform", "XE9"}); err == nil {
		t.Error("an unknown platform is accepted")
	}
}
