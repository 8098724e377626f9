package diff

import (
	"encoding/binary"
	"hash/maphash"
	"slices"
	"strconv"
	"strings"

	"infoscope/decoder"
)

// This file reduces each instruction to the parts a compiler engineer
// compares: its mnemonic, exec size, emask, predicate and, per operand,
// region, type, modifier, immediate and the symbol it names. A symbol
// (variable, predicate, address, label, surface, sampler) is written in
// the instruction's key as what it is (its declaration without its name or
// number), never as its number, so renumbering changes no key; which
// symbol on one side stands for which on the other is decided afterwards
// from how the aligned instructions use them (mapping.go).

// Symbol classes.
const (
	clNone  byte = 0
	clVar   byte = 'V'
	clPred  byte = 'P'
	clAddr  byte = 'A'
	clLabel byte = 'L'
	clSurf  byte = 'T'
	clSamp  byte = 'S'
)

// sym is a symbol of one body: a class and its number there.
type sym struct {
	class byte
	id    uint32
}

// attr says which part of an instruction or operand a part is.
type attr uint8

const (
	aSym      attr = iota // the symbol an operand names (ref), or a predefined one (str)
	aExecSize             // num
	aEmask                // num: the mask control
	aPred                 // the predicate (ref)
	aPredCtl              // str: "!", ".any", ".all"
	aType                 // num: a VISA_Type code
	aOffset               // num: row<<8 | column of a general operand; str for the other kinds
	aRegion               // num: the region word
	aMod                  // num: the modifier
	aImm                  // num: an immediate's bits
	aWidth                // num: an address operand's width
	aParam                // num: a sub-field; str when it names a string
	aWord                 // str: a word of a line kept as text, its symbols cut out
	aWordSym              // a symbol in such a word (ref)
)

// attrNames name the parts after their role: an instruction's own parts
// have none ("emask"), an operand's are named by it ("src0 region").
var attrNames = [...]string{aExecSize: "exec size", aEmask: "emask", aPred: "predicate",
	aPredCtl: "predicate control", aType: " type", aOffset: " offset", aRegion: " region",
	aMod: " modifier", aImm: " immediate", aWidth: " width", aParam: "", aWord: ""}

// part is one compared part of an instruction: a role (an operand's name
// in the opcode table, "" for the instruction's own parts), what part of
// it, and its value: num and str, or a symbol. A symbol's str is its
// signature (what it is), so that keys compare symbols by what they are.
type part struct {
	role string
	attr attr
	// amb marks a variable whose name the text declares more than once,
	// equally visible where it is used (IGC's printer lists every
	// declaration of an inline-assembly block's names in the header):
	// ref is the first declaration of the name, and which one is meant is
	// decided from the counterpart (mapping.go: resolve).
	amb bool
	num uint64
	str string
	ref sym
}

// name is the part's name as a report gives it: "src0 region", "emask".
func (p *part) name() string {
	if p.attr == aWordSym {
		return p.role + " " + string(p.ref.class)
	}
	return p.role + attrNames[p.attr]
}

// same reports whether two parts hold the same value (symbols aside).
func (p *part) same(q *part) bool { return p.num == q.num && p.str == q.str }

// sameName reports whether two parts have the same name.
func (p *part) sameName(q *part) bool {
	return p.attr == q.attr && p.role == q.role && (p.attr != aWordSym || p.ref.class == q.ref.class)
}

// inst is one instruction reduced for comparison.
type inst struct {
	key   uint64 // hash of mnemonic and parts (symbols by signature)
	mkey  uint64 // hash of the mnemonic alone
	mnem  string
	parts []part
	info  int // INFO index in the stream, or -1
	// textual: reduced from its text (the decoder kept it as text), not
	// from decoded operands.
	textual bool
}

// slot is what a body keeps of every instruction: its keys, whether it is
// an INFO (and which), whether it was reduced from text.
type slot struct {
	key, mkey uint64
	info      int32
	textual   bool
}

