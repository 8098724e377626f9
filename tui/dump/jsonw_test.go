package dump

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
	"infoscope/model"
	"infoscope/model/flow"
	"infoscope/model/index"
	"infoscope/sampledata"
	"infoscope/sampledata/benchcpu"
)

// referenceJSON writes f's records through Record and encoding/json, as
// dump --json did before its records were written directly: the
// reference the direct writer must equal byte for byte.
func referenceJSON(t *testing.T, f *decoder.File, o Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, p := range f.Each() {
		for _, s := range p.Streams {
			var sf *flow.Stream
			if o.All && s.NumInfos() > 0 {
				sf = flow.NewStream(s, 32)
			}
			next := 0
			for i := range s.NumInsts() {
				var in *decoder.Info
				if next < s.NumInfos() && s.InfoInst(next) == i {
					in = s.Info(next)
					next++
				}
				if in == nil && !o.All || in != nil && !o.Filter.Match(p, s, in) {
					continue
				}
				r := NewRecord(p, s, i, in, o)
				if sf != nil && in != nil {
					r.setFlow(sf.Info(next - 1))
				}
				if err := enc.Encode(r); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return buf.Bytes()
}

// jsonInputs are inputs of every kind the direct writer must get right:
// Intel's binaries and their text, the shipped media kernels, the samples
// (damaged ones with diagnostics, both layouts, hex), a C source.
func jsonInputs(t *testing.T) map[string][]byte {
	t.Helper()
	in := map[string][]byte{}
	globs := []string{oracleDir + "/*.isa", oracleDir + "/*.visaasm", "../../decoder/visatext/testdata/*.visaasm", "../../decoder/visatext/testdata/dumps/*.visaasm"}
	for _, g := range globs {
		files, _ := filepath.Glob(g)
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			in[name] = data
		}
	}
	for _, n := range []string{"9be93e2638bd.isa", "0dd959d4796b.isa"} {
		in[n] = realFile(t, n)
	}
	for _, n := range sampledata.Names() {
		data, err := sampledata.Read(n)
		if err != nil {
			t.Fatal(err)
		}
		in[n] = data
	}
	if len(in) < 40 {
		t.Fatalf("only %d inputs", len(in))
	}
	return in
}

// TestJSONWriterMatchesRecord: dump --json writes, for every record of
// every input, with and without --all, in both syntaxes and with
// simulated lanes, exactly the bytes encoding/json wrote for its Record.
func TestJSONWriterMatchesRecord(t *testing.T) {
	surfaces := model.NewSurfaceFile()
	surfaces.DispatchMask = 0x00ff00f0
	surfaces.LOD = []uint32{1, 2, 3}
	flt, err := index.ParseFilter("op:resinfo")
	if err != nil {
		t.Fatal(err)
	}
	variants := map[string]Options{
		"filter":   {Syntax: "igc", JSON: true, All: true, Filter: flt},
		"default":  {Syntax: "igc", JSON: true},
		"all":      {Syntax: "igc", JSON: true, All: true},
		"seed":     {Syntax: "seed", JSON: true},
		"surfaces": {Syntax: "igc", JSON: true, Surfaces: surfaces, Rules: model.RulesHW},
	}
	records := 0
	inputs := jsonInputs(t)
	// A raw stream of every kind of instruction (a subroutine's text
	// holds quotes), small enough for --all's data flow.
	inputs["mixed.bin"] = sampledata.MixedStream(16<<10, instTemplates(t))
	for name, data := range inputs {
		f := visatext.Decode(name, data, decoder.Options{})
		for vn, o := range variants {
			want := referenceJSON(t, f, o)
			var got bytes.Buffer
			if _, err := Write(&got, f, o); err != nil {
				t.Fatal(err)
			}
			records += bytes.Count(want, []byte("\n"))
			if !bytes.Equal(got.Bytes(), want) {
				g, w := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
				for k := range min(len(g), len(w)) {
					if g[k] != w[k] {
						t.Errorf("%s %s: record %d differs:\n got %s\nwant %s", name, vn, k, g[k], w[k])
						break
					}
				}
				if len(g) != len(w) {
					t.Errorf("%s %s: %d lines, want %d", name, vn, len(g), len(w))
				}
			}
		}
	}
	t.Logf("%d records compared", records)
}

// TestJSONWriterNames: names that need escaping (quotes, control
// characters, invalid UTF-8, U+2028) come out as encoding/json writes them.
func TestJSONWriterNames(t *testing.T) {
	data, err := sampledata.Read("kernels.isa")
	if err != nil {
		t.Fatal(err)
	}
	name := "a\"b\\c\n\t\x01\x7f<&>é\xff\xfe\u2028\u2029💡.isa"
	f := visatext.Decode(name, data, decoder.Options{})
	o := Options{Syntax: "igc", JSON: true, All: true}
	var got bytes.Buffer
	if _, err := Write(&got, f, o); err != nil {
		t.Fatal(err)
	}
	if want := referenceJSON(t, f, o); !bytes.Equal(got.Bytes(), want) {
		t.Errorf("got  %.300s\nwant %.300s", got.Bytes(), want)
	}
}

// TestJSONWriterFileNames: names from an object file's string pool (a
// variable's, a surface's) that need escaping come out as encoding/json
// writes them, in every key that carries them (operands, lod, dst, the
// surface, the text, the fields' meanings). The decoder shows control
// bytes and invalid UTF-8 in names as '?'; quotes and backslashes stay.
func TestJSONWriterFileNames(t *testing.T) {
	data, err := sampledata.Read("kernels.isa")
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Clone(data)
	// Same lengths, so the file's layout is unchanged.
	for old, weird := range map[string]string{"res": `r"\`, "img": `<"\`, "lod": "\u00e9\\"} {
		if !bytes.Contains(data, []byte(old)) {
			t.Fatalf("kernels.isa has no %q", old)
		}
		data = bytes.ReplaceAll(data, []byte(old), []byte(weird))
	}
	f := visatext.Decode("kernels.isa", data, decoder.Options{})
	if len(f.Errors) > 0 {
		t.Fatal(f.Errors)
	}
	for _, o := range []Options{{Syntax: "igc", JSON: true}, {Syntax: "seed", JSON: true, All: true}} {
		var got bytes.Buffer
		if _, err := Write(&got, f, o); err != nil {
			t.Fatal(err)
		}
		want := referenceJSON(t, f, o)
		if !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("%+v: %s", o, firstDiff(want, got.Bytes()))
		}
		for _, esc := range []string{`"text":"r\"\\.0"`, `"var":"r\"\\"`, `"surface":{"index":6,"name":"<\"\\"}`, `"lod":{"id":32,"offset":0,"name":"é\\"}`, `"meaning":"T6 (<\"\\)"`, ` é\\.0 r\"\\.0"`} {
			if !bytes.Contains(want, []byte(esc)) {
				t.Errorf("%+v: no %s in the output: the names are not where the test expects", o, esc)
			}
		}
	}
}

// FuzzAppendString: the string escaper writes what encoding/json writes
// (HTML escaping off) for any bytes.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "a\"b\\c", "\x00\x1f\b\f\n\r\t", "<&>", "é💡", "\xff\xfe", "\u2028\u2029", "\xe2\x80", "x\xed\xa0\x80y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
		if got := appendString(nil, []byte(s)); !bytes.Equal(got, want) {
			t.Errorf("%q as bytes: got %s, want %s", s, got, want)
		}
		if !utf8.Valid(appendString(nil, s)) {
			t.Errorf("%q: invalid UTF-8 written", s)
		}
	})
}

