package dump

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func exists(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.Mode().IsRegular()
}

func runSet(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(args, Env{Stdout: &out, Stderr: &errb, Open: os.ReadFile, Exists: exists})
	return out.String(), errb.String(), code
}

// jsonObj is a JSON record read without a schema.
type jsonObj = map[string]any

// records reads each line of out as a JSON record.
func records[R any](t *testing.T, out string) []R {
	t.Helper()
	var rs []R
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r R
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		rs = append(rs, r)
	}
	return rs
}

// Two dump sets, read where they live: GenX_IR's text and assembly of the
// INFO coverage kernel (decoder/native's inputs) and one kernel of the
// real SYCL dump folder (model/diff's), each with its .asm beside it.
var info22 = "../../decoder/native/testdata/info22_channels.DG2.visaasm"
var sycl3 = "../../model/diff/testdata/dumpset/OCL_asm23954d4a795eca46_simd32_entry_0003.visaasm"

// The INFO records of a dump set carry the sampler send each became and
// the lowering findings: SIMD32 INFO answered by a SIMD16 message, the
// rest none.
func TestDumpSetSendAndLowering(t *testing.T) {
	out, errs, code := runSet(t, "--json", info22)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rs := records[jsonObj](t, out)
	if len(rs) != 90 {
		t.Fatalf("%d records", len(rs))
	}
	for _, r := range rs {
		if _, ok := r["llvm"]; ok {
			t.Errorf("$%v: an llvm key without a .visa.ll", r["index"])
		}
		send, ok := r["send"].(map[string]any)
		if !ok {
			t.Fatalf("$%v: no send: %v", r["index"], r["send"])
		}
		if send["message"] != r["op"] || send["sfid"] != "smpl" || send["desc_register"] != "r82.0" || send["bti"] != nil {
			t.Errorf("$%v: send %v", r["index"], send)
		}
		if regs := r["registers"].(map[string]any); regs["dst"] != "r18.0" {
			t.Errorf("$%v: registers %v", r["index"], regs)
		}
		if n := len(r["native"].([]any)); n < 1 {
			t.Errorf("$%v: %d native lines", r["index"], n)
		}
		low := r["lowering"].([]any)
		if r["exec_size"].(float64) == 32 {
			if len(low) != 1 || low[0].(map[string]any)["check"] != "lanes" || send["simd_mode"] != "simd16" {
				t.Errorf("$%v: SIMD32 lowering %v, simd_mode %v", r["index"], low, send["simd_mode"])
			}
		} else if len(low) != 0 {
			t.Errorf("$%v: findings %v", r["index"], low)
		}
		// The header's channel-disable bits give the INFO's channels.
		if cd, ok := send["channel_disable"].(float64); ok {
			names := "RGBA"
			got := ""
			for k := 0; k < 4; k++ {
				if int(cd)&(1<<k) == 0 {
					got += names[k : k+1]
				}
			}
			if got != r["channels"] {
				t.Errorf("$%v: header enables %q, INFO %q", r["index"], got, r["channels"])
			}
		} else if send["header"].(float64) == 1 {
			t.Errorf("$%v: a header whose channel mask is not shown", r["index"])
		}
	}
}

// With --all every record of a dump set has "native": the lines tagged
// with its $N, all of the .asm's tagged lines between them.
func TestDumpSetAllNative(t *testing.T) {
	out, errs, code := runSet(t, "--json", "--all", sycl3)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := 0
	for _, r := range records[jsonObj](t, out) {
		n, ok := r["native"].([]any)
		if !ok {
			t.Fatalf("$%v: no native key", r["index"])
		}
		for _, x := range n {
			if x.(map[string]any)["text"] == "" {
				t.Errorf("$%v: empty native line", r["index"])
			}
		}
		lines += len(n)
	}
	if lines != 49 { // the .asm's lines tagged $N (model/lower's TestJoinCounts counts them)
		t.Errorf("%d native lines joined, want 49", lines)
	}
	// The .visa.ll beside it: 45 lines tagged with 33 ids (decoder/native's
	// TestParseLLReal counts them in the file).
	ll, ids := 0, 0
	for _, r := range records[jsonObj](t, out) {
		l, ok := r["llvm"].([]any)
		if !ok {
			t.Fatalf("$%v: no llvm key", r["index"])
		}
		if len(l) > 0 {
			ids++
		}
		ll += len(l)
		if r["index"] == 14.0 && (len(l) != 1 || l[0].(map[string]any)["text"] != "%15 = zext i16 %localIdX to i64" || l[0].(map[string]any)["line"] != 20.0) {
			t.Errorf("$14: llvm %v", l)
		}
	}
	if ll != 45 || ids != 33 {
		t.Errorf("%d LLVM lines of %d ids, want 45 of 33", ll, ids)
	}
}

func TestDumpSetBodies(t *testing.T) {
	out, errs, code := runSet(t, "--json", "--bodies", sycl3)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rs := records[jsonObj](t, out)
	if len(rs) != 1 {
		t.Fatalf("%d records", len(rs))
	}
	r := rs[0]
	parts := r["parts"].(map[string]any)
	if r["native_instructions"] != 72.0 || r["grf"] != 256.0 || r["ra"] != "LOCAL_ROUND_ROBIN_RA" || r["spill_bytes"] != 0.0 ||
		r["instructions"] != 59.0 || !strings.HasSuffix(parts["asm"].(string), "_0003.asm") || !strings.HasSuffix(parts["visa_ll"].(string), "_0003.visa.ll") || parts["dyn_perf"] != "" {
		t.Errorf("%v", r)
	}
	out, _, _ = runSet(t, "--bodies", sycl3)
	if !strings.Contains(out, "59 vISA instructions, 72 native instructions (XE2), 256 GRF, RA LOCAL_ROUND_ROBIN_RA, 0 spill bytes, asm ") {
		t.Errorf("text: %q", out)
	}
}

