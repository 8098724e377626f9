// Command gensamples writes the sample files that package sampledata
// embeds. "go generate ./sampledata" runs it (see sampledata.go); by hand,
// from the module's root:
//
//	go run ./sampledata/cmd/gensamples -o DIR
//
// Every instruction is encoded by hand from the operand layouts in
// decoder/opcodes.tsv (INFO through decoder.EncodeInfo, object files through
// decoder.EncodeObject). The output is byte-for-byte deterministic: no
// clock, no randomness, no map iteration reaches it. Before writing, gensamples
// decodes each file again and checks that every instruction has the length
// it was built with, so a disagreement between this encoder and the
// decoder's table stops generation.
package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"infoscope/decoder"
)

func main() {
	out := flag.String("o", ".", "directory to write the samples into")
	flag.Parse()
	files, err := build()
	if err != nil {
		fmt.Fprintln(os.Stderr, "gensamples:", err)
		os.Exit(1)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "gensamples:", err)
		os.Exit(1)
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(*out, f.name), f.data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gensamples:", err)
			os.Exit(1)
		}
	}
}

type file struct {
	name string
	data []byte
}

// build makes every sample, in a fixed order.
func build() ([]file, error) {
	var out []file
	for _, mk := range []func() (file, error){
		kernelsISA, legacyV33, rawStream("stream_igc.bin", decoder.LayoutIGC), rawStream("stream_seed.bin", decoder.LayoutSeed), streamHex, damagedISA,
	} {
		f, err := mk()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
		out = append(out, f)
	}
	return out, nil
}

// ---------------------------------------------------------------------------
// A hand assembler: byte pieces, operands and instructions.

var le = binary.LittleEndian

func b8(v uint8) []byte   { return []byte{v} }
func w16(v uint16) []byte { return le.AppendUint16(nil, v) }
func d32(v uint32) []byte { return le.AppendUint32(nil, v) }

// VISA_Type codes (format doc §2.5).
const (
	tUD = 0
	tD  = 1
	tUW = 2
	tW  = 3
	tUB = 4
	tB  = 5
	tDF = 6
	tF  = 7
	tUQ = 11
	tQ  = 13
	tHF = 14
)

// Alignment codes for bit_properties' high nibble.
const (
	alDword = 2
	alGRF   = 5
)

// Region words: vstride code | width code << 4 | hstride code << 8, with
// codes 1 -> 0, 2 -> 1, 3 -> 2, 4 -> 4, 5 -> 8, 6 -> 16.
const (
	rgDst    = 0x0200 // <1> (destination: hstride 1, width null)
	rgDst2   = 0x0300 // <2>
	rgVec    = 0x0255 // <8;8,1>
	rgVec16  = 0x0266 // <16;16,1>
	rgScalar = 0x0121 // <0;1,0>
)

// Operand modifiers (tag bits 5..3).
const (
	modNone = 0
	modAbs  = 1
	modNeg  = 2
	modSat  = 4
	modNot  = 5
)

// asm collects one body's instruction bytes and the length of each
// instruction as built.
type asm struct {
	v    decoder.Version
	code []byte
	lens []int
}

func (a *asm) wide() bool { return a.v.Num() >= 304 }

// op appends one instruction: the opcode and its pieces.
func (a *asm) op(opcode uint8, parts ...[]byte) {
	n := len(a.code)
	a.code = append(a.code, opcode)
	for _, p := range parts {
		a.code = append(a.code, p...)
	}
	a.lens = append(a.lens, len(a.code)-n)
}

// raw appends an already encoded instruction.
func (a *asm) raw(b []byte) {
	a.code = append(a.code, b...)
	a.lens = append(a.lens, len(b))
}

// id writes a variable id or string index: UD from 3.4, UW below.
func (a *asm) id(v uint32) []byte {
	if a.wide() {
		return d32(v)
	}
	if v > 0xFFFF {
		panic(fmt.Sprintf("id %d too wide for version %s", v, a.v))
	}
	return w16(uint16(v))
}

// g is a general vector operand (class 0).
func (a *asm) g(id uint32, row, col uint8, region uint16) []byte {
	return a.gm(modNone, id, row, col, region)
}

func (a *asm) gm(mod uint8, id uint32, row, col uint8, region uint16) []byte {
	out := []byte{mod << 3}
	out = append(out, a.id(id)...)
	out = append(out, row, col)
	return append(out, w16(region)...)
}

// rawOp is a raw operand: id + UW byte offset.
func (a *asm) rawOp(id uint32, off uint16) []byte { return append(a.id(id), w16(off)...) }

// addrOp is an address operand (class 1): A<id>[off], width as an exec code.
func addrOp(id uint16, off, width uint8) []byte {
	return append(append([]byte{1}, w16(id)...), off, width)
}

// predOp is a predicate operand (class 2).
func predOp(id uint16) []byte { return append([]byte{2}, w16(id)...) }

// indOp is an indirect operand (class 3): r[A<addr>.<aoff>, imm]<region>:type.
func indOp(addr uint16, aoff uint8, imm int16, typ uint8, region uint16) []byte {
	out := append([]byte{3}, w16(addr)...)
	out = append(out, aoff)
	out = append(out, w16(uint16(imm))...)
	out = append(out, typ)
	return append(out, w16(region)...)
}

// imm is an immediate (class 5): 8 value bytes for DF/UQ/Q, else 4.
func imm(typ uint8, v uint64) []byte {
	out := []byte{5, typ}
	switch typ {
	case tDF, tUQ, tQ:
		return le.AppendUint64(out, v)
	}
	return le.AppendUint32(out, uint32(v))
}

func immF(f float32) []byte { return imm(tF, uint64(math.Float32bits(f))) }
func immD(f float64) []byte { return imm(tDF, math.Float64bits(f)) }
func immUD(v uint32) []byte { return imm(tUD, uint64(v)) }
func immUW(v uint16) []byte { return imm(tUW, uint64(v)) }

// stateOp is a state operand (class 6): class 0 surface, 1 sampler.
func stateOp(class uint8, idx uint16, off uint8) []byte {
	return append(append([]byte{6, class}, w16(idx)...), off)
}

// ex is the exec byte: size code in bits 3..0, emask in bits 7..4.
func ex(size int, m decoder.MaskControl) []byte {
	return []byte{execCode(size) | uint8(m)<<4}
}

func execCode(size int) uint8 {
	for c := uint8(0); c < 6; c++ {
		if 1<<c == size {
			return c
		}
	}
	panic(fmt.Sprintf("exec size %d", size))
}

