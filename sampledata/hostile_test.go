package sampledata

import (
	"bytes"
	"testing"

	"infoscope/decoder"
)

// TestAmplifiedObject: the file is what its doc says, a valid object whose
// n function entries all reach the one body of code, so the tests that use
// it attack the sharing and not a header error.
func TestAmplifiedObject(t *testing.T) {
	code := OneByteInstructions(100)
	f := decoder.Decode("amp.isa", AmplifiedObject(3, code), decoder.Options{})
	if !f.IsObject() || len(f.Errors) > 0 {
		t.Fatalf("object %v, errors %v", f.IsObject(), f.Errors)
	}
	bodies := f.Object.Bodies()
	if len(bodies) != 3 {
		t.Fatalf("%d bodies, want 3", len(bodies))
	}
	for i, b := range bodies {
		if b.Stream == nil || b.Stream.NumInsts() != len(code) || !bytes.Equal(b.Stream.InstBytes(len(code)-1), []byte{0x59}) {
			t.Errorf("body %d: %+v", i, b.Stream)
		}
	}
}

// TestMixedStream: the same bytes on every call, whole templates only.
func TestMixedStream(t *testing.T) {
	tpl := [][]byte{{1, 2, 3}, {4}, {5, 6}}
	a, b := MixedStream(1000, tpl), MixedStream(1000, tpl)
	if !bytes.Equal(a, b) || len(a) < 1000 || len(a) > 1002 {
		t.Fatalf("len %d, equal %v", len(a), bytes.Equal(a, b))
	}
	for rest := a; len(rest) > 0; {
		switch rest[0] {
		case 1:
			rest = rest[3:]
		case 4:
			rest = rest[1:]
		case 5:
			rest = rest[2:]
		default:
			t.Fatalf("a template cut at %d", len(a)-len(rest))
		}
	}
}
