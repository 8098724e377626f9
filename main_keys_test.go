package main

import (
	"path/filepath"
	"testing"

	"infoscope/sampledata/testkit"
	"infoscope/tui"
)

// docs/keys.md is generated from the key maps (issue 18 item 6): it fails
// here when a binding changes and the file does not.
func TestKeysDocIsCurrent(t *testing.T) {
	data := testkit.ReadFile(t, filepath.Join("docs", "keys.md"))
	if string(data) != tui.KeysMarkdown(tui.DefaultKeys()) {
		t.Error("docs/keys.md is stale: regenerate it with  XDG_CONFIG_HOME=/nonexistent go run . keys > docs/keys.md")
	}
}
