package diff

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
	"infoscope/sampledata/testkit"
)

// oracleData is the decoder's folder of Intel-written objects and their
// disassembly (see its PROVENANCE.md); the tests read some of them there.
const oracleData = "../../decoder/testdata/oracle/"

// textInputs are the vISA text files of testdata and the three oracle
// listings.
func textInputs(t testing.TB) []string {
	t.Helper()
	return testkit.Glob(t, 5, "testdata/*.visaasm", "testdata/dumpset/*.visaasm",
		oracleData+"func_s1.dis.visaasm", oracleData+"info_channels.dis.visaasm", oracleData+"large_mix_1k.dis.visaasm")
}

func readText(t testing.TB, name, text string) *decoder.File {
	t.Helper()
	f := visatext.Read(name, []byte(text))
	if len(f.Errors) > 0 {
		t.Fatalf("%s: %v", name, f.Errors[0])
	}
	return f
}

func mustRead(t testing.TB, path string) string {
	t.Helper()
	return string(testkit.ReadFile(t, path))
}

// compareFiles compares every pair of two decoded inputs; every body must
// pair.
func compareFiles(t testing.TB, a, b *decoder.File) []*Kernel {
	t.Helper()
	p := PairBodies(Bodies([]*decoder.File{a}), Bodies([]*decoder.File{b}))
	if len(p.OnlyA)+len(p.OnlyB) > 0 {
		t.Fatalf("unpaired: %d in A, %d in B", len(p.OnlyA), len(p.OnlyB))
	}
	var out []*Kernel
	for _, pr := range p.Pairs {
		out = append(out, Compare(pr.A, pr.B, Options{}))
	}
	return out
}

// describe prints a kernel's changes for a failure message.
func describe(k *Kernel) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d changes, %d decls\n", k.Name, len(k.Changes), len(k.Decls))
	for i, c := range k.Changes {
		if i == 8 {
			b.WriteString("  ...\n")
			break
		}
		fmt.Fprintf(&b, "  %s $%d $%d %q | %q %v\n", c.Kind, c.A, c.B, c.AText, c.BText, c.Fields)
	}
	for _, d := range k.Decls {
		fmt.Fprintf(&b, "  decl %s %s %v\n", d.A, d.B, d.Fields)
	}
	return b.String()
}

var (
	reDecl  = regexp.MustCompile(`(?m)^\.decl (\S+) v_type=([GPA])\b`)
	reLabel = regexp.MustCompile(`(?m)^\s*([A-Za-z_][A-Za-z0-9_]*):\s*$`)
	reIdent = regexp.MustCompile(`[A-Za-z_%][A-Za-z0-9_]*`)
)

// renumber renames every declared general, predicate and address variable
// and every label of text, with new numbers in a random order (a
// predicate stays P<n>, an address A<n>, as the text's names for them).
func renumber(text string, r *rand.Rand) string {
	names := map[string]string{}
	byClass := map[string][]string{}
	for _, m := range reDecl.FindAllStringSubmatch(text, -1) {
		if _, ok := names[m[1]]; !ok {
			names[m[1]] = ""
			byClass[m[2]] = append(byClass[m[2]], m[1])
		}
	}
	for _, m := range reLabel.FindAllStringSubmatch(text, -1) {
		if _, ok := names[m[1]]; !ok {
			names[m[1]] = ""
			byClass["L"] = append(byClass["L"], m[1])
		}
	}
	for cl, ns := range byClass {
		perm := r.Perm(len(ns))
		for k, n := range ns {
			switch cl {
			case "G":
				names[n] = fmt.Sprintf("Vz%04d", perm[k]+40)
			case "L":
				names[n] = fmt.Sprintf("Lz_%d", perm[k])
			default: // P, A: keep the letter and a number
				names[n] = cl + strconv.Itoa(perm[k]+1)
			}
		}
	}
	// Two passes through unique placeholders, so a new name that is an old
	// one (P1 -> P2, P2 -> P1) is not renamed twice.
	return reIdent.ReplaceAllStringFunc(text, func(s string) string {
		if n, ok := names[s]; ok {
			return n
		}
		return s
	})
}

