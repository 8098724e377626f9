package panels

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
)

func oracle(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "decoder", "testdata", "oracle", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func codeView(m Code) string { return ansi.Strip(m.View()) }

func keys(m Code, ks ...string) Code {
	for _, k := range ks {
		m, _ = m.Update(press(k))
	}
	return m
}

func typeLine(m Code, s string) Code {
	for _, r := range s {
		m, _ = m.Update(press(string(r)))
	}
	m, _ = m.Update(press("enter"))
	return m
}

// TestCodeBinary: the listing shows $N, the file offset and Intel's text,
// marks the selected INFO, the other INFO and the LOD source; goto refuses
// what is not in the body, with a located message.
func TestCodeBinary(t *testing.T) {
	f := decoder.Decode("info_min.isa", oracle(t, "info_min.isa"), decoder.Options{})
	m := NewCode(MonoStyles())
	m.SetSize(80, 14)
	m.Focus()
	m.SetInfo(&f.Streams[0].Infos[0])
	v := codeView(m)
	for _, want := range []string{
		"Code  info_min  $1 of 4",
		" ‹ $0  0x170  mov (M1, 8) lod(0,0)<1> 0x0:ud",
		"▸◆ $1  0x183  resinfo.RGBA (M1, 8)  T6 lod.0 res.0",
		" • $2  0x194  sampleinfo.RGBA (M1, 8)  T1 res.0",
		"Data flow of $1  block $0-$3 of 1",
		"a ‹ $0    LOD lanes 0-7",
		"b × $2    overwrites RGBA 0-7",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	for _, c := range []struct{ in, msg string }{
		{"$9", ":$9: this body has $0-$3"},
		{"0x10", ":0x10: no instruction of this body at that offset (0x170-0x1a3)"},
		{"x", ":x: expected $N or 0xOFFSET"},
	} {
		m = typeLine(keys(m, ":"), c.in)
		if m.Message() != c.msg || m.Cursor() != 1 {
			t.Errorf(":%s: message %q cursor %d, want %q", c.in, m.Message(), m.Cursor(), c.msg)
		}
	}
	m = typeLine(keys(m, ":"), "0x19a") // inside $2's bytes
	if m.Cursor() != 2 {
		t.Errorf(":0x19a: cursor %d, want 2", m.Cursor())
	}
	m = keys(m, "backspace")
	if m.Cursor() != 1 {
		t.Errorf("backspace: cursor %d, want 1", m.Cursor())
	}
	m = keys(m, "G", "k", "g")
	if m.Cursor() != 0 {
		t.Errorf("G k g: cursor %d", m.Cursor())
	}
	m = typeLine(keys(m, "/"), "nothing-like-this")
	if !strings.Contains(m.Message(), "no match in this body") {
		t.Errorf("search without match: %q", m.Message())
	}
}

// TestCodeText: a body read from vISA text lists each instruction as
// written with its line, and says data flow is not modelled for text.
func TestCodeText(t *testing.T) {
	f := visatext.Read("info_min.visaasm", oracle(t, "info_min.dis.visaasm"))
	if len(f.Errors) != 0 || len(f.Streams) != 1 || len(f.Streams[0].Infos) != 2 {
		t.Fatalf("text decode: %v", f.Errors)
	}
	m := NewCode(MonoStyles())
	m.SetSize(100, 14)
	m.Focus()
	m.SetInfo(&f.Streams[0].Infos[1])
	v := codeView(m)
	for _, want := range []string{
		"Code  info_min  $2 of 4 · vISA text",
		"mov (M1, 8) lod(0,0)<1> 0x0:ud",
		"▸◆ $2  L",
		"sampleinfo.RGBA (M1, 8)  T1 res.0",
		"not modelled: vISA text",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	m = typeLine(keys(m, ":"), "0x10")
	if m.Message() != "vISA text has no file offsets: use $N" {
		t.Errorf("offset in text: %q", m.Message())
	}
	m = typeLine(keys(m, "/"), "resinfo")
	if m.Cursor() != 1 {
		t.Errorf("search resinfo: cursor %d", m.Cursor())
	}
}
