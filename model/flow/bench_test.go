package flow

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
	"infoscope/sampledata"
	"infoscope/sampledata/templates"
	"infoscope/sampledata/testkit"
)

// BenchmarkStreamFlow: building the data-flow view of the largest oracle
// body (large_mix_1k.isa) and analysing each of its INFO.
func BenchmarkStreamFlow(b *testing.B) {
	data := testkit.ReadFile(b, filepath.Join("..", "..", "decoder", "testdata", "oracle", "large_mix_1k.isa"))
	f := decoder.Decode("large_mix_1k.isa", data, decoder.Options{})
	s := f.Streams[0]
	benchEveryInfo(b, s)
}

// BenchmarkFlowLargeBody: the Code pane's bound (panels.MaxFlowInsts,
// 50,000 instructions): a raw stream of movs to the LOD with one INFO at the end,
// built and analysed once.
func BenchmarkFlowLargeBody(b *testing.B) {
	mov := []byte{0x29, 0x03, 0, 0, 0, 0x20, 0, 0, 0, 0, 0, 0, 0x02, 0x05, 0, 0, 0, 0, 0}
	info := []byte{0x70, 0x0a, 0x03, 0x0f, 0x06, 0x20, 0, 0, 0, 0, 0, 0x21, 0, 0, 0, 0, 0}
	code := append(bytes.Repeat(mov, 50_000-1), info...)
	s := decoder.Walk(code, 0, decoder.WalkOptions{})
	if s.NumInfos() != 1 || s.Err != nil {
		b.Fatalf("walk: %d INFO, %v", s.NumInfos(), s.Err)
	}
	b.ResetTimer()
	for b.Loop() {
		fl := NewStream(s, 32).Info(0)
		if len(fl.Sources) != 1 {
			b.Fatalf("sources %+v", fl.Sources)
		}
	}
}

// BenchmarkFlowMixedStream: `dump --all --json`'s data flow on a 1 MiB
// raw stream of the samples' instructions in a fixed pseudo-random order
// (about 50,000 instructions, 11,000 INFO, labels, jumps, calls and
// returns): building the view and analysing every INFO.
func BenchmarkFlowMixedStream(b *testing.B) {
	data := sampledata.MixedStream(1<<20, templates.Mixed())
	f := decoder.Decode("mixed.bin", data, decoder.Options{Layout: decoder.LayoutIGC})
	s := f.Streams[0]
	b.SetBytes(int64(len(data)))
	benchEveryInfo(b, s)
}

// benchEveryInfo times building s's data-flow view and analysing each of
// its INFO.
func benchEveryInfo(b *testing.B, s *decoder.Stream) {
	for b.Loop() {
		sf := NewStream(s, 32)
		for k := range s.NumInfos() {
			sf.Info(k)
		}
	}
	b.ReportMetric(float64(s.NumInsts()), "insts")
	b.ReportMetric(float64(s.NumInfos()), "infos")
}

// labelChain is a kernel of vISA text: n labels, each jumped to by a
// predicated jmp after it, between an INFO at the start and one at the
// end (issue 23: 16 MiB of label lines took minutes through dump --all
// --json; the audit's plain `L:` lines take the same path, without jumps).
func labelChain(n int) []byte {
	var b bytes.Buffer
	b.WriteString(".version 4.1\n.kernel \"chain\"\n" +
		".decl lod v_type=G type=ud num_elts=16 align=GRF\n.decl res v_type=G type=ud num_elts=64 align=GRF\n" +
		".decl P1 v_type=P num_elts=8\n.decl T6 v_type=T num_elts=1 v_name=mysurf\n" +
		"    mov (M1, 8) lod(0,0)<1> 0x0:ud\n    resinfo.RGBA (M1, 8)  T6 lod.0 res.0\n")
	for i := range n {
		fmt.Fprintf(&b, "L%d:\n    (P1) jmp (M1, 1) L%d\n", i, i)
	}
	b.WriteString("    resinfo.RGBA (M1, 8)  T6 lod.0 res.0\n    mov (M1, 8) lod(0,0)<1> res(0,0)<1;1,0>\n    ret (M1, 1)\n")
	return b.Bytes()
}

// BenchmarkFlowLabelChain: the data flow of a 1 MiB label/jump chain of
// vISA text (about 37,000 labels and as many jumps), from the decoded
// text: building the view (every line parsed into its instruction) and
// analysing both INFO.
func BenchmarkFlowLabelChain(b *testing.B) {
	data := labelChain(37_000)
	f := visatext.Read("chain.visaasm", data)
	if len(f.Streams) != 1 {
		b.Fatalf("%d streams: %v", len(f.Streams), f.Errors)
	}
	b.SetBytes(int64(len(data)))
	benchEveryInfo(b, f.Streams[0])
}