// Mask controls by name.
const (
	M1 decoder.MaskControl = iota
	M2
	M3
	M4
	M5
	M6
	M7
	M8
	M1NM
	M2NM
	M3NM
	M4NM
	M5NM
	M6NM
	M7NM
	M8NM
)

// pr is the predicate field: id, combine (0 none, 1 any, 2 all), invert.
func pr(id uint16, combine uint8, invert bool) []byte {
	v := id&0xFFF | uint16(combine&3)<<13
	if invert {
		v |= 1 << 15
	}
	return w16(v)
}

var noPred = w16(0)

func lbl(i uint16) []byte { return w16(i) }

// ---------------------------------------------------------------------------
// Bodies: tables plus an assembler.

type body struct {
	b    *decoder.Body
	a    *asm
	strs map[string]uint32
}

func newBody(kind decoder.BodyKind, name string, v decoder.Version) *body {
	k := &body{b: &decoder.Body{Kind: kind, Name: name}, a: &asm{v: v}, strs: map[string]uint32{}}
	// IGC's writer put the body's own name at string 0 (format doc §2.2).
	k.b.NameIndex = k.str(name)
	return k
}

// str returns the string-pool index of s, adding it on first use.
func (k *body) str(s string) uint32 {
	if i, ok := k.strs[s]; ok {
		return i
	}
	i := uint32(len(k.b.Strings))
	k.b.Strings = append(k.b.Strings, s)
	k.strs[s] = i
	return i
}

// variable declares a general variable and returns its id (32 + k).
func (k *body) variable(name string, typ, align uint8, n uint16) uint32 {
	k.b.Vars = append(k.b.Vars, decoder.Var{NameIndex: k.str(name), Name: name, Props: align<<4 | typ, NumElements: n})
	return uint32(decoder.NumPredefinedVars + len(k.b.Vars) - 1)
}

// alias declares a variable aliasing base at a byte offset.
func (k *body) alias(name string, typ uint8, n uint16, base uint32, off uint16) uint32 {
	k.b.Vars = append(k.b.Vars, decoder.Var{NameIndex: k.str(name), Name: name, Props: alDword<<4 | typ, NumElements: n, AliasIndex: base, AliasOffset: off})
	return uint32(decoder.NumPredefinedVars + len(k.b.Vars) - 1)
}

func (k *body) decl(name string, n uint16) decoder.Decl {
	return decoder.Decl{NameIndex: k.str(name), Name: name, NumElements: n}
}

// surface declares a surface and returns its index (6 + k).
func (k *body) surface(name string) uint8 {
	k.b.Surfaces = append(k.b.Surfaces, k.decl(name, 1))
	return uint8(decoder.NumPredefinedSurfaces + len(k.b.Surfaces) - 1)
}

func (k *body) sampler(name string) uint8 {
	k.b.Samplers = append(k.b.Samplers, k.decl(name, 1))
	return uint8(len(k.b.Samplers) - 1)
}

// pred declares a predicate and returns its id (1 + k).
func (k *body) pred(name string, n uint16) uint16 {
	k.b.Preds = append(k.b.Preds, k.decl(name, n))
	return uint16(len(k.b.Preds))
}

func (k *body) addr(name string, n uint16) uint16 {
	k.b.Addrs = append(k.b.Addrs, k.decl(name, n))
	return uint16(len(k.b.Addrs) - 1)
}

func (k *body) label(name string, kind uint8) uint16 {
	k.b.Labels = append(k.b.Labels, decoder.Label{NameIndex: k.str(name), Name: name, Kind: kind})
	return uint16(len(k.b.Labels) - 1)
}

func (k *body) attr(name string, value []byte) {
	k.b.Attrs = append(k.b.Attrs, decoder.Attr{NameIndex: k.str(name), Name: name, Value: value})
}

func (k *body) input(kind uint8, id uint32, off int16, size uint16) {
	k.b.Inputs = append(k.b.Inputs, decoder.Input{Kind: kind, ID: id, Offset: off, Size: size})
}

// info appends an INFO instruction in the given layout.
func (a *asm) info(layout decoder.Layout, op decoder.InfoOp, size int, m decoder.MaskControl, ch, surf uint8, lod, dst decoder.RawOperand) {
	in := &decoder.Info{SubOp: uint8(op), ExecCode: execCode(size), Mask: m, ChannelMask: ch, Surface: surf, HasLOD: op == decoder.OpResinfo, LOD: lod, Dst: dst}
	b, err := decoder.EncodeInfo(in, layout, a.v)
	if err != nil {
		panic(err)
	}
	a.raw(b)
}

func rv(id uint32, off uint16) decoder.RawOperand { return decoder.RawOperand{ID: id, Offset: off} }

// Channel masks (bit 0 R .. bit 3 A).
const (
	chR    = 0x1
	chRG   = 0x3
	chB    = 0x4
	chRGB  = 0x7
	chA    = 0x8
	chRA   = 0x9
	chGA   = 0xA
	chBA   = 0xC
	chGBA  = 0xE
	chRGBA = 0xF
)

// Predefined surfaces and variables used below.
const (
	sfSLM  = 0
	sfT1   = 1
	sfT2   = 2
	sfTSS  = 3
	sfBSS  = 4
	vNull  = 0
	vR0    = 7
	vArg   = 8
	vRet   = 9
	vLocal = 19
)

func (k *body) done() *decoder.Body {
	k.b.Code = k.a.code
	bodyLens[k.b] = k.a.lens
	return k.b
}

// ---------------------------------------------------------------------------
// kernels.isa

// kernelsISA is a version 4.1 object file with two kernels and a function,
// as IGC's last writer laid them out:
//
//   - kernel "info_main": declared variables with names, an alias, address,
//     predicates, labels, a sampler, three declared surfaces (T6 img, T7
//     vol, T8 buf) and three inputs; over eighty ordinary instructions of
//     some sixty opcodes (ALU with general, immediate, predicate, indirect and
//     address operands and source modifiers; cmp with predicate and general
//     destinations; control flow with labels, switchjmp, call/ret,
//     fcall/ifcall/faddr; sync; raw_send/raw_sends; sample_3d, load_3d and
//     gather4_3d with n raw operands; svm; lsc untyped/typed/fence; data
//     port; dpas and nbarrier in the writer's form; lifetime; file/loc)
//     around seven INFO instructions at exec sizes 8, 16 and 32.
//   - kernel "info_masks": every one of the sixteen mask controls, exec
//     sizes 4/8/16/32 (4 for M8 and M8_NM, the only size that fits lane
//     offset 28), ten channel masks, predefined surfaces (T1, T2, TSS,
//     %bss) beside declared ones, and a predefined variable (%arg) as LOD.
//   - function "helper": its own tables, input/return sizes, a sampleinfo
//     and an fret.
//
// No INFO instruction carries a diagnostic; every variable an INFO writes
// is large enough.
func kernelsISA() (file, error) {
	f := file{name: "kernels.isa"}
	v := decoder.Version{Major: 4, Minor: 1}
	o := &decoder.Object{Version: v}
	o.Kernels = append(o.Kernels, infoMain(v), infoMasks(v))
	o.Functions = append(o.Functions, helper(v))
	data, err := decoder.EncodeObject(o)
	if err != nil {
		return f, err
	}
	f.data = data
	return f, check(f, o, decoder.Options{}, false)
}

