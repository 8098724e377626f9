package native

import (
	"fmt"
	"strings"
)

// Gen is a family of platforms whose send descriptors share one layout.
type Gen uint8

// The families this package decodes sampler descriptors for. Others
// (Xe2 and later) are read as assembly but their descriptors are not
// decoded.
const (
	GenUnknown Gen = iota
	Gen9           // SKL, KBL, BXT, GLK, CFL: SFID in ExDesc[3:0]
	Gen11          // ICL, EHL: as Gen9
	Gen12          // TGL, DG1, RKL, ADL: SFID in the mnemonic; ExDesc[10:6] is the src1 length
	// XeHP has the src1 length in the instruction, not in ExDesc.
	XeHP // XeHP_SDV, DG2, MTL, ARL: SIMD modes 0 and 4 return integers
	// PVC has XeHP's layout with each SIMD mode twice as wide (its
	// native width is 16): mode 1 is SIMD16, 2 SIMD32, 3 none.
	PVC // PVC, PVCXT
)

// String names the family as IGA's -p option does.
func (g Gen) String() string {
	switch g {
	case Gen9:
		return "9"
	case Gen11:
		return "11"
	case Gen12:
		return "12p1"
	case XeHP:
		return "12p71"
	case PVC:
		return "12p72"
	}
	return "?"
}

// GRFBytes is the size of a general register of family g: 64 bytes on
// PVC (its native SIMD width is 16), 32 on the families before it. Xe2
// and later also have 64-byte registers but are not decoded (GenUnknown).
func (g Gen) GRFBytes() int {
	if g == PVC {
		return 64
	}
	return 32
}

// GenOf maps an .asm //.platform (or GenX_IR -platform) name to its
// family; ok is false for a platform this package does not decode.
func GenOf(platform string) (g Gen, ok bool) {
	switch strings.ToUpper(platform) {
	case "SKL", "KBL", "BXT", "GLK", "CFL", "GEN9", "GEN9LP", "GEN9P5":
		return Gen9, true
	case "ICL", "ICLLP", "EHL", "GEN11", "GEN11LP":
		return Gen11, true
	case "TGL", "TGLLP", "DG1", "RKL", "ADL", "ADLS", "ADLP", "GEN12LP", "XE_LP":
		return Gen12, true
	case "XEHP", "XEHP_SDV", "DG2", "MTL", "ARL", "XE_HP", "XE_HPG", "XE_LPG":
		return XeHP, true
	case "PVC", "PVCXT", "XE_HPC":
		return PVC, true
	}
	return GenUnknown, false
}

// SFIDSampler is the sampler's SFID: ExDesc[3:0] before Gen12, "smpl" in
// the mnemonic from Gen12.
const SFIDSampler = 0x2

// sfidByNum names the shared functions by their SFID before Gen12 (in
// ExDesc[3:0]), as IGA names them in Gen12's mnemonics (send.smpl): rc is
// the render cache (data port 2), dc0 the data and constant cache.
var sfidByNum = map[uint32]string{
	0x0: "null", 0x2: "smpl", 0x3: "gtwy", 0x4: "rc", 0x5: "dc2", 0x6: "urb", 0x7: "ts",
	0x8: "vme", 0x9: "dcro", 0xA: "dc0", 0xB: "pixi", 0xC: "dc1", 0xD: "cre",
}

// sfidXeHP are the numbers that XeHP's LSC shared functions took over.
var sfidXeHP = map[string]uint32{"ugml": 0x1, "btd": 0x7, "rta": 0x8, "tgm": 0xD, "slm": 0xE, "ugm": 0xF}

// Field is one bit field of a descriptor.
type Field struct {
	Word    string `json:"word"` // "desc" or "exdesc"
	Hi      int    `json:"hi"`   // bit range, inclusive
	Lo      int    `json:"lo"`
	Name    string `json:"name"` // infoscope's name: "mlen", "rlen", "header", "simd_mode", "message_type", ...
	Value   uint32 `json:"value"`
	Meaning string `json:"meaning"` // what the value means here, in infoscope's words
	// Bad is set when the value is not one the hardware defines (an
	// invalid SIMD mode, a reserved message type).
	Bad bool `json:"bad,omitempty"`
}

