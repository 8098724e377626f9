package dump

import (
	"io"
	"os"
	"testing"

	"infoscope/decoder"
	"infoscope/tui/fsio"
)

func BenchmarkZZCorpus(b *testing.B) {
	dir := os.Getenv("CORPUS")
	if dir == "" {
		b.Skip("CORPUS")
	}
	for b.Loop() {
		Run([]string{"--json", "--all", dir}, Env{Stdout: io.Discard, Stderr: io.Discard,
			Open: func(name string) ([]byte, error) { return fsio.ReadFile(name, decoder.Options{}) }, Read: fsio.ReadFile,
			Folder: fsio.FolderFiles, Exists: fsio.RegularFile})
	}
}
