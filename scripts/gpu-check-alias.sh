#!/usr/bin/env bash
# GPU evidence for the CUDA alias tables (issue 7), as one device command of at most 10 minutes, ON a
# machine with an NVIDIA GPU (nvcc, cmake, node, python3 with CuPy/PyTorch, compute-sanitizer). From the
# repository root:
#
#   bash scripts/gpu-check-alias.sh                       # everything (about 6-9 minutes with a fresh build)
#   GPU_CHECK_ALIAS_ONLY="sanitizer bench" bash scripts/gpu-check-alias.sh   # some steps (the build is
#                                                          # incremental when build/ is still there)
#   GPU_CHECK_ALIAS_MAX=1e7 …                              # comparisons up to 10^7 items (default 1e8)
#
# Steps (time-limited; a failing step is recorded and the others still run; expected times on an H100):
#   build        addon + alias_selftest for this GPU's architecture (plain cmake; ~3 min fresh)
#   tsc          the TypeScript (~20 s)
#   selftest     alias_selftest: device results = host references, N up to 10^7, every variant (~1 min)
#   compare      scripts/gpu-alias-compare.mjs: GPU = TypeScript backend bit for bit, N up to 10^8,
#                out-of-memory error, crossover timings (~2-4 min)
#   bench        alias_selftest --bench: build times, sampling / counts GSamples/s into device memory (~30 s)
#   pybench      scripts/gpu-bench-alias.py: torch.multinomial and CuPy choice(p=...) (~1 min)
#   sanitizer    compute-sanitizer memcheck (leak check), racecheck, initcheck, synccheck on alias_selftest --quick (~3 min)
# Report: bench/results/<date>-<gpu>-alias.md (and $OUT/ when OUT is set), logs in bench/tmp/gpu-check-alias/.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
ROOT=$PWD
LOGS=$ROOT/bench/tmp/gpu-check-alias
rm -rf "$LOGS"
mkdir -p "$LOGS" "$ROOT/bench/results"
START=$(date +%s)
STEPS=$LOGS/steps.tsv
: >"$STEPS"
ONLY=" ${GPU_CHECK_ALIAS_ONLY:-build tsc selftest compare bench pybench sanitizer} "
wanted() { [[ "$ONLY" == *" $1 "* ]]; }
export PYTHONUNBUFFERED=1

log() { printf '[gpu-check-alias %3ds] %s\n' $(( $(date +%s) - START )) "$*"; }
BUDGET=${GPU_CHECK_BUDGET:-560}
step() {
  local name=$1 limit=$2 logf=$3; shift 3
  local t0; t0=$(date +%s)
  local left=$(( BUDGET - (t0 - START) ))
  if (( left < 20 )); then skip "$name" "time budget of ${BUDGET}s spent"; return 125; fi
  (( limit > left )) && limit=$left
  log "$name ..."
  timeout --kill-after=10 "$limit" "$@" >"$logf" 2>&1
  local rc=$?
  local dt=$(( $(date +%s) - t0 ))
  local status=pass note="exit $rc"
  if [[ $rc -ne 0 ]]; then status=FAIL; [[ $rc -eq 124 || $rc -eq 137 ]] && note="timed out after ${limit}s"; fi
  printf '%s\t%s\t%s\t%s\n' "$name" "$status" "$dt" "$note" >>"$STEPS"
  tail -n 5 "$logf" | sed 's/^/    /'
  log "$name: $status ($note, ${dt}s)"
  return $rc
}
skip() { printf '%s\tskip\t0\t%s\n' "$1" "$2" >>"$STEPS"; log "$1: skipped ($2)"; }

{
  echo "## date"; date -u +%Y-%m-%dT%H:%M:%SZ
  echo "## nvidia-smi"; nvidia-smi 2>&1
  echo "## nvcc"; nvcc --version 2>&1
  echo "## compute-sanitizer"; compute-sanitizer --version 2>&1 | head -2
  echo "## cpu"; (lscpu 2>/dev/null | grep -E 'Model name|^CPU\(s\)') || nproc
} >"$LOGS/env.txt" 2>&1
GPU_NAME=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
CC=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d ' .')
[[ -n "$CC" ]] || CC=90
ARCH="${CUDA_RANDOM_ARCHS:-${CC}-real}"
COMMIT=$(git rev-parse HEAD 2>/dev/null || cat .gpu/commit 2>/dev/null || echo unknown)
log "GPU: ${GPU_NAME:-none found} (sm_$CC), commit $COMMIT, archs $ARCH, steps:$ONLY"

# node and node_modules, as scripts/gpu-check.sh finds them
if ! command -v node >/dev/null 2>&1 && [[ -f .gpu/node.xz ]]; then
  mkdir -p /tmp/node/bin && xz -dc .gpu/node.xz >/tmp/node/bin/node && chmod +x /tmp/node/bin/node
  export PATH=/tmp/node/bin:$PATH
