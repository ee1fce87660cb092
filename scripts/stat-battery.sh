#!/usr/bin/env bash
# Statistical batteries on the raw streams: dieharder reads `cuda-random bits` from stdin (-g 200).
#   scripts/stat-battery.sh            full default battery (-a) for philox and xorwow -> bench/stat/
#   scripts/stat-battery.sh --quick    a bounded subset, for CI (prints, writes nothing)
#   scripts/stat-battery.sh [--quick] xorwow    only the named generator(s)
# The full battery takes hours on a small machine; run it as
#   nice -n 19 scripts/stat-battery.sh philox > /tmp/philox.log 2>&1 &
# -Y 1 makes dieharder re-run WEAK results with more samples until they pass or fail.
# The uniform maps take the top bits of these same words (docs/streams.md, "Uniform floats"), so the raw streams
# are what needs testing.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
[ "${1:-}" = "--quick" ] && { quick=1; shift; }
gens="${*:-philox xorwow}"
if ! command -v dieharder >/dev/null; then
  echo "installing dieharder (Debian package)..." >&2
  (apt-get update -qq && apt-get install -y -qq dieharder) >&2 || { echo "cannot install dieharder" >&2; exit 1; }
fi
[ -f dist/lib/cli/main.js ] || npx tsc -p .
cli="node dist/lib/cli/main.js"
seed="${SEED:-20261122}"
fails=0
mkdir -p bench/stat
for g in $gens; do
  case $g in philox|xorwow) ;; *) echo "unknown generator '$g'" >&2; exit 2;; esac
  if [ $quick = 1 ]; then
    # birthdays, 32x32 rank, bitstream, sts monobit/runs, rgb bitdist (1..4 bits): seconds, not hours.
    for t in "-d 0" "-d 2" "-d 4" "-d 100" "-d 101" "-d 200 -n 1" "-d 200 -n 4"; do
      out=$($cli bits --generator $g --seed "$seed" | dieharder -g 200 $t -p 30 -Y 1 | grep -E 'PASSED|WEAK|FAILED' || true)
      [ -n "$out" ] || { echo "$g dieharder $t: no result (did the generator fail?)" >&2; exit 1; }
      echo "$g $out"
      if echo "$out" | grep -q FAILED; then fails=$((fails+1)); fi
    done
  else
    f="bench/stat/dieharder-$g-seed$seed.txt"
    { echo "# $(date -u +%F) dieharder -a on: cuda-random bits --generator $g --seed $seed (commit $(git rev-parse --short HEAD))"
      $cli bits --generator $g --seed "$seed" | dieharder -g 200 -a -Y 1; } | tee "$f"
    if grep -q FAILED "$f"; then fails=$((fails+1)); fi
  fi
done
echo "dieharder: $fails FAILED result(s)"
[ $fails = 0 ]
