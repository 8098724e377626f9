#!/usr/bin/env bash
# Drives the real infoscope binary in tmux and checks what is on screen:
# 80x24, 120x40, 200x60, 40x12, 30x10, 20x5 (and a resize back), a light background
# (detected, and --theme light) and NO_COLOR=1. Every wait is
# bounded; the private tmux server and the temporary directory are removed
# on exit. Exits non-zero on the first failed check, printing the screen.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/lib.sh
setup tui-tmux infoscope-tui-test tmux

go build -o "$tmp/infoscope" .
bin="$tmp/infoscope"
surf="$tmp/surfaces.json"
failures=0
case_name=""

screen() { T capture-pane -p -t s 2>/dev/null || true; }

# new_session ARGS: tmux new-session. A keeper session holds the private
# server up for the whole run: without it, killing the last session made the
# server exit, and a new-session racing that exit failed with "server exited
# unexpectedly".
new_session() { T new-session "$@"; }
T new-session -d -s keep "sleep 3600"

fail() {
  echo "FAIL [$case_name]: $*" >&2
  echo "----- screen -----" >&2
  screen >&2
  echo "------------------" >&2
  exit 1
}

# shows TEXT: whether the screen contains TEXT.
shows() { screen | grep -qF -- "$1"; }
hides() { ! shows "$1"; }

# wait_for TEXT [SECONDS]: until the screen contains TEXT.
wait_for() { within $((${2:-10} * 20)) shows "$1" || fail "timed out waiting for: $1"; }

# wait_gone TEXT: until the screen no longer contains TEXT.
wait_gone() { within 200 hides "$1" || fail "still on screen: $1"; }

# launch NAME W H ENV FILES: a fresh session running the inspector with
# the variables ENV on FILES (none: the embedded samples).
launch() {
  case_name=$1
  T kill-session -t s >/dev/null 2>&1 || true
  new_session -d -s s -x "$2" -y "$3" \
    "env TERM=xterm-256color $4 '$bin' --no-watch --surfaces '$surf' $5; sleep 30"
  T set-option -t s window-size manual >/dev/null
}

# start NAME W H [ENV=VALUE...]: launch on $files.
files=""
start() { launch "$1" "$2" "$3" "${*:4}" "$files"; }

# start_files NAME W H FILE...: launch on FILEs, with $files_env.
start_files() { launch "$1" "$2" "$3" "${files_env:-}" "${*:4}"; }

keys() { T send-keys -t s "$@"; }

# fits W H: no line wider than W, no more than H lines.
fits() {
  local w=$1 h=$2 out
  out=$(T capture-pane -p -t s)
  [ "$(printf '%s\n' "$out" | wc -l)" -le "$h" ] || fail "more than $h lines"
  while IFS= read -r line; do
    [ "${#line}" -le "$w" ] || fail "line wider than $w: $line"
  done <<<"$out"
}

# quits: q ends the program (the shell then sleeps; the screen is cleared
# of the inspector when the alt screen is left).
quits() {
  keys q
  wait_gone "INFO list"
}

start "80x24" 80 24
wait_for "embedded sampl"   # cut to "embedded sampl…" at 80 columns
wait_for "INFO list"
wait_gone "loading "   # not "loaded": when damaged.isa decodes last its error takes the status line
wait_for "resinfo.RGBA (M1_NM, 32)  T6 %arg.0 res.0"   # the text wins over the columns
keys j j
wait_for "3/"
keys / op:resinfo Enter
wait_for '"op:resinfo":'
keys 2
wait_for "▸2 Bits"
keys 3
wait_for "▸3 Lanes"
keys 4
wait_for "▸4 Output"
keys 2   # digits switch panes from Output too (they type only while editing)
wait_for "▸2 Bits"
keys M-3
wait_for "▸3 Lanes"
keys F4
wait_for "▸4 Output"
keys '?'
wait_for "help — / filters, q or esc closes"
keys / mouse
wait_for "mouse on/off"
wait_gone "previous INFO"
keys Enter q   # q closes the help, it does not quit
wait_gone "help /mouse"   # the title of the filtered help
wait_for "▸4 Output"
keys Escape
wait_for "▸1 INFO list"
keys : 1 Enter
wait_for "1/"
keys C-s
wait_for "saved surface file"
[ -s "$surf" ] && grep -q dispatch_mask "$surf" || fail "ctrl+s wrote no surface file"
fits 80 24
quits

