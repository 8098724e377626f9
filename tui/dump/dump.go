// Package dump implements infoscope's headless "dump" command: one line (or
// one JSON object) per INFO instruction, or per instruction with --all.
//
// It does no I/O of its own: inputs come through Env.Open and Env.Stdin and
// output goes to Env.Stdout and Env.Stderr, so the same code serves the
// command line and `ssh host dump` on a server that only exposes its files.
package dump

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"infoscope/decoder"
	"infoscope/decoder/native"
	"infoscope/decoder/visatext"
	"infoscope/model"
	"infoscope/model/flow"
	"infoscope/model/index"
	"infoscope/tui/cli"
)

// Exit statuses of Run.
const (
	ExitOK    = 0 // every input decoded
	ExitError = 1 // some input had errors (everything decodable was still printed)
	ExitUsage = 2 // bad flags or arguments
)

// Env is what Run may touch. Several files are dumped at once (Workers):
// Open, Read and Exists may be called from several goroutines at once;
// Stdin is read by one, Stdout and Stderr written by one.
type Env struct {
	Stdin  io.Reader // read for the file name "-"
	Stdout io.Writer
	Stderr io.Writer
	// Open returns the bytes of a named input. A server passes one that
	// knows only its served files.
	Open func(name string) ([]byte, error)
	// Read, when set, reads a named input under the decode options' size
	// limit (--max-input); without it inputs are read with Open.
	Read func(name string, o decoder.Options) ([]byte, error)
	// Inputs are dumped when the arguments name no file (a server's served
	// files); when empty, no file is a usage error.
	Inputs []string
	// Folder, when set, returns the files a directory argument stands for
	// (an IGC dump folder: its .visaasm files) and a note on the files it
	// skipped, or nil for a name that is not a directory.
	Folder func(name string) (files []string, note string, err error)
	// Exists, when set, reports whether a file of that name can be read:
	// a .visaasm input brings in the files of its stem beside it (its
	// .asm, .visa.ll, -dyn-perf.txt). Without it only the .asm is tried.
	Exists func(name string) bool
	// Workers is how many files are dumped at once (0: one per
	// processor); each holds its decoded file while it is dumped.
	Workers int
}

// Options are the parsed flags.
type Options struct {
	Visaasm  bool // the whole listing, as Intel's disassembler wrote it
	JSON     bool
	All      bool
	Strict   bool   // exit 1 when any INFO record has a diagnostic
	Bodies   bool   // one record per kernel or function body (its header) instead of per instruction
	Syntax   string // "igc" or "seed"
	Decode   decoder.Options
	Surfaces *model.SurfaceFile // non-nil when lanes are simulated
	Rules    model.Rules        // the table the simulation uses (default: the spec's)
	Filter   *index.Filter      // nil: every INFO; else only the INFO it keeps (the inspector's / language)
	set      *dumpSet           // the input's dump set (its .asm joined), nil when none
	grf      int                // the input's platform's GRF size (dumpSet.grfBytes)
}

// Usage is the command's synopsis.
const Usage = "usage: infoscope dump [--visaasm | --json] [--all | --bodies] [--strict] [--filter EXPR] [--syntax igc|seed] [--layout igc|seed|auto] [--offset N] [--hex[=false]] [--visaasm-text] [--max-input SIZE] [--visa-version M.m] [--surfaces FILE] [--dmask HEX] [--lod N[,N...]] [--grf 32|64] [--rules spec|hw] FILE... (- for stdin)"

// flagValues are the flags that are not Options fields as they are parsed.
type flagValues struct {
	filter, surfaces, dmask, lod, grf, rules *string
	decode                                   func() (decoder.Options, error)
}

// Flags returns the command's flags, registered on a new FlagSet and
// nothing run: the completions and the man page list them.
func Flags() *flag.FlagSet {
	fs := flag.NewFlagSet("dump", flag.ContinueOnError)
	register(fs, new(Options))
	return fs
}

