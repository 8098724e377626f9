// Package diff compares two builds of the same vISA kernels: it pairs their
// kernels and functions by name, aligns each pair's instructions so that
// renumbering and renaming of variables and labels and reordering of
// declarations make no difference, and says what changed: added, removed
// and changed instructions with the parts that changed, INFO field by
// field with its simulated result, and changed declarations.
//
// It reads decoded streams and does no I/O.
package diff

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"infoscope/decoder"
	"infoscope/model"
)

// Body is one kernel or function of one build.
type Body struct {
	Name   string // the kernel's or function's name
	File   string // the input it was read from
	Stream *decoder.Stream
	// Native are the statistics of the body's native code, from the .asm
	// IGC wrote beside it; nil when the front end found none.
	Native *NativeStats
}

// Bodies lists the bodies of decoded inputs, in input order.
func Bodies(files []*decoder.File) []Body {
	var out []Body
	for _, f := range files {
		for _, p := range f.Each() {
			for _, s := range p.Streams {
				out = append(out, Body{Name: s.Kernel, File: p.Name, Stream: s})
			}
		}
	}
	return out
}

// Pair is a body of build A and the body of build B with its name.
type Pair struct{ A, B Body }

// Pairing is how two builds' bodies pair: by name; a name several bodies
// share (a kernel compiled at two SIMD widths, a symbol table in every
// file, a dump folder's kernel in its .visaasm and a stale .isaasm) pairs
// first bodies read from files of the same name, then of the same
// extension, then the rest in input order, the first with the first.
type Pairing struct {
	Pairs        []Pair
	OnlyA, OnlyB []Body // in input order
}

// PairBodies pairs a's and b's bodies by name. Pairs come in a's order.
func PairBodies(a, b []Body) Pairing {
	type key struct{ name, file string }
	match := make([]int, len(a)) // a[i]'s counterpart in b; -1 for none
	for i := range match {
		match[i] = -1
	}
	used := make([]bool, len(b))
	// A file's name says which of a kernel's files is which: a dump
	// folder's change to its .visaasm alone leaves a stale .isaasm beside
	// it that only B lists (A's, identical to its .visaasm, is not listed
	// twice), and in input order it would pair with A's .visaasm.
	for _, file := range []func(string) string{fileName, fileExt, func(string) string { return "" }} {
		free := map[key][]int{}
		for j, y := range b {
			if !used[j] {
				k := key{y.Name, file(y.File)}
				free[k] = append(free[k], j)
			}
		}
		for i, x := range a {
			k := key{x.Name, file(x.File)}
			if js := free[k]; match[i] < 0 && len(js) > 0 {
				match[i], used[js[0]] = js[0], true
				free[k] = js[1:]
			}
		}
	}
	var p Pairing
	for i, x := range a {
		if match[i] < 0 {
			p.OnlyA = append(p.OnlyA, x)
		} else {
			p.Pairs = append(p.Pairs, Pair{x, b[match[i]]})
		}
	}
	for j, x := range b {
		if !used[j] {
			p.OnlyB = append(p.OnlyB, x)
		}
	}
	return p
}

// fileName is an input's file name without its folder; a C source's part
// keeps its ":ARRAY[k]".
func fileName(name string) string { return filepath.Base(name) }

// fileExt is an input's extension (".visaasm", ".isaasm", ".isa"; ".c" for
// a C source's part "FILE.c:ARRAY[k]").
func fileExt(name string) string {
	ext := filepath.Ext(fileName(name))
	if i := strings.IndexByte(ext, ':'); i >= 0 {
		ext = ext[:i]
	}
	return ext
}

// Kind is what happened to an instruction.
type Kind uint8

// The kinds of row.
const (
	Same Kind = iota
	Added
	Removed
	Changed
)

// String returns "same", "added", "removed" or "changed".
func (k Kind) String() string {
	return [...]string{"same", "added", "removed", "changed"}[k]
}

// Row is one line of the alignment: instruction $A of build A against $B
// of build B ($N; -1 for none: B of a removed row, A of an added one).
type Row struct {
	Kind Kind
	A, B int
}