start "120x40" 120 40
wait_for "INFO list"
wait_gone "loading "   # not "loaded": when damaged.isa decodes last its error takes the status line
wait_for "surfaces.json loaded"   # the file saved at 80x24, said so
keys j
wait_for "2/"
keys 2
wait_for "M1_NM: NoMask, all lanes enabled; EM window from bit 0"   # the meaning whole
wait_for "+0a 00"                         # every byte of the row: none cut
keys Escape
wait_for "▸1 INFO list"   # before the next key, or ESC+E reads as alt+E
fits 120 40
keys E
wait_for "files: errors, warnings"
wait_for "damaged.isa"
keys Escape
wait_gone "files: errors, warnings"
keys m
wait_for "mouse off"
# r switches Output to the hardware notes.
keys 4
wait_for "▸4 Output"
keys r
wait_for "hw rules"
quits

start "200x60" 200 60
wait_for "INFO list"
wait_for "context "   # a row is selected (the status may name damaged.isa's error or "loaded": loads finish in any order)
keys 2
wait_for "▸2 Bits"
wait_for "· = reserved, 0"
rows=$(screen | grep -cE '^[ ▸] 0x[0-9a-f]{6}' || true)
[ "$rows" -ge 28 ] || fail "200x60 with Bits open: only $rows list rows"
fits 200 60
keys 4
wait_for "▸4 Output"
keys Escape
wait_for "▸1 INFO list"
quits

start "40x12" 40 12
wait_for "INFO list"
wait_for "context "   # a row is selected (the status may name damaged.isa's error or "loaded": loads finish in any order)
wait_for "kernels.isa · info_main"   # columns gone: the title names them
keys l l l
wait_for "«"
quits

# A light background: tmux answers the inspector's background query with
# the pane's colour; the light palette's grey (#6B6B6B, 242 in 256 colours)
# replaces the dark one's (#A0A0A0, 247). --theme light forces it.
light_grey() { T capture-pane -p -e -t s | grep -c $'\e\[38;5;242m' || true; }
dark_grey() { T capture-pane -p -e -t s | grep -c $'\e\[38;5;247m' || true; }
# wait_light WHAT: until the screen is drawn in the light palette. The first
# frames may come before the terminal's answer to the background query, in
# the dark palette: the check waits for the answer's repaint.
is_light() { [ "$(light_grey)" -gt 0 ] && [ "$(dark_grey)" -eq 0 ]; }
wait_light() { within 200 is_light || fail "$1: not the light palette"; }
# The pane gets its white background before the inspector starts and asks.
case_name="light background"
T kill-session -t s >/dev/null 2>&1 || true
new_session -d -s s -x 80 -y 24 "sleep 30" \; set-option -t s window-style 'bg=#ffffff,fg=#000000' \; \
  respawn-pane -k -t s "env TERM=xterm-256color '$bin' --no-watch --surfaces '$surf'; sleep 30"
wait_for "context "   # a row is selected (the status may name damaged.isa's error or "loaded": loads finish in any order)
wait_light "white background"
quits
case_name="--theme light"
T kill-session -t s
new_session -d -s s -x 80 -y 24 "env TERM=xterm-256color '$bin' --theme light --no-watch --surfaces '$surf'; sleep 30"
wait_for "context "   # a row is selected (the status may name damaged.isa's error or "loaded": loads finish in any order)
wait_light "--theme light"
quits

start "20x5" 20 5
wait_for "too small"
fits 20 5
T resize-window -t s -x 80 -y 24
wait_for "INFO list"
wait_gone "too small"
quits

