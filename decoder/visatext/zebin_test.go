package visatext_test

import (
	"bytes"
	"encoding/binary"
	"path/filepath"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
	"infoscope/sampledata/testkit"
)

// zebinELF builds a minimal 64-bit relocatable ELF with the given sections
// (name, type, contents), as IGC's zebin writer lays them out.
// shtZebinVisaasm is the section type zebin gives vISA text (SHT_ZEBIN_VISAASM).
const shtZebinVisaasm = 0xff000013

func zebinELF(secs []struct {
	name string
	typ  uint32
	data []byte
}) []byte {
	shstr := []byte{0}
	nameOff := make([]int, len(secs)+1)
	for i, s := range secs {
		nameOff[i] = len(shstr)
		shstr = append(append(shstr, s.name...), 0)
	}
	nameOff[len(secs)] = len(shstr)
	shstr = append(append(shstr, ".shstrtab"...), 0)

	var body bytes.Buffer
	body.Write(make([]byte, 64)) // the ELF header, written last
	offs := make([]int, len(secs))
	for i, s := range secs {
		offs[i] = body.Len()
		body.Write(s.data)
	}
	strOff := body.Len()
	body.Write(shstr)
	for body.Len()%8 != 0 {
		body.WriteByte(0)
	}
	shoff := body.Len()
	le := binary.LittleEndian
	sh := func(name, typ uint32, off, size uint64) {
		var b [64]byte
		le.PutUint32(b[0:], name)
		le.PutUint32(b[4:], typ)
		le.PutUint64(b[24:], off)
		le.PutUint64(b[32:], size)
		le.PutUint64(b[48:], 1)
		body.Write(b[:])
	}
	body.Write(make([]byte, 64)) // section 0
	for i, s := range secs {
		sh(uint32(nameOff[i]), s.typ, uint64(offs[i]), uint64(len(s.data)))
	}
	sh(uint32(nameOff[len(secs)]), 3, uint64(strOff), uint64(len(shstr)))
	out := body.Bytes()
	copy(out, "\x7fELF\x02\x01\x01")
	le.PutUint16(out[16:], 1)    // ET_REL
	le.PutUint16(out[18:], 0xCD) // EM_INTELGT
	le.PutUint32(out[20:], 1)    // EV_CURRENT
	le.PutUint64(out[40:], uint64(shoff))
	le.PutUint16(out[52:], 64) // ehsize
	le.PutUint16(out[58:], 64) // shentsize
	le.PutUint16(out[60:], uint16(len(secs)+2))
	le.PutUint16(out[62:], uint16(len(secs)+1))
	return out
}

// A zebin ELF with .visaasm sections opens them: one body each, the INFO
// of the oracle's kernel equal to its binary's.
func TestZebinSections(t *testing.T) {
	dis := testkit.ReadFile(t, filepath.Join(oracleDir, "info_min.dis.visaasm"))
	dump := testkit.ReadFile(t, "testdata/dumps/intel__sycl-tla__OCL_asm02a05bd857049a6b_simd32_entry_0013.visaasm")
	elfData := zebinELF([]struct {
		name string
		typ  uint32
		data []byte
	}{
		{".text.info_min", 1, []byte{0x61, 0, 0, 0}},
		{".visaasm.info_min", shtZebinVisaasm, dis},
		{".visaasm.Intel_Symbol_Table_Void_Program", shtZebinVisaasm, dump},
	})
	if !decoder.IsText(elfData) {
		t.Fatal("zebin with .visaasm sections not detected")
	}
	f := visatext.Decode("k.zebin", elfData, decoder.Options{})
	if len(f.Errors) > 0 {
		t.Fatal(f.Errors)
	}
	if len(f.Streams) != 2 || f.Streams[0].Kernel != "info_min" || f.Streams[1].Kernel != "Intel_Symbol_Table_Void_Program" {
		t.Fatalf("%d streams", len(f.Streams))
	}
	isa := testkit.ReadFile(t, filepath.Join(oracleDir, "info_min.isa"))
	bin := decoder.Decode("info_min.isa", isa, decoder.Options{})
	if g, w := infoRecords(t, f.Name, elfData, f)["info_min"], infoRecords(t, bin.Name, isa, bin)["info_min"]; strings.Join(g, "\n") != strings.Join(w, "\n") {
		t.Errorf("zebin section INFO:\n%s\nbinary:\n%s", strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
	// A zebin over the 64 KiB the input reader decides by (its section
	// table at the end) is read whole and opens its sections.
	big := zebinELF([]struct {
		name string
		typ  uint32
		data []byte
	}{
		{".text.info_min", 1, make([]byte, 100<<10)},
		{".visaasm.info_min", shtZebinVisaasm, dis},
	})
	data, err := decoder.ReadInput("big.zebin", bytes.NewReader(big), -1, decoder.Options{})
	if err != nil || len(data) != len(big) {
		t.Fatalf("read %d of %d bytes: %v", len(data), len(big), err)
	}
	if f := visatext.Decode("big.zebin", data, decoder.Options{}); len(f.Errors) > 0 || f.NumInfos() != 2 {
		t.Errorf("big zebin: %d INFO, %v", f.NumInfos(), f.Errors)
	}
	// An error inside a section names it.
	bad := zebinELF([]struct {
		name string
		typ  uint32
		data []byte
	}{{".visaasm.k", shtZebinVisaasm, []byte(".version 4.1\n.kernel \"k\"\n    resinfo.Q (M1, 8) T1 %r0.0 %r0.0\n    ret (M1, 1)\n")}})
	f = visatext.Decode("k.zebin", bad, decoder.Options{})
	if len(f.Errors) != 1 || !strings.HasPrefix(f.Errors[0].Error(), "k.zebin(.visaasm.k):3:13: expected a channel suffix") {
		t.Errorf("errors %v", f.Errors)
	}
	// An ELF without them is not text.
	if decoder.IsText(zebinELF(nil)) {
		t.Error("an ELF with no .visaasm section was taken for text")
	}
}