fi
[[ ! -d node_modules && -f .gpu/node_modules.tar.xz ]] && tar -xJf .gpu/node_modules.tar.xz
HAVE_NODE=0
command -v node >/dev/null 2>&1 && [[ -d node_modules/node-api-headers && -d node_modules/typescript ]] && HAVE_NODE=1

SELF=build/gpu/alias_selftest
if wanted build; then
  CMAKE_ARGS=(-S . -B build -DCMAKE_BUILD_TYPE=Release -DCR_BUILD_GPU_TESTS=ON -DCR_WERROR=ON
    "-DCUDA_RANDOM_ARCHS=$ARCH" "-DCMAKE_LIBRARY_OUTPUT_DIRECTORY=$ROOT/build/Release")
  TARGETS="alias_selftest"
  if [[ $HAVE_NODE == 1 ]]; then
    CMAKE_ARGS+=("-DCR_NODE=$(command -v node)")
    TARGETS="$TARGETS cuda_random"
  else
    CMAKE_ARGS+=(-DCR_BUILD_ADDON=OFF)
  fi
  rm -rf prebuilds
  step build 330 "$LOGS/build.log" bash -c 'targets=$1; shift; cmake "$@" && cmake --build build --parallel "$(nproc)" --target $targets' \
    _ "$TARGETS" "${CMAKE_ARGS[@]}"
fi

if [[ $HAVE_NODE == 1 ]]; then
  wanted tsc && step tsc 120 "$LOGS/tsc.log" node node_modules/typescript/bin/tsc -p .
else
  skip tsc "no node"
fi

if wanted selftest; then
  if [[ -x $SELF ]]; then step selftest 180 "$LOGS/selftest.log" "$SELF"; else skip selftest "not built"; fi
fi
if wanted compare; then
  if [[ $HAVE_NODE == 1 && -f build/Release/cuda_random.node ]]; then
    step compare 330 "$LOGS/compare.log" node scripts/gpu-alias-compare.mjs --max "${GPU_CHECK_ALIAS_MAX:-1e8}" \
      --json "$LOGS/compare.json"
  else
    skip compare "no node or no addon"
  fi
fi
if wanted bench; then
  if [[ -x $SELF ]]; then step bench 150 "$LOGS/bench.log" "$SELF" --bench; else skip bench "not built"; fi
fi
if wanted pybench; then
  if python3 -c 'import sys' 2>/dev/null; then
    step pybench 180 "$LOGS/pybench.log" python3 scripts/gpu-bench-alias.py
  else
    skip pybench "no python3"
  fi
fi
if wanted sanitizer; then
  if [[ -x $SELF ]] && command -v compute-sanitizer >/dev/null 2>&1; then
    step "compute-sanitizer memcheck" 150 "$LOGS/sanitizer-memcheck.log" \
      compute-sanitizer --tool memcheck --leak-check full --error-exitcode 1 "$SELF" --quick
    step "compute-sanitizer racecheck" 150 "$LOGS/sanitizer-racecheck.log" \
      compute-sanitizer --tool racecheck --racecheck-report all --error-exitcode 1 "$SELF" --quick
    step "compute-sanitizer initcheck" 150 "$LOGS/sanitizer-initcheck.log" \
      compute-sanitizer --tool initcheck --error-exitcode 1 "$SELF" --quick
    step "compute-sanitizer synccheck" 150 "$LOGS/sanitizer-synccheck.log" \
      compute-sanitizer --tool synccheck --error-exitcode 1 "$SELF" --quick
  else
    skip compute-sanitizer "not installed or not built"
  fi
fi

DATE=$(date -u +%Y-%m-%d)
SLUG=$(printf '%s' "${GPU_NAME:-gpu}" | tr -cs 'A-Za-z0-9' '-' | sed 's/^-//; s/-$//' | tr 'A-Z' 'a-z')
REPORT="bench/results/${DATE}-${SLUG:-gpu}-alias.md"
python3 scripts/gpu-report-alias.py --logs "$LOGS" --out "$REPORT" --commit "$COMMIT" --arch "$ARCH" \
  --command "bash scripts/gpu-check-alias.sh${GPU_CHECK_ALIAS_ONLY:+ (GPU_CHECK_ALIAS_ONLY=$GPU_CHECK_ALIAS_ONLY)}" \
  --seconds $(( $(date +%s) - START ))
RRC=$?
log "report: $REPORT"
if [[ -n "${OUT:-}" && -d "${OUT:-}" ]]; then
  cp "$REPORT" "$OUT/" 2>/dev/null
  tar -czf "$OUT/gpu-check-alias-logs.tar.gz" -C "$(dirname "$LOGS")" "$(basename "$LOGS")" 2>/dev/null
fi
FAILS=$(awk -F'\t' '$2 == "FAIL"' "$STEPS" | wc -l)
log "done in $(( $(date +%s) - START ))s: $FAILS failing step(s)"
[[ $FAILS -eq 0 && $RRC -eq 0 ]]
