package index

import (
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"infoscope/decoder"
)

// rowKeys holds, per row, the INFO fields that the filter, n/N and
// :0xOFFSET read, packed in 4 bytes: the fields that make the text before
// the operands, and flags. Scanning a million rows reads 4 MB instead of
// the 56 MB of the Infos and formats nothing. It is built once per index
// (rows never change: a reload builds a new index), on first use, so
// loading and the first frame do not pay for it.
type rowKeys struct {
	key  []uint32
	diag []int32 // rows with diagnostics, ascending
	raw  []bool  // per run: it has rows marked kRaw
}

// opClasses holds, per row, its operands as two 2-byte classes (a
// stream's distinct operands, numbered), so that a text term decides each
// operand of a stream once, not each row. Built on the first text term.
type opClasses struct {
	ops []uint32 // per row: the Dst's class | the LOD's class<<16 (0: no LOD)
	// classes holds, per run, its distinct operands: class c is
	// classes[run][c]. Class 0 is no operand; classWide an operand past
	// the classes a run can number (its row's Info is read instead).
	classes [][]decoder.RawOperand
}

// classWide marks an operand without a class.
const classWide = 0xFFFF

// Layout of a key: the fields that decide the text before the operands
// in the low 29 bits, then flags.
const (
	kExecShift    = 8  // ExecCode, 4 bits
	kMaskShift    = 12 // Mask, 4 bits
	kChanShift    = 16 // ChannelMask, 4 bits
	kSurfaceShift = 20 // Surface, 8 bits
	kSeed         = 1 << 28
	kDiag         = 1 << 30
	// kRaw marks a row whose fields do not fit the packing: the filter
	// reads its Info instead.
	kRaw = 1 << 31
)

// keys returns the row keys, building them on first use.
func (x *Index) keys() *rowKeys {
	x.keysOnce.Do(func() { x.rk = buildRowKeys(x) })
	return x.rk
}

// opClasses returns the operand classes, building them on first use.
func (x *Index) opClasses() *opClasses {
	x.opsOnce.Do(func() { x.oc = buildOpClasses(x) })
	return x.oc
}

func buildOpClasses(x *Index) *opClasses {
	oc := &opClasses{ops: make([]uint32, x.total), classes: make([][]decoder.RawOperand, len(x.runs))}
	var ids classSet
	for si, sg := range x.runs {
		st := x.files[sg.File].Streams[sg.Stream]
		ops := oc.ops[sg.Start : sg.Start+st.NumInfos()]
		classes := []decoder.RawOperand{{}}
		ids.reset()
		class := func(r decoder.RawOperand) uint32 {
			c, isNew := ids.add(r, uint16(min(len(classes), classWide)))
			if isNew && c != classWide {
				classes = append(classes, r)
			}
			return uint32(c)
		}
		for i, in := range st.Infos() {
			o := class(in.Dst)
			if in.HasLOD {
				o |= class(in.LOD) << 16
			}
			ops[i] = o
		}
		oc.classes[si] = classes
	}
	return oc
}

func buildRowKeys(x *Index) *rowKeys {
	ks := &rowKeys{key: make([]uint32, x.total), raw: make([]bool, len(x.runs))}
	for si, sg := range x.runs {
		st := x.files[sg.File].Streams[sg.Stream]
		keys := ks.key[sg.Start : sg.Start+st.NumInfos()]
		for i, in := range st.Infos() {
			var k uint32
			if in.ExecCode > 15 || in.Mask > 15 || in.ChannelMask > 15 {
				k = kRaw
				ks.raw[si] = true
			} else {
				k = uint32(in.SubOp) | uint32(in.ExecCode)<<kExecShift | uint32(in.Mask)<<kMaskShift |
					uint32(in.ChannelMask)<<kChanShift | uint32(in.Surface)<<kSurfaceShift
				if in.Layout == decoder.LayoutSeed {
					k |= kSeed
				}
			}
			if in.NumDiagnostics() > 0 {
				k |= kDiag
				ks.diag = append(ks.diag, int32(sg.Start+i))
			}
			keys[i] = k
		}
	}
	return ks
}

