package cli

import (
	"runtime"
	"runtime/debug"
)

// VersionLine is "infoscope VERSION (REVISION[, modified]) GOVERSION", from
// the build information the go command records.
func VersionLine() string {
	ver, rev, dirty := "(devel)", "", false
	goVer := runtime.Version()
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			ver = bi.Main.Version
		}
		goVer = bi.GoVersion
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value[:min(12, len(s.Value))]
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	out := "infoscope " + ver
	if rev != "" {
		out += " (" + rev
		if dirty {
			out += ", modified"
		}
		out += ")"
	}
	return out + " " + goVer
}
