package fsio

// Bookmarks: each input's marks in a mark file beside it
// (FILE.infoscope-marks.json), read at start and written atomically.

import (
	"errors"
	"strings"
	"sync"
	"syscall"

	"infoscope/model"
)

// marksSuffix ends the name of an input's mark file, which sits beside it.
const marksSuffix = ".infoscope-marks.json"

// maxMarksFile bounds a mark file read at start (MaxMarks marks with
// their longest notes stay well below it).
const maxMarksFile = 16 << 20

// Marks keeps each input's bookmarks in FILE.infoscope-marks.json,
// written atomically (SaveFile: a temporary file in the same directory,
// synced, renamed over the old one).
type Marks struct {
	mu    sync.Mutex // guards each sidecar's latest and dirty
	files map[string]*sidecar
	notes []string // mark files that did not load
	marks []model.Mark
}

type sidecar struct {
	f      *SaveFile
	write  sync.Mutex // one write at a time, each of the latest contents
	latest []byte
	dirty  bool // latest is not yet on disk
}

// OpenMarks reads the mark files of inputs. An input whose mark file
// cannot be read keeps its marks in memory for the session and the file
// is left as it is.
func OpenMarks(inputs []string) *Marks {
	s := &Marks{files: map[string]*sidecar{}}
	for _, in := range inputs {
		if _, seen := s.files[in]; seen {
			continue
		}
		path := in + marksSuffix
		marks, err := readMarks(path, in)
		if err != nil {
			s.notes = append(s.notes, err.Error())
			s.files[in] = nil // in memory only
			continue
		}
		s.marks = append(s.marks, marks...)
		s.files[in] = &sidecar{f: NewSaveFile(path)}
	}
	return s
}

// readMarks reads one mark file: none when it does not exist, nor when
// its name is past the file system's limit (an input's name near it: no
// such file can exist); refused unread when it is not a regular file or
// past maxMarksFile.
func readMarks(path, input string) ([]model.Mark, error) {
	data, err := ReadLimited(path, "mark file", maxMarksFile)
	if errors.Is(err, syscall.ENAMETOOLONG) {
		return nil, nil
	}
	if data == nil || err != nil {
		return nil, err
	}
	return model.ParseMarks(path, input, data)
}

// Config is the inspector's view of the marks (tui.MarksConfig's
// fields): the marks read, how to save (nil when no input has a mark
// file: every mark stays in memory) and what to say of the files that did
// not load.
func (s *Marks) Config() (marks []model.Mark, save func(input string, data []byte) (string, func() error), loadNote string) {
	if len(s.files) > 0 {
		save = s.save
	}
	if len(s.notes) > 0 {
		loadNote = strings.Join(s.notes, "; ") + ": those marks are kept in memory, the file is left as it is"
	}
	return s.marks, save, loadNote
}

// save records data as input's latest marks and returns the write: the
// last write to run writes the latest, whatever order writes run in.
func (s *Marks) save(input string, data []byte) (string, func() error) {
	sc := s.files[input]
	if sc == nil {
		return "", nil
	}
	s.mu.Lock()
	sc.latest, sc.dirty = data, true
	s.mu.Unlock()
	return sc.f.Path, func() error { return s.flush(sc) }
}

// flush writes sc's latest marks if they are not on disk yet.
func (s *Marks) flush(sc *sidecar) error {
	sc.write.Lock()
	defer sc.write.Unlock()
	s.mu.Lock()
	data, dirty := sc.latest, sc.dirty
	sc.dirty = false
	s.mu.Unlock()
	if !dirty {
		return nil
	}
	if err := sc.f.Save(data); err != nil {
		s.mu.Lock()
		sc.dirty = true // still to do
		s.mu.Unlock()
		return err
	}
	return nil
}

// Wait finishes every write still to do when the program ends (one whose
// command never ran included) and returns the first failure.
func (s *Marks) Wait() error {
	var first error
	for _, sc := range s.files {
		if sc == nil {
			continue
		}
		if err := s.flush(sc); err != nil && first == nil {
			first = err
		}
	}
	return first
}