// TestSpecial8: the eight-byte test flags a word exactly when one of its
// bytes is not plain, whatever the byte and its place (and next to any
// other byte, where a borrow could hide or invent one).
func TestSpecial8(t *testing.T) {
	for _, fill := range []byte{'a', 0x21, 0x7f, 0x5d, 0x23} {
		for b := range 256 {
			for p := range 8 {
				w := bytes.Repeat([]byte{fill}, 8)
				w[p] = byte(b)
				if got := special8(load8(w, 0)); got != !plain[b] {
					t.Fatalf("byte %#x at %d among %q: special %v", b, p, fill, got)
				}
			}
		}
	}
}

// BenchmarkJSONRecords is the formatting part of BenchmarkDumpJSON: the
// records of the 4 MiB mixed stream, decoded once, written to nowhere.
func BenchmarkJSONRecords(b *testing.B) {
	data := benchStream(b)
	f := visatext.Decode("-", data, decoder.Options{})
	o := Options{Syntax: "igc", JSON: true}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu, _ := benchcpu.Now()
	for b.Loop() {
		if _, err := Write(io.Discard, f, o); err != nil {
			b.Fatal(err)
		}
	}
	if end, ok := benchcpu.Now(); ok {
		b.ReportMetric(float64(end-cpu)/float64(b.N)/float64(f.Streams[0].NumInfos()), "cpu-ns/record")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(f.Streams[0].NumInfos()), "ns/record")
}

