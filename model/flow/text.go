package flow

import (
	"regexp"
	"strconv"
	"strings"

	"infoscope/decoder"
)

// Data flow of a body read from vISA text. The decoder parses most lines
// back into operands (the opcode table's text forms read in reverse): those
// are reduced like a binary's instructions. Control flow keeps the text's
// own label names, and a line the decoder does not parse is read here, as
// IGC prints its operands:
//
//	general  [(-)|(abs)|(-abs)|(~)]NAME(row,col)<region>
//	raw      NAME.offset
//	indirect r[A0(0),0]<...>:type (bytes not modelled)
//
// Roles then come from the kind of instruction: an ALU instruction writes
// its first operand when that is a general one and reads the others; a
// message (send, load, store, sampler, atomic, LSC, dpas) reads its general
// operands, and its raw operands may be read or written: they count as
// possible sources and readers, never as overwrites. The pane says how many
// lines were read so.

var (
	reExec    = regexp.MustCompile(`\((?:M\d+(?:_NM)?|NoMask)?, *(\d+)\)`)
	reGeneral = regexp.MustCompile(`(?:^|[\s,(])(\(-\)|\(abs\)|\(-abs\)|\(~\))?([A-Za-z_%][\w%$]*)\((\d+),(\d+)\)(<[\d;,]*>)?`)
	reRaw     = regexp.MustCompile(`(?:^|\s)([A-Za-z_%][\w%$]*)\.(\d+)(?:\s|$)`)
)

// messageWords mark a mnemonic whose raw operands are message payloads.
var messageWords = []string{"send", "lsc", "gather", "scatter", "sample", "load", "_ld", "_st",
	"atomic", "media", "oword", "svm", "typed", "vme", "avs", "va", "dpas", "transpose", "strbuf"}

func isMessage(mn string) bool {
	for _, w := range messageWords {
		if strings.Contains(mn, w) {
			return true
		}
	}
	return false
}

func isControl(mn string) bool {
	switch mn {
	case "label", "subroutine", "jmp", "goto", "switchjmp", "ret", "fret", "call", "fcall", "ifcall":
		return true
	}
	return false
}

// textNames maps the variable names of a body to their ids.
func textNames(sym *decoder.Symbols) map[string]uint32 {
	names := map[string]uint32{}
	for id := uint32(0); id < decoder.NumPredefinedVars; id++ {
		if n := decoder.PredefinedVarName(id); n != "" {
			names[n] = id
		}
	}
	if sym != nil {
		for k, v := range sym.Vars {
			if _, dup := names[v.Name]; !dup {
				names[v.Name] = uint32(decoder.NumPredefinedVars + k)
			}
		}
	}
	return names
}

// textFlowInsts reduces each instruction of a body read from text.
func textFlowInsts(s *decoder.Stream, infoAt func(int) (int, bool), ops func(int) InfoOperands, grf int, f func(fi *Inst)) {
	names := textNames(s.Symbols)
	labels := map[string]int{}
	labelID := func(name string) int {
		if id, ok := labels[name]; ok {
			return id
		}
		labels[name] = len(labels)
		return len(labels) - 1
	}
	var in decoder.Instruction
	var fi Inst
	for i := range s.NumInsts() {
		if k, ok := infoAt(i); ok {
			infoFlowInstTo(&fi, ops(k))
			f(&fi)
			continue
		}
		t := &s.Text[i]
		// A line the decoder parses back into operands (the opcode
		// table's text form read in reverse) has their roles and sizes
		// as a binary's; control flow stays with the text's own label
		// names, and any other line is read here.
		if t.Text != "" && !isControl(t.Mnemonic()) {
			s.Decode(i, &in)
			if in.N > 0 || in.HasExec {
				flowInstTo(&fi, &in, grf)
				f(&fi)
				continue
			}
		}
		fi = textFlowInst(t, s.Symbols, names, labelID, grf)
		f(&fi)
	}
}