// classSet numbers distinct operands: an open-addressing hash table (a
// Go map costs three times as much per row here).
type classSet struct {
	slots []uint64 // id<<32 | offset<<16 | number; numbers are >= 1, so 0 is an empty slot
	n     int
}

func (s *classSet) reset() {
	clear(s.slots)
	s.n = 0
}

// add returns r's number, giving it next (>= 1) when r is new; when next
// is classWide r is not kept.
func (s *classSet) add(r decoder.RawOperand, next uint16) (c uint16, isNew bool) {
	if 2*(s.n+1) > len(s.slots) {
		s.grow()
	}
	k := uint64(r.ID)<<32 | uint64(r.Offset)<<16
	mask := uint64(len(s.slots) - 1)
	for i := ((k >> 16) * 0x9E3779B97F4A7C15) >> 40 & mask; ; i = (i + 1) & mask {
		switch e := s.slots[i]; {
		case e == 0 && next == classWide:
			return classWide, false // numbers are spent: the set stays small
		case e == 0:
			s.slots[i] = k | uint64(next)
			s.n++
			return next, true
		case e&^0xFFFF == k:
			return uint16(e), false
		}
	}
}

func (s *classSet) grow() {
	old := s.slots
	s.slots, s.n = make([]uint64, max(1024, 2*len(old))), 0
	for _, e := range old {
		if e != 0 {
			s.add(decoder.RawOperand{ID: uint32(e >> 32), Offset: uint16(e >> 16)}, uint16(e))
		}
	}
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// keyOp is the sub-operation of a packed key, as Info.Op computes it.
func keyOp(k uint32) decoder.InfoOp {
	op := uint8(k)
	if k&kSeed != 0 {
		op &= 0x1F
	}
	return decoder.InfoOp(op)
}

// fastTerm is a term compiled against the packed keys.
type fastTerm struct {
	term
	tab  [256]bool // op, exec, mask, chan: by field value; surface: by name
	text *textMatcher
	one  []term // diag:TEXT, for matchAll when the messages are not kept
}

// compile fills t's table from the same expressions matchAll uses, so
// the two agree by construction.
func (ft *fastTerm) compile() {
	t := ft.term
	switch t.kind {
	case termOp:
		for v := range 256 {
			ft.tab[v] = decoder.InfoOp(v).String() == t.val
		}
	case termExec:
		for v := range 16 {
			ft.tab[v] = decoder.ExecSizeFromCode(uint8(v)) == t.num
		}
	case termMask:
		for v := range 16 {
			m := strings.ToLower(decoder.MaskControl(v).String())
			ft.tab[v] = m == t.val || (!strings.HasSuffix(t.val, "_nm") && strings.TrimSuffix(m, "_nm") == t.val)
		}
	case termNoMask:
		for v := range 16 {
			ft.tab[v] = decoder.MaskControl(v).NoMask()
		}
	case termChan:
		for v := range 16 {
			ft.tab[v] = strings.ToLower(decoder.ChannelNames(uint8(v))) == t.val
		}
	case termSurface:
		for v := range 256 {
			ft.tab[v] = strings.EqualFold(decoder.SurfaceName(uint8(v)), t.val)
		}
	}
}

// parallelRows is the row count from which filterRows splits the rows
// between two goroutines.
const parallelRows = 1 << 16

// View returns the rows (ascending) that f keeps: a session's view of the
// index. It returns nil for an empty filter, meaning every row. From 64k
// rows the rows are split between two goroutines.
func (x *Index) View(f *Filter) []int32 {
	if f.Empty() {
		return nil
	}
	return x.filterRows(f.terms)
}

// filterRows returns the rows (ascending) that satisfy every term: the
// result of matchAll on each row, read from the packed keys.
func (x *Index) filterRows(terms []term) []int32 {
	parts := 1
	if x.total >= parallelRows {
		parts = min(runtime.GOMAXPROCS(0), 2)
	}
	return x.filterRowsIn(terms, parts)
}

// filterRowsIn is filterRows with the rows split into parts (contiguous
// ranges, each filtered by its own goroutine into its own stretch of the
// scratch buffer).
func (x *Index) filterRowsIn(terms []term, parts int) []int32 {
	for _, t := range terms {
		if t.kind == termText && !textFast(t.val) {
			return x.filterRowsSlow(terms)
		}
	}
	c := x.compile(terms)
	// Each call its own buffer: sessions filter the one index at once.
	sp, _ := x.scratch.Get().(*[]int32)
	if sp == nil || len(*sp) < x.total {
		b := make([]int32, x.total)
		sp = &b
	}
	scratch := *sp
	parts = max(1, min(parts, x.total))
	ns := make([]int, parts)
	span := func(w int) (int, int) { return x.total * w / parts, x.total * (w + 1) / parts }
	if parts == 1 {
		ns[0] = x.filterRange(c, 0, x.total, scratch)
	} else {
		var wg sync.WaitGroup
		for w := range parts {
			from, to := span(w)
			wg.Add(1)
			go func() {
				defer wg.Done()
				ns[w] = x.filterRange(c, from, to, scratch[from:to])
			}()
		}
		wg.Wait()
	}
	total := 0
	for _, n := range ns {
		total += n
	}
	if 2*total >= x.total {
		// Most rows pass: the scratch becomes the view (at most twice its
		// size) rather than be copied, and the pool makes another.
		n := ns[0]
		for w := 1; w < parts; w++ {
			from, _ := span(w)
			n += copy(scratch[n:], scratch[from:from+ns[w]])
		}
		return scratch[:n:n]
	}
	out := make([]int32, 0, total)
	for w, n := range ns {
		from, _ := span(w)
		out = append(out, scratch[from:from+n]...)
	}
	x.scratch.Put(sp)
	return out
}

// compiled is a filter compiled against the row keys: what every part of
// the rows reads, made once per filter and read-only while they are
// scanned.
type compiled struct {
	terms    []term
	segTerms []term     // file: and kernel:, decided once per stream
	segOK    []bool     // per run: segTerms pass
	surfs    []fastTerm // surface:, decided once per stream and surface
	rest     []fastTerm // text and diag:TEXT, per row
	keyed    bool       // keyTerms were given: else lo and hi pass every row
	diagOnly bool       // a diag:TEXT term not negated: only rows with diagnostics can pass
	// lo: by SubOp, exec code and seed layout (key bits 0..11, 28);
	// hi: by mask, channels and diagnostics (bits 12..19, 30).
	lo [1 << 13]uint8
	hi [1 << 9]uint8
	dt []string   // the rows' diagnostics, for diag:TEXT
	oc *opClasses // with a text term
}

func (x *Index) compile(terms []term) *compiled {
	c := &compiled{terms: terms}
	var keyTerms []fastTerm
	for _, t := range terms {
		ft := fastTerm{term: t}
		ft.compile()
		switch t.kind {
		case termFile, termKernel:
			c.segTerms = append(c.segTerms, t)
		case termSurface:
			c.surfs = append(c.surfs, ft)
		case termText:
			ft.text = newTextMatcher(t.val)
			c.rest = append(c.rest, ft)
			c.oc = x.opClasses()
		case termDiag:
			if t.val != "" {
				ft.one = []term{{kind: termDiag, val: t.val}} // the negation is applied by filterRange
				c.rest = append(c.rest, ft)
				c.diagOnly = c.diagOnly || !t.neg
				c.dt = x.diagText()
				continue
			}
			keyTerms = append(keyTerms, ft)
		default:
			keyTerms = append(keyTerms, ft)
		}
	}
	for v := range c.lo {
		k := uint32(v&0xFFF) | uint32(v>>12)<<28
		ok := true
		for _, ft := range keyTerms {
			switch ft.kind {
			case termOp:
				ok = ok && ft.tab[keyOp(k)] != ft.neg
			case termExec:
				ok = ok && ft.tab[k>>kExecShift&15] != ft.neg
			}
		}
		c.lo[v] = b2u(ok)
	}
	for v := range c.hi {
		ok := true
		for _, ft := range keyTerms {
			switch ft.kind {
			case termMask, termNoMask:
				ok = ok && ft.tab[v&15] != ft.neg
			case termChan:
				ok = ok && ft.tab[v>>4&15] != ft.neg
			case termDiag:
				ok = ok && (v>>8 != 0) != ft.neg
			}
		}
		c.hi[v] = b2u(ok)
	}
	c.keyed = len(keyTerms) > 0
	c.segOK = make([]bool, len(x.runs))
	for si, sg := range x.runs {
		f := x.files[sg.File]
		st := f.Streams[sg.Stream]
		c.segOK[si] = matchAll(c.segTerms, f, st, nil)
		if !c.segOK[si] {
			continue
		}
		for _, ft := range c.rest {
			if ft.text != nil {
				ft.text.decide(si, st, c.oc.classes[si])
			}
		}
	}
	return c
}

// filterRange writes to buf the rows from..to-1 that pass c, and returns
// their number. The terms on the key's fields fold into two tables, so a
// row costs two lookups before any text term is tried.
func (x *Index) filterRange(c *compiled, from, to int, buf []int32) int {
	ks := x.keys()
	lo, hi, keyed, surfs, rest, dt := &c.lo, &c.hi, c.keyed, c.surfs, c.rest, c.dt
	n := 0
	// The position in ks.diag of the row tried last.
	di := sort.Search(len(ks.diag), func(i int) bool { return int(ks.diag[i]) >= from })
	scans := make([]textScan, len(rest)) // this goroutine's, for the text terms
	for j, ft := range rest {
		scans[j].tm = ft.text
	}
	var surf [256]int8 // this stream's surfaces: 0 not known yet, 1 pass, -1 fail
	for si, sg := range x.runs {
		f := x.files[sg.File]
		st := f.Streams[sg.Stream]
		// This stream's rows within from..to: base..end.
		base, end := max(from, sg.Start), min(to, sg.Start+st.NumInfos())
		if base >= end || !c.segOK[si] {
			continue
		}
		// A row's INFO is decoded only when a term needs it (into one value).
		var info decoder.Info
		infoOf := func(i int) *decoder.Info {
			st.ReadInfo(base-sg.Start+i, &info)
			return &info
		}
		surf = [256]int8{}
		for j := range scans {
			if scans[j].tm != nil {
				scans[j].enter(si, st)
			}
		}
		keys := ks.key[base:end]
		var ops []uint32 // with a text term
		if c.oc != nil {
			ops = c.oc.ops[base:end]
		}
		if surfs == nil && rest == nil && !ks.raw[si] {
			// Without a branch per row: a filter keeping half the rows
			// at random would mispredict every other one.
			for i, k := range keys {
				buf[n] = int32(base + i)
				n += int(lo[k&0xFFF|k>>16&0x1000] & hi[k>>12&0xFF|k>>22&0x100])
			}
			continue
		}
		if surfs == nil && len(rest) == 1 && rest[0].text != nil && !ks.raw[si] {
			// One text term: its outcome is added without a branch.
			// textScan.match, inlined: five lookups a row.
			ts, neg := &scans[0], b2u(rest[0].neg)
			tm, hit := ts.tm, ts.hit
			if !tm.anyOp[si] && !keyed {
				// The value is in no operand of this stream: the key alone.
				for i, k := range keys {
					buf[n] = int32(base + i)
					n += int((tm.opChan[(k&0xFF|k>>8&0xF00|k>>16&0x1000)&0x1FFF] | tm.execMask[uint8(k>>kExecShift)] |
						tm.surf[uint8(k>>kSurfaceShift)] ^ neg) & 1)
				}
				continue
			}
			if !tm.anyPrefix && !keyed {
				// The value is in no text before the operands: the classes alone.
				for i, o := range ops {
					h := hit[o&0xFFFF] | hit[o>>16]
					if h&3 == 2 {
						h = b2u(ts.match(keys[i], o, infoOf(i)))
					}
					buf[n] = int32(base + i)
					n += int((h ^ neg) & 1)
				}
				continue
			}
			for i, k := range keys {
				if keyed && lo[k&0xFFF|k>>16&0x1000]&hi[k>>12&0xFF|k>>22&0x100] == 0 {
					continue
				}
				o := ops[i]
				h := tm.opChan[(k&0xFF|k>>8&0xF00|k>>16&0x1000)&0x1FFF] | tm.execMask[uint8(k>>kExecShift)] |
					tm.surf[uint8(k>>kSurfaceShift)] | hit[o&0xFFFF] | hit[o>>16]
				if h&3 == 2 {
					h = b2u(ts.match(k, o, infoOf(i)))
				}
				buf[n] = int32(base + i)
				n += int((h ^ neg) & 1)
			}
			continue
		}
	rows:
		for i, k := range keys {
			if c.diagOnly && k&kDiag == 0 {
				continue
			}
			if k&kRaw != 0 {
				if matchAll(c.terms, f, st, infoOf(i)) {
					buf[n] = int32(base + i)
					n++
				}
				continue
			}
			if keyed && lo[k&0xFFF|k>>16&0x1000]&hi[k>>12&0xFF|k>>22&0x100] == 0 {
				continue
			}
			if surfs != nil {
				s := k >> kSurfaceShift & 0xFF
				if surf[s] == 0 {
					surf[s] = 1
					for _, ft := range surfs {
						ok := ft.tab[s]
						if !ok {
							d := infoOf(i).SurfaceDecl()
							ok = d != "" && strings.EqualFold(d, ft.val)
						}
						if ok == ft.neg {
							surf[s] = -1
						}
					}
				}
				if surf[s] < 0 {
					continue
				}
			}
			for j := range rest {
				ft := &rest[j]
				in := infoOf(i)
				var ok bool
				if ft.text != nil {
					ok = scans[j].match(k, ops[i], in)
				} else if k&kDiag != 0 {
					if dt == nil {
						ok = matchAll(ft.one, f, st, in)
					} else {
						for int(ks.diag[di]) < base+i {
							di++
						}
						ok = strings.Contains(dt[di], ft.val)
					}
				}
				if ok == ft.neg {
					continue rows
				}
			}
			buf[n] = int32(base + i)
			n++
		}
	}
	return n
}

// diagTextLimit bounds the diagnostics kept for diag:TEXT (~100 bytes a
// row); past it each filter formats them again.
const diagTextLimit = 200_000

// diagText returns, for each row of the row keys' diag, its messages
// lower-cased and joined by newlines (no term holds one), made by the
// first diag:TEXT filter; nil when there are more than diagTextLimit.
func (x *Index) diagText() []string {
	ks := x.keys()
	x.dtextOnce.Do(func() {
		if len(ks.diag) > diagTextLimit {
			return
		}
		dt := make([]string, len(ks.diag))
		for i, row := range ks.diag {
			dt[i] = strings.ToLower(strings.Join(x.Info(x.Loc(int(row))).Diagnostics(), "\n"))
		}
		x.dtext = dt
	})
	return x.dtext
}

// filterRowsSlow is filterRows by matchAll on every row: the reference
// the packed keys must agree with.
func (x *Index) filterRowsSlow(terms []term) []int32 {
	view := make([]int32, 0, 64)
	for _, sg := range x.runs {
		f := x.files[sg.File]
		st := f.Streams[sg.Stream]
		for i, in := range st.Infos() {
			if matchAll(terms, f, st, in) {
				view = append(view, int32(sg.Start+i))
			}
		}
	}
	return view
}

// textMatcher decides "the lower-cased Info.Text contains val" without
// formatting the text. The value holds no space (terms are split on
// spaces), so a match lies within one of the text's space-separated
// pieces: "op.CHAN", "(MASK,", "EXEC)", the surface, then each operand
// "name.offset". The pieces before the operands are decided once per value
// of the key's fields (three tables), each operand once per class of the
// stream (hit), so a row costs five table lookups. The pieces are those of
// decoder's Info.Text; TestFilterFastPath holds the two together.
type textMatcher struct {
	val   string
	m     int
	delta []uint8 // KMP automaton, (m+1) x 256; state m (matched) is absorbing

	opChan   [1 << 13]uint8 // "op.CHAN" by SubOp | chan<<8 | seed<<12
	execMask [256]uint8     // "(MASK," and "EXEC)" by exec | mask<<4
	surf     [256]uint8     // the surface by its number
	// hits holds, per run and operand class, 1 when its "name.offset"
	// holds the value; one more entry, 2, stands for classWide (read the
	// Info): only a run with every number spent has it. anyOp: per run, a
	// class holds it or the run has classWide.
	hits  [][]uint8
	anyOp []bool
	// anyPrefix: some value of the key's fields makes a text before the
	// operands that holds the value.
	anyPrefix bool

	sym   *decoder.Symbols // the current stream's
	nvars uint32           // its declared variables
	name  [][]uint8        // [state][id]: state after " name.", for names that are not declared
	dname [][]uint8        // [state][id-32]: the same for the current stream's declared names
	off   [][]uint8        // [state][offset]: state after its digits
}

const (
	unset      = 0xFF    // a table entry not computed yet (states are < 255)
	nameLimit  = 1 << 16 // ids with a table entry; larger ids are run each time
	maxTextLen = 200     // longer text terms go through matchAll
)

// textFast reports whether a text term's value suits textMatcher: not
// too long for its byte states, and without a space (terms are split on
// spaces, so it never has one).
func textFast(val string) bool {
	return len(val) > 0 && len(val) <= maxTextLen && !strings.ContainsRune(val, ' ')
}

func newTextMatcher(val string) *textMatcher {
	if !textFast(val) {
		return nil
	}
	m := len(val)
	tm := &textMatcher{val: val, m: m, delta: make([]uint8, (m+1)*256),
		name: make([][]uint8, m+1), dname: make([][]uint8, m+1), off: make([][]uint8, m+1)}
	// KMP automaton: x is the state the failure function reaches.
	tm.delta[int(val[0])] = 1
	x := 0
	for s := 1; s < m; s++ {
		copy(tm.delta[s*256:(s+1)*256], tm.delta[x*256:(x+1)*256])
		tm.delta[s*256+int(val[s])] = uint8(s + 1)
		x = int(tm.delta[x*256+int(val[s])])
	}
	for c := range 256 {
		tm.delta[m*256+c] = uint8(m)
	}
	found := func(s string) uint8 { return b2u(tm.run(0, s) == uint8(m)) }
	var chans [16]string
	for v := range chans {
		chans[v] = "." + decoder.ChannelNames(uint8(v))
	}
	for i := range 1 << 9 {
		k := uint32(i&0xFF) | uint32(i>>8)<<28
		var q uint8
		switch op := keyOp(k); op {
		case decoder.OpResinfo, decoder.OpSampleinfo:
			q = tm.run(0, op.String())
		default:
			q = tm.run(tm.run(0, "info_0x"), strconv.FormatUint(uint64(k&0xFF), 16))
		}
		for c, ch := range chans {
			tm.opChan[i&0xFF|c<<8|i>>8<<12] = b2u(tm.run(q, ch) == uint8(m))
		}
	}
	var masks, execs [16]uint8
	for v := range 16 {
		masks[v] = found("(" + decoder.MaskControl(v).String() + ",")
		exec := "?" + strconv.Itoa(v)
		if n := decoder.ExecSizeFromCode(uint8(v)); n != 0 {
			exec = strconv.Itoa(n)
		}
		execs[v] = found(exec + ")")
	}
	for v := range 256 {
		tm.execMask[v] = execs[v&15] | masks[v>>4]
		tm.surf[v] = found(decoder.SurfaceName(uint8(v)))
		tm.anyPrefix = tm.anyPrefix || tm.execMask[v]|tm.surf[v] != 0
	}
	for _, h := range tm.opChan {
		tm.anyPrefix = tm.anyPrefix || h != 0
	}
	return tm
}

// run feeds s (lower-casing ASCII) to the automaton from state q.
func (tm *textMatcher) run(q uint8, s string) uint8 {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		q = tm.delta[int(q)*256+int(c)]
	}
	return q
}

