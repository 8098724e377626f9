package decoder

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Instruction text as IGC's disassembler prints it. Each opcode row carries
// a template (opcodes.tsv, column "text"):
//
//	literal text is copied;
//	{name}      the operand or field named name, in its kind's form:
//	            vector and raw operands with a leading space (as IGC
//	            prints them), surfaces T<n>/%slm..., samplers S<k>, labels
//	            by name, fields in decimal; nothing when the field is absent;
//	{name:fmt}  the same through a named formatter (formatters below);
//	{...}       every operand not printed yet, in encoding order;
//	{.pred}     the instruction predicate "(!P1.any) " or "";
//	{.exec}     the exec size "(M1, 16)";
//	{.sat}      ".sat" when the first vector operand saturates;
//	{.lsc}      the whole LSC instruction (its form has too many cases).

type tmplPart struct {
	lit     string
	name    string     // field name; "" for a literal or a special
	fmt     string     // the formatter's name as the template gives it ("" for none)
	f       *formatter // the field's form: plain, or the formatter fmt names
	special string     // "pred", "exec", "sat", "lsc", "rest"
}

// A formatter is a form a template prints a field in, side by side with
// the inverse the text parser reads it back with; parseTemplate resolves
// each field's formatter once, when the table loads.
type formatter struct {
	// print appends the field o, whose value (val) is v.
	print printFunc
	// param reads a sub-field (kinds B, W, D, I) back; nil: the value
	// whose text the line starts with (byText).
	param func(p *textParser, part tmplPart, fi fieldInfo) error
	// operand reads an operand field (V, VC, R, S, LBL) back; nil: the
	// form is not parsed.
	operand func(p *textParser, part tmplPart, fi fieldInfo, next string) error
	absent  string // printed when the field is not there
	// texts are what it prints first where it starts a template's
	// mnemonic or goes on with a literal one (textCandidates).
	texts []string
}

type printFunc func(in *Instruction, b []byte, o Operand, v uint32) []byte

// plain is a field's form without a formatter: its kind's
// (AppendOperandText).
var plain = &formatter{print: operandText, param: digitsParam(decimal), operand: (*textParser).operand}

func operandText(in *Instruction, b []byte, o Operand, _ uint32) []byte {
	return in.AppendOperandText(b, o)
}

// value is a printer of the field's value alone.
func value(f func(b []byte, v uint32) []byte) printFunc {
	return func(_ *Instruction, b []byte, _ Operand, v uint32) []byte { return f(b, v) }
}

// enum prints the name of the value's bits under mask (appendEnum).
func enum(mask uint32, names ...string) printFunc {
	return value(func(b []byte, v uint32) []byte { return appendEnum(b, names, v&mask) })
}

// nonzero prints on for a value other than 0, off for 0.
func nonzero(on, off string) printFunc {
	return value(func(b []byte, v uint32) []byte {
		if v != 0 {
			return append(b, on...)
		}
		return append(b, off...)
	})
}

const noMask = ^uint32(0)

