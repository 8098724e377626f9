package visagen

import (
	"fmt"
	"strings"
)

// op is one line shape: its base mnemonic, the platforms that accept it,
// and the function that writes a line.
type op struct {
	base   string
	plats  string // the platforms' first letters, lower case: s SKL, t TGLLP, d DG2; "" all
	branch bool   // names a label
	gen    func(g *gen) string
}

func (o *op) on(p Platform) bool {
	return o.plats == "" || strings.Contains(o.plats, strings.ToLower(string(p[0])))
}

var (
	floatT = []string{"f"}
	intT   = []string{"ud", "d", "uw", "w"}
	dwT    = []string{"ud", "d"}
	numT   = []string{"ud", "d", "uw", "w", "f"}
)

// alu returns an op "mnem{.sat} (exec) dst src..." with nsrc sources of a
// type from types, the same type for every operand.
func alu(mnem string, nsrc int, types []string, mods []string, satOK bool) op {
	return op{base: mnem, gen: func(g *gen) string {
		ty := types[g.intn(len(types))]
		e, n := g.exec(1, 2, 4, 8, 16, 32)
		if typeSize(ty) == 8 && n > 16 {
			e, n = g.exec(1, 4, 8, 16)
		}
		s := g.pred(n) + mnem
		if satOK {
			s += g.sat()
		}
		s += " " + e + " " + g.dst(ty, n)
		for i := range nsrc {
			s += " " + g.src(ty, n, i == nsrc-1 || i > 0 && g.chance(50), mods...)
		}
		return s
	}}
}

var (
	negAbs = []string{"(-)", "(abs)", "(-abs)"}
	neg    = []string{"(-)"}
	not    = []string{"(~)"}
)

