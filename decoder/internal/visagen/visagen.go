// Package visagen generates vISA text kernels for the tests that hold
// infoscope against Intel's own tools (GenX_IR, iga64): deterministic for a
// seed, in the grammar of GenX_IR 1.0.12504 (the IGC of Debian 12's
// libigc-tools), covering its opcodes and operand classes.
//
// Generate makes kernels the verifier accepts; Invalid makes kernels each
// of which has instructions the verifier refuses, marked so that a test can
// check that infoscope diagnoses the same instructions.
//
// The package is test support: only tests import it (decoder/visatext's
// TestGenXIR; decoder/native's TestIGA compiles the same kernels with
// GenX_IR and decodes the sends of the Gen assembly).
package visagen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Platform is a GenX_IR -platform name the generator knows the opcodes of.
type Platform string

// The platforms the generator targets.
const (
	SKL   Platform = "SKL"
	TGLLP Platform = "TGLLP"
	DG2   Platform = "DG2"
)

// Kernel is one generated kernel.
type Kernel struct {
	Name     string
	Platform Platform
	Text     []byte // the .visaasm source
	// Insts is the number of instruction lines (labels included).
	Insts int
	// Refused lists the 1-based source lines of the instructions the
	// verifier refuses (Invalid kernels only).
	Refused []int
	// Repro is the command line, run from the module's root, that prints
	// this kernel's text (and with -genxir DIR runs GenX_IR on it), so a
	// test failure naming the kernel can be reproduced by hand.
	Repro string
}

// Config says what to generate.
type Config struct {
	Seed     uint64
	Kernels  int      // how many kernels
	Insts    int      // instructions per kernel (about; labels and calls add some)
	Platform Platform // "" cycles SKL, TGLLP, DG2
}

// Generate returns cfg.Kernels kernels the verifier of GenX_IR 1.0.12504
// accepts, the same for the same cfg.
func Generate(cfg Config) []Kernel { return generate(cfg, false) }

// Invalid returns cfg.Kernels kernels, each with a few instructions the
// verifier refuses (Kernel.Refused) among valid ones.
func Invalid(cfg Config) []Kernel { return generate(cfg, true) }

func generate(cfg Config, invalid bool) []Kernel {
	out := make([]Kernel, 0, cfg.Kernels)
	for k := range cfg.Kernels {
		g := newGen(cfg, k)
		out = append(out, g.kernel(invalid))
		out[k].Repro = repro(cfg, k, invalid)
	}
	return out
}

// repro is the command line of cmd/visagen that prints kernel k of cfg.
func repro(cfg Config, k int, invalid bool) string {
	s := fmt.Sprintf("go run ./decoder/internal/visagen/cmd/visagen -seed %d -kernel %d -insts %d", cfg.Seed, k, cfg.Insts)
	if cfg.Platform != "" {
		s += " -platform " + string(cfg.Platform)
	}
	if invalid {
		s += " -invalid"
	}
	return s
}

type gen struct {
	r      *rand.Rand
	p      Platform
	name   string
	lines  []string
	insts  int
	labels int
	n      int
	subs   []string // subroutine labels to emit after the main body
	refuse []int
	avail  []*op // the line shapes of the platform
	// indirectOK allows indirect sources (line's and lrp's are refused).
	indirectOK bool
}

func newGen(cfg Config, k int) *gen {
	p := cfg.Platform
	if p == "" {
		p = []Platform{DG2, TGLLP, SKL}[k%3]
	}
	n := cfg.Insts
	if n <= 0 {
		n = 64
	}
	return &gen{
		r:    rand.New(rand.NewPCG(cfg.Seed, uint64(k)+1)),
		p:    p,
		name: fmt.Sprintf("gen_%d_%d", cfg.Seed, k),
		n:    n,
	}
}

func (g *gen) intn(n int) int { return g.r.IntN(n) }

func (g *gen) pick(s ...string) string { return s[g.r.IntN(len(s))] }

func (g *gen) chance(pct int) bool { return g.r.IntN(100) < pct }

// grf is the register size in bytes.
const grf = 32

// Variables. Each general variable is 32 registers (1024 bytes), each
// alias 16 (512 bytes from an offset of at most 512), so that the regions
// of operands.go fit any of them.
type gvar struct {
	name string
	ty   string
}

var gvars = []gvar{
	{"UD0", "ud"}, {"UD1", "ud"}, {"UD2", "ud"},
	{"D0", "d"}, {"D1", "d"},
	{"F0", "f"}, {"F1", "f"}, {"F2", "f"},
	{"W0", "w"}, {"UW0", "uw"}, {"UW1", "uw"},
	{"HF0", "hf"}, {"HF1", "hf"},
	{"B0", "b"}, {"UB0", "ub"},
	{"DF0", "df"}, {"DF1", "df"},
	{"Q0", "q"}, {"UQ0", "uq"}, {"UQ1", "uq"},
}

// aliases are declared after the roots: name, type, root, byte offset.
var aliases = [][4]string{
	{"ALIASW", "w", "UD0", "128"},
	{"ALIASF", "f", "D1", "512"},
	{"ALIASUB", "ub", "UW1", "32"},
}

func typeSize(t string) int {
	switch t {
	case "df", "q", "uq":
		return 8
	case "ud", "d", "f":
		return 4
	case "w", "uw", "hf":
		return 2
	}
	return 1
}

// varsOf returns the variables (aliases included) of the given types.
func varsOf(types ...string) []string {
	var out []string
	for _, t := range types {
		for _, v := range gvars {
			if v.ty == t {
				out = append(out, v.name)
			}
		}
		for _, a := range aliases {
			if a[1] == t {
				out = append(out, a[0])
			}
		}
	}
	return out
}