func infoMain(v decoder.Version) *decoder.Body {
	k := newBody(decoder.KindKernel, "info_main", v)
	lod := k.variable("lod", tUD, alGRF, 32)
	res := k.variable("res", tUD, alGRF, 128)
	src := k.variable("src", tF, alGRF, 32)
	dst := k.variable("dst", tF, alGRF, 32)
	idx := k.variable("idx", tUD, alGRF, 16)
	acc := k.variable("acc", tD, alGRF, 32)
	dbl := k.variable("dbl", tDF, alGRF, 16)
	half := k.variable("half", tHF, alGRF, 32)
	srcw := k.alias("src_w", tW, 64, src, 0)
	msg := k.variable("msg", tUD, alGRF, 64)
	res2 := k.variable("res2", tUD, alGRF, 128)
	a0 := k.addr("adr", 4)
	p16 := k.pred("p16", 16)
	p32 := k.pred("p32", 32)
	lLoop := k.label("L_loop", 0)
	lDone := k.label("L_done", 0)
	lCase0 := k.label("L_case0", 0)
	lCase1 := k.label("L_case1", 0)
	lSub := k.label("sub_clear", 1)
	smp := k.sampler("smp")
	img := k.surface("img")
	vol := k.surface("vol")
	buf := k.surface("buf")
	k.input(2, uint32(img), 32, 4)
	k.input(1, uint32(smp), 36, 4)
	k.input(0, lod, 64, 128)
	k.attr("Target", []byte{1})
	k.attr("SimdSize", []byte{16})
	fileStr := k.str("kernels.cl")
	helperStr := k.str("helper")
	a := k.a
	L := decoder.LayoutIGC

	a.op(0x51, d32(fileStr)) // file "kernels.cl"
	a.op(0x52, d32(12))      // loc 12
	a.op(0x7B, b8(0x00), d32(lod))
	a.op(0x7B, b8(0x00), d32(res))
	a.op(0x29, ex(16, M1), noPred, a.g(src, 0, 0, rgDst), immF(1.0))                                                            // mov
	a.op(0x29, ex(16, M1), noPred, a.g(idx, 0, 0, rgDst), a.g(vLocal, 0, 0, rgScalar))                                          // mov from a predefined
	a.op(0x01, ex(16, M1), noPred, a.g(dst, 0, 0, rgDst), a.g(src, 0, 0, rgVec16), a.gm(modNeg, src, 1, 0, rgVec16))            // add with -src
	a.op(0x10, ex(16, M1), pr(p16, 0, false), a.gm(modSat, dst, 0, 0, rgDst), a.g(dst, 0, 0, rgVec16), immF(0.5))               // (p16) mul.sat
	a.op(0x0C, ex(16, M1), noPred, a.g(dst, 0, 0, rgDst), a.g(src, 0, 0, rgVec16), a.g(dst, 0, 0, rgVec16), immF(2.0))          // mad
	a.op(0x20, ex(16, M1), noPred, a.g(idx, 0, 0, rgDst), a.g(idx, 0, 0, rgVec16), immUD(0xFF))                                 // and
	a.op(0x21, ex(16, M1), noPred, a.g(idx, 0, 0, rgDst), a.g(idx, 0, 0, rgVec16), immUD(0x100))                                // or
	a.op(0x24, ex(16, M1), noPred, a.g(acc, 0, 0, rgDst), a.g(idx, 0, 0, rgVec16), immUW(2))                                    // shl
	a.op(0x23, ex(16, M1), noPred, a.g(acc, 0, 0, rgDst), a.gm(modNot, acc, 0, 0, rgVec16))                                     // not
	a.op(0x2C, ex(16, M1), b8(4), predOp(p16), a.g(src, 0, 0, rgVec16), immF(0.25))                                             // cmp.lt p16
	a.op(0x2C, ex(16, M1), b8(0), a.g(idx, 0, 0, rgDst), a.g(idx, 0, 0, rgVec16), immUD(7))                                     // cmp.eq to a general dst
	a.op(0x2A, ex(16, M1), pr(p16, 0, true), a.g(dst, 0, 0, rgDst), a.g(src, 0, 0, rgVec16), a.gm(modAbs, dst, 0, 0, rgVec16))  // (!p16) sel
	a.op(0x28, ex(1, M1NM), addrOp(a0, 0, 0), a.g(src, 0, 0, rgScalar), immUW(64))                                              // addr_add A0 = &src + 64
	a.op(0x29, ex(16, M1), noPred, a.g(dst, 0, 0, rgDst), indOp(a0, 0, 4, tF, rgVec16))                                         // mov from r[A0, 4]
	a.op(0x29, ex(8, M1), noPred, a.g(idx, 0, 0, rgDst), addrOp(a0, 1, 3))                                                      // mov an address
	a.op(0x2B, ex(32, M1NM), predOp(p32), immUD(0xFFFF0000))                                                                    // setp p32
	a.op(0x1D, ex(16, M1), a.g(half, 0, 0, rgDst), a.g(src, 0, 0, rgVec16))                                                     // fcvt
	a.op(0x45, ex(16, M1), b8(1), a.g(dst, 0, 0, rgDst), a.g(src, 0, 0, rgVec16), a.g(dst, 0, 0, rgVec16))                      // fminmax.max
	a.op(0x85, ex(16, M1), noPred, a.g(idx, 0, 0, rgDst), a.g(idx, 0, 0, rgVec16), immUD(3), a.g(idx, 0, 0, rgVec16), b8(0xCA)) // bfn
	a.op(0x49, ex(16, M1), noPred, a.g(idx, 0, 0, rgDst), a.g(acc, 0, 0, rgDst), a.g(idx, 0, 0, rgVec16), immUD(1))             // addc
	a.op(0x29, ex(8, M1), noPred, a.g(dbl, 0, 0, rgDst), immD(1.5))                                                             // mov a 10-byte DF immediate
	a.op(0x29, ex(16, M1), noPred, a.g(srcw, 0, 0, rgDst2), imm(tW, 0xFFFF))                                                    // mov to an alias
	a.op(0x19, ex(16, M1), noPred, a.g(dst, 0, 0, rgDst), a.gm(modAbs, src, 0, 0, rgVec16))                                     // sqrt
	a.op(0x27, ex(16, M1), noPred, a.g(idx, 0, 0, rgDst), a.g(idx, 0, 0, rgVec16))                                              // cbit
	a.op(0x31, lbl(lLoop))                                                                                                      // L_loop:
	a.info(L, decoder.OpResinfo, 16, M1, chRGBA, img, rv(lod, 0), rv(res, 0))                                                   // §8.1
	a.info(L, decoder.OpSampleinfo, 8, M1NM, chRA, img, decoder.RawOperand{}, rv(res, 64))                                      // §8.2
	a.op(0x01, ex(16, M1), noPred, a.g(idx, 0, 0, rgDst), a.g(idx, 0, 0, rgVec16), immUD(1))                                    // add
	a.op(0x2C, ex(16, M1), b8(4), predOp(p16), a.g(idx, 0, 0, rgVec16), immUD(4))                                               // cmp.lt
	a.op(0x32, ex(1, M1NM), pr(p16, 1, false), lbl(lLoop))                                                                      // (p16.any) jmp L_loop
	a.op(0x69, ex(1, M1NM), b8(2), a.g(idx, 0, 0, rgScalar), lbl(lCase0), lbl(lCase1))                                          // switchjmp
	a.op(0x31, lbl(lCase0))
	a.info(L, decoder.OpResinfo, 32, M1, chRGBA, vol, rv(lod, 0), rv(res2, 0))
	a.op(0x6C, ex(16, M1), noPred, lbl(lDone)) // goto L_done
	a.op(0x31, lbl(lCase1))
	a.info(L, decoder.OpResinfo, 8, M1, chRG, buf, rv(lod, 0), rv(res2, 0))
	a.op(0x33, ex(1, M1NM), noPred, lbl(lSub)) // call sub_clear
	a.op(0x31, lbl(lDone))
	// Messages.
	a.op(0x5D, b8(0), ex(16, M1), noPred, d32(0x0A), b8(2), b8(2), immUD(0x0210C000), a.rawOp(msg, 0), a.rawOp(res2, 0))                                      // raw_send
	a.op(0x7A, b8(0), ex(16, M1), noPred, b8(2), b8(1), b8(2), b8(0x0C), immUD(0x4C), immUD(0x02280000), a.rawOp(msg, 0), a.rawOp(msg, 64), a.rawOp(res2, 0)) // raw_sends with ffid
	// Sampler: sample_3d with u, v, r; load_3d with u, v; gather4_3d (green).
	a.op(0x6D, w16(0x0000), ex(16, M1), noPred, b8(chRGBA), immUW(0), b8(smp), b8(img), a.rawOp(res2, 0), b8(3), a.rawOp(src, 0), a.rawOp(src, 64), a.rawOp(dst, 0))
	a.op(0x6E, w16(0x0007), ex(16, M1), noPred, b8(chRG), immUW(0), b8(img), a.rawOp(res2, 0), b8(2), a.rawOp(idx, 0), a.rawOp(acc, 0))
	a.op(0x6F, w16(0x0008), ex(16, M1), pr(p16, 0, false), b8(1), a.g(idx, 0, 0, rgScalar), b8(smp), b8(img), a.rawOp(res2, 0), b8(2), a.rawOp(src, 0), a.rawOp(src, 64))
	a.info(L, decoder.OpSampleinfo, 16, M1, chR, img, decoder.RawOperand{}, rv(res, 0))
	// SVM.
	a.op(0x4E, b8(0x01), b8(0x02), a.g(idx, 0, 0, rgScalar), a.rawOp(msg, 0))                                                // svm block_ld
	a.op(0x4E, b8(0x03), ex(8, M1), noPred, b8(0), b8(0), a.rawOp(msg, 0), a.rawOp(res2, 0))                                 // svm gather
	a.op(0x4E, b8(0x05), ex(8, M1), noPred, b8(0x0C), a.rawOp(msg, 0), a.rawOp(idx, 0), a.rawOp(vNull, 0), a.rawOp(res2, 0)) // svm atomic
	a.op(0x4E, b8(0x06), ex(16, M1), noPred, b8(0xE), w16(0), a.g(idx, 0, 0, rgScalar), a.rawOp(msg, 0), a.rawOp(res2, 0))   // svm gather4scaled
	// LSC.
	lscSurf := immUD(0)
	a.op(0x89, b8(0x00), ex(16, M1), noPred, b8(1), b8(0), b8(0), b8(1), w16(1), d32(0), b8(3), b8(3), b8(0), b8(1), b8(0), lscSurf, d32(0), a.rawOp(res2, 0), a.rawOp(msg, 0), a.rawOp(vNull, 0), a.rawOp(vNull, 0))                                                                                 // lsc_load
	a.op(0x89, b8(0x04), ex(16, M1), pr(p16, 0, false), b8(1), b8(0), b8(0), b8(1), w16(1), d32(16), b8(3), b8(3), b8(0), b8(1), b8(0), lscSurf, d32(0), a.rawOp(vNull, 0), a.rawOp(msg, 0), a.rawOp(res2, 0), a.rawOp(vNull, 0))                                                                     // lsc_store
	a.op(0x89, b8(0x03), ex(1, M1NM), noPred, b8(1), b8(0), b8(0), b8(3), b8(0), b8(1), w16(16), w16(8), b8(0), a.rawOp(res2, 0), immUD(0), immUD(0), immUD(63), immUD(31), immUD(0), immUD(0), a.rawOp(vNull, 0))                                                                                    // block2d load
	a.op(0x89, b8(0x01), ex(16, M1), noPred, b8(1), b8(0), b8(0), b8(1), w16(1), d32(0), b8(3), b8(3), b8(0), b8(1), b8(0), lscSurf, d32(0), a.rawOp(res2, 0), a.rawOp(msg, 0), immUD(4), a.rawOp(vNull, 0))                                                                                          // strided load
	a.op(0x89, b8(0x28), ex(16, M1), noPred, b8(1), b8(0), b8(0), b8(2), b8(3), b8(0), b8(1), b8(0), stateOp(0, uint16(buf), 0), d32(0), a.rawOp(res2, 0), a.rawOp(msg, 0))                                                                                                                           // apndctr_atomic_add
	a.op(0x8A, b8(0x00), ex(16, M1), noPred, b8(0), b8(0), b8(2), b8(3), b8(3), b8(0), b8(4), b8(chRGBA), stateOp(0, uint16(img), 0), d32(0), a.rawOp(res2, 0), a.rawOp(idx, 0), d32(0), a.rawOp(acc, 0), d32(0), a.rawOp(vNull, 0), d32(0), a.rawOp(vNull, 0), a.rawOp(vNull, 0), a.rawOp(vNull, 0)) // lsc_load_quad.tgm
	a.op(0x8A, b8(0x03), ex(1, M1NM), noPred, b8(0), b8(0), b8(2), w16(16), w16(4), stateOp(0, uint16(img), 0), d32(0), a.rawOp(res2, 0), immUD(0), immUD(0), a.rawOp(vNull, 0))                                                                                                                      // typed block2d
	a.op(0x8B, ex(1, M1NM), noPred, b8(1), b8(0), b8(1))                                                                                                                                                                                                                                              // lsc_fence
	// Data port.
	a.op(0x35, b8(2), b8(0), b8(buf), immUD(0), a.rawOp(msg, 0))                                                                                                                     // oword_ld
	a.op(0x36, b8(2), b8(buf), immUD(64), a.rawOp(msg, 0))                                                                                                                           // oword_st
	a.op(0x37, b8(0), b8(img), b8(0), b8(15), b8(3), immUD(0), immUD(0), a.rawOp(msg, 0))                                                                                            // media_ld
	a.op(0x78, ex(16, M1), noPred, b8(0), b8(2), w16(0), b8(buf), immUD(0), a.rawOp(idx, 0), a.rawOp(res2, 0))                                                                       // gather_scaled
	a.op(0x74, ex(16, M1), noPred, b8(chRGB), w16(0), b8(buf), immUD(0), a.rawOp(idx, 0), a.rawOp(res2, 0))                                                                          // gather4_scaled
	a.op(0x7D, b8(0x0C), ex(16, M1), noPred, b8(buf), a.rawOp(idx, 0), a.rawOp(acc, 0), a.rawOp(vNull, 0), a.rawOp(res2, 0))                                                         // dword_atomic add
	a.op(0x73, b8(0x0C), ex(8, M1), noPred, b8(img), a.rawOp(idx, 0), a.rawOp(vNull, 0), a.rawOp(vNull, 0), a.rawOp(vNull, 0), a.rawOp(acc, 0), a.rawOp(vNull, 0), a.rawOp(res2, 0)) // typed_atomic
	a.op(0x86, ex(8, M1), noPred, b8(1), b8(buf), a.rawOp(idx, 0), a.rawOp(res2, 0))                                                                                                 // qw_gather
	a.op(0x4B, ex(8, M1), noPred, b8(chRGBA), b8(img), a.rawOp(idx, 0), a.rawOp(vNull, 0), a.rawOp(vNull, 0), a.rawOp(vNull, 0), a.rawOp(res2, 0))                                   // gather4_typed
	// Render target and URB writes: mode bit 11 adds a sample-index vector, bit 3 an s0a raw.
	a.op(0x71, ex(16, M1), noPred, w16(1<<11|1<<3), b8(img), a.rawOp(vR0, 0), immUW(0), a.rawOp(src, 0), a.rawOp(res2, 0), a.rawOp(res2, 64), a.rawOp(res2, 128), a.rawOp(res2, 192))
	a.op(0x72, ex(8, M1), noPred, b8(2), a.rawOp(vNull, 0), w16(0), a.rawOp(vR0, 0), a.rawOp(vNull, 0), a.rawOp(msg, 0))
	// Systolic and sync, in the writer's forms (no dpas predicate; nbarrier with two vectors).
	a.op(0x83, ex(8, M1), a.rawOp(res2, 0), a.rawOp(res2, 0), a.rawOp(msg, 0), a.g(msg, 2, 0, rgVec), d32(0x00080808))
	a.op(0x60, b8(0), immUB(1), immUB(16))
	a.op(0x5C, b8(0x01)) // fence
	a.op(0x59)           // barrier
	a.op(0x7C, b8(0))    // sbarrier.signal
	a.op(0x5B, immUD(0)) // wait
	a.op(0x5F)           // yield
	a.op(0x5A)           // sampler_cache_flush
	// Function calls.
	a.op(0x67, ex(1, M1NM), noPred, w16(uint16(helperStr)), b8(2), b8(1))   // fcall helper
	a.op(0x50, w16(uint16(helperStr)), a.g(idx, 0, 0, rgDst))               // faddr helper
	a.op(0x4F, ex(1, M1NM), noPred, a.g(idx, 0, 0, rgScalar), b8(2), b8(1)) // ifcall, as written: no flags byte
	a.info(L, decoder.OpResinfo, 16, M2NM, chRGB, img, rv(lod, 0), rv(res, 0))
	a.op(0x7B, b8(0x01), d32(res))
	a.op(0x7B, b8(0x01), d32(lod))
	a.op(0x34, ex(1, M1NM), noPred) // ret (end of kernel)
	a.op(0x30, lbl(lSub))           // sub_clear:
	a.op(0x29, ex(16, M1), noPred, a.g(res2, 0, 0, rgDst), immUD(0))
	a.info(L, decoder.OpSampleinfo, 32, M1NM, chRGBA, buf, decoder.RawOperand{}, rv(res2, 0))
	a.op(0x34, ex(1, M1NM), noPred) // ret
	return k.done()
}