// body is one side's instructions reduced, with what is needed to name
// and compare its declarations.
type body struct {
	s     *decoder.Stream
	insts []slot
	full  []inst // every instruction reduced, unless lean
	// idx[k] is the stream index ($N) of insts[k]: text streams may leave
	// $N out (empty instructions), which are not compared.
	idx    []int
	varSig map[uint32]string // cached variable signatures by id
	parts  []part            // room for the next instruction's parts (one allocation for many)
	names  map[string]sym    // text names of declared symbols, for text-only lines
	// lean is set for a stream whose instructions are too short for
	// their parts to be kept within the memory bound (binary code, ~20
	// bytes an instruction, against ~600 bytes of parts): only keys are
	// kept, and partsOf decodes an instruction again when asked.
	lean bool
	base []part              // a lean body's room for one instruction's parts
	in   decoder.Instruction // partsOf's decode
	// dups lists, by name, the variables whose name is declared more than
	// once (inline-assembly blocks' scoped names); nil until needed.
	dups map[string][]uint32
	// res holds, by resKey, the declaration an ambiguous part was
	// resolved to (mapping.go), applied whenever the part is read.
	res map[int64]uint32
	// stemBuf is room for a binary's printed instruction (stem).
	stemBuf []byte
	left    int // instructions reduce has still to reduce, the one under way included
}

// partsPerInst is about how many parts an instruction has (an operand
// has four or five), for the size of the chunks parts are allocated in.
const partsPerInst = 16

// resKey is the key of part j of instruction k in res, in its decoded
// view or (text) in its view as a line of text.
func resKey(k, j int, text bool) int64 {
	key := int64(k)<<16 | int64(j)
	if text {
		key |= 1 << 15
	}
	return key
}

// resolved applies the resolutions of instruction k's ambiguous parts:
// a resolved part names its declaration and is no longer ambiguous. The
// parts kept are not changed (a later alignment resolves again).
func (b *body) resolved(k int, ps []part, text bool) []part {
	if b.res == nil {
		return ps
	}
	copied := false
	for j := range ps {
		if !ps[j].amb {
			continue
		}
		if id, ok := b.res[resKey(k, j, text)]; ok {
			if !copied {
				ps, copied = slices.Clone(ps), true
			}
			ps[j].ref.id, ps[j].amb = id, false
		}
	}
	return ps
}

// keptPartsPerByte bounds the parts kept: at most this many bytes of them
// per byte of input (else the body is lean).
const keptPartsPerByte = 16

// partsEstimate is about what one instruction's parts take.
const partsEstimate = 600

// partsOf returns the parts of instruction k (insts[k]).
func (b *body) partsOf(k int) []part { return b.inst(k).parts }

// inst returns instruction k reduced. For a lean body it is decoded
// again, its parts into room reused by the next call: use them before
// asking for another instruction of the same side.
func (b *body) inst(k int) inst {
	if !b.lean {
		it := b.full[k]
		it.parts = b.resolved(k, it.parts, false)
		return it
	}
	b.parts = b.base[:0]
	it := b.reduceOne(b.idx[k], &b.in)
	it.key, it.mkey, it.info = b.insts[k].key, b.insts[k].mkey, int(b.insts[k].info)
	it.parts = b.resolved(k, it.parts, false)
	return it
}

// textInst returns instruction k reduced from its line of text (as
// written, or as printed for a binary), as it is compared with a line
// the decoder kept as text.
func (b *body) textInst(k int) inst {
	it := b.textOnly(b.idx[k])
	it.parts = b.resolved(k, it.parts, true)
	return it
}

// reduceOne reduces instruction i (decoded into in).
func (b *body) reduceOne(i int, in *decoder.Instruction) inst {
	s := b.s
	s.Decode(i, in)
	var it inst
	if in.N > 0 || in.HasExec || s.Text == nil {
		it = b.parsed(in)
	} else {
		it = b.textOnly(i)
		it.textual = true
	}
	return it
}

var seed = maphash.MakeSeed()

