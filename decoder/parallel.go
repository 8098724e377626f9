package decoder

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
)

// Parallel walk: speculative chunks that resynchronise.
//
// An instruction's length depends only on its own bytes, so a walk started
// at any offset follows a chain of starts that, once it meets the true
// chain, stays on it. A walk started mid-instruction falls back in step
// within a few dozen bytes (about 70-90 on Intel's binaries and on the
// benchmark's mixed stream, the worst seen about 1.1 KB), stepping one byte
// past each error it meets on the way. So a large stream is cut into
// chunks, which a few workers (one per processor) walk at the same time,
// each from the chunk's first byte as if an instruction started there.
// The caller follows the true walk through the chunks in order: from where
// it left the previous chunk it walks on until it reaches a start the
// chunk's walk also reached, and from there takes that walk's records. The
// result is the sequential walk's, record for record and error for error:
// every record and error comes from the same function of the same bytes at
// the same offset (walkRange), and only chains the true walk was seen to
// join are kept.
//
// Memory: the chunks are taken in order, and a worker takes one only with
// a free buffer (one per worker, and one more), so at most that many
// chunks' records wait to be joined, whatever the stream's size; the
// records go, as they are joined, to the stream's index (access.go), as
// the sequential walk's buffer does.

// parallelMin is the smallest stream walked in parallel: below it the
// walk takes a few milliseconds, and the workers' buffers would be a
// noticeable part of its memory.
const parallelMin = 2 << 20

// chunkBytes is the size of a chunk: small enough that the workers stay
// busy to the end and the records waiting to be joined are few (at most
// 3 x 512 KB with two workers, on one-byte instructions), large enough
// that the joins (about a hundred bytes walked twice each) are lost in it.
const chunkBytes = 64 << 10

// specBlock is how far a speculative walk goes between looks at whether
// the true walk has stopped.
const specBlock = 64 << 10

// errQuiet stops a quiet walk (walkRange) where a located error would:
// a speculative walk meets many, and writes no message for them.
var errQuiet = errors.New("decoder: no length here")

// parallelChunk returns the chunk size a stream of n bytes is walked in
// parallel with, or 0 when it is walked sequentially.
func parallelChunk(n int) int {
	if n < parallelMin || runtime.GOMAXPROCS(0) < 2 {
		return 0
	}
	return chunkBytes
}

// walker is what a walk of one stream reads; it is shared by the
// goroutines of a parallel walk, which only read it (stop apart).
type walker struct {
	s      *Stream
	t      *opTable
	o      WalkOptions
	fastAt *[256]uint32 // the layout's row of t.fastAt
	stop   atomic.Bool  // set when the result is known: speculation is moot
	// The parallel walk's chunks, the next one to take, their size, and
	// the free buffers to walk them into.
	cs    []chunkWalk
	next  atomic.Int64
	chunk int
	free  chan []Inst
}

// walkRange walks the instructions from pos while they start before limit,
// writing them into insts from index k (grown when full). It returns where
// it stopped (the first instruction start at or past limit, or the start of
// the instruction it could not walk, with its located error, or errQuiet
// when quiet), the slice and the number of instructions in it. An
// instruction that starts before limit may end past it: lengths are always
// taken against the whole stream, so a walk's records do not depend on
// where it was asked to stop. It is Walk's loop, with a limit.
func (w *walker) walkRange(pos, limit int, insts []Inst, k int, quiet bool) (int, []Inst, int, error) {
	t, code := w.t, w.s.Code
	end := len(code)
	from := pos
	// The hot path runs while a full window remains; cut so that this
	// means "while pos < limit" away from the end of the stream.
	fcode := code
	if limit+fastWindow-1 < end {
		fcode = code[:limit+fastWindow-1]
	}
	for pos < limit {
		pos, k = t.walkFast(fcode, w.fastAt, pos, insts, k)
		if pos >= limit {
			break
		}
		n, f := w.s.length(t, w.o.Layout, pos)
		if f.why != failNone {
			if quiet {
				return pos, insts, k, errQuiet
			}
			return pos, insts, k, w.s.failErr(t, w.o, pos, n, f)
		}
		if k == len(insts) {
			insts = growInsts(insts, pos-from, limit-from)
		}
		sub := code[min(pos+1, end-1)]
		if n == 1 {
			sub = 0
		}
		insts[k] = Inst{Off: uint32(pos), Len: uint16(n), Op: code[pos], Sub: sub}
		k++
		pos += n
	}
	return pos, insts, k, nil
}