func immUB(v uint8) []byte { return imm(tUB, uint64(v)) }

func infoMasks(v decoder.Version) *decoder.Body {
	k := newBody(decoder.KindKernel, "info_masks", v)
	lod := k.variable("lod", tUD, alGRF, 32)
	res := k.variable("res", tUD, alGRF, 128)
	tmp := k.variable("tmp", tF, alGRF, 32)
	img := k.surface("img")
	shadow := k.surface("shadow")
	k.input(2, uint32(img), 32, 4)
	k.input(2, uint32(shadow), 36, 4)
	k.attr("Target", []byte{1})
	a := k.a
	L := decoder.LayoutIGC
	type row struct {
		op   decoder.InfoOp
		size int
		m    decoder.MaskControl
		ch   uint8
		surf uint8
		lod  uint32
	}
	// Sixteen mask controls; exec sizes 4 (M8 only fits 4 lanes), 8, 16, 32;
	// ten channel masks; predefined and declared surfaces.
	rows := []row{
		{decoder.OpResinfo, 32, M1, chRGBA, img, lod},
		{decoder.OpSampleinfo, 8, M2, chRA, img, 0},
		{decoder.OpResinfo, 16, M3, chRGB, shadow, lod},
		{decoder.OpSampleinfo, 8, M4, chR, sfT1, 0},
		{decoder.OpResinfo, 16, M5, chRG, sfT2, lod},
		{decoder.OpSampleinfo, 8, M6, chA, sfTSS, 0},
		{decoder.OpResinfo, 8, M7, chB, sfBSS, lod},
		{decoder.OpResinfo, 4, M8, chGA, img, lod},
		{decoder.OpResinfo, 32, M1NM, chRGBA, img, vArg},
		{decoder.OpSampleinfo, 16, M2NM, chBA, shadow, 0},
		{decoder.OpResinfo, 8, M3NM, chGBA, img, lod},
		{decoder.OpSampleinfo, 16, M4NM, chRA, img, 0},
		{decoder.OpResinfo, 16, M5NM, chRGBA, sfT1, lod},
		{decoder.OpSampleinfo, 8, M6NM, chGA, shadow, 0},
		{decoder.OpResinfo, 8, M7NM, chR, img, lod},
		{decoder.OpSampleinfo, 4, M8NM, chRGBA, img, 0},
	}
	ops := []func(i int){
		func(i int) {
			a.op(0x29, ex(16, M1), noPred, a.g(tmp, 0, 0, rgDst), immF(float32(i)))
		},
		func(i int) {
			a.op(0x10, ex(16, M1), noPred, a.g(tmp, 0, 0, rgDst), a.g(tmp, 0, 0, rgVec16), immF(0.5))
		},
		func(i int) {
			a.op(0x25, ex(8, M1), noPred, a.g(lod, 0, 0, rgDst), a.g(lod, 0, 0, rgVec), immUW(uint16(i&3)))
		},
		func(i int) {
			a.op(0x1B, ex(16, M1), noPred, a.g(tmp, 0, 0, rgDst), a.gm(modAbs, tmp, 0, 0, rgVec16))
		},
	}
	for i, r := range rows {
		ops[i%len(ops)](i)
		var lodOp decoder.RawOperand
		if r.op == decoder.OpResinfo {
			lodOp = rv(r.lod, 0)
		}
		a.info(L, r.op, r.size, r.m, r.ch, r.surf, lodOp, rv(res, 0))
	}
	a.op(0x34, ex(1, M1NM), noPred) // ret
	return k.done()
}