// Bits returns the field's width.
func (f Field) Bits() int { return f.Hi - f.Lo + 1 }

// SamplerMessage is a decoded sampler message descriptor.
type SamplerMessage struct {
	Gen          Gen
	Desc, ExDesc uint32
	Fields       []Field
	SIMDMode     string // "simd8", "simd16", "simd32/64", "simd8 high", "simd16 high", "simd8 integer return", "simd32" (PVC), ...; "" when invalid
	// Lanes is how many lanes the SIMD mode answers (8, 16 or 32; 0 when
	// invalid or a SIMD32/64 media message).
	Lanes        int
	MessageType  uint32
	Message      string // "resinfo", "sampleinfo", "sample", "ld", ...; the media name in SIMD32/64 mode
	Mlen, Rlen   uint32
	Header       bool
	SamplerIndex uint32
	BTI          uint32
	Return16     bool // return format 16 bits (Desc[30])
}

func bits(v uint32, hi, lo int) uint32 { return v >> uint(lo) & (1<<uint(hi-lo+1) - 1) }

// samplerTypes names the sampler message types (Desc[16:12]) of the
// 8- and 16-lane modes, after vISA's 3D sampler operations.
var samplerTypes = [32]string{
	0: "sample", 1: "sample_b", 2: "sample_l", 3: "sample_c", 4: "sample_d", 5: "sample_b_c",
	6: "sample_l_c", 7: "ld", 8: "gather4", 9: "lod", 10: "resinfo", 11: "sampleinfo",
	12: "sample_killpix", 16: "gather4_c", 17: "gather4_po", 18: "gather4_po_c", 20: "sample_d_c",
	22: "sample_min", 23: "sample_max", 24: "sample_lz", 25: "sample_c_lz", 26: "ld_lz",
	28: "ld2dms_w", 29: "ld_mcs", 30: "ld2dms", 31: "ld2dss",
}

// mediaTypes names the message types of the SIMD32/64 (media) mode, where
// the same numbers mean other messages: 0x0A there is not RESINFO.
var mediaTypes = [32]string{
	0: "sample_unorm", 2: "sample_unorm_killpix", 8: "deinterlace", 10: "sample_unorm_killpix_media",
	11: "sample_8x8", 12: "sample_unorm_media", 31: "flush",
}

// simdMode names SIMD[2] (Desc[29]) with SIMD[1:0] (Desc[18:17]) and
// gives the lanes the mode answers.
func simdMode(g Gen, s2, s10 uint32) (string, int) {
	if g == PVC {
		// iga64 -Xdsd -p=12p72: the modes of XeHP at twice the lanes,
		// no SIMD32/64 (media) mode.
		switch s2<<2 | s10 {
		case 0:
			return "simd16 integer return", 16
		case 1:
			return "simd16", 16
		case 2:
			return "simd32", 32
		case 4:
			return "simd32 integer return", 32
		case 5:
			return "simd16 high", 16
		case 6:
			return "simd32 high", 32
		}
		return "", 0
	}
	switch s2<<2 | s10 {
	case 1:
		return "simd8", 8
	case 2:
		return "simd16", 16
	case 3:
		return "simd32/64", 32
	case 5:
		return "simd8 high", 8
	case 6:
		return "simd16 high", 16
	case 0:
		if g >= XeHP {
			return "simd8 integer return", 8
		}
	case 4:
		if g >= XeHP {
			return "simd16 integer return", 16
		}
	}
	return "", 0
}

