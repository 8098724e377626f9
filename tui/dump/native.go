package dump

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"infoscope/decoder"
	"infoscope/decoder/native"
	"infoscope/model/lower"
	"infoscope/tui/fsio"
)

// dumpSet is a vISA input with the files of the same stem beside it that
// IGC (or GenX_IR) wrote for the same kernel, and the native code joined.
type dumpSet struct {
	parts  native.DumpSet
	join   *lower.Join // nil without an .asm
	asmErr error       // why the .asm beside it could not be read or parsed
}

// loadDumpSet finds the companions of input name and reads its .asm.
// Inputs that are not vISA text files (.visaasm, .isaasm) have none.
func loadDumpSet(env Env, name string, o Options) *dumpSet {
	if !native.IsVISAText(name) {
		return nil
	}
	read := func(n string) ([]byte, error) { return env.read(n, o.Decode) }
	parts, nf, err := native.ReadSet(name, env.Exists, read)
	// The join as the inspector builds it; a .visa.ll that cannot be
	// read is left out of it (its part is still named).
	ds := &dumpSet{parts: parts, asmErr: err, join: fsio.NativeJoin(parts, nf, read)}
	if nf != nil && len(nf.Errors) > 0 {
		ds.asmErr = fmt.Errorf("%v (and %d more)", nf.Errors[0], len(nf.Errors)-1+nf.MoreErrors)
		if len(nf.Errors) == 1 && nf.MoreErrors == 0 {
			ds.asmErr = nf.Errors[0]
		}
	}
	return ds
}

// grfBytes is the register size of the platform the dump set's .asm names
// (//.platform: 64 bytes on PVC, native.Gen.GRFBytes), 32 without an .asm
// or for a platform not decoded: the dst layout's default and the size
// the data flow reads registers with.
func (ds *dumpSet) grfBytes() int {
	if ds != nil && ds.join != nil {
		if g, ok := native.GenOf(ds.join.ASM.Platform); ok {
			return g.GRFBytes()
		}
	}
	return 32
}

// read reads a named input: stdin for "-", else through Read under the
// decode options' size limit when it is set, else through Open.
func (env Env) read(name string, o decoder.Options) ([]byte, error) {
	if name == "-" {
		// Read under the limit: an endless stdin (/dev/zero) stops at
		// it, or at its first 64 KiB when they already fail.
		return decoder.ReadInput(name, env.Stdin, -1, o)
	}
	if env.Read != nil {
		return env.Read(name, o)
	}
	return env.Open(name)
}

// joinFor returns the join of stream s of f, or nil.
func (o *Options) joinFor(f *decoder.File, s *decoder.Stream) *lower.Join {
	if o.set == nil || o.set.join == nil || !o.set.join.MatchesBody(f, s) {
		return nil
	}
	return o.set.join
}

// appendNative appends the "native" key: the native lines of instruction
// i in the .asm's order, [] when it has none.
func appendNative(b []byte, j *lower.Join, i int) []byte {
	at := j.Native(i)
	return appendArray(append(b, `,"native":`...), len(at), func(b []byte, k int) []byte {
		in := &j.ASM.Insts[at[k]]
		return appendLineText(b, in.Line, in.Text)
	})
}

// appendLLVM appends the "llvm" key when the dump set has a .visa.ll:
// the LLVM lines tagged with instruction i's id, [] when none.
func appendLLVM(b []byte, j *lower.Join, i int) []byte {
	if j.LL == nil {
		return b
	}
	ls := j.LLVM(i)
	return appendArray(append(b, `,"llvm":`...), len(ls), func(b []byte, k int) []byte {
		return appendLineText(b, ls[k].Line, ls[k].Text)
	})
}

// SendRecord is the "send" key of a JSON INFO record of a dump set: the
// sampler message the INFO became, as its descriptor says.
type SendRecord struct {
	Line int    `json:"line"` // the send's line in the .asm
	Text string `json:"text"`
	Desc string `json:"desc"` // the descriptor's immediate, hex
	// DescFrom says where the descriptor comes from: "immediate", or the
	// instruction that built it in a0.0 ("add a0.0 = r82.0 + 0x26CB000
	// (line 354, $85)"). DescRegister names the register added to the
	// immediate (its bits, the surface index for IGC, are known only
	// when the kernel runs), null when the descriptor is all immediate.
	DescFrom     string  `json:"desc_from"`
	DescRegister *string `json:"desc_register"`
	ExDesc       *string `json:"exdesc"` // null when in a register the .asm does not build
	SFID         string  `json:"sfid"`
	Mlen         uint32  `json:"mlen"`
	Rlen         uint32  `json:"rlen"`
	Header       int     `json:"header"`
	SIMDMode     string  `json:"simd_mode"`
	MessageType  uint32  `json:"message_type"`
	Message      string  `json:"message"`
	SamplerIndex uint32  `json:"sampler_index"`
	// BTI is null when a register is added to the descriptor (the
	// immediate's bits 7:0 are then not the binding table index).
	BTI *uint32 `json:"bti"`
	// ChannelDisable is the header's dword 2 bits 15:12 (bit 0 = R), null
	// without a header or when the .asm does not show the value written.
	ChannelDisable *uint32        `json:"channel_disable"`
	Fields         []native.Field `json:"fields"`
}