# The footer shows the keys of the mode: the list's, the prompt's, the
# overlay's (a viewport: keys and the wheel scroll it).
start "keys 80x24" 80 24 NO_COLOR=1
wait_for "INFO list"
wait_gone "loading "
wait_for "↓/j down • / filter (terms below) … • tab next pane • ? help • q quit"   # the kept keys stay in view
keys /
wait_for "enter apply • esc restore • ctrl+c quit"
wait_gone "q quit"
keys op:resinfo
wait_for "filter /op:resinfo"
keys Enter
wait_for "/op:resinfo ("
wait_for "? help • q quit"
keys '?'
wait_for "q/esc close • / filter the help • E errors"
wait_gone "q quit"
keys G
wait_for "diag:TEXT     a diagnostic contains TEXT"
keys g
wait_for "(1-20 of"
keys -l $'\e[<65;10;10M'   # the wheel, down (SGR mouse report)
wait_for "(4-23 of"
keys E
wait_for "files: errors"
wait_for "? help"
fits 80 24
keys q
wait_for "/op:resinfo ("
wait_for "? help • q quit"
quits

start "keys 30x10" 30 10 NO_COLOR=1
wait_for "need 40x10"
wait_for "q quits"
keys /
wait_for "ctrl+c quits"   # q types into the filter now
keys Escape
wait_for "q quits"
fits 30 10
quits

start "NO_COLOR" 80 24 NO_COLOR=1
wait_for "INFO list"
wait_for "▸"
colour=$(T capture-pane -p -e -t s | grep -cE $'\e\\[[0-9;]*(3[0-7]|38;|4[0-7]|48;|9[0-7])[0-9;]*m' || true)
[ "$colour" -eq 0 ] || fail "colour escapes on screen with NO_COLOR=1 ($colour lines)"
quits

# Hostile inputs: each opens with a located error (or, for a surface file
# that is a FIFO, on defaults) instead of reading forever, and q leaves the
# alternate screen.
run_cmd() {
  case_name=$1
  T kill-session -t s >/dev/null 2>&1 || true
  new_session -d -s s -x 80 -y 24 "env TERM=xterm-256color NO_COLOR=1 $2; sleep 30"
  T set-option -t s window-size manual >/dev/null
}
main_screen() { [ "$(T display-message -p -t s '#{alternate_on}')" = 0 ]; }
restored() { within 100 main_screen || fail "the terminal was left in the alternate screen"; }
mkfifo "$tmp/fifo.json"
run_cmd "/dev/zero" "'$bin' --no-watch --surfaces '$surf' /dev/zero"
wait_for "byte 0x0: opcode"
quits
restored
run_cmd "stdin /dev/zero" "cat /dev/zero | '$bin' --surfaces '$surf' -"
wait_for "byte 0x0: opcode"
quits
restored
run_cmd "--surfaces FIFO" "'$bin' --no-watch --surfaces '$tmp/fifo.json'"
wait_for "INFO list"
wait_for "surface file not loaded"
quits
restored


# vISA text: Intel's disassembly of a kernel and a function, and a folder
# of IGC dumps (its non-.visaasm files skipped), at 120x40 and 80x24.
files="decoder/testdata/oracle/func_s1.dis.visaasm decoder/visatext/testdata/dumps"
start "visaasm 120x40" 120 40
wait_for "INFO list"
wait_for "L68 "
wait_for "sampleinfo.RGB (M1_NM, 32)  T6 RES1.0"
wait_for "func_0"
wait_for "rebuilt from text line 68 (no file offset)"
keys j
wait_for "2/13"
keys 2
wait_for "17 bytes rebuilt from text line 69 (no file offset)"
wait_for "T7 (surf1)"
keys 3
wait_for "8 of 8 enabled"
keys 4
wait_for "▸4 Output"
keys Escape
wait_for "▸1 INFO list"
fits 120 40
quits

start "visaasm 80x24" 80 24 NO_COLOR=1
wait_for "INFO list"
wait_for "L68 "
keys 2
wait_for "▸2 Bits"
wait_for "rebuilt from text line 68"
fits 80 24
quits
files=""

