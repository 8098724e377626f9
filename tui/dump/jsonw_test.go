package dump

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
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
	"infoscope/sampledata/templates"
	"infoscope/sampledata/testkit"
)

// readRecord is what the tests read back of a dump --json line.
type readRecord struct {
	File     string `json:"file"`
	Kernel   string `json:"kernel"`
	Index    int    `json:"index"`
	Offset   *int64 `json:"offset"`
	Length   int    `json:"length"`
	Bytes    string `json:"bytes"`
	Opcode   uint8  `json:"opcode"`
	Mnemonic string `json:"mnemonic"`
	Text     string `json:"text"`
	Operands []struct {
		Kind string `json:"kind"`
		Name string `json:"name"`
		Text string `json:"text"`
	} `json:"operands"`
	Parsed      bool     `json:"parsed"`
	Diagnostics []string `json:"diagnostics"`
	Line        int      `json:"line"`
	Source      string   `json:"source"`
	Note        string   `json:"note"`
	Layout      string   `json:"layout"`
	Op          string   `json:"op"`
	ExecSize    int      `json:"exec_size"`
	Mask        string   `json:"mask"`
	NoMask      bool     `json:"nomask"`
	LaneOffset  int      `json:"lane_offset"`
	Channels    string   `json:"channels"`
	Surface     *struct {
		Index uint8  `json:"index"`
		Name  string `json:"name"`
	} `json:"surface"`
	LOD, Dst *readOperand
	Fields   []struct {
		Raw     uint64 `json:"raw"`
		Meaning string `json:"meaning"`
	} `json:"fields"`
	Lanes   []any `json:"lanes"`
	LODDefs []int `json:"lod_defs"`
	DstUses []struct {
		Index int `json:"index"`
	} `json:"dst_uses"`
}

type readOperand struct {
	ID     uint32 `json:"id"`
	Offset uint16 `json:"offset"`
	Name   string `json:"name"`
}

// topKeys returns the keys of a JSON object, in order.
func topKeys(t testing.TB, line []byte) []string {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(line))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %.200s", line)
	}
	var keys []string
	for d.More() {
		k, err := d.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := d.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// asJSON is s as it reads back from JSON: each byte of invalid UTF-8
// becomes U+FFFD (as ranging over a string's runes makes it).
func asJSON(s string) string { return string([]rune(s)) }

// checkJSON decodes the output of dump --json of f with o back, line by
// line, and checks each record against the decoder's own view of its
// instruction: the keys and their order (the schema the writer is), and
// the values. It returns the number of records.
func checkJSON(t testing.TB, f *decoder.File, o Options, out []byte) int {
	t.Helper()
	lines := bytes.Split(bytes.TrimSuffix(out, []byte("\n")), []byte("\n"))
	if len(out) == 0 {
		lines = nil
	}
	n := 0
	var dec decoder.Instruction
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
				if n >= len(lines) {
					t.Fatalf("%s: %d records, want more", f.Name, len(lines))
				}
				line := lines[n]
				n++
				if !json.Valid(line) || !utf8.Valid(line) {
					t.Fatalf("%s $%d: not valid JSON: %.300s", p.Name, i, line)
				}
				var r readRecord
				if err := json.Unmarshal(line, &r); err != nil {
					t.Fatal(err)
				}
				s.Decode(i, &dec)
				checkRecord(t, p, s, i, in, &dec, o, sf, next-1, &r, topKeys(t, line))
			}
		}
	}
	if n != len(lines) {
		t.Fatalf("%s: %d records, want %d", f.Name, len(lines), n)
	}
	return n
}

