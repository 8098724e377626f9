package decoder

import (
	"errors"
	"slices"
	"testing"
)

// TestTruncatedEntryNamed cuts an object at every length and requires
// the fields of each table's entries to be named table[i].field, with the
// entry's own index, in the errors (the reader names them only when it
// reports one: cursor.at). Entries of a fixed size are caught by their
// table's count before they are read; those with an attribute whose value
// is longer than the smallest entry are cut inside it.
func TestTruncatedEntryNamed(t *testing.T) {
	long := []Attr{{NameIndex: 1, Value: make([]byte, 40)}}
	k := &Body{
		Kind: KindKernel, Name: "k",
		Strings:  []string{"k", "a", "b"},
		Vars:     []Var{{NameIndex: 1, NumElements: 1}, {NameIndex: 2, NumElements: 2, Attrs: long}},
		Addrs:    []Decl{{NameIndex: 1, NumElements: 1, Attrs: long}},
		Preds:    []Decl{{NameIndex: 1, NumElements: 1, Attrs: long}},
		Labels:   []Label{{NameIndex: 1}, {NameIndex: 2, Kind: 1, Attrs: long}},
		Samplers: []Decl{{NameIndex: 1, NumElements: 1, Attrs: long}},
		Surfaces: []Decl{{NameIndex: 1, NumElements: 1}, {NameIndex: 2, NumElements: 1, Attrs: long}},
		Inputs:   []Input{{Kind: 2, ID: 6, Offset: 32, Size: 4}},
	}
	data, err := EncodeObject(&Object{Version: Version{4, 1}, Kernels: []*Body{k}})
	if err != nil {
		t.Fatal(err)
	}
	var fields []string
	for l := 1; l < len(data); l++ {
		for _, e := range Decode("t.isa", data[:l:l], Options{}).Errors {
			var fe *FormatError
			if errors.As(e, &fe) && !slices.Contains(fields, fe.Field) {
				fields = append(fields, fe.Field)
			}
		}
	}
	for _, want := range []string{
		"string[1]", "string[2]", "name_index", "var[1].attr", "var[1].attr.value",
		"address[0].attr.value", "predicate[0].attr.value", "label[1].attr.value",
		"sampler[0].attr.value", "surface[1].attr.value", "size",
	} {
		if !slices.Contains(fields, want) {
			t.Errorf("no prefix reports field %q; the fields reported: %q", want, fields)
		}
	}
}
