package native

import (
	"bytes"
	"testing"

	"infoscope/sampledata/testkit"
)

// bigAsm builds an .asm of at least size bytes from the test inputs: the
// first file whole (header, declares, blocks), then the instruction lines
// of every file, again and again.
func bigAsm(b testing.TB, size int) []byte {
	files := asmFiles(b)
	var out bytes.Buffer
	out.Write(testkit.ReadFile(b, files[0]))
	var body []byte
	for _, p := range files {
		for _, l := range bytes.Split(testkit.ReadFile(b, p), []byte("\n")) {
			t := bytes.TrimSpace(l)
			if len(t) > 0 && !bytes.HasPrefix(t, []byte("//")) {
				body = append(append(body, l...), '\n')
			}
		}
	}
	for out.Len() < size {
		out.Write(body)
	}
	return out.Bytes()
}

// BenchmarkParse3MB reads a 3 MB .asm and finds its sends (issue 20's
// aim: under 300 ms).
func BenchmarkParse3MB(b *testing.B) {
	data := bigAsm(b, 3<<20)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		f := Parse("big.asm", data)
		if len(f.Errors) != 0 {
			b.Fatal(f.Errors[0])
		}
		f.Sends()
	}
}