// TestAppendStringEveryPlace: a byte to escape is found at every place of
// strings of every length up to three words (the word loop, the
// overlapping last word and the padded short word each see it), by the
// escaper and by plainBytes.
func TestAppendStringEveryPlace(t *testing.T) {
	for n := 0; n <= 24; n++ {
		if s := strings.Repeat("a~ ", 8)[:n]; !plainBytes([]byte(s)) {
			t.Fatalf("%q: not plain", s)
		}
	}
	for n := 1; n <= 24; n++ {
		for p := range n {
			for _, c := range []string{"\"", "\\", "\x00", "\x1f", "\x7f", "\xff", "é", "\u2028"} {
				s := strings.Repeat("a", p) + c + strings.Repeat("z", n-p-1)
				want, err := marshal(s)
				if err != nil {
					t.Fatal(err)
				}
				if got := appendString(nil, s); !bytes.Equal(got, want) {
					t.Fatalf("%q: got %s, want %s", s, got, want)
				}
				if got := appendString(nil, []byte(s)); !bytes.Equal(got, want) {
					t.Fatalf("%q as bytes: got %s, want %s", s, got, want)
				}
				if plainBytes([]byte(s)) != (c == "\x7f") { // DEL is written as it is
					t.Fatalf("%q: plain %v", s, plainBytes([]byte(s)))
				}
			}
		}
	}
}

// largeStreams are mixed streams of more instructions than a stream
// holds in full, so that their INFO are reached by marks (DecodeInfo's
// path without the block cache), in the igc and seed layouts.
func largeStreams(t testing.TB) map[string]*decoder.File {
	igc := instTemplates(t)
	seed := [][]byte{}
	for _, b := range igc {
		if b[0] != decoder.OpINFO {
			seed = append(seed, b)
		}
	}
	data, err := sampledata.Read("stream_seed.bin")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range visatext.Decode("stream_seed.bin", data, decoder.Options{Layout: decoder.LayoutSeed}).Streams {
		for k := range s.NumInfos() {
			seed = append(seed, s.Info(k).Bytes())
		}
	}
	out := map[string]*decoder.File{}
	for name, c := range map[string]struct {
		templates [][]byte
		layout    decoder.Layout
	}{"mixed-igc.bin": {igc, decoder.LayoutIGC}, "mixed-seed.bin": {seed, decoder.LayoutSeed}} {
		f := visatext.Decode(name, sampledata.MixedStream(512<<10, c.templates), decoder.Options{Layout: c.layout})
		if len(f.Errors) > 0 || len(f.Streams) != 1 || f.Streams[0].NumInsts() <= 1<<14 || f.Streams[0].NumInfos() < 1000 {
			t.Fatalf("%s: %v, %d streams", name, f.Errors, len(f.Streams))
		}
		out[name] = f
	}
	return out
}

// TestJSONParallel: INFO records written in parallel chunks (forced small,
// more workers than processors) are the sequential bytes, and those are
// encoding/json's, on streams whose INFO are reached by marks, in both
// syntaxes, filtered, and with simulated lanes. Run with -race: workers
// share the file, the stream and the options.
func TestJSONParallel(t *testing.T) {
	surfaces := model.NewSurfaceFile()
	surfaces.DispatchMask = 0x00ff00f0
	flt, err := index.ParseFilter("op:sampleinfo")
	if err != nil {
		t.Fatal(err)
	}
	variants := map[string]Options{
		"json":     {Syntax: "igc", JSON: true},
		"seed":     {Syntax: "seed", JSON: true},
		"filter":   {Syntax: "igc", JSON: true, Filter: flt},
		"surfaces": {Syntax: "igc", JSON: true, Surfaces: surfaces},
	}
	for name, f := range largeStreams(t) {
		for vn, o := range variants {
			want := referenceJSON(t, f, o)
			for _, po := range []parOptions{{workers: 2, chunk: 1}, {workers: 3, chunk: 37}, {workers: 4, chunk: 512}} {
				seq, par := writeBoth(t, f, o, po)
				if !bytes.Equal(seq, want) {
					t.Fatalf("%s %s: sequential differs from encoding/json: %s", name, vn, firstDiff(want, seq))
				}
				if !bytes.Equal(seq, par) {
					t.Fatalf("%s %s %+v: %s", name, vn, po, firstDiff(seq, par))
				}
			}
		}
	}
}

