package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"testing"

	"infoscope/decoder"
)

// parse registers the decode flags, parses args and reads the options.
func parse(args ...string) (decoder.Options, error) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	read := Decode(fs)
	if err := fs.Parse(args); err != nil {
		return decoder.Options{}, err
	}
	return read()
}

// TestDecodeFlags: every decode flag reaches the options, numbers read as
// the one parser reads them ("010" is ten, never octal 8).
func TestDecodeFlags(t *testing.T) {
	o, err := parse()
	if err != nil || o.Layout != decoder.LayoutAuto || o.Offset != 0 || o.Hex != decoder.HexAuto || o.Text || o.MaxInput != 0 || o.Version != decoder.DefaultVersion() {
		t.Fatalf("defaults: %+v %v", o, err)
	}
	o, err = parse("--layout", "seed", "--offset", "010", "--hex=false", "--visaasm-text", "--max-input", "0x100000", "--visa-version", "3.3")
	if err != nil || o.Layout != decoder.LayoutSeed || o.Offset != 10 || o.Hex != decoder.HexOff || !o.Text || o.MaxInput != 1<<20 || o.Version != (decoder.Version{Major: 3, Minor: 3}) {
		t.Fatalf("%+v %v", o, err)
	}
	if o, err = parse("--offset", "0x10", "--max-input", "010M"); err != nil || o.Offset != 16 || o.MaxInput != 10<<20 {
		t.Errorf("0x10, 010M: %+v %v", o, err)
	}
	for _, tc := range []struct{ args, want string }{
		{"--layout bogus", "--layout: "},
		{"--offset -1", `--offset: "-1" is not a number`},
		{"--offset 1_0", `--offset: "1_0" is not a number`},
		{"--visa-version 9.9", `--visa-version: "9.9": no vISA writer produced that version; want one of 3.0,`},
		{"--visa-version 4", `--visa-version: "4": want MAJOR.MINOR`},
	} {
		if _, err := parse(strings.Fields(tc.args)...); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q...", tc.args, err, tc.want)
		}
	}
}

// TestSize: sizes with units, in decimal or 0x hex; nothing else.
func TestSize(t *testing.T) {
	for in, want := range map[string]int64{"1048576": 1 << 20, "512K": 512 << 10, "64M": 64 << 20, "1G": 1 << 30, "2GiB": 2 << 30, "64MB": 64 << 20, "0x1B": 27, "010K": 10 << 10} {
		var s Size
		if err := s.Set(in); err != nil || int64(s) != want {
			t.Errorf("%q: %d %v, want %d", in, s, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1", "K", "1.5M", "0x10M", "1T", "99999999999G"} {
		var s Size
		if err := s.Set(in); err == nil {
			t.Errorf("%q accepted: %d", in, s)
		}
	}
}

// A size flag's help shows the default it starts with, and none for zero
// (whose default its usage states, as --max-input's does): the zero value
// showed 64 MiB, so a flag starting at 64 MiB showed no default and one
// starting at zero showed 64 MiB, whatever its reader's default.
func TestSizeDefaultInHelp(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	var b strings.Builder
	fs.SetOutput(&b)
	big, zero := Size(64<<20), Size(0)
	fs.Var(&big, "big", "a size")
	fs.Var(&zero, "zero", "a size")
	fs.PrintDefaults()
	if want := "  -big value\n    \ta size (default 64 MiB)\n  -zero value\n    \ta size\n"; b.String() != want {
		t.Errorf("help %q, want %q", b.String(), want)
	}
}

// TestIntFlag: count flags read "010" as ten, as every number a user gives
// does (flag.IntVar read it as octal 8).
func TestIntFlag(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var n int
	IntVar(fs, &n, "n", 32, "")
	if n != 32 {
		t.Fatalf("default %d", n)
	}
	if err := fs.Parse([]string{"-n", "010"}); err != nil || n != 10 {
		t.Errorf("010: %d %v", n, err)
	}
	if err := fs.Parse([]string{"-n", "0x20"}); err != nil || n != 32 {
		t.Errorf("0x20: %d %v", n, err)
	}
	if err := fs.Parse([]string{"-n", "-1"}); err == nil {
		t.Errorf("-1 accepted: %d", n)
	}
}

// TestSetHelp: asked-for help goes to stdout, the usage line first; help
// after a flag error to stderr, with the error.
func TestSetHelp(t *testing.T) {
	for _, tc := range []struct {
		args           []string
		toOut, errWant string
	}{
		{[]string{"--help"}, "usage: x\n  -n\tcount\n", ""},
		{[]string{"-bad"}, "", "flag provided but not defined: -bad\nusage: x\n  -n\tcount\n"},
	} {
		var stdout, stderr strings.Builder
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.Bool("n", false, "count")
		if w := SetHelp(fs, tc.args, &stdout, &stderr, func(w io.Writer) { fmt.Fprintln(w, "usage: x") }); (w == io.Writer(&stdout)) != (tc.toOut != "") {
			t.Errorf("%v: the writer chosen is not the one the help goes to", tc.args)
		}
		if err := fs.Parse(tc.args); err == nil {
			t.Fatalf("%v: parsed", tc.args)
		}
		if stdout.String() != tc.toOut || stderr.String() != tc.errWant {
			t.Errorf("%v: stdout %q, stderr %q", tc.args, stdout.String(), stderr.String())
		}
	}
}
