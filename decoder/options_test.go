package decoder

import (
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"io/fs"
	"math/rand"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestMessagesSayOptions: the decoder's messages name an option through
// Options.Name (a command names its flag), and in words of their own when
// no program names it.
func TestMessagesSayOptions(t *testing.T) {
	flag := func(op Option) string {
		return map[Option]string{OptionLayout: "-L", OptionOffset: "-O", OptionMaxInput: "-M", OptionRaw: "-R"}[op]
	}
	text := []byte("hello, this is some text\n")
	for _, c := range []struct {
		o    Options
		want []string
	}{
		{Options{}, []string{"(the offset option or the layout option to read text bytes as one)", "the offset option", "seed, set by the layout option", "(raise it with the input size limit)",
			"(the raw stream option, the offset option or the layout option read any bytes as one)"}},
		{Options{Name: flag}, []string{"(-O or -L to read text bytes as one)", "-O", "seed, set by -L", "(raise it with -M)", "(-R, -O or -L read any bytes as one)"}},
	} {
		f := Decode("t", text, c.o)
		if len(f.Errors) != 1 || !strings.Contains(f.Errors[0].Error(), c.want[0]) {
			t.Errorf("text: %v, want %q", f.Errors, c.want[0])
		}
		o := c.o
		o.Offset = 99
		f = Decode("t", []byte{0x70, 0}, o)
		var fe *FormatError
		if len(f.Errors) != 1 || !asFormatError(f.Errors[0], &fe) || fe.Field != c.want[1] {
			t.Errorf("offset: %v, want the field %q", f.Errors, c.want[1])
		}
		o = c.o
		o.Layout = LayoutSeed
		if f = Decode("t", []byte{0x70}, o); f.LayoutReason != c.want[2] {
			t.Errorf("layout reason %q, want %q", f.LayoutReason, c.want[2])
		}
		o = c.o
		o.MaxInput = 4
		if _, err := ReadInput("t", strings.NewReader("12345"), 5, o); err == nil || !strings.Contains(err.Error(), c.want[3]) {
			t.Errorf("size: %v, want %q", err, c.want[3])
		}
		junk := make([]byte, 500)
		rand.New(rand.NewSource(19)).Read(junk)
		png := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR"), junk...)
		if f = Decode("t", png, c.o); len(f.Errors) != 1 || !strings.Contains(f.Errors[0].Error(), c.want[4]) {
			t.Errorf("binary: %v, want %q", f.Errors, c.want[4])
		}
	}
}

func asFormatError(err error, fe **FormatError) bool {
	e, ok := err.(*FormatError)
	*fe = e
	return ok
}

// TestNoFlagNames: no string of the decoder's (nor of its subpackages')
// names a command-line flag: messages say options (Options.Say), and the
// command that owns a flag names it.
func TestNoFlagNames(t *testing.T) {
	flagLike := regexp.MustCompile(`(^|[^-\w])--[a-z]`)
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(gotoken.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == gotoken.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && flagLike.MatchString(s) {
					t.Errorf("%s: %q names a flag", path, s)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