// checkRecord checks one record read back (keys: its keys in order).
func checkRecord(t testing.TB, f *decoder.File, s *decoder.Stream, i int, in *decoder.Info, dec *decoder.Instruction, o Options, sf *flow.Stream, k int, r *readRecord, keys []string) {
	t.Helper()
	where := fmt.Sprintf("%s %s $%d", f.Name, s.Kernel, i)
	want := []string{"file", "kernel", "index", "offset", "length", "bytes", "opcode", "mnemonic"}
	if in == nil {
		want = append(want, "text")
	}
	want = append(want, "operands", "parsed")
	if in == nil && dec.NumDiagnostics() > 0 {
		want = append(want, "diagnostics")
	}
	if s.FromText() {
		if s.Line(i) != 0 {
			want = append(want, "line")
		}
		if s.Text[i].Text != "" {
			want = append(want, "source")
		}
		want = append(want, "note")
	}
	if in != nil {
		want = append(want, "layout", "op", "exec_size", "mask", "nomask", "lane_offset", "channels", "surface", "lod", "dst", "text", "diagnostics", "fields")
		if o.Surfaces != nil {
			want = append(want, "rules", "surface_source", "lanes", "dst_layout")
		}
		if sf != nil {
			want = append(want, "lod_defs", "dst_uses")
		}
	}
	if o.Surfaces != nil && in != nil {
		// The simulation's keys are written when they have a value.
		env, src := o.Surfaces.EnvFor(model.Scope{File: f.Name, Body: s.Kernel}, in)
		env.Rules = o.Rules
		res := model.Simulate(in, env)
		drop := map[string]bool{"rules": o.Rules.String() == "", "surface_source": src.String() == "", "lanes": len(res.LaneRecords()) == 0, "dst_layout": res.DstLayout() == nil}
		want = slices.DeleteFunc(want, func(k string) bool { return drop[k] })
		if len(r.Lanes) != len(res.LaneRecords()) {
			t.Fatalf("%s: %d lanes, want %d", where, len(r.Lanes), len(res.LaneRecords()))
		}
	}
	if !slices.Equal(keys, want) {
		t.Fatalf("%s: keys %v, want %v", where, keys, want)
	}
	inst := s.Inst(i)
	text := dec.Text()
	if s.FromText() && in == nil {
		text = s.Text[i].Text
	}
	if in != nil {
		text = in.Text()
		if o.Syntax == "seed" {
			text = string(in.AppendSeedText(nil))
		}
	}
	opcode := inst.Op
	if s.FromText() && in == nil && dec.HasOperands() {
		opcode = dec.Op
	}
	if r.File != asJSON(f.Name) || r.Kernel != asJSON(s.Kernel) || r.Index != i || r.Length != int(inst.Len) ||
		r.Bytes != hex.EncodeToString(s.InstBytes(i)) || r.Opcode != opcode || r.Mnemonic != asJSON(s.InstMnemonic(i)) ||
		r.Text != asJSON(text) || r.Parsed != dec.HasOperands() || len(r.Operands) != dec.N {
		t.Fatalf("%s: read back %+v", where, *r)
	}
	if s.FromText() != (r.Offset == nil) || r.Offset != nil && *r.Offset != s.AbsOff(i) {
		t.Fatalf("%s: offset %v, want %d", where, r.Offset, s.AbsOff(i))
	}
	if s.FromText() && (r.Line != s.Line(i) || r.Source != asJSON(s.Text[i].Text) || r.Note != TextNote) {
		t.Fatalf("%s: line %d source %q note %q", where, r.Line, r.Source, r.Note)
	}
	for n, a := range dec.Args[:dec.N] {
		op := r.Operands[n]
		if op.Kind != string(a.Kind()) || op.Name != a.Name() || op.Text != asJSON(strings.TrimPrefix(string(dec.AppendOperandText(nil, a)), " ")) {
			t.Fatalf("%s: operand %d %+v", where, n, op)
		}
	}
	if in == nil {
		if !slices.Equal(r.Diagnostics, mapJSON(dec.Diagnostics())) {
			t.Fatalf("%s: diagnostics %q", where, r.Diagnostics)
		}
		return
	}
	surface := in.SurfaceDecl()
	if surface == "" {
		surface = in.SurfaceName()
	}
	if r.Layout != in.Layout.String() || r.Op != in.Op().String() || r.ExecSize != in.ExecSize() || r.Mask != (in.Mask&^8).String() ||
		r.NoMask != in.Mask.NoMask() || r.LaneOffset != in.Mask.LaneOffset() || r.Channels != in.Channels() ||
		r.Surface == nil || r.Surface.Index != in.Surface || r.Surface.Name != asJSON(surface) ||
		!slices.Equal(r.Diagnostics, mapJSON(in.Diagnostics())) || r.Diagnostics == nil {
		t.Fatalf("%s: INFO read back %+v", where, *r)
	}
	operand := func(ro *readOperand, op decoder.RawOperand) bool {
		return ro != nil && ro.ID == op.ID && ro.Offset == op.Offset && ro.Name == asJSON(in.VarName(op.ID))
	}
	if in.HasLOD != (r.LOD != nil) || in.HasLOD && !operand(r.LOD, in.LOD) || !operand(r.Dst, in.Dst) {
		t.Fatalf("%s: lod %+v dst %+v", where, r.LOD, r.Dst)
	}
	fields := in.Fields()
	if len(r.Fields) != len(fields) {
		t.Fatalf("%s: %d fields, want %d", where, len(r.Fields), len(fields))
	}
	for n, fl := range fields {
		if r.Fields[n].Raw != fl.Raw || r.Fields[n].Meaning != asJSON(fl.Meaning) {
			t.Fatalf("%s: field %d %+v, want %+v", where, n, r.Fields[n], fl)
		}
	}
	if sf != nil {
		fl := sf.Info(k)
		defs := []int{}
		for _, src := range fl.Sources {
			defs = append(defs, src.Inst)
		}
		uses := []int{}
		for _, u := range fl.Readers {
			uses = append(uses, u.Inst)
		}
		got := []int{}
		for _, u := range r.DstUses {
			got = append(got, u.Index)
		}
		if !slices.Equal(r.LODDefs, defs) && len(defs)+len(r.LODDefs) > 0 || !slices.Equal(got, uses) {
			t.Fatalf("%s: lod_defs %v dst_uses %v, want %v %v", where, r.LODDefs, got, defs, uses)
		}
	}
}

