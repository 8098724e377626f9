package drv

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"infoscope/decoder/internal/visagen"
)

// One instruction per kernel: find the forms GenX_IR refuses.
func TestForms(t *testing.T) {
	ks := visagen.Generate(visagen.Config{Seed: 1, Kernels: 3000, Insts: 1})
	dir := t.TempDir()
	var mu sync.Mutex
	bad := map[string]int{}
	ex := map[string]string{}
	sem := make(chan bool, 4)
	var wg sync.WaitGroup
	for i, k := range ks {
		wg.Add(1)
		sem <- true
		go func() {
			defer wg.Done(); defer func() { <-sem }()
			d := filepath.Join(dir, fmt.Sprint(i))
			os.Mkdir(d, 0o755)
			os.WriteFile(filepath.Join(d, "k.visaasm"), k.Text, 0o644)
			cmd := exec.Command("GenX_IR", "k.visaasm", "-platform", string(k.Platform), "-dumpcommonisa", "-asmOutput", "out", "-stopafter", "HWConformityChk")
			cmd.Dir = d
			out, err := cmd.CombinedOutput()
			if e, err2 := os.ReadFile(filepath.Join(d, "out.errors.txt")); err2 == nil { out = e }
			if err != nil {
				lines := strings.Split(string(k.Text), "\n")
				var inst string
				for _, l := range lines { if strings.HasPrefix(l, "    ") && !strings.HasPrefix(l, "    ret") { inst = strings.TrimSpace(l); break } }
				m := inst
				if strings.HasPrefix(m, "(") { m = m[strings.Index(m, ")")+1:] }
				f := strings.Fields(m); if len(f) == 0 { f = []string{"?"} }
				key := string(k.Platform) + " " + strings.Split(f[0], ".")[0]
				os.MkdirAll("/tmp/oracle-x/fail", 0o755); os.WriteFile("/tmp/oracle-x/fail/"+strings.ReplaceAll(key, " ", "_")+".visaasm", k.Text, 0o644)
				mu.Lock(); bad[key]++; if _, ok := ex[key]; !ok { o := string(out); var keep []string; for _, l := range strings.Split(o, "\n") { if strings.Contains(l, "Message") || strings.Contains(l, "error") || strings.Contains(l, "rror:") || strings.Contains(l, "in instruction") || strings.HasPrefix(strings.TrimSpace(l), "*") { keep = append(keep, strings.TrimSpace(l)) } }; o = strings.Join(keep, "\n"); if len(o) > 1500 { o = o[:1500] }; ex[key] = inst + "\n" + o }; mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for k, v := range bad { t.Logf("%s: %d\n%s", k, v, ex[k]) }
}