// formatters are the forms a template may name after ':'.
var formatters = map[string]*formatter{
	"noregion": {print: func(in *Instruction, b []byte, o Operand, _ uint32) []byte {
		if g, ok := o.(*General); ok {
			return in.appendGeneral(b, g)
		}
		return in.AppendOperandText(b, o)
	}, operand: func(p *textParser, part tmplPart, _ fieldInfo, _ string) error {
		return p.vector(part.name, false)
	}},
	"addrof": {print: func(in *Instruction, b []byte, o Operand, _ uint32) []byte {
		return in.appendAddrOf(b, o)
	}, operand: func(p *textParser, part tmplPart, _ fieldInfo, _ string) error {
		return p.addrOf(part.name)
	}},
	"relop": {print: value(func(b []byte, v uint32) []byte {
		b = appendBit(b, v, 7, "n.", ".")
		return append(b, relopNames[v&7]...)
	})},
	"minmax": {print: nonzero("max", "min"), texts: []string{"min", "max"}},
	"bfn": {print: value(func(b []byte, v uint32) []byte {
		b = append(b, ".x"...)
		return strconv.AppendUint(b, uint64(v&0xFF), 16)
	})},
	"label": {print: func(in *Instruction, b []byte, _ Operand, v uint32) []byte {
		b = append(b, labelText(in.labelName(uint16(v)))...)
		return append(b, ':')
	}, operand: labelOperand(true, false), texts: []string{":"}},
	"subroutine": {print: func(in *Instruction, b []byte, _ Operand, v uint32) []byte {
		name, orig := in.subroutineName(v), in.labelName(uint16(v))
		b = append(b, ".function "...)
		b = appendQuoted(b, name)
		if labelText(orig) != orig {
			b = append(b, " /// Original Name: "...)
			b = appendQuoted(b, orig)
		}
		b = append(b, '\n')
		b = append(b, name...)
		return append(b, ':')
	}, operand: labelOperand(true, true), texts: []string{":"}},
	"call": {print: func(in *Instruction, b []byte, _ Operand, v uint32) []byte {
		if l := in.sym.Label(v); l != nil && l.Kind == 2 {
			return append(b, "fccall"...)
		}
		return append(b, "call"...)
	}, operand: (*textParser).callMnemonic, texts: []string{"call", "fccall"}},
	"callee": {print: func(in *Instruction, b []byte, _ Operand, v uint32) []byte {
		return append(b, in.subroutineName(v)...)
	}, operand: labelRef},
	"list": {print: func(in *Instruction, b []byte, o Operand, _ uint32) []byte {
		return in.appendList(b, o.Name())
	}, operand: (*textParser).labelList},
	"owords": {print: value(func(b []byte, v uint32) []byte {
		return strconv.AppendInt(b, int64(owordNum(v&7)), 10)
	})},
	"mod":     {print: value(func(b []byte, v uint32) []byte { return appendBit(b, v, 0, ".mod", "") })},
	"mediald": {print: enum(noMask, mediaLdMods[:]...)},
	"mediast": {print: enum(noMask, mediaStMods[:]...)},
	"eltsize": {print: enum(3, "1", "2", "4")},
	"sgexec": {print: func(in *Instruction, b []byte, _ Operand, v uint32) []byte {
		b = append(b, '(')
		b = append(b, maskFromNibble(uint8(v>>4), in.ver).String()...) // 3.0's nibble too (readExec)
		b = append(b, ", "...)
		b = appendEnum(b, []string{"8", "16", "1"}, v&3)
		return append(b, ')')
	}},
	"chmask":    {print: value(appendRGBA)},
	"chmaskstr": {print: enum(0xF, channelNames[:]...)},
	"channel": {print: value(func(b []byte, v uint32) []byte {
		if v > 3 {
			return append(b, "illegal"...)
		}
		return append(b, "RGBA"[v])
	})},
	"simd": {print: value(func(b []byte, v uint32) []byte {
		return append(b, [...]string{"8", "16", "2", "3"}[v>>4&3]...)
	})},
	"unormfmt": {print: value(func(b []byte, v uint32) []byte { return append(b, unormFmts[v>>4&3]...) })},
	"avsctrl":  {print: enum(3, avsCtrls[:]...)},
	"avsexec":  {print: enum(0xF, avsExecs[:]...)},
	"svmalign": {print: value(func(b []byte, v uint32) []byte { return appendBit(b, v, 3, ".unaligned", ".aligned") })},
	"svmblock": {print: enum(3, "1", "4", "8")},
	"blocknum": {print: enum(3, "1", "2", "4", "8")},
	"atomic": {print: value(func(b []byte, v uint32) []byte {
		b = append(b, '.')
		b = appendEnum(b, atomicNames[:], v&0x1F)
		switch {
		case v>>5 == 1:
			b = append(b, ".16"...)
		case v>>6 == 1:
			b = append(b, ".64"...)
		}
		return b
	})},
	"symbol": {print: func(in *Instruction, b []byte, _ Operand, v uint32) []byte {
		s := in.str(v)
		if isIdentifier(s) {
			return append(b, s...)
		}
		return appendQuoted(b, s)
	}, param: stringParam(true)},
	"strlit": {print: func(in *Instruction, b []byte, _ Operand, v uint32) []byte {
		return appendQuoted(b, in.str(v))
	}, param: stringParam(false)},
	"num": {print: value(func(b []byte, v uint32) []byte {
		return strconv.AppendUint(b, uint64(v), 10)
	}), param: digitsParam(decimal), operand: (*textParser).surfaceNumber},
	"hex": {print: value(func(b []byte, v uint32) []byte {
		b = append(b, "0x"...)
		return strconv.AppendUint(b, uint64(v), 16)
	}), param: digitsParam(hexDigits)},
	"hexup": {print: value(func(b []byte, v uint32) []byte { // raw_sendg's SFID: "0x" then upper-case digits, as IGC prints it
		b = append(b, "0x"...)
		return appendHex(b, uint64(v), true)
	}), param: digitsParam(hexUpper)},
	"lfsr":      {print: enum(noMask, "b32", "b16v2", "b8v4")},
	"dnscltype": {print: enum(noMask, "none", "bftoe2m1", "bftoint4", "none", "hftoe2m1", "hftoint4")}, // 0 and 3 name no conversion
	"dnsclmode": {print: enum(noMask, "mode0", "mode1", "mode2", "mode3")},
	"dnsclrnd":  {print: enum(noMask, "srnd", "rne")},
	"desc64": {print: func(in *Instruction, b []byte, _ Operand, v uint32) []byte { // raw_sendg's descriptor: desc_hi and desc_lo printed as one number
		hi, _ := in.Value("desc_hi")
		b = append(b, "0x"...)
		return appendHex(b, uint64(hi)<<32|uint64(v), true)
	}, param: (*textParser).desc64},
	"fence": {print: value(func(b []byte, v uint32) []byte {
		if v&0x80 != 0 {
			return append(b, "_sw"...)
		}
		b = appendBit(b, v, 5, "_local", "_global")
		if v != 0 {
			b = appendBitNames(append(b, '.'), v, []string{"E", "I", "S", "C", "R", "", "L1"})
		}
		return b
	})},
	"sendc": {print: value(func(b []byte, v uint32) []byte {
		if v == 1 {
			b = append(b, 'c')
		}
		return b
	}), texts: []string{"c"}},
	"sends": {print: value(func(b []byte, v uint32) []byte {
		return append(b, [...]string{"", "c", "_eot", "c_eot"}[v&3]...)
	}), texts: []string{"c", "_eot", "c_eot"}},
	"nbarrier": {print: func(in *Instruction, b []byte, _ Operand, v uint32) []byte {
		b = appendBit(b, v, 0, ".signal", ".wait")
		for k, a := range in.Args[:in.N] {
			if k == 0 {
				continue
			}
			if k == 1 || v&1 != 0 {
				b = in.AppendOperandText(b, a)
			}
		}
		return b
	}, param: (*textParser).nbarrier},
	"sbarrier": {print: nonzero(".signal", ".wait")},
	"sampler3d": {print: func(in *Instruction, b []byte, _ Operand, v uint32) []byte {
		op, pnm, cps, div := v&0x1F, v>>5&1, v>>6&1, v>>7&1
		if in.ver.Major >= 4 {
			op, pnm, cps, div = v&0xFF, v>>8&1, v>>9&1, v>>10&1
		}
		if n, ok := sampler3DNames[uint8(op)]; ok && op <= 0xFF {
			b = append(b, n...)
		} else {
			b = append(b, "sampler_unknown"...)
		}
		if pnm != 0 {
			b = append(b, ".pixel_null_mask"...)
		}
		if cps != 0 && in.Op == 0x6D {
			b = append(b, ".cps"...)
		}
		if div != 0 && in.Op == 0x6D {
			b = append(b, ".divS"...)
		}
		return b
	}, param: (*textParser).sampler3d, texts: slices.AppendSeq([]string{"sampler_unknown"}, maps.Values(sampler3DNames))},
	"rtmode": {print: value(func(b []byte, v uint32) []byte {
		if v != 0 {
			b = appendBitNames(append(b, '.'), v, rtModeNames[:])
		}
		return b
	}), param: (*textParser).rtMode},
	"lifetime": {print: func(in *Instruction, b []byte, _ Operand, v uint32) []byte {
		b = appendBit(b, v, 0, "end ", "start ")
		id, _ := in.Value("var_id")
		switch v >> 4 & 3 {
		case 0:
			b = append(b, in.VarName(id)...)
		case 1:
			b = append(b, 'A')
			b = strconv.AppendUint(b, uint64(id), 10)
		case 2:
			b = append(b, 'P')
			b = strconv.AppendUint(b, uint64(id), 10)
		}
		return b
	}, param: (*textParser).lifetime},
	"dpas": {print: value(appendDpas), param: (*textParser).dpas},
	"atomic2018": {print: value(func(b []byte, v uint32) []byte { // the 2018 printer: the whole byte names the operation
		return appendEnum(append(b, '.'), atomicNames[:], v)
	})},
	"vaname": {print: enum(noMask, vaSubNames[:]...)},
	"conv1d": {print: value(func(b []byte, v uint32) []byte {
		return append(b, [...]string{" 4x16", "", " 1x16", " 1x1"}[v&3]...)
	})},
	"connect": {print: value(func(b []byte, v uint32) []byte { return appendBit(b, v, 0, " 8_connect", " 4_connect") })},
	"lbpmode": {print: enum(0xF, "VA_5x5_mode", "VA_3x3_mode", "VA_BOTH_mode")},
	"hdcconv": {print: value(func(b []byte, v uint32) []byte {
		b = appendEnum(b, []string{"VA_Y16_FORMAT", "VA_Y8_FORMAT"}, v&0xF)
		return appendBit(b, v, 4, " 31x31", " 15x15")
	})},
	"hdcpix":    {print: enum(noMask, "VA_Y16_FORMAT", "VA_Y8_FORMAT")},
	"mmfenable": {print: enum(noMask, mmfNames...)},
	"typedmask": {print: func(in *Instruction, b []byte, _ Operand, v uint32) []byte { // stored inverted before 3.2
		if in.ver.Num() < 302 {
			v = ^v
		}
		return append(b, channelNames[v&0xF]...)
	}},
	"chinv":  {print: value(func(b []byte, v uint32) []byte { return appendRGBA(b, ^v) })}, // gather4/scatter4 store their channel mask inverted
	"tblock": {print: enum(noMask, "1", "2", "4", "8")},
	"convmode": {print: value(func(b []byte, v uint32) []byte {
		b = append(b, []string{"VA_CONV_16x4", "VA_CONV_INVALID", "VA_CONV_16x1", "VA_CONV_1x1"}[v&3]...)
		return appendBit(b, v, 2, " 31x31", " 15x15")
	})},
	"edmode":  {print: enum(3, "VA_ED_64x4", "VA_ED_32x4", "VA_ED_64x1", "VA_ED_32x1")},
	"mmfexec": {print: enum(3, "VA_MMF_16x4", "VA_MMF_INVALID", "VA_MMF_16x1", "VA_MMF_1x1")},
	"mmfmode": {print: func(in *Instruction, b []byte, o Operand, _ uint32) []byte {
		if m, ok := o.(*Immediate); ok {
			b = append(b, ' ')
			return appendEnum(b, mmfNames, uint32(m.Bits))
		}
		return in.AppendOperandText(b, o)
	}},
	"info3d": {print: operandText, param: (*textParser).info3d, texts: []string{"resinfo", "sampleinfo"}}, // INFO prints through Info.AppendText; its template only parses
	"ornull": {print: operandText, operand: func(p *textParser, part tmplPart, _ fieldInfo, next string) error {
		return p.raw(part.name, next)
	}, absent: " %null.0"},
}

