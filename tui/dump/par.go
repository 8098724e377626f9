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
// is decoded at a time, and a worker ahead of the writer stops once
// pipeDepth chunks of its output wait, so a huge file is never held
// whole: its worker runs as fast as the writer takes its chunks.

// pipeDepth is how many chunks of about batchSize bytes a file's worker
// may have waiting for the writer before it waits too: four for the file
// being written (one worker, as the SSH server runs), aheadDepth when
// several workers run, so that a worker whose file waits behind another's
// keeps decoding. Over the corpus of docs/benchmarks.md two cores took
// 0.97x one core's time with four chunks, 1.45x with 32 (2 MiB a file).
func pipeDepth(workers int) int {
	if workers == 1 {
		return 4
	}
	return aheadDepth
}

const aheadDepth = 32

// errStopped is what a worker's writes return once the writer has
// stopped (its own write failed): the worker ends its file.
var errStopped = errors.New("dump stopped")

// fileJob is one input on its way: its output in chunks, then its
// messages and exit status, read by the writer once out is closed.
type fileJob struct {
	name   string
	out    chan []byte
	msgs   bytes.Buffer
	status int
}

// dumpFunc dumps the file name: its records to w, its messages to msgs;
// it returns its exit status, or the error of a write to w.
type dumpFunc func(w, msgs io.Writer, name string) (int, error)

// dumpFiles dumps each name on workers goroutines at once (0:
// GOMAXPROCS), each with the dumpFunc newWorker returns for it, and
// writes the outputs to out and the messages to stderr in the order of
// names. It returns the largest exit status, or the error of a write to
// out.
func dumpFiles(out, stderr io.Writer, names []string, workers int, newWorker func() dumpFunc) (int, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	jobs := make(chan *fileJob)
	queue := make(chan *fileJob, workers) // in the order of names
	stop := make(chan struct{})
	// Chunks written, to reuse: a new one for each (480 MB of them over the
	// corpus of docs/benchmarks.md) cost 20% more CPU, most of it the
	// collector's.
	depth := pipeDepth(workers)
	free := make(chan []byte, workers*(depth+1))
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dump := newWorker()
			for j := range jobs {
				select {
				case <-stop:
					close(j.out) // the writer reads no more
					continue
				default:
				}
				p := &pipe{job: j, stop: stop, free: free}
				st, err := dump(p, &j.msgs, j.name)
				if err == nil {
					err = p.send()
				}
				// err can only be errStopped (the pipe is the only writer
				// of j): the writer has its own error.
				_ = err
				j.status = st
				close(j.out)
			}
		}()
	}
	go func() {
		defer close(jobs)
		defer close(queue)
		for _, name := range names {
			j := &fileJob{name: name, out: make(chan []byte, depth)}
			queue <- j // never blocks long: the writer takes them in turn
			select {
			case jobs <- j:
			case <-stop:
				return
			}
		}
	}()
	// Buffered as before files were dumped in parallel: a short output
	// comes after its file's messages on a terminal (docs/usage.md's
	// examples show it so).
	w := bufio.NewWriterSize(out, batchSize)
	status := 0
	var err error
	for j := range queue {
		if err != nil {
			continue // stopped: the jobs left are not read
		}
		for c := range j.out {
			if err == nil {
				if _, err = w.Write(c); err != nil {
					close(stop)
				}
			}
			select {
			case free <- c[:0]:
			default:
			}
		}
		if err == nil {
			status = max(status, j.status)
			_, _ = stderr.Write(j.msgs.Bytes())
		}
	}
	wg.Wait()
	if err == nil {
		err = w.Flush()
	}
	return status, err
}

// pipe is the writer a file's worker dumps it to: it gathers chunks of
// batchSize bytes and sends them to the file's job.
type pipe struct {
	job  *fileJob
	buf  []byte
	stop chan struct{}
	free chan []byte
}

func (p *pipe) Write(b []byte) (int, error) {
	if p.buf == nil {
		select {
		case p.buf = <-p.free:
		default:
			p.buf = make([]byte, 0, batchSize+batchSize/2)
		}
	}
	p.buf = append(p.buf, b...)
	if len(p.buf) >= batchSize {
		if err := p.send(); err != nil {
			return 0, err
		}
	}
	return len(b), nil
}

// send hands the chunk gathered to the writer, waiting while the file's
// pipeDepth chunks wait.
func (p *pipe) send() error {
	if len(p.buf) == 0 {
		return nil
	}
	select {
	case p.job.out <- p.buf:
		p.buf = nil
		return nil
	case <-p.stop:
		return errStopped
	}
}