// Field is one changed part: its name and its value on each side.
type Field struct {
	Name string `json:"name"`
	A    string `json:"a"`
	B    string `json:"b"`
}

// Change is one row that is not Same, with each side's text and, for a
// changed instruction, the parts that changed.
type Change struct {
	Row
	AText, BText string
	Fields       []Field
}

// DeclChange is a declaration whose counterpart on the other side differs.
type DeclChange struct {
	A, B   string // the names on each side
	Fields []Field
}

// Stats are one side's statistics of a body.
type Stats struct {
	Insts int // vISA instructions
	Infos int // INFO instructions
	// Native holds the statistics of the body's Gen assembly listing
	// (.asm) when the front end found one; nil otherwise.
	Native *NativeStats
}

// NativeStats are the statistics of a body's native (Gen) code, from IGC's
// .asm listing (its header and footer). The front end fills them; this
// package compares them.
type NativeStats struct {
	Insts         int    `json:"insts"`          // //.instCount
	GRF           int    `json:"grf"`            // //.thread_config numGRF
	RAType        string `json:"ra_type"`        // //.RA type
	SpillBytes    int    `json:"spill_bytes"`    // //.spill size (0 when absent)
	Sync          int    `json:"sync"`           // //.syncInstCount
	BankConflicts int    `json:"bank_conflicts"` // //.BankConflicts
}

// Options configures Compare.
type Options struct {
	// Env gives the surface description (and LOD, dispatch mask, rules)
	// a changed INFO is simulated with, given B's side of it; both sides
	// are simulated with the same, and the report says, lane by lane,
	// whether the RGBA result changes. Nil: a surface file's defaults
	// (model.DefaultSurface, every lane dispatched, LOD 0).
	Env func(b Body, in *decoder.Info) model.Env
}

// env is the environment a changed INFO of B is simulated with.
func (o *Options) env(b Body, in *decoder.Info) model.Env {
	if o.Env != nil {
		return o.Env(b, in)
	}
	var none *model.SurfaceFile // the inspector's defaults
	e, _ := none.EnvFor(model.Scope{File: b.File, Body: b.Name}, in)
	return e
}

// Kernel is the comparison of one pair of bodies.
type Kernel struct {
	Name   string
	A, B   Body
	StatsA Stats
	StatsB Stats
	// Rows is the whole alignment, in order: every instruction of both
	// sides appears once.
	Rows    []Row
	Changes []Change // the rows that are not Same, in order
	Decls   []DeclChange
}

// Same reports whether nothing differs.
func (k *Kernel) Same() bool { return len(k.Changes) == 0 && len(k.Decls) == 0 && k.StatsSame() }

// StatsSame reports whether the two sides' statistics are equal.
func (k *Kernel) StatsSame() bool {
	a, b := k.StatsA, k.StatsB
	if a.Insts != b.Insts || a.Infos != b.Infos {
		return false
	}
	if a.Native == nil || b.Native == nil {
		return true
	}
	return *a.Native == *b.Native
}

// Counts are how many changes of each kind the pair has.
func (k *Kernel) Counts() [4]int {
	var n [4]int
	for _, c := range k.Changes {
		n[c.Kind]++
	}
	return n
}

// delta is "a -> b (+d)", or "a" when they are equal.
func delta(a, b int) string {
	if a == b {
		return strconv.Itoa(a)
	}
	return fmt.Sprintf("%d -> %d (%+d)", a, b, b-a)
}

// Summary is the pair's statistics (with their deltas) and counts in one
// line, as the text report and the inspector's header give them.
func (k *Kernel) Summary() string {
	n := k.Counts()
	s := fmt.Sprintf("vISA %s, INFO %s", delta(k.StatsA.Insts, k.StatsB.Insts), delta(k.StatsA.Infos, k.StatsB.Infos))
	if a, b := k.StatsA.Native, k.StatsB.Native; a != nil && b != nil {
		s += fmt.Sprintf("; native %s, GRF %s, spill %s B, sync %s, bank conflicts %s",
			delta(a.Insts, b.Insts), delta(a.GRF, b.GRF), delta(a.SpillBytes, b.SpillBytes), delta(a.Sync, b.Sync), delta(a.BankConflicts, b.BankConflicts))
		if a.RAType != b.RAType {
			s += ", RA " + decoder.Display(a.RAType) + " -> " + decoder.Display(b.RAType)
		} else if a.RAType != "" {
			s += ", RA " + decoder.Display(a.RAType)
		}
	}
	if k.Same() {
		return s + "; same"
	}
	return s + fmt.Sprintf("; %d added, %d removed, %d changed, %d declarations", n[Added], n[Removed], n[Changed], len(k.Decls))
}

