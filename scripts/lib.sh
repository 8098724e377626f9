# Sourced by the tmux and OpenSSH scripts (bash), never run; they call
# setup first, and define fail if they start a server.

# setup WHO SOCK TOOL...: WHO names the script in messages; stop unless
# every TOOL is installed; tmp (a scratch directory) and the private tmux
# socket SOCK-PID, both removed on exit with the server if one runs.
setup() {
  who=$1 sock="$2-$$" server_pid=""
  shift 2
  need "$@"
  tmp=$(mktemp -d)
  trap cleanup EXIT
}

# need TOOL...: stop unless every TOOL is installed.
need() {
  local tool
  for tool; do
    command -v "$tool" >/dev/null || { echo "$who: $tool is not installed" >&2; exit 1; }
  done
}

# T ARGS: tmux on the private socket, with no user configuration.
T() { tmux -L "$sock" -f /dev/null "$@"; }

# cleanup: the server (if one runs), the private tmux server and the
# scratch directory; for `trap cleanup EXIT`.
cleanup() {
  [ -n "${server_pid:-}" ] && kill "$server_pid" >/dev/null 2>&1 || true
  T kill-server >/dev/null 2>&1 || true
  rm -rf "$tmp"
}

# within N CMD...: until CMD succeeds, trying N times 50 ms apart; false
# if it never does. (Its locals are named apart from the callers' globals:
# CMD sees them.)
within() {
  local within_n=$1 within_i
  shift
  for ((within_i = 0; within_i < within_n; within_i++)); do
    "$@" && return 0
    sleep 0.05
  done
  return 1
}

# serve_start BIN LOG ARGS...: `BIN serve` on a free loopback port with
# ARGS, its log in LOG; sets server_pid, port (the log names it) and
# ssh_cmd, the real client on that port ignoring any user configuration,
# agent or known_hosts. LOG exists before the server starts: the loop
# reads it at once, and the background shell may not have opened its
# redirect yet.
serve_start() {
  local serve_bin=$1 serve_log=$2 serve_i
  shift 2
  : >"$serve_log"
  "$serve_bin" serve --listen 127.0.0.1:0 "$@" 2>"$serve_log" &
  server_pid=$!
  port=""
  for ((serve_i = 0; serve_i < 400; serve_i++)); do
    port=$(sed -n 's/.*listening addr=127\.0\.0\.1:\([0-9]*\).*/\1/p' "$serve_log" | head -n1)
    [ -n "$port" ] && break
    kill -0 "$server_pid" 2>/dev/null || fail "server exited"
    sleep 0.05
  done
  [ -n "$port" ] || fail "server did not log its address"
  ssh_cmd=(env -u SSH_AUTH_SOCK ssh -F /dev/null -p "$port" -o IdentitiesOnly=yes -o BatchMode=yes
    -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR
    -o ConnectTimeout=30)
}

# serve_fixture: a client key ($tmp/id), the only one in
# $tmp/authorized_keys, and copies of two samples to serve in $tmp/served.
serve_fixture() {
  ssh-keygen -q -t ed25519 -N '' -C "$who" -f "$tmp/id" </dev/null
  cp "$tmp/id.pub" "$tmp/authorized_keys"
  mkdir -p "$tmp/served"
  cp sampledata/kernels.isa sampledata/stream_igc.bin "$tmp/served/"
}
