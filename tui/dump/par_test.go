package dump

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
	"infoscope/sampledata"
	"infoscope/sampledata/templates"
)

// hostileInputs are generated streams: dense, mixed, damaged part way
// (decodable INFO before the error, none after), amplified.
func hostileInputs(t testing.TB) map[string][]byte {
	mixed := sampledata.MixedStream(256<<10, templates.Mixed())
	// An opcode byte half way that is no opcode: the walk stops there with
	// a located error.
	s := visatext.Decode("mixed.bin", mixed, decoder.Options{Layout: decoder.LayoutIGC}).Streams[0]
	broken := bytes.Clone(mixed)
	broken[s.Inst(s.NumInsts()/2).Off] = 0xff
	return map[string][]byte{
		"mixed.bin":     mixed,
		"broken.bin":    broken,
		"onebyte.bin":   sampledata.OneByteInstructions(64 << 10),
		"amplified.isa": sampledata.AmplifiedObject(50, mixed[:4096]),
	}
}

// firstDiff describes where two outputs part.
func firstDiff(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for k := range min(len(al), len(bl)) {
		if al[k] != bl[k] {
			return fmt.Sprintf("line %d:\n seq %q\n par %q", k+1, al[k], bl[k])
		}
	}
	return fmt.Sprintf("%d lines sequentially, %d in parallel", len(al), len(bl))
}

// sharedNotes parses out of stderr, the messages of the file name dumped
// alone, the notes a run of several files says once for all of them (its
// layout read from vISA text, no INFO), and returns the rest and them.
func sharedNotes(t *testing.T, name, stderr string) (string, fileNotes) {
	t.Helper()
	q := regexp.QuoteMeta(name)
	layout := regexp.MustCompile(`^` + q + `: layout igc \(` + regexp.QuoteMeta(visatext.Reason) + `\)$`)
	noInfo := regexp.MustCompile(`^` + q + `: no INFO in (its one kernel|these (\d+) kernels and functions) \((\d+) instructions\); --all lists every instruction$`)
	var kept strings.Builder
	var n fileNotes
	for _, l := range strings.SplitAfter(stderr, "\n") {
		line := strings.TrimSuffix(l, "\n")
		if layout.MatchString(line) {
			n.text++
			continue
		}
		if m := noInfo.FindStringSubmatch(line); m != nil {
			n.noInfo, n.bodies = 1, 1
			if m[2] != "" {
				n.bodies, _ = strconv.Atoi(m[2])
			}
			n.insts, _ = strconv.Atoi(m[3])
			continue
		}
		kept.WriteString(l)
	}
	return kept.String(), n
}