func textFlowInst(t *decoder.TextInst, sym *decoder.Symbols, names map[string]uint32, labelID func(string) int, grf int) Inst {
	fi := Inst{Label: -1}
	text := strings.TrimSpace(t.Text)
	if text == "" {
		return fi
	}
	mn := t.Mnemonic()
	if mn == "label" || mn == "subroutine" {
		fi.Label = labelID(strings.TrimSuffix(text, ":"))
		return fi
	}
	pred := false
	if strings.HasPrefix(text, "(") {
		if j := strings.IndexByte(text, ')'); j > 0 {
			p := text[1:j]
			pred = strings.HasPrefix(p, "P") || strings.HasPrefix(p, "!P")
			if pred {
				text = strings.TrimSpace(text[j+1:])
			}
		}
	}
	n, ops := 1, text
	if loc := reExec.FindStringSubmatchIndex(text); loc != nil {
		n, _ = strconv.Atoi(text[loc[2]:loc[3]])
		n = max(n, 1)
		ops = text[loc[1]:]
	} else if j := strings.IndexAny(text, " \t"); j >= 0 {
		ops = text[j:]
	} else {
		ops = ""
	}
	fields := strings.Fields(ops)
	switch mn {
	case "jmp", "goto":
		if len(fields) > 0 {
			fi.Targets = []int{labelID(fields[len(fields)-1])}
		}
		fi.Stop = !pred
		return fi
	case "switchjmp":
		if a, b := strings.LastIndexByte(ops, '('), strings.LastIndexByte(ops, ')'); a >= 0 && b > a {
			for _, l := range strings.Split(ops[a+1:b], ",") {
				if l = strings.TrimSpace(l); l != "" {
					fi.Targets = append(fi.Targets, labelID(l))
				}
			}
		}
		fi.Stop = true
		return fi
	case "ret", "fret":
		fi.Stop = !pred
		return fi
	case "call", "fcall":
		fi.Call = true
		return fi
	case "ifcall":
		fi.Call, fi.Indirect = true, true
		return fi
	}
	fi.Guessed = true
	if strings.Contains(ops, "r[") {
		fi.Opaque = true
	}
	msg := isMessage(mn)
	// The destination is the first operand, when that is a general one
	// (cmp and setp write a predicate, addr_add an address: then every
	// general operand is read).
	lead := len(ops) - len(strings.TrimLeft(ops, " \t"))
	for _, idx := range reGeneral.FindAllStringSubmatchIndex(ops, -1) {
		m := []string{"", "", ops[idx[4]:idx[5]], ops[idx[6]:idx[7]], ops[idx[8]:idx[9]], ""}
		if idx[10] >= 0 {
			m[5] = ops[idx[10]:idx[11]]
		}
		start := idx[4]
		if idx[2] >= 0 {
			start = idx[2]
		}
		first := start == lead
		id, ok := names[m[2]]
		if !ok || id == 0 {
			continue
		}
		row, _ := strconv.Atoi(m[3])
		col, _ := strconv.Atoi(m[4])
		v, off := root(sym, id)
		esz := elemSize(sym, id)
		base := off + row*grf + col*esz
		write := first && !msg
		vs, w, h := regionValues(m[5], write, n)
		accs := spanAccesses(v, base, esz, n, vs, w, h, !pred || !write)
		if write {
			fi.Writes = append(fi.Writes, accs...)
		} else {
			fi.Reads = append(fi.Reads, accs...)
		}
	}
	for _, m := range reRaw.FindAllStringSubmatch(ops, -1) {
		id, ok := names[m[1]]
		if !ok || id == 0 {
			continue
		}
		o, _ := strconv.Atoi(m[2])
		v, off := root(sym, id)
		acc := Access{Var: v, Start: off + o, End: max(off+o+1, off+varBytes(sym, id, grf))}
		fi.Reads = append(fi.Reads, acc)
		fi.Writes = append(fi.Writes, acc)
		fi.Payload = true
	}
	return fi
}

// regionValues reads "<h>", "<w,h>" or "<v;w,h>" (a destination's
// horizontal stride, or a source's region); a missing or odd region
// reads the lanes' elements in a row.
func regionValues(r string, dst bool, n int) (vs, w, h int) {
	r = strings.Trim(r, "<>")
	var nums []int
	for _, f := range strings.FieldsFunc(r, func(c rune) bool { return c == ';' || c == ',' }) {
		x, err := strconv.Atoi(f)
		if err != nil {
			return n, n, 1
		}
		nums = append(nums, x)
	}
	switch {
	case len(nums) == 1:
		return n, n, max(nums[0], 1)
	case len(nums) == 3 && nums[1] > 0:
		return nums[0], nums[1], nums[2]
	}
	return n, n, 1
}

// spanAccesses is regionAccesses with the region's values.
func spanAccesses(v uint32, base, esz, n, vs, w, h int, must bool) []Access {
	var accs []Access
	for i := range n {
		s := base + (i/w*vs+i%w*h)*esz
		if k := len(accs) - 1; k >= 0 && accs[k].End == s {
			accs[k].End = s + esz
			continue
		}
		dup := false
		for _, a := range accs {
			if s >= a.Start && s+esz <= a.End {
				dup = true
				break
			}
		}
		if !dup {
			accs = append(accs, Access{Var: v, Start: s, End: s + esz, Must: must})
		}
	}
	return accs
}
