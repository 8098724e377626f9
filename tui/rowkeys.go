package tui

import (
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"infoscope/decoder"
)

// rowKeys holds, per row, the INFO fields that the filter, n/N and
// :0xOFFSET read, packed into 4 bytes: scanning a million of them reads
// 4 MB instead of the 56 MB of the Infos and formats nothing. It is built
// once per row index (rows never change: a reload builds a new index), on
// first use, so loading and the first frame do not pay for it.
type rowKeys struct {
	key   []uint32
	diag  []int32     // rows with diagnostics, ascending
	alpha [][4]uint64 // per segment: the bytes its operand text can hold, lower-cased
	raw   []bool      // per segment: it has rows marked kRaw
	pre   []uint64    // per row, a bit: an operand is a predefined variable (%null, %arg, ...)
	// dtext holds, for each row of diag, its messages lower-cased and
	// joined by newlines (no term holds one), made by the first diag:TEXT
	// filter; nil when there are more than diagTextLimit.
	dtext []string
	// scratch is where filterRows collects its rows (one per row, made on
	// first use): growing a fresh slice to a million rows would allocate
	// five times its size.
	scratch []int32
}

// Layout of a key: the fields that decide the text before the operands
// (prefix) in the low 29 bits, then flags.
const (
	kExecShift    = 8  // ExecCode, 4 bits
	kMaskShift    = 12 // Mask, 4 bits
	kChanShift    = 16 // ChannelMask, 4 bits
	kSurfaceShift = 20 // Surface, 8 bits
	kSeed         = 1 << 28
	kPrefix       = 1<<29 - 1
	kLOD          = 1 << 29
	kDiag         = 1 << 30
	// kRaw marks a row whose fields do not fit the packing: the filter
	// reads its Info instead.
	kRaw = 1 << 31
)

// keys returns the row keys, building them on first use.
func (r *rowIndex) keys() *rowKeys {
	if r.rk == nil {
		r.rk = buildRowKeys(r)
	}
	return r.rk
}

func buildRowKeys(r *rowIndex) *rowKeys {
	ks := &rowKeys{key: make([]uint32, r.total), alpha: make([][4]uint64, len(r.segs)), raw: make([]bool, len(r.segs)),
		pre: make([]uint64, (r.total+63)/64)}
	for si, sg := range r.segs {
		st := r.files[sg.src].Streams[sg.stream]
		keys := ks.key[sg.start : sg.start+st.NumInfos()]
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
				if in.HasLOD {
					k |= kLOD
				}
			}
			if in.NumDiagnostics() > 0 {
				k |= kDiag
				ks.diag = append(ks.diag, int32(sg.start+i))
			}
			if (in.HasLOD && decoder.PredefinedVarName(in.LOD.ID) != "") || decoder.PredefinedVarName(in.Dst.ID) != "" {
				row := sg.start + i
				ks.pre[row/64] |= 1 << (row % 64)
			}
			keys[i] = k
		}
		ks.alpha[si] = operandAlphabet(st)
	}
	return ks
}