// runLower runs s lower-cased as strings.ToLower does: byte by byte for
// ASCII, through ToLower otherwise.
func (tm *textMatcher) runLower(q uint8, s string) uint8 {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return tm.run(q, strings.ToLower(s))
		}
	}
	return tm.run(q, s)
}

// setStream prepares the name tables for stream st's names.
func (tm *textMatcher) setStream(st *decoder.Stream) {
	if st.Symbols != tm.sym {
		// Only ids 32.. of the stream's table have its own names: ids
		// below and past it print the same in every stream.
		tm.sym, tm.nvars = st.Symbols, 0
		if st.Symbols != nil {
			tm.nvars = uint32(min(len(st.Symbols.Vars), 1<<31))
		}
		clear(tm.dname)
	}
}

// decide decides the operand classes of run si (stream st), once per
// filter, before the rows are scanned.
func (tm *textMatcher) decide(si int, st *decoder.Stream, classes []decoder.RawOperand) {
	for len(tm.hits) <= si {
		tm.hits, tm.anyOp = append(tm.hits, nil), append(tm.anyOp, false)
	}
	tm.setStream(st)
	hit := make([]uint8, len(classes)+1)
	hit[len(classes)] = 2
	in := st.Info(0) // names come from the stream, whichever INFO asks
	for c := 1; c < len(classes); c++ {
		hit[c] = b2u(tm.operand(0, in, classes[c]) == uint8(tm.m))
		tm.anyOp[si] = tm.anyOp[si] || hit[c] != 0
	}
	tm.hits[si] = hit
	tm.anyOp[si] = tm.anyOp[si] || len(classes) == classWide
}