# The Code pane on two binaries: 5, ] steps INFO rows with the pane
# following, a reader of the result followed and back, search and n.
for size in "80 24" "120 40"; do
  set -- $size
  start_files "code $1x$2" "$1" "$2" decoder/testdata/oracle/info_min.isa model/testdata/dataflow.isa
  wait_for "INFO list 1/3"
  keys 5
  wait_for "▸5 Code"
  wait_for "Code  info_min  \$1 of 4"
  keys ]
  wait_for "\$2 of 4"
  keys ]
  wait_for "Code  dataflow  \$4 of 9"
  wait_for "d › \$5"
  wait_for "reads G 0-7"
  wait_for "some paths"
  keys d
  wait_for "at \$5 (reads G 0-7)"
  keys BSpace
  wait_for "\$4 of 9"
  keys / acc Enter
  wait_for "/acc: match 1 of 2"
  keys n
  wait_for "/acc: match 2 of 2"
  keys : 0 Enter
  wait_for "\$0 of 9"
  fits "$1" "$2"
  quits
done

# The Code pane on vISA text: the body listed as written, with its lines.
files="decoder/testdata/oracle/func_s1.dis.visaasm"
start "code visaasm" 100 30 NO_COLOR=1
wait_for "INFO list"
wait_for "L68 "
keys 5
wait_for "· vISA text"
wait_for "sampleinfo.RGB (M1_NM, 32)  T6 RES1.0"
wait_for "Data flow of \$"
fits 100 30
quits
files=""

# Bookmarks: M marks a row with a note, written beside the input file; the
# next session lists it with ' and jumps to it. The samples keep marks in
# memory and say so.
cp decoder/testdata/oracle/info_min.isa "$tmp/k.isa"
start_files "marks 80x24" 80 24 "'$tmp/k.isa'"
wait_for "INFO list 1/"
keys j
wait_for "INFO list 2/"
keys M
wait_for "note: "
keys "LOD from V33"
keys Enter
wait_for "bookmarked: saved"
grep -q '"note": "LOD from V33"' "$tmp/k.isa.infoscope-marks.json" || fail "no mark file beside the input"
fits 80 24
quits
start_files "marks 120x40" 120 40 "'$tmp/k.isa'"
wait_for "INFO list 1/"
keys "'"
wait_for "LOD from V33"
fits 120 40
keys Enter
wait_for "bookmark: LOD from V33"
wait_for "INFO list 2/"
quits
start "marks in memory" 80 24
wait_for "INFO list"
keys M
wait_for "note: "
keys Enter
wait_for "kept in memory"
quits

