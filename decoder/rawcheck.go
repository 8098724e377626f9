package decoder

import "fmt"

// A raw instruction stream has no magic: any bytes can be read as one,
// and most binary files walk a few "instructions" before they stop. So a
// binary input is taken for a raw vISA stream only when it reads as one
// (plausibleStream), unless the user says it is one (--raw, --offset,
// --layout, or hex text); otherwise it is refused as not vISA, named for
// what its magic says it is when that is known.

// binaryKinds are the magic numbers of common binary files that are not
// vISA, and what to call them.
var binaryKinds = []struct {
	at    int
	magic string
	name  string
}{
	{0, "\x89PNG\r\n\x1a\n", "a PNG image"},
	{0, "\xff\xd8\xff", "a JPEG image"},
	{0, "GIF87a", "a GIF image"},
	{0, "GIF89a", "a GIF image"},
	{0, "\x1f\x8b", "gzip-compressed data (decompress it first)"},
	{0, "BZh", "bzip2-compressed data (decompress it first)"},
	{0, "\xfd7zXZ\x00", "xz-compressed data (decompress it first)"},
	{0, "\x28\xb5\x2f\xfd", "zstd-compressed data (decompress it first)"},
	{0, "PK\x03\x04", "a ZIP archive (a .zip, .jar or office document)"},
	{0, "7z\xbc\xaf\x27\x1c", "a 7-Zip archive"},
	{257, "ustar", "a tar archive"},
	{0, "%PDF-", "a PDF document"},
	{0, "SQLite format 3\x00", "an SQLite database"},
	{0, "\x00asm", "a WebAssembly module"},
	{0, "\xcf\xfa\xed\xfe", "a Mach-O executable"},
	{0, "\xce\xfa\xed\xfe", "a Mach-O executable"},
	{0, "\xca\xfe\xba\xbe", "a Mach-O universal binary or a Java class file"},
	{0, "MZ", "a Windows executable or DLL (PE)"},
	{0, "!<arch>\n", "an ar archive (a static library or .deb)"},
	{0, "RIFF", "a RIFF file (WAV, AVI or WebP)"},
	{0, "OggS", "an Ogg media file"},
	{0, "ID3", "an MP3 file"},
	{0, "BC\xc0\xde", "LLVM bitcode"},
	{0, "\x03\x02\x23\x07", "a SPIR-V module"},
	{0, "\x07\x23\x02\x03", "a SPIR-V module"},
}

// binaryKind returns what data's magic number says it is, or "".
func binaryKind(data []byte) string {
	for _, k := range binaryKinds {
		if len(data) >= k.at+len(k.magic) && string(data[k.at:k.at+len(k.magic)]) == k.magic {
			return k.name
		}
	}
	return ""
}

// commonOps marks the opcodes real kernels are mostly made of: ALU and
// moves, compares, control flow, sends and memory messages, sampling,
// INFO, DPAS and LSC. Junk read as instructions spreads over all of the
// opcode space, most of it rare (VME, VA, media, legacy 3D-only ops,
// reserved codes).
var commonOps = func() (m [256]bool) {
	for _, r := range [][2]int{
		{0x01, 0x01}, {0x03, 0x03}, {0x08, 0x09}, {0x0B, 0x0C}, {0x0D, 0x0D}, {0x0F, 0x15}, {0x17, 0x1B}, {0x1D, 0x1D},
		{0x20, 0x2C}, {0x30, 0x36}, {0x39, 0x3B}, {0x40, 0x42}, {0x45, 0x4A}, {0x50, 0x52}, {0x59, 0x59},
		{0x5B, 0x5D}, {0x60, 0x60}, {0x67, 0x68}, {0x6C, 0x6E}, {0x70, 0x71}, {0x73, 0x7D}, {0x80, 0x85},
		{0x89, 0x8B}, {0x91, 0x91},
	} {
		for op := r[0]; op <= r[1]; op++ {
			m[op] = true
		}
	}
	return m
}()

// minDamagedRun is how many instructions a stream that stops with an error
// must walk before it to count as a damaged vISA stream rather than junk.
const minDamagedRun = 16

// mixSample is how many instructions, from the start, the opcode mix is
// counted over: a prefix tells junk from code as well as the whole does,
// and a large stream is then not walked a second time before its decode.
const mixSample = 1 << 16

// plausibleStream reports whether s, walked from a binary input without
// magic, reads as vISA: it walks to its end, or at least minDamagedRun
// instructions before an error, and at least half of what it walks (of
// its first mixSample instructions) are common opcodes. It returns a
// short account of the walk for the error otherwise.
func plausibleStream(s *Stream) (bool, string) {
	n := s.NumInsts()
	seen, common := 0, 0
	for _, in := range s.Insts() {
		if seen == mixSample {
			break
		}
		seen++
		if commonOps[in.Op] {
			common++
		}
	}
	mix := seen > 0 && 2*common >= seen
	of := ""
	if seen < n {
		of = fmt.Sprintf(" of the first %d", seen)
	}
	if s.Err != nil {
		at := s.Base + int64(streamEnd(s))
		return n >= minDamagedRun && mix, fmt.Sprintf("read as vISA: %d instruction(s), %d%s of common opcodes, then no instruction at byte 0x%x", n, common, of, at)
	}
	return mix, fmt.Sprintf("read as vISA: %d instruction(s) to its end, only %d%s of common opcodes", n, common, of)
}
