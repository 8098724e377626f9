package decoder

import (
	"errors"
	"runtime"
	"sync"
)

// Parallel walk: speculative chunks that resynchronise.
//
// An instruction's length depends only on its own bytes, so a walk started
// at any offset follows a chain of starts that, once it meets the true
// chain, stays on it. A walk started mid-instruction falls back in step
// within a few dozen bytes (about 70-90 on Intel's binaries, the worst seen
// about 1.1 KB). So a large stream is cut into chunks, one per processor;
// each is walked from its first byte, as if an instruction started there,
// at the same time as the others; then, in order, the true walk (known for
// the first chunk) is continued into the next chunk until it reaches a
// start that chunk's walk also reached, and from there that walk is the
// truth. The result is the sequential walk's, record for record and error
// for error: every record and error comes from the same function of the
// same bytes at the same offset (walkRange), and only chains the true walk
// was seen to join are kept.

// parallelMin is the smallest stream walked in parallel: below it the
// goroutines and the stitching cost more than they save.
const parallelMin = 1 << 20

// maxChunks bounds the goroutines of one walk.
const maxChunks = 64

// errQuiet stops a quiet walk (walkRange) where a located error would:
// a speculative walk meets many, and writes no message for them.
var errQuiet = errors.New("decoder: no length here")

// walkChunks returns how many chunks a stream of n bytes is walked in.
func walkChunks(n int) int {
	if n < parallelMin {
		return 1
	}
	return min(runtime.GOMAXPROCS(0), maxChunks, n/(parallelMin/2))
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
	// err stopped the first segment (then the segments after it start past
	// it), or is nil when the first segment reached hi.
	err error
	// exit is where the walk that reached hi stopped: the first start at or
	// past hi; -1 when none did (the last error was at hi-1).
	exit int
	// rs is where the chunk's region of the shared buffer starts: its walk
	// writes there until it outgrows it.
	rs int
}

// regionMargin is the records each chunk's region holds beyond its guess.
const regionMargin = 64

// parallelSample is how many bytes the first chunk walks on its own before
// the shared buffer is sized from the density they show.
const parallelSample = 32 << 10

// specBlock is how far a speculative walk goes between looks at whether
// the true walk has stopped.
const specBlock = 64 << 10

// parallel walks the stream in the given number of chunks (at least 2, at
// most one per byte) and returns what walkRange over the whole stream
// would: the records (their slice's length is their number) and the error.
func (w *walker) parallel(chunks int) ([]Inst, error) {
	end := len(w.s.Code)
	cs := make([]chunkWalk, chunks)
	for i := range cs {
		cs[i].lo, cs[i].hi = i*end/chunks, (i+1)*end/chunks
	}
	// The first bytes are walked first, alone (they are the truth): their
	// density sizes one buffer, cut into a region per chunk, with a margin
	// (chunks differ a little, and the true walk's records are shifted a
	// little against each chunk's own). When the records fit, they are
	// moved together in place and the buffer is the result, so a parallel
	// walk costs about the memory of a sequential one.
	sample := min(cs[0].hi/2, parallelSample)
	pos, head, n, err := w.walkRange(0, sample, make([]Inst, sample/12+1), 0, false)
	if err != nil {
		return head[:n], err
	}
	perByte := float64(n+1) / float64(pos+1)
	guess := func(bytes int) int {
		return min(bytes, int(float64(bytes)*perByte*17/16)) + regionMargin
	}
	size := max(guess(cs[0].hi-cs[0].lo), n+regionMargin)
	for _, c := range cs[1:] {
		size += guess(c.hi - c.lo)
	}
	buf := make([]Inst, size)
	rs := 0
	for i := range cs {
		c := &cs[i]
		re := rs + guess(c.hi-c.lo)
		if i == 0 {
			re = rs + max(guess(c.hi-c.lo), n+regionMargin)
		}
		c.rs, c.recs = rs, buf[rs:re:re]
		rs = re
	}
	copy(buf, head[:n])
	var wg sync.WaitGroup
	for i := 1; i < chunks; i++ {
		wg.Go(func() { w.speculate(&cs[i]) })
	}
	// The first chunk starts at a true start: its walk is the truth. When
	// it stops early the others' walks are not needed.
	c := &cs[0]
	c.exit, c.recs, n, c.err = w.walkRange(pos, c.hi, c.recs, n, false)
	c.recs, c.first = c.recs[:n], n
	if c.err != nil {
		w.stop.Store(true)
	}
	wg.Wait()
	return w.stitch(cs, buf)
}

