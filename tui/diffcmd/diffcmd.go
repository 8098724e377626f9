// Package diffcmd is the diff command: it reads two builds (each a file or
// a dump folder), compares them with model/diff and prints the result as
// text or JSON Lines, with diff(1)'s exit status; in a terminal the front
// end opens the inspector on the pair instead (tui.RunDiff).
package diffcmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"infoscope/decoder"
	"infoscope/decoder/native"
	"infoscope/decoder/visatext"
	"infoscope/model"
	"infoscope/model/diff"
	"infoscope/tui/cli"
)

// The exit statuses, as diff(1)'s.
const (
	ExitSame   = 0 // the builds are the same
	ExitDiffer = 1 // they differ
	ExitError  = 2 // bad arguments, or an input missing, unreadable or not decoded whole
)

// Usage is the command's synopsis.
const Usage = "usage: infoscope diff [--json | --text] [-U N] [--surfaces FILE] [--layout igc|seed|auto] [--visaasm-text] [--max-input SIZE] A B   (each a file or a dump folder)"

// Env is what the command needs of the world.
type Env struct {
	Stdout, Stderr io.Writer
	// Read reads a named input under the decode options' size limit.
	Read func(name string, o decoder.Options) ([]byte, error)
	// Folder returns the files a directory argument stands for (a dump
	// folder: its .visaasm files and vISA binaries) and a note on what it
	// skipped; nil files for a name that is not a directory.
	Folder func(name string) (files []string, note string, err error)
	// Terminal reports whether the output is a terminal: then, unless
	// --json or --text is given, Inspect is called instead of printing.
	Terminal bool
	// Inspect opens the inspector on a compared pair of builds and returns
	// ExitSame, or the status to exit with when it could not run; nil:
	// always print.
	Inspect func(r *Result) int
	// Exists reports whether a file exists: the .asm beside a .visaasm
	// is read for native statistics when it does. Nil: none is looked for.
	Exists func(name string) bool
}

// Build is one side: what was named and the files read for it.
type Build struct {
	Name  string
	Files []*decoder.File
	// Native holds, by input file, the native statistics of the .asm IGC
	// wrote beside it, for the kernel it names.
	Native map[string]nativeOf
}

// nativeOf is one .asm's statistics and the kernel they are of.
type nativeOf struct {
	kernel string
	stats  *diff.NativeStats
}

// bodies lists b's bodies, each with the native statistics of its file's
// .asm when that names it.
func (b Build) bodies() []diff.Body {
	out := diff.Bodies(b.Files)
	for i := range out {
		if n, ok := b.Native[out[i].File]; ok && n.kernel == out[i].Name {
			out[i].Native = n.stats
		}
	}
	return out
}

// Result is a whole comparison: both builds, how their bodies paired, and
// each pair compared.
type Result struct {
	A, B    Build
	Pairing diff.Pairing
	Kernels []*diff.Kernel // one per pair, in the pairing's order
	// InspectArgs are the inspector's arguments to open B as the command
	// read it: the decode and surface flags given, then B.
	InspectArgs []string
}

// Differs reports whether anything differs: a pair, or a body on one side
// only.
func (r *Result) Differs() bool {
	if len(r.Pairing.OnlyA)+len(r.Pairing.OnlyB) > 0 {
		return true
	}
	for _, k := range r.Kernels {
		if !k.Same() {
			return true
		}
	}
	return false
}

// flagValues are the command's flags as they are parsed.
type flagValues struct {
	json, text *bool
	context    *int
	surfaces   *string
	decode     func() (decoder.Options, error)
}

// Flags returns the command's flags, registered on a new FlagSet and
// nothing run: the completions and the man page list them.
func Flags() *flag.FlagSet {
	fs := flag.NewFlagSet("diff", flag.ContinueOnError)
	register(fs)
	return fs
}

