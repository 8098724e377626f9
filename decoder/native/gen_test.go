package native

import (
	"fmt"
	"math/rand"
	"strings"
)

// infoKernel writes a vISA text kernel of n INFO instructions drawn from
// the seeded generator r, in the grammar GenX_IR 1.0.12504 accepts: every
// operation, channel mask, exec size and emask its verifier allows, on
// surface variables and on the predefined surfaces (T1, T2, TSS, %bss,
// %slm, %scratch). Exec size 32 takes only M1, 16 only M1-M5, 8 all but
// M8 (the verifier refuses the rest; see docs/intel-tools.md of the
// shared docs).
func infoKernel(name string, r *rand.Rand, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, ".version 4.1\n.kernel %q\n", name)
	b.WriteString(".decl lod v_type=G type=ud num_elts=128 align=GRF\n")
	b.WriteString(".decl res v_type=G type=ud num_elts=512 align=GRF\n")
	for i := 0; i < 3; i++ {
		fmt.Fprintf(&b, ".decl s%d v_type=T num_elts=1\n", i)
	}
	b.WriteString(".input lod offset=64 size=512\n.kernel_attr Target=\"3d\"\n")
	masks := []string{"R", "G", "RG", "B", "RB", "GB", "RGB", "A", "RA", "GA", "RGA", "BA", "RBA", "GBA", "RGBA"}
	surfs := []string{"s0", "s1", "s2", "T1", "T2", "TSS", "%bss", "%slm", "%scratch"}
	execs := []int{1, 2, 4, 8, 16, 32}
	for i := 0; i < n; i++ {
		exec := execs[r.Intn(len(execs))]
		limit := 8 // M1..M8
		switch exec {
		case 8:
			limit = 7
		case 16:
			limit = 5
		case 32:
			limit = 1
		}
		em := fmt.Sprintf("M%d", 1+r.Intn(limit))
		switch x := r.Intn(6); {
		case x == 0 && exec != 32:
			em += "_NM"
		case x == 1 && exec <= 8:
			em = "NoMask"
		}
		mask := masks[r.Intn(len(masks))]
		surf := surfs[r.Intn(len(surfs))]
		dst := 128 * r.Intn(4)
		if r.Intn(2) == 0 {
			fmt.Fprintf(&b, "    resinfo.%s (%s, %d) %s lod.%d res.%d\n", mask, em, exec, surf, 32*r.Intn(2), dst)
		} else {
			fmt.Fprintf(&b, "    sampleinfo.%s (%s, %d) %s res.%d\n", mask, em, exec, surf, dst)
		}
	}
	b.WriteString("    ret (M1, 1)\n")
	return b.String()
}
