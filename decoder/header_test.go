package decoder

import (
	"encoding/binary"
	"errors"
	"slices"
	"strings"
	"testing"
)

// withTables returns the §8.5 file (version 4.1) with header tables the
// current reader refuses but every version may carry (format doc §2.6):
// variable relocations {0→2, 1→0}, then the function count and {3→3}, and
// one file-scope variable "g" (global, UW x4). The body moves accordingly.
func withTables() []byte {
	relocs := []byte{2, 0, 0, 0, 2, 0, 1, 0, 0, 0, 1, 0, 3, 0, 3, 0}
	fileVar := []byte{1, 0, 2, 1, 0, 'g', 0x02, 4, 0, 0} // count 1; linkage, name_len, name, props, elements, attrs
	d := slices.Concat(doc85[:0x17], relocs, doc85[0x1B:0x1C], fileVar, doc85[0x1E:])
	grow := uint32(len(relocs) - 4 + len(fileVar) - 2)
	binary.LittleEndian.PutUint32(d[0x0B:], 0x20+grow) // kernel offset
	binary.LittleEndian.PutUint32(d[0x13:], 0x69+grow) // input_offset
	return d
}

// Relocation tables and file-scope variables are read at version 4.1 too:
// the function count after the variable entries (it was read from the
// first entry and the file refused as "N variable, M function symbols").
func TestHeaderTablesAnyVersion(t *testing.T) {
	f := Decode("t.isa", withTables(), Options{})
	if len(f.Errors) > 0 || len(f.Warnings) > 0 {
		t.Fatalf("errors %v, warnings %v", f.Errors, f.Warnings)
	}
	o := f.Object
	k := o.Kernels[0]
	if !slices.Equal(k.VarRelocs, []Reloc{{0, 2}, {1, 0}}) || !slices.Equal(k.FuncRelocs, []Reloc{{3, 3}}) {
		t.Errorf("relocations %v / %v", k.VarRelocs, k.FuncRelocs)
	}
	if fv := o.FileVars; len(fv) != 1 || fv[0].Linkage != 2 || fv[0].Name != "g" || fv[0].Props != 2 || fv[0].NumElements != 4 || len(fv[0].Attrs) != 0 {
		t.Errorf("file-scope variables %+v", o.FileVars)
	}
	if len(f.Streams) != 1 || f.Streams[0].NumInfos() != 1 || f.Streams[0].Info(0).Text() != "resinfo.RGBA (M1, 16)  T6 lod.0 res.0" {
		t.Errorf("the body after the tables: %v", f.Streams)
	}
	// An alias of symbolic index 1 resolves through {1→0} to "g"; one of
	// symbolic index 0 resolves through {0→2}: out of range.
	v := Var{AliasScope: 1, AliasIndex: 1}
	if fv := o.FileVarFor(k, &v); fv == nil || fv.Name != "g" {
		t.Errorf("alias of symbolic 1 (→0): %v", fv)
	}
	v.AliasIndex = 0
	if fv := o.FileVarFor(k, &v); fv != nil {
		t.Errorf("alias of symbolic 0 (→2, past the table): %v", fv)
	}
	sum := strings.Join(o.Summary(), "\n")
	for _, want := range []string{"1 file-scope variable(s)", "file-scope variable 0: g, global, uw×4", "relocations: variables 2: 0→2 1→0; functions 1, each resolving to itself"} {
		if !strings.Contains(sum, want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}
	// Counts too large for the file are refused at their own byte.
	for _, c := range []struct {
		at    int
		field string
	}{{0x17, "kernel[0].num_syms_variable"}, {0x17 + 2 + 8, "kernel[0].num_syms_function"}, {0x17 + 16 + 1, "num_file_scope_variables"}} {
		d := withTables()
		binary.LittleEndian.PutUint16(d[c.at:], 0xFFFF)
		_, err := ParseObject(d, "t.isa")
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Field != c.field || fe.Off != int64(c.at) || !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s: %v", c.field, err)
		}
	}
}
