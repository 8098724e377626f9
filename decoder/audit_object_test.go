package decoder

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// Object files assembled by hand from the format doc's §2 tables, one per
// version whose header or body widths differ (§1.1): name_len UB below 3.7
// else UW; ids and string indices (I) UW below 3.4 else UD; num_inputs UB
// below 3.5 else UD. The widths are spelled out per version in the test
// table, not taken from the decoder.

func le16(v uint16) []byte { return binary.LittleEndian.AppendUint16(nil, v) }
func le32(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }

// leN writes v in n bytes (1, 2 or 4).
func leN(v uint32, n int) []byte {
	switch n {
	case 1:
		return []byte{byte(v)}
	case 2:
		return le16(uint16(v))
	}
	return le32(v)
}

func cat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func cstrs(ss ...string) []byte {
	var out []byte
	for _, s := range ss {
		out = append(append(out, s...), 0)
	}
	return out
}

type widths struct {
	v       Version
	nameLen int // kernel/function name_len in the file header
	idx     int // I: ids and string indices
	nIn     int // kernel num_inputs
}

var auditWidths = []widths{
	{Version{3, 0}, 1, 2, 1},
	{Version{3, 3}, 1, 2, 1},
	{Version{3, 4}, 1, 4, 1},
	{Version{3, 5}, 1, 4, 4},
	{Version{3, 6}, 1, 4, 4},
	{Version{3, 7}, 2, 4, 4},
	{Version{3, 8}, 2, 4, 4},
	{Version{4, 0}, 2, 4, 4},
	{Version{4, 1}, 2, 4, 4},
	{Version{4, 8}, 2, 4, 4},
	{Version{4, 2}, 2, 4, 4},
	{Version{3, 9}, 2, 4, 4}, // never existed: warned, decoded with 3.8 rules
}