// FuzzJSONRecords: for any bytes (a raw stream, or an object file whose
// names may hold any byte), in either layout and syntax, the records
// written directly are encoding/json's.
func FuzzJSONRecords(f *testing.F) {
	for _, name := range []string{"stream_igc.bin", "stream_seed.bin"} {
		data, err := sampledata.Read(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data[:min(len(data), 256)], false, false)
		f.Add(data[:min(len(data), 256)], true, true)
	}
	// An object file: names from its string pool (mutated, any bytes).
	data, err := sampledata.Read("kernels.isa")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data, false, false)
	f.Fuzz(func(t *testing.T, data []byte, seedLayout, seedSyntax bool) {
		do := decoder.Options{Layout: decoder.LayoutIGC}
		if seedLayout {
			do.Layout = decoder.LayoutSeed
		}
		o := Options{Syntax: "igc", JSON: true}
		if seedSyntax {
			o.Syntax = "seed"
		}
		fl := visatext.Decode("fuzz\x00.bin", data, do)
		var got bytes.Buffer
		if _, err := Write(&got, fl, o); err != nil {
			t.Fatal(err)
		}
		if want := referenceJSON(t, fl, o); !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("%s", firstDiff(want, got.Bytes()))
		}
	})
}

// TestOperandTextsPlain: the operand kinds whose text the JSON writer
// copies unescaped (fields, surfaces, samplers) print only bytes JSON
// holds as they are, in every instruction of every test input, and for
// every surface and sampler index and field value.
func TestOperandTextsPlain(t *testing.T) {
	var in decoder.Instruction
	n := 0
	for name, data := range jsonInputs(t) {
		for _, p := range visatext.Decode(name, data, decoder.Options{}).Each() {
			for _, s := range p.Streams {
				for i := range s.NumInsts() {
					s.Decode(i, &in)
					for _, a := range in.Args[:in.N] {
						switch a.(type) {
						case *decoder.Param, *decoder.Surface, *decoder.Sampler:
							if txt := in.AppendOperandText(nil, a); !plainBytes(txt) {
								t.Fatalf("%s $%d: %s operand text %q", name, i, a.Kind(), txt)
							}
							n++
						}
					}
				}
			}
		}
	}
	for v := range 1 << 16 {
		for _, a := range []decoder.Operand{&decoder.Param{Value: uint32(v) * 65537}, &decoder.Surface{Index: uint8(v)}, &decoder.Sampler{Index: uint8(v)}} {
			if txt := in.AppendOperandText(nil, a); !plainBytes(txt) {
				t.Fatalf("%s operand text %q", a.Kind(), txt)
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d operands checked", n)
	}
}

// TestRawStreamTextsPlain: a binary stream without symbols (a raw stream)
// prints only the decoder's own names, so the JSON writer copies its
// names, operand texts and INFO texts unescaped: every operand text,
// every INFO's texts, names and field meanings, of the raw test inputs,
// and the name of every variable id and surface index, hold nothing to
// escape. (An instruction's whole text may: a subroutine's quotes its
// name; it is scanned.)
func TestRawStreamTextsPlain(t *testing.T) {
	in := map[string][]byte{}
	for _, n := range []string{"stream_igc.bin", "stream_seed.bin", "stream.hex"} {
		data, err := sampledata.Read(n)
		if err != nil {
			t.Fatal(err)
		}
		in[n] = data
	}
	for n, data := range hostileInputs(t) {
		if !strings.HasSuffix(n, ".isa") {
			in[n] = data
		}
	}
	var inst decoder.Instruction
	var fields []decoder.Field
	check := func(what string, b []byte) {
		t.Helper()
		if !plainBytes(b) {
			t.Fatalf("%s: %q", what, b)
		}
	}
	infos := 0
	for name, data := range in {
		for _, layout := range []decoder.Layout{decoder.LayoutIGC, decoder.LayoutSeed} {
			for _, s := range visatext.Decode(name, data, decoder.Options{Layout: layout}).Streams {
				if s.Symbols != nil || s.FromText() {
					t.Fatalf("%s: not a raw stream", name)
				}
				for i := range s.NumInsts() {
					s.Decode(i, &inst)
					for _, a := range inst.Args[:inst.N] {
						check(name+" operand", inst.AppendOperandText(nil, a))
					}
				}
				for _, info := range s.Infos() {
					check(name+" INFO", info.AppendText(nil))
					check(name+" INFO seed", info.AppendSeedText(nil))
					check(name+" surface", []byte(info.SurfaceName()+info.SurfaceDecl()))
					fields = info.AppendFields(fields[:0])
					for _, fl := range fields {
						check(name+" meaning", []byte(fl.Meaning))
					}
					infos++
				}
			}
		}
	}
	var info decoder.Info
	for id := range uint32(1 << 17) {
		check("var", []byte(info.VarName(id*32771)))
		check("var", []byte(inst.VarName(id*32771)))
	}
	for k := range 256 {
		info.Surface = uint8(k)
		check("surface", []byte(info.SurfaceName()+info.SurfaceDecl()))
	}
	if infos < 1000 {
		t.Fatalf("only %d INFO checked", infos)
	}
}
