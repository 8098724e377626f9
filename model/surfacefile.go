package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
//	  "surfaces": {
//	    "T6": {"type": "2d", "width": 63, "height": 31, "depth": 0,
//	           "mip_count": 7, "quilt_width": 0, "quilt_height": 0,
//	           "buffer_size": 0, "samples": 0, "sample_palette_index": 0}
//	  }
//	}
//
// dispatch_mask is a hex string (default all lanes). lod is one value for
// every lane, or 2 to 32 values, one per lane from lane 0 (a bare number is
// read as a one-value list; default [0]); an instruction with more lanes
// than values gets 0 for the rest, with a warning from Simulate. Surfaces
// are keyed as the disassembly prints them ("T6") or by their declared
// name; in each, "type" is required and missing numbers are 0.
type SurfaceFile struct {
	DispatchMask ExecMask
	LOD          []uint32
	Surfaces     map[string]Surface
}

// NewSurfaceFile returns a file with every lane dispatched, LOD 0 for every
// lane and no surfaces.
func NewSurfaceFile() *SurfaceFile {
	return &SurfaceFile{DispatchMask: AllLanes, LOD: []uint32{0}, Surfaces: map[string]Surface{}}
}

// SurfaceFor returns the surface described for in: the entry keyed by its
// printed name (SurfaceName, e.g. "T6"), else the one keyed by its declared
// name (SurfaceDecl). ok is false when neither exists.
func (f *SurfaceFile) SurfaceFor(in *decoder.Info) (Surface, bool) {
	if f == nil || in == nil {
		return Surface{}, false
	}
	if s, ok := f.Surfaces[in.SurfaceName()]; ok && in.SurfaceName() != "" {
		return s, true
	}
	if s, ok := f.Surfaces[in.SurfaceDecl()]; ok && in.SurfaceDecl() != "" {
		return s, true
	}
	return Surface{}, false
}

// Env returns the simulation environment for in: its surface (DefaultSurface
// when the file has none), the file's LOD values and dispatch mask, and
// 32-byte GRFs. A nil file gives NewSurfaceFile's environment.
func (f *SurfaceFile) Env(in *decoder.Info) Env {
	if f == nil {
		f = NewSurfaceFile()
	}
	s, ok := f.SurfaceFor(in)
	if !ok {
		s = DefaultSurface()
	}
	return Env{Surface: s, LOD: slices.Clone(f.LOD), Dispatch: f.DispatchMask, GRFBytes: 32}
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
	p := &fileParser{name: name, data: data}
	f, err := p.parse()
	if err != nil {
		return nil, err
	}
	return f, nil
}

type fileParser struct {
	name string
	data []byte
}

// errAt names the file and key path. Key paths (and the numbers quoted by
// the callers) are cut to 40 bytes: a megabyte key would otherwise be
// repeated whole.
func (p *fileParser) errAt(path, format string, args ...any) error {
	path = clipText(path)
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
		case "surfaces":
			names, svals, err := p.object(v, k)
			if err != nil {
				return nil, err
			}
			for _, sn := range names {
				path := join(k, sn)
				if strings.TrimSpace(sn) == "" {
					return nil, p.errAt(k, "empty surface name")
				}
				s, err := p.surface(svals[sn], path)
				if err != nil {
					return nil, err
				}
				f.Surfaces[sn] = s
			}
		default:
			return nil, p.errAt(k, "unknown key (expected dispatch_mask, lod or surfaces)")
		}
	}
	return f, nil
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
		return Surface{}, p.errAt(join(path, "type"), "missing (one of 1d, 1d_array, 2d, 2d_array, 3d, cube)")
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
// order, surfaces sorted by name, two-space indentation, one surface per
// line, a final newline. It refuses a file that ParseSurfaceFile would
// refuse (an out-of-range surface, an empty or too long lod list, an empty
// surface name). A nil file marshals as NewSurfaceFile.
func (f *SurfaceFile) Marshal() ([]byte, error) {
	if f == nil {
		f = NewSurfaceFile()
	}
	if len(f.LOD) == 0 || len(f.LOD) > MaxLODs {
		return nil, fmt.Errorf("lod: %d values: give one value for every lane or one per lane (up to %d)", len(f.LOD), MaxLODs)
	}
	var b bytes.Buffer
	b.WriteString("{\n  \"dispatch_mask\": \"" + f.DispatchMask.String() + "\",\n  \"lod\": [")
	for i, v := range f.LOD {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatUint(uint64(v), 10))
	}
	b.WriteString("],\n  \"surfaces\": {")
	names := make([]string, 0, len(f.Surfaces))
	for n := range f.Surfaces {
		names = append(names, n)
	}
	slices.Sort(names)
	for i, n := range names {
		s := f.Surfaces[n]
		if strings.TrimSpace(n) == "" {
			return nil, errors.New("surfaces: empty surface name")
		}
		if err := s.Validate(); err != nil {
			return nil, fmt.Errorf("surfaces.%s.%w", n, err)
		}
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(n)
		b.WriteString("\n    ")
		b.Write(key)
		b.WriteString(": {\"type\": \"" + s.Type.String() + "\"")
		for _, fs := range fieldSpecs {
			b.WriteString(", \"" + fs.Key + "\": " + strconv.FormatUint(uint64(*fs.ptr(&s)), 10))
		}
		b.WriteByte('}')
	}
	if len(names) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("}\n}\n")
	return b.Bytes(), nil
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
