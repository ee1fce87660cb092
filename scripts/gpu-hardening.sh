#!/usr/bin/env bash
# The CUDA side of the hardening checks (issue 9), on a GPU machine after the addon is built (as
# scripts/gpu-check.sh does; or: node scripts/install.mjs --force && npx tsc -p .). About 5 minutes;
# every step is time-limited and the whole stays inside HARDENING_BUDGET seconds (default 420):
#
#   1. scripts/gpu-hardening.mjs: device OOM on purpose (clean JS error, next call works, 3 rounds),
#      outs dropped/collected while async GPU calls are pending (the binding keeps them alive and
#      then lets go), an out detached while pending                                        ~1 min
#   2. scripts/soak.mjs --device: repeated sync/async calls of every function with every supported
#      op on the device (CUDA_RANDOM_CROSSOVER=0); host AND device memory flat              ~2 min
#   3. compute-sanitizer memcheck over the fuzz corpus (scripts/gpu-fuzz-corpus.mjs: random valid calls
#      compared with the CPU backend, invalid calls into the addon) and over the nasty-input batch
#      (test/fuzz-process.test.ts's fixture), all through node                               ~2 min
#
# Logs: $HARDENING_LOGS (default bench/tmp/gpu-hardening). Exit 0 when every step passed; 3 when
# there is no usable GPU (it says so and checks nothing: not a pass).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
LOGS=${HARDENING_LOGS:-bench/tmp/gpu-hardening}
BUDGET=${HARDENING_BUDGET:-420}
mkdir -p "$LOGS"
START=$(date +%s)
FAILS=0
run() {  # run NAME LIMIT CMD...
  local name=$1 limit=$2; shift 2
  local left=$(( BUDGET - ($(date +%s) - START) ))
  if (( left < 15 )); then echo "[hardening] $name: skipped (budget of ${BUDGET}s spent)"; FAILS=$((FAILS + 1)); return; fi
  (( limit > left )) && limit=$left
  local t0; t0=$(date +%s)
  timeout --kill-after=10 "$limit" "$@" >"$LOGS/$name.log" 2>&1
  local rc=$?
  [[ $rc -ne 0 ]] && FAILS=$((FAILS + 1))
  echo "[hardening] $name: $([[ $rc -eq 0 ]] && echo pass || echo "FAIL (exit $rc$([[ $rc -eq 124 || $rc -eq 137 ]] && echo ", timed out after ${limit}s"))") in $(( $(date +%s) - t0 ))s"
  tail -n 3 "$LOGS/$name.log" | cut -c1-400 | sed 's/^/    /'
}
[[ -f dist/lib/index.js ]] || node node_modules/typescript/bin/tsc -p . || exit 2
if ! node -e "import('./dist/lib/backend/cuda/backend.js').then(m => process.exit(m.cudaAddon() ? 0 : 1))"; then
  # not a pass: on the GPU machine this means the addon or the device is broken
  echo "[hardening] no usable CUDA device: nothing checked"
  exit 3
fi
export CUDA_RANDOM_CROSSOVER=0   # every op the CUDA backend has runs there, whatever the size
run gpu-hardening 90 node --expose-gc scripts/gpu-hardening.mjs
run soak-device 150 node --expose-gc scripts/soak.mjs --calls 1000 --device
if command -v compute-sanitizer >/dev/null 2>&1; then
  run sanitizer-fuzz-corpus 120 compute-sanitizer --tool memcheck --error-exitcode 1 --print-limit 20 \
    node scripts/gpu-fuzz-corpus.mjs --calls 300 --max 1048581
  run sanitizer-nasty-inputs 60 compute-sanitizer --tool memcheck --error-exitcode 1 --print-limit 20 \
    node --expose-gc test/fixtures/nasty-inputs.mjs
else
  echo "[hardening] compute-sanitizer: not installed (step 3 skipped)"
  FAILS=$((FAILS + 1))
fi
echo "[hardening] done in $(( $(date +%s) - START ))s: $FAILS failing step(s); logs in $LOGS"
[[ $FAILS -eq 0 ]]
