package inspectcmd

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"infoscope/tui"
	"infoscope/tui/fsio"
)

// Keys prints the keys in effect (the configuration file's) as
// docs/keys.md lists the defaults; the entries refused go to stderr.
func Keys(stdout, stderr io.Writer) int {
	st, errs := loadConfig()
	for _, err := range errs {
		fmt.Fprintln(stderr, "infoscope:", err)
	}
	fmt.Fprint(stdout, tui.KeysMarkdown(st.Keys))
	return 0
}

// configPath is the configuration file's path: $XDG_CONFIG_HOME/infoscope/
// config, else ~/.config/infoscope/config ("" when neither is known).
func configPath() string {
	dir := os.Getenv("XDG_CONFIG_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "infoscope", tui.ConfigFileName)
}

// maxConfigFile bounds the configuration file: a few hundred lines.
const maxConfigFile = 1 << 20

// loadConfig reads the configuration file, if there is one: the settings,
// and the entries refused (each file:line: why, its default kept).
func loadConfig() (tui.Settings, []error) {
	defaults := tui.Settings{Keys: tui.DefaultKeys()}
	path := configPath()
	if path == "" {
		return defaults, nil
	}
	switch data, err := fsio.ReadLimited(path, "configuration file", maxConfigFile); {
	case err != nil:
		return defaults, []error{err}
	case data == nil:
		return defaults, nil // no configuration file
	default:
		return tui.ParseConfig(path, data)
	}
}

// configFlags are the flags the configuration sets, given before the
// command line's (which win).
func configFlags(st tui.Settings) []string {
	var out []string
	switch st.Theme {
	case "dark", "light":
		out = append(out, "--theme", st.Theme)
	case "mono":
		out = append(out, "--mono")
	}
	return append(out, st.Flags...)
}