// FindingRecord is one item of the "lowering" key.
type FindingRecord struct {
	Check string `json:"check"`
	Text  string `json:"text"`
}

func newSendRecord(j *lower.Join, s *native.Send) SendRecord {
	in := &j.ASM.Insts[s.Inst]
	m := s.Sampler
	r := SendRecord{Line: in.Line, Text: in.Text, Desc: fmt.Sprintf("0x%08X", s.Desc), DescFrom: "immediate",
		SFID: s.SFIDName, Mlen: m.Mlen, Rlen: m.Rlen, SIMDMode: m.SIMDMode, MessageType: m.MessageType,
		Message: m.Message, SamplerIndex: m.SamplerIndex, Fields: m.Fields}
	if m.Header {
		r.Header = 1
	}
	if s.DescReg != "" {
		b := &j.ASM.Insts[s.DescFrom]
		op, _, _ := strings.Cut(b.Op, ".")
		expr := fmt.Sprintf("0x%X", s.Desc)
		if s.DescAdded != "" {
			sign := " + "
			if op == "or" {
				sign = " | "
			}
			expr = s.DescAdded + sign + expr
			reg := s.DescAdded
			r.DescRegister = &reg
		}
		r.DescFrom = fmt.Sprintf("%s %s = %s (line %d", op, s.DescReg, expr, b.Line)
		if b.VISA != native.NoID {
			r.DescFrom += ", $" + strconv.Itoa(b.VISA)
		}
		r.DescFrom += ")"
	}
	if s.ExDescImm {
		x := fmt.Sprintf("0x%X", s.ExDesc)
		if s.ExDescAdded != "" {
			x = s.ExDescAdded + " + " + x
		}
		r.ExDesc = &x
	}
	if r.DescRegister == nil {
		bti := m.BTI
		r.BTI = &bti
	} else {
		// The fields are the immediate's: say what its BTI bits are added to.
		r.Fields = append([]native.Field(nil), m.Fields...)
		for k := range r.Fields {
			if r.Fields[k].Name == "bti" {
				r.Fields[k].Meaning = fmt.Sprintf("%d, added to %s at run time (the surface index IGC puts there)", r.Fields[k].Value, s.DescAdded)
			}
		}
	}
	if cd, ok := s.ChannelDisable(); ok {
		r.ChannelDisable = &cd
	}
	return r
}

// appendLowering appends the "send" and "lowering" keys of INFO in.
func (w *jsonWriter) appendLowering(b []byte, j *lower.Join, in *decoder.Info) []byte {
	l := j.Info(in)
	b = append(b, `,"send":`...)
	if len(l.Sends) == 0 {
		b = append(b, "null"...)
	} else {
		b = w.marshal(b, newSendRecord(j, l.Sends[0]))
	}
	// Where IGC put the INFO's operands: the registers //.declare gives.
	regs := map[string]string{}
	if r := j.Register(in.VarName(in.Dst.ID)); r != "" {
		regs["dst"] = r
	}
	if in.HasLOD {
		if r := j.Register(in.VarName(in.LOD.ID)); r != "" {
			regs["lod"] = r
		}
	}
	b = append(b, `,"registers":`...)
	b = w.marshal(b, regs)
	fs := make([]FindingRecord, len(l.Findings))
	for k, f := range l.Findings {
		fs[k] = FindingRecord{f.Check, f.Text}
	}
	b = append(b, `,"lowering":`...)
	return w.marshal(b, fs)
}

// DumpSetRecord is the --bodies record of a vISA text body of a dump set:
// its vISA and native sizes, IGC's statistics, and the file of each part.
type DumpSetRecord struct {
	File         string `json:"file"`
	Kernel       string `json:"kernel"`
	Instructions *int   `json:"instructions"` // vISA instructions; null for a lone .asm
	// The .asm's: null without one.
	NativeInstructions *int    `json:"native_instructions"`
	GRF                *int    `json:"grf"`      // //.thread_config numGRF
	GRFUsed            *int    `json:"grf_used"` // //.GRF count, when IGC wrote it
	RA                 *string `json:"ra"`
	SpillBytes         *int    `json:"spill_bytes"`
	Platform           *string `json:"platform"`
	Parts              Parts   `json:"parts"`
	Error              string  `json:"error,omitempty"` // why the .asm was not read
}