// register registers the command's flags on fs, parsed into o and the
// values it returns.
func register(fs *flag.FlagSet, o *Options) flagValues {
	var f flagValues
	fs.BoolVar(&o.JSON, "json", false, "JSON Lines output, one object per record")
	fs.BoolVar(&o.All, "all", false, "every instruction, not only INFO")
	fs.BoolVar(&o.Strict, "strict", false, "exit 1 when any INFO instruction (of those --filter keeps) has a diagnostic (text output marks them with !)")
	fs.BoolVar(&o.Visaasm, "visaasm", false, "the whole listing (declarations and every instruction) as Intel's disassembler printed it")
	fs.BoolVar(&o.Bodies, "bodies", false, "one record per kernel or function body: its header, relocation tables, file-scope variables, stripped or not, Gen binaries")
	f.filter = fs.String("filter", "", "keep only the INFO records that `EXPR` keeps, in the inspector's filter language (as its / key; see its help)")
	fs.StringVar(&o.Syntax, "syntax", "igc", "INFO text syntax: igc (Intel's disassembler) or seed (the INFO spec)")
	f.decode = cli.Decode(fs)
	f.surfaces = fs.String("surfaces", "", "surface description file (JSON); adds simulated lanes to JSON records")
	f.dmask = fs.String("dmask", "", "dispatch mask in hex (e.g. 0xffff00ff); adds lanes")
	f.lod = fs.String("lod", "", "LOD for every lane, or one per lane: N[,N...] (decimal or 0x hex); adds lanes")
	f.grf = fs.String("grf", "", "GRF size in bytes for dst_layout: 32 or 64 (default: the surface file's, else 64 for a dump set whose .asm names PVC, else 32); adds lanes")
	f.rules = fs.String("rules", "", "result table: spec (the INFO spec's, default) or hw (the hardware notes: IGC and Mesa); adds lanes")
	return f
}

// Run runs the dump command with args (after the word "dump") and returns
// the exit status.
func Run(args []string, env Env) int {
	fs := flag.NewFlagSet("dump", flag.ContinueOnError)
	cli.SetHelp(fs, args, env.Stdout, env.Stderr, func(w io.Writer) { fmt.Fprintln(w, Usage) })
	var o Options
	fv := register(fs, &o)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitUsage
	}
	usage := func(format string, a ...any) int {
		say(env.Stderr, "infoscope dump: "+format, a...)
		fmt.Fprintln(env.Stderr, Usage)
		return ExitUsage
	}
	if o.Syntax != "igc" && o.Syntax != "seed" {
		return usage("--syntax %q: want igc or seed", o.Syntax)
	}
	if o.Visaasm && (o.JSON || o.Bodies) {
		return usage("--visaasm prints the listing: it takes neither --json nor --bodies")
	}
	if o.Bodies && o.All {
		// --all would change nothing: refused, not ignored, as above.
		return usage("--bodies prints one record per kernel or function: it takes no --all")
	}
	if *fv.filter != "" && (o.All || o.Bodies || o.Visaasm) {
		return usage("--filter keeps INFO records: it takes neither --all, --bodies nor --visaasm")
	}
	var err error
	if *fv.filter != "" {
		if o.Filter, err = index.ParseFilter(*fv.filter); err != nil {
			return usage("--filter %q: %s", *fv.filter, strings.TrimPrefix(err.Error(), "filter: "))
		}
	}
	if o.Decode, err = fv.decode(); err != nil {
		return usage("%v", err)
	}
	if *fv.rules != "" {
		if o.Rules, err = model.ParseRules(*fv.rules); err != nil {
			return usage("--rules: %v", err)
		}
	}
	if *fv.surfaces != "" || *fv.dmask != "" || *fv.lod != "" || *fv.grf != "" || *fv.rules != "" {
		o.Surfaces = model.NewSurfaceFile()
		if *fv.surfaces != "" {
			data, err := env.Open(*fv.surfaces)
			if err == nil {
				o.Surfaces, err = model.ParseSurfaceFile(*fv.surfaces, data)
			}
			if err != nil {
				say(env.Stderr, "infoscope dump: --surfaces: %v", err)
				return ExitUsage
			}
		}
		if *fv.dmask != "" {
			m, err := model.ParseExecMask(*fv.dmask)
			if err != nil {
				return usage("--dmask: %v", err)
			}
			o.Surfaces.DispatchMask = m
		}
		if *fv.lod != "" {
			l, err := model.ParseLODList(*fv.lod)
			if err != nil {
				return usage("--lod: %v", err)
			}
			o.Surfaces.LOD = l
		}
		if *fv.grf != "" {
			n, err := model.ParseNumber(*fv.grf, 64)
			if err != nil || (n != 32 && n != 64) {
				return usage("--grf %q: want 32 or 64", *fv.grf)
			}
			o.Surfaces.GRFBytes = int(n)
		}
		if !o.JSON {
			fmt.Fprintln(env.Stderr, "infoscope dump: note: only --json output carries the simulated lanes and dst_layout; text lines are unchanged")
		}
	}
	names := fs.Args()
	if len(names) == 0 {
		names = env.Inputs
	}
	if len(names) == 0 {
		return usage("no input file")
	}
	if i := slices.Index(names, "-"); i >= 0 && slices.Contains(names[i+1:], "-") {
		// Files are dumped several at once: a second "-" would read what
		// the first leaves of stdin, or race it.
		return usage("- (stdin) named twice: it can be read once")
	}
	status := ExitOK
	if env.Folder != nil {
		var all []string
		for _, name := range names {
			files, note, err := env.Folder(name)
			switch {
			case err != nil:
				say(env.Stderr, "infoscope dump: %v", err)
				status = ExitError
			case files == nil:
				all = append(all, name)
			default:
				if note != "" {
					say(env.Stderr, "%s: %s", name, note)
				}
				all = append(all, files...)
			}
		}
		names = all
	}
	// Several files (a folder of 200 kernels) say what every one of them
	// would say alike once, after their own messages: said per file, it
	// hid the warnings and errors among them.
	several := len(names) > 1
	// Stdout needs no decoder.JSONGuard: JSON is written with C1 controls
	// and bidi overrides escaped at the source (appendString,
	// jsonWriter.marshal, writeEach).
	st, sum, err := dumpFiles(env.Stdout, env.Stderr, names, env.Workers, func() dumpFunc {
		fm := new(formatter) // the worker's buffers, reused from file to file
		return func(w, msgs io.Writer, notes *fileNotes, name string) (int, error) {
			if !several {
				notes = nil
			}
			return fm.dumpFile(w, msgs, notes, env, name, o)
		}
	})
	if err != nil {
		fmt.Fprintf(env.Stderr, "infoscope dump: writing output: %v\n", err)
		return ExitError
	}
	sum.write(env.Stderr, len(names))
	return max(status, st)
}

