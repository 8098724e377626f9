#!/bin/sh
# make-corpus.sh: the corpus scripts/bench-corpus.sh times (issue 18's
# corpus aim): every regular file under each SRC copied five times into
# the folder DEST, flat.
#
#   scripts/make-corpus.sh DEST SRC...
#
# A file SRC/a/b.visaasm becomes DEST/c1_S_a_b.visaasm to DEST/c5_S_a_b.visaasm,
# S the last element of SRC: the path is flattened with '_', so the files
# of one stem (x.visaasm, x.asm, x.visa.ll, x-dyn-perf.txt) keep a common
# stem and still open as one dump set. DEST is created; a name that would
# be written twice (two paths flattening alike) stops the script, and so
# does an existing file in DEST.
set -eu
[ $# -ge 2 ] || { echo "usage: make-corpus.sh DEST SRC..." >&2; exit 2; }
dest=$1
shift
mkdir -p "$dest"
for src; do
	[ -d "$src" ] || { echo "make-corpus: $src is not a directory" >&2; exit 1; }
	base=$(basename "$(cd "$src" && pwd)")
	# find prints paths relative to SRC ("./a/b"); each one's flat name is
	# made by the inner shell, so names with spaces pass whole.
	(cd "$src" && find . -type f -exec sh -c '
		dest=$1 base=$2
		shift 2
		for f; do
			flat=${base}_$(printf "%s" "${f#./}" | tr / _)
			for k in 1 2 3 4 5; do
				to="$dest/c${k}_$flat"
				if [ -e "$to" ]; then
					echo "make-corpus: $to exists (two files flatten to one name, or DEST was not empty)" >&2
					exit 1
				fi
				cp "$f" "$to"
			done
		done' sh "$(cd "$dest" && pwd)" "$base" {} +)
done
echo "$dest: $(find "$dest" -type f | wc -l) files, $(find "$dest" -type f -exec cat {} + | wc -c) bytes"