// TestFilesInOrder: the command given every shipped input at once, and
// hostile ones (a stream damaged half way, a file that cannot be read),
// writes on stdout and on stderr what it writes given each alone, one
// after the other, in every golden flag set, whatever the number of files
// dumped at once; its status is the worst of theirs. The notes each file
// alone says alike (its layout read from vISA text, no INFO) are said
// once, counted, after the files' messages.
func TestFilesInOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("dumps every shipped input ten ways")
	}
	names, mem := goldenInputs(t)
	for name, data := range hostileInputs(t) {
		mem[name] = data
		names = append(names, name)
	}
	names = append(names, "missing.isa")
	open := func(name string) ([]byte, error) {
		if d, ok := mem[name]; ok {
			return d, nil
		}
		return os.ReadFile(name)
	}
	for _, fset := range goldenFlagSets {
		var wantOut, wantErr bytes.Buffer
		wantCode := ExitOK
		var sum fileNotes
		for _, name := range names {
			var errb bytes.Buffer
			code := Run(append(strings.Fields(fset.flags), name), Env{Stdout: &wantOut, Stderr: &errb, Open: open})
			wantCode = max(wantCode, code)
			kept, n := sharedNotes(t, name, errb.String())
			wantErr.WriteString(kept)
			sum.add(n)
		}
		if fset.name == "text" && (sum.text == 0 || sum.noInfo == 0) {
			t.Fatalf("%s: no input says the notes a run of several files says once: %+v", fset.name, sum)
		}
		sum.write(&wantErr, len(names))
		if !strings.Contains(wantErr.String(), "missing.isa") || !strings.Contains(wantErr.String(), "broken.bin") {
			t.Fatalf("%s: the errors of missing.isa and broken.bin are not reported:\n%s", fset.name, wantErr.String())
		}
		for _, workers := range []int{1, 3} {
			var out, errb bytes.Buffer
			code := Run(append(strings.Fields(fset.flags), names...), Env{Stdout: &out, Stderr: &errb, Open: open, Workers: workers})
			if !bytes.Equal(out.Bytes(), wantOut.Bytes()) {
				t.Errorf("%s, %d workers: stdout differs (seq: one file a run, par: all at once): %s", fset.name, workers, firstDiff(wantOut.Bytes(), out.Bytes()))
			}
			if !bytes.Equal(errb.Bytes(), wantErr.Bytes()) {
				t.Errorf("%s, %d workers: stderr differs (seq: one file a run, par: all at once): %s", fset.name, workers, firstDiff(wantErr.Bytes(), errb.Bytes()))
			}
			if code != wantCode {
				t.Errorf("%s, %d workers: exit %d, want %d", fset.name, workers, code, wantCode)
			}
		}
	}
}

