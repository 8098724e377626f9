package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"infoscope/decoder"
)

// MaxLODs is the most LOD values a surface file may give: one per lane of
// the widest exec size.
const MaxLODs = 32

// SurfaceFile is the JSON file shared by the inspector and
// `dump --surfaces`:
//
//	{
//	  "dispatch_mask": "0xffffffff",
//	  "lod": [0],
//	  "grf_bytes": 32,
//	  "surfaces": {
//	    "T6": {"type": "2d", "width": 63, "height": 31, "depth": 0,
//	           "mip_count": 7, "quilt_width": 0, "quilt_height": 0,
//	           "buffer_size": 0, "samples": 0, "sample_palette_index": 0,
//	           "surface_array": 0, "min_lod": 0}
//	  },
//	  "files": {
//	    "kernels.isa": {
//	      "*":         {"T6": {"type": "3d", ...}},
//	      "info_main": {"T6": {"type": "cube", ...}}
//	    }
//	  }
//	}
//
// dispatch_mask is a hex string (default all lanes). lod is one value for
// every lane, or 2 to 32 values, one per lane from lane 0 (a bare number is
// read as a one-value list; default [0]); an instruction with more lanes
// than values gets 0 for the rest, with a warning from Simulate. grf_bytes
// is 32 (default) or 64. Surfaces are keyed as the disassembly prints them
// ("T6") or by their declared name; in each, "type" is required and missing
// numbers are 0. "surfaces" is the default for every input; "files" keys
// descriptions by input file (its name as given, or its base name) and
// body (kernel or function name; "" for a raw stream, "*" for every body
// of that file), since a T6 in one kernel is not the T6 of another. A
// lookup takes the body's entry, then the file's "*", then "surfaces".
// Files written before "grf_bytes", "files", "surface_array", "min_lod" and
// the buffer type existed read as before.
type SurfaceFile struct {
	DispatchMask ExecMask
	LOD          []uint32
	// GRFBytes is 32 or 64, or 0 when the file does not say: then the
	// platform's (a dump set's .asm), else 32.
	GRFBytes int
	Surfaces map[string]Surface // the default for every file and body
	// Files holds descriptions per input file, then per body ("*": every
	// body of the file), then per surface name. nil when there are none.
	Files map[string]map[string]map[string]Surface
}

// AllBodies is the body key of Files that applies to every body of a file.
const AllBodies = "*"

// Scope names where an instruction sits: its input file (as the inspector
// or dump names it) and its body (kernel or function; "" for raw streams).
type Scope struct{ File, Body string }

// SurfaceSource says where a description came from.
type SurfaceSource uint8

// The places a lookup finds a description, least specific first.
const (
	SourceDefault SurfaceSource = iota // not in the file: DefaultSurface
	SourceAll                          // "surfaces": every file and body
	SourceFile                         // files[FILE]["*"]: every body of the file
	SourceBody                         // files[FILE][BODY]
)

// String returns "default" for SourceDefault and "file" otherwise (dump's
// surface_source).
func (s SurfaceSource) String() string {
	if s == SourceDefault {
		return "default"
	}
	return "file"
}

// NewSurfaceFile returns a file with every lane dispatched, LOD 0 for every
// lane, no GRF size of its own (GRFBytes 0) and no surfaces.
func NewSurfaceFile() *SurfaceFile {
	return &SurfaceFile{DispatchMask: AllLanes, LOD: []uint32{0}, Surfaces: map[string]Surface{}}
}

// fileEntry returns the Files entry for an input name: the name as given,
// else its base name.
func (f *SurfaceFile) fileEntry(name string) (map[string]map[string]Surface, string) {
	if e, ok := f.Files[name]; ok {
		return e, name
	}
	b := baseName(name)
	if e, ok := f.Files[b]; ok {
		return e, b
	}
	return nil, b
}

// baseName is the last element of a slash- or backslash-separated name.
func baseName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 && i < len(name)-1 {
		return name[i+1:]
	}
	return name
}

// pick returns the entry of m for in: its printed name, else its declared
// name.
func pick(m map[string]Surface, in *decoder.Info) (Surface, string, bool) {
	if n := in.SurfaceName(); n != "" {
		if s, ok := m[n]; ok {
			return s, n, true
		}
	}
	if d := in.SurfaceDecl(); d != "" {
		if s, ok := m[d]; ok {
			return s, d, true
		}
	}
	return Surface{}, "", false
}