// Parts names the files of a dump set; "" when absent.
type Parts struct {
	VISA    string `json:"visaasm"`
	ASM     string `json:"asm"`
	VisaLL  string `json:"visa_ll"`
	DynPerf string `json:"dyn_perf"`
}

// dumpSetRecords returns the --bodies records of a vISA text input that
// is part of a dump set.
func dumpSetRecords(f *decoder.File, ds *dumpSet) []DumpSetRecord {
	var out []DumpSetRecord
	for _, s := range f.Streams {
		n := s.NumInsts()
		r := DumpSetRecord{File: f.Name, Kernel: s.Kernel, Instructions: &n,
			Parts: Parts{ds.parts.VISA, ds.parts.ASM, ds.parts.VisaLL, ds.parts.DynPerf}}
		if ds.asmErr != nil {
			r.Error = ds.asmErr.Error()
		}
		if j := ds.join; j != nil && j.MatchesBody(f, s) {
			r.setNative(j.ASM)
		}
		out = append(out, r)
	}
	return out
}

// setNative fills r's statistics of the .asm a; the one place for them,
// so a lone .asm and a dump set's body report the same fields.
func (r *DumpSetRecord) setNative(a *native.File) {
	n, grf, spill, ra, plat := len(a.Insts), a.NumGRF, a.SpillBytes, a.RA, a.Platform
	r.NativeInstructions, r.GRF, r.SpillBytes, r.RA, r.Platform = &n, &grf, &spill, &ra, &plat
	if a.GRFUsed > 0 {
		used := a.GRFUsed
		r.GRFUsed = &used
	}
}

// dumpSetLine is a DumpSetRecord as one text line (without its newline:
// writeEach ends it).
func dumpSetLine(r DumpSetRecord) string {
	var parts []string
	if r.Instructions != nil {
		parts = append(parts, fmt.Sprintf("%d vISA instructions", *r.Instructions))
	}
	if r.NativeInstructions != nil {
		parts = append(parts, fmt.Sprintf("%d native instructions (%s)", *r.NativeInstructions, *r.Platform),
			fmt.Sprintf("%d GRF", *r.GRF), "RA "+*r.RA, fmt.Sprintf("%d spill bytes", *r.SpillBytes))
	}
	for _, p := range []struct{ k, v string }{{"asm", r.Parts.ASM}, {"visa.ll", r.Parts.VisaLL}, {"dyn-perf", r.Parts.DynPerf}} {
		if p.v != "" {
			parts = append(parts, p.k+" "+p.v)
		}
	}
	if r.Error != "" {
		parts = append(parts, "error: "+r.Error)
	}
	return r.File + ":" + r.Kernel + "  " + strings.Join(parts, ", ")
}

// writeLoneASM prints a .asm opened without its vISA: one record per
// native instruction (text: "FILE:LINE: $N  TEXT"; JSON: "file",
// "kernel", "line", "index" (the vISA instruction's $N, null when
// untagged), "text", "native": true), or with --bodies its statistics.
// Errors of the reader become warnings of the records.
func writeLoneASM(w io.Writer, name string, data []byte, o Options) (err error) {
	nf := native.Parse(name, data)
	if o.Bodies {
		r := DumpSetRecord{File: name, Kernel: nf.Kernel, Parts: Parts{ASM: name}}
		r.setNative(nf)
		if len(nf.Errors) > 0 {
			r.Error = nf.Errors[0].Error()
		}
		return writeEach(w, []DumpSetRecord{r}, o.JSON, dumpSetLine)
	}
	var b, head []byte
	if o.JSON {
		head = appendString(append(appendString([]byte(`{"file":`), name), `,"kernel":`...), nf.Kernel)
	}
	for k := range nf.Insts {
		in := &nf.Insts[k]
		if o.JSON {
			b = appendInt(append(append(b, head...), `,"line":`...), in.Line)
			b = append(b, `,"index":`...)
			if in.VISA != native.NoID {
				b = appendInt(b, in.VISA)
			} else {
				b = append(b, "null"...)
			}
			b = appendString(append(b, `,"text":`...), in.Text)
			b = append(b, `,"native":true}`+"\n"...)
		} else {
			b = append(decoder.AppendDisplay(b, name), ':') // a file's name is input too
			b = appendInt(b, in.Line)
			b = append(b, ": "...)
			if in.VISA != native.NoID {
				b = append(b, '$')
				b = appendInt(b, in.VISA)
			} else {
				b = append(b, '-')
			}
			b = append(b, "  "...)
			b = append(b, in.Text...)
			b = append(b, '\n')
		}
		if b, err = flush(w, b); err != nil {
			return err
		}
	}
	_, err = w.Write(b)
	return err
}
