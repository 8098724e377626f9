package dump

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"infoscope/decoder"
)

// BodyRecord is the JSON object --bodies prints per kernel or function:
// where the body is, whether its instructions were shipped, and the header
// tables of vISA 3.x files (format doc §2.6, §2.7).
type BodyRecord struct {
	File   string   `json:"file"`
	Kernel string   `json:"kernel"`
	Body   BodyInfo `json:"body"`
}

// BodyInfo is the "body" key of a BodyRecord.
type BodyInfo struct {
	Kind    string `json:"kind"` // kernel or function
	Version string `json:"version"`
	// LSCLayout is the LSC operand layout the bodies were walked with,
	// for version 4 objects: "2023" (ss_idx after the surface, IGC from
	// 2023-07-26) or "2022" (without); "" for older versions.
	LSCLayout    string       `json:"lsc_layout,omitempty"`
	Offset       uint32       `json:"offset"` // absolute file offset of the body
	Size         uint32       `json:"size"`   // the header's body size
	Stripped     bool         `json:"stripped"`
	CodeOffset   int64        `json:"code_offset"` // absolute offset of the first instruction
	CodeSize     uint32       `json:"code_size"`
	Instructions *int         `json:"instructions"` // null when not walked (stripped, damaged)
	Error        string       `json:"error,omitempty"`
	VarRelocs    [][2]uint16  `json:"variable_relocations"` // [symbolic, resolved]
	FuncRelocs   [][2]uint16  `json:"function_relocations"`
	FileVars     []FileVarRec `json:"file_scope_variables"`
	Aliases      []AliasRec   `json:"file_scope_aliases"`
	GenBinaries  []GenRec     `json:"gen_binaries"`
}

// FileVarRec is one file-scope variable.
type FileVarRec struct {
	Name     string `json:"name"`
	Linkage  string `json:"linkage"`
	Type     string `json:"type"`
	Elements uint16 `json:"elements"`
}

// AliasRec is a general variable that aliases a file-scope variable.
type AliasRec struct {
	ID        int    `json:"id"`
	Name      string `json:"name"`
	FileScope string `json:"file_scope"`
	Offset    uint16 `json:"offset"`
}

// GenRec is a kernel's Gen binary.
type GenRec struct {
	Platform uint8  `json:"platform"`
	Offset   uint32 `json:"offset"`
	Size     uint32 `json:"size"`
}

// NewBodyRecords returns one record per body of an object file, in header
// order (none for a raw stream).
func NewBodyRecords(f *decoder.File) []BodyRecord {
	o := f.Object
	if o == nil {
		return nil
	}
	fvs := make([]FileVarRec, len(o.FileVars))
	for i, fv := range o.FileVars {
		fvs[i] = FileVarRec{fv.Name, decoder.LinkageName(fv.Linkage), decoder.TypeName(fv.Props & 0xF), fv.NumElements}
	}
	var out []BodyRecord
	for _, b := range o.Bodies() {
		bi := BodyInfo{Kind: b.Kind.String(), Version: o.Version.String(), LSCLayout: lscLayout(o), Offset: b.Offset, Size: b.Size, Stripped: b.Stripped,
			CodeOffset: b.CodeOffset(), CodeSize: b.CodeSize, FileVars: fvs,
			VarRelocs: relocPairs(b.VarRelocs), FuncRelocs: relocPairs(b.FuncRelocs), Aliases: []AliasRec{}, GenBinaries: []GenRec{}}
		if b.Err != nil {
			bi.Error = b.Err.Error()
		}
		if b.Stream != nil {
			n := b.Stream.NumInsts()
			bi.Instructions = &n
			if b.Stream.Err != nil && bi.Error == "" {
				bi.Error = b.Stream.Err.Error()
			}
		}
		for k := range b.Vars {
			if fv := o.FileVarFor(b, &b.Vars[k]); fv != nil {
				bi.Aliases = append(bi.Aliases, AliasRec{32 + k, b.Vars[k].Name, fv.Name, b.Vars[k].AliasOffset})
			}
		}
		for _, g := range b.GenBinaries {
			bi.GenBinaries = append(bi.GenBinaries, GenRec{g.Platform, g.Offset, g.Size})
		}
		out = append(out, BodyRecord{File: f.Name, Kernel: b.Name, Body: bi})
	}
	return out
}

func relocPairs(rs []decoder.Reloc) [][2]uint16 {
	out := make([][2]uint16, len(rs))
	for i, r := range rs {
		out[i] = [2]uint16{r.Symbolic, r.Resolved}
	}
	return out
}

// writeEach prints records: as JSON objects (C1 controls and bidi
// overrides escaped, as appendString writes strings), or each as its line.
func writeEach[R any](w io.Writer, rs []R, asJSON bool, line func(R) string) error {
	enc := json.NewEncoder(decoder.JSONGuard(w))
	enc.SetEscapeHTML(false)
	for _, r := range rs {
		var err error
		if asJSON {
			err = enc.Encode(r)
		} else {
			// Names are input (a file named "ok\x1b[2J.isa"): the line
			// is written as decoder.Display shows it.
			_, err = w.Write(append(decoder.AppendDisplay(nil, line(r)), '\n'))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// bodyLine is a body record as "FILE:KERNEL  kernel, ..." text (without
// its newline: writeEach ends it).
func bodyLine(r BodyRecord) string {
	b := r.Body
	parts := []string{fmt.Sprintf("%s %s, body 0x%x (%d bytes)", b.Kind, b.Version, b.Offset, b.Size)}
	switch b.LSCLayout {
	case "2022":
		parts[0] += ", LSC layout of 2022 (no ss_idx)"
	case "2023":
		parts[0] += ", LSC layout of 2023 (ss_idx)"
	}
	switch {
	case b.Stripped:
		parts = append(parts, "instruction stream stripped (metadata and Gen code only)")
	case b.Instructions != nil:
		parts = append(parts, fmt.Sprintf("%d instructions at 0x%x", *b.Instructions, b.CodeOffset))
	}
	if b.Error != "" {
		parts = append(parts, "error")
	}
	if len(b.VarRelocs)+len(b.FuncRelocs)+len(b.FileVars) > 0 {
		parts = append(parts, fmt.Sprintf("relocations: %d variable, %d function", len(b.VarRelocs), len(b.FuncRelocs)))
		parts = append(parts, fmt.Sprintf("%d file-scope variables, %d aliased here", len(b.FileVars), len(b.Aliases)))
	}
	for _, g := range b.GenBinaries {
		parts = append(parts, fmt.Sprintf("gen binary platform %d at 0x%x (%d bytes)", g.Platform, g.Offset, g.Size))
	}
	return r.File + ":" + r.Kernel + "  " + strings.Join(parts, ", ")
}

// lscLayout names the LSC operand layout o's bodies were walked with.
func lscLayout(o *decoder.Object) string {
	switch {
	case o.Version.Major < 4:
		return ""
	case o.LSC2022:
		return "2022"
	}
	return "2023"
}