// parseTemplate compiles a text template and checks that every name it
// uses is a field of the row and every formatter exists.
func parseTemplate(s string, toks []token) ([]tmplPart, error) {
	names := map[string]bool{}
	var collect func([]token)
	collect = func(ts []token) {
		for _, t := range ts {
			if t.name != "" {
				names[t.name] = true
			}
			collect(t.group)
		}
	}
	collect(toks)
	var out []tmplPart
	for s != "" {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			out = append(out, tmplPart{lit: s})
			break
		}
		if i > 0 {
			out = append(out, tmplPart{lit: s[:i]})
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return nil, fmt.Errorf("text: unclosed {")
		}
		ref := s[i+1 : i+j]
		s = s[i+j+1:]
		switch ref {
		case ".pred", ".exec", ".sat", ".lsc":
			out = append(out, tmplPart{special: ref[1:]})
			continue
		case "...":
			out = append(out, tmplPart{special: "rest"})
			continue
		}
		name, fname, _ := strings.Cut(ref, ":")
		if !names[name] {
			return nil, fmt.Errorf("text: {%s} names no field", ref)
		}
		f := plain
		if fname != "" {
			if f = formatters[fname]; f == nil {
				return nil, fmt.Errorf("text: {%s}: unknown formatter %q", ref, fname)
			}
		}
		out = append(out, tmplPart{name: name, fmt: fname, f: f})
	}
	return out, nil
}