var ops = []op{
	alu("add", 2, numT, negAbs, true),
	alu("add", 2, []string{"df", "q", "hf"}, negAbs, false),
	alu("avg", 2, intT, neg, true),
	alu("div", 2, floatT, negAbs, true),
	alu("mul", 2, numT, negAbs, true),
	alu("mulh", 2, dwT, negAbs, false),
	alu("pow", 2, floatT, negAbs, true),
	{base: "mod", plats: "st", gen: alu("mod", 2, intT, neg, false).gen},
	alu("sel", 2, numT, negAbs, true),
	// min and max are fminmax, which has no predicate: GenX_IR reads
	// one and drops it.
	{base: "min", gen: func(g *gen) string { return unpredicated(alu("min", 2, numT, negAbs, true).gen(g)) }},
	{base: "max", gen: func(g *gen) string { return unpredicated(alu("max", 2, numT, negAbs, true).gen(g)) }},
	alu("and", 2, intT, not, false),
	alu("or", 2, intT, not, false),
	alu("xor", 2, intT, not, false),
	alu("shl", 2, intT, nil, true),
	alu("shr", 2, intT, nil, true),
	alu("asr", 2, intT, nil, true),
	{base: "rol", plats: "td", gen: alu("rol", 2, []string{"ud", "uw"}, nil, false).gen},
	{base: "ror", plats: "td", gen: alu("ror", 2, []string{"ud", "uw"}, nil, false).gen},
	alu("mov", 1, numT, negAbs, true),
	alu("mov", 1, []string{"df", "q", "uq", "hf", "b", "ub"}, nil, false),
	alu("not", 1, intT, nil, false),
	alu("cbit", 1, []string{"ud"}, nil, false),
	alu("fbh", 1, dwT, nil, false),
	alu("fbl", 1, []string{"ud"}, nil, false),
	alu("bfrev", 1, []string{"ud"}, nil, false),
	alu("lzd", 1, []string{"ud"}, nil, false),
	alu("exp", 1, floatT, negAbs, true),
	alu("log", 1, floatT, negAbs, true),
	alu("sin", 1, floatT, negAbs, true),
	alu("cos", 1, floatT, negAbs, true),
	alu("sqrt", 1, floatT, negAbs, true),
	alu("rsqrt", 1, floatT, negAbs, true),
	alu("inv", 1, floatT, negAbs, true),
	alu("frc", 1, floatT, negAbs, false),
	alu("rndd", 1, floatT, negAbs, true),
	alu("rndu", 1, floatT, negAbs, true),
	alu("rnde", 1, floatT, negAbs, true),
	alu("rndz", 1, floatT, negAbs, true),
	alu("mad", 3, numT, negAbs, true),
	alu("lrp", 3, floatT, nil, true),
	alu("bfe", 3, dwT, nil, false),
	alu("bfi", 4, dwT, nil, false),
	alu("dp2", 2, floatT, negAbs, true),
	alu("dp3", 2, floatT, negAbs, true),
	alu("dp4", 2, floatT, negAbs, true),
	alu("dph", 2, floatT, negAbs, true),
	alu("line", 2, floatT, negAbs, true),
	{base: "add3", plats: "d", gen: alu("add3", 3, []string{"d", "w", "ud"}, neg, false).gen},
	{base: "dp4a", plats: "td", gen: alu("dp4a", 3, dwT, nil, true).gen},
	{base: "bfn", plats: "d", gen: func(g *gen) string {
		l := alu("bfn", 3, []string{"ud", "uw"}, nil, false).gen(g)
		return insertAfter(l, "bfn", fmt.Sprintf(".x%02X", g.intn(256)))
	}},
	{base: "addc", gen: func(g *gen) string {
		e, n := g.exec(1, 2, 4, 8, 16)
		return fmt.Sprintf("%saddc %s %s %s %s %s", g.pred(n), e, g.dst("ud", n), g.dst("ud", n), g.src("ud", n, false), g.src("ud", n, true))
	}},
	{base: "subb", gen: func(g *gen) string {
		e, n := g.exec(1, 2, 4, 8, 16)
		return fmt.Sprintf("%ssubb %s %s %s %s %s", g.pred(n), e, g.dst("ud", n), g.dst("ud", n), g.src("ud", n, false), g.src("ud", n, true))
	}},
	{base: "cmp", gen: func(g *gen) string {
		ty := numT[g.intn(len(numT))]
		e, n := g.exec(1, 8, 16, 32)
		p := map[int]string{1: "P1x", 8: "P8", 16: "P16", 32: "P32"}[n]
		if g.chance(30) {
			p = g.dst(ty, n)
		}
		return fmt.Sprintf("cmp.%s %s %s %s %s", g.pick("eq", "ne", "gt", "ge", "lt", "le"), e, p, g.src(ty, n, false, negAbs...), g.src(ty, n, true, negAbs...))
	}},
	{base: "setp", gen: func(g *gen) string {
		e, n := g.exec(8, 16, 32)
		p := map[int]string{8: "P8", 16: "P16", 32: "P32"}[n]
		src := g.immediate(map[bool]string{true: "ud", false: "uw"}[n == 32])
		if g.chance(40) {
			r, c := g.rowcol("uw", 1, 1)
			src = fmt.Sprintf("UW0(%d,%d)<0;1,0>", r, c)
		}
		return fmt.Sprintf("setp %s %s %s", e, p, src)
	}},
	{base: "addr_add", gen: func(g *gen) string {
		e, n := g.exec(1, 2, 4)
		v := varsOf("ud", "d", "f", "w")
		return fmt.Sprintf("addr_add %s ADR(%d)<1> &%s %s", e, g.intn(5-n), v[g.intn(len(v))], g.immediate("uw"))
	}},
	{base: "jmp", branch: true, gen: func(g *gen) string {
		return fmt.Sprintf("%sjmp (M1, 1) %s", g.pred(1), g.target())
	}},
	{base: "goto", branch: true, gen: func(g *gen) string {
		e, n := g.exec(8, 16, 32)
		return fmt.Sprintf("%sgoto %s %s", g.pred(n), e, g.target())
	}},
	{base: "call", branch: true, gen: func(g *gen) string {
		return fmt.Sprintf("%scall (M1, 1) %s", g.pred(1), g.sub())
	}},
	{base: "lifetime", gen: func(g *gen) string {
		v := varsOf("ud", "d", "f")
		return fmt.Sprintf("lifetime.%s %s", g.pick("start", "end"), v[g.intn(len(v))])
	}},
	{base: "barrier", gen: func(*gen) string { return "barrier" }},
	{base: "sampler_cache_flush", gen: func(*gen) string { return "sampler_cache_flush" }},
	{base: "yield", gen: func(*gen) string { return "yield" }},
	{base: "fence_global", gen: func(g *gen) string { return "fence_global" }},
	{base: "fence_local", gen: func(*gen) string { return "fence_local" }},
	{base: "wait", gen: func(g *gen) string { return "wait " + g.region("ud", 1) }},
	{base: "oword_ld", gen: func(g *gen) string {
		return fmt.Sprintf("oword_ld (%d) %s %s %s", []int{1, 2, 4, 8}[g.intn(4)], g.surface(), g.immediate("ud"), g.raw())
	}},
	{base: "oword_ld_unaligned", gen: func(g *gen) string {
		return fmt.Sprintf("oword_ld_unaligned (%d) %s %s %s", []int{1, 2, 4, 8}[g.intn(4)], g.surface(), g.immediate("ud"), g.raw())
	}},
	{base: "oword_st", gen: func(g *gen) string {
		return fmt.Sprintf("oword_st (%d) %s %s %s", []int{1, 2, 4, 8}[g.intn(4)], g.surface(), g.immediate("ud"), g.raw())
	}},
	{base: "media_ld", gen: func(g *gen) string {
		return fmt.Sprintf("media_ld.nomod (%d,%d) %s 0 %s %s UD2.0", []int{4, 8, 16}[g.intn(3)], 1+g.intn(8), g.surface(), g.immediate("ud"), g.immediate("ud"))
	}},
	{base: "media_st", gen: func(g *gen) string {
		return fmt.Sprintf("media_st.nomod (%d,%d) %s 0 %s %s UD2.0", []int{4, 8, 16}[g.intn(3)], 1+g.intn(8), g.surface(), g.immediate("ud"), g.immediate("ud"))
	}},
	{base: "gather_scaled", gen: func(g *gen) string {
		e, n := g.exec(8, 16)
		return fmt.Sprintf("%sgather_scaled.1 %s %s 0x0:ud %s %s", g.pred(n), e, g.surface(), g.raw("ud"), g.raw())
	}},
	{base: "scatter_scaled", gen: func(g *gen) string {
		e, n := g.exec(8, 16)
		return fmt.Sprintf("%sscatter_scaled.1 %s %s 0x0:ud %s %s", g.pred(n), e, g.surface(), g.raw("ud"), g.raw())
	}},
	{base: "gather4_scaled", gen: func(g *gen) string {
		e, n := g.exec(8, 16)
		return fmt.Sprintf("%sgather4_scaled.%s %s %s 0x0:ud %s %s", g.pred(n), g.chans(), e, g.surface(), g.raw("ud"), g.raw())
	}},
	{base: "scatter4_scaled", gen: func(g *gen) string {
		e, n := g.exec(8, 16)
		return fmt.Sprintf("%sscatter4_scaled.%s %s %s 0x0:ud %s %s", g.pred(n), g.chans(), e, g.surface(), g.raw("ud"), g.raw())
	}},
	{base: "gather4_typed", gen: func(g *gen) string {
		e, _ := g.exec(8)
		return fmt.Sprintf("gather4_typed.%s %s %s %s %%null.0 %%null.0 %%null.0 %s", g.chans(), e, g.surface(), g.raw("ud"), g.raw())
	}},
	{base: "scatter4_typed", gen: func(g *gen) string {
		e, _ := g.exec(8)
		return fmt.Sprintf("scatter4_typed.%s %s %s %s %%null.0 %%null.0 %%null.0 %s", g.chans(), e, g.surface(), g.raw("ud"), g.raw())
	}},
	{base: "dword_atomic", gen: func(g *gen) string {
		e, n := g.exec(8, 16)
		a := g.pick("add", "sub", "inc", "dec", "min", "max", "xchg", "and", "or", "xor")
		src0 := g.raw("ud")
		if a == "inc" || a == "dec" {
			src0 = "%null.0"
		}
		return fmt.Sprintf("%sdword_atomic.%s %s %s %s %s %%null.0 %s", g.pred(n), a, e, g.surface(), g.raw("ud"), src0, g.raw("ud"))
	}},
	{base: "typed_atomic", gen: func(g *gen) string {
		e, n := g.exec(8)
		return fmt.Sprintf("%styped_atomic.%s %s %s %s %%null.0 %%null.0 %%null.0 %s %%null.0 %s", g.pred(n), g.pick("add", "sub", "min", "max", "xchg", "and", "or", "xor"), e, g.surface(), g.raw("ud"), g.raw("ud"), g.raw("ud"))
	}},
	{base: "svm_block_ld", gen: func(g *gen) string {
		return fmt.Sprintf("svm_block_ld (%d) UQ0(0,0)<0;1,0> %s", []int{1, 2, 4, 8}[g.intn(4)], g.raw())
	}},
	{base: "svm_block_st", gen: func(g *gen) string {
		return fmt.Sprintf("svm_block_st (%d) UQ0(0,0)<0;1,0> %s", []int{1, 2, 4, 8}[g.intn(4)], g.raw())
	}},
	{base: "svm_gather", gen: func(g *gen) string {
		e, n := g.exec(8, 16)
		return fmt.Sprintf("%ssvm_gather.%d.%d %s %s %s", g.pred(n), []int{1, 4, 8}[g.intn(3)], []int{1, 2, 4}[g.intn(3)], e, g.raw("uq"), g.raw())
	}},
	{base: "svm_scatter", gen: func(g *gen) string {
		e, n := g.exec(8, 16)
		return fmt.Sprintf("%ssvm_scatter.%d.%d %s %s %s", g.pred(n), []int{1, 4, 8}[g.intn(3)], []int{1, 2, 4}[g.intn(3)], e, g.raw("uq"), g.raw())
	}},
	{base: "svm_atomic", gen: func(g *gen) string {
		e, n := g.exec(8)
		return fmt.Sprintf("%ssvm_atomic.%s %s %s %s %s %%null.0", g.pred(n), g.pick("add", "sub", "min", "max", "xchg", "and", "or", "xor"), e, g.raw("uq"), g.raw("ud"), g.raw("ud"))
	}},
	{base: "svm_gather4scaled", gen: func(g *gen) string {
		e, n := g.exec(8, 16)
		return fmt.Sprintf("%ssvm_gather4scaled.%s %s 0x0:uq %s %s", g.pred(n), g.chans(), e, g.raw("uq"), g.raw())
	}},
	{base: "svm_scatter4scaled", gen: func(g *gen) string {
		e, n := g.exec(8, 16)
		return fmt.Sprintf("%ssvm_scatter4scaled.%s %s 0x0:uq %s %s", g.pred(n), g.chans(), e, g.raw("uq"), g.raw())
	}},
	{base: "qw_gather", plats: "d", gen: func(g *gen) string {
		e, n := g.exec(8)
		return fmt.Sprintf("%sqw_gather.%d %s %s %s %s", g.pred(n), []int{1, 2, 4}[g.intn(3)], e, g.surface(), g.raw("ud"), g.raw())
	}},
	{base: "qw_scatter", plats: "d", gen: func(g *gen) string {
		e, n := g.exec(8)
		return fmt.Sprintf("%sqw_scatter.%d %s %s %s %s", g.pred(n), []int{1, 2, 4}[g.intn(3)], e, g.surface(), g.raw("ud"), g.raw())
	}},
	{base: "raw_send", gen: func(g *gen) string {
		e, n := g.exec(8, 16)
		return fmt.Sprintf("%sraw_send %s 0x%x 1 4 0x02480000:ud %s %s", g.pred(n), e, []int{0, 2, 0xa}[g.intn(3)], g.raw(), g.raw())
	}},
	{base: "raw_sends", gen: func(g *gen) string {
		e, n := g.exec(8, 16)
		return fmt.Sprintf("%sraw_sends.%d.1.%d.%d %s 0x0:ud 0x02480000:ud %s %s %s", g.pred(n), []int{2, 10, 15}[g.intn(3)], g.intn(3), 1+g.intn(3), e, g.raw(), g.pick("%null.0", g.raw()), g.raw())
	}},
	{base: "sample", gen: func(g *gen) string {
		return fmt.Sprintf("sample.%s (%d) %s %s %s %s %s %s", g.chans(), []int{8, 16}[g.intn(2)], g.sampler(), g.declSurface(), g.raw("f"), g.raw("f"), g.raw("f"), g.raw("f"))
	}},
	{base: "load", gen: func(g *gen) string {
		return fmt.Sprintf("load.%s (%d) %s %s %s %s %s", g.chans(), []int{8, 16}[g.intn(2)], g.declSurface(), g.raw("ud"), g.raw("ud"), g.raw("ud"), g.raw())
	}},
	{base: "resinfo", gen: func(g *gen) string {
		e, _ := g.infoExec()
		return fmt.Sprintf("resinfo.%s %s %s %s %s", g.chans(), e, g.surface(), g.raw("ud"), "RES0."+fmt.Sprint(32*g.intn(4)))
	}},
	{base: "sampleinfo", gen: func(g *gen) string {
		e, _ := g.infoExec()
		return fmt.Sprintf("sampleinfo.%s %s %s %s", g.chans(), e, g.surface(), "RES0."+fmt.Sprint(32*g.intn(4)))
	}},
	{base: "lsc_load", plats: "d", gen: func(g *gen) string {
		e, n := g.exec(1, 8, 16, 32)
		d := g.pick("d32", "d32x2", "d32x4", "d64")
		if n == 32 && d == "d32x4" {
			d = "d32x2"
		}
		return fmt.Sprintf("%slsc_load.ugm%s %s %s:%s flat[%s]:a64", g.pred(n), g.cache(), e, g.varOf("ud"), d, g.varOf("uq"))
	}},
	{base: "lsc_store", plats: "d", gen: func(g *gen) string {
		e, n := g.exec(1, 8, 16, 32)
		d := g.pick("d32", "d32x2", "d32x4", "d64")
		if n == 32 && d == "d32x4" {
			d = "d32x2"
		}
		return fmt.Sprintf("%slsc_store.ugm%s %s flat[%s]:a64 %s:%s", g.pred(n), g.storeCache(), e, g.varOf("uq"), g.varOf("ud"), d)
	}},
	{base: "lsc_atomic_iadd", plats: "d", gen: func(g *gen) string {
		e, n := g.exec(8, 16)
		return fmt.Sprintf("%slsc_atomic_iadd.ugm %s %s:d32 flat[%s]:a64 %s %%null", g.pred(n), e, g.varOf("ud"), g.varOf("uq"), g.varOf("ud"))
	}},
	{base: "lsc_fence", plats: "d", gen: func(g *gen) string {
		if g.chance(25) {
			return "lsc_fence.slm.none.group"
		}
		return fmt.Sprintf("lsc_fence.%s.%s.%s", g.pick("ugm", "tgm"), g.pick("none", "evict", "invalidate", "clean"), g.pick("group", "local", "tile", "gpu", "gpus", "sysrel", "sysacq"))
	}},
}