// reduce reduces every instruction of s.
func reduce(s *decoder.Stream) *body {
	b := &body{s: s, varSig: map[uint32]string{}}
	n := s.NumInsts()
	b.insts = make([]slot, 0, n)
	b.idx = make([]int, 0, n)
	input := len(s.Code)
	if s.Text != nil {
		input = 0
		for i := range s.Text {
			input += len(s.Text[i].Text) + 1
		}
	}
	b.lean = n*partsEstimate > keptPartsPerByte*input
	if b.lean {
		b.base = make([]part, 0, 4*decoder.MaxOperands)
	} else {
		b.full = make([]inst, 0, n)
	}
	var in decoder.Instruction
	var h maphash.Hash
	h.SetSeed(seed)
	for i := range n {
		if s.Text != nil && s.Text[i].Text == "" {
			continue
		}
		if b.lean {
			b.parts = b.base[:0] // the parts are dropped below: reuse their room
		}
		b.left = n - i
		it := b.reduceOne(i, &in)
		it.info = -1
		if k, ok := s.InfoAt(i); ok {
			it.info = k
		}
		h.Reset()
		h.WriteString(b.stem(i, &in))
		it.mkey = h.Sum64()
		for k := range it.parts {
			hashPart(&h, &it.parts[k], it.parts[k].num)
		}
		it.key = h.Sum64()
		if !b.lean {
			b.full = append(b.full, it)
		}
		b.insts = append(b.insts, slot{it.key, it.mkey, int32(it.info), it.textual})
		b.idx = append(b.idx, i)
	}
	return b
}

// parsed reduces an instruction the decoder read into operands.
func (b *body) parsed(in *decoder.Instruction) inst {
	if cap(b.parts) < 2*decoder.MaxOperands {
		// Parts are allocated a chunk at a time: room for the
		// instructions still to reduce, up to 4,096 parts (a small body
		// does not pay for a large chunk it leaves empty: it was most of
		// the cost of comparing two small inputs).
		b.parts = make([]part, 0, min(4096, max(2*decoder.MaxOperands, b.left*partsPerInst)))
	}
	it := inst{mnem: in.Mnemonic, parts: b.parts}
	num := func(role string, a attr, v uint64) { it.parts = append(it.parts, part{role: role, attr: a, num: v}) }
	str := func(role string, a attr, v string) { it.parts = append(it.parts, part{role: role, attr: a, str: v}) }
	if in.HasExec {
		num("", aExecSize, uint64(in.Exec.Size()))
		num("", aEmask, uint64(in.Exec.Mask()))
	}
	if in.HasPred && in.Pred.ID() != 0 {
		p := b.symPart("", clPred, uint32(in.Pred.ID()))
		p.attr = aPred
		it.parts = append(it.parts, p)
		c := ""
		if in.Pred.Inverse() {
			c = "!"
		}
		c += [...]string{"", ".any", ".all", ".3"}[in.Pred.Control()]
		str("", aPredCtl, c)
	}
	for k, o := range in.Args[:in.N] {
		role := o.Name()
		if role == "" {
			role = "operand " + strconv.Itoa(k)
		}
		switch o := o.(type) {
		case *decoder.General:
			p := b.symPart(role, clVar, o.ID)
			p.amb = o.Ambiguous && p.ref.class != clNone
			it.parts = append(it.parts, p)
			num(role, aType, uint64(b.varType(o.ID)))
			num(role, aOffset, uint64(o.Row)<<8|uint64(o.Col))
			num(role, aRegion, uint64(o.Region))
			num(role, aMod, uint64(o.Mod))
		case *decoder.Address:
			it.parts = append(it.parts, b.symPart(role, clAddr, uint32(o.ID)))
			str(role, aOffset, strconv.Itoa(int(o.Off)))
			num(role, aWidth, uint64(decoder.ExecSizeFromCode(o.Width)))
			num(role, aMod, uint64(o.Mod))
		case *decoder.Predicate:
			it.parts = append(it.parts, b.symPart(role, clPred, uint32(o.ID)))
			num(role, aMod, uint64(o.Mod))
		case *decoder.Indirect:
			it.parts = append(it.parts, b.symPart(role, clAddr, uint32(o.Addr)))
			str(role, aOffset, strconv.Itoa(int(o.AddrOff))+","+strconv.Itoa(int(o.ImmOff)))
			num(role, aRegion, uint64(o.Region))
			num(role, aType, uint64(o.Type))
			num(role, aMod, uint64(o.Mod))
		case *decoder.Immediate:
			num(role, aType, uint64(o.Type))
			num(role, aImm, o.Bits)
			num(role, aMod, uint64(o.Mod))
		case *decoder.State:
			cl := clSurf
			if o.Class == 1 {
				cl = clSamp
			}
			it.parts = append(it.parts, b.symPart(role, cl, uint32(o.Index)))
			str(role, aOffset, strconv.Itoa(int(o.Off)))
			num(role, aMod, uint64(o.Mod))
		case *decoder.Raw:
			p := b.symPart(role, clVar, o.ID)
			p.amb = o.Ambiguous && p.ref.class != clNone
			it.parts = append(it.parts, p)
			str(role, aOffset, strconv.Itoa(int(o.Offset)))
		case *decoder.Surface:
			it.parts = append(it.parts, b.symPart(role, clSurf, uint32(o.Index)))
		case *decoder.Sampler:
			it.parts = append(it.parts, b.symPart(role, clSamp, uint32(o.Index)))
		case *decoder.LabelRef:
			it.parts = append(it.parts, b.symPart(role, clLabel, uint32(o.Index)))
		case *decoder.Param:
			switch {
			case role == "var_id":
				// lifetime's variable: its class is props bits 7..4.
				props, _ := in.Value("props")
				cl := [...]byte{clVar, clAddr, clPred}[min(props>>4&3, 2)]
				it.parts = append(it.parts, b.symPart(role, cl, o.Value))
			case strings.HasSuffix(role, "string_index"):
				// A name in the body's string pool, whose order is the
				// writer's: compared by the string.
				str(role, aParam, strconv.Quote(b.str(o.Value)))
			default:
				num(role, aParam, uint64(o.Value))
			}
		}
	}
	n := len(it.parts)
	b.parts = it.parts[n:n]
	it.parts = it.parts[:n:n]
	return it
}

