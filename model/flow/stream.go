package flow

import (
	"fmt"
	"infoscope/model"
	"math/bits"
	"sync"

	"infoscope/decoder"
)

// Stream is the data-flow view of one decoded body (a kernel, a
// function or a raw stream): build it once with NewStream, then ask
// Info for each of its INFO instructions.
type Stream struct {
	Body *Body
	s    *decoder.Stream
	grf  int
	nops int // the stream's INFO; their operands are read again when asked (holding them costs ~100 bytes an INFO)

	// The budget Limit sets, spent by Within.
	mu     sync.Mutex
	limit  int  // visits in all; 0 none
	left   int  // visits left
	overAt int  // the INFO whose analysis ran out of budget; -1 none
	done   Flow // the flow Within computed last, for Info
	doneK  int  // its INFO; -1 none
}

// NewStream decodes every instruction of s (grfBytes: 32, or 64) and
// builds its control flow graph.
func NewStream(s *decoder.Stream, grfBytes int) *Stream {
	if grfBytes != 64 {
		grfBytes = 32
	}
	sf := &Stream{s: s, grf: grfBytes, nops: s.NumInfos(), overAt: -1, doneK: -1}
	// Each instruction is reduced and packed in turn: the stream's
	// Inst records are never all held at once.
	var bb bodyBuilder
	bb.grow(s.NumInsts())
	sf.eachFlowInst(func(fi *Inst) { bb.add(fi) })
	sf.Body = bb.finish()
	return sf
}

// eachFlowInst calls f with each instruction of the stream reduced, in
// order (f must not keep fi). A body read from vISA text is reduced from
// the instructions the decoder parses its lines into, like a binary's; a
// line it does not parse is marked Unparsed and has no operands.
func (sf *Stream) eachFlowInst(f func(fi *Inst)) {
	s := sf.s
	infoAt := newInfoCursor(s)
	var in decoder.Instruction
	var fi Inst // its slices reused from instruction to instruction
	for i := range s.NumInsts() {
		if k, ok := infoAt.at(i); ok {
			infoFlowInstTo(&fi, sf.Operands(k))
		} else {
			s.Decode(i, &in)
			flowInstTo(&fi, &in, sf.grf)
			fi.Unparsed = s.FromText() && !in.HasOperands() && s.Text[i].Text != ""
		}
		f(&fi)
	}
}

// Info returns the data flow of the stream's k-th INFO instruction.
func (sf *Stream) Info(k int) Flow {
	if k < 0 || k >= sf.nops {
		return Flow{}
	}
	sf.mu.Lock()
	if sf.doneK == k {
		f := sf.done
		sf.done, sf.doneK = Flow{}, -1
		sf.mu.Unlock()
		return f
	}
	sf.mu.Unlock()
	return sf.noted(sf.Body.Analyze(sf.s.InfoInst(k), sf.Operands(k)))
}

func (sf *Stream) noted(f Flow) Flow {
	if sf.s.Err != nil {
		f.Notes = append([]string{fmt.Sprintf("instructions past $%d: the body's walk stopped there", sf.s.NumInsts()-1)}, f.Notes...)
	}
	return f
}

// Budget is the budget dump gives the data flow of a body of n
// instructions (Limit): visits of instructions and edges, in all, for
// every INFO of the body. Real bodies and the mixed bench streams spend a
// few per instruction; a body built so that each INFO's question reaches
// the whole body would spend n per INFO.
func Budget(n int) int { return 64*n + 1<<20 }

// Limit gives the analyses Within runs a budget of visits in all (see
// Budget), so that the data flow of every INFO of a body costs time in
// proportion to the body whatever its shape.
func (sf *Stream) Limit(visits int) {
	sf.mu.Lock()
	defer sf.mu.Unlock()
	sf.limit, sf.left, sf.overAt = visits, visits, -1
}

// Within computes the data flow of the k-th INFO within what is left of
// the budget Limit set, and reports whether it fit: once an INFO's
// analysis runs past the budget, that INFO and every one asked after it
// get false. Info(k) then returns the flow Within computed, without
// computing it again. Without a budget Within is always true.
func (sf *Stream) Within(k int) bool {
	if k < 0 || k >= sf.nops {
		return true
	}
	sf.mu.Lock()
	defer sf.mu.Unlock()
	if sf.limit <= 0 {
		return true
	}
	if sf.overAt >= 0 {
		return false
	}
	if sf.doneK == k {
		return true
	}
	f, spent, ok := sf.Body.analyze(sf.s.InfoInst(k), sf.Operands(k), max(sf.left, 1))
	sf.left -= spent
	if !ok {
		sf.overAt = k
		return false
	}
	sf.done, sf.doneK = sf.noted(f), k
	return true
}

// OverAt returns the INFO whose analysis ran out of the budget; -1 while
// none has.
func (sf *Stream) OverAt() int {
	sf.mu.Lock()
	defer sf.mu.Unlock()
	return sf.overAt
}