// unpredicated drops the predicate of a line.
func unpredicated(s string) string {
	if strings.HasPrefix(s, "(") {
		return s[strings.Index(s, ") ")+2:]
	}
	return s
}

// insertAfter inserts ins after the first word in s.
func insertAfter(s, word, ins string) string {
	i := strings.Index(s, word) + len(word)
	return s[:i] + ins + s[i:]
}

// chans returns a channel mask: R, G, B, A in that order, at least one.
func (g *gen) chans() string {
	m := 1 + g.intn(15)
	s := ""
	for i, c := range "RGBA" {
		if m&(1<<i) != 0 {
			s += string(c)
		}
	}
	return s
}

func (g *gen) cache() string {
	if g.chance(60) {
		return ""
	}
	return g.pick(".uc.uc", ".uc.ca", ".ca.uc", ".ca.ca", ".ri.ca")
}

func (g *gen) storeCache() string {
	if g.chance(60) {
		return ""
	}
	return g.pick(".uc.uc", ".uc.wb", ".wt.uc", ".wt.wb", ".st.uc", ".st.wb", ".wb.wb")
}

// block2d returns a 2D block address: the surface's base, width, height
// and pitch, the block's x and y.
func (g *gen) block2d() string {
	return fmt.Sprintf("flat[%s,0x%X,0x%X,0x%X,%s,%s]", g.varOf("uq"), 64*(1+g.intn(64))-1, g.intn(512), 64*(1+g.intn(64))-1, g.varOf("ud"), g.varOf("ud")+"(0,1)")
}