// Lookup returns the surface described for in at sc: the body's entry,
// else the file's "*" entry, else the default "surfaces" entry, each keyed
// by the printed name (T6) or the declared name; DefaultSurface and
// SourceDefault when none exists. key is the entry's name.
func (f *SurfaceFile) Lookup(sc Scope, in *decoder.Info) (s Surface, src SurfaceSource, key string) {
	if f == nil || in == nil {
		return DefaultSurface(), SourceDefault, ""
	}
	if e, _ := f.fileEntry(sc.File); e != nil {
		if s, k, ok := pick(e[sc.Body], in); ok {
			return s, SourceBody, k
		}
		if s, k, ok := pick(e[AllBodies], in); ok {
			return s, SourceFile, k
		}
	}
	if s, k, ok := pick(f.Surfaces, in); ok {
		return s, SourceAll, k
	}
	return DefaultSurface(), SourceDefault, ""
}

// SetSurface stores s for the body of sc under key (an entry in Files,
// keyed by the file's existing entry or its base name) and returns where
// it went. With no file named it goes to the default for every file.
func (f *SurfaceFile) SetSurface(sc Scope, key string, s Surface) SurfaceSource {
	if sc.File == "" {
		if f.Surfaces == nil {
			f.Surfaces = map[string]Surface{}
		}
		f.Surfaces[key] = s
		return SourceAll
	}
	_, fk := f.fileEntry(sc.File)
	if f.Files == nil {
		f.Files = map[string]map[string]map[string]Surface{}
	}
	if f.Files[fk] == nil {
		f.Files[fk] = map[string]map[string]Surface{}
	}
	if f.Files[fk][sc.Body] == nil {
		f.Files[fk][sc.Body] = map[string]Surface{}
	}
	f.Files[fk][sc.Body][key] = s
	return SourceBody
}

// Count returns how many descriptions the file holds, in every scope.
func (f *SurfaceFile) Count() int {
	if f == nil {
		return 0
	}
	n := len(f.Surfaces)
	for _, bodies := range f.Files {
		for _, m := range bodies {
			n += len(m)
		}
	}
	return n
}

// EnvFor returns the simulation environment for in at sc: its surface
// (Lookup; DefaultSurface when the file has none), the file's LOD values,
// dispatch mask and GRF size, and where the surface came from. A nil file
// gives NewSurfaceFile's environment.
func (f *SurfaceFile) EnvFor(sc Scope, in *decoder.Info) (Env, SurfaceSource) {
	if f == nil {
		f = NewSurfaceFile()
	}
	s, src, _ := f.Lookup(sc, in)
	return Env{Surface: s, LOD: slices.Clone(f.LOD), Dispatch: f.DispatchMask, GRFBytes: f.grfBytes()}, src
}

// grfBytes is the file's GRF size: 32 when unset (dump puts a dump set's
// platform's size in the Env instead).
func (f *SurfaceFile) grfBytes() int {
	if f.GRFBytes == 0 {
		return 32
	}
	return f.GRFBytes
}

// ParseSurfaceFile parses a surface file. Errors read
// "NAME: KEY.PATH: REASON", e.g.
//
//	surfaces.json: surfaces.T6.width: 70000 out of range 0..16383
//
// and syntax errors "NAME: line L col C: REASON". Unknown keys, repeated
// keys, values of the wrong JSON type, negative or fractional numbers,
// out-of-range numbers, bad type strings, malformed masks and lod lists
// that are empty or longer than MaxLODs are refused.
func ParseSurfaceFile(name string, data []byte) (*SurfaceFile, error) {
	return (&fileParser{name: decoder.Display(name), data: data}).parse()
}

type fileParser struct {
	name string // as messages show it (decoder.Display): only they use it
	data []byte
}

// errAt names the file and key path. Key paths (and the numbers quoted by
// the callers) are cut to 40 bytes: a megabyte key would otherwise be
// repeated whole. Keys are shown as decoder.Display shows them (a key
// "\u001b[2J" as "?[2J"), as every other input string a message quotes:
// the message reaches a terminal. (A Go-quoted key would show a form
// found neither in the file nor in the rest of our messages.)
func (p *fileParser) errAt(path, format string, args ...any) error {
	path = decoder.Display(clipText(path))
	msg := fmt.Sprintf(format, args...)
	if path == "" {
		return fmt.Errorf("%s: %s", p.name, msg)
	}
	return fmt.Errorf("%s: %s: %s", p.name, path, msg)
}

