#!/bin/sh
# bench-corpus.sh: `infoscope dump --json --all` over a folder of real
# files (a corpus: every kernel of a project, a few hundred .isa files,
# dump folders and .visaasm, ~50 MB) against `wc -l` over the same files,
# on one core and on two, with the dump's peak RSS (issue 18's corpus aim:
# within 20x of wc -l, one core at least 1.6x slower than two, peak RSS
# within the corpus size).
#
#   scripts/bench-corpus.sh DIR          DIR: the corpus (not modified)
#   RUNS=N scripts/bench-corpus.sh DIR    best of N runs (default 3)
#   INFOSCOPE=path scripts/bench-corpus.sh DIR   time another build
#
# The machine is shared: the best wall and CPU times of RUNS runs are
# kept, and the load average is printed before and after.
set -eu
dir=${1:?usage: bench-corpus.sh DIR}
dir=$(cd "$dir" && pwd)
cd "$(dirname "$0")/.."
command -v taskset >/dev/null || { echo "bench-corpus: taskset is not installed" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=${INFOSCOPE:-}
if [ -z "$bin" ]; then
	go build -o "$tmp/infoscope" .
	bin=$tmp/infoscope
fi
files=$(find "$dir" -type f | wc -l)
bytes=$(find "$dir" -type f -exec cat {} + | wc -c)

# measure NAME CMD...: best wall and CPU (user+system) seconds of RUNS
# runs, largest peak RSS (KiB).
measure() {
	name=$1
	shift
	best= cpu= rss=0
	for _ in $(seq "${RUNS:-3}"); do
		t0=$(date +%s%N)
		/usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err" || {
			# dump exits 1 when some input has an error (a corpus may hold
			# files that are not vISA): only a crash stops the benchmark.
			[ $? -le 1 ] || { cat "$tmp/err" >&2; exit 1; }
		}
		t1=$(date +%s%N)
		s=$(echo "scale=3; ($t1 - $t0) / 1000000000" | bc)
		# time(1) puts "Command exited with non-zero status N" first.
		read -r u y k <<EOF
$(tail -n 1 "$tmp/time")
EOF
		c=$(echo "$u + $y" | bc)
		if [ -z "$best" ] || [ "$(echo "$s < $best" | bc)" = 1 ]; then best=$s; fi
		if [ -z "$cpu" ] || [ "$(echo "$c < $cpu" | bc)" = 1 ]; then cpu=$c; fi
		if [ "$k" -gt "$rss" ]; then rss=$k; fi
	done
	printf '%-16s wall %6.3f s  cpu %6.2f s  peak RSS %5d MiB\n' "$name" "$best" "$cpu" $((rss / 1024))
}
ratio() { echo "scale=2; $1 / ($2 + (($2 == 0) * 0.01))" | bc; }
echo "corpus: $files files, $bytes bytes"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
measure "wc -l" sh -c 'find "$1" -type f -exec wc -l {} +' sh "$dir"
t_wc=$best
measure "json two cores" taskset -c 0,1 "$bin" dump --json --all "$dir"
t_two=$best rss_two=$rss
measure "json one core" taskset -c 0 "$bin" dump --json --all "$dir"
t_one=$best
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "dump --json --all / wc -l: $(ratio "$t_two" "$t_wc")x (aim: at most 20)"
echo "one core / two cores:      $(ratio "$t_one" "$t_two")x (aim: at least 1.6)"
echo "peak RSS / corpus:         $(ratio "$((rss_two * 1024))" "$bytes")x (aim: at most 1)"
