package decoder

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of the kernel's transparent huge pages on the
// processors we run on (x86-64, arm64 with 4 KiB base pages).
const hugePage = 2 << 20

// adviseHuge asks the kernel to back the whole huge pages inside b, fresh
// memory not yet touched, with transparent huge pages (when their mode is
// "madvise", the common default). A large input is then read into 2 MiB
// pages: 32 page faults for 64 MiB instead of 16,384, which cost more than
// the copy itself. Only advice: where the kernel declines, nothing changes.
func adviseHuge(b []byte) {
	if len(b) < 2*hugePage {
		return
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo := int((p+hugePage-1)&^(hugePage-1) - p)
	hi := lo + (len(b)-lo)&^(hugePage-1)
	_ = syscall.Madvise(b[lo:hi], syscall.MADV_HUGEPAGE)
}
