package flow

import (
	"bytes"
	"encoding/hex"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/sampledata/testkit"
)

var writeSample = flag.Bool("write-sample", false, "rewrite testdata/dataflow.isa")

// dataflowSample builds testdata/dataflow.isa: the oracle info_min.isa
// with its kernel renamed "dataflow", two more variables (acc, and resG,
// an alias of res at byte 32), a predicate and a label, and this code:
//
//	$0 mov (M1, 8) lod(0,0)<1> 0x0:ud
//	$1 (P1) jmp (M1, 8) skip
//	$2 mov (M1, 8) lod(0,0)<1> 0x3:ud
//	$3 skip:
//	$4 resinfo.RGBA (M1, 8)  T6 lod.0 res.0
//	$5 add (M1, 8) acc(0,0)<1> resG(0,0)<1;1,0> 0x1:ud    reads G through the alias
//	$6 mov (M1, 8) acc(0,0)<1> res(0,0)<1;1,0>            reads R
//	$7 mov (M1, 8) res(0,0)<1> 0x0:ud                     overwrites R
//	$8 ret (M1, 1)
//
// The instruction bytes are written by hand from the format doc's
// operand encodings.
func dataflowSample(t *testing.T) []byte {
	t.Helper()
	data := testkit.ReadFile(t, filepath.Join("..", "..", "decoder", "testdata", "oracle", "info_min.isa"))
	o, err := decoder.ParseObject(data, "info_min.isa")
	if err != nil {
		t.Fatal(err)
	}
	k := o.Kernels[0]
	k.GenBinaries = nil
	k.Name = "dataflow"
	k.Strings[k.NameIndex] = "dataflow"
	ns := func(s string) uint32 { k.Strings = append(k.Strings, s); return uint32(len(k.Strings) - 1) }
	k.Vars = append(k.Vars,
		decoder.Var{NameIndex: ns("acc"), Name: "acc", Props: k.Vars[0].Props, NumElements: 16},
		decoder.Var{NameIndex: ns("resG"), Name: "resG", Props: k.Vars[0].Props, NumElements: 8, AliasIndex: 33, AliasOffset: 32},
	)
	k.Preds = append(k.Preds, decoder.Decl{NameIndex: ns("P1"), Name: "P1", NumElements: 8})
	k.Labels = append(k.Labels, decoder.Label{NameIndex: ns("skip"), Name: "skip"})
	code := `
		29 03 0000 00 20000000 00 00 0002 05 00 00000000
		32 03 0100 0000
		29 03 0000 00 20000000 00 00 0002 05 00 03000000
		31 0000
		70 0a 03 0f 06 20000000 0000 21000000 0000
		01 03 0000 00 22000000 00 00 0002 00 23000000 00 00 2201 05 00 01000000
		29 03 0000 00 22000000 00 00 0002 00 21000000 00 00 2201
		29 03 0000 00 21000000 00 00 0002 05 00 00000000
		34 00 0000`
	if k.Code, err = hex.DecodeString(strings.Join(strings.Fields(code), "")); err != nil {
		t.Fatal(err)
	}
	out, err := decoder.EncodeObject(o)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestDataflowSample: the committed sample is what dataflowSample builds,
// and its INFO's data flow is the one the sample was made to show.
func TestDataflowSample(t *testing.T) {
	want := dataflowSample(t)
	path := filepath.Join("..", "testdata", "dataflow.isa")
	if *writeSample {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s differs from dataflowSample (go test -run TestDataflowSample -write-sample rewrites it): %v", path, err)
	}
	f := decoder.Decode("dataflow.isa", got, decoder.Options{})
	if len(f.Errors) != 0 || len(f.Streams) != 1 || f.Streams[0].NumInfos() != 1 {
		t.Fatalf("decode: %v", f.Errors)
	}
	fl := NewStream(f.Streams[0], 32).Info(0)
	wantS := []Source{{Inst: 2, Start: 0, End: 32, Lanes: "0-7", SomePaths: true}, {Inst: 0, Start: 0, End: 32, Lanes: "0-7", SomePaths: true}}
	wantR := []Reader{{5, []ChannelLanes{{"G", "0-7"}}}, {6, []ChannelLanes{{"R", "0-7"}}}}
	wantO := []Overwrite{{"R", 7, "0-7"}}
	if !reflect.DeepEqual(fl.Sources, wantS) || !reflect.DeepEqual(fl.Readers, wantR) || !reflect.DeepEqual(fl.Overwrites, wantO) {
		t.Errorf("sources %+v\nreaders %+v\noverwrites %+v", fl.Sources, fl.Readers, fl.Overwrites)
	}
	if fl.Outside != "" || fl.Blocks != 3 || fl.Block != [2]int{3, 8} {
		t.Errorf("outside %q, blocks %d, block %v", fl.Outside, fl.Blocks, fl.Block)
	}
}
