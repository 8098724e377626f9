// Package dumpgen generates dump folders of vISA text as IGC prints them
// (numbered variables V0032.., labels, "/// $N" on each instruction), for
// the diff benchmarks and tests that need a large pair of builds, and for
// cmd/gendumps, which writes such a pair to time `infoscope diff` by hand:
// a build, and the same build changed the way a compiler change changes
// one (an instruction inserted, so every later variable and $N shift; an
// operand edited; an instruction removed).
package dumpgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Kernel is one generated kernel's text.
type Kernel struct {
	Name string
	Text string
}

// Build generates n kernels of about insts instructions each, from seed.
func Build(seed uint64, n, insts int) []Kernel {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	out := make([]Kernel, n)
	for k := range out {
		name := fmt.Sprintf("gen_kernel_%03d", k)
		out[k] = Kernel{Name: name, Text: kernel(r, name, insts)}
	}
	return out
}

// numbered is one kernel as a list of instructions over numbered
// variables, printed at the end so that changes may renumber.
type numbered struct {
	vars  []string // declaration after the name: "v_type=G type=d num_elts=16 align=GRF"
	lines []line
}

// line is one instruction: a format with %v placeholders for variables
// (indices into vars), or a label.
type line struct {
	format string
	vars   []int
	label  bool
}

var types = []struct{ name, imm string }{{"d", "d"}, {"ud", "ud"}, {"f", "f"}, {"w", "w"}}

func kernel(r *rand.Rand, name string, insts int) string {
	var k numbered
	nv := max(8, insts/5)
	for range nv {
		t := types[r.IntN(len(types))]
		elts := []int{1, 8, 16, 32}[r.IntN(4)]
		k.vars = append(k.vars, fmt.Sprintf("v_type=G type=%s num_elts=%d align=GRF", t.name, elts))
	}
	pick := func() int { return r.IntN(nv) }
	labels := 0
	for i := 0; i < insts; i++ {
		switch x := r.IntN(100); {
		case x < 30:
			k.lines = append(k.lines, line{format: "mov (M1, 16) %v(0,0)<1> %v(0,0)<1;1,0>", vars: []int{pick(), pick()}})
		case x < 55:
			op := []string{"add", "mul", "and", "or", "xor", "shl"}[r.IntN(6)]
			k.lines = append(k.lines, line{format: op + " (M1, 16) %v(0,0)<1> %v(0,0)<1;1,0> %v(0,0)<1;1,0>", vars: []int{pick(), pick(), pick()}})
		case x < 70:
			k.lines = append(k.lines, line{format: fmt.Sprintf("add (M1_NM, 1) %%v(0,0)<1> %%v(0,0)<0;1,0> 0x%x:d", r.IntN(4096)), vars: []int{pick(), pick()}})
		case x < 80:
			k.lines = append(k.lines, line{format: "mad (M1, 16) %v(0,0)<1> %v(0,0)<1;1,0> %v(0,0)<1;1,0> %v(0,0)<1;1,0>", vars: []int{pick(), pick(), pick(), pick()}})
		case x < 85:
			k.lines = append(k.lines, line{format: fmt.Sprintf("cmp.lt (M1, 16) P1 %%v(0,0)<1;1,0> 0x%x:d", r.IntN(64)), vars: []int{pick()}})
			k.lines = append(k.lines, line{format: fmt.Sprintf("(!P1) jmp (M1, 1) BB_%d", labels)})
			i++
		case x < 88:
			k.lines = append(k.lines, line{format: fmt.Sprintf("BB_%d:", labels), label: true})
			labels++
		case x < 93:
			k.lines = append(k.lines, line{format: "lsc_load.ugm (M1_NM, 1)  %v:d32t  flat[%v]:a64", vars: []int{pick(), pick()}})
		default:
			k.lines = append(k.lines, line{format: fmt.Sprintf("mov (M1_NM, 1) %%v(0,0)<1> 0x%x:d", r.IntN(1<<24)), vars: []int{pick()}})
		}
	}
	return k.print(name, labelsUsed(k.lines))
}

// labelsUsed returns the labels jumped to that no line defines.
func labelsUsed(ls []line) []string {
	defined := map[string]bool{}
	for _, l := range ls {
		if l.label {
			defined[strings.TrimSuffix(l.format, ":")] = true
		}
	}
	var missing []string
	seen := map[string]bool{}
	for _, l := range ls {
		if i := strings.Index(l.format, "jmp (M1, 1) "); i >= 0 {
			t := l.format[i+len("jmp (M1, 1) "):]
			if !defined[t] && !seen[t] {
				missing = append(missing, t)
				seen[t] = true
			}
		}
	}
	return missing
}

