#!/bin/sh
# unparsed-share.sh: the share of instruction lines of vISA text files that
# stay text (dump --json --all records with "parsed": false), per file and
# over all, not counting labels and subroutine labels.
#
#   scripts/unparsed-share.sh FILE...
#
# Each file's most frequent unparsed mnemonics follow its line. Needs jq.
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/infoscope" .
cd "$OLDPWD"
total=0
unparsed=0
for f in "$@"; do
	"$tmp/infoscope" dump --json --all "$f" 2>/dev/null |
		jq -r 'select(.mnemonic != "label" and .mnemonic != "subroutine") | "\(.parsed) \(.mnemonic)"' >"$tmp/r" || true
	n=$(wc -l <"$tmp/r")
	u=$(grep -c '^false' "$tmp/r" || true)
	total=$((total + n))
	unparsed=$((unparsed + u))
	awk -v n="$n" -v u="$u" -v f="$(basename "$f")" 'BEGIN { printf "%7d %6d %6.2f%%  %s\n", n, u, n ? 100 * u / n : 0, f }'
	grep '^false' "$tmp/r" | cut -d' ' -f2 | sort | uniq -c | sort -rn | head -5 | sed 's/^/            /'
done
awk -v n="$total" -v u="$unparsed" 'BEGIN { printf "%7d %6d %6.2f%%  total (instruction lines, unparsed, share)\n", n, u, n ? 100 * u / n : 0 }'