// chunkWalk is what one chunk's speculative walk found.
type chunkWalk struct {
	lo, hi int // the chunk: instructions that start in [lo, hi)
	// recs holds the first segment (the walk from lo) in recs[:first],
	// then the last segment, the walk after the last restart, which
	// reached hi without error. Segments between them, each stopped by an
	// error, are dropped: the true walk, if it runs into one, finds the
	// error itself.
	recs  []Inst
	first int
	// fail stopped the first segment at failAt (then the segments after it
	// start past it; failN is the length length gave with it), or is
	// failNone when the first segment reached hi. The error is written
	// only if the true walk joins that segment.
	fail          failure
	failAt, failN int
	// exit is where the walk that reached hi stopped: the first start at or
	// past hi; -1 when none did.
	exit int
	buf  []Inst // the buffer recs is in, handed back when joined
}

// walkParallel walks s's code in chunks of the given size on as many
// workers as processors (at least two), hands emit the records the
// sequential walk finds, in order, a run at a time (pos: where the walk
// is after them), and returns the error it finds.
func (s *Stream) walkParallel(t *opTable, o WalkOptions, fastAt *[256]uint32, chunk int, emit func(recs []Inst, pos int)) error {
	w := &walker{s: s, t: t, o: o, fastAt: fastAt, chunk: chunk}
	end := len(s.Code)
	w.cs = make([]chunkWalk, (end+chunk-1)/chunk)
	// One goroutine per processor, the caller's among them (it walks
	// chunks too while the next to join is not ready), at least two, but
	// no more than a quarter of the chunks (nor 32): the buffers of the
	// records waiting to be joined stay a small part of the result.
	procs := min(max(min(runtime.GOMAXPROCS(0), len(w.cs)/4, 32), 2), len(w.cs))
	w.free = make(chan []Inst, procs+1)
	for range procs + 1 {
		w.free <- nil // allocated by the first chunk walked into it
	}
	done := make(chan int, len(w.cs))
	quit := make(chan struct{})
	var wg sync.WaitGroup
	for range procs - 1 {
		wg.Go(func() {
			for {
				var buf []Inst
				select {
				case buf = <-w.free:
				case <-quit:
					return
				}
				i, ok := w.take(buf)
				if !ok {
					return
				}
				done <- i
			}
		})
	}
	err := w.stitch(done, emit)
	w.stop.Store(true)
	close(quit)
	wg.Wait()
	return err
}

// take walks the next chunk not yet taken into buf, and returns its index,
// or false when none is left (or the result is known). The buffer comes
// first, then the chunk: so the chunk the caller waits for, the first not
// joined, always has one.
func (w *walker) take(buf []Inst) (int, bool) {
	i := int(w.next.Add(1)) - 1
	if i >= len(w.cs) || w.stop.Load() {
		return i, false
	}
	c := &w.cs[i]
	c.lo, c.hi = i*w.chunk, min((i+1)*w.chunk, len(w.s.Code))
	if buf == nil {
		buf = make([]Inst, w.chunk/12+1)
	}
	c.recs = buf
	w.speculate(c)
	return i, true
}

