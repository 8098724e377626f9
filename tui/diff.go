package tui

import (
	"fmt"

	"infoscope/decoder"
	"infoscope/model"
	"infoscope/model/diff"
	"infoscope/tui/panels"
)

// Diff is a comparison of two builds for the inspector to show
// (infoscope diff A B in a terminal): the session's sources are build B's
// files; each body of B that paired with one of A is listed in the Code
// pane with A's side aligned to it, the list marks its changed INFO, and
// the header gives the pair's statistics.
type Diff struct {
	A, B         string         // the builds as named on the command line
	Kernels      []*diff.Kernel // the pairs, compared
	OnlyA, OnlyB []diff.Body    // the bodies on one side only
}

// diffKey names a body of B as the comparison and the session both see
// it: its file (part), its name, and which of that file's bodies of that
// name it is (a kernel compiled at two SIMD widths).
type diffKey struct {
	file, kernel string
	nth          int
}

// diffIndex finds the comparison of a body of the session's files.
type diffIndex struct {
	d      *Diff
	byBody map[diffKey]*diff.Kernel
	differ int // pairs that differ
}

func newDiffIndex(d *Diff) *diffIndex {
	x := &diffIndex{d: d, byBody: map[diffKey]*diff.Kernel{}}
	seen := map[[2]string]int{}
	for _, k := range d.Kernels {
		n := [2]string{k.B.File, k.B.Name}
		x.byBody[diffKey{k.B.File, k.B.Name, seen[n]}] = k
		seen[n]++
		if !k.Same() {
			x.differ++
		}
	}
	return x
}

// of returns the comparison of body s of file f, or nil.
func (x *diffIndex) of(f *decoder.File, s *decoder.Stream) *diff.Kernel {
	if x == nil || f == nil || s == nil {
		return nil
	}
	nth := 0
	for _, t := range f.Streams {
		if t == s {
			break
		}
		if t.Kernel == s.Kernel {
			nth++
		}
	}
	k := x.byBody[diffKey{f.Name, s.Kernel, nth}]
	if k == nil || k.StatsB.Insts != s.NumInsts() {
		return nil // not the body compared (the file changed since)
	}
	return k
}

// kindOf is what happened to instruction n of body s of f: Same when
// nothing did or the body was not compared.
func (x *diffIndex) kindOf(f *decoder.File, s *decoder.Stream, n int) diff.Kind {
	k := x.of(f, s)
	if k == nil {
		return diff.Same
	}
	for _, c := range k.Changes {
		if c.B == n {
			return c.Kind
		}
	}
	return diff.Same
}

// header is what the tab bar says of the comparison: the builds, the
// pairs, and the statistics of the pair shown.
func (x *diffIndex) header(k *diff.Kernel) string {
	d := x.d
	t := fmt.Sprintf("diff A %s → B %s: %d paired, %d differ", d.A, d.B, len(d.Kernels), x.differ)
	if n := len(d.OnlyA) + len(d.OnlyB); n > 0 {
		t += fmt.Sprintf(", %d only in A, %d only in B", len(d.OnlyA), len(d.OnlyB))
	}
	if k != nil {
		t += " · " + k.Summary()
	}
	return decoder.Display(t)
}

// firstChangeInB is B's instruction of k's first change (the one after a
// removal), or -1.
func firstChangeInB(k *diff.Kernel) int {
	for i, r := range k.Rows {
		if r.Kind == diff.Same {
			continue
		}
		for _, r := range k.Rows[i:] {
			if r.B >= 0 {
				return r.B
			}
		}
		break
	}
	return -1
}

// diffShown is the comparison of the body the panels show, or nil.
func (m *Model) diffShown() *diff.Kernel {
	if m.diff == nil {
		return nil
	}
	switch {
	case m.body != nil:
		return m.diff.of(m.body.file, m.body.s)
	case m.selOK:
		return m.diff.of(m.list.rows.File(m.sel), m.list.rows.Stream(m.sel))
	}
	return nil
}

// openFirstChange shows, once the files are loaded, the first body that
// differs from A's at its first change (once: the user's later choices
// stand).
func (m *Model) openFirstChange() {
	if m.diff == nil || m.diffOpened || m.snap.Loading() > 0 {
		return
	}
	m.diffOpened = true
	for _, b := range m.bodies() {
		if k := m.diff.of(b.file, b.s); k != nil && !k.Same() {
			// An INFO changed first is selected in the list too.
			if n := firstChangeInB(k); n >= 0 && b.s.NumInfos() > 0 {
				if _, ok := b.s.InfoAt(n); ok {
					m.selectInst(b.s, n)
				}
			}
			if !m.selOK || m.list.rows.Stream(m.sel) != b.s {
				m.pickBody(b)
			}
			m.setFocus(focusCode)
			cp := m.codePanel()
			cp.SetSession(m.session())
			cp.FirstChange()
			ck := m.keyset.Code
			m.setStatus(fmt.Sprintf("%s differs: %s and %s go to its next and previous change, %s shows B alone", decoder.Display(model.KernelLabel(k.Name)),
				panels.HintKey(ck.NextChange), panels.HintKey(ck.PrevChange), panels.HintKey(ck.DiffView)), false)
			return
		}
	}
	m.setStatus("the builds are the same: every pair of bodies compares equal", false)
}
