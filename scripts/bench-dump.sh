#!/bin/sh
# bench-dump.sh: times `infoscope dump` against `wc -l` on one large raw
# stream of mixed instructions, in one run, with each command's peak RSS.
#
#   scripts/bench-dump.sh [SIZE]     SIZE as --max-input reads it (default 64M)
#   RUNS=N scripts/bench-dump.sh      N runs of each command (default 3)
#
# The stream is the samples' instructions (ALU, sends, LSC, control flow,
# about 22% INFO) in a fixed pseudo-random order, written by
# sampledata/cmd/geninputs, so every run times the same bytes. Each
# command runs three times (RUNS); the best wall and CPU times are kept
# (the machine is shared), and the largest peak RSS. Ratios: dump text / wc -l, dump --json
# / dump text, peak RSS / file size.
set -eu
size=${1:-64M}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/infoscope" .
go run ./sampledata/cmd/geninputs -size "$size" -o "$tmp" mixed.bin >/dev/null
bytes=$(wc -c <"$tmp/mixed.bin")
# --max-input: the stream may be larger than the default 64 MiB limit.
limit=$((bytes + 1))

# measure NAME CMD...: the best wall and CPU (user+system) seconds of
# RUNS runs, and the largest peak RSS. On a shared machine CPU time is the
# steadier figure: the wall time also counts waiting for a core.
measure() {
	name=$1
	shift
	best= cpu= rss=0
	for _ in $(seq "${RUNS:-3}"); do
		t0=$(date +%s%N)
		/usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err" || {
			cat "$tmp/err" >&2
			exit 1
		}
		t1=$(date +%s%N)
		# Wall time in seconds from the nanosecond clock: time(1)'s is
		# rounded to 10 ms, about what wc -l takes.
		s=$(echo "scale=3; ($t1 - $t0) / 1000000000" | bc)
		read -r u y k <"$tmp/time"
		c=$(echo "$u + $y" | bc)
		if [ -z "$best" ] || [ "$(echo "$s < $best" | bc)" = 1 ]; then best=$s; fi
		if [ -z "$cpu" ] || [ "$(echo "$c < $cpu" | bc)" = 1 ]; then cpu=$c; fi
		if [ "$k" -gt "$rss" ]; then rss=$k; fi
	done
	printf '%-10s wall %6.3f s  cpu %6.2f s  peak RSS %5d MiB\n' "$name" "$best" "$cpu" $((rss / 1024))
}
# The load average says how busy the cores were: with other work on the
# machine the wall times (not the CPU times) grow.
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
measure "wc -l" wc -l "$tmp/mixed.bin"
t_wc=$best c_wc=$cpu
measure text "$tmp/infoscope" dump --max-input "$limit" "$tmp/mixed.bin"
t_text=$best c_text=$cpu rss_text=$rss
measure json "$tmp/infoscope" dump --json --max-input "$limit" "$tmp/mixed.bin"
t_json=$best c_json=$cpu rss_json=$rss
measure all-text "$tmp/infoscope" dump --all --max-input "$limit" "$tmp/mixed.bin"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "file: $bytes bytes"
# Times under 10 ms print as 0.00; count them as 0.01.
ratio() { echo "scale=2; $1 / ($2 + (($2 == 0) * 0.01))" | bc; }
echo "dump text / wc -l:     wall $(ratio "$t_text" "$t_wc")x, cpu $(ratio "$c_text" "$c_wc")x (re-based aim, issue 18: at most 12)"
echo "dump --json / text:    wall $(ratio "$t_json" "$t_text")x, cpu $(ratio "$c_json" "$c_text")x (re-based aim, issue 18: at most 8)"
echo "peak RSS / file, text: $(ratio "$((rss_text * 1024))" "$bytes")x (aim: at most 2)"
echo "peak RSS / file, json: $(ratio "$((rss_json * 1024))" "$bytes")x"