// speculate walks chunk c from its first byte, as if an instruction
// started there, and after each error from one byte further on, until a
// walk reaches the chunk's end. Each restart begins past the last error,
// so the walks cover the chunk once: time linear in it, whatever it holds.
// It gives up (leaving no records) when the true walk has stopped before.
func (w *walker) speculate(c *chunkWalk) {
	recs, k, pos := c.recs, 0, c.lo
	c.first = -1 // the first segment runs
	ok := true   // the last walk reached its limit
	for pos < c.hi {
		if w.stop.Load() {
			c.recs, c.first, c.err, c.exit = recs[:0], 0, nil, -1
			return
		}
		var err error
		pos, recs, k, err = w.walkRange(pos, min(pos+specBlock, c.hi), recs, k, true)
		if ok = err == nil; ok {
			continue
		}
		if c.first < 0 {
			// The first segment's error is the truth's if the true walk
			// joins it: written once, as the sequential walk writes it.
			c.first = k
			_, c.err = w.s.careful(w.t, w.o, pos)
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
	c.recs = recs[:k]
}

// stitch follows the true walk through the chunks in order and joins the
// parts of their walks it was seen to take into one slice.
func (w *walker) stitch(cs []chunkWalk, buf []Inst) ([]Inst, error) {
	// Each chunk contributes the true records walked before joining its
	// walk (catch) and its walk's records from there (keep).
	type piece struct{ catch, keep []Inst }
	pieces := make([]piece, 0, len(cs))
	pieces = append(pieces, piece{keep: cs[0].recs})
	err, pos := cs[0].err, cs[0].exit
	for i := 1; i < len(cs) && err == nil; i++ {
		c := &cs[i]
		var p piece
		p.catch, p.keep, pos, err = w.join(c, pos)
		pieces = append(pieces, p)
	}
	total := 0
	inPlace := true
	for i, p := range pieces {
		n := len(p.catch) + len(p.keep)
		next := len(buf)
		if i+1 < len(cs) {
			next = cs[i+1].rs
		}
		// A chunk's records move down (or a little up, within their
		// region); they must not reach the next region, not yet moved.
		if total+n > next {
			inPlace = false
		}
		total += n
	}
	out := buf
	if !inPlace {
		out = make([]Inst, total)
	}
	d := 0
	for _, p := range pieces {
		copy(out[d+len(p.catch):], p.keep) // memmove: keep may overlap its destination
		copy(out[d:], p.catch)
		d += len(p.catch) + len(p.keep)
	}
	return out[:total], err
}

// join continues the true walk from pos, a true start at or past c.lo,
// until it reaches a start that c's walk also reached, leaves the chunk or
// meets an error. It returns the true records walked before joining
// (catch), the records of c's walk from the join on (keep), where the true
// walk leaves the chunk, and the error that ends the whole walk, if any.
func (w *walker) join(c *chunkWalk, pos int) (catch, keep []Inst, next int, err error) {
	recs := c.recs
	j, k, blk := 0, 0, 256
	// joined returns the result when the true walk is at recs[j].
	joined := func() ([]Inst, []Inst, int, error) {
		if j < c.first {
			if c.err != nil {
				return catch[:k], recs[j:c.first], 0, c.err
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
		blk = min(2*blk, 1<<20)
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
