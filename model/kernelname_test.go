package model

import (
	"strings"
	"testing"
)

func TestShortKernelName(t *testing.T) {
	long := "_ZTSN7cutlass4fmha6kernel15XeFMHAFwdKernelINS1_16FMHAProblemShapeILb0EEENS0_10collective15FMHAFwdMainloop" + strings.Repeat("X", 600)
	for _, c := range []struct{ in, short, label string }{
		{"info_main", "info_main", "info_main"},
		{long, "XeFMHAFwdKernel", "XeFMHAFwdKernel…"},
		{"_ZTSN4sycl3_V16detail19__pf_kernel_wrapperIZZN6compat6detailL6memcpyENS0_5queueEPvPKvNS0_5rangeILi3EEE", "__pf_kernel_wrapper", "__pf_kernel_wrapper…"},
		{"_Z3fooi", "foo", "_Z3fooi"},
		{"_Z999x", "_Z999x", "_Z999x"}, // a length past the end: not parsed
		{strings.Repeat("k", 60), strings.Repeat("k", 60), strings.Repeat("k", 39) + "…"},
	} {
		if got := ShortKernelName(c.in); got != c.short {
			t.Errorf("ShortKernelName(%.30q) = %q, want %q", c.in, got, c.short)
		}
		if got := KernelLabel(c.in); got != c.label {
			t.Errorf("KernelLabel(%.30q) = %q, want %q", c.in, got, c.label)
		}
	}
}