// print writes the kernel: variables numbered from V0032 in order of
// declaration, the labels no line defines placed at the end.
func (k *numbered) print(name string, extra []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, ".version 4.1\n\n.kernel %q\n\n", name)
	for i, d := range k.vars {
		fmt.Fprintf(&b, ".decl V%04d %s\n", i+32, d)
	}
	b.WriteString(".decl P1 v_type=P num_elts=16\n")
	b.WriteString(".kernel_attr Target=\"3d\"\n.kernel_attr SimdSize=16\n\n")
	n := 0
	for _, l := range k.lines {
		if l.label {
			fmt.Fprintf(&b, "\n%s\n", l.format)
			n++
			continue
		}
		args := make([]any, len(l.vars))
		for j, v := range l.vars {
			args[j] = fmt.Sprintf("V%04d", v+32)
		}
		text := fmt.Sprintf(l.format, args...)
		fmt.Fprintf(&b, "    %-76s /// $%d\n", text, n)
		n++
	}
	for _, lab := range extra {
		fmt.Fprintf(&b, "\n%s:\n", lab)
		n++
	}
	fmt.Fprintf(&b, "    %-76s /// $%d\n", "ret (M1, 1)", n)
	return b.String()
}

// Change returns kernels changed as a compiler change would: in each, an
// instruction inserted near the top defining a new variable (every later
// variable number and $N shift by one), and one immediate edited. It
// reports how many instructions it added and changed in all.
func Change(ks []Kernel) (out []Kernel, added, changed int) {
	out = make([]Kernel, len(ks))
	for i, k := range ks {
		text := insert(k.Text)
		added++
		// The last "0x..:d" immediate (far from the insertion): one
		// digit more.
		if j := strings.LastIndex(text, ":d "); j > 0 && strings.LastIndex(text[:j], " 0x") == strings.LastIndex(text[:j], " ") {
			text = text[:j] + "1" + text[j:]
			changed++
		}
		out[i] = Kernel{Name: k.Name, Text: text}
	}
	return out, added, changed
}

// insert adds "mov (M1_NM, 1) Vnew(0,0)<1> 0x2a:d" before the fourth
// instruction; Vnew takes the number after the middle variable's, and
// every later variable number and $N shift by one.
func insert(text string) string {
	lines := strings.Split(text, "\n")
	nvars := 0
	for _, l := range lines {
		if strings.HasPrefix(l, ".decl V") {
			nvars++
		}
	}
	nv := 32 + nvars/2
	at := -1
	var out []string
	for _, l := range lines {
		l = renumberVars(l, nv)
		if strings.HasPrefix(l, fmt.Sprintf(".decl V%04d ", nv+1)) {
			out = append(out, fmt.Sprintf(".decl V%04d v_type=G type=d num_elts=1 align=dword", nv))
		}
		if i := strings.LastIndex(l, "/// $"); i >= 0 {
			var n int
			fmt.Sscanf(l[i+5:], "%d", &n)
			if at < 0 && n >= 3 {
				at = n
				out = append(out, fmt.Sprintf("    %-76s /// $%d", fmt.Sprintf("mov (M1_NM, 1) V%04d(0,0)<1> 0x2a:d", nv), at))
			}
			if at >= 0 && n >= at {
				l = fmt.Sprintf("%s/// $%d", l[:i], n+1)
			}
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// renumberVars adds one to every V<4 digits> numbered nv or more in l.
func renumberVars(l string, nv int) string {
	var b strings.Builder
	for i := 0; i < len(l); i++ {
		if l[i] == 'V' && i+5 <= len(l) && isDigits(l[i+1:i+5]) && (i+5 == len(l) || !isDigit(l[i+5])) && (i == 0 || !isWord(l[i-1])) {
			var n int
			fmt.Sscanf(l[i+1:i+5], "%d", &n)
			if n >= nv {
				n++
			}
			fmt.Fprintf(&b, "V%04d", n)
			i += 4
			continue
		}
		b.WriteByte(l[i])
	}
	return b.String()
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isWord(c byte) bool {
	return isDigit(c) || c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isDigits(s string) bool {
	for i := range len(s) {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}