func (g *gen) varOf(ty string) string {
	v := varsOf(ty)
	return v[g.intn(len(v))]
}

// infoExec returns an exec size and mask INFO accepts.
func (g *gen) infoExec() (string, int) {
	n := []int{1, 2, 4, 8, 16, 32}[g.intn(6)]
	m := 1
	switch n {
	case 1, 2, 4:
		m = 1 + g.intn(8)
	case 8:
		m = 1 + g.intn(7)
	case 16:
		m = 1 + g.intn(5)
	}
	nm := ""
	if g.chance(25) {
		nm = "_NM"
	}
	return fmt.Sprintf("(M%d%s, %d)", m, nm, n), n
}

// target returns a label a branch may name: one already placed, or the
// end label every kernel places before its final ret.
func (g *gen) target() string {
	if g.labels > 0 && g.chance(60) {
		return fmt.Sprintf("L%d", 1+g.intn(g.labels))
	}
	return "LEND"
}

// sub returns a subroutine's label, creating one now and then.
func (g *gen) sub() string {
	if len(g.subs) == 0 || len(g.subs) < 3 && g.chance(30) {
		g.subs = append(g.subs, fmt.Sprintf("SUB%d", len(g.subs)+1))
	}
	return g.subs[g.intn(len(g.subs))]
}