// Text returns the instruction as IGC's disassembler prints it, without the
// indentation and the "/// $N" comment.
func (in *Instruction) Text() string { return string(in.AppendText(nil)) }

// AppendText appends the instruction's text to b.
func (in *Instruction) AppendText(b []byte) []byte {
	if in.row == nil || in.row.text == "" {
		return in.appendFallback(b)
	}
	if in.Op == OpINFO {
		// INFO's one printer; its row's template is what the parser
		// reads, and the parser's print-back check holds the two together.
		v := in.info()
		return v.AppendText(b)
	}
	var printed uint64 // bit k: Args[k] printed
	mark := func(o Operand) {
		for k := range in.Args[:min(in.N, 64)] {
			if in.Args[k] == o {
				printed |= 1 << k
			}
		}
	}
	for _, p := range in.row.tmpl {
		switch {
		case p.lit != "":
			b = append(b, p.lit...)
		case p.special == "pred":
			b = in.Pred.appendText(b)
		case p.special == "exec":
			e := in.Exec
			if (in.Op == 0x4B || in.Op == 0x4C) && in.ver.Num() < 302 {
				e = e&0xF0 | 3 // the reader reads these as SIMD8, whatever the byte says
			}
			b = e.appendText(b)
		case p.special == "sat":
			for _, a := range in.Args[:in.N] {
				if m, ok := a.(modded); ok { // the first vector operand
					if *m.mod() == ModSat {
						b = append(b, ".sat"...)
					}
					break
				}
			}
		case p.special == "lsc":
			b = in.appendLSC(b)
		case p.special == "rest":
			for k, a := range in.Args[:in.N] {
				if _, isField := a.(*Param); !isField && k < 64 && printed>>k&1 == 0 {
					b = in.AppendOperandText(b, a)
				}
			}
		default:
			o := in.Operand(p.name)
			if o == nil {
				b = append(b, p.f.absent...)
				continue
			}
			if in.row.rest {
				mark(o) // for {...} only (comparing every operand: 4% of dump --json --all's CPU)
			}
			b = p.f.print(in, b, o, val(o))
		}
	}
	return b
}

