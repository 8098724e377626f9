package visagen

import (
	"fmt"
	"strconv"
)

// Operand pieces. Every region stays inside its 512-byte variable: a
// destination or source starts in row 0..5 and covers at most 256 bytes.

// exec picks one of sizes and an emask, and returns "(Mk[_NM], n)" and n.
func (g *gen) exec(sizes ...int) (string, int) {
	n := sizes[g.intn(len(sizes))]
	return g.execOf(n), n
}

// execOf returns an exec-size/emask pair for n lanes whose emask the
// verifier allows: lane offset + n within 32.
func (g *gen) execOf(n int) string {
	m := 1
	switch n {
	case 1, 2, 4, 8:
		m = 1 + g.intn(4)
	case 16:
		m = 1 + 2*g.intn(2)
	}
	if g.chance(50) {
		m = 1
	}
	nm := ""
	if g.chance(25) {
		nm = "_NM"
	}
	return fmt.Sprintf("(M%d%s, %d)", m, nm, n)
}

// rowcol picks a row and column such that n elements of ty with stride s fit.
func (g *gen) rowcol(ty string, n, s int) (int, int) {
	ts := typeSize(ty)
	per := grf / ts
	span := ((n-1)*s + 1) * ts
	rows := (span + grf - 1) / grf
	r := g.intn(16 - rows)
	c := 0
	if n == 1 {
		c = g.intn(per)
	} else if span+grf <= 16*grf && g.chance(20) && n*s*ts < grf {
		c = g.intn(per - (n-1)*s)
	}
	return r, c
}

// dst returns a general destination of type ty for n lanes.
func (g *gen) dst(ty string, n int) string {
	v := varsOf(ty)
	name := v[g.intn(len(v))]
	s := 1
	if n <= 8 && typeSize(ty) <= 4 && g.chance(20) {
		s = 2
	}
	r, c := g.rowcol(ty, n, s)
	return fmt.Sprintf("%s(%d,%d)<%d>", name, r, c, s)
}

// region returns a general source region of type ty for n lanes.
func (g *gen) region(ty string, n int) string {
	v := varsOf(ty)
	name := v[g.intn(len(v))]
	if n == 1 || g.chance(15) {
		r, c := g.rowcol(ty, 1, 1)
		return fmt.Sprintf("%s(%d,%d)<0;1,0>", name, r, c)
	}
	w := min(n, 16)
	if n > 1 && g.chance(20) {
		w = min(n, 4)
	}
	hs := 1
	if g.chance(15) && n <= 8 {
		hs = 2
	}
	vs := w * hs
	r, c := g.rowcol(ty, n, hs)
	return fmt.Sprintf("%s(%d,%d)<%d;%d,%d>", name, r, c, vs, w, hs)
}

// src returns a source of type ty: a region, sometimes with modifier mod
// (e.g. "(-)"), or an immediate when imm is true and a coin says so.
func (g *gen) src(ty string, n int, imm bool, mods ...string) string {
	if imm && g.chance(30) {
		return g.immediate(ty)
	}
	m := ""
	if len(mods) > 0 && g.chance(25) {
		m = mods[g.intn(len(mods))]
	}
	if g.chance(5) && typeSize(ty) >= 2 && g.indirectOK {
		return m + g.indirect(ty, n)
	}
	return m + g.region(ty, n)
}

// indirect returns an indirect source through ADR.
func (g *gen) indirect(ty string, n int) string {
	if n == 1 {
		return fmt.Sprintf("r[ADR(%d),%d]<0;1,0>:%s", g.intn(4), 4*g.intn(4), ty)
	}
	w := min(n, 8)
	return fmt.Sprintf("r[ADR(%d),%d]<%d;%d,1>:%s", g.intn(4), 0, w, w, ty)
}

// immediate returns an immediate of type ty, sometimes written with
// leading zeros (the canonical printer drops them).
func (g *gen) immediate(ty string) string {
	var v uint64
	switch ty {
	case "f":
		v = uint64([]uint32{0, 0x3f800000, 0x40000000, 0xbf000000, 0x7f800000, 0x3dcccccd}[g.intn(6)])
	case "hf":
		v = uint64([]uint16{0, 0x3c00, 0xc000, 0x3555}[g.intn(4)])
	case "df":
		v = []uint64{0, 0x3ff0000000000000, 0x4000000000000000, 0xbfe0000000000000}[g.intn(4)]
	case "b", "ub":
		ty = map[string]string{"b": "w", "ub": "uw"}[ty]
		v = uint64(g.intn(0x80))
	default:
		switch g.intn(4) {
		case 0:
			v = uint64(g.intn(16))
		case 1:
			v = uint64(g.intn(0x10000))
		case 2:
			v = g.r.Uint64() & (1<<(8*typeSize(ty)) - 1)
			if typeSize(ty) == 8 {
				v = g.r.Uint64()
			}
		default:
			v = 0x7fffffff & (1<<(8*min(typeSize(ty), 4)) - 1)
		}
	}
	s := strconv.FormatUint(v, 16)
	if g.chance(20) {
		s = fmt.Sprintf("%0*x", 2*typeSize(ty), v)
	}
	return "0x" + s + ":" + ty
}

// pred returns an instruction predicate "(P8) " or "", for n lanes.
func (g *gen) pred(n int) string {
	if !g.chance(25) {
		return ""
	}
	p := "P32"
	switch {
	case n <= 8:
		p = g.pick("P8", "P16", "P32")
	case n <= 16:
		p = g.pick("P16", "P32")
	}
	neg := ""
	if g.chance(40) {
		neg = "!"
	}
	ctrl := ""
	if g.chance(25) {
		ctrl = g.pick(".any", ".all")
	}
	return "(" + neg + p + ctrl + ") "
}

// raw returns a raw operand "NAME.off".
func (g *gen) raw(types ...string) string {
	if len(types) == 0 {
		types = []string{"ud", "d", "f"}
	}
	v := varsOf(types...)
	name := v[g.intn(len(v))]
	return fmt.Sprintf("%s.%d", name, 32*g.intn(4))
}

func (g *gen) surface() string {
	return g.pick("surf0", "surf1", "surf2", "T1", "T2", "%bss")
}

func (g *gen) sampler() string { return g.pick("SMP", "SMP2") }

func (g *gen) sat() string {
	if g.chance(20) {
		return ".sat"
	}
	return ""
}

// declSurface returns a declared surface (the legacy sampler messages
// refuse the predefined ones).
func (g *gen) declSurface() string { return g.pick("surf0", "surf1", "surf2") }
