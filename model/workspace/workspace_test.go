package workspace

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
	"infoscope/model/index"
)

// info is an 11-byte igc-layout SAMPLEINFO; n of them make a clean raw stream.
var info = []byte{0x70, 0x0b, 0x04, 0x0f, 0x06, 0x21, 0, 0, 0, 0, 0}

func infos(n int) []byte { return bytes.Repeat(info, n) }

func TestLifecycle(t *testing.T) {
	s0 := NewSnapshot([]string{"a.bin", "b.bin"})
	if s0.Gen() != 0 || s0.Loading() != 2 || len(s0.Files()) != 0 {
		t.Fatalf("new: gen %d, loading %d, files %d", s0.Gen(), s0.Loading(), len(s0.Files()))
	}
	fa := visatext.Decode("a.bin", infos(3), decoder.Options{})
	s1 := s0.Read(0, 33).Decoded(0, fa)
	if s1.Gen() != 2 {
		t.Fatalf("two changes: gen %d", s1.Gen())
	}
	a := s1.Entry(0)
	if a.File != fa || a.Loading || a.Size != 33 || a.Rev != 1 || a.Last != Taken {
		t.Fatalf("a after load: %+v", a)
	}
	// The old snapshot is as it was: views holding it see no change.
	if e := s0.Entry(0); e.File != nil || !e.Loading || e.Size != 0 || e.Rev != 0 {
		t.Fatalf("s0 changed: %+v", e)
	}
	s2 := s1.Failed(1, errors.New("no such file"))
	if b := s2.Entry(1); b.ReadErr == nil || b.Note != "" || b.Last != ReadFailed || b.Loading {
		t.Fatalf("b after a failed first read: %+v", b)
	}
	if s2.Loading() != 0 || len(s2.Files()) != 1 || s2.Files()[0] != fa {
		t.Fatalf("files %v, loading %d", s2.Files(), s2.Loading())
	}
	// b appears: its decode replaces the error, as a reload.
	fb := visatext.Decode("b.bin", infos(1), decoder.Options{})
	s3 := s2.Started(1).Decoded(1, fb)
	if b := s3.Entry(1); b.ReadErr != nil || b.File != fb || b.Last != Taken || b.Rev != 2 {
		t.Fatalf("b after recovery: %+v", b)
	}
	if names := strings.Join(s3.Names(), ","); names != "a.bin,b.bin" {
		t.Fatalf("names %s", names)
	}
}

// A reload that breaks a clean decode keeps the clean one with a note; a
// failed re-read keeps it too; the next clean decode is taken.
func TestReloadKeepsCleanDecode(t *testing.T) {
	good := visatext.Decode("a.bin", infos(5), decoder.Options{})
	s := NewSnapshot([]string{"a.bin"}).Decoded(0, good)
	broken := visatext.Decode("a.bin", infos(8)[:8*11-3], decoder.Options{})
	if len(broken.Errors) == 0 {
		t.Fatal("the truncated stream decoded cleanly")
	}
	s = s.Started(0).Decoded(0, broken)
	e := s.Entry(0)
	if e.File != good || e.Last != Kept || !strings.Contains(e.Note, "showing the previous decode") {
		t.Fatalf("after a broken reload: %+v", e)
	}
	s = s.Started(0).Failed(0, errors.New("file vanished"))
	e = s.Entry(0)
	if e.File != good || e.ReadErr != nil || !strings.Contains(e.Note, "reload failed: file vanished") {
		t.Fatalf("after a failed re-read: %+v", e)
	}
	next := visatext.Decode("a.bin", infos(8), decoder.Options{})
	s = s.Started(0).Decoded(0, next)
	if e = s.Entry(0); e.File != next || e.Note != "" || e.Last != Taken || e.Rev != 4 {
		t.Fatalf("after recovery: %+v", e)
	}
	// A file with errors from the start is replaced by any later decode.
	s = NewSnapshot([]string{"a.bin"}).Decoded(0, broken).Decoded(0, broken)
	if e = s.Entry(0); e.Last != Taken || e.Note != "" {
		t.Fatalf("errors over errors: %+v", e)
	}
}

// A broken reload's note names the file once: it follows the file's name
// wherever it is shown, and the decoder's error began with the path again
// ("live.bin: reload: /dumps/run1/live.bin: byte 0x0: ...").
func TestReloadNoteNamesOnce(t *testing.T) {
	const name = "/dumps/run1/live.bin"
	good := visatext.Decode(name, infos(5), decoder.Options{})
	broken := visatext.Decode(name, infos(8)[:8*11-3], decoder.Options{})
	s := NewSnapshot([]string{name}).Decoded(0, good).Started(0).Decoded(0, broken)
	e := s.Entry(0)
	want := "reload: " + strings.TrimPrefix(broken.Errors[0].Error(), name+": ") + "; showing the previous decode"
	if e.Note != want || strings.Contains(e.Note, name) {
		t.Fatalf("note %q, want %q", e.Note, want)
	}
}

// Entries is a copy: changing it changes no snapshot.
func TestEntriesCopy(t *testing.T) {
	s := NewSnapshot([]string{"a"})
	es := s.Entries()
	es[0].Name = "changed"
	if s.Entry(0).Name != "a" {
		t.Fatal("Entries shares the snapshot's storage")
	}
}

