package decoder

import "fmt"

// The diagnostics catalogue: every kind of bad value the decoder reports,
// an Instruction's (found while decoding its operands) and an Info's
// (found on demand, Info.Diagnostics), with its one message. A
// diagnostic is recorded as a code, the operand's role and the value, and
// formatted only when asked for.

// diagCode is one kind of bad value.
type diagCode uint8

const (
	dgNone          diagCode = iota
	dgVarOutside             // general-variable id outside the declared table
	dgVarReserved            // a reserved predefined id (22..31)
	dgRegion                 // a region code above 7
	dgTypeCode               // a type byte outside the 4-bit enum
	dgModifier               // modifier 6 or 7
	dgStateClass             // state operand class other than surface/sampler
	dgAddrOutside            // address id outside the declared table
	dgPredOutside            // predicate id outside the declared table
	dgLabelOutside           // label index outside the label table
	dgSurfOutside            // surface index outside the surface table
	dgSampOutside            // sampler index outside the sampler table
	dgExecSize               // exec-size code >= 6
	dgStringOutside          // string index outside the string pool
	dgTruncated              // the row reads past the instruction (table and walk disagree)
	dgTooMany                // more operands than the instruction model holds
	dgNoText                 // the opcode has no text form: printed in the fallback form
	// INFO's own, from its fields (Info.Diagnostics).
	dgInfoSub      // a sub-op neither resinfo nor sampleinfo
	dgReservedOp   // seed layout: op bits 7..5 set (val: those bits)
	dgExecOver     // exec size + lane offset past 32 lanes (val: the exec byte)
	dgReservedExec // seed layout: exec bit 3 set
	dgEmask30      // version 3.0: an emask nibble with no meaning (val: the nibble)
	dgReservedChan // channel-mask bits 7..4 set (val: those bits)
	dgChanZero     // no channel returned
	dgVarSize      // a raw operand's bytes run past its variable (aux: offset | bytes needed << 16)
	dgRawAlign     // a raw operand off a register in a variable of one or more (aux: its offset)
)

type diag struct {
	code diagCode
	role string
	val  uint32
	aux  uint32
}

// diagWhere is what a message names beside the diagnostic: the tables, and
// for an Instruction's, its mnemonic and length. info: an Info's message,
// which names its operand "dst variable id ..." where an Instruction's
// says "dst: variable id ...".
type diagWhere struct {
	sym      *Symbols
	info     bool
	mnemonic string
	len      int
}

// text returns d's message.
func (d diag) text(w diagWhere) string {
	sym := w.sym
	var msg string
	switch d.code {
	case dgVarOutside:
		msg = fmt.Sprintf("variable id %d is outside the variable table (V0..V%d)", d.val, NumPredefinedVars+len(sym.Vars)-1)
	case dgVarReserved:
		msg = fmt.Sprintf("variable id %d is a reserved predefined id", d.val)
	case dgVarSize:
		name, _ := sym.varName(d.val)
		off, need := d.aux&0xFFFF, d.aux>>16
		msg = fmt.Sprintf("%s.%d needs %d bytes from offset %d but %s holds %d bytes", name, off, need, off, name, sym.Var(d.val).Bytes)
	case dgRawAlign:
		name, _ := sym.varName(d.val)
		root, off := rawRoot(sym, RawOperand{ID: d.val, Offset: uint16(d.aux)})
		msg = fmt.Sprintf("%s.%d starts at byte %d of %s (%d bytes), not on a %d-byte register: IGC's verifier refuses it", name, d.aux, off, root.Name, root.Bytes, rawAlign)
	case dgRegion:
		msg = fmt.Sprintf("region 0x%03x has a stride or width code above 7", d.val)
	case dgTypeCode:
		msg = fmt.Sprintf("type byte 0x%02x is outside the type enum (0-15); printed as %s", d.val, TypeName(uint8(d.val)&0xF))
	case dgModifier:
		msg = fmt.Sprintf("modifier code %d is undefined (0-5)", d.val)
	case dgStateClass:
		msg = fmt.Sprintf("state class %d is neither surface (0) nor sampler (1)", d.val)
	case dgAddrOutside:
		msg = fmt.Sprintf("address A%d is outside the address table (%d declared)", d.val, sym.Addrs)
	case dgPredOutside:
		msg = fmt.Sprintf("predicate P%d is outside the predicate table (P1..P%d)", d.val, sym.Preds)
	case dgLabelOutside:
		msg = fmt.Sprintf("label %d is outside the label table (%d labels)", d.val, len(sym.Labels))
	case dgSurfOutside:
		msg = fmt.Sprintf("surface index %d is outside the surface table (T0..T%d)", d.val, NumPredefinedSurfaces+len(sym.Surfaces)-1)
	case dgSampOutside:
		msg = fmt.Sprintf("sampler S%d is outside the sampler table (%d declared, S31 bindless)", d.val, sym.Samplers)
	case dgStringOutside:
		msg = fmt.Sprintf("string index %d is outside the string pool (%d strings)", d.val, len(sym.Strings))
	case dgTruncated:
		msg = fmt.Sprintf("the operand layout reads past the instruction's %d bytes", w.len)
	// The messages below name no operand.
	case dgExecSize:
		return fmt.Sprintf("exec-size code %d is illegal: expected 0..5 (1 to 32 lanes)", d.val)
	case dgTooMany:
		return "more operands than the instruction model holds; the rest are not shown"
	case dgNoText:
		return fmt.Sprintf("%s has no text form here; printed as its mnemonic and operands", w.mnemonic)
	case dgInfoSub:
		return fmt.Sprintf("unknown sub-op 0x%02x: expected 0x0a (resinfo) or 0x0b (sampleinfo)", d.val)
	case dgReservedOp:
		return fmt.Sprintf("reserved op bits 7..5 are 0b%03b, expected 0", d.val)
	case dgExecOver:
		e := Exec(d.val)
		return fmt.Sprintf("exec size %d + lane offset %d (%s) = %d exceeds 32 lanes", e.Size(), e.Mask().LaneOffset(), e.Mask(), e.Size()+e.Mask().LaneOffset())
	case dgReservedExec:
		return "reserved exec bit 3 is set"
	case dgEmask30:
		return fmt.Sprintf("emask nibble %d has no meaning in version 3.0; read as M1", d.val)
	case dgReservedChan:
		return fmt.Sprintf("channel-mask bits 7..4 are 0x%x, expected 0", d.val)
	case dgChanZero:
		return "channel mask is 0: no channel is returned"
	default:
		return "unknown diagnostic"
	}
	switch {
	case w.info && d.role == "":
		return msg
	case w.info:
		return d.role + " " + msg
	case d.role == "":
		return "operand: " + msg
	}
	return d.role + ": " + msg
}

// varDiag checks a general-variable id against the tables (nil: nothing
// is checked): dgNone, dgVarReserved or dgVarOutside.
func varDiag(sym *Symbols, id uint32) diagCode {
	if sym == nil {
		return dgNone
	}
	if _, ok := sym.varName(id); ok {
		return dgNone
	}
	if id < NumPredefinedVars {
		return dgVarReserved
	}
	return dgVarOutside
}
