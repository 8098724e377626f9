package dump

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"sync"
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
	"infoscope/sampledata"
	"infoscope/sampledata/templates"
)

var (
	benchOnce sync.Once
	benchBuf  []byte
)

// benchStream is a 4 MiB mixed stream (about 22% INFO), built once.
func benchStream(b *testing.B) []byte {
	benchOnce.Do(func() { benchBuf = sampledata.MixedStream(4<<20, templates.Mixed()) })
	return benchBuf
}

// benchDump runs the dump command with args on the bench stream as stdin,
// the output discarded: decode and formatting, as a user runs it.
func benchDump(b *testing.B, args ...string) {
	data := benchStream(b)
	args = append(args, "-")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if code := Run(args, Env{Stdin: bytes.NewReader(data), Stdout: io.Discard, Stderr: io.Discard}); code != ExitOK {
			b.Fatalf("exit %d", code)
		}
	}
}

// BenchmarkDumpText is `dump -` (INFO lines) of the 4 MiB mixed stream.
func BenchmarkDumpText(b *testing.B) { benchDump(b) }

// BenchmarkDumpJSON is `dump --json -` of the same stream.
func BenchmarkDumpJSON(b *testing.B) { benchDump(b, "--json") }

// BenchmarkDumpAllText is `dump --all -`: every instruction's line.
func BenchmarkDumpAllText(b *testing.B) { benchDump(b, "--all") }

// BenchmarkWriteText formats the INFO lines of the 4 MiB mixed stream,
// decoded once: the formatting alone.
func BenchmarkWriteText(b *testing.B) {
	f := visatext.Decode("bench.bin", benchStream(b), decoder.Options{Layout: decoder.LayoutIGC})
	w := bufio.NewWriterSize(io.Discard, batchSize)
	o := Options{Syntax: "igc"}
	b.SetBytes(int64(len(f.Streams[0].Code)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := new(formatter).write(w, f, o); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(f.Streams[0].NumInfos()), "ns/line")
}

// BenchmarkWriteJSON formats the JSON records of the INFO of the 4 MiB
// mixed stream, decoded once: the formatting alone, with its allocations
// per record.
func BenchmarkWriteJSON(b *testing.B) {
	f := visatext.Decode("bench.bin", benchStream(b), decoder.Options{Layout: decoder.LayoutIGC})
	w := bufio.NewWriterSize(io.Discard, batchSize)
	o := Options{Syntax: "igc", JSON: true}
	b.SetBytes(int64(len(f.Streams[0].Code)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := new(formatter).write(w, f, o); err != nil {
			b.Fatal(err)
		}
	}
	n := float64(b.N) * float64(f.Streams[0].NumInfos())
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/record")
}

// BenchmarkDumpFiles is `dump --json --all` of every shipped input at once
// (served from memory): files are dumped one per processor, so -cpu 1,2
// shows what a second core gives (scripts/bench-corpus.sh measures a
// folder of real files against wc -l).
func BenchmarkDumpFiles(b *testing.B) {
	names, mem := goldenInputs(b)
	open := func(name string) ([]byte, error) {
		if d, ok := mem[name]; ok {
			return d, nil
		}
		return os.ReadFile(name)
	}
	args := append([]string{"--json", "--all"}, names...)
	b.ReportAllocs()
	for b.Loop() {
		if code := Run(args, Env{Stdout: io.Discard, Stderr: io.Discard, Open: open}); code > ExitError {
			b.Fatalf("exit %d", code)
		}
	}
}
