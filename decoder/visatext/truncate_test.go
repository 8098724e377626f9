package visatext

import (
	"errors"
	"flag"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/testkit"
)

var truncateAll = flag.Bool("truncate-all", false, "TestTruncationEveryLine: cut large files at every line too")

// textInputs are the oracle's texts, IGC's dumps and the texts of testdata.
func textInputs(t testing.TB) []string {
	t.Helper()
	return testkit.Glob(t, 20, oracleDir+"/*.visaasm", "testdata/dumps/*.visaasm", "testdata/*.visaasm", "testdata/forms/*.visaasm")
}

// lastCode returns the last line of src that is neither blank nor a
// comment, without its comment.
func lastCode(src string) string {
	lines := strings.Split(src, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		code, _ := splitComment(lines[i])
		if c := strings.TrimSpace(code); c != "" {
			return c
		}
	}
	return ""
}

// Text cut at the end of any line, or in the middle of any line, gives a
// located error, unless the cut falls between bodies (after a complete
// ret or fret line, where the shorter text is a whole file).
func TestTruncationEveryLine(t *testing.T) {
	cuts := 0
	for _, p := range textInputs(t) {
		data := string(testkit.ReadFile(t, p))
		full := Read(p, []byte(data))
		if len(full.Errors) > 0 {
			t.Fatalf("%s: %v", p, full.Errors)
		}
		// Every line; in files over 16 KiB (the cost is quadratic), the
		// first and last 200 lines and every 5th line between, unless
		// -truncate-all (every line of every file: ~12,000 cuts, ~10 s).
		var ends []int
		nl := strings.Count(data, "\n")
		line := 0
		for i := 0; i < len(data); i++ {
			if data[i] == '\n' {
				line++
				if !*truncateAll && len(data) > 16<<10 && line > 200 && line < nl-200 && line%5 != 0 {
					continue
				}
				start := strings.LastIndexByte(data[:i], '\n') + 1
				ends = append(ends, start+(i-start)/2, i+1)
			}
		}
		for _, n := range ends {
			if n >= len(data) {
				continue
			}
			cuts++
			src := data[:n]
			f := Read("cut.visaasm", []byte(src))
			if len(f.Errors) == 0 {
				last := lastCode(src)
				if i := strings.Index(last, "    "); strings.HasPrefix(last, ".kernel_attr") && i > 0 {
					last = strings.TrimSpace(last[i:])
				}
				if !isTerminator(last) {
					t.Errorf("%s cut at byte %d (after %q): no error", p, n, last)
				}
				if len(f.Streams) > len(full.Streams) {
					t.Errorf("%s cut at byte %d: more bodies than the whole", p, n)
				}
				continue
			}
			for _, e := range f.Errors {
				var te *decoder.TextError
				if !errors.As(e, &te) || te.Line < 1 || te.Col < 1 || !strings.HasPrefix(e.Error(), "cut.visaasm:") {
					t.Fatalf("%s cut at byte %d: unlocated error %v", p, n, e)
				}
			}
		}
	}
	t.Logf("%d cuts", cuts)
}
