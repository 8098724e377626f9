#!/usr/bin/env bash
# bench-folder.sh: the inspector on a dump folder of many files. It times
# the first screen with every file loaded (the status line's "loaded N
# sources") and reports the process's peak RSS, at 120x40 in tmux.
#
#   scripts/bench-folder.sh [N]          N files (default 2000)
#   INFOSCOPE=path scripts/bench-folder.sh   time another build
#
# The folder alternates copies of sampledata/kernels.isa (a vISA object
# file, 5 INFO) and an oracle .visaasm (vISA text), as an IGC dump folder
# mixes them. The aim (issue 23): 2,000 files within 3 s and 300 MB.
# Every wait is bounded; the private tmux server and the temporary folder
# are removed on exit.
set -euo pipefail
n=${1:-2000}
limit=${LIMIT:-300} # seconds to wait for the first screen
cd "$(dirname "$0")/.."
. scripts/lib.sh
setup bench-folder infoscope-bench-folder tmux
bin=${INFOSCOPE:-}
if [ -z "$bin" ]; then
	go build -o "$tmp/infoscope" .
	bin=$tmp/infoscope
fi
mkdir "$tmp/dump"
for ((i = 1; i <= n; i++)); do
	if ((i % 2)); then
		cp sampledata/kernels.isa "$tmp/dump/k$i.isa"
	else
		cp decoder/testdata/oracle/info_channels.visaasm "$tmp/dump/k$i.visaasm"
	fi
done
T new-session -d -s keep "sleep 3600"
t0=$(date +%s%N)
T new-session -d -s s -x 120 -y 40 \
	"env TERM=xterm-256color /usr/bin/time -f %M -o '$tmp/rss' '$bin' --no-watch --surfaces '$tmp/s.json' '$tmp/dump' 2>'$tmp/err'; sleep 3600"
loaded() { T capture-pane -p -t s | grep -qF "loaded $n sources"; }
if ! within $((limit * 20)) loaded; then
	echo "bench-folder: no \"loaded $n sources\" within $limit s; the screen:" >&2
	T capture-pane -p -t s >&2
	exit 1
fi
t1=$(date +%s%N)
T send-keys -t s q
within 200 test -s "$tmp/rss" || { echo "bench-folder: the inspector did not quit" >&2; exit 1; }
printf '%d files: first screen with every file loaded %.2f s, peak RSS %d MiB\n' \
	"$n" "$(echo "scale=3; ($t1 - $t0) / 1000000000" | bc)" $(($(tail -1 "$tmp/rss") / 1024))
