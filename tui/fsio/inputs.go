package fsio

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"infoscope/decoder"
	"infoscope/decoder/native"
	"infoscope/model"
	"infoscope/model/lower"
)

// The inspector's inputs, checked before its screen opens.

// CheckInput refuses, before the screen opens, a FILE that is missing or
// a regular file over the size limit: each would only show an empty list
// with a read error. A directory is an IGC dump folder: it stands for the
// .visaasm files in it, and the note says what was skipped (a line for
// stderr).
func CheckInput(name string, o decoder.Options) (files []string, note string, err error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, "", err
	}
	if fi.IsDir() {
		files, note, err := Folder(name)
		if err != nil {
			return nil, "", err
		}
		// The inspector shows native code with its vISA: a lone .asm
		// (which dump prints alone) has nothing to show it beside.
		var lone []string
		files, note, lone = VISAOnly(files, note)
		if len(files) == 0 {
			return nil, note, fmt.Errorf("%s holds only Gen assembly without its vISA (%s): infoscope dump opens it", name, strings.Join(lone, ", "))
		}
		return files, note, nil
	}
	if strings.HasSuffix(name, ".asm") {
		if head, err := readHead(name, 16); err == nil && native.IsASM(name, head) {
			return nil, "", fmt.Errorf("%s is Gen assembly (IGC's .asm): the inspector shows it beside its .visaasm (open that, or the folder); infoscope dump %s prints it alone", name, name)
		}
	}
	if fi.Mode().IsRegular() {
		if _, err := decoder.ReadInput(name, strings.NewReader(""), fi.Size(), o); err != nil {
			return nil, "", err
		}
	}
	return []string{name}, "", nil
}

// readHead returns the first n bytes of the file at path (fewer when it
// is shorter).
func readHead(path string, n int) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	b := make([]byte, n)
	k, err := io.ReadFull(fh, b)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = nil
	}
	return b[:k], err
}

// VISAOnly drops the lone .asm files (dump opens them as native code)
// from a dump folder's files, for the commands that read only vISA; the
// note says so.
func VISAOnly(files []string, note string) (kept []string, newNote string, lone []string) {
	kept = slices.DeleteFunc(files, func(f string) bool {
		if strings.HasSuffix(f, ".asm") {
			lone = append(lone, filepath.Base(f))
			return true
		}
		return false
	})
	if len(lone) > 0 {
		note = strings.TrimPrefix(note+fmt.Sprintf("; %d .asm without their vISA text (infoscope dump shows them alone)", len(lone)), "; ")
	}
	return kept, note, lone
}

// maxSurfaceFile bounds the surface file read at start: it describes at
// most a few hundred surfaces, a few dozen kilobytes.
const maxSurfaceFile = 16 << 20

// LoadSurfaces reads the surface file at path: nil and no error when there
// is none yet; nil and the reason when it cannot be read or parsed. It is
// read before the screen opens, so what is not a regular file (a FIFO
// would block with no writer, /dev/zero never ends) is refused unread, and
// so is a file past maxSurfaceFile.
func LoadSurfaces(path string) (*model.SurfaceFile, error) {
	data, err := ReadLimited(path, "surface file", maxSurfaceFile)
	if data == nil || err != nil {
		return nil, err
	}
	return model.ParseSurfaceFile(path, data)
}

// NativeLoader returns the inspector's Config.Native: the join of a vISA
// text file with its dump set (NativeJoin), read under the input size
// limit and kept in a NativeCache, so a reload of the vISA after IGC
// rewrote the folder shows the new .asm too; nil for a file without an
// .asm.
func NativeLoader(o decoder.Options) func(file string) *lower.Join {
	var c NativeCache
	return func(file string) *lower.Join {
		if !native.IsVISAText(file) {
			return nil
		}
		return c.Join(file, native.SetOf(file, RegularFile), func() *lower.Join {
			read := func(name string) ([]byte, error) { return ReadFile(name, o) }
			set, asm, _ := native.ReadSet(file, RegularFile, read)
			return NativeJoin(set, asm, read)
		})
	}
}

// NativeCache keeps the native join of each vISA text file asked for,
// with the size and modification time of its .asm and .visa.ll when they
// were read: when either changed on disk (IGC rewrote the dump folder)
// the set is read again at the next ask. The local inspector and the SSH
// server keep their joins in one, so both show a rewritten folder alike.
// The zero value is ready; one set is read at a time.
type NativeCache struct {
	mu    sync.Mutex
	joins map[string]stampedJoin
}

// stampedJoin is a join and the stamps of the .asm and .visa.ll it was
// read from.
type stampedJoin struct {
	asm, ll stamp
	join    *lower.Join
}

// stamp is a file's size and modification time; zero for a file that
// could not be stat'ed.
type stamp struct {
	size int64
	mod  time.Time
}

// stampOf returns the stamp of the file at path, ok false when it
// cannot be stat'ed.
func stampOf(path string) (st stamp, ok bool) {
	fi, err := os.Stat(path)
	if err != nil {
		return stamp{}, false
	}
	return stamp{fi.Size(), fi.ModTime()}, true
}

func (a stamp) equal(b stamp) bool { return a.size == b.size && a.mod.Equal(b.mod) }

// Join returns the join kept for key, or the one load builds when there
// is none yet or the .asm or .visa.ll at the paths set names changed
// since; nil, without calling load, when set has no .asm or it cannot be
// stat'ed now. The files are stat'ed before load reads them: a change
// made while they are read is seen at the next ask.
func (c *NativeCache) Join(key string, set native.DumpSet, load func() *lower.Join) *lower.Join {
	if set.ASM == "" {
		return nil
	}
	asmNow, ok := stampOf(set.ASM)
	if !ok {
		return nil
	}
	llNow, _ := stampOf(set.VisaLL) // zero when there is none, or it is gone: read without its LLVM lines
	c.mu.Lock()
	defer c.mu.Unlock()
	if sj, ok := c.joins[key]; ok && sj.asm.equal(asmNow) && sj.ll.equal(llNow) {
		return sj.join
	}
	j := load()
	if c.joins == nil {
		c.joins = map[string]stampedJoin{}
	}
	c.joins[key] = stampedJoin{asmNow, llNow, j}
	return j
}

// NativeJoin is the inspector's native view of a dump set whose .asm
// parsed as asm (nil when it has none or it could not be read): its
// native lines, with the LLVM lines of the set's .visa.ll, read with
// read, when it has one. The local inspector and the SSH server both
// build it here, so a folder shows the same over SSH as locally. The
// LLVM lines are extra: a .visa.ll that cannot be read is left out.
func NativeJoin(set native.DumpSet, asm *native.File, read func(string) ([]byte, error)) *lower.Join {
	if asm == nil {
		return nil
	}
	j := lower.New(asm)
	if set.VisaLL != "" {
		if data, err := read(set.VisaLL); err == nil {
			j.LL = native.ParseLL(set.VisaLL, data)
		}
	}
	return j
}