// mapJSON is asJSON of each string (nil for none).
func mapJSON(ss []string) []string {
	var out []string
	for _, s := range ss {
		out = append(out, asJSON(s))
	}
	return out
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
			data := testkit.ReadFile(t, name)
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

// TestJSONRecordsReadBack: dump --json's records of every input, with
// and without --all, in both syntaxes, filtered and with simulated lanes,
// decode back to the decoder's view of each instruction, every key in the
// schema's order (the goldens pin the bytes).
func TestJSONRecordsReadBack(t *testing.T) {
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
	inputs["mixed.bin"] = sampledata.MixedStream(16<<10, templates.Mixed())
	for name, data := range inputs {
		f := visatext.Decode(name, data, decoder.Options{})
		for _, o := range variants {
			var got bytes.Buffer
			if _, err := new(formatter).write(&got, f, o); err != nil {
				t.Fatal(err)
			}
			records += checkJSON(t, f, o, got.Bytes())
		}
	}
	t.Logf("%d records read back", records)
}

// TestJSONWriterNames: names that need escaping (quotes, control
// characters, invalid UTF-8, U+2028) come out escaped, and read back.
func TestJSONWriterNames(t *testing.T) {
	data, err := sampledata.Read("kernels.isa")
	if err != nil {
		t.Fatal(err)
	}
	name := "a\"b\\c\n\t\x01\x7f<&>é\xff\xfe\u2028\u2029💡.isa"
	f := visatext.Decode(name, data, decoder.Options{})
	o := Options{Syntax: "igc", JSON: true, All: true}
	var got bytes.Buffer
	if _, err := new(formatter).write(&got, f, o); err != nil {
		t.Fatal(err)
	}
	checkJSON(t, f, o, got.Bytes())
	want := new(jsonWriter).marshal(nil, name)
	if !bytes.HasPrefix(got.Bytes(), append([]byte(`{"file":`), want...)) {
		t.Errorf("got %.300s, want the name as encoding/json writes it, %s", got.Bytes(), want)
	}
}

// TestJSONWriterFileNames: names from an object file's string pool (a
// variable's, a surface's) that need escaping come out escaped, in every key that carries them (operands, lod, dst, the
// surface, the text, the fields' meanings), and read back. The decoder
// shows control bytes and invalid UTF-8 in names as '?'; quotes and
// backslashes stay.
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
		if _, err := new(formatter).write(&got, f, o); err != nil {
			t.Fatal(err)
		}
		checkJSON(t, f, o, got.Bytes())
		for _, esc := range []string{`"text":"r\"\\.0"`, `"var":"r\"\\"`, `"surface":{"index":6,"name":"<\"\\"}`, `"lod":{"id":32,"offset":0,"name":"é\\"}`, `"meaning":"T6 (<\"\\)"`, ` é\\.0 r\"\\.0"`} {
			if !bytes.Contains(got.Bytes(), []byte(esc)) {
				t.Errorf("%+v: no %s in the output: the names are not where the test expects", o, esc)
			}
		}
	}
}

// FuzzAppendString: the string escaper writes what encoding/json writes
// (HTML escaping off) through decoder.JSONGuard for any bytes, and so does
// a text formatted in place (quoteFrom).
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "a\"b\\c", "\x00\x1f\b\f\n\r\t", "<&>", "é💡", "\xff\xfe", "\u2028\u2029", "\xe2\x80", "x\xed\xa0\x80y", "\u009b31m\u202e\u2066\u00a0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		escapesLikeJSON(t, s)
		if !utf8.Valid(appendString(nil, s)) {
			t.Errorf("%q: invalid UTF-8 written", s)
		}
		var w jsonWriter
		if got, want := w.quoteFrom(append([]byte(`x"`), s...), 2), appendString([]byte("x"), s); !bytes.Equal(got, want) {
			t.Errorf("%q formatted in place: got %s, want %s", s, got, want)
		}
	})
}