// auditObject builds a file with one kernel "k1" (with one Gen binary) and
// one function "f", whose body is placed before the kernel's, so that only
// the header offsets can find them. The kernel's entry points 3 bytes past
// its attributes (the gap holds junk that is not an instruction).
func auditObject(w widths) (data []byte, kCode, fCode []byte) {
	I := func(v uint32) []byte { return leN(v, w.idx) }
	raw := func(id uint32, off uint16) []byte { return cat(I(id), le16(off)) }
	gen := func(id uint32) []byte { // general vector operand, §3.2
		return cat([]byte{0x00}, I(id), []byte{0, 0}, le16(0x0121))
	}
	// Kernel code: resinfo (exec 0x93: size 8, emask nibble 9), mov, wait
	// (a vector from 3.1), label.
	kCode = cat([]byte{0x70, 0x0A, 0x93, 0x0F, 0x06}, raw(32, 0), raw(33, 0),
		[]byte{0x29, 0x04, 0x00, 0x00}, gen(33), []byte{0x05, 0x07, 0, 0, 0x80, 0x3F},
		[]byte{0x5B})
	if w.v.Num() >= 301 {
		kCode = append(kCode, 0x02, 0x01, 0x00) // predicate-class mask operand
	}
	kCode = append(kCode, 0x31, 0x00, 0x00)
	fCode = cat([]byte{0x70, 0x0B, 0x03, 0x09, 0x00}, raw(8, 64), []byte{0x68, 0x04, 0x00, 0x00})

	// Kernel body (§2.2), then its metadata size (entry - 3).
	kMeta := cat(
		I(6), cstrs("k1", "lod", "res", "img", "SimdSize", "a0"),
		I(0),                                                      // name_index
		I(2),                                                      // variable_count
		I(1), []byte{0x50}, le16(16), I(0), le16(0), []byte{0, 1}, // lod, 1 attribute
		I(4), []byte{1}, []byte{8}, // attribute SimdSize = 8 (UB)
		I(2), []byte{0x50}, le16(64), I(0), le16(0), []byte{0, 0}, // res
		le16(1), I(5), le16(1), []byte{0}, // address A0
		le16(1), I(5), le16(1), []byte{0}, // predicate P1
		le16(1), I(5), []byte{0}, []byte{0}, // label
		[]byte{1}, I(5), le16(1), []byte{0}, // sampler S0
		[]byte{1}, I(3), le16(1), []byte{0}, // surface T6
		[]byte{0},                          // vme_count
		leN(2, w.nIn),                      // num_inputs
		[]byte{2}, I(6), le16(32), le16(4), // input: surface T6
		[]byte{0}, I(32), le16(64), le16(64), // input: general lod
	)
	inputRel := len(kMeta) - w.nIn - 2*(1+w.idx+4)
	kTail := cat(le16(1), I(4), []byte{4}, le32(16)) // attribute SimdSize = 16 (UD)
	kEntry := len(kMeta) + 8 + len(kTail) + 3
	kBody := cat(kMeta, le32(uint32(len(kCode))), le32(uint32(kEntry)), kTail, []byte{0xEE, 0xEE, 0xEE}, kCode)

	fMeta := cat(I(1), cstrs("f"), I(0), I(0), le16(0), le16(0), le16(0), []byte{0}, []byte{0}, []byte{0})
	fEntry := len(fMeta) + 8 + 2 + 2
	fBody := cat(fMeta, le32(uint32(len(fCode))), le32(uint32(fEntry)), []byte{2, 1}, le16(0), fCode)

	// File header (§2.1).
	hdrLen := 4 + 2 + 2 + (w.nameLen + 2 + 12 + 4 + 1 + 9) + 2 + 2 + (1 + w.nameLen + 1 + 8 + 4)
	fOff := hdrLen
	kOff := fOff + len(fBody)
	genOff := kOff + len(kBody)
	genCode := []byte{0xDE, 0xAD, 0xBE, 0xEF, 0x00, 0x70}
	hdr := cat([]byte("CISA"), []byte{w.v.Major, w.v.Minor}, le16(1),
		leN(2, w.nameLen), []byte("k1"), le32(uint32(kOff)), le32(uint32(len(kBody)-3)), le32(uint32(kOff+inputRel)),
		le16(0), le16(0), []byte{1}, []byte{7}, le32(uint32(genOff)), le32(uint32(len(genCode))),
		le16(0), le16(1),
		[]byte{0}, leN(1, w.nameLen), []byte("f"), le32(uint32(fOff)), le32(uint32(len(fBody))), le16(0), le16(0))
	if len(hdr) != hdrLen {
		panic(fmt.Sprintf("header %d bytes, computed %d", len(hdr), hdrLen))
	}
	return cat(hdr, fBody, kBody, genCode), kCode, fCode
}