// invalidInst returns an instruction the verifier refuses: an INFO whose
// exec size and emask together pass lane 32 (IGC's verifier: "illegal
// combination of execution size and mask"), or one whose LOD or dst does
// not start on a register ("Raw operand should be GRF-aligned").
func (g *gen) invalidInst() string {
	if g.chance(25) {
		e, _ := g.infoExec()
		off := 32*g.intn(4) + 4*(1+g.intn(7)) // inside RES0 and UD*, off a register
		if g.chance(50) {
			return fmt.Sprintf("sampleinfo.%s %s %s RES0.%d", g.chans(), e, g.surface(), off)
		}
		if g.chance(50) {
			return fmt.Sprintf("resinfo.%s %s %s %s.%d RES0.0", g.chans(), e, g.surface(), g.varOf("ud"), off)
		}
		return fmt.Sprintf("resinfo.%s %s %s %s RES0.%d", g.chans(), e, g.surface(), g.raw("ud"), off)
	}
	var e string
	switch g.intn(3) {
	case 0:
		e = "(M8, 8)"
	case 1:
		e = fmt.Sprintf("(M%d, 16)", 6+g.intn(3))
	default:
		e = fmt.Sprintf("(M%d, 32)", 2+g.intn(7))
	}
	if g.chance(30) {
		e = e[:3] + "_NM" + e[3:]
	}
	if g.chance(50) {
		return fmt.Sprintf("sampleinfo.%s %s %s RES0.0", g.chans(), e, g.surface())
	}
	return fmt.Sprintf("resinfo.%s %s %s %s RES0.0", g.chans(), e, g.surface(), g.raw("ud"))
}