// shuffleDecls reorders each run of consecutive .decl lines at random,
// keeping an alias after the variable it aliases (the text requires it).
func shuffleDecls(text string, r *rand.Rand) string {
	lines := strings.Split(text, "\n")
	// Surfaces and samplers stay: the text reader numbers a surface
	// named T<n> n whatever its place (so a shuffle would change it).
	isDecl := func(l string) bool {
		return strings.HasPrefix(l, ".decl ") && !strings.Contains(l, "v_type=T") && !strings.Contains(l, "v_type=S")
	}
	for i := 0; i < len(lines); {
		if !isDecl(lines[i]) {
			i++
			continue
		}
		j := i
		for j < len(lines) && isDecl(lines[j]) {
			j++
		}
		run := append([]string(nil), lines[i:j]...)
		r.Shuffle(len(run), func(a, b int) { run[a], run[b] = run[b], run[a] })
		inRun := map[string]bool{}
		for _, l := range run {
			inRun[strings.Fields(l)[1]] = true
		}
		done := map[string]bool{}
		out := lines[i:i]
		for len(run) > 0 {
			rest := run[:0]
			for _, l := range run {
				base := aliasBase(l)
				if base == "" || !inRun[base] || done[base] {
					out = append(out, l)
					done[strings.Fields(l)[1]] = true
				} else {
					rest = append(rest, l)
				}
			}
			run = rest
		}
		_ = out
		i = j
	}
	return strings.Join(lines, "\n")
}

func aliasBase(decl string) string {
	_, after, ok := strings.Cut(decl, "alias=<")
	if !ok {
		return ""
	}
	base, _, _ := strings.Cut(after, ",")
	return strings.TrimSpace(base)
}

// reDollar finds the "/// $N" comment of an instruction line.
var reDollar = regexp.MustCompile(`/// \$(\d+)`)

// reVar finds IGC's numbered variable names (V0123).
var reVar = regexp.MustCompile(`\bV(\d{4})\b`)

// insertShifted inserts, before the first instruction $at or later (whose
// $N it returns), a mov defining a new
// variable; the new variable takes the number after the last one declared
// before the median, and every later variable number and every $N from at
// on shift by one, as IGC numbers them in order of creation.
func insertShifted(text string, at int) (string, int) {
	var nums []int
	for _, m := range regexp.MustCompile(`(?m)^\.decl V(\d{4}) v_type=G`).FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[1])
		nums = append(nums, n)
	}
	sort.Ints(nums)
	nv := nums[len(nums)/2] + 1 // the new variable's number
	text = reVar.ReplaceAllStringFunc(text, func(s string) string {
		n, _ := strconv.Atoi(s[1:])
		if n >= nv {
			n++
		}
		return fmt.Sprintf("V%04d", n)
	})
	lines := strings.Split(text, "\n")
	var out []string
	inserted := false
	for _, l := range lines {
		if strings.HasPrefix(l, fmt.Sprintf(".decl V%04d ", nv-1)) {
			out = append(out, l, fmt.Sprintf(".decl V%04d v_type=G type=d num_elts=1 align=dword", nv))
			continue
		}
		if m := reDollar.FindStringSubmatchIndex(l); m != nil {
			n, _ := strconv.Atoi(l[m[2]:m[3]])
			if n >= at {
				if !inserted {
					// It takes the $N of the line it goes before (lines
					// without a comment, FILE, LOC and labels, count too).
					at = n
					out = append(out, fmt.Sprintf("    mov (M1_NM, 1) V%04d(0,0)<1> 0x2a:d %s/// $%d", nv, strings.Repeat(" ", 43), at))
					inserted = true
				}
				l = l[:m[2]] + strconv.Itoa(n+1) + l[m[3]:]
			}
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n"), at
}
