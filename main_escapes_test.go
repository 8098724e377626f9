package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"infoscope/decoder"
	"infoscope/sampledata"
	"infoscope/tui/diffcmd"
	"infoscope/tui/dump"
)

// escHostile is what a hostile input writes in each of its names and
// texts: a window retitle (OSC 0 ... BEL), a screen clear, a colour, a C1
// CSI (U+009B) and a right-to-left override. (The inspector's views are
// tested with the same pieces in tui's TestEscapesNeverRendered.)
const escHostile = "\x1b]0;pwn\a\x1b[2J\x1b[5;38;2;1;2;3m\u009b31m\u202e"

// escInputs returns one input of each kind with the hostile string in
// every name and text it has: a surface file (a v_name), vISA text (kernel, variable and surface
// names, labels, comments, instruction text; as a person writes it and as
// IGC prints it), an object file (a name of
// its string pool, and a raw C1 byte), and a C source holding that object.
func escInputs(t *testing.T) map[string][]byte {
	t.Helper()
	text := ".version 4.1\n.kernel \"k" + escHostile + "\"\n" +
		".decl RES0 v_type=G type=ud num_elts=64 align=GRF\n" +
		".decl LOD0 v_type=G type=ud num_elts=64 align=GRF\n" +
		".decl V" + escHostile + " v_type=G type=ud num_elts=64 align=GRF\n" +
		".decl T6 v_type=T num_elts=1 v_name=surf" + escHostile + "\n" +
		"// comment " + escHostile + "\n" +
		"    mov (M1, 8) V" + escHostile + "(0,0)<1> 0x1:d  /// $0 " + escHostile + "\n" +
		"L" + escHostile + ":\n" +
		"    resinfo.RGBA (M1, 16)  T6 LOD0.0 RES0.0   /// " + escHostile + "\n" +
		"    goto (M1, 16) L" + escHostile + "\n" +
		"    ret (M1, 1)\n"
	// IGC's printed form (its instruction lines numbered "/// $N"), which
	// dump --visaasm prints back line for line.
	printed := ".version 4.1\n.kernel \"k" + escHostile + "\"\n" +
		"// comment " + escHostile + "\n" +
		".decl LOD0 v_type=G type=ud num_elts=64 align=GRF\n" +
		".decl RES0" + escHostile + " v_type=G type=ud num_elts=64 align=GRF\n" +
		".decl T6 v_type=T num_elts=1 v_name=surf" + escHostile + "\n" +
		".kernel_attr Target=\"3d\"    mov (M1, 8) LOD0(0,0)<1> 0x1:d                                                /// $0\n" +
		"    resinfo.RGBA (M1, 16)  T6 LOD0.0 RES0" + escHostile + ".0                                        /// $1\n" +
		"    ret (M1, 1)                                                                  /// $2\n"
	obj, err := sampledata.Read("kernels.isa")
	if err != nil {
		t.Fatal(err)
	}
	obj = bytes.Clone(obj)
	i := bytes.Index(obj, []byte("info_"))
	if i < 0 {
		t.Fatal("no kernel name in the sample")
	}
	copy(obj[i+1:], "\x1b[2J\x9b") // the name keeps its length
	var c strings.Builder
	c.WriteString("/* " + escHostile + " */\nstatic const unsigned char k_" + "[] = {")
	for j, b := range obj {
		if j > 0 {
			c.WriteString(",")
		}
		fmt.Fprintf(&c, "0x%02x", b)
	}
	c.WriteString("};\n")
	sf, _ := json.Marshal(map[string]any{"surfaces": map[string]any{"surf" + escHostile: map[string]any{"type": "2d", "width": 4}}})
	return map[string][]byte{"h.visaasm": []byte(text), "p.visaasm": []byte(printed), "o.isa": obj, "c.c": []byte(c.String()), "s.json": sf}
}