// fileNotes are the notes of the files of a run that would say the same
// thing for each file: a run of several files sums them and says them
// once (write) instead of once a file.
type fileNotes struct {
	text   int // files read from vISA text (layout auto): layout igc, visatext.Reason
	noInfo int // files without INFO (and without errors)
	bodies int // the kernels and functions of those files
	insts  int // their instructions
}

// add adds the notes of one more file to n.
func (n *fileNotes) add(o fileNotes) {
	n.text += o.text
	n.noInfo += o.noInfo
	n.bodies += o.bodies
	n.insts += o.insts
}

// write says the notes summed over the files of a run of files files.
func (n fileNotes) write(w io.Writer, files int) {
	if n.text > 0 {
		what := "vISA text files"
		if n.text == 1 {
			what = "vISA text file"
		}
		fmt.Fprintf(w, "%d %s: layout %s (%s)\n", n.text, what, decoder.LayoutIGC, strings.TrimPrefix(visatext.Reason, "igc: "))
	}
	if n.noInfo > 0 {
		bodies := "one kernel each"
		if n.bodies != n.noInfo {
			bodies = fmt.Sprintf("%d kernels and functions", n.bodies)
		}
		fmt.Fprintf(w, "no INFO in %d of %d files (%s, %d instructions); --all lists every instruction\n", n.noInfo, files, bodies, n.insts)
	}
}