func helper(v decoder.Version) *decoder.Body {
	k := newBody(decoder.KindFunction, "helper", v)
	arg := k.alias("h_arg", tUD, 8, vArg, 0)
	ret := k.alias("h_ret", tUD, 8, vRet, 0)
	res := k.variable("h_res", tUD, alGRF, 64)
	surf := k.surface("h_img")
	k.b.InputSize, k.b.RetValSize = 2, 1
	k.attr("ArgSize", []byte{2, 0, 0, 0})
	k.attr("RetValSize", []byte{1, 0, 0, 0})
	k.attr("Target", []byte{1})
	a := k.a
	a.op(0x29, ex(8, M1), noPred, a.g(ret, 0, 0, rgDst), a.g(arg, 0, 0, rgVec))
	a.info(decoder.LayoutIGC, decoder.OpSampleinfo, 16, M1, chRGBA, surf, decoder.RawOperand{}, rv(res, 0))
	a.op(0x01, ex(8, M1), noPred, a.g(ret, 0, 0, rgDst), a.g(ret, 0, 0, rgVec), a.g(res, 0, 0, rgVec))
	a.op(0x68, ex(1, M1NM), noPred) // fret
	return k.done()
}

// ---------------------------------------------------------------------------
// legacy_v33.isa

// legacyV33 is a version 3.3 object file, so the narrow widths are
// exercised: UW variable ids and string indices (7-byte general operands,
// 4-byte raw operands, 13/9-byte INFO), a UB num_inputs, a UB name_len in the
// header, a UB 3D sub-op with a UW aoffimmi, raw_sends without the ffid
// byte (added in 3.6), and a UW lifetime id and file index. One kernel
// "legacy" and one function "legacy_fn".
func legacyV33() (file, error) {
	f := file{name: "legacy_v33.isa"}
	v := decoder.Version{Major: 3, Minor: 3}
	o := &decoder.Object{Version: v}

	k := newBody(decoder.KindKernel, "legacy", v)
	lod := k.variable("lod", tUD, alGRF, 16)
	res := k.variable("res", tUD, alGRF, 64)
	src := k.variable("src", tF, alGRF, 16)
	p := k.pred("p", 16)
	lbl0 := k.label("L_top", 0)
	smp := k.sampler("smp")
	img := k.surface("img")
	k.input(2, uint32(img), 32, 4)
	k.input(0, lod, 64, 64)
	k.attr("Target", []byte{1})
	fileStr := k.str("legacy.cm")
	a := k.a
	L := decoder.LayoutIGC
	a.op(0x51, w16(uint16(fileStr))) // file: UW index below 3.4
	a.op(0x7B, b8(0), w16(uint16(lod)))
	a.op(0x31, lbl(lbl0))
	a.op(0x29, ex(16, M1), noPred, a.g(src, 0, 0, rgDst), immF(0.75))
	a.op(0x01, ex(16, M1), noPred, a.g(src, 0, 0, rgDst), a.g(src, 0, 0, rgVec16), a.gm(modNeg, src, 0, 0, rgVec16))
	a.op(0x2C, ex(16, M1), b8(2), predOp(p), a.g(src, 0, 0, rgVec16), immF(0))
	a.info(L, decoder.OpResinfo, 16, M1, chRGBA, img, rv(lod, 0), rv(res, 0))
	a.info(L, decoder.OpSampleinfo, 8, M1NM, chRA, img, decoder.RawOperand{}, rv(res, 64))
	a.op(0x6D, b8(0x00), ex(16, M1), noPred, b8(chRGBA), w16(0), b8(smp), b8(img), a.rawOp(res, 0), b8(2), a.rawOp(src, 0), a.rawOp(src, 32))      // sample_3d: UB sub-op, UW aoffimmi
	a.op(0x7A, b8(0), ex(16, M1), noPred, b8(1), b8(1), b8(2), immUD(0x4C), immUD(0x02280000), a.rawOp(src, 0), a.rawOp(src, 32), a.rawOp(res, 0)) // raw_sends, no ffid
	a.op(0x4C, ex(8, M1), noPred, b8(chR), b8(img), a.rawOp(lod, 0), a.rawOp(vNull, 0), a.rawOp(vNull, 0), a.rawOp(vNull, 0), a.rawOp(res, 0))     // scatter4_typed (3.2+ form)
	a.info(L, decoder.OpResinfo, 8, M2, chRG, sfT1, rv(lod, 0), rv(res, 0))
	a.info(L, decoder.OpSampleinfo, 16, M1, chR, img, decoder.RawOperand{}, rv(res, 0))
	a.op(0x32, ex(1, M1NM), pr(p, 0, false), lbl(lbl0))
	a.op(0x7B, b8(1), w16(uint16(lod)))
	a.op(0x34, ex(1, M1NM), noPred)
	o.Kernels = append(o.Kernels, k.done())

	fn := newBody(decoder.KindFunction, "legacy_fn", v)
	fres := fn.variable("f_res", tUD, alGRF, 32)
	fsurf := fn.surface("f_img")
	fn.b.InputSize, fn.b.RetValSize = 1, 1
	fa := fn.a
	fa.info(L, decoder.OpSampleinfo, 8, M1, chRGBA, fsurf, decoder.RawOperand{}, rv(fres, 0))
	fa.op(0x68, ex(1, M1NM), noPred)
	o.Functions = append(o.Functions, fn.done())

	data, err := decoder.EncodeObject(o)
	if err != nil {
		return f, err
	}
	f.data = data
	return f, check(f, o, decoder.Options{}, false)
}