// register registers the command's flags on fs.
func register(fs *flag.FlagSet) flagValues {
	return flagValues{
		json:     fs.Bool("json", false, "JSON Lines: a kernel record per pair, then one record per change"),
		text:     fs.Bool("text", false, "print the text form even when the output is a terminal"),
		context:  fs.Int("U", 1, "`N` unchanged instructions shown above and below each run of changes"),
		surfaces: fs.String("surfaces", "", "surface description `FILE` (JSON) the INFO results are simulated with (default: every surface as the inspector's default)"),
		decode:   cli.Decode(fs),
	}
}

// Run runs the diff command with args (after the word "diff") and returns
// the exit status.
func Run(args []string, env Env) int {
	fs := flag.NewFlagSet("diff", flag.ContinueOnError)
	cli.SetHelp(fs, args, env.Stdout, env.Stderr, func(w io.Writer) { fmt.Fprintln(w, Usage) })
	f := register(fs)
	asJSON, asText, context, surfaces := f.json, f.text, f.context, f.surfaces
	// Flags may come after the inputs too (diff A B -U 3); "--" ends them.
	var inputs []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return ExitSame
			}
			return ExitError
		}
		rest = fs.Args()
		if len(rest) == 0 {
			break
		}
		if k := len(rest); len(args) > k && args[len(args)-k-1] == "--" {
			inputs = append(inputs, rest...)
			break
		}
		inputs = append(inputs, rest[0])
		rest = rest[1:]
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(env.Stderr, "infoscope diff: "+format+"\n", a...)
		fmt.Fprintln(env.Stderr, Usage)
		return ExitError
	}
	if len(inputs) != 2 {
		return usage("want two inputs (A and B), found %d", len(inputs))
	}
	if slices.Contains(inputs, "-") {
		// diff(1) reads "-" as stdin; a build is files or a folder.
		return usage("- (standard input): want a file or a dump folder for each build (./- names a file called -)")
	}
	if *context < 0 {
		return usage("-U %d: want 0 or more", *context)
	}
	if *asJSON && *asText {
		return usage("--json and --text: choose one")
	}
	dopts, err := f.decode()
	if err != nil {
		return usage("%v", err)
	}
	opt := diff.Options{}
	if *surfaces != "" {
		var sf *model.SurfaceFile
		data, err := env.Read(*surfaces, decoder.Options{})
		if err == nil {
			sf, err = model.ParseSurfaceFile(*surfaces, data)
		}
		if err != nil {
			fmt.Fprintf(env.Stderr, "infoscope diff: --surfaces: %v\n", err)
			return ExitError
		}
		opt.Env = func(b diff.Body, in *decoder.Info) model.Env {
			e, _ := sf.EnvFor(model.Scope{File: b.File, Body: b.Name}, in)
			return e
		}
	}
	// An input that cannot be read stops the command, as diff(1) does; one
	// read but not decoded whole is compared as far as it decoded, its
	// errors reported, and the status says so.
	failed := false
	var builds [2]Build
	for k, name := range inputs {
		b, whole, err := read(name, env, dopts)
		if err != nil {
			fmt.Fprintf(env.Stderr, "infoscope diff: %s\n", decoder.Display(err.Error()))
			return ExitError
		}
		failed = failed || !whole
		builds[k] = b
	}
	r := Compare(builds[0], builds[1], opt)
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "json", "text", "U":
		default:
			r.InspectArgs = append(r.InspectArgs, "--"+f.Name+"="+f.Value.String())
		}
	})
	r.InspectArgs = append(r.InspectArgs, "--", inputs[1])
	switch {
	case *asJSON:
		WriteJSON(decoder.JSONGuard(env.Stdout), r) // C1 controls and bidi overrides escaped too
	case env.Terminal && !*asText && env.Inspect != nil:
		if st := env.Inspect(r); st != ExitSame {
			return st // the inspector could not run
		}
	default:
		WriteText(env.Stdout, r, *context)
	}
	if failed {
		return ExitError
	}
	if r.Differs() {
		return ExitDiffer
	}
	return ExitSame
}