// operands reports whether one of in's operands holds the value.
func (tm *textMatcher) operands(in *decoder.Info) bool {
	m := uint8(tm.m)
	return (in.HasLOD && tm.operand(0, in, in.LOD) == m) || tm.operand(0, in, in.Dst) == m
}

// textScan is one goroutine's use of a shared textMatcher: the current
// run's classes, and for rows without a class its own matcher (the shared
// one is read-only while the rows are scanned).
type textScan struct {
	tm  *textMatcher
	hit []uint8
	st  *decoder.Stream
	own *textMatcher
}

func (ts *textScan) enter(si int, st *decoder.Stream) { ts.hit, ts.st = ts.tm.hits[si], st }

// match reports whether the text of the row with key k, operand classes
// o and Info in (read only for classWide) holds the value.
func (ts *textScan) match(k, o uint32, in *decoder.Info) bool {
	tm := ts.tm
	h := tm.opChan[(k&0xFF|k>>8&0xF00|k>>16&0x1000)&0x1FFF] | tm.execMask[uint8(k>>kExecShift)] |
		tm.surf[uint8(k>>kSurfaceShift)] | ts.hit[o&0xFFFF] | ts.hit[o>>16]
	if h&3 == 2 {
		if ts.own == nil {
			ts.own = newTextMatcher(tm.val)
		}
		ts.own.setStream(ts.st)
		return ts.own.operands(in)
	}
	return h&1 != 0
}