// TestFilesFinishOutOfOrder: a file finished before the one named before
// it waits for it: records and messages come out in the order of names;
// the files' notes are summed, each file's once.
func TestFilesFinishOutOfOrder(t *testing.T) {
	secondDone := make(chan struct{})
	dump := func(w, msgs io.Writer, notes *fileNotes, name string) (int, error) {
		if name == "a" {
			<-secondDone // a finishes after b
		}
		*notes = fileNotes{text: 1, noInfo: 1, bodies: len(name) + 1, insts: 10 * int(name[0]-'a'+1)}
		for i := range 3 {
			fmt.Fprintf(w, "%s record %d\n", name, i)
		}
		fmt.Fprintf(msgs, "%s: note\n", name)
		if name == "b" {
			close(secondDone)
			return ExitError, nil
		}
		return ExitOK, nil
	}
	var out, errb bytes.Buffer
	status, sum, err := dumpFiles(&out, &errb, []string{"a", "b", "c"}, 2, func() dumpFunc { return dump })
	if err != nil {
		t.Fatal(err)
	}
	want := "a record 0\na record 1\na record 2\nb record 0\nb record 1\nb record 2\nc record 0\nc record 1\nc record 2\n"
	if out.String() != want || errb.String() != "a: note\nb: note\nc: note\n" || status != ExitError {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", status, out.String(), errb.String())
	}
	if want := (fileNotes{text: 3, noInfo: 3, bodies: 6, insts: 60}); sum != want {
		t.Errorf("notes %+v, want %+v", sum, want)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestFilesBounded: workers ahead of the writer stop, however large the
// files (never the 1,200 chunks of the six files here). The bound follows
// from dumpFiles: the chunks sent while their file was not being written
// (aheadChunks at most until written) and headDepth more of the file
// being written; plus the chunk the writer holds and the one its
// bufio.Writer keeps (batchSize bytes: a whole chunk here, flushed by the
// next).
func TestFilesBounded(t *testing.T) {
	const workers, chunks = 3, 200
	var sent, written atomic.Int64
	var most atomic.Int64
	chunk := bytes.Repeat([]byte("x"), batchSize)
	dump := func(w, _ io.Writer, _ *fileNotes, name string) (int, error) {
		for range chunks {
			if _, err := w.Write(chunk); err != nil {
				return ExitOK, err
			}
			if n := sent.Add(1) - written.Load(); n > most.Load() {
				most.Store(n)
			}
		}
		return ExitOK, nil
	}
	total := 0
	out := writerFunc(func(p []byte) (int, error) {
		written.Add(int64(len(p) / batchSize))
		total += len(p)
		return len(p), nil
	})
	if _, _, err := dumpFiles(out, io.Discard, []string{"a", "b", "c", "d", "e", "f"}, workers, func() dumpFunc { return dump }); err != nil {
		t.Fatal(err)
	}
	if total != 6*chunks*batchSize {
		t.Errorf("%d bytes written, want %d", total, 6*chunks*batchSize)
	}
	if m, bound := most.Load(), int64(headDepth+aheadChunks+2); m > bound {
		t.Errorf("up to %d chunks waited, want at most %d", m, bound)
	}
}

// TestFilesPastLongFile: while the first file's output waits (its worker
// has not finished it), the other worker dumps the many small files after
// it: the chunks ahead of the writer are a budget of all the files, not
// a few files' each.
func TestFilesPastLongFile(t *testing.T) {
	const small = 40 // files after the first, far fewer chunks than aheadChunks
	var smallDone atomic.Int64
	allSmall := make(chan struct{})
	dump := func(w, _ io.Writer, _ *fileNotes, name string) (int, error) {
		if name == "long" {
			select {
			case <-allSmall:
			case <-time.After(20 * time.Second):
				t.Errorf("%d of %d small files dumped while the first waited", smallDone.Load(), small)
			}
		}
		if _, err := w.Write(bytes.Repeat([]byte(name), batchSize/len(name))); err != nil {
			return ExitOK, err
		}
		if name != "long" && smallDone.Add(1) == small {
			close(allSmall)
		}
		return ExitOK, nil
	}
	names := []string{"long"}
	for k := range small {
		names = append(names, fmt.Sprintf("s%02d", k))
	}
	var out bytes.Buffer
	if _, _, err := dumpFiles(&out, io.Discard, names, 2, func() dumpFunc { return dump }); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "longlong") || !strings.HasSuffix(out.String(), "s39s39") {
		t.Errorf("output out of order: %.20q...%.20q", out.String(), out.String()[out.Len()-20:])
	}
}

// TestFilesWriteError: a failed write stops the workers; dumpFiles
// returns the error once they are done, and writes nothing more.
func TestFilesWriteError(t *testing.T) {
	bad := errors.New("disk full")
	writes := 0
	out := writerFunc(func(p []byte) (int, error) {
		writes++
		return 0, bad
	})
	var started atomic.Int64
	dump := func(w, msgs io.Writer, _ *fileNotes, name string) (int, error) {
		started.Add(1)
		for range 100 {
			if _, err := w.Write(make([]byte, batchSize)); err != nil {
				return ExitOK, err
			}
		}
		return ExitOK, nil
	}
	names := make([]string, 1000)
	var errb bytes.Buffer
	if _, _, err := dumpFiles(out, &errb, names, 2, func() dumpFunc { return dump }); !errors.Is(err, bad) {
		t.Fatalf("err = %v, want %v", err, bad)
	}
	if writes != 1 || errb.Len() != 0 {
		t.Errorf("%d writes after the first failed; messages %q", writes-1, errb.String())
	}
	if n := started.Load(); n > 10 {
		t.Errorf("%d files were dumped after the first write failed", n)
	}
}

// TestStdinTwice: stdin named twice is refused, whatever the number of
// workers: it can be read once, and two workers must not read it at once.
func TestStdinTwice(t *testing.T) {
	data, err := sampledata.Read("stream_igc.bin")
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 4} {
		var out, errb bytes.Buffer
		code := Run([]string{"-", "stream_igc.bin", "-"}, Env{Stdin: bytes.NewReader(data), Stdout: &out, Stderr: &errb, Workers: workers, Open: sampledata.Read})
		if code != ExitUsage || out.Len() != 0 || !strings.Contains(errb.String(), "- (stdin) named twice") {
			t.Errorf("%d workers: exit %d, %d bytes out, %q", workers, code, out.Len(), errb.String())
		}
	}
}
