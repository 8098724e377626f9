// Package cli is infoscope's command-line surface: the flags every command
// shares, the Command a row of the command table is, and the usage, shell
// completions and manual page written from that table.
//
// Shared flags: how inputs are decoded (--layout, --offset, --raw, --hex, --visaasm-text,
// --visa-version, --max-input), so the inspector, `dump` and `serve` accept
// the same words with the same meaning, and counts read by the one number
// parser (model.ParseNumber: decimal, or hex after 0x; never octal).
//
// The shell completions and the man page (docs.go) are written from the
// FlagSets the commands' Flags() return, so a flag added here appears in
// every command's documentation at once.
package cli

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"infoscope/decoder"
	"infoscope/model"
)

// The decode flags' names: registered by Decode, and how the decoder's
// messages name the options they set (FlagName).
const (
	flagLayout   = "layout"
	flagOffset   = "offset"
	flagMaxInput = "max-input"
	flagRaw      = "raw"
)

// FlagName names a decoder option by the flag that sets it, as
// decoder.Options.Name: messages say "--offset" where the decoder reports
// decoder.OptionOffset.
func FlagName(op decoder.Option) string {
	switch op {
	case decoder.OptionLayout:
		return "--" + flagLayout
	case decoder.OptionOffset:
		return "--" + flagOffset
	case decoder.OptionMaxInput:
		return "--" + flagMaxInput
	case decoder.OptionRaw:
		return "--" + flagRaw
	}
	return ""
}

// Decode registers the decode flags on fs. The function it returns reads
// them, after fs.Parse, into decoder.Options whose messages name these
// flags; its error names the flag ("--offset: ..."), for a usage message.
func Decode(fs *flag.FlagSet) func() (decoder.Options, error) {
	layout := fs.String(flagLayout, "auto", "INFO layout: igc, seed or auto (object files: igc; raw streams: try both)")
	offset := fs.String(flagOffset, "0", "raw streams: offset of the first instruction (decimal or 0x hex)")
	var hex decoder.HexMode
	fs.Var(&hex, "hex", "inputs are hex text; --hex=false: raw bytes (default: detected)")
	text := fs.Bool("visaasm-text", false, "inputs are vISA text (.visaasm; default: detected)")
	raw := fs.Bool(flagRaw, false, "binary inputs without magic are raw vISA instruction streams, even when they do not read as vISA")
	var maxInput Size
	fs.Var(&maxInput, flagMaxInput, "the most bytes read of one input: a `SIZE` such as 512K, 64M or 1G (default "+decoder.FormatSize(decoder.DefaultMaxInput)+")")
	ver := fs.String("visa-version", decoder.DefaultVersion().String(), "raw streams: the vISA version `M.m` whose operand widths apply")
	return func() (decoder.Options, error) {
		o := decoder.Options{Name: FlagName}
		var err error
		if o.Layout, err = decoder.ParseLayout(*layout); err != nil {
			return o, fmt.Errorf("--%s: %v", flagLayout, err)
		}
		off, err := model.ParseNumber(*offset, 1<<63-1)
		if err != nil {
			return o, fmt.Errorf("--%s: %v", flagOffset, err)
		}
		o.Offset = int64(off)
		if o.Version, err = ParseVersion(*ver); err != nil {
			return o, fmt.Errorf("--visa-version: %v", err)
		}
		o.Hex, o.Text, o.Raw, o.MaxInput = hex, *text, *raw, int64(maxInput)
		return o, nil
	}
}

// ParseVersion reads a vISA version, MAJOR.MINOR, one a writer produced.
func ParseVersion(s string) (decoder.Version, error) {
	v, ok := decoder.ParseVersion(s)
	if !ok {
		return v, fmt.Errorf("%q: want MAJOR.MINOR, e.g. 4.1", s)
	}
	if !v.Supported() {
		var list []string
		for n := 300; n <= 409; n++ {
			if w := (decoder.Version{Major: uint8(n / 100), Minor: uint8(n % 100)}); w.Supported() {
				list = append(list, fmt.Sprintf("%d.%d", w.Major, w.Minor))
			}
		}
		return v, fmt.Errorf("%q: no vISA writer produced that version; want one of %s", s, strings.Join(list, ", "))
	}
	return v, nil
}

// Size is a byte count as a flag value: a number as model.ParseNumber
// reads it (1048576, 0x100000), optionally followed by K, M or G (powers
// of 1024) and "iB" or "B"; a 0x count takes no unit. Zero means the
// default of whoever reads it, which its usage states (--max-input's is
// decoder.DefaultMaxInput); a flag that starts at a size shows that size
// as its default.
type Size int64

// Set parses a size.
func (s *Size) Set(v string) error {
	t := strings.TrimSpace(v)
	shift := 0
	// A 0x count takes no unit (its B would be a digit).
	if !isHex(t) {
		t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "i")
		if t != "" {
			switch t[len(t)-1] {
			case 'K', 'k':
				shift = 10
			case 'M', 'm':
				shift = 20
			case 'G', 'g':
				shift = 30
			}
		}
	}
	if shift > 0 {
		t = t[:len(t)-1]
	}
	n, err := model.ParseNumber(t, (1<<62)>>shift)
	if err != nil || n == 0 {
		return fmt.Errorf("%q: want a positive size such as 64M, 512K or 1G", v)
	}
	*s = Size(n << shift)
	return nil
}

func isHex(t string) bool { return len(t) >= 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X') }

// String returns the size as decoder.FormatSize writes it; "0" for zero,
// so that the flag package, which takes the zero value's String for "no
// default", shows a flag's own default whatever it is.
func (s *Size) String() string {
	if s == nil || *s == 0 {
		return "0"
	}
	return decoder.FormatSize(int64(*s))
}

// IntVar registers a count flag with a default value, read by
// model.ParseNumber (flag.IntVar would read "010" as octal 8).
func IntVar(fs *flag.FlagSet, p *int, name string, def int, usage string) {
	*p = def
	fs.Var(intFlag{p}, name, usage)
}

type intFlag struct{ p *int }

func (f intFlag) String() string {
	if f.p == nil {
		return "0"
	}
	return strconv.Itoa(*f.p)
}

func (f intFlag) Set(s string) error {
	v, err := model.ParseNumber(s, 1<<31-1)
	if err != nil {
		return err
	}
	*f.p = int(v)
	return nil
}