// ---------------------------------------------------------------------------
// Raw streams.

// rawMix appends the ordinary instructions that surround the INFO
// instructions of the raw streams. Raw streams have no tables, so ids are
// printed V<id> and nothing is checked against a table.
func rawMix(a *asm, i int) {
	const x, y = 40, 41
	switch i % 5 {
	case 0:
		a.op(0x29, ex(16, M1), noPred, a.g(x, 0, 0, rgDst), immF(float32(i)))
	case 1:
		a.op(0x01, ex(16, M1), noPred, a.g(x, 0, 0, rgDst), a.g(x, 0, 0, rgVec16), a.g(y, 0, 0, rgVec16))
	case 2:
		a.op(0x2C, ex(16, M1), b8(1), predOp(1), a.g(x, 0, 0, rgVec16), immF(0))
	case 3:
		a.op(0x7A, b8(0), ex(16, M1), noPred, b8(2), b8(1), b8(2), b8(0x0C), immUD(0x4C), immUD(0x02280000), a.rawOp(x, 0), a.rawOp(y, 0), a.rawOp(42, 0))
	case 4:
		a.op(0x59)
	}
}

// infoStream builds the INFO mix shared by the raw streams: the §8.1/§8.2
// pair, then exec sizes 8/16/32 at several masks and channel masks. The
// seed layout has no channel-mask byte, so its instructions are all RGBA.
func infoStream(layout decoder.Layout) *asm {
	a := &asm{v: decoder.Version{Major: 4, Minor: 1}}
	ch := func(c uint8) uint8 {
		if layout == decoder.LayoutSeed {
			return chRGBA
		}
		return c
	}
	type row struct {
		op   decoder.InfoOp
		size int
		m    decoder.MaskControl
		ch   uint8
		surf uint8
		off  uint16
	}
	rows := []row{
		{decoder.OpResinfo, 16, M1, chRGBA, 6, 0},
		{decoder.OpSampleinfo, 8, M1NM, chRA, 6, 64},
		{decoder.OpResinfo, 8, M2, chRG, 7, 0},
		{decoder.OpResinfo, 32, M1, chRGBA, 6, 0},
		{decoder.OpSampleinfo, 16, M3NM, chR, 1, 0},
		{decoder.OpResinfo, 16, M5, chRGB, 8, 128},
		{decoder.OpSampleinfo, 32, M1NM, chRGBA, 6, 0},
		{decoder.OpResinfo, 8, M7NM, chA, 2, 0},
	}
	for i, r := range rows {
		var lod decoder.RawOperand
		if r.op == decoder.OpResinfo {
			lod = rv(32, 0)
		}
		a.info(layout, r.op, r.size, r.m, ch(r.ch), r.surf, lod, rv(33, r.off))
		rawMix(a, i)
	}
	return a
}