# Issue 24, the inspector as a new user tries it: at 80x24, 120x40, 200x60
# and 200x100, with NO_COLOR=1 on a light background, on a kernel of 1060
# instructions and a file that is missing.
for size in "80 24" "120 40" "200 60" "200 100"; do
  set -- $size
  w=$1 h=$2
  case_name="new user ${w}x${h}"
  T kill-session -t s >/dev/null 2>&1 || true
  new_session -d -s s -x "$w" -y "$h" "sleep 60" \; set-option -t s window-style 'bg=#ffffff,fg=#000000' \; \
    respawn-pane -k -t s "env TERM=xterm-256color NO_COLOR=1 '$bin' --no-watch --surfaces '$surf' decoder/testdata/oracle/large_mix_1k.isa '$tmp/missing.isa'; sleep 30"
  T set-option -t s window-size manual >/dev/null
  wait_for "1 of 2 loaded, 1 missing (E)"          # item 7
  keys j j j j
  wait_for "INFO list 5/"
  wait_for "problem: E shows"                       # item 3: whole, after the file's name went first before
  colour=$(T capture-pane -p -e -t s | grep -cE $'\e\\[[0-9;]*(3[0-7]|38;|4[0-7]|48;|9[0-7])[0-9;]*m' || true)
  [ "$colour" -eq 0 ] || fail "colour escapes with NO_COLOR=1 ($colour lines)"
  keys 5
  wait_for "Code  large_mix_1k  \$25 of 1060"
  # Item 1: the selected INFO opens with code before it.
  above=$(screen | grep -B1 -F '▸◆' | head -1)
  case "$above" in *'$24 '*) ;; *) fail "the line above the selected INFO is not \$24: $above" ;; esac
  # Item 2: the listing grows with the terminal.
  lines=$(screen | grep -cE '^.{1,3} +\$[0-9]+ +0x[0-9a-f]+ ' || true)
  if [ "$h" -ge 100 ] && [ "$lines" -lt 50 ]; then fail "200x100: $lines listing lines"; fi
  if [ "$h" -ge 60 ] && screen | grep -qF "a taller terminal shows them"; then fail "the data flow is cut at ${w}x${h}"; fi
  keys F j enter                                   # the data-flow list takes the keys; enter goes
  wait_for "⌫ goes back"
  fits "$w" "$h"
  keys Escape
  wait_for "▸1 INFO list"
  # Item 4: a term that does not parse says why while typed, the rows stay.
  keys / op:resinfo
  wait_for "filter /op:resinfo"
  keys " op:samp"
  wait_for "column 15"
  wait_for "resinfo."
  keys leinfo Enter
  wait_for '"op:resinfo op:sampleinfo": 0 of'
  keys Escape
  wait_for "filter cleared"
  # Item 8: n repeats the last search (an ESC right before a key reads as
  # alt+key: each waits for the screen).
  keys / op:sampleinfo Enter
  wait_for '"op:sampleinfo": '
  keys Escape
  wait_for "filter cleared"
  keys n
  wait_for "/op:sampleinfo: "
  fits "$w" "$h"
  quits
done

# A dump set: the Code pane shows each vISA instruction's native lines, the
# kernel's statistics, the selected INFO's sampler message field by field
# and the lowering finding; A folds the native lines; enter on the native
# line that built a descriptor goes to its vISA instruction.
for size in "80 24" "160 50"; do
  set -- $size
  start_files "native $1x$2" "$1" "$2" "'decoder/native/testdata/info22_channels.DG2.visaasm'"
  wait_for "INFO list 1/90"
  for _ in $(seq 88); do keys j; done
  wait_for "\$88 sampleinfo.GBA (M1, 32)"
  keys 5
  wait_for "DG2 · 291 native"
  if [ "$1" -ge 160 ]; then
    wait_for "• \$88 L364 send.smpl (32|M0) r18 r1 null:0 0x0 a0.0"   # the .asm beside
  else
    wait_for "↳ L364   send.smpl (32|M0) r18 r1 null:0 0x0 a0.0"
  fi
  keys F
  for _ in 1 2 3 4 5 6; do keys j; done
  wait_for "▸  L360  \$87 builds it"
  keys Enter
  wait_for "at \$87, the vISA instruction of native line L360"
  keys BSpace
  wait_for "\$88 of 91"
  keys G
  wait_for "Desc[16:12]   message_type   0xb    sampleinfo"
  wait_for "lanes: exec size 32: lanes 16-31"
  keys F A
  wait_for "native lines folded"
  fits "$1" "$2"
  quits
done

