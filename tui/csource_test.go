package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"infoscope/model/workspace"
	"infoscope/sampledata"
)

// A C source holding two vISA images opens as both, each row named
// FILE:ARRAY[k]; the E view shows each image's header under its name.
func TestCSourceRows(t *testing.T) {
	img, err := sampledata.Read("kernels.isa")
	if err != nil {
		t.Fatal(err)
	}
	var src strings.Builder
	src.WriteString("// two images\n#include \"k.h\"\nconst unsigned char k_isa[] = {\n")
	for _, c := range append(append([]byte{}, img...), img...) {
		fmt.Fprintf(&src, "0x%02x,", c)
	}
	src.WriteString("\n};\n")
	m := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("k.cpp", []byte(src.String()))}, Mono: true}, 120, 40)
	one := newLoaded(Config{Sources: []workspace.Source{workspace.BytesSource("kernels.isa", img)}, Mono: true}, 120, 40)
	if m.list.rows.Len() != 2*one.list.rows.Len() || one.list.rows.Len() == 0 {
		t.Fatalf("%d rows from the source, %d from the image", m.list.rows.Len(), one.list.rows.Len())
	}
	view := ansi.Strip(m.View().Content)
	if !strings.Contains(view, "k.cpp:k_isa[0]") {
		t.Errorf("rows do not name the image:\n%s", view)
	}
	send(m, "E")
	view = ansi.Strip(m.View().Content)
	wantView(t, "E view", view, "k.cpp: "+fmt.Sprint(m.list.rows.Len())+" INFO", "  k.cpp:k_isa[1]", "    vISA 4.1: 2 kernel(s), 1 function(s)")
}
