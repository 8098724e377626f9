#!/usr/bin/env bash
# Drives `infoscope serve` with the real OpenSSH client inside tmux, all on
# loopback: a throwaway client key and authorized_keys, a server on a free
# port, then connect, move, open a panel, save (ctrl+s), resize, quit; the
# no-pty message, `files` and `dump` over ssh; an unknown key refused; a
# graceful shutdown (SIGTERM) that tells a connected user, whose unsaved
# edits are kept apart from the save; a restart after which `surfaces`
# prints the save and the next session brings the edits back [unsaved]; and
# a dropped client whose edits are kept the same way. Every wait is bounded and
# the whole script runs under `timeout`; the server, the private tmux server
# and the temporary directory are removed on exit. Exits non-zero on the
# first failed check, printing the screen and the server log.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${SSH_TMUX_BOUNDED:-}" ]; then
  SSH_TMUX_BOUNDED=1 exec timeout --kill-after=10 240 bash "$0" "$@"
fi

. scripts/lib.sh
setup ssh-tmux infoscope-ssh-test tmux ssh ssh-keygen

go build -o "$tmp/infoscope" .
bin="$tmp/infoscope"
log="$tmp/server.log"
case_name="setup"

screen() { T capture-pane -p -t "${1:-s}" 2>/dev/null || true; }

fail() {
  echo "FAIL [$case_name]: $*" >&2
  echo "----- screen -----" >&2
  screen "${fail_session:-s}" >&2
  echo "----- server log -----" >&2
  cat "$log" >&2 || true
  echo "------------------" >&2
  exit 1
}

# shows SESSION TEXT: whether the screen contains TEXT.
shows() { screen "$1" | grep -qF -- "$2"; }

# wait_for TEXT [SECONDS] [SESSION]: until the screen contains TEXT.
wait_for() {
  local want=$1 limit=${2:-15} s=${3:-s}
  within $((limit * 20)) shows "$s" "$want" || fail_session=$s fail "timed out waiting for: $want"
}

# wait_exit SESSION: until ssh in the pane has exited; prints its status.
# (The pane's shell prints it and stays: tmux can drop the last output of a
# pane whose process has just exited.)
wait_exit() {
  local s=$1 i st
  for ((i = 0; i < 300; i++)); do
    st=$(screen "$s" | sed -n 's/^\[ssh exited \([0-9]*\)\]$/\1/p' | tail -n1)
    if [ -n "$st" ]; then
      echo "$st"
      return 0
    fi
    sleep 0.05
  done
  fail_session=$s fail "ssh in $s did not exit"
}

# A throwaway client key, and one that is not authorised; copies of the
# samples to serve.
serve_fixture
ssh-keygen -q -t ed25519 -N '' -C stranger -f "$tmp/stranger" </dev/null
fingerprint=$(ssh-keygen -l -f "$tmp/id.pub" | awk '{print $2}')
stranger_fp=$(ssh-keygen -l -f "$tmp/stranger.pub" | awk '{print $2}')

# start_server: the server in the background on a free port.
start_server() {
  serve_start "$bin" "$log" --host-key "$tmp/host_ed25519" \
    --authorized-keys "$tmp/authorized_keys" --idle-timeout 2m --state-dir "$tmp/state" \
    "$tmp/served/kernels.isa" "$tmp/served/stream_igc.bin"
}

# stop_server: SIGTERM, and the server must be gone within 10 s, exit 0.
gone() { ! kill -0 "$1" 2>/dev/null; }
stop_server() {
  kill -TERM "$server_pid" 2>/dev/null || true
  within 200 gone "$server_pid" || fail "server still running 10s after SIGTERM"
  wait "$server_pid" || fail "server exited with $? after SIGTERM"
  server_pid=""
  grep -q "stopped" "$log" || fail "no stop in the log"
}

# joined SESSION: the screen with wrapped lines joined (long messages).
joined() { T capture-pane -p -J -t "$1" 2>/dev/null | tr -s ' \n' ' '; }

# The real client, ignoring any user configuration, agent or known_hosts
# (set by start_server: the port changes at each start).
start_server
[ "$(stat -c %a "$tmp/host_ed25519")" = 600 ] || fail "host key mode $(stat -c %a "$tmp/host_ed25519"), want 600"

q() { printf '%q ' "$@"; }

# start SESSION W H: the inspector over ssh in a fresh tmux session.
start() {
  local s=$1 w=$2 h=$3
  T new-session -d -s "$s" -x "$w" -y "$h" \
    "TERM=xterm-256color $(q "${ssh_cmd[@]}" -i "$tmp/id" -t 127.0.0.1); echo \"[ssh exited \$?]\"; sleep 60"
  T set-option -t "$s" window-size manual >/dev/null
}
keys() { T send-keys -t s "$@"; }

