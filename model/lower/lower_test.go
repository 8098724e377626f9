package lower

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/native"
	"infoscope/decoder/visatext"
	"infoscope/sampledata/testkit"
)

// pairs are the vISA text and the Gen assembly IGC made of it, read where
// they live (not copied): the generated kernels' in decoder/native's
// testdata, the real SYCL dump set's in model/diff's (see the README and
// PROVENANCE.md there).
var pairs = []struct{ visa, asm string }{
	{nativeData + "info22_channels.visaasm", nativeData + "info22_channels.DG2.asm"},
	{nativeData + "g1.visaasm", nativeData + "g1.SKL.asm"},
	{nativeData + "g1.visaasm", nativeData + "g1.TGLLP.asm"},
	{nativeData + "g1.visaasm", nativeData + "g1.DG2.asm"},
	{nativeData + "info22_channels.visaasm", nativeData + "info22_channels.PVC.asm"},
	{syclSet + "OCL_asm23954d4a795eca46_simd32_entry_0001.visaasm", syclSet + "OCL_asm23954d4a795eca46_simd32_entry_0001.asm"},
	{syclSet + "OCL_asm23954d4a795eca46_simd32_entry_0002.visaasm", syclSet + "OCL_asm23954d4a795eca46_simd32_entry_0002.asm"},
	{syclSet + "OCL_asm23954d4a795eca46_simd32_entry_0003.visaasm", syclSet + "OCL_asm23954d4a795eca46_simd32_entry_0003.asm"},
}

// nativeData is decoder/native's testdata folder, syclSet model/diff's
// dump set.
const (
	nativeData = "../../decoder/native/testdata/"
	syclSet    = "../../model/diff/testdata/dumpset/"
)

func load(t testing.TB, visa, asm string) (*decoder.File, *decoder.Stream, *Join, []byte) {
	t.Helper()
	vb, ab := testkit.ReadFile(t, visa), testkit.ReadFile(t, asm)
	f := visatext.Decode(visa, vb, decoder.Options{})
	if len(f.Errors) > 0 || len(f.Streams) == 0 {
		t.Fatalf("%s: %v", visa, f.Errors)
	}
	nf := native.Parse(filepath.Base(asm), ab)
	if len(nf.Errors) > 0 {
		t.Fatalf("%s: %v", asm, nf.Errors)
	}
	j := New(nf)
	for _, s := range f.Streams {
		if j.MatchesBody(f, s) {
			return f, s, j, ab
		}
	}
	t.Fatalf("%s: no body named %q", visa, nf.Kernel)
	return nil, nil, nil, nil
}

var tagRE = regexp.MustCompile(`(?:^|[ ;])\$(\d+)(?:&\d+)?(?::%\d+)?(?:\s|$)`)

// TestJoinCounts: every native line with a $N is joined to vISA
// instruction N of its body, and each $N has as many native lines as the
// .asm text holds (counted here from the text by other means).
func TestJoinCounts(t *testing.T) {
	for _, p := range pairs {
		_, s, j, ab := load(t, p.visa, p.asm)
		want := map[int]int{}
		for _, l := range strings.Split(string(ab), "\n") {
			tl := strings.TrimSpace(l)
			if tl == "" || strings.HasPrefix(tl, "//") {
				continue
			}
			if i := strings.LastIndex(l, "//"); i >= 0 {
				if m := tagRE.FindStringSubmatch(l[i+2:]); m != nil {
					n, _ := strconv.Atoi(m[1])
					want[n]++
				}
			}
		}
		lines := 0
		for n, c := range want {
			if n >= s.NumInsts() {
				t.Errorf("%s: $%d past the %d instructions of %s", p.asm, n, s.NumInsts(), p.visa)
			}
			if got := len(j.Native(n)); got != c {
				t.Errorf("%s: $%d: %d native lines joined, the text has %d", p.asm, n, got, c)
			}
			lines += c
		}
		if j.Tagged() != len(want) {
			t.Errorf("%s: %d $N joined, %d in the text", p.asm, j.Tagged(), len(want))
		}
		t.Logf("%s: %d native lines joined to %d vISA instructions of %d", p.asm, lines, len(want), s.NumInsts())
	}
}

// TestLoweringInfo22 checks the findings on GenX_IR's DG2 code for the
// coverage kernel: SIMD32 INFO answered by one SIMD16 message leave lanes
// 16-31 without a result; the rest agree.
func TestLoweringInfo22(t *testing.T) {
	_, s, j, _ := load(t, nativeData+"info22_channels.visaasm", nativeData+"info22_channels.DG2.asm")
	var in decoder.Info
	lanes, other := 0, 0
	for k := 0; k < s.NumInfos(); k++ {
		s.ReadInfo(k, &in)
		l := j.Info(&in)
		if len(l.Sends) != 1 {
			t.Errorf("$%d: %d sampler sends", in.Inst, len(l.Sends))
		}
		for _, f := range l.Findings {
			switch {
			case f.Check == "lanes" && in.ExecSize() == 32 && strings.Contains(f.Text, "lanes 16-31 of the INFO get no result"):
				lanes++
			default:
				other++
				t.Errorf("$%d (%s exec %d): %v", in.Inst, in.Channels(), in.ExecSize(), f)
			}
		}
		if in.ExecSize() == 32 && len(l.Findings) == 0 {
			t.Errorf("$%d: a SIMD32 INFO without a lanes finding", in.Inst)
		}
	}
	if lanes != 30 {
		t.Errorf("%d SIMD32 lanes findings, want 30 (one per channel mask and op)", lanes)
	}
	if r := j.Register("res"); r != "r18.0" {
		t.Errorf("res in %q, want r18.0", r)
	}
}

