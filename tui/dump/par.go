package dump

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"runtime"
	"sync"
)

// The inputs of one command are dumped in parallel, one file per worker
// (a corpus is hundreds of files of a few hundred kilobytes: that is where
// parallel work pays), and written in the order they were named, each
// file's messages after its records. A file's records are formatted on
// its worker alone, in order.
//
// Memory stays bounded whatever the inputs: at most one file per worker
// is decoded at a time; the chunks of about batchSize bytes that files
// after the one being written send are aheadChunks at most between them
// until written, and the file being written adds headDepth more at most
// (at most aheadFiles files ahead), so a huge file is never held whole:
// its worker runs as fast as the writer takes its chunks, and a worker
// ahead of the writer waits once the budget is spent, until the writer
// moves on.

const (
	// headDepth is how many chunks of the file being written may wait.
	headDepth = 4
	// aheadChunks is how many chunks the files after the one being
	// written may hold between them when several workers run (4.5 MiB,
	// fewer than the 32 a file for three files before): shared by the
	// files rather than a few each, it lets a worker go on past a file
	// with a long output into the small ones after it, where a worker
	// used to wait two files ahead (docs/benchmarks.md, "issue 18
	// corpus aim", has the figures).
	aheadChunks = 64
	// aheadFiles bounds how many files finished ahead of the writer keep
	// their messages (a folder of files without output is never held
	// whole either).
	aheadFiles = 64
)

// errStopped is what a worker's writes return once the writer has
// stopped (its own write failed): the worker ends its file.
var errStopped = errors.New("dump stopped")

// fileJob is one input on its way: its output in chunks, then its
// messages and exit status, read by the writer once done is set.
type fileJob struct {
	name   string
	chunks [][]byte // written by its worker, not yet by the writer
	early  int      // how many of the first chunks were sent while another file was written
	done   bool     // its worker has finished it: chunks is all that is left
	msgs   bytes.Buffer
	status int
	notes  fileNotes // the notes said once for every file, not in msgs
}

// dumpFunc dumps the file name: its records to w, its messages to msgs
// (those a run of several files says once for all of them to notes); it
// returns its exit status, or the error of a write to w.
type dumpFunc func(w, msgs io.Writer, notes *fileNotes, name string) (int, error)

// files is the state the workers and the writer share, guarded by mu;
// cond is broadcast at every change of it.
type files struct {
	mu      sync.Mutex
	cond    sync.Cond
	jobs    []*fileJob
	next    int // the job the next free worker takes
	head    int // the job the writer writes
	ahead   int // chunks sent while another file was written, not yet written (early's sum)
	budget  int // the most ahead may reach
	stopped bool
	free    chan []byte // chunks written, to reuse
}

// dumpFiles dumps each name on workers goroutines at once (0:
// GOMAXPROCS), each with the dumpFunc newWorker returns for it, and
// writes the outputs to out and the messages to stderr in the order of
// names. It returns the largest exit status and the files' notes summed,
// or the error of a write to out.
func dumpFiles(out, stderr io.Writer, names []string, workers int, newWorker func() dumpFunc) (int, fileNotes, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	fs := &files{budget: aheadChunks}
	if workers == 1 {
		// One worker (as the SSH server runs) is ahead only while the
		// writer ends the file before.
		fs.budget = headDepth
	}
	fs.cond.L = &fs.mu
	for _, name := range names {
		fs.jobs = append(fs.jobs, &fileJob{name: name})
	}
	// Chunks written, to reuse: a new one for each (480 MB of them over the
	// corpus of docs/benchmarks.md) cost 20% more CPU, most of it the
	// collector's.
	fs.free = make(chan []byte, fs.budget+headDepth+workers+1)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() { fs.work(newWorker()) })
	}
	// Buffered as before files were dumped in parallel: a short output
	// comes after its file's messages on a terminal (docs/usage.md's
	// examples show it so).
	w := bufio.NewWriterSize(out, batchSize)
	status, sum, err := fs.write(w, stderr)
	wg.Wait()
	if err == nil {
		err = w.Flush()
	}
	return status, sum, err
}