// Compare compares two bodies.
func Compare(a, b Body, o Options) *Kernel {
	ra, rb := reduce(a.Stream), reduce(b.Stream)
	k := &Kernel{Name: a.Name, A: a, B: b,
		StatsA: Stats{Insts: len(ra.insts), Infos: a.Stream.NumInfos(), Native: a.Native},
		StatsB: Stats{Insts: len(rb.insts), Infos: b.Stream.NumInfos(), Native: b.Native}}
	c := &comparison{a: ra, b: rb, opt: o, bodyB: b}
	// Keys say what each symbol is, not which it is, so two instructions
	// alike but for their symbols may pair crosswise. A second alignment,
	// with each symbol named by its counterpart from the first, pairs
	// them as their uses say; the correspondence is then taken again from
	// it.
	c.align(c.a.keys(), c.b.keys())
	c.correspond()
	if c.consistent() {
		return c.report(k)
	}
	c.rows = c.rows[:0]
	// A symbol is named by B's number: A's through the correspondence;
	// one without a counterpart by a number no symbol of the other side
	// has.
	ka := c.a.keysBy(func(x sym) uint64 {
		if y, ok := c.m.fwd[x]; ok {
			return uint64(y.id)
		}
		return uint64(x.id) | 1<<40
	})
	kb := c.b.keysBy(func(y sym) uint64 {
		if _, ok := c.m.back[y]; ok {
			return uint64(y.id)
		}
		return uint64(y.id) | 1<<41
	})
	c.align(ka, kb)
	c.correspond()
	return c.report(k)
}

// consistent reports whether every pair of instructions aligned by key
// uses corresponding symbols: then a second alignment would pair them
// all again.
func (c *comparison) consistent() bool {
	for _, r := range c.rows {
		if r.Kind != Same {
			continue
		}
		pa, pb := c.a.partsOf(r.A), c.b.partsOf(r.B)
		for k := range min(len(pa), len(pb)) { // equal keys: equal lengths, but for a collision
			if pa[k].ref.class != clNone && !c.m.same(pa[k].ref, pb[k].ref) {
				return false
			}
		}
	}
	return true
}

// comparison is the work of one Compare.
type comparison struct {
	a, b  *body
	opt   Options
	bodyB Body
	// rows over the reduced instructions (indices into insts, not $N).
	rows []Row
	m    mapping
}

// align aligns the instructions by the keys given, then pairs, within each
// run the key alignment leaves unmatched, the instructions with the same
// mnemonic as changed ones.
func (c *comparison) align(ka, kb []uint64) {
	i, j := 0, 0
	for _, mt := range append(seqDiff(ka, kb), match{len(ka), len(kb)}) {
		c.gap(i, mt.A, j, mt.B)
		if mt.A < len(ka) {
			c.rows = append(c.rows, Row{Same, mt.A, mt.B})
		}
		i, j = mt.A+1, mt.B+1
	}
}

