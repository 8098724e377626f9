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

. scripts/bench-lib.sh
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
echo "dump text / wc -l:     wall $(ratio "$t_text" "$t_wc")x, cpu $(ratio "$c_text" "$c_wc")x (re-based aim, issue 18: at most 12)"
echo "dump --json / text:    wall $(ratio "$t_json" "$t_text")x, cpu $(ratio "$c_json" "$c_text")x (re-based aim, issue 18: at most 8)"
echo "peak RSS / file, text: $(ratio "$((rss_text * 1024))" "$bytes")x (aim: at most 2)"
echo "peak RSS / file, json: $(ratio "$((rss_json * 1024))" "$bytes")x"