// rawStream is infoStream as a raw instruction stream (no header) in a
// layout, which auto-detection must pick.
//
// stream_igc.bin, igc: eight INFO instructions (exec sizes 8/16/32, masks
// M1..M7_NM, channel masks R to RGBA) each followed by an ordinary
// instruction. Read in the seed layout, the first RESINFO ends one byte
// early and the next "opcode" is 0x00, which no reader accepts.
//
// stream_seed.bin, seed (the user's INFO spec: no channel-mask byte,
// 16/10-byte INFO, all channels): its first instruction is the §8.3
// RESINFO. Read in the igc layout, the first RESINFO swallows the next
// instruction's opcode byte (the §8.3 misread) and the walk soon meets
// bytes that are no instruction.
func rawStream(name string, layout decoder.Layout) func() (file, error) {
	return func() (file, error) {
		a := infoStream(layout)
		f := file{name: name, data: a.code}
		return f, checkRaw(f, a, layout)
	}
}

// streamHex is a short igc-layout stream written as "xxd" prints it
// (offset, eight groups of two bytes, ASCII column): the §8.1 RESINFO and
// §8.2 SAMPLEINFO with a mov and an add between them, and a RESINFO on a
// predefined surface.
func streamHex() (file, error) {
	f := file{name: "stream.hex"}
	a := &asm{v: decoder.Version{Major: 4, Minor: 1}}
	L := decoder.LayoutIGC
	a.info(L, decoder.OpResinfo, 16, M1, chRGBA, 6, rv(32, 0), rv(33, 0))
	a.op(0x29, ex(16, M1), noPred, a.g(34, 0, 0, rgDst), immF(1.0))
	a.info(L, decoder.OpSampleinfo, 8, M1NM, chRA, 6, decoder.RawOperand{}, rv(33, 64))
	a.op(0x01, ex(16, M1), noPred, a.g(34, 0, 0, rgDst), a.g(34, 0, 0, rgVec16), a.g(35, 0, 0, rgVec16))
	a.info(L, decoder.OpResinfo, 32, M1NM, chRGB, sfT2, rv(32, 0), rv(36, 0))
	f.data = xxd(a.code)
	return f, checkRaw(f, a, decoder.LayoutIGC)
}

// xxd formats b as the xxd tool does by default.
func xxd(b []byte) []byte {
	var sb strings.Builder
	for off := 0; off < len(b); off += 16 {
		line := b[off:min(off+16, len(b))]
		fmt.Fprintf(&sb, "%08x: ", off)
		hex := ""
		for i, c := range line {
			hex += fmt.Sprintf("%02x", c)
			if i%2 == 1 && i != 15 {
				hex += " "
			}
		}
		fmt.Fprintf(&sb, "%-40s ", hex)
		for _, c := range line {
			if c < 0x20 || c > 0x7e {
				c = '.'
			}
			sb.WriteByte(c)
		}
		sb.WriteByte('\n')
	}
	return []byte(sb.String())
}