// gap aligns a[i0:i1] with b[j0:j1], none of which matched by key.
func (c *comparison) gap(i0, i1, j0, j1 int) {
	if i0 == i1 && j0 == j1 {
		return
	}
	var ms []match
	if i0 < i1 && j0 < j1 {
		ma := make([]uint64, i1-i0)
		for i := range ma {
			ma[i] = c.a.insts[i0+i].mkey
		}
		mb := make([]uint64, j1-j0)
		for j := range mb {
			mb[j] = c.b.insts[j0+j].mkey
		}
		ms = seqDiff(ma, mb)
	}
	i, j := i0, j0
	for _, mt := range append(ms, match{i1 - i0, j1 - j0}) {
		ai, bj := i0+mt.A, j0+mt.B
		// One instruction against one between two mnemonic matches is a
		// changed mnemonic; anything else is removed, then added.
		if ai-i == 1 && bj-j == 1 {
			c.rows = append(c.rows, Row{Changed, i, j})
		} else {
			for ; i < ai; i++ {
				c.rows = append(c.rows, Row{Removed, i, -1})
			}
			for ; j < bj; j++ {
				c.rows = append(c.rows, Row{Added, -1, j})
			}
		}
		if ai < i1 {
			c.rows = append(c.rows, Row{Changed, ai, bj})
		}
		i, j = ai+1, bj+1
	}
}

// report fills k's rows, changes and declaration changes, and returns k.
func (c *comparison) report(k *Kernel) *Kernel {
	// The rows become k's, numbered by $N, in place.
	k.Rows = c.rows[:0]
	for _, r := range c.rows {
		var fields []Field
		if r.Kind == Same || r.Kind == Changed {
			fields = c.fields(r.A, r.B)
			if len(fields) > 0 {
				r.Kind = Changed
			} else {
				r.Kind = Same
			}
		}
		out := r
		if r.A >= 0 {
			out.A = c.a.idx[r.A]
		}
		if r.B >= 0 {
			out.B = c.b.idx[r.B]
		}
		k.Rows = append(k.Rows, out)
		if out.Kind == Same {
			continue
		}
		ch := Change{Row: out, Fields: fields}
		if r.A >= 0 {
			ch.AText = InstText(c.a.s, c.a.idx[r.A])
		}
		if r.B >= 0 {
			ch.BText = InstText(c.b.s, c.b.idx[r.B])
		}
		k.Changes = append(k.Changes, ch)
	}
	k.Decls = c.decls()
	return k
}

// fields returns the parts of a.insts[i] and b.insts[j] that differ, with
// symbols compared through the correspondence.
func (c *comparison) fields(i, j int) []Field {
	x, y := c.a.inst(i), c.b.inst(j)
	var out []Field
	if x.mnem != y.mnem {
		out = append(out, Field{"mnemonic", x.mnem, y.mnem})
	}
	if x.info >= 0 && y.info >= 0 {
		return append(out, c.infoFields(&x, &y)...)
	}
	if x.textual != y.textual {
		// One side parsed, the other kept as text (its line does not
		// print back exactly): compare both as text.
		x, y = c.a.textInst(i), c.b.textInst(j)
		out = out[:0]
		if x.mnem != y.mnem {
			out = append(out, Field{"mnemonic", x.mnem, y.mnem})
		}
	}
	// Parts pair by name: the same opcode row gives the same names in the
	// same order; a name on one side only is a part present on one side.
	yi := 0
	for k := range x.parts {
		p := &x.parts[k]
		j := findPart(y.parts, p, &yi)
		if j < 0 {
			out = append(out, Field{p.name(), c.a.show(p), ""})
			continue
		}
		q := &y.parts[j]
		switch {
		case p.ref.class != clNone || q.ref.class != clNone:
			if p.ref.class == clNone || q.ref.class == clNone || !c.m.same(p.ref, q.ref) {
				out = append(out, Field{p.name(), c.a.show(p), c.b.show(q)})
			}
		case !p.same(q):
			out = append(out, Field{p.name(), c.a.show(p), c.b.show(q)})
		}
	}
	for k := range y.parts {
		q := &y.parts[k]
		from := 0
		if findPart(x.parts, q, &from) < 0 {
			out = append(out, Field{q.name(), "", c.b.show(q)})
		}
	}
	return out
}

// findPart returns the index of the part named as p at or after *from
// (then anywhere), advancing *from past it; -1 when there is none.
func findPart(ps []part, p *part, from *int) int {
	for k := *from; k < len(ps); k++ {
		if ps[k].sameName(p) {
			*from = k + 1
			return k
		}
	}
	for k := range ps {
		if ps[k].sameName(p) {
			return k
		}
	}
	return -1
}