func TestAuditObjectVersions(t *testing.T) {
	for _, w := range auditWidths {
		t.Run(w.v.String(), func(t *testing.T) {
			data, kCode, fCode := auditObject(w)
			f := Decode("a.isa", data, Options{})
			if len(f.Errors) > 0 {
				t.Fatalf("errors: %v", f.Errors)
			}
			wantWarn := !(w.v.Num() <= 308 || w.v.Num() == 400 || w.v.Num() == 401 || w.v.Num() == 408)
			if got := len(f.Warnings) > 0; got != wantWarn {
				t.Errorf("warnings %q, want some: %v", f.Warnings, wantWarn)
			}
			o := f.Object
			if o.Version != w.v || len(o.Kernels) != 1 || len(o.Functions) != 1 || len(f.Streams) != 2 {
				t.Fatalf("object %+v, %d streams", o, len(f.Streams))
			}
			k, fn := o.Kernels[0], o.Functions[0]
			// Id 8 is %arg from 3.4 on; the 3.x writers before 3.4 numbered
			// the predefined variables differently (IGC b0f00b3ee,
			// PreDefinedVarsInternal_3_1.._3_3), and there it is
			// %group_id_y.
			arg := "%arg"
			if w.v.Num() < 304 {
				arg = "%group_id_y"
			}
			emask := "M2_NM" // nibble 9
			if w.v.Num() == 300 {
				emask = "M1" // version 3.0: 9 means "default", M1 (§6)
			}
			nk := 4
			checks := []struct {
				what      string
				got, want any
			}{
				{"kernel name", k.Name, "k1"},
				{"strings", strings.Join(k.Strings, ","), "k1,lod,res,img,SimdSize,a0"},
				{"vars", sp(len(k.Vars), k.Vars[0].Name, k.Vars[0].NumElements, k.Vars[1].Name, k.Vars[1].Bytes()), "2 lod 16 res 256"},
				{"var attr", sp(len(k.Vars[0].Attrs), k.Vars[0].Attrs[0].Name, k.Vars[0].Attrs[0].Value), "1 SimdSize [8]"},
				{"decls", sp(len(k.Addrs), len(k.Preds), len(k.Labels), len(k.Samplers), len(k.Surfaces), k.Surfaces[0].Name, k.Addrs[0].Name), "1 1 1 1 1 img a0"},
				{"inputs", fmt.Sprintf("%+v", k.Inputs), "[{Kind:2 ID:6 Offset:32 Size:4} {Kind:0 ID:32 Offset:64 Size:64}]"},
				{"gen binaries", fmt.Sprintf("%+v", k.GenBinaries), fmt.Sprintf("[{Platform:7 Offset:%d Size:6}]", len(data)-6)},
				{"kernel attrs", sp(len(k.Attrs), k.Attrs[0].Name, k.Attrs[0].Value), "1 SimdSize [16 0 0 0]"},
				{"kernel entry", int(k.Entry), int(k.MetaEnd) + 3},
				{"kernel code", fmt.Sprintf("% x", k.Code), fmt.Sprintf("% x", kCode)},
				{"kernel insts", f.Streams[0].NumInsts(), nk},
				{"resinfo", f.Streams[0].Info(0).Text(), "resinfo.RGBA (" + emask + ", 8)  T6 lod.0 res.0"},
				{"mnemonics", mnems(f.Streams[0]), "resinfo mov wait label"},
				{"function name", fn.Name, "f"},
				{"function sizes", sp(fn.InputSize, fn.RetValSize, len(fn.Inputs)), "2 1 0"},
				{"function code", fmt.Sprintf("% x", fn.Code), fmt.Sprintf("% x", fCode)},
				{"function offset < kernel offset", fn.Offset < k.Offset, true},
				{"sampleinfo", f.Streams[1].Info(0).Text(), "sampleinfo.RA (M1, 8)  %slm " + arg + ".64"},
				{"function insts", mnems(f.Streams[1]), "sampleinfo fret"},
			}
			for _, c := range checks {
				if c.got != c.want {
					t.Errorf("%s: got %v, want %v", c.what, c.got, c.want)
				}
			}
		})
	}
}

// sp joins its arguments' default forms with spaces.
func sp(args ...any) string { return strings.TrimSuffix(fmt.Sprintln(args...), "\n") }

func mnems(s *Stream) string {
	var out []string
	for _, in := range s.Insts() {
		out = append(out, in.Mnemonic())
	}
	return strings.Join(out, " ")
}

