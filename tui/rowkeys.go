package tui

import (
	"slices"
	"sort"
	"strconv"
	"strings"

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
	ks := &rowKeys{key: make([]uint32, r.total), alpha: make([][4]uint64, len(r.segs)), raw: make([]bool, len(r.segs))}
	for si, sg := range r.segs {
		st := r.files[sg.src].Streams[sg.stream]
		var predef uint32 // predefined variable ids used as operands
		keys := ks.key[sg.start : sg.start+len(st.Infos)]
		for i := range st.Infos {
			in := &st.Infos[i]
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
			if in.HasLOD && in.LOD.ID < decoder.NumPredefinedVars {
				predef |= 1 << in.LOD.ID
			}
			if in.Dst.ID < decoder.NumPredefinedVars {
				predef |= 1 << in.Dst.ID
			}
			keys[i] = k
		}
		ks.alpha[si] = operandAlphabet(st, predef)
	}
	return ks
}

// operandAlphabet returns a superset of the bytes the lower-cased operand
// text of st's INFO rows can hold: a text term with a byte outside it
// cannot be completed inside the operands.
func operandAlphabet(st *decoder.Stream, predef uint32) [4]uint64 {
	var a [4]uint64
	add := func(s string) {
		for _, c := range []byte(strings.ToLower(s)) {
			a[c/64] |= 1 << (c % 64)
		}
	}
	add(" .0123456789v")
	for id := uint32(0); id < decoder.NumPredefinedVars; id++ {
		if predef&(1<<id) != 0 {
			add(decoder.PredefinedVarName(id))
		}
	}
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
	one  []term // diag:TEXT, for matchAll
	// diag:TEXT by the instruction's bytes, for the current stream: its
	// messages depend on nothing else (the layout, version and names are
	// the stream's).
	seen map[string]bool
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

// filterRows returns the rows (ascending) that satisfy every term: the
// result of matchAll on each row, read from the packed keys. The terms on
// the key's fields fold into two tables, so a row costs two lookups
// before any text term is tried.
func (r *rowIndex) filterRows(terms []term) []int32 {
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
			if ft.text = newTextMatcher(t.val); ft.text == nil {
				return r.filterRowsSlow(terms)
			}
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
	if len(ks.scratch) < r.total {
		ks.scratch = make([]int32, r.total)
	}
	buf, n := ks.scratch, 0
	var surf [256]int8 // this stream's surfaces: 0 not known yet, 1 pass, -1 fail
	for si, sg := range r.segs {
		f := r.files[sg.src]
		st := f.Streams[sg.stream]
		if !matchAll(segTerms, f, st, nil) {
			continue
		}
		surf = [256]int8{}
		for j := range rest {
			if ft := &rest[j]; ft.text != nil {
				ft.text.enter(st.Symbols, ks.alpha[si])
			} else {
				ft.seen = map[string]bool{}
			}
		}
		keys := ks.key[sg.start : sg.start+len(st.Infos)]
		if surfs == nil && rest == nil && !ks.raw[si] {
			// Without a branch per row: a filter keeping half the rows
			// at random would mispredict every other one.
			for i, k := range keys {
				buf[n] = int32(sg.start + i)
				n += int(lo[k&0xFFF|k>>16&0x1000] & hi[k>>12&0xFF|k>>22&0x100])
			}
			continue
		}
	rows:
		for i, k := range keys {
			if k&kRaw != 0 {
				if matchAll(terms, f, st, &st.Infos[i]) {
					buf[n] = int32(sg.start + i)
					n++
				}
				continue
			}
			if lo[k&0xFFF|k>>16&0x1000]&hi[k>>12&0xFF|k>>22&0x100] == 0 {
				continue
			}
			if surfs != nil {
				s := k >> kSurfaceShift & 0xFF
				if surf[s] == 0 {
					surf[s] = 1
					for _, ft := range surfs {
						ok := ft.tab[s]
						if !ok {
							d := st.Infos[i].SurfaceDecl()
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
				in := &st.Infos[i]
				var ok bool
				if ft.text != nil {
					ok = ft.text.match(k, in)
				} else if k&kDiag != 0 {
					b := in.Bytes()
					var hit bool
					if ok, hit = ft.seen[string(b)]; !hit {
						ok = matchAll(ft.one, f, st, in)
						ft.seen[string(b)] = ok
					}
				}
				if ok == ft.neg {
					continue rows
				}
			}
			buf[n] = int32(sg.start + i)
			n++
		}
	}
	return slices.Clone(buf[:n])
}

// filterRowsSlow is filterRows by matchAll on every row: the reference
// the packed keys must agree with.
func (r *rowIndex) filterRowsSlow(terms []term) []int32 {
	view := make([]int32, 0, 64)
	for _, sg := range r.segs {
		f := r.files[sg.src]
		st := f.Streams[sg.stream]
		for i := range st.Infos {
			if matchAll(terms, f, st, &st.Infos[i]) {
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
// complete the match with the bytes they can hold. The pieces are those
// of decoder's Info.Text; TestFilterFastPath holds the two together.
type textMatcher struct {
	m     int
	delta []uint8 // (m+1) x 256; state m (matched) is absorbing

	op   [512]uint8 // from state 0, by SubOp | seed<<8
	mid  [][]uint8  // [state][exec | mask<<4 | chan<<8]
	surf [][]uint8  // [state][surface]
	name [][]uint32 // [state][id]: (generation+1)<<8 | state after " name."
	off  [][]uint8  // [state][offset]: state after its digits

	gen   uint32 // names of the current stream: 0 for streams without symbols
	nsym  uint32 // streams with symbols seen
	live  []bool // per state: the match can still complete inside the operands
	lives map[[4]uint64][]bool
}

const (
	unset      = 0xFF    // a table entry not computed yet (states are < 255)
	nameLimit  = 1 << 16 // ids with a table entry; larger ids are run each time
	maxTextLen = 200     // longer text terms go through matchAll
)

func newTextMatcher(val string) *textMatcher {
	if len(val) == 0 || len(val) > maxTextLen {
		return nil
	}
	m := len(val)
	tm := &textMatcher{m: m, delta: make([]uint8, (m+1)*256), lives: map[[4]uint64][]bool{},
		mid: make([][]uint8, m+1), surf: make([][]uint8, m+1), name: make([][]uint32, m+1), off: make([][]uint8, m+1)}
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
	for i := range tm.op {
		tm.op[i] = unset
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

// enter prepares for the rows of a stream with symbols sym (names depend
// on them), whose operand text holds only bytes of alpha.
func (tm *textMatcher) enter(sym *decoder.Symbols, alpha [4]uint64) {
	tm.gen = 0
	if sym != nil {
		tm.nsym++
		if tm.nsym >= 1<<23 { // generations run out: forget the names
			tm.nsym = 1
			clear(tm.name)
		}
		tm.gen = tm.nsym
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
// in's packed key.
func (tm *textMatcher) match(k uint32, in *decoder.Info) bool {
	q := tm.prefix(k)
	if !tm.live[q] {
		return q == uint8(tm.m)
	}
	if k&kLOD != 0 {
		if q = tm.operand(q, in, in.LOD); q == uint8(tm.m) {
			return true
		}
	}
	return tm.operand(q, in, in.Dst) == uint8(tm.m)
}

// prefix runs the automaton over the text before the operands, as
// Info.Text writes it: "op.CHAN (MASK, EXEC)  SURFACE".
func (tm *textMatcher) prefix(k uint32) uint8 {
	oi := k&0xFF | (k&kSeed)>>(28-8)
	q := tm.op[oi]
	if q == unset {
		switch op := keyOp(k); op {
		case decoder.OpResinfo, decoder.OpSampleinfo:
			q = tm.run(0, op.String())
		default:
			q = tm.run(tm.run(0, "info_0x"), strconv.FormatUint(uint64(k&0xFF), 16))
		}
		tm.op[oi] = q
	}
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
	q = t[v]
	s := k >> kSurfaceShift & 0xFF
	t = tm.surf[q]
	if t == nil {
		t = newTable(256)
		tm.surf[q] = t
	}
	if t[s] == unset {
		t[s] = tm.run(q, decoder.SurfaceName(uint8(s)))
	}
	return t[s]
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
	if !tm.live[q] {
		return q
	}
	if r.ID < nameLimit {
		t := tm.name[q]
		if t == nil {
			t = make([]uint32, nameLimit)
			tm.name[q] = t
		}
		if e := t[r.ID]; e>>8 == tm.gen+1 {
			q = uint8(e)
		} else {
			q2 := tm.runName(q, in, r.ID)
			t[r.ID] = (tm.gen+1)<<8 | uint32(q2)
			q = q2
		}
	} else {
		q = tm.runName(q, in, r.ID)
	}
	t := tm.off[q]
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
		infos := st.Infos
		if len(infos) == 0 || infos[0].FromText() {
			continue
		}
		// The view positions of this stream's rows: [lo, hi).
		lo, hi := sg.start, sg.start+len(infos)
		if view != nil {
			lo, hi = posIn(view, lo), posIn(view, hi)
		}
		if lo == hi {
			continue
		}
		at := func(p int) int64 {
			if view != nil {
				return infos[int(view[p])-sg.start].Off
			}
			return infos[p-sg.start].Off
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