// entry returns entry i of table t, growing t (to about twice the
// largest index asked) with entries not computed yet: tables sized by the
// ids and offsets used, not by the largest possible.
func entry(t *[]uint8, i uint32) *uint8 {
	if int(i) >= len(*t) {
		n := max(64, 2*len(*t))
		for n <= int(i) {
			n *= 2
		}
		g := make([]uint8, n)
		copy(g, *t)
		for j := len(*t); j < n; j++ {
			g[j] = unset
		}
		*t = g
	}
	return &(*t)[i]
}

// operand runs the automaton over " name.offset" from state q.
func (tm *textMatcher) operand(q uint8, in *decoder.Info, r decoder.RawOperand) uint8 {
	var e *uint8
	switch id := r.ID; {
	case id >= decoder.NumPredefinedVars && id-decoder.NumPredefinedVars < tm.nvars:
		e = entry(&tm.dname[q], id-decoder.NumPredefinedVars)
	case id < nameLimit:
		e = entry(&tm.name[q], id)
	}
	if e == nil {
		q = tm.runName(q, in, r.ID)
	} else {
		if *e == unset {
			*e = tm.runName(q, in, r.ID)
		}
		q = *e
	}
	e = entry(&tm.off[q], uint32(r.Offset))
	if *e == unset {
		var buf [8]byte
		q2 := q
		for _, c := range strconv.AppendUint(buf[:0], uint64(r.Offset), 10) {
			q2 = tm.delta[int(q2)*256+int(c)]
		}
		*e = q2
	}
	return *e
}