// The row index is built once per set of decoded files: snapshots that
// only mark loads share it; a new decode gets a new one.
func TestIndexShared(t *testing.T) {
	fa := visatext.Decode("a.bin", infos(3), decoder.Options{})
	s1 := NewSnapshot([]string{"a.bin", "b.bin"}).Decoded(0, fa)
	x := s1.Index()
	if x.Len() != 3 {
		t.Fatalf("index of 3 INFO has %d rows", x.Len())
	}
	s2 := s1.Started(1).Read(1, 10).Failed(1, errors.New("gone")).Started(0)
	if s2.Index() != x {
		t.Fatal("a snapshot with the same files built a second index")
	}
	s3 := s2.Decoded(0, visatext.Decode("a.bin", infos(5), decoder.Options{}))
	if s3.Index() == x || s3.Index().Len() != 5 || s1.Index() != x {
		t.Fatalf("after a new decode: index %p (was %p), %d rows", s3.Index(), x, s3.Index().Len())
	}
	// A broken reload keeps the file, and so the index.
	broken := visatext.Decode("a.bin", infos(2)[:19], decoder.Options{})
	if s4 := s3.Decoded(0, broken); s4.Index() != s3.Index() {
		t.Fatal("a kept decode rebuilt the index")
	}
}

// Views filtering the index by the same expression share one set of rows.
func TestViewShared(t *testing.T) {
	s := NewSnapshot([]string{"a.bin"}).Decoded(0, visatext.Decode("a.bin", infos(6), decoder.Options{}))
	f, err := index.ParseFilter("op:sampleinfo")
	if err != nil {
		t.Fatal(err)
	}
	v1 := s.View(f)
	if len(v1.Rows) != 6 {
		t.Fatalf("the filter kept %d of 6 rows", len(v1.Rows))
	}
	g, _ := index.ParseFilter(" op:sampleinfo ")
	if v2 := s.Started(0).View(g); v2 != v1 {
		t.Fatal("a second view by the same expression filtered again")
	}
	h, _ := index.ParseFilter("op:resinfo")
	if v3 := s.View(h); v3 == v1 || len(v3.Rows) != 0 {
		t.Fatalf("another expression: %d rows", len(v3.Rows))
	}
	if v := s.View(nil); v.Rows != nil {
		t.Fatal("an empty filter has rows")
	}
}

// TestSnapshotCounts: the counts a snapshot keeps (loading, problems) and
// the inputs Changed yields agree with a count over every entry, through
// a run of changes in any order.
func TestSnapshotCounts(t *testing.T) {
	const n = 300
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("f%d", i)
	}
	clean := visatext.Decode("c", infos(2), decoder.Options{})
	broken := visatext.Decode("b", infos(2)[:19], decoder.Options{})
	if len(broken.Errors) == 0 {
		t.Fatal("no error")
	}
	r := rand.New(rand.NewPCG(5, 6))
	s := NewSnapshot(names)
	for step := range 2000 {
		old := s
		i := r.IntN(n)
		switch r.IntN(5) {
		case 0:
			s = s.Started(i, r.IntN(n))
		case 1:
			s = s.Read(i, 10)
		case 2:
			s = s.Decoded(i, clean)
		case 3:
			s = s.Decoded(i, broken)
		case 4:
			s = s.Failed(i, errors.New("gone"))
		}
		loading, problems := 0, 0
		for _, e := range s.Entries() {
			if e.Loading {
				loading++
			}
			if e.ReadErr != nil || e.Note != "" {
				problems++
			}
			if e.File != nil {
				problems += len(e.File.Errors) + len(e.File.Warnings)
			}
		}
		if s.Loading() != loading || s.Problems() != problems {
			t.Fatalf("step %d: loading %d, problems %d; counted %d, %d", step, s.Loading(), s.Problems(), loading, problems)
		}
		changed := map[int]bool{}
		for k := range s.Changed(old) {
			changed[k] = true
		}
		for k := range n {
			if s.Entry(k) != old.Entry(k) && !changed[k] {
				t.Fatalf("step %d: input %d changed, not yielded", step, k)
			}
		}
		if len(changed) > 2*chunkLen {
			t.Fatalf("step %d: %d inputs yielded for one change", step, len(changed))
		}
		if first := s.FirstLoading(2); len(first) > 2 || len(first) == 0 && loading > 0 {
			t.Fatalf("step %d: first loading %v of %d", step, first, loading)
		}
	}
}

// TestSnapshotChangeCost: a change copies a chunk of the inputs' states,
// not all of them (a folder of n files made n² copies), and a load begun
// for every input is one change.
func TestSnapshotChangeCost(t *testing.T) {
	names := make([]string, 20_000)
	all := make([]int, len(names))
	for i := range names {
		names[i] = fmt.Sprintf("dump/k%d.visaasm", i)
		all[i] = i
	}
	s := NewSnapshot(names)
	f := visatext.Decode("c", infos(2), decoder.Options{})
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	for i := range 1000 {
		s = s.Decoded(i*20, f)
	}
	runtime.ReadMemStats(&b)
	if per := (b.TotalAlloc - a.TotalAlloc) / 1000; per > 16<<10 {
		t.Errorf("a change among 20,000 inputs allocates %d bytes", per)
	}
	if s2 := s.Started(all...); s2.Gen() != s.Gen()+1 || s2.Loading() != len(names) {
		t.Errorf("every input started: gen %d -> %d, %d loading", s.Gen(), s2.Gen(), s2.Loading())
	}
}