// syntax turns a decoding error into one with a line and column.
func (p *fileParser) syntax(err error, dec *json.Decoder) error {
	off := dec.InputOffset()
	var se *json.SyntaxError
	msg := err.Error()
	switch {
	case errors.As(err, &se):
		off = max(0, se.Offset-1) // Offset counts the offending byte
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		off, msg = int64(len(p.data)), "unexpected end of file"
	}
	line, col := lineCol(p.data, off)
	return fmt.Errorf("%s: line %d col %d: %s", p.name, line, col, msg)
}

func lineCol(data []byte, off int64) (int, int) {
	off = max(0, min(off, int64(len(data))))
	before := data[:off]
	line := bytes.Count(before, []byte{'\n'}) + 1
	col := int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

// object reads a JSON object from raw as ordered key/value pairs, refusing
// repeated keys.
func (p *fileParser) object(raw json.RawMessage, path string) ([]string, map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, nil, p.syntax(err, dec)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		where := path
		if where == "" {
			where = "top level"
		}
		return nil, nil, p.errAt("", "%s: expected an object, found %s", where, kindOf(raw))
	}
	var keys []string
	vals := map[string]json.RawMessage{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, p.syntax(err, dec)
		}
		k, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, p.syntax(err, dec)
		}
		if _, dup := vals[k]; dup {
			return nil, nil, p.errAt(join(path, k), "repeated key")
		}
		keys = append(keys, k)
		vals[k] = v
	}
	return keys, vals, nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// kindOf names the JSON type of a value for messages.