// The sampler messages of the 3D path, one op per mnemonic.
func init() {
	for _, m := range []string{"sample_b", "sample_l", "sample_c", "sample_d", "sample_lz", "sample_c_lz", "sample4", "sample4_c", "sample4_po"} {
		four := m[:7] == "sample4"
		ops = append(ops, op{base: m, gen: func(g *gen) string {
			e, n := g.exec(8, 16)
			ch := g.chans()
			if four {
				ch = g.pick("R", "G", "B", "A")
			}
			s := fmt.Sprintf("%s%s.%s %s 0x0:uw %s %s %s", g.pred(n), m, ch, e, g.sampler(), g.surface(), g.raw())
			for range 2 + g.intn(2) {
				s += " " + g.raw("f")
			}
			return s
		}})
	}
	for _, m := range []string{"load_lz", "load_mcs"} {
		ops = append(ops, op{base: m, gen: func(g *gen) string {
			e, n := g.exec(8, 16)
			s := fmt.Sprintf("%s%s.%s %s 0x0:uw %s %s", g.pred(n), m, g.chans(), e, g.surface(), g.raw())
			for range 1 + g.intn(3) {
				s += " " + g.raw("ud")
			}
			return s
		}})
	}
}

// More line shapes, each checked against GenX_IR 1.0.12504.
func init() {
	ops = append(ops,
		op{base: "sad2", plats: "s", gen: func(g *gen) string {
			e, n := g.exec(1, 2, 4, 8, 16)
			return fmt.Sprintf("%ssad2 %s %s %s %s", g.pred(n), e, g.dst("w", n), g.region("b", n), g.region("b", n))
		}},
		op{base: "sad2add", plats: "s", gen: func(g *gen) string {
			e, n := g.exec(1, 2, 4, 8, 16)
			return fmt.Sprintf("%ssad2add %s %s %s %s %s", g.pred(n), e, g.dst("w", n), g.region("b", n), g.region("b", n), g.region("w", n))
		}},
		op{base: "switchjmp", plats: "s", branch: true, gen: func(g *gen) string {
			ts := g.target()
			for range g.intn(3) {
				ts += ", " + g.target()
			}
			return fmt.Sprintf("switchjmp (M1, 1) %s (%s)", g.region("ud", 1), ts)
		}},
		op{base: "LOC", gen: func(g *gen) string { return fmt.Sprintf("LOC %d", 1+g.intn(5000)) }},
		op{base: "FILE", gen: func(g *gen) string { return fmt.Sprintf("FILE %q", g.pick("k.cl", "src/a.cpp", "b.c")) }},
		op{base: "madw", plats: "d", gen: func(g *gen) string {
			e, n := g.exec(1, 2, 4, 8)
			return fmt.Sprintf("madw %s %s %s %s %s", e, g.dst("ud", n), g.region("ud", n), g.region("ud", n), g.region("ud", n))
		}},
		op{base: "dpas", plats: "d", gen: func(g *gen) string {
			return fmt.Sprintf("dpas.%s.%s.8.%d (M1, 8) %s %s %s %s(0,0)", "bf", "bf", []int{1, 2, 4, 8}[g.intn(4)], g.raw("f"), g.raw("f"), g.raw("ud"), g.varOf("ud"))
		}},
		op{base: "raw_sendc", gen: func(g *gen) string {
			e, n := g.exec(8, 16)
			return fmt.Sprintf("%sraw_sendc %s 0x%x 1 4 0x02480000:ud %s %s", g.pred(n), e, []int{0, 2, 0xa}[g.intn(3)], g.raw(), g.raw())
		}},
		op{base: "raw_sendsc", gen: func(g *gen) string {
			e, n := g.exec(8, 16)
			// 12504's grammar takes no SFID after raw_sendsc (CISA.y:2198).
			return fmt.Sprintf("%sraw_sendsc.1.%d.%d %s 0x0:ud 0x02480000:ud %s %s %s", g.pred(n), g.intn(3), 1+g.intn(3), e, g.raw(), g.pick("%null.0", g.raw()), g.raw())
		}},
		op{base: "mov", gen: func(g *gen) string {
			e, n := g.exec(1, 2, 4, 8)
			switch g.intn(3) {
			case 0:
				return fmt.Sprintf("mov %s %s 0x%x:v", e, g.dst("w", n), g.r.Uint32())
			case 1:
				return fmt.Sprintf("mov %s %s 0x%x:uv", e, g.dst("uw", n), g.r.Uint32())
			}
			return fmt.Sprintf("mov %s %s 0x%x:vf", e, g.dst("f", n), g.r.Uint32()&0x7f7f7f7f)
		}},
		op{base: "lsc_load", plats: "d", gen: func(g *gen) string {
			e, n := g.exec(8, 16)
			return fmt.Sprintf("%slsc_load.slm %s %s:d32 flat[%s]:a32", g.pred(n), e, g.varOf("ud"), g.varOf("ud"))
		}},
		op{base: "lsc_store", plats: "d", gen: func(g *gen) string {
			e, n := g.exec(8, 16)
			return fmt.Sprintf("%slsc_store.slm %s flat[%s]:a32 %s:d32", g.pred(n), e, g.varOf("ud"), g.varOf("ud"))
		}},
		op{base: "lsc_load_quad", plats: "d", gen: func(g *gen) string {
			e, n := g.exec(8, 16)
			return fmt.Sprintf("%slsc_load_quad.ugm %s %s:d32.%s flat[%s]:a64", g.pred(n), e, g.varOf("ud"), g.pick("x", "xy", "xyz", "xyzw", "yw"), g.varOf("uq"))
		}},
		op{base: "dword_atomic", gen: func(g *gen) string {
			e, n := g.exec(8, 16)
			return fmt.Sprintf("%sdword_atomic.cmpxchg %s %s %s %s %s %s", g.pred(n), e, g.surface(), g.raw("ud"), g.raw("ud"), g.raw("ud"), g.raw("ud"))
		}},
	)
}

