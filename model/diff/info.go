package diff

import (
	"strconv"
	"strings"

	"infoscope/decoder"
	"infoscope/model"
)

// infoFields compares two INFO instructions field by field, under the
// names the Bits panel gives them (decoder.Info.Fields), the variables
// and surfaces they name through the correspondence; then their simulated
// results under the options' surface, lane by lane.
func (c *comparison) infoFields(x, y *inst) []Field {
	ia, ib := c.a.s.Info(x.info), c.b.s.Info(y.info)
	fa, fb := ia.Fields(), ib.Fields()
	var out []Field
	show := func(f decoder.Field) string {
		s := strconv.FormatUint(f.Raw, 10)
		if f.Meaning != "" {
			s += " (" + f.Meaning + ")"
		}
		return s
	}
	for _, f := range fa {
		g, ok := fieldNamed(fb, f.Name)
		if !ok {
			out = append(out, Field{f.Name, show(f), ""})
			continue
		}
		var same bool
		switch f.Name {
		case "reserved":
			continue // several fields share the name; the raw bytes below cover them
		case "dst.id", "lod.id":
			same = c.sameSym(clVar, uint32(f.Raw), uint32(g.Raw))
		case "surface":
			same = c.sameSym(clSurf, uint32(f.Raw), uint32(g.Raw))
		default:
			same = f.Raw == g.Raw
		}
		if !same {
			out = append(out, Field{f.Name, show(f), show(g)})
		}
	}
	for _, g := range fb {
		if _, ok := fieldNamed(fa, g.Name); !ok {
			out = append(out, Field{g.Name, "", show(g)})
		}
	}
	if ra, rb := reservedBits(fa), reservedBits(fb); ra != rb {
		out = append(out, Field{"reserved", ra, rb})
	}
	if len(out) == 0 {
		return nil // the same fields simulate the same
	}
	return append(out, c.rgbaFields(ia, ib)...)
}

// sameSym reports whether A's symbol (cl, x) is B's (cl, y): through the
// correspondence when both are declared, by number otherwise (predefined
// symbols, and streams with no declarations).
func (c *comparison) sameSym(cl byte, x, y uint32) bool {
	px, py := c.a.symPart("", cl, x), c.b.symPart("", cl, y)
	if px.ref.class != clNone && py.ref.class != clNone {
		return c.m.same(px.ref, py.ref)
	}
	return px.ref.class == py.ref.class && x == y
}

func fieldNamed(fs []decoder.Field, name string) (decoder.Field, bool) {
	for _, f := range fs {
		if f.Name == name {
			return f, true
		}
	}
	return decoder.Field{}, false
}

// reservedBits lists the reserved fields' values, in order.
func reservedBits(fs []decoder.Field) string {
	var s []string
	for _, f := range fs {
		if f.Name == "reserved" {
			s = append(s, strconv.FormatUint(f.Raw, 10))
		}
	}
	return strings.Join(s, ",")
}

// rgbaFields simulates both instructions with the options' environment and
// returns a field per run of consecutive lanes whose RGBA differs the same
// way ("lane 3 RGBA", "lanes 0-7 RGBA").
func (c *comparison) rgbaFields(ia, ib *decoder.Info) []Field {
	env := c.opt.env(c.bodyB, ib)
	sa, sb := model.Simulate(ia, env), model.Simulate(ib, env)
	var out []Field
	first, last := 0, -2 // the last run's first lane, and the last lane that differs
	for l := range max(len(sa.Lanes), len(sb.Lanes)) {
		a, b := laneText(sa, l), laneText(sb, l)
		if a == b {
			continue
		}
		if k := len(out) - 1; last == l-1 && out[k].A == a && out[k].B == b {
			out[k].Name = "lanes " + strconv.Itoa(first) + "-" + strconv.Itoa(l) + " RGBA"
		} else {
			first = l
			out = append(out, Field{"lane " + strconv.Itoa(l) + " RGBA", a, b})
		}
		last = l
	}
	return out
}

// laneText is one lane's four cells: "R=16 G=8 B=1 A=0", a cell not
// written named by its state ("R=unchanged").
func laneText(r model.Result, l int) string {
	if l >= len(r.Lanes) {
		return "no lane"
	}
	var b strings.Builder
	for ch, cell := range r.Lanes[l].Cells {
		if ch > 0 {
			b.WriteByte(' ')
		}
		b.WriteString("RGBA"[ch : ch+1])
		b.WriteByte('=')
		if cell.State == model.CellWritten {
			b.WriteString(strconv.FormatUint(uint64(cell.Value), 10))
		} else {
			b.WriteString(cell.State.String())
		}
	}
	return b.String()
}
