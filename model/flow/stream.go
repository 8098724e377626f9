package flow

import (
	"fmt"
	"infoscope/model"
	"sync"

	"infoscope/decoder"
)

// Stream is the data-flow view of one decoded body (a kernel, a
// function or a raw stream): build it once with NewStream, then ask
// Analyze (or Info) for each of its INFO instructions. Its methods may be
// called from several goroutines.
type Stream struct {
	Body *Body
	s    *decoder.Stream
	grf  int
	nops int // the stream's INFO; their operands are read again when asked (holding them costs ~100 bytes an INFO)
}

// NewStream decodes every instruction of s (grfBytes: 32, or 64) and
// builds its control flow graph.
func NewStream(s *decoder.Stream, grfBytes int) *Stream {
	if grfBytes != 64 {
		grfBytes = 32
	}
	sf := &Stream{s: s, grf: grfBytes, nops: s.NumInfos()}
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
	var in decoder.Instruction
	var fi Inst // its slices reused from instruction to instruction
	k := 0      // the next INFO: the stream's INFO ascend, as its instructions do
	for i := range s.NumInsts() {
		if k < sf.nops && s.InfoInst(k) == i {
			infoFlowInstTo(&fi, sf.Operands(k))
			k++
		} else {
			s.Decode(i, &in)
			flowInstTo(&fi, &in, sf.grf)
			fi.Unparsed = s.FromText() && !in.HasOperands() && s.Text[i].Text != ""
		}
		f(&fi)
	}
}

// Info returns the data flow of the stream's k-th INFO instruction,
// without a budget.
func (sf *Stream) Info(k int) Flow {
	f, _ := sf.Analyze(k, nil)
	return f
}

// Analyze returns the data flow of the stream's k-th INFO instruction,
// spending visits from b (nil: no budget). It reports false, with no
// flow, once b has run out: for the INFO whose analysis passed it and for
// every one analysed with b after it.
func (sf *Stream) Analyze(k int, b *Budget) (Flow, bool) {
	if k < 0 || k >= sf.nops {
		return Flow{}, true
	}
	at, op := sf.s.InfoInst(k), sf.Operands(k)
	if b == nil {
		return sf.noted(sf.Body.Analyze(at, op)), true
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.over != "" {
		return Flow{}, false
	}
	f, spent, ok := sf.Body.analyze(at, op, max(b.left, 1))
	b.left -= spent
	if !ok {
		b.over = fmt.Sprintf("data flow left out from INFO $%d (INFO #%d of %d) on: the analyses of the body's INFO passed the budget of %d instruction visits for its %d instructions", at, k, sf.nops, b.limit, sf.s.NumInsts())
		return Flow{}, false
	}
	return sf.noted(f), true
}

func (sf *Stream) noted(f Flow) Flow {
	if sf.s.Err != nil {
		f.Notes = append([]string{fmt.Sprintf("instructions past $%d: the body's walk stopped there", sf.s.NumInsts()-1)}, f.Notes...)
	}
	return f
}

// Budget is visits of instructions and edges that the analyses of one
// body's INFO may spend in all, so that the data flow of every INFO of a
// body costs time in proportion to the body whatever its shape. Real
// bodies and the mixed bench streams spend a few visits per instruction;
// a body built so that each INFO's question reaches the whole body would
// spend n per INFO.
type Budget struct {
	mu          sync.Mutex
	limit, left int
	over        string // why it ran out; "" while it has not
}

// NewBudget returns the budget dump gives a body of n instructions.
func NewBudget(n int) *Budget {
	v := 64*n + 1<<20
	return &Budget{limit: v, left: v}
}

// Over returns, once the budget has run out, at which INFO and what it
// was; "" before.
func (b *Budget) Over() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.over
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
		v := sym.Var(id)
		if v == nil || v.Alias == 0 {
			return id, off
		}
		off += v.AliasOffset
		id = v.Alias
	}
	return id, off
}

// varBytes returns the size of a variable, or a bound for one whose size
// is not known (predefined variables, raw streams).
func varBytes(sym *decoder.Symbols, id uint32, grf int) int {
	if v := sym.Var(id); v != nil {
		return v.Bytes
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
	// The bytes written are the result layout Simulate gives, taken
	// without simulating the lanes, which would cost more than the data
	// flow itself.
	v, off := root(sym, in.Dst.ID)
	var buf [4]model.DstChannel
	if ds := model.AppendDstLayout(buf[:0], in); len(ds) > 0 {
		op.Dst = make([]ChunkRange, len(ds))
		for k, d := range ds {
			op.Dst[k] = ChunkRange{Channel: model.ChannelName(d.Channel), Range: Range{Var: v, Start: off + d.Start, End: off + d.End}}
		}
	}
	return op
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
				acc.End = max(start+1, off+varBytes(sym, o.ID, grf))
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