// show is how a part's value reads in a report, on side b.
func (b *body) show(p *part) string {
	switch p.attr {
	case aSym, aPred, aWordSym:
		if p.ref.class == clNone {
			return p.str
		}
		name := b.symName(p.ref.class, p.ref.id)
		if p.ref.class == clVar && b.dupNames()[name] != nil {
			// One of several declarations of an inline block's name:
			// which one, by what it aliases.
			if p.amb {
				return name + " (ambiguous: " + strconv.Itoa(len(b.dupNames()[name])) + " declarations)"
			}
			if v := b.varInfo(p.ref.id); v != nil && v.Alias != 0 {
				return name + " (" + b.aliasShow(v) + ")"
			}
		}
		return name
	case aExecSize, aWidth:
		return strconv.FormatUint(p.num, 10)
	case aEmask:
		return decoder.MaskControl(p.num).String()
	case aType:
		return decoder.TypeName(uint8(p.num))
	case aOffset:
		if p.str != "" {
			return p.str
		}
		return "(" + strconv.FormatUint(p.num>>8, 10) + "," + strconv.FormatUint(p.num&0xFF, 10) + ")"
	case aRegion:
		return decoder.Region(p.num).String()
	case aMod:
		return modName(decoder.Modifier(p.num))
	case aImm, aParam:
		if p.str != "" {
			return p.str
		}
		return "0x" + strconv.FormatUint(p.num, 16)
	}
	return p.str
}

// str returns string k of the body's pool, or "" when there is none.
func (b *body) str(k uint32) string {
	s, _ := b.s.Symbols.PoolString(k)
	return s
}

func modName(m decoder.Modifier) string {
	switch m {
	case decoder.ModNone:
		return "none"
	case decoder.ModSat:
		return "sat"
	}
	return m.String()
}

// varType returns the declared type code of variable id (0 for
// predefined and unknown ids, as the binary's operands carry none).
func (b *body) varType(id uint32) uint8 {
	if v := b.varInfo(id); v != nil {
		return v.Type
	}
	return 0
}

