package decoder

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"infoscope/sampledata"
	"infoscope/sampledata/testkit"
)

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// readDecode reads with ReadInput and decodes, measuring the bytes read
// and allocated.
func readDecode(t *testing.T, name string, r io.Reader, size int64, o Options) (f *File, read int64, alloc uint64, err error) {
	t.Helper()
	cr := &countingReader{r: r}
	alloc = allocs(func() {
		var data []byte
		if data, err = ReadInput(name, cr, size, o); err == nil {
			f = Decode(name, data, o)
		}
	})
	return f, cr.n, alloc, err
}

// TestReadZeros: /dev/zero (and an endless stream of zeros on stdin) fails
// at byte 0 after its first 64 KiB are read; it used to be read until
// memory ran out.
func TestReadZeros(t *testing.T) {
	Decode("warm", make([]byte, 300), Options{})
	readers := map[string]func() (io.Reader, func()){
		"endless zeros": func() (io.Reader, func()) { return zeros{}, func() {} },
	}
	if z, err := os.Open("/dev/zero"); err == nil {
		z.Close()
		readers["/dev/zero"] = func() (io.Reader, func()) {
			z, _ := os.Open("/dev/zero")
			return z, func() { z.Close() }
		}
	}
	for name, open := range readers {
		for _, o := range []Options{{}, {Layout: LayoutSeed}, {Hex: HexOff, MaxInput: 1 << 40}} {
			r, done := open()
			f, read, alloc, err := readDecode(t, name, r, -1, o)
			done()
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			t.Logf("%s %+v: %d bytes read, %d allocated: %v", name, o, read, alloc, f.Errors)
			if read > sniffSize || alloc > 2<<20 {
				t.Errorf("%s: %d bytes read, %d allocated", name, read, alloc)
			}
			var fe *FormatError
			if len(f.Errors) != 1 || !errors.As(f.Errors[0], &fe) || fe.Off != 0 || !errors.Is(fe, ErrUnknownOpcode) {
				t.Errorf("%s: want one error at byte 0, got %v", name, f.Errors)
			}
		}
	}
}

// TestReadSparse: a 2 GiB sparse file is refused from its size before a
// byte is read; with a limit above its size, it fails at byte 0 after
// 64 KiB (it took 2 GB and 7 s).
func TestReadSparse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sparse.bin")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 2<<30); err != nil {
		t.Skip("no sparse files here:", err)
	}
	for _, o := range []Options{{}, {MaxInput: 4 << 30}} {
		fh, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		f, read, alloc, err := readDecode(t, path, fh, 2<<30, o)
		fh.Close()
		t.Logf("limit %d: %d bytes read, %d allocated, %v", o.MaxInput, read, alloc, err)
		if read > sniffSize || alloc > 2<<20 {
			t.Errorf("limit %d: %d bytes read, %d allocated", o.MaxInput, read, alloc)
		}
		if o.MaxInput == 0 {
			var fe *FormatError
			if !errors.As(err, &fe) || !errors.Is(err, ErrBudget) || fe.Off != DefaultMaxInput || !strings.Contains(err.Error(), "64 MiB") {
				t.Errorf("default limit: %v", err)
			}
			continue
		}
		if err != nil || len(f.Errors) != 1 || !errors.Is(f.Errors[0], ErrUnknownOpcode) {
			t.Errorf("limit 4 GiB: %v %v", err, f)
		}
	}
}

// TestReadFIFO: a FIFO is read as a stream: zeros written into it fail at
// byte 0 without being read to their end.
func TestReadFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	testkit.ZeroFIFO(t, path)
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	f, read, alloc, err := readDecode(t, path, fh, -1, Options{})
	fh.Close()
	if err != nil || read > sniffSize || alloc > 2<<20 || len(f.Errors) != 1 || !errors.Is(f.Errors[0], ErrUnknownOpcode) {
		t.Errorf("FIFO: %d bytes read, %d allocated, %v %v", read, alloc, err, f)
	}
}

