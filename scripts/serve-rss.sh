#!/usr/bin/env bash
# Measures the SSH server's resident memory (RSS, from /proc/PID/status:
# VmRSS now, VmHWM the peak) with real OpenSSH clients on loopback, for
# docs/serve.md's bounds (issue 23 item 7: the Go heap is not what the
# machine pays):
#   1. N inspector sessions opened one after another, each client's
#      terminal W x H (tmux with a private socket), the served samples;
#      the peak and the RSS once all are drawn, per session added;
#   2. after they end: what the server keeps;
#   3. D `ssh HOST dump --all --json -` at once, each fed a worst input of
#      S bytes (vISA text of one short label a line: the most a byte costs,
#      docs/benchmarks.md), the peak over the dumps alone (VmHWM reset
#      between phases through /proc/PID/clear_refs).
# Usage: scripts/serve-rss.sh [N [W H [D [S]]]]  (defaults: 32 1000 300 2 16 MiB)
# Everything is bounded (the whole script under `timeout`) and removed on
# exit: server, tmux server, temporary directory. Prints one line per
# figure and the load average.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${SERVE_RSS_BOUNDED:-}" ]; then
  SERVE_RSS_BOUNDED=1 exec timeout --kill-after=10 900 bash "$0" "$@"
fi

n=${1:-32} w=${2:-1000} h=${3:-300} dumps=${4:-2} size=${5:-$((16 << 20))}
. scripts/lib.sh
setup serve-rss infoscope-rss tmux ssh ssh-keygen
fail() { echo "serve-rss: $*" >&2; tail -n 20 "$tmp/server.log" >&2 || true; exit 1; }

go build -o "$tmp/infoscope" .
serve_fixture
serve_start "$tmp/infoscope" "$tmp/server.log" --host-key "$tmp/host_ed25519" \
  --authorized-keys "$tmp/authorized_keys" --state-dir "$tmp/state" \
  --max-sessions "$((n + dumps))" --max-dump-stdin "$size" --max-dumps "$dumps" --max-dumps-per-key "$dumps" \
  "$tmp/served/kernels.isa" "$tmp/served/stream_igc.bin"
ssh_cmd+=(-i "$tmp/id")

kb() { sed -n "s/^$1:[[:space:]]*\([0-9]*\) kB/\1/p" "/proc/$server_pid/status"; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
reset_peak() { echo 5 >"/proc/$server_pid/clear_refs"; }
q() { printf '%q ' "$@"; }

# wait_screen SESSION TEXT: until the pane shows TEXT (bounded).
shows() { T capture-pane -p -t "$1" 2>/dev/null | grep -qF -- "$2"; }
wait_screen() { within 2400 shows "$1" "$2" || fail "$1 never showed $2"; }

echo "serve-rss: $(date -u '+%d %b %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg), $n sessions at ${w}x$h, $dumps dumps of $size bytes"
sleep 1
base=$(kb VmRSS)
echo "started: RSS $(mib "$base") MiB"
reset_peak
for ((i = 1; i <= n; i++)); do
  T new-session -d -s "s$i" -x "$w" -y "$h" "TERM=xterm-256color $(q "${ssh_cmd[@]}" -t 127.0.0.1)"
  T set-option -t "s$i" window-size manual >/dev/null
  wait_screen "s$i" "INFO list 1/32"
  if [ "$i" = 1 ]; then
    one=$(kb VmRSS)
    echo "1 session: RSS $(mib "$one") MiB (peak $(mib "$(kb VmHWM)") MiB)"
  fi
done
all=$(kb VmRSS)
peak=$(kb VmHWM)
echo "$n sessions: RSS $(mib "$all") MiB, peak $(mib "$peak") MiB; per session added $(mib $(((all - one) / (n > 1 ? n - 1 : 1)))) MiB (RSS), $(mib $(((peak - base) / n))) MiB (peak over start)"
for ((i = 1; i <= n; i++)); do T send-keys -t "s$i" q; done
none_left() { [ "$(T list-sessions 2>/dev/null | wc -l)" = 0 ]; }
within 1200 none_left || true
sleep 2
echo "sessions ended: RSS $(mib "$(kb VmRSS)") MiB"

# The worst input a byte: vISA text, one short label a line.
{
  printf '.version 4.1\n.kernel "k"\n'
  { yes 'L:' || true; } | head -c "$((size - 64))"
  printf 'ret (M1, 1)\n'
} >"$tmp/labels.visaasm"
truncate -s "<$size" "$tmp/labels.visaasm"
before=$(kb VmRSS)
reset_peak
pids=()
for ((i = 1; i <= dumps; i++)); do
  { "${ssh_cmd[@]}" 127.0.0.1 dump --all --json - <"$tmp/labels.visaasm" 2>"$tmp/dump$i.err" | wc -c >"$tmp/dump$i.out"; } &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || true; done
dpeak=$(kb VmHWM)
for ((i = 1; i <= dumps; i++)); do
  echo "dump $i: $(cat "$tmp/dump$i.out") bytes out, stderr: $(head -c 120 "$tmp/dump$i.err" | tr '\n' ' ')"
done
echo "$dumps dumps of $(stat -c %s "$tmp/labels.visaasm") bytes at once: peak RSS $(mib "$dpeak") MiB ($(mib $((dpeak - before))) MiB over the $(mib "$before") MiB before; $(awk -v d="$((dpeak - before))" -v b="$((dumps * size))" 'BEGIN { printf "%.1f", d * 1024 / b }') bytes a byte)"
echo "serve-rss: done, load average $(cut -d' ' -f1-3 /proc/loadavg)"
