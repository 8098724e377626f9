package diff

import (
	"testing"

	"infoscope/decoder"
	"infoscope/decoder/visatext"
	"infoscope/sampledata/benchcpu"
	"infoscope/sampledata/dumpgen"
)

func BenchmarkCompareTriton(b *testing.B) {
	const name = "testdata/triton_matmul.visaasm"
	fa := readText(b, name, mustRead(b, name))
	fb := readText(b, name, mustRead(b, "testdata/triton_matmul.inserted.visaasm"))
	for b.Loop() {
		compareFiles(b, fa, fb)
	}
}

func BenchmarkReadTriton(b *testing.B) {
	const name = "testdata/triton_matmul.visaasm"
	text := mustRead(b, name)
	for b.Loop() {
		readText(b, name, text)
	}
}

// genPair generates two builds of n kernels of insts instructions: the
// second changed as dumpgen.Change says.
func genPair(tb testing.TB, n, insts int) (a, b []*decoder.File, added, changed int) {
	ka := dumpgen.Build(1, n, insts)
	kb, added, changed := dumpgen.Change(ka)
	for i := range ka {
		a = append(a, readText(tb, ka[i].Name+".visaasm", ka[i].Text))
		b = append(b, readText(tb, kb[i].Name+".visaasm", kb[i].Text))
	}
	return a, b, added, changed
}

// TestGenerated: generated builds: exactly the insertion and the edited
// immediate of each kernel.
func TestGenerated(t *testing.T) {
	a, b, added, changed := genPair(t, 6, 800)
	p := PairBodies(Bodies(a), Bodies(b))
	var na, nc int
	for _, pr := range p.Pairs {
		k := Compare(pr.A, pr.B, Options{})
		for _, c := range k.Changes {
			switch c.Kind {
			case Added:
				na++
			case Changed:
				nc++
				if len(c.Fields) != 1 || c.Fields[0].Name != "src1 immediate" && c.Fields[0].Name != "src0 immediate" {
					t.Errorf("%s: %+v", k.Name, c)
				}
			default:
				t.Errorf("%s: %+v", k.Name, c)
			}
		}
	}
	if na != added || nc != changed {
		t.Errorf("added %d changed %d, want %d %d", na, nc, added, changed)
	}
}

// BenchmarkDumpSets: two 60-kernel dump sets of about 10 MB each, read
// and compared (the aim: under 2 s on 2 cores). Compare runs one
// pair per core, as the command does.
func BenchmarkDumpSets(b *testing.B) {
	ka := dumpgen.Build(1, 60, 1900)
	kb, _, _ := dumpgen.Change(ka)
	size := 0
	for i := range ka {
		size += len(ka[i].Text)
	}
	benchcpu.Measure(b, "op", 1)
	for b.Loop() {
		var fa, fb []*decoder.File
		for i := range ka {
			fa = append(fa, visatext.Read(ka[i].Name, []byte(ka[i].Text)))
			fb = append(fb, visatext.Read(kb[i].Name, []byte(kb[i].Text)))
		}
		p := PairBodies(Bodies(fa), Bodies(fb))
		CompareAll(p.Pairs, Options{}, 2)
	}
	b.ReportMetric(float64(size)/1e6, "MB/set")
}