func (g *gen) decls() {
	for _, v := range gvars {
		g.lines = append(g.lines, fmt.Sprintf(".decl %s v_type=G type=%s num_elts=%d align=GRF", v.name, v.ty, 1024/typeSize(v.ty)))
	}
	for _, a := range aliases {
		g.lines = append(g.lines, fmt.Sprintf(".decl %s v_type=G type=%s num_elts=%d align=GRF alias=<%s, %s>", a[0], a[1], 512/typeSize(a[1]), a[2], a[3]))
	}
	g.lines = append(g.lines,
		".decl RES0 v_type=G type=ud num_elts=512 align=GRF",
		".decl ADR v_type=A num_elts=4",
		".decl ADR1 v_type=A num_elts=1",
		".decl P8 v_type=P num_elts=8",
		".decl P16 v_type=P num_elts=16",
		".decl P32 v_type=P num_elts=32",
		".decl P1x v_type=P num_elts=1",
		".decl SMP v_type=S num_elts=1",
		".decl SMP2 v_type=S num_elts=1",
		".decl surf0 v_type=T num_elts=1",
		".decl surf1 v_type=T num_elts=1",
		".decl surf2 v_type=T num_elts=1",
	)
}

// inputs declares the kernel's inputs, which functions do not have.
func (g *gen) inputs() {
	g.lines = append(g.lines,
		".decl IN0 v_type=G type=ud num_elts=64 align=GRF",
		".decl IN1 v_type=G type=f num_elts=16 align=GRF",
		".input IN0 offset=64 size=256",
		".input IN1 offset=320 size=64",
		`.kernel_attr Target="3d"`,
	)
}

// function writes a function body the kernel calls with fcall: its own
// declarations (the same names: names are per body), the argument and
// return value as aliases of %arg and %retval, and a few instructions.
func (g *gen) function(name string) {
	g.lines = append(g.lines, "", fmt.Sprintf(".global_function %q", name))
	g.decls()
	g.lines = append(g.lines,
		".decl ARG v_type=G type=d num_elts=8 align=GRF alias=<%arg, 0>",
		".decl RET v_type=G type=d num_elts=8 align=GRF alias=<%retval, 0>",
		".kernel_attr ArgSize=1",
		".kernel_attr RetValSize=1",
		"    add (M1, 8) RET(0,0)<1> ARG(0,0)<8;8,1> 0x3:d",
	)
	g.straight(2 + g.intn(6))
	g.emit("fret (M1, 1)")
}

func (g *gen) kernel(invalid bool) Kernel {
	// 4.1 mostly; the other versions GenX_IR 12504 reads and prints back.
	ver := "4.1"
	if g.chance(25) {
		ver = g.pick("3.6", "4.0", "4.2")
	}
	g.lines = append(g.lines, ".version "+ver, fmt.Sprintf(".kernel %q", g.name))
	g.decls()
	g.inputs()
	// Some kernels call a function (fcall, .global_function, fret).
	fn := ""
	if !invalid && g.chance(30) {
		fn = "fn_" + g.name
	}
	called := false
	for i := range ops {
		if ops[i].on(g.p) {
			g.avail = append(g.avail, &ops[i])
		}
	}
	// IGC's kernels start with a subroutine label; GenX_IR's flow graph
	// needs one when the kernel calls subroutines.
	g.lines = append(g.lines, `.function "_main_0"`, "_main_0:")
	g.insts++
	for g.insts < g.n {
		if g.labels < 8 && g.chance(4) {
			g.label()
			continue
		}
		if fn != "" && g.chance(3) {
			g.emit(fmt.Sprintf("fcall (M1, 1) %s 1 1", fn))
			called = true
			continue
		}
		g.emitOp(g.avail[g.intn(len(g.avail))])
		if invalid && g.chance(8) {
			if bad := g.invalidInst(); bad != "" {
				g.emit(bad)
				g.refuse = append(g.refuse, len(g.lines))
			}
		}
	}
	if fn != "" && !called {
		g.emit(fmt.Sprintf("fcall (M1, 1) %s 1 1", fn))
	}
	if invalid && len(g.refuse) == 0 {
		g.emit(g.invalidInst())
		g.refuse = append(g.refuse, len(g.lines))
	}
	// The end label branches may name, then the subroutines, each after
	// a ret.
	g.lines = append(g.lines, "LEND:")
	g.insts++
	g.emit("ret (M1, 1)")
	for _, s := range g.subs {
		g.lines = append(g.lines, fmt.Sprintf(".function %q", s), s+":")
		g.insts++
		g.straight(1 + g.intn(3))
		g.emit("ret (M1, 1)")
	}
	if fn != "" {
		g.function(fn)
	}
	text := strings.Join(g.lines, "\n") + "\n"
	return Kernel{Name: g.name, Platform: g.p, Text: []byte(text), Insts: g.insts, Refused: g.refuse}
}

// emitOp writes a line of shape o; line's and lrp's sources may not be
// indirect.
func (g *gen) emitOp(o *op) {
	g.indirectOK = o.base != "line" && o.base != "lrp"
	g.emit(o.gen(g))
}

// straight writes n lines of shapes picked at random, dropping those that
// branch: a function or subroutine has no labels of its own.
func (g *gen) straight(n int) {
	for range n {
		if o := g.avail[g.intn(len(g.avail))]; !o.branch {
			g.emitOp(o)
		}
	}
}

func (g *gen) emit(s string) {
	g.lines = append(g.lines, "    "+s)
	g.insts++
}

func (g *gen) label() {
	g.labels++
	g.lines = append(g.lines, fmt.Sprintf("L%d:", g.labels))
	g.insts++
}
