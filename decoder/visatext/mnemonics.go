package visatext

import (
	"strings"
	"sync"

	"infoscope/decoder"
)

// opcodeOf returns the map of a text mnemonic (before its first '.') to
// its opcode and sub-op, for the mnemonics the binary table knows by the
// same name. Text-only names (the lsc_* family, raw_sends variants) are
// known but map to no opcode. It is built on first use (~4 ms, 25k
// allocations): a program that reads no text, `dump` of a binary, does
// not wait for it at start.
var opcodeOf = sync.OnceValue(func() map[string][2]uint8 {
	m := map[string][2]uint8{}
	for op := 0; op < 256; op++ {
		for sub := 0; sub < 256; sub++ {
			n := decoder.Mnemonic(uint8(op), uint8(sub))
			if strings.HasPrefix(n, "op_0x") || strings.HasPrefix(n, "reserved") {
				continue
			}
			// "svm/block_ld" prints as svm_block_ld; "va/avs" as avs.
			if group, name, ok := strings.Cut(n, "/"); ok {
				if group == "svm" {
					n = "svm_" + name
				} else {
					n = name
				}
			}
			if _, dup := m[n]; !dup {
				m[n] = [2]uint8{uint8(op), uint8(sub)}
			}
			if sub == 0 && decoder.Mnemonic(uint8(op), 1) == decoder.Mnemonic(uint8(op), 0) {
				break // not dispatched on its sub-op
			}
		}
	}
	m["resinfo"] = [2]uint8{decoder.OpINFO, uint8(decoder.OpResinfo)}
	m["sampleinfo"] = [2]uint8{decoder.OpINFO, uint8(decoder.OpSampleinfo)}
	return m
})

// textOnly are mnemonics IGC's printer writes that have no same-named row
// in the binary table.
var textOnly = map[string]bool{
	"LOC": true, "FILE": true, "raw_sendc": true, "raw_sendsc": true,
	"raw_sends_eot": true, "raw_sendsc_eot": true, "fcvt": true, "dpas": true,
	"dpasw": true, "bdpas": true, "srnd": true, "madw": true, "add3o": true,
	"nbarrier": true, "sbarrier": true, "ifcall": true, "faddr": true,
	"sample_unorm": true, "lsc_fence": true, "fence_global": true,
	"fence_local": true, "fence_sw": true, "breakpoint": true,
	"shfl_idx4": true, "lfsr": true, "dnscl": true, "invm": true, "rsqtm": true,
	"tanh": true, "sigm": true, "sqrtm": true, "divm": true, "qw_gather": true,
	"qw_scatter": true, "raw_sendg": true, "raw_sendgc": true, "raw_sendg_eot": true,
	"raw_sendgc_eot": true, "switchjmp": true,
	"min": true, "max": true, // fminmax
	// The 3D sampler operations (sample_3d, load_3d, gather4_3d).
	"sample_b": true, "sample_l": true, "sample_c": true, "sample_d": true,
	"sample_b_c": true, "sample_l_c": true, "sample_lz": true, "sample_c_lz": true,
	"sample_d_c": true, "sample_killpix": true, "sample_mlod": true, "sample_c_mlod": true,
	"sample_d_c_mlod": true, "sample_b_c_mlod": true, "load_lz": true, "load_2dms_w": true,
	"load_mcs": true, "load_2dms": true, "load_mip": true, "sample4": true, "sample4_c": true,
	"sample4_po": true, "sample4_po_c": true, "sample4_l": true, "sample4_b": true,
	"sample4_i": true, "sample4_lz": true, "sample4_c_lz": true, "sample4_l_c": true,
	"sample4_po_b": true, "sample4_po_l": true, "sample4_po_lz": true, "sample4_po_c_lz": true,
	"sample4_po_l_c": true, "lod": true, "sample_pl": true, "sample_lz_pl": true,
}

// lscOps are the operations of the lsc_* family (lsc_load, lsc_atomic_iadd, ...).
var lscOps = map[string]bool{
	"load": true, "load_strided": true, "load_quad": true, "load_block2d": true,
	"load_status": true, "store": true, "store_strided": true, "store_quad": true,
	"store_block2d": true, "store_uncompressed": true, "ccs_update": true,
	"read_state_info": true, "fence": true, "apndctr_atomic_add": true,
	"apndctr_atomic_sub": true, "apndctr_atomic_store": true,
	"load_block2d_addr": true, "store_block2d_addr": true, "prefetch": true,
	"prefetch_block2d": true, "extended_cache_ctrl": true,
}

// knownMnemonic reports whether base (the mnemonic before its first '.')
// is a vISA instruction.
func knownMnemonic(base string) bool {
	if _, ok := opcodeOf()[base]; ok {
		return true
	}
	if textOnly[base] {
		return true
	}
	if op, ok := strings.CutPrefix(base, "lsc_"); ok {
		return lscOps[op] || strings.HasPrefix(op, "atomic_")
	}
	return false
}
