package dump

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"sync"
)

// The records of an image are formatted by one driver, writeRecords, on
// the calling goroutine or, for a large image, in chunks on every core,
// written in order. The output is the same bytes either way: a record is
// formatted by the same function of the same inputs wherever it runs.
//
// A user of the driver gives the number of records of each stream and a
// function that appends a range of them to a buffer with one worker's
// scratch state (recordSet). The state is the worker's own, so the
// function may reuse buffers in it freely; everything else it reads (the
// file, its streams, the options) must be safe to read from several
// goroutines at once. Instruction decodes through the stream's one-block
// cache are not (workers at different places evict each other's block):
// such a user says so with parallel false until it reads instructions
// another way.

// recordSet is what writeRecords writes: the records of each stream of an
// image, in stream order, formatted by appendRange.
type recordSet[S any] struct {
	// counts holds the number of records of each stream (INFO, or with
	// --all instructions).
	counts []int
	// appendRange appends records lo to hi-1 of stream si to b, stopping
	// after the record that brings b to limit bytes or more; it returns b
	// and the number of the next record (hi when it did them all). st is
	// the calling worker's scratch state, zero at first and kept across
	// calls (one per goroutine, never shared).
	appendRange func(st *S, b []byte, si, lo, hi, limit int) ([]byte, int)
	// chunk is how many records a parallel chunk holds: a few hundred
	// kilobytes of output, so that chunks are few and memory small.
	chunk int
	// recordBytes is about how long a record is: a chunk's buffer is made
	// that large from the start, rather than page-faulting its way
	// through the copies of a buffer that doubles (0: no estimate).
	recordBytes int
	// parallel is whether appendRange may run on several goroutines at
	// once (see above).
	parallel bool
}

// parOptions tune the driver; the zero value is the default. Tests use it
// to force parallel chunks on small inputs.
type parOptions struct {
	workers int // goroutines formatting; 0: GOMAXPROCS
	chunk   int // records per chunk when > 0, overriding recordSet.chunk
}

// Records per chunk of a parallel write, and about how long a record is:
// an INFO text line ~70 bytes (a C source's kernel names make them
// longer), a JSON record ~2.3 KB.
const (
	textChunk = 4096
	jsonChunk = 512
	textBytes = 80
	jsonBytes = 2400
)

// writeRecords writes every record of rs to w in order. Sequentially it
// writes them in batches of batchSize bytes or a little more, each
// batch's last record whole. In parallel, one goroutine per processor
// formats chunks of rs.chunk records, and at most two chunks per worker
// exist at any time (their buffers reused), so memory stays bounded
// whatever the image's size.
func writeRecords[S any](w io.Writer, rs recordSet[S], po parOptions) error {
	workers := po.workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	chunk := rs.chunk
	if po.chunk > 0 {
		chunk = po.chunk
	}
	total := 0
	for _, n := range rs.counts {
		total += n
	}
	// Fewer than two chunks: nothing to share.
	if !rs.parallel || workers < 2 || chunk <= 0 || total < 2*chunk {
		return writeSequential(w, rs)
	}
	return writeParallel(w, rs, min(workers, (total+chunk-1)/chunk), chunk)
}

func writeSequential[S any](w io.Writer, rs recordSet[S]) error {
	var (
		st S
		b  []byte
	)
	for si, n := range rs.counts {
		for j := 0; j < n; {
			b, j = rs.appendRange(&st, b, si, j, n, batchSize)
			// A batch as large as a bufio.Writer's buffer is written
			// through it uncopied.
			if len(b) >= batchSize {
				if _, err := w.Write(b); err != nil {
					return err
				}
				b = b[:0]
			}
		}
	}
	_, err := w.Write(b)
	return err
}

// chunkJob is one chunk of a parallel write: records lo to hi-1 of
// stream si, formatted into buf. A job is also a token: there are a fixed
// number of them, taken from a free list and handed back once written.
type chunkJob struct {
	si, lo, hi int
	buf        []byte
	done       chan any // receives nil when buf is ready, or what the worker panicked with
}

func writeParallel[S any](w io.Writer, rs recordSet[S], workers, chunk int) error {
	depth := 2 * workers
	free := make(chan *chunkJob, depth)
	for range depth {
		free <- &chunkJob{done: make(chan any, 1), buf: make([]byte, 0, chunk*rs.recordBytes)}
	}
	jobs := make(chan *chunkJob)
	queue := make(chan *chunkJob, depth) // in output order
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var st S
			for j := range jobs {
				j.done <- format(rs, &st, j)
			}
		}()
	}
	go func() {
		defer close(jobs)
		defer close(queue)
		for si, n := range rs.counts {
			for lo := 0; lo < n; lo += chunk {
				var j *chunkJob
				select {
				case j = <-free:
				case <-stop:
					return
				}
				j.si, j.lo, j.hi = si, lo, min(lo+chunk, n)
				queue <- j // never blocks: depth jobs exist
				jobs <- j
			}
		}
	}()
	var (
		err     error
		fault   any
		stopped bool
	)
	for j := range queue {
		if p := <-j.done; p != nil && fault == nil {
			fault = fmt.Sprintf("dump: formatting records %d to %d of stream %d: %v", j.lo, j.hi-1, j.si, p)
		}
		if err == nil && fault == nil {
			_, err = w.Write(j.buf)
		}
		if (err != nil || fault != nil) && !stopped {
			close(stop)
			stopped = true
		}
		free <- j
	}
	wg.Wait()
	if fault != nil {
		// Where a sequential write would have panicked: the caller's
		// goroutine, not a worker's, which nothing could recover.
		panic(fault)
	}
	return err
}

// format fills j.buf with its records, and returns what appendRange
// panicked with, or nil.
func format[S any](rs recordSet[S], st *S, j *chunkJob) (fault any) {
	defer func() {
		if p := recover(); p != nil {
			fault = p
		}
	}()
	j.buf, _ = rs.appendRange(st, j.buf[:0], j.si, j.lo, j.hi, math.MaxInt)
	return nil
}