// appendFallback prints an opcode without a text form: its mnemonic, exec
// size and operands in their default forms.
func (in *Instruction) appendFallback(b []byte) []byte {
	b = in.Pred.appendText(b)
	b = append(b, strings.ReplaceAll(in.Mnemonic, "/", "_")...)
	if in.HasExec {
		b = append(b, ' ')
		b = in.Exec.appendText(b)
	}
	for _, a := range in.Args[:in.N] {
		if a.Name() == "subop" {
			continue
		}
		switch a.Kind() {
		case KindField, KindSurface, KindSampler, KindLabel:
			b = append(b, ' ')
		}
		b = in.AppendOperandText(b, a)
	}
	return b
}

// VarName returns the name a general-variable id prints as.
func (in *Instruction) VarName(id uint32) string {
	n, _ := in.sym.varName(id)
	return n
}

// AppendOperandText appends o in its kind's default form (vector and raw
// operands with IGC's leading space).
func (in *Instruction) AppendOperandText(b []byte, o Operand) []byte {
	switch o := o.(type) {
	case *General:
		return o.Region.appendText(in.appendGeneral(b, o))
	case *Address:
		b = append(b, ' ')
		b = append(b, o.Mod.String()...)
		b = append(b, 'A')
		b = strconv.AppendUint(b, uint64(o.ID), 10)
		b = append(b, '(')
		b = strconv.AppendUint(b, uint64(o.Off), 10)
		b = append(b, ")<"...)
		if n := ExecSizeFromCode(o.Width & 0xF); n > 0 {
			b = strconv.AppendInt(b, int64(n), 10)
		} else {
			b = append(b, '?')
		}
		return append(b, '>')
	case *Predicate:
		b = append(b, ' ')
		b = append(b, o.Mod.String()...)
		b = append(b, 'P')
		return strconv.AppendUint(b, uint64(o.ID), 10)
	case *Indirect:
		b = append(b, ' ')
		b = append(b, o.Mod.String()...)
		b = append(b, "r[A"...)
		b = strconv.AppendUint(b, uint64(o.Addr), 10)
		b = append(b, '(')
		b = strconv.AppendUint(b, uint64(o.AddrOff), 10)
		b = append(b, "),"...)
		b = strconv.AppendInt(b, int64(o.ImmOff), 10)
		b = append(b, ']')
		b = o.Region.appendText(b)
		b = append(b, ':')
		return append(b, TypeName(o.Type)...)
	case *Immediate:
		b = append(b, " 0x"...)
		v := o.Bits
		if longImm>>o.Type&1 == 0 {
			v &= 0xFFFFFFFF
		}
		b = strconv.AppendUint(b, v, 16)
		b = append(b, ':')
		return append(b, TypeName(o.Type)...)
	case *State:
		b = append(b, ' ')
		switch o.Class {
		case 0:
			b = appendSurface(b, uint32(o.Index))
		case 1:
			b = append(b, 'S')
			b = strconv.AppendUint(b, uint64(o.Index), 10)
		default: // no such class: IGC's printer names it as a variable, V<id> when predefined
			if o.Index < NumPredefinedVars {
				b = append(b, vName(uint32(o.Index))...)
			} else {
				b = append(b, in.VarName(uint32(o.Index))...)
			}
		}
		b = append(b, '(')
		b = strconv.AppendUint(b, uint64(o.Off), 10)
		return append(b, ')')
	case *Raw:
		return appendRawOperand(append(b, ' '), in.sym, o.RawOperand)
	case *Surface:
		return appendSurface(b, uint32(o.Index))
	case *Sampler:
		b = append(b, 'S')
		return strconv.AppendUint(b, uint64(o.Index), 10)
	case *LabelRef:
		return append(b, in.labelName(o.Index)...)
	case *Param:
		return strconv.AppendUint(b, uint64(o.Value), 10)
	}
	return b
}