// TestReadLimit: a stream longer than the limit is refused once it passes
// it; one within it is read whole, and decodes as Decode of its bytes.
func TestReadLimit(t *testing.T) {
	code := bytes.Repeat([]byte{0x59}, 300<<10)
	cr := &countingReader{r: bytes.NewReader(code)}
	_, err := ReadInput("ys", cr, -1, Options{MaxInput: 200 << 10})
	if !errors.Is(err, ErrBudget) || cr.n > 200<<10+1 {
		t.Errorf("over the limit: %v after %d bytes", err, cr.n)
	}
	for _, size := range []int64{-1, int64(len(code))} {
		data, err := ReadInput("ys", bytes.NewReader(code), size, Options{})
		if err != nil || !bytes.Equal(data, code) {
			t.Errorf("size %d: %d bytes, %v", size, len(data), err)
		}
	}
	// Hex text with a bad token on its first line fails there.
	text := append([]byte("70 zz\n"), bytes.Repeat([]byte("59 "), 100<<10)...)
	cr = &countingReader{r: bytes.NewReader(text)}
	data, err := ReadInput("t.hex", cr, -1, Options{Hex: HexOn})
	if err != nil || cr.n > sniffSize {
		t.Fatalf("bad hex: %v after %d bytes", err, cr.n)
	}
	if f := Decode("t.hex", data, Options{Hex: HexOn}); len(f.Errors) != 1 || !strings.Contains(f.Errors[0].Error(), "line 1 column 4") {
		t.Errorf("bad hex: %v", f.Errors)
	}
}

// TestReadAmplified: the amplification file read and decoded stays within
// the per-byte allocation bound.
func TestReadAmplified(t *testing.T) {
	code := bytes.Repeat([]byte{0x59}, 64<<10)
	data := sampledata.AmplifiedObject(1000, code)
	Decode("warm", data[:100], Options{})
	f, read, alloc, err := readDecode(t, "amp.isa", bytes.NewReader(data), int64(len(data)), Options{})
	if err != nil || read != int64(len(data)) || alloc > maxAllocPerByte*uint64(len(data)) || len(f.Errors) != 1 {
		t.Errorf("amplified: %v, %d read, %d allocated, %v", err, read, alloc, f.Errors)
	}
}

// summary is what a user sees of a decode: its errors, layout, and the
// instructions of each stream.
func summary(f *File) string {
	var b strings.Builder
	fmt.Fprintf(&b, "hex %v layout %s (%s)\n", f.Hex, f.Layout, f.LayoutReason)
	for _, e := range f.Errors {
		fmt.Fprintln(&b, e)
	}
	for _, s := range f.Streams {
		fmt.Fprintf(&b, "%s: %d instructions, %d INFO\n", s.Kernel, s.NumInsts(), s.NumInfos())
	}
	return b.String()
}

// TestReadInputDecodesAsWhole: whatever ReadInput returns (the whole input,
// or only its first 64 KiB when they already fail) decodes to what the
// whole input does. Inputs: each sample repeated past 80 KiB, damaged at
// a byte inside or past the first 64 KiB.
func TestReadInputDecodesAsWhole(t *testing.T) {
	early := 0
	inputs := sampleFiles(t)
	// Native Gen code (16-byte instructions with Gen opcodes), an ELF
	// file, and C source.
	gen := make([]byte, 16)
	gen[0], gen[4] = 0x01, 0x22
	inputs["gen.isa"] = gen
	inputs["zebin.bin"] = append([]byte("\x7fELF\x02\x01\x01"), make([]byte, 57)...)
	inputs["kernel.c"] = []byte("const unsigned char k[] = { 0x59, 0x59 };\n")
	for name, file := range inputs {
		whole := bytes.Repeat(file, 80<<10/len(file)+1)
		for _, at := range []int{-1, 0, 17, 64<<10 - 1, 70 << 10} {
			for _, bad := range []byte{0x00, 'Z'} {
				data := bytes.Clone(whole)
				if at >= 0 {
					data[at] = bad
				}
				for _, o := range []Options{{}, {Layout: LayoutSeed}, {Hex: HexOn}, {Offset: 3}} {
					got, err := ReadInput(name, bytes.NewReader(data), -1, o)
					if err != nil {
						t.Fatalf("%s at %d: %v", name, at, err)
					}
					if len(got) < len(data) {
						early++
					}
					want, have := summary(Decode(name, data, o)), summary(Decode(name, got, o))
					if want != have {
						t.Errorf("%s, 0x%02x at %d, %+v: read %d of %d bytes:\n%s\nwhole:\n%s", name, bad, at, o, len(got), len(data), have, want)
					}
				}
			}
		}
	}
	if early == 0 {
		t.Error("no input failed early")
	}
	t.Logf("%d reads stopped early", early)
}

