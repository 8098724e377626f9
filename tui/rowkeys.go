package tui

import (
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
	ks := &rowKeys{key: make([]uint32, r.total), alpha: make([][4]uint64, len(r.segs))}
	for si, sg := range r.segs {
		st := r.files[sg.src].Streams[sg.stream]
		var predef uint32 // predefined variable ids used as operands
		keys := ks.key[sg.start : sg.start+len(st.Infos)]
		for i := range st.Infos {
			in := &st.Infos[i]
			var k uint32
			if in.ExecCode > 15 || in.Mask > 15 || in.ChannelMask > 15 {
				k = kRaw
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

// keyOp is the sub-operation of a packed key, as Info.Op computes it.
func keyOp(k uint32) decoder.InfoOp {
	op := uint8(k)
	if k&kSeed != 0 {
		op &= 0x1F
	}
	return decoder.InfoOp(op)
}

// fastTerm is a term compiled against the packed keys: a table per field
// value, computed from the same expressions matchAll uses, so the two
// agree by construction.
type fastTerm struct {
	term
	tab  [256]bool // op, exec, mask, chan: by field value; surface: by name
	text *textMatcher
	one  []term // diag:TEXT, for matchAll
}

// filterRows returns the rows (ascending) that satisfy every term: the
// result of matchAll on each row, read from the packed keys.
func (r *rowIndex) filterRows(terms []term) []int32 {
	ks := r.keys()
	fts := make([]fastTerm, 0, len(terms))
	var segTerms []term // file: and kernel:, decided once per stream
	for _, t := range terms {
		ft := fastTerm{term: t}
		switch t.kind {
		case termFile, termKernel:
			segTerms = append(segTerms, t)
			continue
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
		case termChan:
			for v := range 16 {
				ft.tab[v] = strings.ToLower(decoder.ChannelNames(uint8(v))) == t.val
			}
		case termSurface:
			for v := range 256 {
				ft.tab[v] = strings.EqualFold(decoder.SurfaceName(uint8(v)), t.val)
			}
		case termText:
			if ft.text = newTextMatcher(t.val); ft.text == nil {
				return r.filterRowsSlow(terms)
			}
		case termDiag:
			ft.one = []term{{kind: termDiag, val: t.val}} // the negation is applied below
		}
		fts = append(fts, ft)
	}
	view := make([]int32, 0, 64)
	var decl [256]int8 // surface declared names of this stream: 0 unknown, 1 match, -1 not
	for si, sg := range r.segs {
		f := r.files[sg.src]
		st := f.Streams[sg.stream]
		if !matchAll(segTerms, f, st, nil) {
			continue
		}
		decl = [256]int8{}
		for _, ft := range fts {
			if ft.text != nil {
				ft.text.enter(si, ks.alpha[si])
			}
		}
		keys := ks.key[sg.start : sg.start+len(st.Infos)]
	rows:
		for i, k := range keys {
			in := &st.Infos[i]
			if k&kRaw != 0 {
				if matchAll(terms, f, st, in) {
					view = append(view, int32(sg.start+i))
				}
				continue
			}
			for j := range fts {
				ft := &fts[j]
				var ok bool
				switch ft.kind {
				case termOp:
					ok = ft.tab[keyOp(k)]
				case termExec:
					ok = ft.tab[k>>kExecShift&15]
				case termMask:
					ok = ft.tab[k>>kMaskShift&15]
				case termNoMask:
					ok = k>>kMaskShift&8 != 0
				case termChan:
					ok = ft.tab[k>>kChanShift&15]
				case termSurface:
					s := k >> kSurfaceShift & 0xFF
					ok = ft.tab[s]
					if !ok {
						if decl[s] == 0 {
							decl[s] = -1
							if d := in.SurfaceDecl(); d != "" && strings.EqualFold(d, ft.val) {
								decl[s] = 1
							}
						}
						ok = decl[s] > 0
					}
				case termDiag:
					ok = k&kDiag != 0 && (ft.val == "" || matchAll(ft.one, f, st, in))
				case termText:
					ok = ft.text.match(k, in)
				}
				if ok == ft.neg {
					continue rows
				}
			}
			view = append(view, int32(sg.start+i))
		}
	}
	return view
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
// formatting the text: a KMP automaton runs over the text's pieces, the
// part before the operands cached by its packed fields, each operand by
// (variable, offset), and the operands skipped when the automaton cannot
// complete the match with the bytes they can hold.
type textMatcher struct {
	val   string
	m     int
	delta []uint8 // (m+1) x 256; state m (matched) is absorbing

	pre   [1 << 12]prefixEntry // direct-mapped: prefix key -> state after it
	ops   [1 << 12]opEntry     // direct-mapped: (stream, state, id, offset) -> state after " name.off"
	seg   int32
	live  []bool // per state: the match can still complete inside the operands
	lives map[[4]uint64][]bool
}

type prefixEntry struct {
	key   uint32 // prefix key + 1; 0 is empty
	state uint8
}

type opEntry struct {
	key   uint64
	seg   int32
	state uint8
	ok    bool
}

// maxTextTerm bounds the automaton (states fit a byte); longer text terms
// use matchAll.
const maxTextTerm = 200

func newTextMatcher(val string) *textMatcher {
	if len(val) == 0 || len(val) > maxTextTerm {
		return nil
	}
	m := len(val)
	tm := &textMatcher{val: val, m: m, delta: make([]uint8, (m+1)*256), lives: map[[4]uint64][]bool{}}
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

// enter prepares for the rows of segment seg, whose operand text holds
// only bytes of alpha.
func (tm *textMatcher) enter(seg int, alpha [4]uint64) {
	tm.seg = int32(seg)
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
	if tm == nil {
		return false
	}
	pk := k & kPrefix
	e := &tm.pre[(pk*2654435761)>>20&uint32(len(tm.pre)-1)]
	if e.key != pk+1 {
		e.key, e.state = pk+1, tm.prefixState(in)
	}
	q := e.state
	if !tm.live[q] {
		return false
	}
	if k&kLOD != 0 {
		q = tm.operand(q, in, in.LOD)
		if q == uint8(tm.m) {
			return true
		}
	}
	return tm.operand(q, in, in.Dst) == uint8(tm.m)
}

// prefixState runs the automaton over the text before the operands.
func (tm *textMatcher) prefixState(in *decoder.Info) uint8 {
	text := in.Text()
	n := len(in.Operand(in.Dst)) + 1
	if in.HasLOD {
		n += len(in.Operand(in.LOD)) + 1
	}
	return tm.runLower(0, text[:len(text)-n])
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

// operand runs the automaton over " name.offset" from state q.
func (tm *textMatcher) operand(q uint8, in *decoder.Info, r decoder.RawOperand) uint8 {
	if q == uint8(tm.m) || !tm.live[q] {
		return q
	}
	key := uint64(q)<<48 | uint64(r.Offset)<<32 | uint64(r.ID)
	h := (key ^ uint64(tm.seg)<<40) * 0x9E3779B97F4A7C15 >> 52
	e := &tm.ops[h&uint64(len(tm.ops)-1)]
	if e.ok && e.key == key && e.seg == tm.seg {
		return e.state
	}
	q = tm.delta[int(q)*256+' ']
	q = tm.runLower(q, in.VarName(r.ID))
	q = tm.delta[int(q)*256+'.']
	var buf [8]byte
	for _, c := range strconv.AppendUint(buf[:0], uint64(r.Offset), 10) {
		q = tm.delta[int(q)*256+int(c)]
	}
	*e = opEntry{key: key, seg: tm.seg, state: q, ok: true}
	return q
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
// of the view would find it; d is its distance; -1 when the view has no
// binary rows. Rows of a stream are in offset order, so each stream costs
// two binary searches.
func (r *rowIndex) nearestOffset(view []int32, curSrc int, off int64) (best int, bestD int64) {
	best, bestD = -1, -1
	bestSame := false
	for _, sg := range r.segs {
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