// DecodeSampler decodes a sampler message descriptor (and, before
// Gen12, its extended descriptor) the way the hardware of family g reads
// it. withExDesc says whether the ExDesc value is known (an immediate).
func DecodeSampler(g Gen, exdesc, desc uint32, withExDesc bool) SamplerMessage {
	m := SamplerMessage{Gen: g, Desc: desc, ExDesc: exdesc}
	add := func(word string, hi, lo int, name, meaning string, bad bool) uint32 {
		src := desc
		if word == "exdesc" {
			src = exdesc
		}
		v := bits(src, hi, lo)
		m.Fields = append(m.Fields, Field{Word: word, Hi: hi, Lo: lo, Name: name, Value: v, Meaning: meaning, Bad: bad})
		return v
	}
	if withExDesc && g <= Gen12 {
		add("exdesc", 10, 6, "xlen", plural(bits(exdesc, 10, 6), "data register"), false)
		if g <= Gen11 {
			add("exdesc", 3, 0, "sfid", "shared function "+sfidName(bits(exdesc, 3, 0)), false)
		}
	}
	m.Return16 = bits(desc, 30, 30) == 1
	ret := "32-bit results"
	if m.Return16 {
		ret = "16-bit results"
	}
	add("desc", 30, 30, "return_format", ret, false)
	s2 := bits(desc, 29, 29)
	s10 := bits(desc, 18, 17)
	m.SIMDMode, m.Lanes = simdMode(g, s2, s10)
	add("desc", 29, 29, "simd_mode_2", "SIMD mode bit 2 (see simd_mode)", false)
	m.Mlen = add("desc", 28, 25, "mlen", plural(bits(desc, 28, 25), "payload register"), false)
	m.Rlen = add("desc", 24, 20, "rlen", plural(bits(desc, 24, 20), "response register"), false)
	m.Header = bits(desc, 19, 19) == 1
	hdr := "no header"
	if m.Header {
		hdr = "header present"
	}
	add("desc", 19, 19, "header", hdr, false)
	simd := m.SIMDMode
	if simd == "" {
		simd = "invalid SIMD mode"
	}
	add("desc", 18, 17, "simd_mode", simd, m.SIMDMode == "")
	m.MessageType = bits(desc, 16, 12)
	names := &samplerTypes
	if s2 == 0 && s10 == 3 && g != PVC {
		names = &mediaTypes
		m.Lanes = 0 // media messages answer blocks of pixels, not lanes
	}
	m.Message = names[m.MessageType]
	msg := m.Message
	if msg == "" {
		msg = "reserved"
	}
	add("desc", 16, 12, "message_type", msg, m.Message == "")
	m.SamplerIndex = add("desc", 11, 8, "sampler_index", fmt.Sprintf("sampler %d", bits(desc, 11, 8)), false)
	m.BTI = add("desc", 7, 0, "bti", btiMeaning(bits(desc, 7, 0)), false)
	return m
}

func plural(n uint32, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// sfidName names the shared function of SFID sf before Gen12: IGA's
// name, else the number.
func sfidName(sf uint32) string {
	if n, ok := sfidByNum[sf]; ok {
		return n
	}
	return fmt.Sprint(sf)
}

// btiMeaning names the binding table indices with a fixed meaning.
func btiMeaning(b uint32) string {
	switch b {
	case 0xFC:
		return "surface 252 (surface state offset: bindless)"
	case 0xFD:
		return "surface 253 (stateless, incoherent)"
	case 0xFE:
		return "surface 254 (shared local memory)"
	case 0xFF:
		return "surface 255 (stateless, coherent)"
	}
	return fmt.Sprintf("surface %d", b)
}

// SFIDOf gives the shared function a send addresses: from the mnemonic's
// suffix from Gen12 ("send.smpl"), else from an immediate ExDesc[3:0].
// ok is false when it cannot be known (ExDesc in a register).
func SFIDOf(g Gen, op string, exdesc uint32, exdescImm bool) (sfid uint32, name string, ok bool) {
	if g >= Gen12 {
		_, suf, found := strings.Cut(op, ".")
		if !found {
			return 0, "", false
		}
		if v, ok := sfidXeHP[suf]; ok && g >= XeHP {
			return v, suf, true
		}
		for v, n := range sfidByNum {
			if n == suf {
				return v, suf, true
			}
		}
		return 0, suf, false
	}
	if !exdescImm {
		return 0, "", false
	}
	sf := exdesc & 0xF
	return sf, sfidName(sf), true
}