// Split barriers and more LSC operations (DG2).
func init() {
	ops = append(ops,
		op{base: "sbarrier", gen: func(g *gen) string { return "sbarrier." + g.pick("signal", "wait") }},
		op{base: "lsc_load_strided", plats: "d", gen: func(g *gen) string {
			e, n := g.exec(8, 16)
			return fmt.Sprintf("%slsc_load_strided.ugm %s %s:d32 flat[%s]:a64", g.pred(n), e, g.varOf("ud"), g.varOf("uq"))
		}},
	)
	for _, a := range []struct {
		name string
		srcs int // data sources: 0 (%null %null), 1 (X %null), 2
	}{
		{"lsc_atomic_iinc", 0}, {"lsc_atomic_idec", 0}, {"lsc_atomic_load", 0},
		{"lsc_atomic_store", 1}, {"lsc_atomic_isub", 1}, {"lsc_atomic_smin", 1}, {"lsc_atomic_smax", 1},
		{"lsc_atomic_umin", 1}, {"lsc_atomic_umax", 1}, {"lsc_atomic_and", 1}, {"lsc_atomic_or", 1},
		{"lsc_atomic_xor", 1}, {"lsc_atomic_fadd", 1}, {"lsc_atomic_fsub", 1}, {"lsc_atomic_fmin", 1},
		{"lsc_atomic_fmax", 1}, {"lsc_atomic_icas", 2}, {"lsc_atomic_fcas", 2},
	} {
		ops = append(ops, op{base: a.name, plats: "d", gen: func(g *gen) string {
			e, n := g.exec(8, 16)
			src := []string{"%null %null", g.varOf("ud") + " %null", g.varOf("ud") + " " + g.varOf("ud")}[a.srcs]
			return fmt.Sprintf("%s%s.ugm %s %s:d32 flat[%s]:a64 %s", g.pred(n), a.name, e, g.varOf("ud"), g.varOf("uq"), src)
		}})
	}
}

