#!/bin/sh
# bench-corpus.sh: `infoscope dump --json --all` over a folder of real
# files (a corpus: every kernel of a project, a few hundred .isa files,
# dump folders and .visaasm, ~50 MB) against `wc -l` over the same files,
# on one core and on two, with the dump's peak RSS (issue 18's corpus aim:
# within 20x of wc -l, one core at least 1.6x slower than two, peak RSS
# within the corpus size).
#
#   scripts/bench-corpus.sh DIR          DIR: the corpus (not modified)
#   RUNS=N scripts/bench-corpus.sh DIR    N runs of each (default 5)
#   INFOSCOPE=path scripts/bench-corpus.sh DIR   time another build
#
# The machine is shared: the three commands take turns RUNS times, their
# median and best wall and CPU times are printed, and the load average
# before and after.
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

# run NAME CMD...: one run; its wall and CPU (user+system) seconds and
# peak RSS (KiB) are appended to $tmp/NAME.
run() {
	name=$1
	shift
	t0=$(date +%s%N)
	/usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err" || {
		# dump exits 1 when some input has an error (a corpus may hold
		# files that are not vISA): only a crash stops the benchmark.
		[ $? -le 1 ] || { cat "$tmp/err" >&2; exit 1; }
	}
	t1=$(date +%s%N)
	# time(1) puts "Command exited with non-zero status N" first.
	read -r u y k <<EOF
$(tail -n 1 "$tmp/time")
EOF
	echo "$(echo "scale=3; ($t1 - $t0) / 1000000000" | bc) $(echo "$u + $y" | bc) $k" >>"$tmp/$name"
}
# stat NAME COLUMN best|median|most: of NAME's runs, the smallest, the
# median or the largest value of a column (1 wall, 2 CPU, 3 peak RSS).
stat() {
	sort -n -k "$2" "$tmp/$1" | awk -v c="$2" -v how="$3" '{v[NR] = $c}
		END {print (how == "best") ? v[1] : (how == "most") ? v[NR] : v[int((NR + 1) / 2)]}'
}
ratio() { echo "scale=2; $1 / ($2 + (($2 == 0) * 0.01))" | bc; }
echo "corpus: $files files, $bytes bytes"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
# The commands take turns, so that the runs of each meet about the same
# load.
for _ in $(seq "${RUNS:-5}"); do
	run wc sh -c 'find "$1" -type f -exec wc -l {} +' sh "$dir"
	run two taskset -c 0,1 "$bin" dump --json --all "$dir"
	run one taskset -c 0 "$bin" dump --json --all "$dir"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
for n in wc two one; do
	printf '%-4s wall median %6.3f s (best %6.3f)  cpu median %5.2f s (best %5.2f)  peak RSS %4d MiB\n' "$n" \
		"$(stat $n 1 median)" "$(stat $n 1 best)" "$(stat $n 2 median)" "$(stat $n 2 best)" $(($(stat $n 3 most) / 1024))
done
echo "(wc: wc -l over the files; two: dump --json --all on cores 0,1; one: on core 0)"
for how in median best; do
	echo "$how: dump --json --all / wc -l $(ratio "$(stat two 1 $how)" "$(stat wc 1 $how)")x (aim: at most 20); one core / two cores $(ratio "$(stat one 1 $how)" "$(stat two 1 $how)")x (aim: at least 1.6)"
done
echo "peak RSS / corpus: $(ratio "$(($(stat two 3 most) * 1024))" "$bytes")x (aim: at most 1)"