// read reads one side: a file, or every file of a dump folder. err is
// set when an input cannot be read; whole is false when one was read but
// not decoded whole (its errors are written to stderr).
func read(name string, env Env, o decoder.Options) (b Build, whole bool, err error) {
	b = Build{Name: name}
	files := []string{name}
	if env.Folder != nil {
		fs, note, err := env.Folder(name)
		if err != nil {
			return b, false, err
		}
		if fs != nil {
			files = fs
		}
		if note != "" {
			fmt.Fprintf(env.Stderr, "infoscope diff: %s: %s\n", decoder.Display(name), decoder.Display(note))
		}
	}
	// The files are decoded a few at once (they share nothing); their
	// messages are written in input order.
	type one struct {
		f      *decoder.File
		native nativeOf // stats nil: none
		err    error
		notes  bytes.Buffer
	}
	got := make([]one, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(len(files), max(1, runtime.GOMAXPROCS(0))) {
		wg.Go(func() {
			for i := range next {
				g := &got[i]
				fn := files[i]
				data, err := env.Read(fn, o)
				if err != nil {
					g.err = err
					continue
				}
				g.f = visatext.Decode(fn, data, o)
				g.native = readNative(fn, env, o, &g.notes)
			}
		})
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	whole = true
	for i := range got {
		g := &got[i]
		if g.err != nil {
			return b, false, g.err
		}
		for _, w := range g.f.Warnings {
			fmt.Fprintf(env.Stderr, "infoscope diff: %s: %s\n", decoder.Display(files[i]), decoder.Display(w))
		}
		for _, e := range g.f.Errors {
			fmt.Fprintf(env.Stderr, "infoscope diff: %s\n", decoder.Display(e.Error()))
			whole = false
		}
		env.Stderr.Write(g.notes.Bytes())
		b.Files = append(b.Files, g.f)
		if g.native.stats != nil {
			if b.Native == nil {
				b.Native = map[string]nativeOf{}
			}
			b.Native[files[i]] = g.native
		}
	}
	return b, whole, nil
}

// readNative reads the .asm IGC wrote beside vISA text file fn, if there
// is one. A missing or damaged .asm costs its statistics only: a note
// says why.
func readNative(fn string, env Env, o decoder.Options, notes io.Writer) nativeOf {
	if env.Exists == nil || !native.IsVISAText(fn) {
		return nativeOf{}
	}
	_, nf, err := native.ReadSet(fn, env.Exists, func(n string) ([]byte, error) { return env.Read(n, o) })
	if err != nil {
		fmt.Fprintf(notes, "infoscope diff: note: no native statistics: %s\n", decoder.Display(err.Error()))
		return nativeOf{}
	}
	if nf == nil {
		return nativeOf{}
	}
	if len(nf.Errors) > 0 {
		fmt.Fprintf(notes, "infoscope diff: note: %s (%d lines not read; the statistics are still compared)\n", decoder.Display(nf.Errors[0].Error()), len(nf.Errors)+nf.MoreErrors)
	}
	st := &diff.NativeStats{Insts: nf.InstCount, GRF: nf.NumGRF, RAType: nf.RA, SpillBytes: nf.SpillBytes}
	for _, s := range nf.Stats {
		v, err := strconv.Atoi(strings.TrimSpace(s.Value))
		if err != nil {
			continue
		}
		switch s.Key {
		case "syncInstCount":
			st.Sync = v
		case "BankConflicts":
			st.BankConflicts = v
		}
	}
	return nativeOf{kernel: nf.Kernel, stats: st}
}

// Compare pairs and compares two builds, a pair per core at once.
func Compare(a, b Build, o diff.Options) *Result {
	r := &Result{A: a, B: b}
	r.Pairing = diff.PairBodies(a.bodies(), b.bodies())
	r.Kernels = diff.CompareAll(r.Pairing.Pairs, o, runtime.GOMAXPROCS(0))
	return r
}

// jsonStats is one side's statistics in a kernel record.
type jsonStats struct {
	File   string            `json:"file"`
	Insts  int               `json:"insts"`
	Infos  int               `json:"infos"`
	Native *diff.NativeStats `json:"native,omitempty"`
}

type jsonKernel struct {
	Kind   string         `json:"kind"`
	Kernel string         `json:"kernel"`
	Same   bool           `json:"same"`
	A      jsonStats      `json:"a"`
	B      jsonStats      `json:"b"`
	Delta  map[string]int `json:"delta"`
	Counts map[string]int `json:"counts"`
}

type jsonSide struct {
	Index int    `json:"index"`
	Text  string `json:"text"`
}

type jsonChange struct {
	Kind   string       `json:"kind"`
	Kernel string       `json:"kernel"`
	A      *jsonSide    `json:"a"`
	B      *jsonSide    `json:"b"`
	Fields []diff.Field `json:"fields"`
}

type jsonDecl struct {
	Kind   string       `json:"kind"`
	Kernel string       `json:"kernel"`
	A      string       `json:"a"`
	B      string       `json:"b"`
	Fields []diff.Field `json:"fields"`
}

type jsonUnpaired struct {
	Kind   string `json:"kind"`
	Side   string `json:"side"`
	Kernel string `json:"kernel"`
	File   string `json:"file"`
}

// WriteJSON writes r as JSON Lines: per pair a "kernel" record, then its
// "added", "removed" and "changed" records in order, then its "decl"
// records; after the pairs an "unpaired" record per body on one side only.
func WriteJSON(w io.Writer, r *Result) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, k := range r.Kernels {
		nc := k.Counts()
		rec := jsonKernel{Kind: "kernel", Kernel: k.Name, Same: k.Same(),
			A:     jsonStats{File: k.A.File, Insts: k.StatsA.Insts, Infos: k.StatsA.Infos, Native: k.StatsA.Native},
			B:     jsonStats{File: k.B.File, Insts: k.StatsB.Insts, Infos: k.StatsB.Infos, Native: k.StatsB.Native},
			Delta: map[string]int{"insts": k.StatsB.Insts - k.StatsA.Insts, "infos": k.StatsB.Infos - k.StatsA.Infos},
			Counts: map[string]int{"added": nc[diff.Added], "removed": nc[diff.Removed], "changed": nc[diff.Changed],
				"decls": len(k.Decls)}}
		if a, b := k.StatsA.Native, k.StatsB.Native; a != nil && b != nil {
			for name, d := range nativeDeltas(a, b) {
				rec.Delta["native_"+name] = d
			}
		}
		enc.Encode(rec)
		for _, c := range k.Changes {
			rec := jsonChange{Kind: c.Kind.String(), Kernel: k.Name, Fields: c.Fields}
			if rec.Fields == nil {
				rec.Fields = []diff.Field{}
			}
			if c.A >= 0 {
				rec.A = &jsonSide{c.A, c.AText}
			}
			if c.B >= 0 {
				rec.B = &jsonSide{c.B, c.BText}
			}
			enc.Encode(rec)
		}
		for _, d := range k.Decls {
			enc.Encode(jsonDecl{Kind: "decl", Kernel: k.Name, A: d.A, B: d.B, Fields: d.Fields})
		}
	}
	for _, b := range r.Pairing.OnlyA {
		enc.Encode(jsonUnpaired{"unpaired", "a", b.Name, b.File})
	}
	for _, b := range r.Pairing.OnlyB {
		enc.Encode(jsonUnpaired{"unpaired", "b", b.Name, b.File})
	}
}

// nativeDeltas are the numeric native statistics' deltas, B - A.
func nativeDeltas(a, b *diff.NativeStats) map[string]int {
	return map[string]int{"insts": b.Insts - a.Insts, "grf": b.GRF - a.GRF, "spill_bytes": b.SpillBytes - a.SpillBytes,
		"sync": b.Sync - a.Sync, "bank_conflicts": b.BankConflicts - a.BankConflicts}
}
