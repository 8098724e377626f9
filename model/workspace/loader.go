// The loader: a Workspace reads named sources, decodes each once, and
// publishes every state as an immutable Snapshot to whoever subscribes.
// Reading is the Source's business (files are tui/fsio's), so the loader
// itself does no I/O.
//
// One Workspace serves any number of views: the local inspector owns one;
// the SSH server keeps one for its served files, and every session is a
// view of it. A change (a watcher's report, a reload request) re-reads
// and decodes the source once, and every subscriber gets the result.
// Loads of one source are numbered: a load overtaken by a newer one is
// dropped when it ends, so a slow old read never replaces a newer decode.
package workspace

import (
	"sync"
	"sync/atomic"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
)

// Workspace reads and decodes a fixed list of sources and publishes the
// snapshots. It is safe for concurrent use.
type Workspace struct {
	srcs []Source
	opts decoder.Options

	mu   sync.Mutex
	snap *Snapshot
	gens []uint64 // per source: the number of the newest load begun
	subs map[*Subscription]struct{}

	decodes atomic.Int64
}

// New returns the workspace of srcs, decoded with o; nothing is read until
// a load begins. Its first snapshot has every source loading.
func New(srcs []Source, o decoder.Options) *Workspace {
	names := make([]string, len(srcs))
	for i, s := range srcs {
		names[i] = s.Name()
	}
	return &Workspace{srcs: srcs, opts: o, snap: NewSnapshot(names), gens: make([]uint64, len(srcs)),
		subs: map[*Subscription]struct{}{}}
}

// Snapshot returns the current state.
func (w *Workspace) Snapshot() *Snapshot {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.snap
}

// Decodes returns how many decodes the workspace has run: one per source
// per load, however many views share it.
func (w *Workspace) Decodes() int64 { return w.decodes.Load() }

// Job is one load of one source: begun by Begin or BeginAll (which mark
// the source loading), run by Run.
type Job struct {
	i   int
	gen uint64
}

// BeginAll begins a load of every source and returns the jobs to run and
// the snapshot that shows them loading.
func (w *Workspace) BeginAll() ([]Job, *Snapshot) {
	return w.begin(func(Source) bool { return true })
}

// Begin begins a load of the sources named name (none: no jobs) and
// returns the jobs and the snapshot that shows them loading.
func (w *Workspace) Begin(name string) ([]Job, *Snapshot) {
	return w.begin(func(s Source) bool { return s.Name() == name })
}

func (w *Workspace) begin(match func(Source) bool) ([]Job, *Snapshot) {
	w.mu.Lock()
	defer w.mu.Unlock()
	var jobs []Job
	var started []int
	for i, src := range w.srcs {
		if !match(src) {
			continue
		}
		w.gens[i]++
		jobs = append(jobs, Job{i, w.gens[i]})
		started = append(started, i)
	}
	if len(jobs) > 0 {
		w.publish(w.snap.Started(started...))
	}
	return jobs, w.snap
}

// Run reads and decodes j's source, publishes the result unless a newer
// load of the source has begun meanwhile, and returns the current
// snapshot. The read and the decode run without the lock: other loads and
// views go on meanwhile.
func (w *Workspace) Run(j Job) *Snapshot {
	src := w.srcs[j.i]
	data, err := src.Read()
	w.mu.Lock()
	if w.gens[j.i] != j.gen {
		defer w.mu.Unlock()
		return w.snap
	}
	if err != nil {
		w.publish(w.snap.Failed(j.i, err))
		defer w.mu.Unlock()
		return w.snap
	}
	w.publish(w.snap.Read(j.i, len(data))) // the loading line shows the size
	w.mu.Unlock()

	f := visatext.Decode(src.Name(), data, w.opts)
	w.decodes.Add(1)

	w.mu.Lock()
	defer w.mu.Unlock()
	if w.gens[j.i] == j.gen {
		w.publish(w.snap.Decoded(j.i, f))
	}
	return w.snap
}

// Load loads every source, each in its own goroutine, and returns once all
// are done.
func (w *Workspace) Load() *Snapshot {
	jobs, _ := w.BeginAll()
	w.runAll(jobs)
	return w.Snapshot()
}

// Reload re-reads and decodes the sources named name once, for every
// view, and reports whether any source has that name.
func (w *Workspace) Reload(name string) bool {
	jobs, _ := w.Begin(name)
	w.runAll(jobs)
	return len(jobs) > 0
}

func (w *Workspace) runAll(jobs []Job) {
	var wg sync.WaitGroup
	for _, j := range jobs {
		wg.Go(func() { w.Run(j) })
	}
	wg.Wait()
}

// publish makes s current and hands it to every subscriber (w.mu held).
func (w *Workspace) publish(s *Snapshot) {
	w.snap = s
	for sub := range w.subs {
		sub.offer(s)
	}
}

// Subscription delivers a workspace's snapshots to one view: the newest
// one not yet received waits in C; older ones it replaces are dropped
// (each snapshot is a whole state, so a view that skips some misses
// nothing but intermediate steps).
type Subscription struct {
	w *Workspace
	c chan *Snapshot
}

// Subscribe returns a subscription whose channel holds the current
// snapshot at once, then every later one. Close it when the view ends.
func (w *Workspace) Subscribe() *Subscription {
	w.mu.Lock()
	defer w.mu.Unlock()
	sub := &Subscription{w: w, c: make(chan *Snapshot, 1)}
	sub.c <- w.snap
	w.subs[sub] = struct{}{}
	return sub
}

// C is the channel of snapshots; it is closed by Close.
func (s *Subscription) C() <-chan *Snapshot { return s.c }

// Close ends the subscription and closes C; closing twice is harmless.
func (s *Subscription) Close() {
	s.w.mu.Lock()
	defer s.w.mu.Unlock()
	if _, ok := s.w.subs[s]; !ok {
		return
	}
	delete(s.w.subs, s)
	close(s.c)
}

// Subscribers returns the number of open subscriptions.
func (w *Workspace) Subscribers() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.subs)
}

// offer replaces the snapshot waiting in the channel, if any, with snap
// (the workspace's lock held, so offers never race each other).
func (s *Subscription) offer(snap *Snapshot) {
	select {
	case <-s.c:
	default:
	}
	s.c <- snap
}