// dumpFile writes the records of the input name to w and its messages
// (warnings, notes, errors) to msgs, and returns its exit status; an error
// is a failed write to w. With shared (a run of several files), the notes
// every file of a run may share (its layout read from vISA text, no INFO)
// are counted there instead of said.
func (fm *formatter) dumpFile(w, msgs io.Writer, shared *fileNotes, env Env, name string, o Options) (status int, err error) {
	data, err := env.read(name, o.Decode)
	if err != nil {
		say(msgs, "infoscope dump: %v", err)
		return ExitError, nil
	}
	if native.IsASM(name, data) {
		// A lone .asm: the native code alone.
		return ExitOK, writeLoneASM(w, name, data, o)
	}
	f := visatext.Decode(name, data, o.Decode)
	if o.Strict && hasDiagnostics(f, o.Filter) {
		status = ExitError
	}
	if o.set = loadDumpSet(env, name, o); o.set != nil && o.set.asmErr != nil {
		say(msgs, "%s: warning: %v", o.set.parts.ASM, o.set.asmErr)
	}
	o.grf = o.set.grfBytes()
	notes, err := fm.write(w, f, o)
	if err != nil {
		return status, err
	}
	for _, wn := range append(f.Warnings[:len(f.Warnings):len(f.Warnings)], notes...) {
		say(msgs, "%s: warning: %s", name, wn)
	}
	if !f.IsObject() && o.Decode.Layout == decoder.LayoutAuto && len(f.Streams) > 0 {
		// A raw stream's layout is detected file by file: said for each.
		if shared != nil && f.Layout == decoder.LayoutIGC && f.LayoutReason == visatext.Reason {
			shared.text++
		} else {
			say(msgs, "%s: layout %s (%s)", name, f.Layout, f.LayoutReason)
		}
	}
	if !o.All && !o.Bodies && !o.Visaasm && f.NumInfos() == 0 && f.NumErrors() == 0 {
		// Most real kernels have none (INFO lives on IGC's 3D path):
		// an empty output says why, not nothing.
		switch k, n := countBodies(f); {
		case k == 0:
		case shared != nil:
			shared.noInfo, shared.bodies, shared.insts = 1, k, n
		default:
			bodies := fmt.Sprintf("these %d kernels and functions", k)
			if k == 1 {
				bodies = "its one kernel"
			}
			say(msgs, "%s: no INFO in %s (%d instructions); --all lists every instruction", name, bodies, n)
		}
	}
	for _, e := range f.ErrorLines() {
		say(msgs, "%s", e)
		status = ExitError
	}
	return status, nil
}

// say writes a message line to w with its text as decoder.Display shows
// it: messages quote inputs (a file's name, an error quoting a key of the
// surface file) and reach a terminal, where a file named "ok\x1b[2J.isa"
// cleared the screen. A message is one line: it holds no control
// character of its own to keep.
func say(w io.Writer, format string, a ...any) {
	fmt.Fprintln(w, decoder.Display(fmt.Sprintf(format, a...)))
}

// hasDiagnostics reports whether any INFO of f (of any of its images)
// that flt keeps has a diagnostic.
func hasDiagnostics(f *decoder.File, flt *index.Filter) bool {
	for _, p := range f.Each() {
		for _, s := range p.Streams {
			for _, in := range s.Infos() {
				if in.NumDiagnostics() > 0 && flt.Match(p, s, in) {
					return true
				}
			}
		}
	}
	return false
}

// formatter is the scratch state for formatting records, reused from
// record to record (and from file to file: one per worker of dumpFiles).
type formatter struct {
	batch []byte // the records before they are written
	inst  decoder.Instruction
	info  decoder.Info
	jw    jsonWriter
}

// write prints every record of f (of each vISA image, for a C source;
// with Options.Visaasm, their listings) with fm's buffers. It returns the
// warnings the writing itself found (a body whose data flow ran past its
// budget), each prefixed with its image's name for a C source: f is not
// changed, since a decoded file may be shared.
func (fm *formatter) write(w io.Writer, f *decoder.File, o Options) (notes []string, err error) {
	for _, p := range f.Each() {
		var pn []string
		pn, err = fm.writeImage(w, p, o)
		for _, n := range pn {
			if p != f {
				n = p.Name + ": " + n
			}
			notes = append(notes, n)
		}
		if err != nil {
			return notes, err
		}
	}
	return notes, nil
}

// writeImage prints the records of one image and returns the warnings
// found while writing them (only --all --json finds any).
func (fm *formatter) writeImage(w io.Writer, f *decoder.File, o Options) (notes []string, err error) {
	if o.Visaasm {
		return nil, WriteVisaasm(w, f)
	}
	if o.Bodies {
		if f.Object == nil && o.set != nil && o.set.parts != (native.DumpSet{VISA: o.set.parts.VISA}) {
			// vISA text with other parts of its dump set beside it.
			return nil, writeEach(w, dumpSetRecords(f, o.set), o.JSON, dumpSetLine)
		}
		return nil, writeEach(w, NewBodyRecords(f), o.JSON, bodyLine)
	}
	b := fm.batch[:0]
	defer func() { fm.batch = b }()
	for _, s := range f.Streams {
		if b, err = fm.writeStream(w, b, f, s, o, &notes); err != nil {
			return notes, err
		}
	}
	_, err = w.Write(b)
	return notes, err
}