// TestLoweringPVC checks the PVC dump set of the coverage kernel
// (GenX_IR's text and code for PVC): every INFO joins to one sampler send
// whose descriptor the .asm shows, and nothing disagrees. PVC's registers are 64 bytes, so a SIMD16
// message answers one register per channel and a SIMD32 one (exec sizes
// 8 and 32: IGC sends SIMD32 when the exec size is not PVC's native 16)
// two; with 32-byte registers every response length would be half the
// expected one.
func TestLoweringPVC(t *testing.T) {
	_, s, j, _ := load(t, nativeData+"info22_channels.PVC.visaasm", nativeData+"info22_channels.PVC.asm")
	var in decoder.Info
	for k := 0; k < s.NumInfos(); k++ {
		s.ReadInfo(k, &in)
		l := j.Info(&in)
		if len(l.Sends) != 1 {
			t.Errorf("$%d: %d sampler sends", in.Inst, len(l.Sends))
			continue
		}
		m := l.Sends[0].Sampler
		wantRlen := uint32(len(in.Channels()))
		if in.ExecSize() != 16 {
			wantRlen *= 2
		}
		if m.Gen != native.PVC || m.Rlen != wantRlen {
			t.Errorf("$%d (%s exec %d): family %v, rlen %d, want PVC and %d", in.Inst, in.Channels(), in.ExecSize(), m.Gen, m.Rlen, wantRlen)
		}
		for _, f := range l.Findings {
			t.Errorf("$%d (%s exec %d): %v", in.Inst, in.Channels(), in.ExecSize(), f)
		}
	}
	if s.NumInfos() != 90 {
		t.Errorf("%d INFO, the kernel has 90", s.NumInfos())
	}
}

// TestLoweringGenerated runs the checks over the generated kernel on
// three platforms: the findings are those GenX_IR's lowering explains
// (SIMD32 halves, emasks moved to M0, (W) added or dropped), never a
// message type, response length, channel mask or BTI disagreement.
func TestLoweringGenerated(t *testing.T) {
	for _, asm := range []string{"g1.SKL.asm", "g1.TGLLP.asm", "g1.DG2.asm"} {
		_, s, j, _ := load(t, nativeData+"g1.visaasm", nativeData+asm)
		var in decoder.Info
		counts := map[string]int{}
		for k := 0; k < s.NumInfos(); k++ {
			s.ReadInfo(k, &in)
			l := j.Info(&in)
			for _, f := range l.Findings {
				counts[f.Check]++
				off, exec := in.Mask.LaneOffset(), in.ExecSize()
				switch {
				case f.Check == "lanes" && exec == 32:
				case f.Check == "emask" && exec >= 8 && off%exec != 0: // not aligned: compiled as M0
				case f.Check == "nomask":
				default:
					t.Errorf("%s $%d (%s %s exec %d %s): %v", asm, in.Inst, in.Op(), in.Channels(), in.ExecSize(), in.Mask, f)
				}
			}
		}
		t.Logf("%s: %d INFO, findings %v", asm, s.NumInfos(), counts)
		want32, wantEmask := 0, 0
		for k := 0; k < s.NumInfos(); k++ {
			s.ReadInfo(k, &in)
			if in.ExecSize() == 32 {
				want32++
			}
			if e := in.ExecSize(); e >= 8 && in.Mask.LaneOffset()%e != 0 {
				wantEmask++
			}
		}
		if counts["lanes"] != want32 || counts["emask"] != wantEmask {
			t.Errorf("%s: %d lanes and %d emask findings, want %d (SIMD32 INFO) and %d (emasks not aligned to the exec size)", asm, counts["lanes"], counts["emask"], want32, wantEmask)
		}
	}
}

func BenchmarkJoinDumpSet(b *testing.B) {
	var vb, ab [][]byte
	for _, p := range pairs[5:] {
		vb, ab = append(vb, testkit.ReadFile(b, p.visa)), append(ab, testkit.ReadFile(b, p.asm))
	}
	for b.Loop() {
		for i := range vb {
			f := visatext.Decode("k.visaasm", vb[i], decoder.Options{})
			j := New(native.Parse("k.asm", ab[i]))
			var in decoder.Info
			for _, s := range f.Streams {
				for k := 0; k < s.NumInfos(); k++ {
					s.ReadInfo(k, &in)
					j.Info(&in)
				}
			}
		}
	}
}

// A .asm is joined to the body it names, or, when IGC spelled the name
// otherwise, to the first body of the vISA text of its stem (the
// kernel; functions follow it), never to a function.
func TestMatchesBody(t *testing.T) {
	f := &decoder.File{Streams: []*decoder.Stream{{Kernel: "k"}, {Kernel: "f1"}}}
	for _, c := range []struct {
		asm  string
		body int
		want bool
	}{{"k", 0, true}, {"k", 1, false}, {"f1", 1, true}, {"f1", 0, false}, {"other", 0, true}, {"other", 1, false}} {
		j := New(&native.File{Kernel: c.asm})
		if got := j.MatchesBody(f, f.Streams[c.body]); got != c.want {
			t.Errorf(".asm %q, body %d: %v, want %v", c.asm, c.body, got, c.want)
		}
	}
}