// speculate walks chunk c from its first byte, as if an instruction
// started there, and after each error from one byte further on, until a
// walk reaches the chunk's end. Each restart begins past the last error,
// so the walks cover the chunk once: time linear in it, whatever it holds.
// It gives up (leaving no records) once the result is known.
func (w *walker) speculate(c *chunkWalk) {
	recs, k, pos := c.recs, 0, c.lo
	c.first = -1 // the first segment runs
	ok := true   // the last walk reached its limit
	for pos < c.hi {
		if w.stop.Load() {
			c.recs, c.buf, c.first, c.fail, c.exit = recs[:0], recs, 0, failure{}, -1
			return
		}
		var err error
		pos, recs, k, err = w.walkRange(pos, min(pos+specBlock, c.hi), recs, k, true)
		if ok = err == nil; ok {
			continue
		}
		if c.first < 0 {
			// The first segment's error is the truth's if the true walk
			// joins it: kept, to be written as the sequential walk would.
			c.first, c.failAt = k, pos
			c.failN, c.fail = w.s.length(w.t, w.o.Layout, pos)
		}
		k = c.first
		pos++
	}
	switch {
	case c.first < 0:
		c.first, c.exit = k, pos
	case ok:
		c.exit = pos
	default:
		c.exit = -1 // the last error was at hi-1: no walk reached hi
	}
	c.recs, c.buf = recs[:k], recs
}

// stitch follows the true walk through the chunks in order, as their
// walks come in (their indices on done), and hands emit the records it
// takes, each chunk's buffer then going back to free.
func (w *walker) stitch(done <-chan int, emit func([]Inst, int)) error {
	ready := make([]bool, len(w.cs))
	var scratch []Inst
	pos := 0
	for i := range w.cs {
		for !ready[i] {
			select {
			case d := <-done:
				ready[d] = true
				continue
			default:
			}
			// Nothing to join yet: walk a chunk here rather than wait,
			// when a buffer is free (else one is being walked).
			select {
			case buf := <-w.free:
				if d, ok := w.take(buf); ok {
					ready[d] = true
				} else {
					w.free <- buf
					ready[<-done] = true
				}
			default:
				ready[<-done] = true
			}
		}
		c := &w.cs[i]
		catch, keep, next, err := w.join(c, pos, scratch)
		scratch = catch[:cap(catch)]
		if len(catch) > 0 {
			emit(catch, next)
		}
		if len(keep) > 0 {
			emit(keep, next)
		}
		w.free <- c.buf
		pos = next
		if err != nil {
			return err
		}
	}
	return nil
}

// join continues the true walk from pos, a true start at or past c.lo,
// until it reaches a start that c's walk also reached, leaves the chunk or
// meets an error. It returns the true records walked before joining
// (catch, in scratch when it has room), the records of c's walk from the
// join on (keep), where the true walk leaves the chunk, and the error that
// ends the whole walk, if any.
func (w *walker) join(c *chunkWalk, pos int, scratch []Inst) (catch, keep []Inst, next int, err error) {
	recs := c.recs
	j, k, blk := 0, 0, 256
	catch = scratch
	// joined returns the result when the true walk is at recs[j].
	joined := func() ([]Inst, []Inst, int, error) {
		if j < c.first {
			if c.fail.why != failNone {
				return catch[:k], recs[j:c.first], 0, w.s.failErr(w.t, w.o, c.failAt, c.failN, c.fail)
			}
			return catch[:k], recs[j:c.first], c.exit, nil
		}
		return catch[:k], recs[j:], c.exit, nil
	}
	// at reports whether the true start off is one of c's walk's.
	at := func(off int) bool {
		for j < len(recs) && int(recs[j].Off) < off {
			j++
		}
		return j < len(recs) && int(recs[j].Off) == off
	}
	for {
		if at(pos) {
			return joined()
		}
		if pos >= c.hi {
			return catch[:k], nil, pos, nil
		}
		// The true walk a block at a time, each new start checked; blocks
		// double so a chunk whose walk is never joined costs a walk of it.
		start := k
		var e error
		pos, catch, k, e = w.walkRange(pos, min(pos+blk, c.hi), catch, k, false)
		blk = min(2*blk, specBlock)
		for q := start + 1; q < k; q++ {
			if at(int(catch[q].Off)) {
				k = q
				return joined()
			}
		}
		if e != nil {
			return catch[:k], nil, pos, e
		}
	}
}
