package workspace

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"infoscope/decoder"
)

// memSource is a Source whose bytes the test sets; gate, when set, holds
// the next Read (which closes reading first) until the test sends on it.
type memSource struct {
	mu      sync.Mutex
	name    string
	data    []byte
	err     error
	gate    chan []byte
	reading chan struct{}
	reads   int
}

func (s *memSource) Name() string { return s.name }
func (s *memSource) Read() ([]byte, error) {
	s.mu.Lock()
	s.reads++
	g := s.gate
	s.gate = nil
	data, err := s.data, s.err
	s.mu.Unlock()
	if g != nil {
		close(s.reading)
		return <-g, nil
	}
	return data, err
}
func (s *memSource) set(data []byte, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.data, s.err = data, err
}

// latest drains a subscription and returns the newest snapshot in it.
func latest(t *testing.T, sub *Subscription) *Snapshot {
	t.Helper()
	select {
	case s := <-sub.C():
		return s
	default:
		t.Fatal("no snapshot waiting")
		return nil
	}
}

// Every subscriber gets the same decoded files; a reload decodes the
// changed source once, whatever the number of subscribers.
func TestDecodeOnceForAll(t *testing.T) {
	a := &memSource{name: "a.bin", data: infos(3)}
	b := &memSource{name: "b.bin", data: infos(2)}
	w := New([]Source{a, b}, decoder.Options{})
	subs := []*Subscription{w.Subscribe(), w.Subscribe(), w.Subscribe()}
	for _, s := range subs {
		if latest(t, s).Loading() != 2 {
			t.Fatal("the first snapshot does not show both sources loading")
		}
	}
	w.Load()
	if w.Decodes() != 2 {
		t.Fatalf("%d decodes for 2 sources and 3 subscribers", w.Decodes())
	}
	fa := w.Snapshot().Entry(0).File
	for i, s := range subs {
		snap := latest(t, s)
		if snap != w.Snapshot() || snap.Entry(0).File != fa || snap.Loading() != 0 {
			t.Fatalf("subscriber %d got gen %d, loading %d, a %p; want gen %d, a %p",
				i, snap.Gen(), snap.Loading(), snap.Entry(0).File, w.Snapshot().Gen(), fa)
		}
	}
	a.set(infos(7), nil)
	if !w.Reload("a.bin") || w.Decodes() != 3 || a.reads != 2 || b.reads != 1 {
		t.Fatalf("reload: %d decodes, reads a %d b %d", w.Decodes(), a.reads, b.reads)
	}
	for i, s := range subs {
		e := latest(t, s).Entry(0)
		if e.File == fa || e.File.NumInfos() != 7 {
			t.Fatalf("subscriber %d did not get the reload: %+v", i, e)
		}
	}
	if w.Reload("c.bin") {
		t.Fatal("a reload of an unknown name matched")
	}
	subs[0].Close()
	subs[0].Close()
	if _, ok := <-subs[0].C(); ok {
		t.Fatal("a closed subscription's channel is open")
	}
	a.set(infos(1), nil)
	w.Reload("a.bin") // publishing past a closed subscription is fine
	if w.Subscribers() != 2 {
		t.Fatalf("%d subscribers after one closed", w.Subscribers())
	}
}

// A load overtaken by a newer one is dropped when it ends: the slow old
// read does not replace the newer decode, nor is it decoded.
func TestStaleLoadDropped(t *testing.T) {
	src := &memSource{name: "a.bin", data: infos(2)}
	w := New([]Source{src}, decoder.Options{})
	w.Load()
	gate := make(chan []byte)
	reading := make(chan struct{})
	src.mu.Lock()
	src.gate, src.reading = gate, reading
	src.mu.Unlock()
	old, _ := w.Begin("a.bin")
	done := make(chan *Snapshot)
	go func() { done <- w.Run(old[0]) }()
	<-reading
	// The old load is reading; a newer change starts and ends first.
	src.set(infos(9), nil)
	newer, snap := w.Begin("a.bin")
	if !snap.Entry(0).Loading {
		t.Fatal("the begun load does not show loading")
	}
	w.Run(newer[0])
	gate <- infos(4)
	<-done
	e := w.Snapshot().Entry(0)
	if e.File.NumInfos() != 9 || e.Loading {
		t.Fatalf("the stale load replaced the newer: %d INFO, loading %v", e.File.NumInfos(), e.Loading)
	}
	if w.Decodes() != 2 {
		t.Fatalf("%d decodes: the stale read was decoded", w.Decodes())
	}
}

// Read errors: the first is the source's error; a later one keeps the
// decode with a note; a broken reload keeps a clean decode.
func TestReadErrors(t *testing.T) {
	src := &memSource{name: "a.bin", err: errors.New("no such file")}
	w := New([]Source{src}, decoder.Options{})
	if e := w.Load().Entry(0); e.ReadErr == nil || e.File != nil || e.Loading {
		t.Fatalf("first read failed: %+v", e)
	}
	src.set(infos(3), nil)
	w.Reload("a.bin")
	good := w.Snapshot().Entry(0).File
	if good == nil || w.Snapshot().Entry(0).ReadErr != nil {
		t.Fatalf("recovery: %+v", w.Snapshot().Entry(0))
	}
	src.set(nil, errors.New("file vanished"))
	w.Reload("a.bin")
	if e := w.Snapshot().Entry(0); e.File != good || !strings.Contains(e.Note, "file vanished") {
		t.Fatalf("failed re-read: %+v", e)
	}
	src.set(infos(5)[:5*11-2], nil)
	w.Reload("a.bin")
	if e := w.Snapshot().Entry(0); e.File != good || e.Last != Kept {
		t.Fatalf("broken reload: %+v", e)
	}
}