// appendGeneral prints a general variable operand without its region.
func (in *Instruction) appendGeneral(b []byte, o *General) []byte {
	b = append(b, ' ')
	b = append(b, o.Mod.String()...)
	b = append(b, in.VarName(o.ID)...)
	return appendRowCol(b, o.Row, o.Col)
}

func appendRowCol(b []byte, row, col uint8) []byte {
	b = append(b, '(')
	b = AppendUint(b, uint64(row))
	b = append(b, ',')
	b = AppendUint(b, uint64(col))
	return append(b, ')')
}

func appendSurface(b []byte, idx uint32) []byte {
	if idx < 256 {
		return append(b, SurfaceName(uint8(idx))...)
	}
	b = append(b, 'T')
	return strconv.AppendUint(b, uint64(idx), 10)
}

func (in *Instruction) labelName(idx uint16) string {
	if l := in.sym.Label(uint32(idx)); l != nil {
		return l.Name
	}
	return "L" + strconv.Itoa(int(idx))
}

func (in *Instruction) str(idx uint32) string {
	if s, ok := in.sym.PoolString(idx); ok {
		return s
	}
	return "str" + strconv.FormatUint(uint64(idx), 10)
}

// appendList prints every label operand named name, joined by ", ".
func (in *Instruction) appendList(b []byte, name string) []byte {
	first := true
	for _, a := range in.Args[:in.N] {
		if l, ok := a.(*LabelRef); ok && l.Role == name {
			if !first {
				b = append(b, ", "...)
			}
			first = false
			b = append(b, in.labelName(l.Index)...)
		}
	}
	return b
}

// val returns a field's numeric value (Param, surface, sampler, label).
func val(o Operand) uint32 {
	switch o := o.(type) {
	case *Param:
		return o.Value
	case *Surface:
		return uint32(o.Index)
	case *Sampler:
		return uint32(o.Index)
	case *LabelRef:
		return uint32(o.Index)
	}
	return 0
}

var (
	relopNames  = [8]string{"eq", "ne", "gt", "ge", "lt", "le", " ", "?7"}
	atomicNames = [...]string{"add", "sub", "inc", "dec", "min", "max", "xchg", "cmpxchg", "and", "or", "xor", "minsint", "maxsint", "", "", "", "fmax", "fmin", "fcmpwr", "fadd", "fsub"}
	mediaLdMods = [...]string{"nomod", "modified", "top", "bottom", "top_mod", "bottom_mod"}
	mediaStMods = [...]string{"nomod", "reserved", "top", "bottom"}
	unormFmts   = [4]string{"16-full", "16-downsampled", "8-full", "8-downsampled"}
	avsCtrls    = [4]string{"AVS_16_FULL", "AVS_16_DOWN_SAMPLE", "AVS_8_FULL", "AVS_8_DOWN_SAMPLE"}
	avsExecs    = [3]string{"AVS_16x4", "AVS_INVALID", "AVS_16x8"}
	mmfNames    = []string{"VA_MINMAX_ENABLE", "VA_MAX_ENABLE", "VA_MIN_ENABLE"}
)