// decls compares the declarations of the variables and labels that
// correspond: each differing pair once. An alignment only one side
// declares (vISA text may leave it out) is not a difference.
func (c *comparison) decls() []DeclChange {
	var out []DeclChange
	for _, e := range c.m.pairs() {
		switch e.a.class {
		case clVar:
			va, vb := c.a.varInfo(e.a.id), c.b.varInfo(e.b.id)
			if va == nil || vb == nil {
				continue
			}
			var fs []Field
			if va.Type != vb.Type {
				fs = append(fs, Field{"type", decoder.TypeName(va.Type), decoder.TypeName(vb.Type)})
			}
			if va.Align != "" && vb.Align != "" && alignBytes(va.Align) != alignBytes(vb.Align) {
				fs = append(fs, Field{"alignment", va.Align, vb.Align})
			}
			if va.Bytes != vb.Bytes {
				fs = append(fs, Field{"size", strconv.Itoa(va.Bytes) + " bytes", strconv.Itoa(vb.Bytes) + " bytes"})
			}
			if aliasText(va) != aliasText(vb) || va.Alias >= decoder.NumPredefinedVars && vb.Alias >= decoder.NumPredefinedVars && !c.m.same(sym{clVar, va.Alias}, sym{clVar, vb.Alias}) {
				fs = append(fs, Field{"alias", c.a.aliasShow(va), c.b.aliasShow(vb)})
			}
			if len(fs) > 0 {
				out = append(out, DeclChange{A: va.Name, B: vb.Name, Fields: fs})
			}
		case clLabel:
			la, lb := c.a.s.Symbols.Label(e.a.id), c.b.s.Symbols.Label(e.b.id)
			if la == nil || lb == nil {
				continue
			}
			if la.Kind != lb.Kind {
				out = append(out, DeclChange{A: la.Name, B: lb.Name, Fields: []Field{{"label kind", strconv.Itoa(int(la.Kind)), strconv.Itoa(int(lb.Kind))}}})
			}
		}
	}
	return out
}

// aliasText is what a variable aliases, as compared: a predefined root by
// name, a declared one by "declared", and the offset.
func aliasText(v *decoder.VarInfo) string {
	if v.Alias == 0 {
		return ""
	}
	root := "declared"
	if v.Alias < decoder.NumPredefinedVars {
		root = decoder.PredefinedVarName(v.Alias)
	}
	return root + "+" + strconv.Itoa(v.AliasOffset)
}

// aliasShow is what v aliases, as a report shows it: "V0686+0", or
// "none".
func (b *body) aliasShow(v *decoder.VarInfo) string {
	if v.Alias == 0 {
		return "none"
	}
	return b.symName(clVar, v.Alias) + "+" + strconv.Itoa(v.AliasOffset)
}

// CompareAll compares every pair, on up to workers goroutines at once
// (pairs share nothing), and returns the kernels in the pairs' order.
func CompareAll(pairs []Pair, o Options, workers int) []*Kernel {
	out := make([]*Kernel, len(pairs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, workers) {
		wg.Go(func() {
			for i := range next {
				out[i] = Compare(pairs[i].A, pairs[i].B, o)
			}
		})
	}
	for i := range pairs {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// InstText returns instruction $n of s as text: as written for a stream
// read from text, printed from its decoding otherwise.
func InstText(s *decoder.Stream, n int) string {
	if n < 0 || n >= s.NumInsts() {
		return ""
	}
	if s.Text != nil {
		return s.Text[n].Text
	}
	var in decoder.Instruction
	s.Decode(n, &in)
	return in.Text()
}

// alignBytes is an alignment as a number of bytes when it names one
// ("wordx32" and IGC's later "64" are both 64), else the name (GRF and
// GRFx2 depend on the platform).
func alignBytes(a string) string {
	if n, ok := alignNames[a]; ok {
		return n
	}
	return a
}

var alignNames = map[string]string{"byte": "1", "word": "2", "dword": "4", "qword": "8",
	"oword": "16", "hword": "32", "wordx32": "64", "wordx64": "128"}