// failing fails its reads once at bytes have been read.
type failing struct {
	r  io.Reader
	at int64
	n  int64
}

var errDisk = errors.New("input/output error")

func (f *failing) Read(p []byte) (int, error) {
	if f.n+int64(len(p)) > f.at {
		return 0, errDisk
	}
	n, err := f.r.Read(p)
	f.n += int64(n)
	return n, err
}

// TestReadShrankOrFailed: a file that shrank after its size was taken
// ends where its bytes do; a failed read is the error.
func TestReadShrankOrFailed(t *testing.T) {
	data := make([]byte, 0, 300_000)
	for i := 0; len(data) < cap(data)-4; i++ {
		data = append(data, "0123456789abcdef"[byte(i)>>4], "0123456789abcdef"[byte(i)&15], ' ')
	}
	for _, eof := range []int{100, sniffSize + 1, 200_000, len(data) - 1} {
		got, err := ReadInput("t.hex", bytes.NewReader(data[:eof]), int64(len(data)), Options{Hex: HexOn})
		if err != nil || !bytes.Equal(got, data[:eof]) {
			t.Errorf("end at %d: %d bytes, %v", eof, len(got), err)
		}
	}
	if _, err := ReadInput("t.hex", &failing{r: bytes.NewReader(data), at: 200_000}, int64(len(data)), Options{Hex: HexOn}); !errors.Is(err, errDisk) {
		t.Errorf("failing: %v", err)
	}
}

// TestReadLargeFile: a large regular file comes back whole, and so does
// one that grew after its size was taken.
func TestReadLargeFile(t *testing.T) {
	// Hex text, so that it is read whole, of bytes that differ from
	// place to place, so that a byte put in the wrong place shows.
	data := make([]byte, 0, 12<<20+12345)
	for i := 0; len(data) < cap(data)-4; i++ {
		v := byte(i ^ i>>9)
		data = append(data, "0123456789abcdef"[v>>4], "0123456789abcdef"[v&15])
		if i%32 == 31 {
			data = append(data, '\n')
		} else {
			data = append(data, ' ')
		}
	}
	path := filepath.Join(t.TempDir(), "large.bin")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	for _, size := range []int64{int64(len(data)), int64(len(data)) - 4<<20} {
		if _, err := fh.Seek(0, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		got, err := ReadInput(path, fh, size, Options{MaxInput: 1 << 30, Hex: HexOn})
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("size %d: %d bytes of %d, %v", size, len(got), len(data), err)
		}
	}
}

// TestReadTextWhole: text that is not vISA (IGC's Gen assembly, read
// beside its .visaasm or alone) is read to its end, not cut after the
// first 64 KiB that already fail as vISA; a multi-byte character split by
// the cut changes nothing.
func TestReadTextWhole(t *testing.T) {
	line := "         mov (16|M0)              r10.0<1>:ud   0x0:ud              //  ALU pipe: int; $0 ✓\n"
	text := []byte("//.kernel k\n//.platform DG2\n" + strings.Repeat(line, 3*sniffSize/len(line)))
	for _, cut := range []int{0, 1, 2} {
		// Shift the text so that the 64 KiB cut falls inside "✓" too.
		data := append(bytes.Repeat([]byte("/"), cut), text...)
		for _, size := range []int64{-1, int64(len(data))} {
			got, err := ReadInput("k.asm", bytes.NewReader(data), size, Options{})
			if err != nil || len(got) != len(data) {
				t.Errorf("shift %d, size %d: %d of %d bytes read, %v", cut, size, len(got), len(data), err)
			}
		}
	}
}
