package decoder

// The lookups of a body's declarations by id or index: each check of an
// id against its table is written here once.

// Var returns the declared general variable of id (ids from
// NumPredefinedVars on), or nil: a predefined id, an id past the table, or
// no table.
func (s *Symbols) Var(id uint32) *VarInfo {
	if s == nil || id < NumPredefinedVars {
		return nil
	}
	if k := uint64(id) - NumPredefinedVars; k < uint64(len(s.Vars)) {
		return &s.Vars[k]
	}
	return nil
}

// Label returns label idx of the label table, or nil outside it.
func (s *Symbols) Label(idx uint32) *LabelInfo {
	if s == nil || uint64(idx) >= uint64(len(s.Labels)) {
		return nil
	}
	return &s.Labels[idx]
}

// Surface returns the name of surface id (T<id>) when the body declares
// it (ids from NumPredefinedSurfaces on).
func (s *Symbols) Surface(id uint32) (string, bool) {
	if s == nil || id < NumPredefinedSurfaces {
		return "", false
	}
	if k := uint64(id) - NumPredefinedSurfaces; k < uint64(len(s.Surfaces)) {
		return s.Surfaces[k], true
	}
	return "", false
}

// PoolString returns string idx of the body's string pool.
func (s *Symbols) PoolString(idx uint32) (string, bool) {
	if s == nil || uint64(idx) >= uint64(len(s.Strings)) {
		return "", false
	}
	return s.Strings[idx], true
}
