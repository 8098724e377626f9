package decoder

import (
	"fmt"
	"io"
	"strconv"
)

// The whole listing of a body, as IGC's disassembler writes it (format doc
// visaasm-text.md §2-§4): header, declarations, inputs, attributes, then
// every instruction with its padded "/// $N" comment.

// commentColumn is where the "/// $N" comment starts when the instruction
// (with its 4 spaces of indentation) is shorter.
const commentColumn = 80

// WriteVisaasm writes every body of o, in file order (kernels, then
// functions), as IGC's disassembler does for a vISA object file. Bodies
// whose metadata could not be decoded are skipped; their errors are the
// caller's to report.
func (o *Object) WriteVisaasm(w io.Writer) error {
	funcs := make([]string, 0, len(o.Functions))
	for _, f := range o.Functions {
		funcs = append(funcs, f.Name)
	}
	var b []byte
	var in Instruction
	for _, body := range o.Bodies() {
		if body.Err != nil && body.Stream == nil {
			continue
		}
		b = body.appendVisaasm(b[:0], o.Version, funcs, &in)
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// appendVisaasm appends the body's listing; in is scratch space.
func (body *Body) appendVisaasm(b []byte, v Version, funcs []string, in *Instruction) []byte {
	b = append(b, ".version "...)
	b = strconv.AppendUint(b, uint64(v.Major), 10)
	b = append(b, '.')
	b = strconv.AppendUint(b, uint64(v.Minor), 10)
	b = append(b, '\n')
	name := body.String(body.NameIndex)
	if body.Kind == KindFunction {
		b = append(b, ".global_function "...)
	} else {
		b = append(b, ".kernel "...)
	}
	b = appendQuoted(b, dotsToSpaces(name))
	b = append(b, '\n')
	if body.Kind == KindKernel {
		for _, f := range funcs {
			b = append(b, ".funcdecl "...)
			b = appendQuoted(b, f)
			b = append(b, '\n')
		}
	}
	b = append(b, "\n/// VISA Predefined Variables"...)
	for _, g := range []struct {
		decl  string
		names []string
	}{{"V%d v_type=G", predefinedVars[:21]}, {"T%d v_type=T", predefinedSurfaces[:]}} { // V0..V20: the 4.1 printer's list
		for i, n := range g.names {
			b = append(b, "\n// .decl "...)
			b = fmt.Appendf(b, g.decl, i)
			b = append(b, " v_name="...)
			b = append(b, n...)
		}
	}
	b = append(b, '\n')
	sym := body.Symbols()
	if body.Stream != nil && body.Stream.Symbols != nil {
		sym = body.Stream.Symbols
	}
	varName := func(id uint32) string { n, _ := sym.varName(id); return n }
	for i := range body.Vars {
		vr := &body.Vars[i]
		b = append(b, "\n.decl "...)
		b = append(b, vr.Name...)
		b = append(b, " v_type=G type="...)
		b = append(b, TypeName(vr.Type())...)
		b = append(b, " num_elts="...)
		b = strconv.AppendUint(b, uint64(vr.NumElements), 10)
		if a := vr.Props >> 4; a != 0 {
			b = append(b, " align="...)
			b = append(b, alignName(a)...)
		}
		if vr.AliasIndex != 0 {
			b = append(b, " alias=<"...)
			b = append(b, varName(vr.AliasIndex)...)
			b = append(b, ", "...)
			b = strconv.AppendUint(b, uint64(vr.AliasOffset), 10)
			b = append(b, '>')
		}
		b = appendDeclAttrs(b, vr.Attrs)
	}
	for _, g := range []struct {
		vtype byte
		first int // the first id
		decls []Decl
		named bool // printed with v_name
	}{{'A', 0, body.Addrs, false}, {'P', 1, body.Preds, false}, {'S', 0, body.Samplers, true}, {'T', NumPredefinedSurfaces, body.Surfaces, true}} {
		for i, d := range g.decls {
			b = append(b, "\n.decl "...)
			b = append(b, g.vtype)
			b = strconv.AppendInt(b, int64(g.first+i), 10)
			b = append(b, " v_type="...)
			b = append(b, g.vtype)
			b = append(b, " num_elts="...)
			b = strconv.AppendUint(b, uint64(d.NumElements), 10)
			if g.named {
				b = append(b, " v_name="...)
				b = append(b, d.Name...)
			}
			b = appendDeclAttrs(b, d.Attrs)
		}
	}
	for _, inp := range body.Inputs {
		b = append(b, '\n')
		if k := inp.Kind >> 3; k != 0 {
			b = append(b, implicitKind(k)...)
			b = append(b, ' ')
		} else {
			b = append(b, ".input "...)
		}
		switch inp.Kind & 7 {
		case 0:
			b = append(b, varName(inp.ID)...)
		case 1:
			b = append(b, 'S')
			b = strconv.AppendUint(b, uint64(inp.ID), 10)
		case 2:
			b = append(b, 'T')
			b = strconv.AppendUint(b, uint64(inp.ID), 10)
		default:
			b = append(b, '?')
			b = strconv.AppendUint(b, uint64(inp.ID), 10)
		}
		b = append(b, " offset="...)
		b = strconv.AppendInt(b, int64(inp.Offset), 10)
		b = append(b, " size="...)
		b = strconv.AppendUint(b, uint64(inp.Size), 10)
	}
	target := false
	for _, a := range body.Attrs {
		if a.Name == "OutputAsmPath" {
			continue
		}
		if a.Name == "Target" {
			target = true
		}
		b = append(b, "\n.kernel_attr "...)
		b = appendAttr(b, a)
	}
	if !target {
		// IGC adds the target from its build options; GenX_IR's default
		// for the binaries it reads is 3D.
		b = append(b, "\n.kernel_attr Target=\"3d\""...)
	}
	s := body.Stream
	if s == nil {
		return append(b, '\n')
	}
	for i := range s.NumInsts() {
		s.Decode(i, in)
		b = in.appendLine(b)
	}
	if s.NumInsts() == 0 {
		b = append(b, '\n')
	}
	return b
}

// appendLine appends the instruction as a listing line: indentation, text,
// padding and "/// $N" (labels, subroutines, FILE and LOC have no
// comment), then a newline.
func (in *Instruction) appendLine(b []byte) []byte {
	start := len(b)
	switch in.Op {
	case 0x31: // a label stands at column 0 after a blank line
		b = append(b, '\n')
	case 0x30: // a subroutine's blank lines follow the indentation
		b = append(b, "    \n\n"...)
	default:
		b = append(b, "    "...)
	}
	b = in.AppendText(b)
	switch in.Op {
	case 0x30, 0x31, 0x51, 0x52:
	default:
		for n := len(b) - start; n < commentColumn; n++ {
			b = append(b, ' ')
		}
		b = append(b, " /// $"...)
		b = strconv.AppendInt(b, int64(in.Index), 10)
	}
	return append(b, '\n')
}

// Line returns the instruction as one listing line (indentation, text,
// padded "/// $N" comment), without the newline.
func (in *Instruction) Line() string {
	b := in.appendLine(nil)
	return string(b[:len(b)-1])
}

func dotsToSpaces(s string) string {
	out := []byte(s)
	for i, c := range out {
		if c == '.' {
			out[i] = ' '
		}
	}
	return string(out)
}

func alignName(a uint8) string {
	names := [...]string{"byte", "word", "dword", "qword", "oword", "GRF", "GRFx2", "hword", "wordx32", "wordx64"}
	if int(a) < len(names) {
		return names[a]
	}
	return "align" + strconv.Itoa(int(a))
}

func implicitKind(k uint8) string {
	switch k {
	case 1:
		return ".implicit_LOCAL_SIZE"
	case 2:
		return ".implicit_GROUP_COUNT"
	case 3:
		return ".implicit_LOCAL_ID"
	case 0x10:
		return ".implicit_PSEUDO_INPUT"
	}
	return ".implicit_UNDEFINED_" + strconv.Itoa(int(k))
}

// attrKinds says how IGC prints each attribute it knows: 'b' boolean (name
// alone), 'i' integer, 's' string. Unknown names print by their size.
var attrKinds = map[string]byte{
	"Extern": 'b', "NoBarrier": 'b', "Callable": 'b', "Caller": 'b', "Composable": 'b',
	"Entry": 'b', "Input": 'b', "Output": 'b', "PayloadLiveOut": 'b', "Input_Output": 'b',
	"NoWidening": 'b', "DoNotSpill": 'b', "ForceSpill": 'b', "SepSpillPvtSS": 'b',
	"LTO_InvokeOptTarget": 'b', "AllLaneActive": 'b',
	"Target": 'i', "SLMSize": 'i', "SpillMemOffset": 'i', "ArgSize": 'i', "RetValSize": 'i',
	"PerThreadInputSize": 'i', "SimdSize": 'i', "NumGRF": 'i', "Scope": 'i', "SurfaceUsage": 'i',
	"CrossThreadInputSize": 'i', "NBarrierCnt": 'i',
	"OutputAsmPath": 's',
}

func attrInt(v []byte) int64 {
	switch len(v) {
	case 1:
		return int64(int8(v[0]))
	case 2:
		return int64(int16(uint16(v[0]) | uint16(v[1])<<8))
	case 4:
		return int64(int32(uint32(v[0]) | uint32(v[1])<<8 | uint32(v[2])<<16 | uint32(v[3])<<24))
	}
	var x int64
	for i := len(v) - 1; i >= 0; i-- {
		x = x<<8 | int64(v[i])
	}
	return x
}

func appendAttr(b []byte, a Attr) []byte {
	b = append(b, a.Name...)
	kind, ok := attrKinds[a.Name]
	if !ok {
		kind = 's'
		if len(a.Value) == 0 {
			kind = 'b'
		} else if len(a.Value) <= 4 {
			kind = 'i'
		}
	}
	switch kind {
	case 'i':
		b = append(b, '=')
		x := attrInt(a.Value)
		if a.Name == "Target" {
			switch x {
			case 0:
				return append(b, `"cm"`...)
			case 1:
				return append(b, `"3d"`...)
			}
		}
		return strconv.AppendInt(b, x, 10)
	case 's':
		if len(a.Value) > 0 {
			b = append(b, '=')
			b = appendQuoted(b, string(a.Value))
		}
	}
	return b
}

func appendDeclAttrs(b []byte, attrs []Attr) []byte {
	if len(attrs) == 0 {
		return b
	}
	b = append(b, " attrs={"...)
	for i, a := range attrs {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendAttr(b, a)
	}
	return append(b, '}')
}