# widest: the longest line of stdin, in characters (not bytes).
widest() {
  (
    export LC_ALL=C.UTF-8
    w=0
    while IFS= read -r line; do
      [ "${#line}" -gt "$w" ] && w=${#line}
    done
    echo "$w"
  )
}

case_name="connect"
start s 120 40
wait_for "INFO list 1/32"
wait_for "resinfo.RGBA (M1, 16)"
grep -q "connect .*key=$fingerprint.*term=xterm-256color width=120 height=40" "$log" ||
  fail "no connect line with the key and the client's pty in the log"

case_name="move"
keys j j
wait_for "INFO list 3/32"

case_name="open a panel"
keys 3
wait_for "▸3 Lanes"
wait_for "dispatch 1111 1111"
keys 2
wait_for "▸2 Bits"
wait_for "opcode"

case_name="save"
keys 3
wait_for "▸3 Lanes"
keys z # every lane off: an edit
wait_for "0 of 32 enabled"
wait_for "unsaved surface"
keys C-s
wait_for "saved surface file on the server (ssh HOST surfaces prints it)"
[ -n "$(ls "$tmp/state/surfaces/")" ] || fail "nothing in the state directory after ctrl+s"

case_name="resize"
# Growing shows whether the inspector followed: its status line (second
# to last row) must move down to the new bottom.
status_on() { screen | sed -n "$1p" | grep -qF "kernels.isa │ layout"; }
T resize-window -t s -x 132 -y 48
within 200 status_on 47 || fail "status line not on row 47 of 48 after growing"
T resize-window -t s -x 90 -y 30
within 200 status_on 29 || fail "status line not on row 29 of 30 after shrinking"
[ "$(screen | widest)" -le 90 ] || fail "a line is wider than 90 after shrinking"

case_name="quit"
keys q
status=$(wait_exit s)
[ "$status" = 0 ] || fail "ssh exited with $status after q"

case_name="commands"
out=$(timeout 20 "${ssh_cmd[@]}" -i "$tmp/id" 127.0.0.1 files) || fail "ssh files failed"
[ "$out" = $'kernels.isa\nstream_igc.bin' ] || fail "ssh files printed: $out"
out=$(timeout 20 "${ssh_cmd[@]}" -i "$tmp/id" 127.0.0.1 dump kernels.isa) || fail "ssh dump failed"
local_out=$(cd "$tmp/served" && "$bin" dump kernels.isa)
[ "$out" = "$local_out" ] || fail "ssh dump differs from the local dump"
if out=$(timeout 20 "${ssh_cmd[@]}" -i "$tmp/id" 127.0.0.1 dump ../served/kernels.isa 2>&1); then
  fail "dump of a path outside the served names succeeded"
fi
grep -q "not a served file" <<<"$out" || fail "dump outside: $out"
set +e
out=$(timeout 20 "${ssh_cmd[@]}" -i "$tmp/id" -T 127.0.0.1 </dev/null 2>&1)
rc=$?
set -e
[ "$rc" = 1 ] || fail "no-pty session exited with $rc"
grep -q "infoscope: no terminal" <<<"$out" || fail "no-pty session printed: $out"

case_name="unknown key"
if timeout 20 "${ssh_cmd[@]}" -i "$tmp/stranger" 127.0.0.1 files >/dev/null 2>&1; then
  fail "a key not in authorized_keys got in"
fi
grep -q "auth refused: key not in authorized keys fingerprint=$stranger_fp" "$log" ||
  fail "refusal of $stranger_fp not logged"

case_name="shutdown"
start s2 100 30
wait_for "surface file on the server (your last ctrl+s) loaded" 15 s2
wait_for "INFO list 1/32" 15 s2
T send-keys -t s2 3
wait_for "0 of 16 enabled" 15 s2
T send-keys -t s2 a # every lane on: unsaved at the shutdown
wait_for "16 of 16 enabled" 15 s2
kill -TERM "$server_pid"
status=$(wait_exit s2)
[ "$status" = 1 ] || fail_session=s2 fail "ssh exited with $status after the shutdown, want 1"
wait_for "infoscope: server shutting down" 5 s2
joined s2 | grep -qF "your unsaved surface edits are kept on the server, apart from your saves" ||
  fail_session=s2 fail "the user was not told the unsaved edits are kept"
stop_server

case_name="restart"
start_server
out=$(timeout 20 "${ssh_cmd[@]}" -i "$tmp/id" 127.0.0.1 surfaces 2>"$tmp/stderr") || fail "ssh surfaces after restart: $(cat "$tmp/stderr")"
grep -qF '"dispatch_mask": "0x00000000"' <<<"$out" || fail "ssh surfaces after restart printed: $out"
grep -qF "surfaces --unsaved prints them" "$tmp/stderr" || fail "ssh surfaces did not mention the unsaved edits: $(cat "$tmp/stderr")"
out=$(timeout 20 "${ssh_cmd[@]}" -i "$tmp/id" 127.0.0.1 surfaces --unsaved 2>/dev/null) || fail "ssh surfaces --unsaved failed"
grep -qF '"dispatch_mask": "0x00000000"' <<<"$out" && fail "surfaces --unsaved printed the save: $out"
start s3 200 50
wait_for "INFO list 1/32" 15 s3
wait_for "with the unsaved edits of your session that ended" 15 s3
wait_for "[unsaved]" 15 s3
T send-keys -t s3 3
wait_for "16 of 16 enabled" 15 s3

case_name="drop"
T send-keys -t s3 z # a further edit, then the client goes away
wait_for "0 of 16 enabled" 15 s3
T kill-session -t s3
within 200 grep -q "unsaved surface edits kept" "$log" || fail "the dropped session's edits were not kept"
out=$(timeout 20 "${ssh_cmd[@]}" -i "$tmp/id" 127.0.0.1 surfaces 2>/dev/null) || fail "ssh surfaces after the drop failed"
grep -qF '"dispatch_mask": "0x00000000"' <<<"$out" || fail "the save changed after a drop: $out"
stop_server

echo "ssh-tmux: all checks passed"
