#!/bin/sh
# oracle-seeds.sh: the GenX_IR oracle tests (decoder/visatext TestGenXIR,
# TestGenXIRRefused) over kernels they do not fix: for each seed of a
# range, one generated kernel per platform (DG2, TGLLP, SKL), through
# GenX_IR, compared byte for byte with infoscope (every instruction of the
# source and of GenX_IR's print, and GenX_IR's whole text printed back);
# the refused kernels' diagnostics against GenX_IR's verifier. Needs
# GenX_IR (Debian 12: apt-get install libigc-tools). A failure names the
# kernel and the command line that reproduces it (docs/oracle.md).
#
#   scripts/oracle-seeds.sh              seeds 1000-1400 (1,203 kernels each test)
#   scripts/oracle-seeds.sh 5000 5100    another range
#
# The machine is shared: the run is niced, one package at a time.
set -eu
lo=${1:-1000}
hi=${2:-1400}
cd "$(dirname "$0")/.."
command -v GenX_IR >/dev/null || { echo "oracle-seeds: GenX_IR is not installed (apt-get install libigc-tools)" >&2; exit 1; }
INFOSCOPE_ORACLE_SEEDS=$lo-$hi INFOSCOPE_REQUIRE_ORACLE=1 exec nice go test -count=1 -p 1 -run 'TestGenXIR$|TestGenXIRRefused$' -v ./decoder/visatext/
