package decoder

import (
	"fmt"
	"strings"
)

// Reloc is one relocation entry of a kernel or function header (format doc
// §2.6): a symbolic index and the index it resolves to. Both are UW in
// every version.
type Reloc struct {
	Symbolic, Resolved uint16
}

// FileVar is a file-scope variable (format doc §2.6). Only 3.x files from
// before mid-2019 have them; a general variable with alias scope 1 aliases
// one, through its body's variable relocation table.
type FileVar struct {
	Linkage     uint8 // 0 extern, 1 static, 2 global
	Name        string
	Props       uint8 // bits 3..0 VISA_Type, bits 7..4 alignment
	NumElements uint16
	Attrs       []Attr // names are indices into no string pool: Name stays ""
}

// LinkageName returns "extern", "static", "global" or "linkage N".
func LinkageName(l uint8) string {
	switch l {
	case 0:
		return "extern"
	case 1:
		return "static"
	case 2:
		return "global"
	}
	return fmt.Sprintf("linkage %d", l)
}

// readRelocs reads a header's two relocation tables: the variable count and
// entries, then the function count and entries (the function count comes
// after the variable entries). f names the header entry ("kernel[0]").
func readRelocs(c *cursor, f string) (vars, funcs []Reloc) {
	table := func(kind string) []Reloc {
		field := f + ".num_syms_" + kind
		n := c.u16(field)
		if !c.count(uint64(n), 4, field) || n == 0 {
			return nil
		}
		// count has checked that every entry is there, so no read can
		// fail and the entries need no field names of their own (three
		// strings an entry cost 45 bytes per byte of the table).
		out := make([]Reloc, n)
		for i := range out {
			out[i] = Reloc{Symbolic: c.u16(field), Resolved: c.u16(field)}
		}
		return out
	}
	vars = table("variable")
	funcs = table("function")
	return vars, funcs
}

// readFileVars reads num_file_scope_variables and the entries. Attribute
// names are UW below 3.4 and UD from 3.4, as in Intel's media driver, which
// parses these entries today (format doc §2.6, §9.12).
func readFileVars(c *cursor, v Version) []FileVar {
	n := c.u16("num_file_scope_variables")
	// linkage, name_len, bit_properties, num_elements, attribute_count.
	if !c.count(uint64(n), 7, "num_file_scope_variables") || n == 0 {
		return nil
	}
	iw := 2
	if v.wide() {
		iw = 4
	}
	out := make([]FileVar, 0, n)
	for i := 0; i < int(n) && c.err == nil; i++ {
		f := fmt.Sprintf("file_scope_var[%d]", i)
		fv := FileVar{Linkage: c.u8(f + ".linkage")}
		fv.Name = DisplayName(c.bytes(int(c.u16(f+".name_len")), f+".name"))
		fv.Props = c.u8(f + ".bit_properties")
		fv.NumElements = c.u16(f + ".num_elements")
		na := c.u8(f + ".attribute_count")
		if c.count(uint64(na), iw+1, f+".attribute_count") {
			for k := 0; k < int(na) && c.err == nil; k++ {
				af := fmt.Sprintf("%s.attr[%d]", f, k)
				a := Attr{NameIndex: c.idx(v.wide(), af+".name")}
				a.Value = c.bytes(int(c.u8(af+".size")), af+".value")
				fv.Attrs = append(fv.Attrs, a)
			}
		}
		out = append(out, fv)
	}
	return out
}

// relocText describes a relocation table in a few words: "none", "3, each
// resolving to itself", or the pairs ("0→2 1→0").
func relocText(rs []Reloc) string {
	if len(rs) == 0 {
		return "none"
	}
	ident := true
	for _, r := range rs {
		ident = ident && r.Symbolic == r.Resolved
	}
	if ident {
		return fmt.Sprintf("%d, each resolving to itself", len(rs))
	}
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = fmt.Sprintf("%d→%d", r.Symbolic, r.Resolved)
	}
	return fmt.Sprintf("%d: %s", len(rs), strings.Join(parts, " "))
}

// FileVarFor returns the file-scope variable that a general variable with
// alias scope 1 aliases, following the body's variable relocation table as
// the 2018 reader did (its alias index is a symbolic index; a body without a
// table uses it as is), or nil when it aliases none or the index is out of
// range.
func (o *Object) FileVarFor(b *Body, v *Var) *FileVar {
	if v.AliasScope != 1 {
		return nil
	}
	idx := v.AliasIndex
	for _, r := range b.VarRelocs {
		if uint32(r.Symbolic) == v.AliasIndex {
			idx = uint32(r.Resolved)
			break
		}
	}
	if uint64(idx) < uint64(len(o.FileVars)) {
		return &o.FileVars[idx]
	}
	return nil
}

// Summary describes the header in lines for a person: the version and
// counts, each file-scope variable, and per body its place, instruction
// count, relocation tables, file-scope aliases, Gen binaries, and whether it
// was stripped.
func (o *Object) Summary() []string {
	lines := []string{fmt.Sprintf("vISA %s: %d kernel(s), %d function(s), %d file-scope variable(s)", o.Version, len(o.Kernels), len(o.Functions), len(o.FileVars))}
	for i, fv := range o.FileVars {
		lines = append(lines, fmt.Sprintf("  file-scope variable %d: %s, %s, %s×%d", i, fv.Name, LinkageName(fv.Linkage), TypeName(fv.Props&0xF), fv.NumElements))
	}
	for _, b := range o.Bodies() {
		head := fmt.Sprintf("  %s %s: body at 0x%x, %d bytes", b.Kind, b.Name, b.Offset, b.Size)
		switch {
		case b.Err != nil:
			head += ", metadata not decoded"
		case b.Stripped:
			head += ", instruction stream stripped (metadata and Gen code only)"
		case b.Stream != nil && b.Stream.Err != nil:
			head += fmt.Sprintf(", instructions at 0x%x: the walk stopped after %d", b.CodeOffset(), b.Stream.NumInsts())
		case b.Stream != nil:
			head += fmt.Sprintf(", %d instructions at 0x%x", b.Stream.NumInsts(), b.CodeOffset())
		}
		lines = append(lines, head)
		if len(b.VarRelocs) > 0 || len(b.FuncRelocs) > 0 || len(o.FileVars) > 0 {
			lines = append(lines, fmt.Sprintf("    relocations: variables %s; functions %s", relocText(b.VarRelocs), relocText(b.FuncRelocs)))
		}
		for k := range b.Vars {
			if fv := o.FileVarFor(b, &b.Vars[k]); fv != nil {
				lines = append(lines, fmt.Sprintf("    V%d %s aliases file-scope %s + %d", 32+k, b.Vars[k].Name, fv.Name, b.Vars[k].AliasOffset))
			}
		}
		for _, g := range b.GenBinaries {
			lines = append(lines, fmt.Sprintf("    gen binary: platform %d at 0x%x, %d bytes", g.Platform, g.Offset, g.Size))
		}
	}
	return lines
}