// vaSubNames are IGC's names for the va and va_skl_plus sub-ops, by sub-op
// (its table, including its quirks: 0x08 is printed CONV_1D_HORIZONTAL).
var vaSubNames = [...]string{"avs", "convolve", "minmax", "minmaxfilter", "erode", "dilate", "boolcentroid", "centroid",
	"CONV_1D_HORIZONTAL", "CONV_1D_VERTICAL", "CONV_1PIXEL", "FLOOD_FILL", "LBP_CREATION", "LBP_CORRELATION", "",
	"CORRELATION_SEARCH", "HDC_CONVOLVE_2D", "HDC_MIN_MAX_FILTER", "HDC_ERODE", "HDC_DILATE", "HDC_LBP_CORRELATION",
	"HDC_LBP_CREATION", "HDC_CONVOLVE_1D_H", "HDC_CONVOLVE_1D_V", "HDC_CONVOLVE_1P", "UNDEFINED"}

// sampler3DNames are the 3D sampler operation names by op code (format doc
// §5.4); "" for codes IGC names none.
var sampler3DNames = map[uint8]string{
	0x0: "sample_3d", 0x1: "sample_b", 0x2: "sample_l", 0x3: "sample_c", 0x4: "sample_d",
	0x5: "sample_b_c", 0x6: "sample_l_c", 0x7: "load_3d", 0x8: "sample4", 0x9: "lod",
	0xA: "resinfo", 0xB: "sampleinfo", 0xC: "sample+killpix", 0x10: "sample4_c",
	0x11: "sample4_po", 0x12: "sample4_po_c", 0x14: "sample_d_c", 0x18: "sample_lz",
	0x19: "sample_c_lz", 0x1A: "load_lz", 0x1C: "load_2dms_w", 0x1D: "load_mcs",
}

func appendEnum(b []byte, names []string, v uint32) []byte {
	if uint64(v) < uint64(len(names)) && names[v] != "" {
		return append(b, names[v]...)
	}
	b = append(b, '?')
	return strconv.AppendUint(b, uint64(v), 10)
}

// appendRGBA prints the channels of mask's low four bits, R first.
func appendRGBA(b []byte, mask uint32) []byte { return appendLetters(b, mask&0xF, "RGBA") }

func appendLetters(b []byte, mask uint32, letters string) []byte {
	for i := range letters {
		if mask>>i&1 != 0 {
			b = append(b, letters[i])
		}
	}
	return b
}

// appendBitNames prints the names of the bits of v that are set, bit 0's
// first.
func appendBitNames(b []byte, v uint32, names []string) []byte {
	for i, l := range names {
		if v>>i&1 != 0 {
			b = append(b, l...)
		}
	}
	return b
}

// appendBit prints on when bit of v is set, off when it is not.
func appendBit(b []byte, v uint32, bit int, on, off string) []byte {
	if v>>bit&1 != 0 {
		return append(b, on...)
	}
	return append(b, off...)
}

// owordNum maps an oword-count code to the count (1, 2, 4, 8, 16).
func owordNum(code uint32) int {
	if code <= 4 {
		return 1 << code
	}
	return 0
}

// appendAddrOf prints addr_add's src0, which is an address of a variable
// (general, state) unless it is an address operand. Offsets of general
// variables count GRFs as 32 bytes: the binary does not say the platform.
func (in *Instruction) appendAddrOf(b []byte, o Operand) []byte {
	switch o := o.(type) {
	case *General:
		b = append(b, ' ')
		b = append(b, o.Mod.String()...)
		b = append(b, '&')
		b = append(b, in.VarName(o.ID)...)
		size := ElemSize(in.sym, o.ID)
		if off := int(o.Col)*size + int(o.Row)*32; off != 0 {
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(off), 10)
			b = append(b, ']')
		}
		return b
	case *State:
		b = append(b, ' ')
		b = append(b, o.Mod.String()...)
		b = append(b, '&')
		if o.Class == 0 {
			b = appendSurface(b, uint32(o.Index))
		} else {
			b = append(b, 'S')
			b = strconv.AppendUint(b, uint64(o.Index), 10)
		}
		if off := int(o.Off) * 4; off != 0 {
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(off), 10)
			b = append(b, ']')
		}
		return b
	}
	return in.AppendOperandText(b, o)
}