func (tm *textMatcher) runName(q uint8, in *decoder.Info, id uint32) uint8 {
	q = tm.delta[int(q)*256+' ']
	q = tm.runLower(q, in.VarName(id))
	return tm.delta[int(q)*256+'.']
}

// NextDiag returns the position in view of the next (dir 1) or previous
// (-1) row with diagnostics after position cur, wrapping around (cur
// itself when it is the only one), or -1 when the view has none. A nil
// view means every row (as View returns for an empty filter).
func (x *Index) NextDiag(view []int32, cur, dir int) int {
	ks := x.keys()
	n := x.total
	if view != nil {
		n = len(view)
	}
	if n == 0 || len(ks.diag) == 0 {
		return -1
	}
	if view == nil {
		return x.nearDiag(cur, dir)
	}
	// Walk whichever is shorter: the view (a bit test a row) or the
	// diagnostic rows (a binary search each).
	if len(ks.diag)*16 < n {
		best, bestDist := -1, n+1
		for _, d := range ks.diag {
			p := posIn(view, int(d))
			if p == len(view) || int(view[p]) != int(d) {
				continue
			}
			// The distance from cur along dir, in 1..n (cur itself is n).
			dist := ((p-cur)*dir%n + n) % n
			if dist == 0 {
				dist = n
			}
			if dist < bestDist {
				best, bestDist = p, dist
			}
		}
		return best
	}
	for i := 1; i <= n; i++ {
		p := ((cur+dir*i)%n + n) % n
		if ks.key[view[p]]&kDiag != 0 {
			return p
		}
	}
	return -1
}

