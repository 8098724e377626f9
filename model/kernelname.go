package model

import (
	"strconv"
	"strings"
)

// MaxKernelLabel is the longest kernel name shown whole in titles, columns
// and messages; a longer one (mangled C++ runs to thousands of characters)
// is shown by its short name (KernelLabel).
const MaxKernelLabel = 40

// ShortKernelName returns the short name of a kernel: for an Itanium
// mangled name (_Z..., SYCL's _ZTS... type names) the last name of its
// nested name before any template arguments, e.g.
// _ZTSN7cutlass4fmha6kernel15XeFMHAFwdKernelI... -> XeFMHAFwdKernel;
// for any other name, the name.
func ShortKernelName(name string) string {
	s, ok := strings.CutPrefix(name, "_Z")
	if !ok {
		return name
	}
	s = strings.TrimPrefix(s, "TS") // typeinfo name: SYCL kernels are named by their type
	s = strings.TrimPrefix(s, "N")
	s = strings.TrimLeft(s, "rVK") // qualifiers of a nested name
	s = strings.TrimPrefix(s, "St")
	last := ""
	for s != "" && s[0] >= '0' && s[0] <= '9' {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		n, err := strconv.Atoi(s[:i])
		if err != nil || n <= 0 || i+n > len(s) {
			break
		}
		last, s = s[i:i+n], s[i+n:]
	}
	if last == "" {
		return name
	}
	return last
}

// KernelLabel is how a kernel is named where room is short: the name when
// it has at most MaxKernelLabel characters, else its short name followed
// by … (the whole name is in the file's header, E in the inspector).
func KernelLabel(name string) string {
	if len(name) <= MaxKernelLabel {
		return name
	}
	if short := ShortKernelName(name); short != name && len(short) < MaxKernelLabel {
		return short + "…"
	}
	return name[:MaxKernelLabel-1] + "…"
}
