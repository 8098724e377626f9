package model

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ParseNumber reads a number a user typed (a flag, a form field, a go-to
// target): decimal, or hexadecimal after 0x or 0X. A leading zero stays
// decimal ("010" is ten), unlike strconv's base 0, which would read it as
// octal 8. Signs, underscores and fractions are refused. It refuses a value
// above hi; the error reads `70000 out of range 0..16383` or
// `"ab" is not a number (decimal, or hex with 0x)`.
func ParseNumber(s string, hi uint64) (uint64, error) {
	t := strings.TrimSpace(s)
	digits, base := t, 10
	if len(t) >= 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X') {
		digits, base = t[2:], 16
	}
	// ParseUint accepts '_' only with base 0, and never a sign; refuse both
	// by hand so the message is ours.
	if digits == "" || strings.ContainsAny(digits, "+-_") {
		return 0, fmt.Errorf("%q is not a number (decimal, or hex with 0x)", clipText(t))
	}
	v, err := strconv.ParseUint(digits, base, 64)
	if errors.Is(err, strconv.ErrRange) || (err == nil && v > hi) {
		return 0, fmt.Errorf("%s out of range 0..%d", t, hi)
	}
	if err != nil {
		return 0, fmt.Errorf("%q is not a number (decimal, or hex with 0x)", clipText(t))
	}
	return v, nil
}

// ParseLODList reads the LOD values a user gives: "3" (one value for every
// lane) or "0,1,2,..." (one per lane from lane 0, at most MaxLODs), each
// value as ParseNumber reads it; commas or spaces separate them.
func ParseLODList(s string) ([]uint32, error) {
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' })
	if len(parts) == 0 {
		return nil, fmt.Errorf("lod: give one value for all lanes or one per lane")
	}
	if len(parts) > MaxLODs {
		return nil, fmt.Errorf("lod: %d values, at most %d (one per lane)", len(parts), MaxLODs)
	}
	out := make([]uint32, len(parts))
	for i, p := range parts {
		v, err := ParseNumber(p, math32)
		if err != nil {
			return nil, fmt.Errorf("lod value %d: %w", i+1, err)
		}
		out[i] = uint32(v)
	}
	return out, nil
}
