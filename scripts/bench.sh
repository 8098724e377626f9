#!/bin/sh
# bench.sh: reruns every `go test ... -bench` command docs/benchmarks.md
# gives, in the order it gives them, so its figures can be measured again.
# The commands are read from the page itself (one list, no copy to keep in
# step); `\|` in a table cell is the shell's `|` inside quotes.
#
#   scripts/bench.sh            every command
#   scripts/bench.sh PATTERN    only the commands containing PATTERN (grep -F)
#
# The machine's load decides the wall times: the script prints the load
# average before each command. scripts/bench-dump.sh times dump against wc -l.
set -eu
cd "$(dirname "$0")/.."
grep -o '`go test [^`]*-bench[^`]*`' docs/benchmarks.md | tr -d '`' | sed 's/\\|/|/g' | awk '!seen[$0]++' |
	grep -F -- "${1:-go test}" | while IFS= read -r cmd; do
		echo "== $cmd   (load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime))"
		sh -c "$cmd" </dev/null
	done