// work dumps the jobs one after the other, taking the next one free,
// until there are none or the writer stopped.
func (fs *files) work(dump dumpFunc) {
	for {
		fs.mu.Lock()
		for !fs.stopped && fs.next < len(fs.jobs) && fs.next > fs.head+aheadFiles {
			fs.cond.Wait()
		}
		if fs.stopped || fs.next == len(fs.jobs) {
			fs.mu.Unlock()
			return
		}
		k := fs.next
		fs.next++
		fs.mu.Unlock()
		j := fs.jobs[k]
		p := &pipe{fs: fs, k: k}
		st, err := dump(p, &j.msgs, &j.notes, j.name)
		if err == nil {
			err = p.send()
		}
		// err can only be errStopped (the pipe is the only writer
		// of j): the writer has its own error.
		_ = err
		fs.mu.Lock()
		j.status, j.done = st, true
		fs.cond.Broadcast()
		fs.mu.Unlock()
	}
}

// write writes the jobs' chunks to w and their messages to stderr, in
// order, as the workers finish them; it returns the largest exit status
// and the notes of the files written summed in that order (whatever the
// number of workers), or the error of a write to w (the workers then
// stop).
func (fs *files) write(w, stderr io.Writer) (int, fileNotes, error) {
	status := 0
	var sum fileNotes
	for k, j := range fs.jobs {
		for {
			fs.mu.Lock()
			for len(j.chunks) == 0 && !j.done {
				fs.cond.Wait()
			}
			if len(j.chunks) == 0 {
				fs.head = k + 1
				fs.cond.Broadcast()
				fs.mu.Unlock()
				break
			}
			c := j.chunks[0]
			j.chunks[0] = nil
			j.chunks = j.chunks[1:]
			if j.early > 0 {
				j.early--
				fs.ahead--
			}
			fs.cond.Broadcast() // a worker may wait for room
			fs.mu.Unlock()
			if _, err := w.Write(c); err != nil {
				fs.mu.Lock()
				fs.stopped = true
				fs.cond.Broadcast()
				fs.mu.Unlock()
				return status, sum, err
			}
			select {
			case fs.free <- c[:0]:
			default:
			}
		}
		status = max(status, j.status)
		_, _ = stderr.Write(j.msgs.Bytes())
		sum.add(j.notes)
	}
	return status, sum, nil
}

// pipe is the writer a file's worker dumps it to: it gathers chunks of
// batchSize bytes and hands them to the file's job.
type pipe struct {
	fs  *files
	k   int // the job's index
	buf []byte
}

func (p *pipe) Write(b []byte) (int, error) {
	if p.buf == nil {
		p.buf = p.fs.chunk()
	}
	p.buf = append(p.buf, b...)
	if len(p.buf) >= batchSize {
		if err := p.send(); err != nil {
			return 0, err
		}
	}
	return len(b), nil
}

// handOver sends b, a batch of at least batchSize bytes, as a chunk of
// its own (after what Write gathered), uncopied, and returns an empty
// buffer to gather the next batch in.
func (p *pipe) handOver(b []byte) ([]byte, error) {
	if err := p.send(); err != nil {
		return b, err
	}
	p.buf = b
	if err := p.send(); err != nil {
		return nil, err
	}
	return p.fs.chunk(), nil
}

// chunk returns an empty chunk, one written before if there is one.
func (fs *files) chunk() []byte {
	select {
	case c := <-fs.free:
		return c
	default:
		// Room past batchSize for the record that crosses it (the
		// corpus's records are under 4 KiB); every chunk waiting costs
		// its capacity about twice in peak RSS (the collector's heap
		// goal).
		return make([]byte, 0, batchSize+batchSize/8)
	}
}

// send hands the chunk gathered to the writer, waiting while the file's
// share of the chunks waiting is taken.
func (p *pipe) send() error {
	if len(p.buf) == 0 {
		return nil
	}
	fs := p.fs
	j := fs.jobs[p.k]
	fs.mu.Lock()
	defer fs.mu.Unlock()
	for !fs.stopped && !fs.room(p.k) {
		fs.cond.Wait()
	}
	if fs.stopped {
		return errStopped
	}
	if p.k != fs.head {
		j.early++
		fs.ahead++
	}
	j.chunks = append(j.chunks, p.buf)
	p.buf = nil
	fs.cond.Broadcast()
	return nil
}

// room reports whether job k may have one more chunk waiting (fs.mu
// held).
func (fs *files) room(k int) bool {
	if k == fs.head {
		return len(fs.jobs[k].chunks) < headDepth
	}
	return fs.ahead < fs.budget
}