func (b *body) varInfo(id uint32) *decoder.VarInfo { return b.s.Symbols.Var(id) }

// symPart makes the part for symbol (cl, id): predefined symbols (and
// ids with no declaration) are compared by name, declared ones by
// signature here and by correspondence later.
func (b *body) symPart(role string, cl byte, id uint32) part {
	p := part{role: role}
	if !b.declared(cl, id) {
		p.str = b.symName(cl, id)
		return p
	}
	switch {
	case cl == clVar:
		p.str = b.sig(id, 0)
	case cl == clLabel:
		p.str = "label"
		if l := b.s.Symbols.Label(id); l != nil {
			p.str = labelKinds[min(int(l.Kind), len(labelKinds)-1)]
		}
	default:
		p.str = string(cl)
	}
	p.ref = sym{cl, id}
	return p
}

var labelKinds = [...]string{"block label", "subroutine", "FC label", "function", "divergent-resource-loop label", "label of unknown kind"}

// declared reports whether symbol (cl, id) is one the body declares (and
// may number differently from another build): not a predefined one, and
// not one of a stream with no declarations (a raw stream), whose symbols
// compare by number.
func (b *body) declared(cl byte, id uint32) bool {
	sy := b.s.Symbols
	if sy == nil {
		return false
	}
	switch cl {
	case clVar:
		return b.varInfo(id) != nil
	case clSurf:
		_, ok := sy.Surface(id)
		return ok
	case clLabel:
		return sy.Label(id) != nil
	case clPred:
		return id != 0
	}
	return true // addresses and samplers: declared, none predefined
}

// sig is what variable id is, without its name or number: type, size and
// what it aliases (the alias root's signature and the byte offset).
func (b *body) sig(id uint32, depth int) string {
	if s, ok := b.varSig[id]; ok {
		return s
	}
	v := b.varInfo(id)
	if v == nil {
		return decoder.PredefinedVarName(id)
	}
	s := decoder.TypeName(v.Type) + " " + strconv.Itoa(v.Bytes) + "B"
	if b.dupNames()[v.Name] != nil {
		// A name declared more than once is an inline-assembly block's,
		// written by a person, not numbered by IGC: it is part of what the
		// variable is. Its alias is left out: where the name is ambiguous
		// the text does not say which declaration, so which bytes, it
		// means (the correspondence decides, mapping.go).
		s = "named " + v.Name + " " + s
		b.varSig[id] = s
		return s
	}
	if v.Alias != 0 {
		root := "?"
		if depth < 16 && v.Alias != id {
			root = b.sig(v.Alias, depth+1)
		}
		s += " alias of [" + root + "]+" + strconv.Itoa(v.AliasOffset)
	}
	if depth == 0 {
		b.varSig[id] = s
	}
	return s
}

// symName is the name symbol (cl, id) has on this side.
func (b *body) symName(cl byte, id uint32) string {
	sy := b.s.Symbols
	switch cl {
	case clVar:
		if v := b.varInfo(id); v != nil {
			return v.Name
		}
		if n := decoder.PredefinedVarName(id); n != "" {
			return n
		}
		return "V" + strconv.Itoa(int(id))
	case clSurf:
		if id < decoder.NumPredefinedSurfaces {
			return decoder.SurfaceName(uint8(id))
		}
		if n, ok := sy.Surface(id); ok {
			return n
		}
		return "T" + strconv.Itoa(int(id))
	case clLabel:
		if l := sy.Label(id); l != nil {
			return l.Name
		}
		return "L" + strconv.Itoa(int(id))
	}
	return string(cl) + strconv.Itoa(int(id))
}

// textNames indexes the names a text-only line may use for declared
// symbols.
func (b *body) textNames() map[string]sym {
	if b.names != nil {
		return b.names
	}
	b.names = map[string]sym{}
	if sy := b.s.Symbols; sy != nil {
		for k, v := range sy.Vars {
			b.names[v.Name] = sym{clVar, uint32(k + decoder.NumPredefinedVars)}
		}
		for k, l := range sy.Labels {
			b.names[l.Name] = sym{clLabel, uint32(k)}
		}
		for k, n := range sy.Surfaces {
			b.names[n] = sym{clSurf, uint32(k + decoder.NumPredefinedSurfaces)}
		}
	}
	return b.names
}