// Over returns, once Within has said false, why: which INFO the budget ran
// out at and what the budget was; "" before.
func (sf *Stream) Over() string {
	sf.mu.Lock()
	defer sf.mu.Unlock()
	if sf.overAt < 0 {
		return ""
	}
	return fmt.Sprintf("data flow left out from INFO $%d (INFO #%d of %d) on: the analyses of the body's INFO passed the budget of %d instruction visits for its %d instructions", sf.s.InfoInst(sf.overAt), sf.overAt, sf.nops, sf.limit, sf.s.NumInsts())
}

// Operands returns where the k-th INFO reads its LOD and writes its result.
func (sf *Stream) Operands(k int) InfoOperands {
	var in decoder.Info
	sf.s.ReadInfo(k, &in)
	return infoOperands(&in, sf.s.Symbols, sf.grf)
}

// root resolves id through its alias chain: the root variable and the
// byte offset of id within it.
func root(sym *decoder.Symbols, id uint32) (uint32, int) {
	off := 0
	for range 16 { // alias chains are short; a cycle stops here
		if sym == nil || id < decoder.NumPredefinedVars {
			return id, off
		}
		k := int(id - decoder.NumPredefinedVars)
		if k >= len(sym.Vars) || sym.Vars[k].Alias == 0 {
			return id, off
		}
		off += sym.Vars[k].AliasOffset
		id = sym.Vars[k].Alias
	}
	return id, off
}

// varBytes returns the size of a variable, or a bound for one whose size
// is not known (predefined variables, raw streams).
func varBytes(sym *decoder.Symbols, id uint32, grf int) int {
	if sym != nil && id >= decoder.NumPredefinedVars {
		if k := int(id - decoder.NumPredefinedVars); k < len(sym.Vars) {
			return sym.Vars[k].Bytes
		}
	}
	return 128 * grf
}

func infoOperands(in *decoder.Info, sym *decoder.Symbols, grf int) InfoOperands {
	n := in.ExecSize()
	op := InfoOperands{HasLOD: in.HasLOD, Lanes: n}
	if in.HasLOD && n > 0 {
		v, off := root(sym, in.LOD.ID)
		start := off + int(in.LOD.Offset)
		op.LOD = Range{Var: v, Start: start, End: start + n*4}
	}
	v, off := root(sym, in.Dst.ID)
	op.Dst = dstChunks(in, v, off)
	return op
}

// dstChunks is the result layout Simulate gives (Result.layout: planar,
// the c-th returned channel at Dst.Offset + c*n*4), without simulating
// the lanes, which would cost more than the data flow itself.
func dstChunks(in *decoder.Info, v uint32, off int) []ChunkRange {
	n := in.ExecSize()
	if n <= 0 || n > 32 {
		return nil
	}
	nc := bits.OnesCount8(in.ChannelMask & 0xF)
	if nc == 0 {
		return nil
	}
	cs := make([]ChunkRange, 0, nc)
	for c := range 4 {
		if in.ChannelMask>>uint(c)&1 == 0 {
			continue
		}
		start := off + int(in.Dst.Offset) + len(cs)*n*4
		cs = append(cs, ChunkRange{Channel: model.ChannelName(c), Range: Range{Var: v, Start: start, End: start + n*4}})
	}
	return cs
}

// reset empties fi, keeping its slices' arrays.
func (fi *Inst) reset() {
	*fi = Inst{Reads: fi.Reads[:0], Writes: fi.Writes[:0], Targets: fi.Targets[:0], Label: -1}
}

func infoFlowInstTo(fi *Inst, op InfoOperands) {
	fi.reset()
	if op.HasLOD && op.LOD.End > op.LOD.Start {
		fi.Reads = append(fi.Reads, Access{Var: op.LOD.Var, Start: op.LOD.Start, End: op.LOD.End, Must: true})
	}
	for _, c := range op.Dst {
		fi.Writes = append(fi.Writes, Access{Var: c.Var, Start: c.Start, End: c.End, Must: true})
	}
}