// TestAuditObjectWidthsMatter reads each hand-built file with the version
// byte of a neighbour across a width boundary: the decode must not succeed
// with the same results, so the tests above cannot pass by accident.
func TestAuditObjectWidthsMatter(t *testing.T) {
	for _, c := range []struct{ build, claim Version }{
		{Version{3, 3}, Version{3, 4}}, {Version{3, 4}, Version{3, 3}},
		{Version{3, 4}, Version{3, 5}}, {Version{3, 5}, Version{3, 4}},
		{Version{3, 6}, Version{3, 7}}, {Version{3, 7}, Version{3, 6}},
	} {
		var w widths
		for _, x := range auditWidths {
			if x.v == c.build {
				w = x
			}
		}
		data, _, _ := auditObject(w)
		data[4], data[5] = c.claim.Major, c.claim.Minor
		f := Decode("a.isa", data, Options{})
		ok := len(f.Errors) == 0 && len(f.Streams) == 2 && f.Streams[0].NumInfos() == 1 &&
			f.Streams[0].Info(0).Text() == "resinfo.RGBA (M2_NM, 8)  T6 lod.0 res.0"
		if ok {
			t.Errorf("a %s file claiming %s decoded as if the widths were the same", c.build, c.claim)
		}
	}
}

// TestAuditManyHeaderEntries: many kernels or functions may share one body
// (only the offsets locate bodies), so the header's entry counts can only be
// bounded by the smallest entry: kernel_info is 18 bytes with an empty name
// below 3.7 (UB name_len) and 19 from 3.7; function_info 14 / 15 (§2.1).
func TestAuditManyHeaderEntries(t *testing.T) {
	// One kernel body and one function body at >= 3.5 (I = UD, num_inputs
	// UD), each holding one barrier.
	kBody := cat(le32(1), []byte{0}, le32(0), le32(0), le16(0), le16(0), le16(0), []byte{0, 0, 0}, le32(0),
		le32(1), le32(36), le16(0), []byte{0x59})
	fBody := cat(le32(1), []byte{0}, le32(0), le32(0), le16(0), le16(0), le16(0), []byte{0, 0, 0},
		le32(1), le32(34), []byte{0, 0}, le16(0), []byte{0x59})
	for _, v := range []Version{{3, 6}, {3, 7}, {4, 1}} {
		nameLen := 1
		if v.Num() >= 307 {
			nameLen = 2
		}
		const n = 100
		for _, kernels := range []bool{true, false} {
			var nk, nf int
			if kernels {
				nk = n
			} else {
				nf = n
			}
			hdrLen := 8 + nk*(18+nameLen-1) + 4 + nf*(14+nameLen-1)
			data := cat([]byte("CISA"), []byte{v.Major, v.Minor}, le16(uint16(nk)))
			for i := 0; i < nk; i++ {
				// input_offset: num_inputs is at body + 22.
				data = cat(data, leN(0, nameLen), le32(uint32(hdrLen)), le32(uint32(len(kBody))), le32(uint32(hdrLen+22)), le16(0), le16(0), []byte{0})
			}
			data = cat(data, le16(0), le16(uint16(nf)))
			for i := 0; i < nf; i++ {
				data = cat(data, []byte{0}, leN(0, nameLen), le32(uint32(hdrLen)), le32(uint32(len(fBody))), le16(0), le16(0))
			}
			if len(data) != hdrLen {
				t.Fatalf("%s: header %d bytes, computed %d", v, len(data), hdrLen)
			}
			if kernels {
				data = cat(data, kBody)
			} else {
				data = cat(data, fBody)
			}
			f := Decode("many.isa", data, Options{})
			if len(f.Errors) > 0 || len(f.Warnings) > 0 {
				t.Errorf("%s, %d kernels, %d functions: errors %v warnings %v", v, nk, nf, f.Errors, f.Warnings)
				continue
			}
			if len(f.Object.Kernels) != nk || len(f.Object.Functions) != nf || len(f.Streams) != n {
				t.Errorf("%s: %d kernels, %d functions, %d streams", v, len(f.Object.Kernels), len(f.Object.Functions), len(f.Streams))
				continue
			}
			for _, s := range f.Streams {
				if s.NumInsts() != 1 || s.Inst(0).Op != 0x59 {
					t.Errorf("%s: body %q: %d instructions", v, s.Kernel, s.NumInsts())
					break
				}
			}
		}
	}
}
