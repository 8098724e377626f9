package sampledata

import (
	"encoding/binary"
	"math/rand/v2"
	"strconv"
)

// Hostile samples: inputs built to make a careless decoder spend memory or
// time out of proportion to their size. They are generated, not embedded,
// so that the tests of the decoder and of every front end (inspector,
// dump, SSH server) attack the same bytes; cmd/geninputs writes them as
// files to try by hand.

// AmplifiedObject returns a version 4.1 vISA object file whose n function
// entries (at most 65,535) all point at one function body holding code
// (issue 13: 1,000 entries on one 64 KiB body of one-byte instructions, an
// 80 KB file, took 863 MB while each entry's walk was kept). A decoder must
// walk the shared body once, or bound the records it keeps by the file's
// size. The body's metadata is empty: no variables, no inputs, code at
// offset 34 of the body.
func AmplifiedObject(n int, code []byte) []byte {
	le16 := binary.LittleEndian.AppendUint16
	le32 := binary.LittleEndian.AppendUint32
	const fileHeader = 4 + 2 + 2 + 2 + 2 // magic, version, kernels, file-scope variables, functions
	const entry = 1 + 2 + 4 + 4 + 2 + 2  // linkage, name length, offset, size, relocation counts
	hdrLen := fileHeader + n*entry
	// The function body: name "", no variables, addresses, predicates,
	// labels, samplers, surfaces or VMEs, the code's size, its offset from
	// the body's start (34), no inputs, no attributes.
	body := le32(nil, 1)
	body = append(body, 0)
	body = le32(le32(body, 0), 0)
	body = le16(le16(le16(body, 0), 0), 0)
	body = append(body, 0, 0, 0)
	body = le32(le32(body, uint32(len(code))), 34)
	body = le16(append(body, 0, 0), 0)
	body = append(body, code...)
	data := make([]byte, 0, hdrLen+len(body))
	data = le16(le16(le16(append(append(data, "CISA"...), 4, 1), 0), 0), uint16(n))
	for range n {
		data = le16(le16(le32(le32(le16(append(data, 0), 0), uint32(hdrLen)), uint32(len(body))), 0), 0)
	}
	return append(data, body...)
}

// OneByteInstructions returns n bytes of barrier instructions (opcode
// 0x59, one byte each): the densest raw stream there is, the most records
// per input byte (`ssh HOST dump -` of 64 MiB of it).
func OneByteInstructions(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = 0x59
	}
	return b
}

// MixedStream concatenates instructions chosen from templates (each the
// encoded bytes of one instruction) by a fixed-seed generator until the
// stream holds at least n bytes: the same bytes on every run, a mix no
// branch predictor learns.
func MixedStream(n int, templates [][]byte) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]byte, 0, n+256)
	for len(buf) < n {
		buf = append(buf, templates[r.IntN(len(templates))]...)
	}
	return buf
}

// ManyCArrays returns a C source of n small byte arrays, one a line, each
// of three elements (issue 23: 300,000 of them, 14 MB, took a minute and
// 2.3 GB while each array reserved a megabyte and counted its line from
// the start of the file). None holds an image.
func ManyCArrays(n int) []byte {
	b := make([]byte, 0, n*48)
	for i := range n {
		b = append(b, "static const unsigned char a"...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, "[] = {0x01, 0x02, 0x03};\n"...)
	}
	return b
}

// RepeatedMagicCArray returns a C source of one byte array holding the
// "CISA" magic n times over, 20 source bytes each (issue 23: a million of
// them, 20 MB, were a million candidate images, 1.28 GB and a million
// error lines).
func RepeatedMagicCArray(n int) []byte {
	const head, magic, tail = "const unsigned char cisa[] = {\n", "0x43,0x49,0x53,0x41,", "};\n"
	b := make([]byte, 0, len(head)+n*(len(magic)+1)+len(tail))
	b = append(b, head...)
	for i := range n {
		b = append(b, magic...)
		if i%4 == 3 {
			b = append(b, '\n')
		}
	}
	return append(b, tail...)
}