// nearDiag is nextDiagRow over every row: a binary search of the rows with
// diagnostics.
func (x *Index) nearDiag(cur, dir int) int {
	d := x.keys().diag
	if dir > 0 {
		i := sort.Search(len(d), func(i int) bool { return int(d[i]) > cur })
		if i == len(d) {
			i = 0
		}
		return int(d[i])
	}
	i := sort.Search(len(d), func(i int) bool { return int(d[i]) >= cur }) - 1
	if i < 0 {
		i = len(d) - 1
	}
	return int(d[i])
}

// posIn returns the first position of view holding a row >= row.
func posIn(view []int32, row int) int {
	return sort.Search(len(view), func(i int) bool { return int(view[i]) >= row })
}

// NearestOffset returns the position in view (nil: every row) of the row
// read from a binary whose file offset is closest to off, preferring rows
// of file curFile (an index into Files; -1 for none), the first one on
// ties, as a scan of the view would find it, among the files inFile keeps
// (nil keeps all). bestD is its distance from off. best is -1 when the
// view has no rows read from a binary. Rows of a stream are in offset
// order, so each stream costs two binary searches.
func (x *Index) NearestOffset(view []int32, curFile int, off int64, inFile func(file int) bool) (best int, bestD int64) {
	best, bestD = -1, -1
	bestSame := false
	for _, sg := range x.runs {
		if inFile != nil && !inFile(sg.File) {
			continue // FILE:0xOFFSET names another file
		}
		st := x.files[sg.File].Streams[sg.Stream]
		if st.NumInfos() == 0 || st.FromText() {
			continue
		}
		// The view positions of this stream's rows: [lo, hi).
		lo, hi := sg.Start, sg.Start+st.NumInfos()
		if view != nil {
			lo, hi = posIn(view, lo), posIn(view, hi)
		}
		if lo == hi {
			continue
		}
		at := func(p int) int64 {
			if view != nil {
				return st.InfoOff(int(view[p]) - sg.Start)
			}
			return st.InfoOff(p - sg.Start)
		}
		j := lo + sort.Search(hi-lo, func(i int) bool { return at(lo+i) >= off })
		same := sg.File == curFile
		for _, p := range [2]int{j - 1, j} {
			if p < lo || p >= hi {
				continue
			}
			d := at(p) - off
			if d < 0 {
				d = -d
			}
			if best < 0 || (same && !bestSame) || (same == bestSame && d < bestD) {
				best, bestD, bestSame = p, d, same
			}
		}
	}
	return best, bestD
}