// writeStream appends the records of stream s of f to b (INFO records,
// or with --all instructions), written to w each time they reach
// batchSize bytes (flush), and returns what is left to write. A body
// whose data flow ran past its budget adds a note to notes.
func (fm *formatter) writeStream(w io.Writer, b []byte, f *decoder.File, s *decoder.Stream, o Options, notes *[]string) (_ []byte, err error) {
	seed := o.Syntax == "seed"
	name := decoder.Display(f.Name) // a file's name is input too; cleaned once, not on each line
	var sf *flow.Stream
	var budget *flow.Budget
	if o.JSON && o.All && s.NumInfos() > 0 {
		// The data flow of the body's INFO, let go with this stream (two
		// bodies' are never held at once). A body whose data flow would
		// cost far more than its decode (flow.NewBudget) has no flow keys
		// from there on, and a note.
		sf, budget = flow.NewStream(s, o.grf), flow.NewBudget(s.NumInsts())
	}
	// Without --all only the INFO are visited; a text line of an INFO
	// needs no operand decode.
	n := s.NumInfos()
	if o.All {
		n = s.NumInsts()
	}
	next := 0 // with --all, the next INFO (INFO are in instruction order)
	for j := range n {
		i, k := j, next
		var in *decoder.Info
		if !o.All {
			i, k = s.InfoInst(j), j
			s.ReadInfo(j, &fm.info)
			in = &fm.info
		} else if next < s.NumInfos() && s.InfoInst(next) == i {
			s.ReadInfo(next, &fm.info)
			in = &fm.info
			next++
		}
		if in != nil && !o.Filter.Match(f, s, in) {
			continue
		}
		switch {
		case o.JSON && !o.All:
			s.DecodeInfo(j, &fm.inst) // Decode(i), not through the stream's one-block cache
			b = fm.jw.appendRecord(b, f, s, i, in, &fm.inst, o, nil)
		case o.JSON:
			s.Decode(i, &fm.inst)
			var fl *flow.Flow
			if in != nil && sf != nil {
				ranOut := budget.Over() != ""
				if got, ok := sf.Analyze(k, budget); ok {
					fl = &got
				} else if !ranOut { // this INFO's analysis ran out: said once
					body := "the raw stream"
					if s.Kernel != "" {
						body = fmt.Sprintf("kernel %q", s.Kernel)
					}
					*notes = append(*notes, body+": "+budget.Over())
				}
			}
			b = fm.jw.appendRecord(b, f, s, i, in, &fm.inst, o, fl)
		default:
			if in == nil {
				s.Decode(i, &fm.inst)
			}
			b = appendTextLine(b, name, s, i, in, &fm.inst, seed)
		}
		if b, err = flush(w, b); err != nil {
			return b, err
		}
	}
	return b, nil
}

// batchSize is how many bytes of records are gathered before they are
// written: Run's bufio.Writer size.
const batchSize = 64 << 10

// flush writes b to w once it holds batchSize bytes of records, and
// returns an empty buffer for the next (a smaller b as it is): a batch as
// large as a bufio.Writer's buffer is written through it uncopied; a
// worker's pipe takes it whole.
func flush(w io.Writer, b []byte) ([]byte, error) {
	if len(b) < batchSize {
		return b, nil
	}
	if p, ok := w.(*pipe); ok {
		return p.handOver(b)
	}
	_, err := w.Write(b)
	return b[:0], err
}

// WriteVisaasm prints f as Intel's disassembler did: an object file's
// whole listing (every body's declarations and instructions); IGC's
// printed text (a dump) back byte for byte, its instructions made from the
// model; for source text and a raw stream, the instruction lines alone.
func WriteVisaasm(w io.Writer, f *decoder.File) (err error) {
	if f.Object != nil {
		return f.Object.WriteVisaasm(w)
	}
	var inst decoder.Instruction
	var b []byte
	if tl := f.TextLayout(); tl != nil && tl.Printed {
		// IGC's printed text (a dump): the file again, line for line,
		// each instruction's text made from its model
		// (decoder.File.AppendTextLine). Source text a person wrote gets
		// its instructions as Intel's printer would print them, below.
		if tl.BOM {
			b = append(b, decoder.BOM...)
		}
		for k := range tl.Lines {
			b, _ = f.AppendTextLine(b, tl, k, &inst)
			if k < len(tl.Lines)-1 || tl.FinalNewline {
				b = append(b, '\n')
			}
			if b, err = flush(w, b); err != nil {
				return err
			}
		}
	} else {
		for _, s := range f.Streams {
			for i := range s.NumInsts() {
				if s.FromText() {
					b = appendTextListing(b, s, i)
				} else {
					s.Decode(i, &inst)
					b = append(append(b, inst.Line()...), '\n')
				}
				if b, err = flush(w, b); err != nil {
					return err
				}
			}
		}
	}
	_, err = w.Write(b)
	return err
}