// A lone .asm opens as native code.
func TestDumpLoneASM(t *testing.T) {
	asm := "../../decoder/native/testdata/info22_channels.DG2.asm"
	out, errs, code := runSet(t, asm)
	if code != ExitOK || !strings.Contains(out, asm+":356: $85  send.smpl (32|M0)") || strings.Count(out, "\n") != 291 {
		t.Errorf("exit %d %q: %d lines", code, errs, strings.Count(out, "\n"))
	}
	out, _, _ = runSet(t, "--json", asm)
	rs := records[jsonObj](t, out)
	if len(rs) != 291 || rs[0]["native"] != true || rs[0]["index"] != nil || rs[len(rs)-1]["index"] != 90.0 {
		t.Errorf("%d records, first %v, last %v", len(rs), rs[0], rs[len(rs)-1])
	}
}

// A lone .asm's --bodies record carries the same statistics as a dump
// set's body, //.GRF count included (it was left null for a lone .asm).
func TestDumpLoneASMBodiesGRFUsed(t *testing.T) {
	data, err := os.ReadFile("../../decoder/native/testdata/g1.DG2.asm")
	if err != nil {
		t.Fatal(err)
	}
	// IGC writes //.GRF count beside //.RA type in newer builds.
	data = bytes.Replace(data, []byte("//.RA type"), []byte("//.GRF count 97\n//.RA type"), 1)
	asm := filepath.Join(t.TempDir(), "g1.DG2.asm")
	if err := os.WriteFile(asm, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runSet(t, "--json", "--bodies", asm)
	rs := records[jsonObj](t, out)
	if code != ExitOK || len(rs) != 1 || rs[0]["grf_used"] != 97.0 || rs[0]["grf"] != 128.0 || rs[0]["native_instructions"] == nil {
		t.Fatalf("exit %d %q: %v", code, errs, rs)
	}
}

// On PVC (64-byte registers) GenX_IR answers INFO of 8 and 32 lanes with
// a SIMD32 message and INFO of 16 lanes with a SIMD16 one: every record
// carries its send and no lowering finding (the response length counted
// in PVC's registers, not in 32-byte ones).
func TestDumpSetPVC(t *testing.T) {
	out, errs, code := runSet(t, "--json", "../../decoder/native/testdata/info22_channels.PVC.visaasm")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rs := records[jsonObj](t, out)
	if len(rs) != 90 {
		t.Fatalf("%d records", len(rs))
	}
	want := map[float64]string{8: "simd32", 16: "simd16", 32: "simd32"}
	for _, r := range rs {
		send, ok := r["send"].(map[string]any)
		if !ok {
			t.Fatalf("$%v: no send: %v", r["index"], r["send"])
		}
		if send["message"] != r["op"] || send["simd_mode"] != want[r["exec_size"].(float64)] {
			t.Errorf("$%v: exec size %v: send %v", r["index"], r["exec_size"], send)
		}
		if low := r["lowering"].([]any); len(low) != 0 {
			t.Errorf("$%v: findings %v", r["index"], low)
		}
	}
}

// A dump set whose .asm names PVC lays its dst out in 64-byte registers
// unless --grf or the surface file's grf_bytes says otherwise; a DG2 set
// keeps 32-byte ones. A SIMD16 channel (64 bytes) is one PVC register,
// two DG2 ones.
func TestDumpSetGRF(t *testing.T) {
	pvc := "../../decoder/native/testdata/info22_channels.PVC.visaasm"
	sf := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(sf, []byte(`{"grf_bytes": 32}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args          []string
		grf           float64
		simd16Channel string
	}{
		{[]string{pvc}, 64, "res+GRF0"},
		{[]string{"--grf", "32", pvc}, 32, "res+GRF0..1"},
		{[]string{"--surfaces", sf, pvc}, 32, "res+GRF0..1"},
		{[]string{"--grf", "64", info22}, 64, "res+GRF0"},
		{[]string{info22}, 32, "res+GRF0..1"},
	} {
		args := append([]string{"--json", "--all", "--dmask", "0xffffffff"}, c.args...)
		out, errs, code := runSet(t, args...)
		if code != ExitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		n16 := 0
		for _, r := range records[jsonObj](t, out) {
			dl, ok := r["dst_layout"].(map[string]any)
			if r["op"] == nil {
				continue // not an INFO
			}
			if !ok || dl["grf_bytes"] != c.grf {
				t.Fatalf("%v: $%v: dst_layout %v", args, r["index"], r["dst_layout"])
			}
			if r["exec_size"] == 16.0 {
				n16++
				if ch := dl["chunks"].([]any)[0].(map[string]any); ch["grfs"] != c.simd16Channel {
					t.Errorf("%v: $%v: first chunk %v, want grfs %s", args, r["index"], ch, c.simd16Channel)
				}
			}
		}
		if n16 == 0 {
			t.Errorf("%v: no SIMD16 INFO", args)
		}
	}
}