// operandAlphabet returns a superset of the bytes the lower-cased operand
// text of st's INFO rows can hold, but for predefined variables' names
// (rows marked in pre): a text term with a byte outside it cannot be
// completed inside the operands.
func operandAlphabet(st *decoder.Stream) [4]uint64 {
	var a [4]uint64
	add := func(s string) {
		for _, c := range []byte(strings.ToLower(s)) {
			a[c/64] |= 1 << (c % 64)
		}
	}
	add(" .0123456789v")
	if st.Symbols != nil {
		for _, v := range st.Symbols.Vars {
			add(v.Name)
		}
	}
	return a
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

// filterRows returns the rows (ascending) that satisfy every term: the
// result of matchAll on each row, read from the packed keys.
func (r *rowIndex) filterRows(terms []term) []int32 {
	parts := 1
	if r.total >= parallelRows {
		parts = min(runtime.GOMAXPROCS(0), 2)
	}
	return r.filterRowsIn(terms, parts)
}

// filterRowsIn is filterRows with the rows split into parts (contiguous
// ranges, each filtered by its own goroutine into its own stretch of the
// scratch buffer).
func (r *rowIndex) filterRowsIn(terms []term, parts int) []int32 {
	ks := r.keys()
	for _, t := range terms {
		switch {
		case t.kind == termText && !textFast(t.val):
			return r.filterRowsSlow(terms)
		case t.kind == termDiag && t.val != "":
			r.diagText() // made before the goroutines read it
		}
	}
	if len(ks.scratch) < r.total {
		ks.scratch = make([]int32, r.total)
	}
	parts = max(1, min(parts, r.total))
	ns := make([]int, parts)
	span := func(w int) (int, int) { return r.total * w / parts, r.total * (w + 1) / parts }
	if parts == 1 {
		ns[0] = r.filterRange(terms, 0, r.total, ks.scratch)
	} else {
		var wg sync.WaitGroup
		for w := range parts {
			from, to := span(w)
			wg.Add(1)
			go func() {
				defer wg.Done()
				ns[w] = r.filterRange(terms, from, to, ks.scratch[from:to])
			}()
		}
		wg.Wait()
	}
	total := 0
	for _, n := range ns {
		total += n
	}
	out := make([]int32, 0, total)
	for w, n := range ns {
		from, _ := span(w)
		out = append(out, ks.scratch[from:from+n]...)
	}
	return out
}

// filterRange writes to buf the rows from..to-1 that pass, and returns
// their number. The terms on the key's fields fold into two tables, so a
// row costs two lookups before any text term is tried.
func (r *rowIndex) filterRange(terms []term, from, to int, buf []int32) int {
	ks := r.keys()
	var (
		segTerms []term     // file: and kernel:, decided once per stream
		surfs    []fastTerm // surface:, decided once per stream and surface
		rest     []fastTerm // text and diag:TEXT, per row
		keyTerms []fastTerm // the others
	)
	for _, t := range terms {
		ft := fastTerm{term: t}
		ft.compile()
		switch t.kind {
		case termFile, termKernel:
			segTerms = append(segTerms, t)
		case termSurface:
			surfs = append(surfs, ft)
		case termText:
			ft.text = newTextMatcher(t.val)
			rest = append(rest, ft)
		case termDiag:
			if t.val != "" {
				ft.one = []term{{kind: termDiag, val: t.val}} // the negation is applied below
				rest = append(rest, ft)
				continue
			}
			keyTerms = append(keyTerms, ft)
		default:
			keyTerms = append(keyTerms, ft)
		}
	}
	// lo: by SubOp, exec code and seed layout (key bits 0..11, 28);
	// hi: by mask, channels and diagnostics (bits 12..19, 30).
	var lo [1 << 13]uint8
	var hi [1 << 9]uint8
	for v := range lo {
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
		lo[v] = b2u(ok)
	}
	for v := range hi {
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
		hi[v] = b2u(ok)
	}
	keyed := len(keyTerms) > 0 // else lo and hi pass every row
	n := 0
	var dt []string // the rows' diagnostics, for diag:TEXT
	// The position in ks.diag of the row tried last.
	di := sort.Search(len(ks.diag), func(i int) bool { return int(ks.diag[i]) >= from })
	for _, ft := range rest {
		if ft.one != nil {
			dt = r.diagText()
		}
	}
	var surf [256]int8 // this stream's surfaces: 0 not known yet, 1 pass, -1 fail
	for si, sg := range r.segs {
		f := r.files[sg.src]
		st := f.Streams[sg.stream]
		// This stream's rows within from..to: base..base+len(infos).
		base, end := max(from, sg.start), min(to, sg.start+st.NumInfos())
		if base >= end || !matchAll(segTerms, f, st, nil) {
			continue
		}
		// The row's INFO is decoded when a term needs it (into one value).
		var info decoder.Info
		infoOf := func(i int) *decoder.Info {
			st.ReadInfo(base-sg.start+i, &info)
			return &info
		}
		surf = [256]int8{}
		for j := range rest {
			if ft := &rest[j]; ft.text != nil {
				ft.text.enter(st.Symbols, ks.alpha[si])
			}
		}
		keys := ks.key[base:end]
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
			tm, neg := rest[0].text, rest[0].neg
			for i, k := range keys {
				if keyed && lo[k&0xFFF|k>>16&0x1000]&hi[k>>12&0xFF|k>>22&0x100] == 0 {
					continue
				}
				row := base + i
				ok := tm.match(k, ks.pre[row/64]>>(row%64)&1 != 0, infoOf(i))
				buf[n] = int32(row)
				n += int(b2u(ok != neg))
			}
			continue
		}
	rows:
		for i, k := range keys {
			if k&kRaw != 0 {
				if matchAll(terms, f, st, infoOf(i)) {
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
					row := base + i
					ok = ft.text.match(k, ks.pre[row/64]>>(row%64)&1 != 0, in)
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

// diagText returns the messages of the rows with diagnostics (see dtext).
func (r *rowIndex) diagText() []string {
	ks := r.keys()
	if ks.dtext == nil && len(ks.diag) <= diagTextLimit {
		ks.dtext = make([]string, len(ks.diag))
		for i, row := range ks.diag {
			ks.dtext[i] = strings.ToLower(strings.Join(r.info(r.loc(int(row))).Diagnostics(), "\n"))
		}
	}
	return ks.dtext
}

// filterRowsSlow is filterRows by matchAll on every row: the reference
// the packed keys must agree with.
func (r *rowIndex) filterRowsSlow(terms []term) []int32 {
	view := make([]int32, 0, 64)
	for _, sg := range r.segs {
		f := r.files[sg.src]
		st := f.Streams[sg.stream]
		for i, in := range st.Infos() {
			if matchAll(terms, f, st, in) {
				view = append(view, int32(sg.start+i))
			}
		}
	}
	return view
}

// textMatcher decides "the lower-cased Info.Text contains val" without
// formatting the text: a KMP automaton runs over the text's pieces, each
// piece's effect on the automaton computed once per (state, value) and
// kept in a table: the op, then channels, mask and exec size (12 bits of
// the key), the surface, then each operand as " name." by variable id and
// its offset's digits. Operands are skipped when the automaton cannot
// reach the match with the bytes they can hold, the prefix when the value
// cannot start in it. The pieces are those of decoder's Info.Text;
// TestFilterFastPath holds the two together.
type textMatcher struct {
	m     int
	delta []uint8 // (m+1) x 256; state m (matched) is absorbing

	op    [512]uint8 // from state 0, by SubOp | seed<<8
	mid   [][]uint8  // [state][exec | mask<<4 | chan<<8]
	surf  [256]uint8 // from state 0, by surface
	name  [][]uint8  // [state][id]: state after " name.", for names that are not declared
	dname [][]uint8  // [state][id-32]: the same for the current stream's declared names
	off   [][]uint8  // [state][offset]: state after its digits

	// noPrefix: the value's first byte is none the text before the
	// operands can hold, so the automaton leaves it in state 0.
	noPrefix bool

	sym   *decoder.Symbols // the current stream's
	nvars uint32           // its declared variables
	live  []bool           // per state: the match can still complete inside the operands
	lives map[[4]uint64][]bool
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
	tm := &textMatcher{m: m, delta: make([]uint8, (m+1)*256), lives: map[[4]uint64][]bool{},
		mid: make([][]uint8, m+1), name: make([][]uint8, m+1),
		dname: make([][]uint8, m+1), off: make([][]uint8, m+1)}
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
	for v := range tm.surf {
		tm.surf[v] = tm.run(0, decoder.SurfaceName(uint8(v)))
	}
	tm.noPrefix = true
	for _, c := range prefixBytes() {
		tm.noPrefix = tm.noPrefix && tm.delta[int(c)] == 0
	}
	for i := range tm.op {
		k := uint32(i&0xFF) | uint32(i>>8)<<28
		switch op := keyOp(k); op {
		case decoder.OpResinfo, decoder.OpSampleinfo:
			tm.op[i] = tm.run(0, op.String())
		default:
			tm.op[i] = tm.run(tm.run(0, "info_0x"), strconv.FormatUint(uint64(k&0xFF), 16))
		}
	}
	return tm
}

// prefixBytes returns every byte the lower-cased text before the
// operands can hold, for every value of the fields that make it.
var prefixBytes = sync.OnceValue(func() []byte {
	var seen [256]bool
	add := func(s string) {
		for _, c := range []byte(strings.ToLower(s)) {
			seen[c] = true
		}
	}
	add("resinfo sampleinfo info_0x0123456789abcdef.(,)?")
	for v := range 16 {
		add(decoder.ChannelNames(uint8(v)))
		add(decoder.MaskControl(v).String())
	}
	for v := range 256 {
		add(decoder.SurfaceName(uint8(v)))
	}
	var out []byte
	for c, ok := range seen {
		if ok {
			out = append(out, byte(c))
		}
	}
	return out
})

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

// enter prepares for the rows of a stream with symbols sym (names depend
// on them), whose operand text holds only bytes of alpha.
func (tm *textMatcher) enter(sym *decoder.Symbols, alpha [4]uint64) {
	if sym != tm.sym {
		// Only ids 32.. of the stream's table have its own names: ids
		// below and past it print the same in every stream.
		tm.sym, tm.nvars = sym, 0
		if sym != nil {
			tm.nvars = uint32(min(len(sym.Vars), 1<<31))
		}
		clear(tm.dname)
	}
	if l, ok := tm.lives[alpha]; ok {
		tm.live = l
		return
	}
	// live[q]: state m can be reached from q reading only bytes of alpha.
	tm.live = make([]bool, tm.m+1)
	tm.live[tm.m] = true
	tm.lives[alpha] = tm.live
	for changed := true; changed; {
		changed = false
		for q := 0; q < tm.m; q++ {
			if tm.live[q] {
				continue
			}
			for c := range 256 {
				if alpha[c/64]&(1<<(c%64)) != 0 && tm.live[tm.delta[q*256+c]] {
					tm.live[q], changed = true, true
					break
				}
			}
		}
	}
}

// match reports whether in's lower-cased text contains the value; k is
// in's packed key, pre its bit of rowKeys.pre. The value holds no space
// (terms are split on spaces), so each space of the text puts the
// automaton back to state 0: the pieces between spaces are tried alone.
func (tm *textMatcher) match(k uint32, pre bool, in *decoder.Info) bool {
	m := uint8(tm.m)
	hit := !tm.noPrefix && tm.prefix(k) == m
	// Tested in this order, the branches follow the stream (live) and rare
	// rows (pre), not the random outcome of each row.
	if !pre && !tm.live[0] {
		return hit
	}
	if hit {
		return true
	}
	if k&kLOD != 0 && tm.operand(0, in, in.LOD) == m {
		return true
	}
	return tm.operand(0, in, in.Dst) == m
}

// prefix runs the automaton over the text before the operands, as
// Info.Text writes it: "op.CHAN (MASK, EXEC)  SURFACE". It returns m when
// the value is found there.
func (tm *textMatcher) prefix(k uint32) uint8 {
	q := tm.op[k&0xFF|(k&kSeed)>>(28-8)]
	v := k >> kExecShift & 0xFFF
	t := tm.mid[q]
	if t == nil {
		t = newTable(1 << 12)
		tm.mid[q] = t
	}
	if t[v] == unset {
		code := uint8(v & 15)
		exec := "?" + strconv.Itoa(int(code))
		if n := decoder.ExecSizeFromCode(code); n != 0 {
			exec = strconv.Itoa(n)
		}
		t[v] = tm.run(q, "."+decoder.ChannelNames(uint8(v>>8))+" ("+decoder.MaskControl(v>>4&15).String()+", "+exec+")  ")
	}
	if t[v] == uint8(tm.m) {
		return t[v]
	}
	// After the two spaces the state is 0.
	return tm.surf[k>>kSurfaceShift&0xFF]
}

func newTable(n int) []uint8 {
	t := make([]uint8, n)
	for i := range t {
		t[i] = unset
	}
	return t
}

// operand runs the automaton over " name.offset" from state q.
func (tm *textMatcher) operand(q uint8, in *decoder.Info, r decoder.RawOperand) uint8 {
	var t []uint8
	var i uint32
	switch id := r.ID; {
	case id >= decoder.NumPredefinedVars && id-decoder.NumPredefinedVars < tm.nvars:
		if t, i = tm.dname[q], id-decoder.NumPredefinedVars; t == nil {
			t = newTable(int(tm.nvars))
			tm.dname[q] = t
		}
	case id < nameLimit:
		if t, i = tm.name[q], id; t == nil {
			t = newTable(nameLimit)
			tm.name[q] = t
		}
	}
	if t == nil {
		q = tm.runName(q, in, r.ID)
	} else {
		if t[i] == unset {
			t[i] = tm.runName(q, in, r.ID)
		}
		q = t[i]
	}
	t = tm.off[q]
	if t == nil {
		t = newTable(1 << 16)
		tm.off[q] = t
	}
	if t[r.Offset] == unset {
		var buf [8]byte
		q2 := q
		for _, c := range strconv.AppendUint(buf[:0], uint64(r.Offset), 10) {
			q2 = tm.delta[int(q2)*256+int(c)]
		}
		t[r.Offset] = q2
	}
	return t[r.Offset]
}

func (tm *textMatcher) runName(q uint8, in *decoder.Info, id uint32) uint8 {
	q = tm.delta[int(q)*256+' ']
	q = tm.runLower(q, in.VarName(id))
	return tm.delta[int(q)*256+'.']
}

// nextDiagRow returns the view position of the next (dir 1) or previous
// (-1) row with diagnostics after cur, wrapping around (cur itself when it
// is the only one), or -1. view nil means every row.
func (r *rowIndex) nextDiagRow(view []int32, cur, dir int) int {
	ks := r.keys()
	n := r.total
	if view != nil {
		n = len(view)
	}
	if n == 0 || len(ks.diag) == 0 {
		return -1
	}
	if view == nil {
		return r.nearDiag(cur, dir)
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
func (r *rowIndex) nearDiag(cur, dir int) int {
	d := r.rk.diag
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

// nearestOffset returns the view position of the binary row closest to
// off, preferring rows of source curSrc, the first one on ties, as a scan
// of the view would find it (of the files inFile keeps; nil keeps all); d
// is its distance; -1 when the view has no
// binary rows. Rows of a stream are in offset order, so each stream costs
// two binary searches.
func (r *rowIndex) nearestOffset(view []int32, curSrc int, off int64, inFile func(src int) bool) (best int, bestD int64) {
	best, bestD = -1, -1
	bestSame := false
	for _, sg := range r.segs {
		if inFile != nil && !inFile(sg.src) {
			continue // FILE:0xOFFSET names another file
		}
		st := r.files[sg.src].Streams[sg.stream]
		if st.NumInfos() == 0 || st.FromText() {
			continue
		}
		// The view positions of this stream's rows: [lo, hi).
		lo, hi := sg.start, sg.start+st.NumInfos()
		if view != nil {
			lo, hi = posIn(view, lo), posIn(view, hi)
		}
		if lo == hi {
			continue
		}
		at := func(p int) int64 {
			if view != nil {
				return st.InfoOff(int(view[p]) - sg.start)
			}
			return st.InfoOff(p - sg.start)
		}
		j := lo + sort.Search(hi-lo, func(i int) bool { return at(lo+i) >= off })
		same := sg.src == curSrc
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
