package decoder

import (
	"fmt"
	"strings"
	"testing"
)

func TestZZScratchKeys(t *testing.T) {
	list := strings.Fields(`acos add add3 add3.o addc addr_add and asin asr atan avg avs barrier bfe bfi bfrev breakpoint call cbit cmp cos div divm dp2 dp3 dp4 dp4a dph dword_atomic exp faddr fbh fbl fcall fccall fcvt fence_global fence_local fence_sw frc fret gather gather4_scaled gather4_typed gather_scaled goto ifcall inv invm jmp line load load_2dms_w load_3d load_l load_lz load_mcs lod log lrp lzd mad madw max media_ld media_st min mod mov movs mul mulh nbarrier.signal nbarrier.wait not or oword_ld oword_ld_unaligned oword_st plane pow qw_gather qw_scatter raw_send raw_sendc raw_sendg raw_sendg_eot raw_sendgc raw_sendgc_eot raw_sends raw_sends_eot raw_sendsc raw_sendsc_eot resinfo ret rndd rnde rndu rndz rol ror rsqrt rsqtm rt_write_3d sad2 sad2add sample sample4 sample4_b sample4_c sample4_i sample4_i_c sample4_l sample4_l_c sample4_po sample4_po_b sample4_po_c sample4_po_i sample4_po_i_c sample4_po_l sample4_po_l_c sample_3d sample_b sample_b_c sample_c sample_c_lz sample_c_mlod sample_d sample_d_c sample_d_c_mlod sample_l sample_l_c sample_lz sample_mlod sample_po sample_po_b sample_po_b_c sample_po_c sample_po_c_lz sample_po_d sample_po_d_c sample_po_l sample_po_l_c sample_po_lz sample_unorm sampleinfo sampler_cache_flush sbarrier.signal sbarrier.wait scatter scatter4_scaled scatter4_typed scatter_scaled sel setp shfl_idx4 shl shr sigm sin sqrt sqrtm srnd subb svm_atomic svm_block_ld svm_block_st svm_gather svm_gather4scaled svm_scatter svm_scatter4scaled switchjmp tanh typed_atomic urb_write_3d vme_fbr vme_ime vme_sic wait xor yield dpas dpasw bdpas bfn lifetime fminmax srnd madw dnscl shfl_idx4 lfsr`)
	tb := tableFor(Version{4, 1})
	var miss []string
	for _, m := range list {
		if len(textCandidates(tb, m+" x")) == 0 {
			miss = append(miss, m)
		}
	}
	fmt.Println("MISSING:", miss)
}