func kindOf(raw json.RawMessage) string {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 {
		return "nothing"
	}
	switch t[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// number reads a non-negative whole number no larger than max.
func (p *fileParser) number(raw json.RawMessage, path string, max uint64) (uint64, error) {
	if k := kindOf(raw); k != "a number" {
		return 0, p.errAt(path, "expected a number, found %s", k)
	}
	t := string(bytes.TrimSpace(raw))
	if strings.HasPrefix(t, "-") {
		return 0, p.errAt(path, "%s is negative", clipText(t))
	}
	v, err := strconv.ParseUint(t, 10, 64)
	if err != nil {
		if strings.ContainsAny(t, ".eE") {
			return 0, p.errAt(path, "%s is not a whole number", clipText(t))
		}
		return 0, p.errAt(path, "%s out of range 0..%d", clipText(t), max)
	}
	if v > max {
		return 0, p.errAt(path, "%d out of range 0..%d", v, max)
	}
	return v, nil
}

func (p *fileParser) str(raw json.RawMessage, path string) (string, error) {
	var s string
	if kindOf(raw) != "a string" || json.Unmarshal(raw, &s) != nil {
		return "", p.errAt(path, "expected a string, found %s", kindOf(raw))
	}
	return s, nil
}

func (p *fileParser) parse() (*SurfaceFile, error) {
	dec := json.NewDecoder(bytes.NewReader(p.data))
	var top json.RawMessage
	if err := dec.Decode(&top); err != nil {
		return nil, p.syntax(err, dec)
	}
	end := dec.InputOffset()
	if rest := bytes.TrimLeft(p.data[end:], " \t\r\n"); len(rest) > 0 {
		line, col := lineCol(p.data, int64(len(p.data)-len(rest)))
		return nil, fmt.Errorf("%s: line %d col %d: unexpected data after the top-level object", p.name, line, col)
	}
	keys, vals, err := p.object(top, "")
	if err != nil {
		return nil, err
	}
	f := NewSurfaceFile()
	for _, k := range keys {
		v := vals[k]
		switch k {
		case "dispatch_mask":
			s, err := p.str(v, k)
			if err != nil {
				return nil, err
			}
			m, err := ParseExecMask(s)
			if err != nil {
				return nil, p.errAt(k, "%v", err)
			}
			f.DispatchMask = m
		case "lod":
			lod, err := p.lod(v)
			if err != nil {
				return nil, err
			}
			f.LOD = lod
		case "grf_bytes":
			n, err := p.number(v, k, 64)
			if err != nil {
				return nil, err
			}
			if n != 32 && n != 64 {
				return nil, p.errAt(k, "%d: want 32 or 64", n)
			}
			f.GRFBytes = int(n)
		case "surfaces":
			m, err := p.surfaces(v, k)
			if err != nil {
				return nil, err
			}
			f.Surfaces = m
		case "files":
			if err := p.files(f, v, k); err != nil {
				return nil, err
			}
		default:
			return nil, p.errAt(k, "unknown key (expected dispatch_mask, lod, grf_bytes, surfaces or files)")
		}
	}
	return f, nil
}

// objectOf reads an object whose values elem reads. noun, when set, names
// what its keys name, none of which may be empty.
func objectOf[V any](p *fileParser, raw json.RawMessage, path, noun string, elem func(json.RawMessage, string) (V, error)) (map[string]V, error) {
	keys, vals, err := p.object(raw, path)
	if err != nil {
		return nil, err
	}
	out := make(map[string]V, len(keys))
	for _, k := range keys {
		if noun != "" && strings.TrimSpace(k) == "" {
			return nil, p.errAt(path, "empty %s name", noun)
		}
		if out[k], err = elem(vals[k], join(path, k)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// surfaces reads an object of surface descriptions keyed by surface name.
func (p *fileParser) surfaces(raw json.RawMessage, path string) (map[string]Surface, error) {
	return objectOf(p, raw, path, "surface", p.surface)
}

// files reads "files": input file name -> body name ("*": every body) ->
// surfaces.
func (p *fileParser) files(f *SurfaceFile, raw json.RawMessage, path string) error {
	files, err := objectOf(p, raw, path, "file", func(raw json.RawMessage, path string) (map[string]map[string]Surface, error) {
		return objectOf(p, raw, path, "", p.surfaces)
	})
	if len(files) > 0 {
		f.Files = files
	}
	return err
}

func (p *fileParser) lod(raw json.RawMessage) ([]uint32, error) {
	const max = math32
	if kindOf(raw) == "a number" {
		v, err := p.number(raw, "lod", max)
		if err != nil {
			return nil, err
		}
		return []uint32{uint32(v)}, nil
	}
	if kindOf(raw) != "an array" {
		return nil, p.errAt("lod", "expected a list of numbers, found %s", kindOf(raw))
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, p.errAt("lod", "%v", err)
	}
	switch {
	case len(items) == 0:
		return nil, p.errAt("lod", "empty list: give one value for every lane or one per lane (up to %d)", MaxLODs)
	case len(items) > MaxLODs:
		return nil, p.errAt("lod", "%d values: give one value for every lane or one per lane (up to %d)", len(items), MaxLODs)
	}
	out := make([]uint32, len(items))
	for i, it := range items {
		v, err := p.number(it, "lod["+strconv.Itoa(i)+"]", max)
		if err != nil {
			return nil, err
		}
		out[i] = uint32(v)
	}
	return out, nil
}

// math32 is the largest UD value.
const math32 = 1<<32 - 1

func (p *fileParser) surface(raw json.RawMessage, path string) (Surface, error) {
	keys, vals, err := p.object(raw, path)
	if err != nil {
		return Surface{}, err
	}
	var s Surface
	typed := false
	for _, k := range keys {
		v := vals[k]
		if k == "type" {
			ts, err := p.str(v, join(path, k))
			if err != nil {
				return Surface{}, err
			}
			t, err := ParseSurfaceType(ts)
			if err != nil {
				return Surface{}, p.errAt(join(path, k), "%v", err)
			}
			s.Type, typed = t, true
			continue
		}
		fs, ok := lookupField(k)
		if !ok {
			return Surface{}, p.errAt(join(path, k), "unknown key (expected type, %s)", strings.Join(fieldKeys(), ", "))
		}
		n, err := p.number(v, join(path, k), uint64(fs.Max))
		if err != nil {
			return Surface{}, err
		}
		*fs.ptr(&s) = uint32(n)
	}
	if !typed {
		return Surface{}, p.errAt(join(path, "type"), "missing (one of %s)", surfaceTypeList())
	}
	return s, nil
}

func fieldKeys() []string {
	out := make([]string, len(fieldSpecs))
	for i, f := range fieldSpecs {
		out[i] = f.Key
	}
	return out
}

// Marshal writes the file in its canonical form: keys in the documented
// order, surfaces, files and bodies sorted by name, two-space indentation,
// one surface per line, a final newline; "files" only when it has entries.
// It refuses a file that ParseSurfaceFile would refuse (an out-of-range
// surface, an empty or too long lod list, an empty surface or file name, a
// GRF size other than 32 or 64). "grf_bytes" is written only when the file
// has one. A nil file marshals as NewSurfaceFile.
func (f *SurfaceFile) Marshal() ([]byte, error) {
	if f == nil {
		f = NewSurfaceFile()
	}
	if len(f.LOD) == 0 || len(f.LOD) > MaxLODs {
		return nil, fmt.Errorf("lod: %d values: give one value for every lane or one per lane (up to %d)", len(f.LOD), MaxLODs)
	}
	if f.GRFBytes != 0 && f.GRFBytes != 32 && f.GRFBytes != 64 {
		return nil, fmt.Errorf("grf_bytes: %d: want 32 or 64", f.GRFBytes)
	}
	var b bytes.Buffer
	b.WriteString("{\n  \"dispatch_mask\": \"" + f.DispatchMask.String() + "\",\n  \"lod\": [")
	for i, v := range f.LOD {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatUint(uint64(v), 10))
	}
	b.WriteString("]")
	if f.GRFBytes != 0 {
		// A file that does not say keeps not saying: its GRF size stays
		// the platform's (a PVC dump set's 64), else 32.
		b.WriteString(",\n  \"grf_bytes\": " + strconv.Itoa(f.GRFBytes))
	}
	b.WriteString(",\n  \"surfaces\": ")
	if err := marshalSurfaces(&b, f.Surfaces, "surfaces", "  "); err != nil {
		return nil, err
	}
	if len(f.Files) > 0 {
		b.WriteString(",\n  \"files\": ")
		err := writeObject(&b, f.Files, "  ", func(fn string, bodies map[string]map[string]Surface) error {
			if strings.TrimSpace(fn) == "" {
				return errors.New("files: empty file name")
			}
			return writeObject(&b, bodies, "    ", func(bn string, m map[string]Surface) error {
				return marshalSurfaces(&b, m, decoder.Display("files."+fn+"."+bn), "      ")
			})
		})
		if err != nil {
			return nil, err
		}
	}
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}

// writeObject writes an object of m's entries sorted by key, one a line
// indented by indent plus two spaces, each value written by val.
func writeObject[V any](b *bytes.Buffer, m map[string]V, indent string, val func(string, V) error) error {
	b.WriteByte('{')
	for i, k := range slices.Sorted(maps.Keys(m)) {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n" + indent + "  " + quote(k) + ": ")
		if err := val(k, m[k]); err != nil {
			return err
		}
	}
	if len(m) > 0 {
		b.WriteString("\n" + indent)
	}
	b.WriteByte('}')
	return nil
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// marshalSurfaces writes one object of surfaces, one per line, indented by
// indent plus two spaces. Its errors name path and the surface, names
// read from an input, as errAt shows them (decoder.Display).
func marshalSurfaces(b *bytes.Buffer, m map[string]Surface, path, indent string) error {
	return writeObject(b, m, indent, func(n string, s Surface) error {
		if strings.TrimSpace(n) == "" {
			return errors.New(path + ": empty surface name")
		}
		if err := s.Validate(); err != nil {
			return fmt.Errorf("%s.%s.%w", path, decoder.Display(n), err)
		}
		b.WriteString("{\"type\": \"" + s.Type.String() + "\"")
		for _, fs := range fieldSpecs {
			b.WriteString(", \"" + fs.Key + "\": " + strconv.FormatUint(uint64(*fs.ptr(&s)), 10))
		}
		b.WriteByte('}')
		return nil
	})
}

// Clone returns a deep copy of f (nil for nil), so that sessions started
// from one file edit their own.
func (f *SurfaceFile) Clone() *SurfaceFile {
	if f == nil {
		return nil
	}
	g := *f
	g.LOD = slices.Clone(f.LOD)
	g.Surfaces = maps.Clone(f.Surfaces)
	if f.Files != nil {
		g.Files = make(map[string]map[string]map[string]Surface, len(f.Files))
		for fn, bodies := range f.Files {
			nb := make(map[string]map[string]Surface, len(bodies))
			for bn, m := range bodies {
				nb[bn] = maps.Clone(m)
			}
			g.Files[fn] = nb
		}
	}
	return &g
}

// clipText cuts text taken from the file to what a message quotes.
func clipText(s string) string {
	const n = 40
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > n-4 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:cut], len(s))
}