// flowInstTo reduces a decoded instruction to what data flow needs, into
// fi (its slices reused). What an opcode does to control flow, and whether
// a message reads memory into its data operand, is the opcode table's flow
// column (decoder.FlowKind); the bytes are its operands'.
func flowInstTo(fi *Inst, in *decoder.Instruction, grf int) {
	fi.reset()
	sym := in.Symbols()
	pred := in.HasPred && in.Pred.ID() != 0
	n := 1
	if in.HasExec {
		n = max(in.Exec.Size(), 1)
	}
	kind := in.Flow()
	switch kind {
	case decoder.FlowLabel:
		if l, ok := in.Operand("label").(*decoder.LabelRef); ok {
			fi.Label = int(l.Index)
		}
	case decoder.FlowJump:
		if l, ok := in.Operand("label").(*decoder.LabelRef); ok {
			fi.Targets = append(fi.Targets, int(l.Index))
		}
		fi.Stop = !pred
	case decoder.FlowSwitch:
		for _, a := range in.Args[:in.N] {
			if l, ok := a.(*decoder.LabelRef); ok {
				fi.Targets = append(fi.Targets, int(l.Index))
			}
		}
		fi.Stop = true
	case decoder.FlowReturn:
		fi.Stop = !pred
	case decoder.FlowCall:
		fi.Call = true
	case decoder.FlowICall:
		fi.Call, fi.Indirect = true, true
	}
	for _, a := range in.Args[:in.N] {
		switch o := a.(type) {
		case *decoder.General:
			if o.Ambiguous {
				// Which of the variables so named is not known.
				fi.Opaque = true
				continue
			}
			if o.ID == 0 { // %null
				continue
			}
			esz := decoder.ElemSize(sym, o.ID)
			if esz == 0 { // a type without a size
				fi.Opaque = true
				continue
			}
			v, off := root(sym, o.ID)
			base := off + int(o.Row)*grf + int(o.Col)*esz
			write := o.Role == "dst"
			if write {
				fi.Writes = regionAccesses(fi.Writes, v, base, esz, n, o.Region, true, !pred)
			} else {
				fi.Reads = regionAccesses(fi.Reads, v, base, esz, n, o.Region, false, true)
			}
		case *decoder.Indirect:
			fi.Opaque = true
		case *decoder.Raw:
			if o.Ambiguous {
				fi.Opaque = true
				continue
			}
			if o.ID == 0 {
				continue
			}
			v, off := root(sym, o.ID)
			start := off + int(o.Offset)
			write := o.Role == "dst" || o.Role == "out" || ((o.Role == "data" || o.Role == "msg") && kind == decoder.FlowLoad)
			acc := Access{Var: v, Start: start, Must: !pred || !write}
			// A raw operand's size in GRFs is stated by the field
			// num_<role> where the opcode has one (raw_send, raw_sends).
			if g, ok := in.Value("num_" + o.Role); ok {
				acc.End = start + int(g)*grf
			} else {
				_, rootOff := root(sym, o.ID)
				acc.End = max(start+1, rootOff+varBytes(sym, o.ID, grf))
				acc.Must = false
				fi.Payload = true
			}
			if write {
				fi.Writes = append(fi.Writes, acc)
			} else {
				fi.Reads = append(fi.Reads, acc)
			}
		}
	}
}

// regionAccesses returns the bytes a general operand touches over n lanes:
// a destination's <h> region or a source's <v;w,h>, one element per lane,
// contiguous runs merged.
func regionAccesses(accs []Access, v uint32, base, esz, n int, r decoder.Region, dst, must bool) []Access {
	first := len(accs) // the accesses before are another operand's: never merged
	add := func(o int) {
		s := base + o*esz
		if k := len(accs) - 1; k >= first && accs[k].End == s {
			accs[k].End = s + esz
			return
		}
		for _, a := range accs[first:] {
			if s >= a.Start && s+esz <= a.End {
				return
			}
		}
		accs = append(accs, Access{Var: v, Start: s, End: s + esz, Must: must})
	}
	h := decoder.RegionValue(r.HStride())
	if dst || r.Width() == 0 {
		h = max(h, 1)
		if !dst {
			h = max(h, 0)
		}
		for i := range n {
			add(i * h)
		}
		return accs
	}
	vs, w := decoder.RegionValue(r.VStride()), decoder.RegionValue(r.Width())
	if vs < 0 || w <= 0 || h < 0 {
		// A region the format does not define: the lanes' elements in a row.
		vs, w, h = n, n, 1
	}
	for i := range n {
		add(i/w*vs + i%w*h)
	}
	return accs
}

// infoCursor finds the INFO of each instruction, asked in ascending
// order: a walk along the INFO when their instructions ascend (as a
// decoded stream's do), else a map (the last INFO of an instruction).
type infoCursor struct {
	s    *decoder.Stream
	m    map[int]int
	next int
}

func newInfoCursor(s *decoder.Stream) *infoCursor {
	c := &infoCursor{s: s}
	for k := 1; k < s.NumInfos(); k++ {
		if s.InfoInst(k) <= s.InfoInst(k-1) {
			c.m = make(map[int]int, s.NumInfos())
			for k := range s.NumInfos() {
				c.m[s.InfoInst(k)] = k
			}
			break
		}
	}
	return c
}

// at returns the INFO of instruction i, i ascending from call to call.
func (c *infoCursor) at(i int) (int, bool) {
	if c.m != nil {
		k, ok := c.m[i]
		return k, ok
	}
	n := c.s.NumInfos()
	for c.next < n && c.s.InfoInst(c.next) < i {
		c.next++
	}
	if c.next < n && c.s.InfoInst(c.next) == i {
		c.next++
		return c.next - 1, true
	}
	return 0, false
}