// escLeaked returns the hostile pieces found in out.
func escLeaked(out []byte) []string {
	var bad []string
	if i := bytes.IndexAny(out, "\x1b\a"); i >= 0 {
		bad = append(bad, fmt.Sprintf("%q at %d", out[i], i))
	}
	for s := out; len(s) > 0; {
		r, n := utf8.DecodeRune(s)
		if r >= 0x80 && r < 0xa0 || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == utf8.RuneError && n == 1 && s[0] >= 0x80 && s[0] < 0xa0 {
			bad = append(bad, fmt.Sprintf("%q", s[:n]))
			break
		}
		s = s[n:]
	}
	return bad
}

// TestEscapesNeverWritten: escape sequences in every name and text of every
// kind of input reach no output raw: dump's text, --all, --visaasm and
// --bodies, its JSON (valid, the escapes escaped), and the diff command's
// text and JSON (the SSH server's dump runs the same dump.Run).
func TestEscapesNeverWritten(t *testing.T) {
	inputs := escInputs(t)
	open := func(name string) ([]byte, error) {
		if b, ok := inputs[name]; ok {
			return b, nil
		}
		return nil, fmt.Errorf("no %s", name)
	}
	for name := range inputs {
		if name == "s.json" {
			continue
		}
		for _, args := range [][]string{{}, {"--all"}, {"--visaasm"}, {"--bodies"}, {"--json"}, {"--all", "--json"}, {"--bodies", "--json"},
			{"--surfaces", "s.json"}, {"--surfaces", "s.json", "--json"}} {
			var out, errb bytes.Buffer
			dump.Run(append(args, name), dump.Env{Stdout: &out, Stderr: &errb, Open: open})
			if bad := escLeaked(out.Bytes()); len(bad) > 0 {
				t.Errorf("dump %v %s: %v in stdout:\n%q", args, name, bad, out.String())
			}
			if bad := escLeaked(errb.Bytes()); len(bad) > 0 {
				t.Errorf("dump %v %s: %v in stderr:\n%q", args, name, bad, errb.String())
			}
			if len(args) > 0 && args[len(args)-1] == "--json" {
				for _, l := range bytes.Split(bytes.TrimSpace(out.Bytes()), []byte("\n")) {
					if len(l) > 0 && !json.Valid(l) {
						t.Errorf("dump %v %s: not JSON: %q", args, name, l)
					}
				}
			}
		}
	}
	// diff: the object against itself with another hostile name, and the
	// vISA text against itself.
	other := bytes.Clone(inputs["o.isa"])
	i := bytes.Index(other, []byte("\x1b[2J\x9b"))
	copy(other[i:], "\u202e\x1b]0")
	inputs["p.isa"] = other
	read := func(name string, _ decoder.Options) ([]byte, error) { return open(name) }
	for _, pair := range [][2]string{{"o.isa", "p.isa"}, {"h.visaasm", "h.visaasm"}} {
		for _, mode := range []string{"--text", "--json"} {
			var out, errb bytes.Buffer
			diffcmd.Run([]string{mode, pair[0], pair[1]}, diffcmd.Env{Stdout: &out, Stderr: &errb, Read: read,
				Folder: func(string) ([]string, string, error) { return nil, "", nil }})
			if out.Len() == 0 {
				t.Errorf("diff %s %v: no output; stderr %q", mode, pair, errb.String())
			}
			for _, b := range []*bytes.Buffer{&out, &errb} {
				if bad := escLeaked(b.Bytes()); len(bad) > 0 {
					t.Errorf("diff %s %v: %v in:\n%q", mode, pair, bad, b.String())
				}
			}
			if mode == "--json" {
				for _, l := range bytes.Split(bytes.TrimSpace(out.Bytes()), []byte("\n")) {
					if len(l) > 0 && !json.Valid(l) {
						t.Errorf("diff %v: not JSON: %q", pair, l)
					}
				}
			}
		}
	}
}