// appendTextListing writes instruction i of a stream read from vISA text
// as a listing line: a label at column 0; anything else indented, INFO in
// Intel's form (the rest as written), padded to column 80 and numbered
// "/// $N" as IGC's printer does.
func appendTextListing(b []byte, s *decoder.Stream, i int) []byte {
	t := &s.Text[i]
	switch m := t.Mnemonic(); {
	case m == "label" || m == "subroutine":
		return append(decoder.AppendDisplay(b, t.Text), '\n')
	case t.Line == 0:
		return b // a $N the text skipped
	}
	start := len(b)
	b = append(b, "    "...)
	if k, ok := s.InfoAt(i); ok {
		b = append(b, s.Info(k).Text()...)
	} else {
		b = decoder.AppendDisplay(b, t.Text) // as written: it may hold escapes
	}
	for len(b)-start < 80 {
		b = append(b, ' ')
	}
	b = append(b, " /// $"...)
	b = strconv.AppendInt(b, int64(i), 10)
	return append(b, '\n')
}

// appendTextLine formats "FILE:KERNEL+0xOFFSET $N  TEXT\n", FILE being name
// (the file's name as Display shows it). OFFSET is the absolute input
// offset, the same number as the JSON "offset" key, so it can be handed to
// xxd -s; N is Intel's instruction index in the body (JSON "index"). An
// INFO's TEXT is in the syntax asked for, its diagnostics after it.
func appendTextLine(b []byte, name string, s *decoder.Stream, i int, in *decoder.Info, inst *decoder.Instruction, seed bool) []byte {
	b = append(append(b, name...), ':')
	switch {
	case s.FromText():
		// Text has no offsets: FILE:LINE: KERNEL $N, as editors jump to.
		b = strconv.AppendInt(b, int64(s.Line(i)), 10)
		b = append(b, ':', ' ')
		b = append(b, s.Kernel...)
	case in != nil:
		b = appendOffset(append(append(b, s.Kernel...), "+0x"...), in.Off) // no walk for an INFO's
	default:
		b = appendOffset(append(append(b, s.Kernel...), "+0x"...), s.AbsOff(i))
	}
	b = append(b, ' ', '$')
	b = strconv.AppendUint(b, uint64(i), 10)
	b = append(b, ' ', ' ')
	switch {
	case in != nil && seed:
		b = in.AppendSeedText(b)
	case in != nil:
		b = in.AppendText(b)
	case s.FromText():
		b = decoder.AppendDisplay(b, s.Text[i].Text) // as written: it may hold escapes
	default:
		// One line per record: a subroutine's text spans two lines
		// (.function "NAME" and its label), joined here by a space.
		n := len(b)
		b = inst.AppendText(b)
		for k := n; k < len(b); k++ {
			if b[k] == '\n' {
				b[k] = ' '
			}
		}
	}
	if in != nil && in.NumDiagnostics() > 0 {
		// Diagnostics follow the text after "  ! ", as in the inspector's
		// list, so the instruction's text stays a prefix of the line.
		b = append(b, "  ! "...)
		b = append(b, strings.Join(in.Diagnostics(), "; ")...)
	}
	return append(b, '\n')
}

// appendOffset appends an offset in hex (a record built by hand may have
// none: -1).
func appendOffset(b []byte, off int64) []byte {
	if off < 0 {
		return strconv.AppendInt(b, off, 16)
	}
	return strconv.AppendUint(b, uint64(off), 16)
}

// TextNote is the "note" of a record read from vISA text.
const TextNote = "read from vISA text: no file offset; INFO bytes rebuilt in the igc layout"

// countBodies returns how many bodies f has (of each image of a C source)
// and their instructions.
func countBodies(f *decoder.File) (bodies, insts int) {
	for _, p := range f.Each() {
		for _, s := range p.Streams {
			bodies++
			insts += s.NumInsts()
		}
	}
	return bodies, insts
}