// ---------------------------------------------------------------------------
// damaged.isa

// DamagedOpcode is the reserved opcode planted in damaged.isa.
const damagedOpcode = 0x3B

// damagedISA is a version 4.1 object file with two kernels. Kernel
// "intact" is whole and decodes completely. Kernel "broken" holds a mov, a
// RESINFO, then the byte 0x3B, an opcode the format reserves and IGC's
// reader rejects, followed by more valid bytes. The decoder must report
// that byte's absolute offset in kernel "broken", keep the two
// instructions before it, and still decode "intact".
func damagedISA() (file, error) {
	f := file{name: "damaged.isa"}
	v := decoder.Version{Major: 4, Minor: 1}
	o := &decoder.Object{Version: v}
	mk := func(name string, damage bool) *decoder.Body {
		k := newBody(decoder.KindKernel, name, v)
		lod := k.variable("lod", tUD, alGRF, 16)
		res := k.variable("res", tUD, alGRF, 64)
		img := k.surface("img")
		k.attr("Target", []byte{1})
		a := k.a
		a.op(0x29, ex(16, M1), noPred, a.g(lod, 0, 0, rgDst), immUD(0))
		a.info(decoder.LayoutIGC, decoder.OpResinfo, 16, M1, chRGBA, img, rv(lod, 0), rv(res, 0))
		if damage {
			a.raw([]byte{damagedOpcode})
		}
		a.info(decoder.LayoutIGC, decoder.OpSampleinfo, 8, M1NM, chRA, img, decoder.RawOperand{}, rv(res, 64))
		a.op(0x34, ex(1, M1NM), noPred)
		return k.done()
	}
	// suspect decodes cleanly but its INFO rows carry diagnostics, so n
	// and the diag filter find something on first contact.
	suspect := func() *decoder.Body {
		k := newBody(decoder.KindKernel, "suspect", v)
		lod := k.variable("lod", tUD, alGRF, 16)
		res := k.variable("res", tUD, alGRF, 64)
		img := k.surface("img")
		k.attr("Target", []byte{1})
		a := k.a
		a.op(0x29, ex(16, M1), noPred, a.g(lod, 0, 0, rgDst), immUD(0))
		a.info(decoder.LayoutIGC, decoder.OpResinfo, 16, M1, 0, img, rv(lod, 0), rv(res, 0))                  // no channel
		a.info(decoder.LayoutIGC, decoder.OpSampleinfo, 8, M1, chRA, img+9, decoder.RawOperand{}, rv(res, 0)) // no such surface
		a.info(decoder.LayoutIGC, decoder.OpResinfo, 16, M8, chRGBA, img, rv(lod, 0), rv(res, 0))             // lanes 28-43
		a.op(0x34, ex(1, M1NM), noPred)
		return k.done()
	}
	o.Kernels = append(o.Kernels, mk("intact", false), mk("broken", true), suspect())
	data, err := decoder.EncodeObject(o)
	if err != nil {
		return f, err
	}
	f.data = data
	return f, check(f, o, decoder.Options{}, true)
}

// ---------------------------------------------------------------------------
// Self-checks.

// check decodes an object sample and compares every body's instruction
// lengths with the assembler's; with damaged set, exactly the planted
// reserved opcode must be reported.
func check(f file, o *decoder.Object, opt decoder.Options, damaged bool) error {
	d := decoder.Decode(f.name, f.data, opt)
	bodies := o.Bodies()
	if len(d.Streams) != len(bodies) {
		return fmt.Errorf("decoded %d streams, built %d bodies (errors %v)", len(d.Streams), len(bodies), d.Errors)
	}
	if len(d.Warnings) > 0 {
		return fmt.Errorf("warnings: %v", d.Warnings)
	}
	for i, s := range d.Streams {
		want := bodyLens[bodies[i]]
		if damaged && s.Err != nil {
			var fe *decoder.FormatError
			if !errors.As(s.Err, &fe) || !errors.Is(s.Err, decoder.ErrUnknownOpcode) || f.data[fe.Off] != damagedOpcode {
				return fmt.Errorf("%s: unexpected error %v", s.Kernel, s.Err)
			}
			continue
		}
		if s.Err != nil {
			return fmt.Errorf("%s: %v", s.Kernel, s.Err)
		}
		if err := sameLens(s, want); err != nil {
			return fmt.Errorf("%s: %w", s.Kernel, err)
		}
		for _, in := range s.Infos() {
			// Only the suspect kernel has diagnostics, on every INFO.
			if (in.NumDiagnostics() > 0) != (s.Kernel == "suspect") {
				return fmt.Errorf("%s+0x%x: %s: diagnostics %v", s.Kernel, in.Off, in.Text(), in.Diagnostics())
			}
		}
	}
	if damaged && len(d.Errors) != 1 {
		return fmt.Errorf("want exactly one error, got %v", d.Errors)
	}
	if !damaged && len(d.Errors) > 0 {
		return fmt.Errorf("errors: %v", d.Errors)
	}
	return nil
}

// bodyLens records each body's instruction lengths as built (only looked
// up, never iterated, so it cannot disturb the output order).
var bodyLens = map[*decoder.Body][]int{}

func sameLens(s *decoder.Stream, want []int) error {
	if s.NumInsts() != len(want) {
		return fmt.Errorf("decoded %d instructions, built %d", s.NumInsts(), len(want))
	}
	for i, in := range s.Insts() {
		if int(in.Len) != want[i] {
			return fmt.Errorf("instruction %d (%s) at 0x%x: decoded %d bytes, built %d", i, in.Mnemonic(), in.Off, in.Len, want[i])
		}
	}
	return nil
}

// checkRaw decodes a raw sample with --layout auto and checks the chosen
// layout, the lengths, and that no INFO has a diagnostic.
func checkRaw(f file, a *asm, want decoder.Layout) error {
	d := decoder.Decode(f.name, f.data, decoder.Options{})
	if len(d.Errors) > 0 {
		return fmt.Errorf("errors: %v", d.Errors)
	}
	if d.Layout != want {
		return fmt.Errorf("auto chose %s, want %s (%s)", d.Layout, want, d.LayoutReason)
	}
	if !bytes.Equal(d.Data, a.code) {
		return fmt.Errorf("decoded bytes differ from the built stream")
	}
	if err := sameLens(d.Streams[0], a.lens); err != nil {
		return err
	}
	for _, in := range d.Streams[0].Infos() {
		if in.NumDiagnostics() > 0 {
			return fmt.Errorf("0x%x: %s: %v", in.Off, in.Text(), in.Diagnostics())
		}
	}
	return nil
}