// dupNames returns the variables whose name is declared more than once,
// by name.
func (b *body) dupNames() map[string][]uint32 {
	if b.dups != nil {
		return b.dups
	}
	b.dups = map[string][]uint32{}
	sy := b.s.Symbols
	if sy == nil || !b.s.FromText() {
		return b.dups // a binary's names are its string pool's, not what operands say
	}
	first := make(map[string]uint32, len(sy.Vars))
	for k := range sy.Vars {
		id := uint32(k + decoder.NumPredefinedVars)
		name := sy.Vars[k].Name
		f, seen := first[name]
		if !seen {
			first[name] = id
			continue
		}
		if b.dups[name] == nil {
			b.dups[name] = []uint32{f}
		}
		b.dups[name] = append(b.dups[name], id)
	}
	return b.dups
}

// stem is instruction i's mnemonic as written or printed, before any '.'
// ("max" for fminmax, "lsc_load" for lsc_load.ugm...): instructions with
// the same stem pair as changed ones when their keys do not match, even
// when one side's line was kept as text. A binary's printed line is read
// as a line of text is, with its opcode: a label prints as "NAME:", and
// only the opcode makes its stem "label", as a text's label has.
func (b *body) stem(i int, in *decoder.Instruction) string {
	if b.s.Text != nil {
		return b.s.Text[i].Mnemonic()
	}
	b.stemBuf = in.AppendText(b.stemBuf[:0])
	t := decoder.TextInst{Text: string(b.stemBuf), Op: in.Op}
	return t.Mnemonic()
}

// textOnly reduces instruction i from its line of text: as IGC's
// assembler reads it (names of predicates, addresses, samplers and
// surfaces as their ids, decoder.Stream.CanonicalText) for a stream read
// from text, as printed for a binary. It is how a line the decoder keeps
// as text (no opcode row prints it exactly: lsc_load, FILE, ...) is
// compared: its words, split at blanks outside brackets, each with the
// declared names in it replaced by symbol parts.
func (b *body) textOnly(i int) inst {
	var text string
	if b.s.Text != nil {
		text = b.s.CanonicalText(i)
	} else {
		text = InstText(b.s, i)
	}
	words := splitWords(lowerHex(text))
	it := inst{}
	names := b.textNames()
	k := 0
	for w, word := range words {
		name := "operand " + strconv.Itoa(k)
		switch {
		case w == 0 && strings.HasPrefix(word, "(") && len(words) > 1:
			name = "predicate"
		case it.mnem == "":
			it.mnem = word
			name = "mnemonic"
		case strings.HasPrefix(word, "(") && k == 0 && strings.Contains(word, ","):
			name = "exec"
		default:
			k++
			name = "operand " + strconv.Itoa(k)
		}
		// The word with its symbols cut out, then the symbols.
		var lit strings.Builder
		var refs []part
		for tok := range idents(word) {
			if tok.ident {
				s, ok := names[tok.s]
				amb := false
				if ok && s.class == clVar && b.s.Text != nil {
					// The variable the line means: scoped names resolve
					// as the decoder resolves a parsed line's.
					var id uint32
					if id, amb, ok = b.s.TextVarID(i, tok.s); ok {
						s = sym{clVar, id}
					}
				}
				if ok || isNumbered(tok.s) {
					if !ok {
						s = sym{tok.s[0], numberOf(tok.s)}
					}
					if p := b.symPart(name, s.class, s.id); p.ref.class != clNone {
						p.attr = aWordSym
						p.amb = amb
						refs = append(refs, p)
						lit.WriteByte('#')
						continue
					}
				}
			}
			// Blanks inside brackets are the printer's layout, not a
			// difference ("flat[V1 + (0,0)]" is "flat[V1+(0,0)]").
			lit.WriteString(strings.Map(func(r rune) rune {
				if r == ' ' || r == '\t' {
					return -1
				}
				return r
			}, tok.s))
		}
		if name == "mnemonic" {
			it.mnem = lit.String() // compared as the mnemonic, not as a part
		} else {
			it.parts = append(it.parts, part{role: name, attr: aWord, str: lit.String()})
		}
		it.parts = append(it.parts, refs...)
	}
	return it
}

