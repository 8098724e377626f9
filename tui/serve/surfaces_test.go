package serve

import (
	"reflect"
	"strings"
	"testing"

	"infoscope/model"
)

const teamSurfaces = `{"files": {"kernels.isa": {"info_main": {"T6": {"type": "cube", "width": 40, "height": 31, "depth": 1}}}}}`

// TestSurfacesAcrossSessions: serve --surfaces preloads a team's
// descriptions into every session without ever changing them; what a key
// saved with ctrl+s is what its next session starts with.
func TestSurfacesAcrossSessions(t *testing.T) {
	team, err := model.ParseSurfaceFile("team.json", []byte(teamSurfaces))
	if err != nil {
		t.Fatal(err)
	}
	ts := startServer(t, func(c *Config) { c.Surfaces, c.SurfacesName = team, "team.json" })
	c := ts.dial(t)

	tm := openTerm(t, c, termOpts{w: 120, h: 40})
	tm.waitText("surface file team.json (the server's, read-only")
	tm.send("4")
	tm.waitText("T6 (img) of info_main: from the surface file")
	tm.waitText("Width                40")
	tm.send("jl") // Width one step up
	tm.waitText("Width                41")
	tm.send("\x13") // ctrl+s
	tm.waitText("saved surface file on the server (ssh HOST surfaces prints it)")
	tm.send("q")
	tm.waitEnd(patience)

	again, _ := model.ParseSurfaceFile("team.json", []byte(teamSurfaces))
	if !reflect.DeepEqual(team, again) {
		t.Errorf("a session's edit reached the team's file: %+v", team.Files)
	}

	// The same key's next session starts with its save.
	tm = openTerm(t, c, termOpts{w: 120, h: 40})
	tm.waitText("surface file on the server (your last ctrl+s) loaded (1 description)")
	tm.send("4")
	tm.waitText("Width                41")
	tm.send("q")
	tm.waitEnd(patience)
	out, _, status := run(t, c, "surfaces", "")
	if status != 0 || !strings.Contains(out, `"width": 41`) {
		t.Errorf("surfaces: status %d %s", status, out)
	}
}