// ElemSize returns the element size in bytes of general variable id: a
// predefined variable's by its id, a declared one's by its type (0 for a
// type the table does not size), 4 when sym does not have it. The printer,
// the text parser and data flow all size elements with it.
func ElemSize(sym *Symbols, id uint32) int {
	if id < NumPredefinedVars {
		return predefinedVarSize(id)
	}
	if v := sym.Var(id); v != nil {
		return TypeSize(v.Type)
	}
	return 4
}

// predefinedVarSize is the element size of a predefined variable.
func predefinedVarSize(id uint32) int {
	switch id {
	case 1, 2, 17: // %thread_x %thread_y %color: UW
		return 2
	case 10, 11, 18, 19, 21: // %sp %fp %impl_arg_buf_ptr %local_id_buf_ptr %scratchloc: UQ
		return 8
	}
	return 4
}

var precisionNames = [...]string{"", "u1", "s1", "u2", "s2", "u4", "s4", "u8", "s8", "bf", "hf", "", "tf32"}

// appendDpas prints dpas's precision word: .W.A.depth.count (IGC's
// UI32ToDpasInfo: bits 7..0 W, 15..8 A, 23..16 depth, 31..24 repeat
// count); an unnamed precision prints "?".
func appendDpas(b []byte, v uint32) []byte {
	w, a, dd, c := v&0xFF, v>>8&0xFF, v>>16&0xFF, v>>24&0xFF
	prec := func(b []byte, p uint32) []byte {
		if p < uint32(len(precisionNames)) && precisionNames[p] != "" {
			return append(b, precisionNames[p]...)
		}
		return append(b, '?')
	}
	b = append(b, '.')
	b = prec(b, w)
	b = append(b, '.')
	b = prec(b, a)
	b = append(b, '.')
	b = strconv.AppendUint(b, uint64(dd), 10)
	b = append(b, '.')
	return strconv.AppendUint(b, uint64(c), 10)
}

// labelText replaces the characters IGC replaces in label names.
func labelText(s string) string {
	if !strings.ContainsAny(s, ".$") {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r == '.' || r == '$' {
			return '_'
		}
		return r
	}, s)
}

// subroutineName is the name IGC prints for the subroutine of label v.
func (in *Instruction) subroutineName(v uint32) string {
	return SubroutineName(labelText(in.labelName(uint16(v))), uint16(v))
}

// SubroutineName returns the name IGC prints for a subroutine whose label
// is named label and has id id: label and "_<id>", unless it ends so
// already ("SUB1_2" for SUB1, label 2).
func SubroutineName(label string, id uint16) string {
	if suffix := "_" + strconv.Itoa(int(id)); !strings.HasSuffix(label, suffix) {
		return label + suffix
	}
	return label
}

// isIdentifier reports whether s is [A-Za-z_][A-Za-z0-9_]*.
func isIdentifier(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isIdentStart(s[i]) && (i == 0 || s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	return s != ""
}

// The C escapes IGC's printer writes (appendQuoted) and UnquoteC reads:
// byte cEscaped[k] is printed as a backslash and cEscapeLetters[k].
const cEscaped, cEscapeLetters = "\a\b\x1b\f\n\r\t\v'\"\\", `abefnrtv'"\`

// appendQuoted prints s as IGC's string literals: double quotes, C escapes,
// \xNN for other unprintable bytes.
func appendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if k := strings.IndexByte(cEscaped, c); k >= 0 {
			b = append(b, '\\', cEscapeLetters[k])
		} else if c >= 0x20 && c < 0x7F {
			b = append(b, c)
		} else {
			b = append(b, '\\', 'x', "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		}
	}
	return append(b, '"')
}

// rtModeNames names rt_write_3d's mode bits, by bit, as IGC prints them
// after the mnemonic (bits 0 and 1 are not printed).
var rtModeNames = [...]string{"", "", "<RTI>", "<A>", "<O>", "<Z>", "<ST>", "<LRTW>", "<CPS>", "<PS>", "<CM>", "<SI>", "<NULLRT>"}