// lowerHex returns s with the digits of its hexadecimal numbers (0x...)
// in lower case, as IGC prints them: 0x0F0F written in an inline block
// is the 0xf0f of the printed kernel.
func lowerHex(s string) string {
	var out []byte
	for i := 0; i+2 < len(s); i++ {
		if s[i] != '0' || s[i+1] != 'x' || i > 0 && isIdentChar(s[i-1]) {
			continue
		}
		for j := i + 2; j < len(s) && isHexDigit(s[j]); j++ {
			if 'A' <= s[j] && s[j] <= 'F' {
				if out == nil {
					out = []byte(s)
				}
				out[j] += 'a' - 'A'
			}
		}
	}
	if out == nil {
		return s
	}
	return string(out)
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// splitWords splits at blanks outside (), [] and <>.
func splitWords(s string) []string {
	var out []string
	depth, start := 0, -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '(', '[', '<':
			depth++
		case ')', ']', '>':
			depth = max(0, depth-1)
		case ' ', '\t':
			if depth == 0 {
				if start >= 0 {
					out = append(out, s[start:i])
					start = -1
				}
				continue
			}
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

type token struct {
	s     string
	ident bool
}

// idents yields s as identifiers ([A-Za-z_%][A-Za-z0-9_]*) and the runs
// between them.
func idents(s string) func(func(token) bool) {
	return func(yield func(token) bool) {
		i := 0
		for i < len(s) {
			j := i
			if isIdentStart(s[i]) {
				for j++; j < len(s) && isIdentChar(s[j]); j++ {
				}
				if !yield(token{s[i:j], true}) {
					return
				}
			} else {
				for j++; j < len(s) && !isIdentStart(s[j]); j++ {
				}
				if !yield(token{s[i:j], false}) {
					return
				}
			}
			i = j
		}
	}
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '%' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isIdentChar(c byte) bool { return isIdentStart(c) && c != '%' || '0' <= c && c <= '9' }

// isNumbered reports names the text gives predicates, addresses and
// samplers: P3, A0, S1 (their declarations carry nothing to compare).
func isNumbered(s string) bool {
	if len(s) < 2 || (s[0] != 'P' && s[0] != 'A' && s[0] != 'S') {
		return false
	}
	for _, c := range []byte(s[1:]) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(s) < 8
}

func numberOf(s string) uint32 {
	n, _ := strconv.Atoi(s[1:])
	return uint32(n)
}

// keys returns the instructions' keys (symbols by what they are).
func (b *body) keys() []uint64 {
	out := make([]uint64, len(b.insts))
	for i := range b.insts {
		out[i] = b.insts[i].key
	}
	return out
}

// keysBy returns keys in which each symbol is the number name gives it,
// so that instructions alike but for which symbols they use differ.
func (b *body) keysBy(name func(sym) uint64) []uint64 {
	out := make([]uint64, len(b.insts))
	var h maphash.Hash
	h.SetSeed(seed)
	for i := range b.insts {
		it := b.inst(i)
		h.Reset()
		h.WriteString(it.mnem)
		for k := range it.parts {
			p := &it.parts[k]
			num := p.num
			if p.ref.class != clNone {
				num = name(p.ref)
			}
			hashPart(&h, p, num)
		}
		out[i] = h.Sum64()
	}
	return out
}

// hashPart adds part p to a key, num standing for its number.
func hashPart(h *maphash.Hash, p *part, num uint64) {
	h.WriteString(p.role)
	var nb [9]byte
	nb[0] = byte(p.attr)
	binary.LittleEndian.PutUint64(nb[1:], num)
	h.Write(nb[:])
	h.WriteString(p.str)
	h.WriteByte(0)
}