# A real dump folder without INFO (SYCL, XE2; its .asm and .visa.ll beside
# each .visaasm) opens on the Code pane of its first kernel and says so;
# K lists the kernels with their statistics; native lines are cursor rows
# and enter follows one into the .asm's own order and back; NO_COLOR.
mkdir -p "$tmp/ds"
cp model/diff/testdata/dumpset/* "$tmp/ds/"
chmod -R u+w "$tmp/ds"
for size in "80 24" "160 50"; do
  set -- $size
  files_env="NO_COLOR=1" start_files "no INFO $1x$2" "$1" "$2" "'$tmp/ds'"
  wait_for "no INFO in these 3 kernels"
  wait_for "▸5 Code"
  wait_for "\$0 of 222"
  wait_for "▸    \$0  L284     _main_0:"
  keys K
  wait_for "kernels: 3"
  wait_for "RoundedRangeKernel"
  keys G Enter
  wait_for "\$0 of 59"
  if [ "$1" -ge 160 ]; then
    wait_for "XE2 · 72 native · 256 GRF · LOCAL_ROUND_ROBIN_RA · sync 3 · bank conflicts 1"
    wait_for ".asm beside (ctrl+w)"
    keys : 3 Enter
    wait_for "•  \$3 L161 (W) mul (1|M0)"
    keys C-w
    wait_for "▸•  \$3 L161"
    keys k Enter
    wait_for "at \$1, the vISA instruction of native line L160"
    keys BSpace
    wait_for "▸•  \$1 L160"
  else
    keys j j
    wait_for "▸       ↳ L159   (W) mov (16|M0)"
    keys Enter
    wait_for "at L159 of the .asm, in its order"
    keys j j Enter
    wait_for "at \$3, the vISA instruction of native line L161"
    keys BSpace
    wait_for "▸•  \$3 L161"
    keys BSpace
    wait_for "▸       ↳ L159"
  fi
  keys : 3 Enter j
  wait_for "⇡ ll:9   %4 = extractelement <2 x i32> %3, i32 0"
  fits "$1" "$2"
  quits
done

# infoscope diff A B in a terminal opens the inspector on B (issue 21):
# the Code pane on the first change (+, an insertion), } to the next (~, A's
# line beside it at 160 columns, beneath it at 80), the list and the tab
# bar; D shows B alone; q ends with status 1 (they differ, as diff(1) says). NO_COLOR: the marks are
# symbols.
cp model/diff/testdata/triton_matmul.visaasm "$tmp/da.visaasm"
sed 's/V0123(0,0)<1> V0121(0,0)<0;1,0> 0x4:d/V0123(0,0)<1> V0121(0,0)<0;1,0> 0x5:d/' \
  model/diff/testdata/triton_matmul.inserted.visaasm >"$tmp/db.visaasm"
for size in "80 24" "160 50"; do
  set -- $size
  case_name="diff $1x$2"
  T kill-session -t s >/dev/null 2>&1 || true
  new_session -d -s s -x "$1" -y "$2" \
    "cd '$tmp' && env TERM=xterm-256color NO_COLOR=1 '$bin' diff da.visaasm db.visaasm; echo diff-exit=\$?; sleep 30"
  T set-option -t s window-size manual >/dev/null
  wait_for "▸5 Code"
  wait_for "infoscope diff A "
  wait_for "▸+    \$5 mov (M1_NM, 1) V0202(0,0)<1> 0x2a:d"
  wait_for "change 1 of 2"
  keys '}'
  wait_for "change 2 of 2"
  wait_for "src1 immediate: 0x4 → 0x5"
  if [ "$1" -ge 160 ]; then
    wait_for "1 paired, 1 differ · vISA 707 -> 708 (+1)"
    wait_for "│    \$6 shr (M1_NM, 1) V0123(0,0)<1> V0121(0,0)<0;1,0> 0x4:d"
  else
    wait_for "was A \$6 shr (M1_NM, 1) V0123(0,0)<1> V0121(0,0)<0;1,0> 0x4:d"
  fi
  wait_for "▸~    \$7 shr"
  fits "$1" "$2"
  keys '{'
  wait_for "change 1 of 2"
  keys D
  wait_for "the listing of B alone"
  keys D
  wait_for "A beside B"
  keys q
  wait_for "diff-exit=1"
done

echo "tui-tmux: all checks passed (issue 24 at 80x24, 120x40, 200x60, 200x100 with NO_COLOR=1 on a light background; 80x24, 120x40, 200x60, 40x12, the footer by mode and the overlay wheel at 80x24, 30x10, a light background, --theme light, 20x5, NO_COLOR=1, /dev/zero, stdin of zeros, a FIFO as --surfaces, vISA text, the Code pane at 80x24 and 120x40 and on vISA text, bookmarks, a dump set's native code at 80x24 and 160x50, a dump folder without INFO opening on its code with the kernel list and native rows at 80x24 and 160x50, infoscope diff in the inspector at 80x24 and 160x50)"