// VME (SKL: the media engine's motion estimation), with raw operands a
// register apart. vme_idm has no text form in 12504's grammar.
func init() {
	rawAt := func(g *gen, k int) string { return fmt.Sprintf("%s.%d", g.varOf("ud"), 128*k) }
	ops = append(ops,
		op{base: "vme_ime", plats: "s", gen: func(g *gen) string {
			// Stream mode 0-3, search control 0, 1, 3 or 7
			// (IsaVerification.cpp:1190-1202).
			return fmt.Sprintf("vme_ime(%d,%d) %s %s %s %s %s %s %s", g.intn(4), []int{0, 1, 3, 7}[g.intn(4)], g.declSurface(), rawAt(g, 0), rawAt(g, 1), rawAt(g, 2), rawAt(g, 3), rawAt(g, 4), rawAt(g, 5))
		}},
		op{base: "vme_sic", plats: "s", gen: func(g *gen) string {
			return fmt.Sprintf("vme_sic %s %s %s %s", g.declSurface(), rawAt(g, 0), rawAt(g, 1), rawAt(g, 2))
		}},
		op{base: "vme_fbr", plats: "s", gen: func(g *gen) string {
			return fmt.Sprintf("vme_fbr(%s, %s, %s) %s %s %s %s", g.immediate("ub"), g.immediate("ub"), g.immediate("ub"), g.declSurface(), rawAt(g, 0), rawAt(g, 1), rawAt(g, 2))
		}},
	)
}

// More LSC forms (DG2): 2D block loads and stores, typed (tgm) quads and
// atomics, quad and strided stores, the bss/ss/bti address models and
// transposed data. (GenX_IR 1.0.12504 refuses d8u32/d16u32 and typed
// lsc_load/lsc_store; those are tested from real dumps and generated
// bytes instead.)
func init() {
	ops = append(ops,
		op{base: "lsc_load_block2d", plats: "d", gen: func(g *gen) string {
			return fmt.Sprintf("lsc_load_block2d.ugm%s (M1, 1) %s:%s %s", g.cache(), g.varOf("ud"),
				g.pick("d16.2x8x16nn", "d32.8x8nn", "d16.16x8nt", "d8.32x4nn", "d32.8x8tn"), g.block2d())
		}},
		op{base: "lsc_store_block2d", plats: "d", gen: func(g *gen) string {
			return fmt.Sprintf("lsc_store_block2d.ugm%s (M1, 1) %s %s:%s", g.storeCache(), g.block2d(),
				g.varOf("ud"), g.pick("d32.8x8nn", "d16.16x8nn", "d8.32x4nn"))
		}},
		op{base: "lsc_store_quad", plats: "d", gen: func(g *gen) string {
			e, n := g.exec(8, 16)
			return fmt.Sprintf("%slsc_store_quad.ugm %s flat[%s]:a64 %s:d32.%s", g.pred(n), e, g.varOf("uq"), g.varOf("ud"), g.pick("x", "xy", "xyz", "xyzw"))
		}},
		op{base: "lsc_store_strided", plats: "d", gen: func(g *gen) string {
			e, n := g.exec(8, 16)
			return fmt.Sprintf("%slsc_store_strided.ugm %s flat[%s]:a64 %s:d32", g.pred(n), e, g.varOf("uq"), g.varOf("ud"))
		}},
		op{base: "lsc_load", plats: "d", gen: func(g *gen) string {
			e, n := g.exec(8, 16)
			addr := g.pick("bss("+g.varOf("ud")+")", "ss("+g.varOf("ud")+")", fmt.Sprintf("bti(0x%X)", g.intn(200)))
			return fmt.Sprintf("%slsc_load.ugm%s %s %s:%s %s[%s]:a32", g.pred(n), g.cache(), e, g.varOf("ud"), g.pick("d32", "d32x2", "d16", "d8"), addr, g.varOf("ud"))
		}},
		op{base: "lsc_load", plats: "d", gen: func(g *gen) string {
			return fmt.Sprintf("lsc_load.ugm%s (M1, 1) %s:%s flat[%s]:a64", g.cache(), g.varOf("ud"), g.pick("d32x8t", "d32x16t", "d64x4t"), g.varOf("uq"))
		}},
		op{base: "lsc_load_quad", plats: "d", gen: func(g *gen) string {
			e, n := g.exec(8, 16)
			u := g.varOf("ud")
			return fmt.Sprintf("%slsc_load_quad.tgm %s %s:d32.%s bti(0x%X)[%s,%s,%s,%s]:a32", g.pred(n), e, g.varOf("ud"), g.pick("x", "xy", "yw"), g.intn(200), u, g.varOf("ud"), g.varOf("ud"), g.varOf("ud"))
		}},
		op{base: "lsc_atomic_iadd", plats: "d", gen: func(g *gen) string {
			e, n := g.exec(8, 16)
			return fmt.Sprintf("%slsc_atomic_iadd.tgm %s %s:d32 bti(0x%X)[%s,%s,%s,%s]:a32 %s %%null", g.pred(n), e, g.varOf("ud"), g.intn(200), g.varOf("ud"), g.varOf("ud"), g.varOf("ud"), g.varOf("ud"), g.varOf("ud"))
		}},
	)
}