// BenchmarkJSONRecords is the formatting part of BenchmarkDumpJSON: the
// records of the 4 MiB mixed stream, decoded once, written to nowhere.
func BenchmarkJSONRecords(b *testing.B) {
	data := benchStream(b)
	f := visatext.Decode("-", data, decoder.Options{})
	o := Options{Syntax: "igc", JSON: true}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	benchcpu.Measure(b, "record", float64(f.Streams[0].NumInfos()))
	for b.Loop() {
		if _, err := new(formatter).write(io.Discard, f, o); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(f.Streams[0].NumInfos()), "ns/record")
}

// TestAppendStringEveryPlace: a byte to escape is escaped at every place
// of strings of every length up to 24 bytes, as encoding/json escapes it.
func TestAppendStringEveryPlace(t *testing.T) {
	for n := 1; n <= 24; n++ {
		for p := range n {
			for _, c := range []string{"\"", "\\", "\x00", "\x1f", "\x7f", "\xff", "é", "\u2028", "\u0085", "\u202e"} {
				if !escapesLikeJSON(t, strings.Repeat("a", p)+c+strings.Repeat("z", n-p-1)) {
					t.FailNow()
				}
			}
		}
	}
}

// TestAppendStringEveryRune: every rune above ASCII is written as
// encoding/json writes it through decoder.JSONGuard: the C1 and
// bidirectional controls escaped at the source as the guard escapes them.
func TestAppendStringEveryRune(t *testing.T) {
	var s strings.Builder
	for r := rune(utf8.RuneSelf); r <= utf8.MaxRune; r++ {
		if utf8.ValidRune(r) {
			s.WriteRune(r)
			s.WriteByte(' ') // a place where any mismatch shows
		}
	}
	want := new(jsonWriter).marshal(nil, s.String())
	got := appendString(nil, s.String())
	if !bytes.Equal(got, want) {
		i := 0
		for i < min(len(got), len(want)) && got[i] == want[i] {
			i++
		}
		t.Errorf("parts at byte %d: got %q, want %q", i, got[max(0, i-8):min(len(got), i+16)], want[max(0, i-8):min(len(want), i+16)])
	}
	if !bytes.Contains(want, []byte("\\u009f \u00a0")) || !bytes.Contains(want, []byte("\\u202e \u202f")) {
		t.Errorf("the guard's escapes are not where the test expects them")
	}
}

// largeStreams are mixed streams of more instructions than a stream
// holds in full, so that their INFO are reached by marks (DecodeInfo's
// path without the block cache), in the igc and seed layouts.
func largeStreams(t testing.TB) map[string]*decoder.File {
	igc := templates.Mixed()
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

// TestJSONLargeStreams: INFO records read back on streams whose INFO are
// reached by marks, in both syntaxes, filtered, and with simulated lanes.
// (Records were once written in parallel chunks and compared with the
// sequential bytes here; a file's records are now written by one
// goroutine, and files in parallel: TestFilesInOrder.)
func TestJSONLargeStreams(t *testing.T) {
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
	for _, f := range largeStreams(t) {
		for _, o := range variants {
			var b bytes.Buffer
			if _, err := new(formatter).write(&b, f, o); err != nil {
				t.Fatal(err)
			}
			checkJSON(t, f, o, b.Bytes())
		}
	}
}

// FuzzJSONRecords: for any bytes (a raw stream, or an object file whose
// names may hold any byte), in either layout and syntax, the records read
// back.
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
		if _, err := new(formatter).write(&got, fl, o); err != nil {
			t.Fatal(err)
		}
		checkJSON(t, fl, o, got.Bytes())
	})
}

// escapesLikeJSON reports whether appendString writes s, as a string and
// as bytes, as encoding/json does through decoder.JSONGuard
// (jsonWriter.marshal), failing t where it does not.
func escapesLikeJSON(t *testing.T, s string) bool {
	t.Helper()
	want := new(jsonWriter).marshal(nil, s)
	ok := true
	if got := appendString(nil, s); !bytes.Equal(got, want) {
		t.Errorf("%q: got %s, want %s", s, got, want)
		ok = false
	}
	if got := appendString(nil, []byte(s)); !bytes.Equal(got, want) {
		t.Errorf("%q as bytes: got %s, want %s", s, got, want)
		ok = false
	}
	return ok
}

// TestAppendInt: a record's signed numbers are written as strconv writes
// them, negative ones too (decoder.AppendUint's own test covers the rest).
func TestAppendInt(t *testing.T) {
	for _, v := range []int{-100, -1, 0, 7, 99, 100, 123456} {
		if got, want := string(appendInt(nil, v)), strconv.Itoa(v); got != want {
			t.Errorf("appendInt(%d) = %q, want %q", v, got, want)
		}
	}
}
