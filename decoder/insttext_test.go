package decoder

import (
	"strings"
	"testing"
)

// TestTemplateFormatters: a template's field is resolved to its form when
// the table loads (plain without a formatter), an unknown formatter is
// refused there, and every formatter is one a row of the table names.
func TestTemplateFormatters(t *testing.T) {
	toks, err := parseFields("B:x")
	if err != nil {
		t.Fatal(err)
	}
	parts, err := parseTemplate("op {x} {x:hex}", toks)
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) != 4 || parts[1].f != plain || parts[3].f != formatters["hex"] {
		t.Errorf("op {x} {x:hex} resolves to %+v", parts)
	}
	if _, err := parseTemplate("op {x:nosuch}", toks); err == nil || !strings.Contains(err.Error(), `unknown formatter "nosuch"`) {
		t.Errorf("an unknown formatter: %v", err)
	}
	used := map[*formatter]bool{}
	for _, r := range tableRows {
		for _, p := range r.tmpl {
			used[p.f] = true
		}
	}
	for name, f := range formatters {
		if !used[f] {
			t.Errorf("formatter %s: no row of opcodes.tsv names it", name)
		}
	}
}
