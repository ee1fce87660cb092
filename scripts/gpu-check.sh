#!/usr/bin/env bash
# GPU evidence for the CUDA backend, in one go, ON a machine with an NVIDIA GPU (nvcc, cmake, python3
# with CuPy/PyTorch/JAX, compute-sanitizer). From the repository root:
#
#   bash scripts/gpu-check.sh            # everything (may exceed one 10-minute command: see parts)
#   GPU_CHECK_QUICK=1 bash scripts/gpu-check.sh   # smaller comparison sizes (max 1e7)
#
# Parts: GPU_CHECK_PARTS=build,tests,compare,selftest,bench,sanitize,hardening,stress (default: all) runs only
# the listed parts, keeping the logs of the others from earlier calls, so the check can be run in
# commands of under 10 minutes each on the same machine (the build stays in build/ and dist/):
#   GPU_CHECK_PARTS=build,tests bash scripts/gpu-check.sh       # cmake + tsc; vitest auto and cuda (~5-8 min)
#   GPU_CHECK_PARTS=compare,selftest bash scripts/gpu-check.sh  # gpu-compare.mjs; gpu_selftest, curand_confirm
#   GPU_CHECK_PARTS=bench,sanitize bash scripts/gpu-check.sh    # benchmarks; compute-sanitizer x3
#   GPU_CHECK_PARTS=hardening,stress bash scripts/gpu-check.sh  # scripts/gpu-hardening.sh (~5 min), gpu/stress.mjs (~1 min)
# Each call rewrites the report from every log present. Without GPU_CHECK_PARTS the logs start empty.
#
# Node: uses `node` from PATH, else unpacks .gpu/node.xz (an xz-compressed node binary) to
# /tmp/node/bin. node_modules: uses ./node_modules, else unpacks .gpu/node_modules.tar.xz.
# scripts/gpu-pack.sh (run where npm works) makes both files and .gpu/commit.
#
# Steps (each one time-limited; a failing step is recorded and the others still run):
#   build the addon + gpu_selftest + curand_confirm for this GPU's architecture (plain cmake)
#   tsc; vitest (auto backend, then CUDA_RANDOM_BACKEND=cuda)
#   scripts/gpu-compare.mjs: every GPU op vs the TypeScript backend, 1..1e8 elements
#   gpu_selftest (full), then compute-sanitizer memcheck / racecheck / initcheck / synccheck on gpu_selftest --quick
#   curand_confirm: real cuRAND vs test/vectors and our kernels
#   gpu_selftest --bench (copy / D2H ceilings, fills, host outputs) and scripts/gpu-bench.py
#   (cuRAND via CuPy, torch, JAX)
#   scripts/gpu-hardening.sh (OOM recovery, device memory flat, sanitizer over the fuzz corpus)
#   scripts/gpu/stress.mjs with UV_THREADPOOL_SIZE=16 (concurrency, worker threads, register mode over
#   adjacent subarrays, fresh processes whose first call is XORWOW, OOM mid-pipeline and the baseline)
# Report: bench/results/<date>-<gpu>.md (and $OUT/ when OUT is set), raw logs beside it in
# bench/tmp/gpu-check/ (and $OUT/gpu-check-logs.tar.gz). Exit status 0 when every check passed.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
ROOT=$PWD
LOGS=$ROOT/bench/tmp/gpu-check
ALL_PARTS=build,tests,compare,selftest,bench,sanitize,hardening,stress
PARTS=${GPU_CHECK_PARTS:-$ALL_PARTS}
for p in ${PARTS//,/ }; do
  [[ ",$ALL_PARTS," == *",$p,"* ]] || { echo "gpu-check: unknown part '$p' (parts: $ALL_PARTS)" >&2; exit 2; }
done
want() { [[ ",$PARTS," == *",$1,"* ]]; }
[[ -z "${GPU_CHECK_PARTS:-}" ]] && rm -rf "$LOGS"
mkdir -p "$LOGS" "$ROOT/bench/results"
START=$(date +%s)
STEPS=$LOGS/steps.tsv   # name, status (pass/FAIL/skip), seconds, note, part
touch "$STEPS"
# forget the earlier results of the parts that run now
awk -F'\t' -v parts=",$PARTS," 'index(parts, "," $5 ",") == 0' "$STEPS" >"$STEPS.keep" && mv "$STEPS.keep" "$STEPS"
PART=build
export PYTHONUNBUFFERED=1 XLA_PYTHON_CLIENT_PREALLOCATE=false

log() { printf '[gpu-check %3ds] %s\n' $(( $(date +%s) - START )) "$*"; }
# step NAME TIMEOUT_S LOGFILE CMD...: runs CMD with a time limit, output to LOGFILE (and the tail to
# the console), records the result
BUDGET=${GPU_CHECK_BUDGET:-540}   # seconds for all steps: stays inside a 10-minute command limit
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
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$status" "$dt" "$note" "$PART" >>"$STEPS"
  tail -n 5 "$logf" | sed 's/^/    /'
  log "$name: $status ($note, ${dt}s)"
  return $rc
}
skip() { printf '%s\tskip\t0\t%s\t%s\n' "$1" "$2" "$PART" >>"$STEPS"; log "$1: skipped ($2)"; }

# ---- environment ----------------------------------------------------------------------------------
{
  echo "## date"; date -u +%Y-%m-%dT%H:%M:%SZ
  echo "## nvidia-smi"; nvidia-smi 2>&1
  echo "## nvidia-smi -q (clocks, power)"; nvidia-smi -q -d CLOCK,POWER,PERFORMANCE 2>&1 | head -80
  echo "## nvcc"; nvcc --version 2>&1
  echo "## cmake"; cmake --version 2>&1 | head -1
  echo "## compute-sanitizer"; compute-sanitizer --version 2>&1 | head -2
  echo "## cpu"; (lscpu 2>/dev/null | grep -E 'Model name|^CPU\(s\)') || nproc
  echo "## kernel"; uname -a
} >"$LOGS/env.txt" 2>&1
GPU_NAME=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
CC=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d ' .')
[[ -n "$CC" ]] || CC=90
ARCH="${CUDA_RANDOM_ARCHS:-${CC}-real}"
COMMIT=$(git rev-parse HEAD 2>/dev/null || cat .gpu/commit 2>/dev/null || echo unknown)
log "GPU: ${GPU_NAME:-none found} (sm_$CC), commit $COMMIT, archs $ARCH, parts $PARTS"

# ---- node and node_modules -------------------------------------------------------------------------
if ! command -v node >/dev/null 2>&1; then
  if [[ -f .gpu/node.xz ]]; then
    mkdir -p /tmp/node/bin && xz -dc .gpu/node.xz >/tmp/node/bin/node && chmod +x /tmp/node/bin/node
    export PATH=/tmp/node/bin:$PATH
    log "node unpacked from .gpu/node.xz: $(node --version)"
  fi
fi
if [[ ! -d node_modules && -f .gpu/node_modules.tar.xz ]]; then
  tar -xJf .gpu/node_modules.tar.xz && log "node_modules unpacked from .gpu/node_modules.tar.xz"
fi
HAVE_NODE=0
command -v node >/dev/null 2>&1 && [[ -d node_modules/node-api-headers && -d node_modules/typescript ]] && HAVE_NODE=1
[[ $HAVE_NODE == 1 ]] || log "no node or node_modules: the Node-side steps are skipped (see the header of this script)"

# ---- build -----------------------------------------------------------------------------------------
CURAND_INC=""
for d in "${CUDA_HOME:-/usr/local/cuda}/include" /usr/local/cuda/include /usr/include; do
  [[ -f "$d/curand_kernel.h" ]] && { CURAND_INC=$d; break; }
done
if [[ -z "$CURAND_INC" ]]; then  # the nvidia-curand wheel beside PyTorch
  CURAND_INC=$(python3 - <<'EOF' 2>/dev/null
import importlib.util, pathlib
for name in ("nvidia.curand", "nvidia.cu13", "nvidia"):
    try:
        spec = importlib.util.find_spec(name)
    except Exception:
        continue
    for base in (spec.submodule_search_locations or []) if spec else []:
        for h in pathlib.Path(base).rglob("curand_kernel.h"):
            print(h.parent); raise SystemExit
EOF
)
fi
log "curand_kernel.h: ${CURAND_INC:-not found (curand_confirm is skipped)}"
CMAKE_ARGS=(-S . -B build -DCMAKE_BUILD_TYPE=Release -DCR_BUILD_GPU_TESTS=ON -DCR_WERROR=ON
  "-DCUDA_RANDOM_ARCHS=$ARCH" "-DCMAKE_LIBRARY_OUTPUT_DIRECTORY=$ROOT/build/Release")
[[ -n "$CURAND_INC" ]] && CMAKE_ARGS+=("-DCR_CURAND_INCLUDE=$CURAND_INC")
if [[ $HAVE_NODE == 1 ]]; then CMAKE_ARGS+=("-DCR_NODE=$(command -v node)"); else CMAKE_ARGS+=(-DCR_BUILD_ADDON=OFF); fi
PART=build
if want build; then
  rm -rf build/CMakeCache.txt build/CMakeFiles prebuilds
  step build 300 "$LOGS/build.log" bash -c 'cmake "$@" && cmake --build build --parallel "$(nproc)"' _ "${CMAKE_ARGS[@]}"
  BUILD_RC=$?
  if [[ $HAVE_NODE == 1 ]]; then step tsc 120 "$LOGS/tsc.log" node node_modules/typescript/bin/tsc -p .; else skip tsc "no node"; fi
fi
BUILD_OK=1
[[ ${BUILD_RC:-0} == 0 && -f build/Release/cuda_random.node && -f dist/lib/index.js ]] && BUILD_OK=0

# ---- Node: test suite, comparison ---------------------------------------------------------------------
if [[ $HAVE_NODE == 1 && $BUILD_OK == 0 ]]; then
  node -e "import('./dist/lib/index.js').then(m => console.log(JSON.stringify(m.backend(), null, 1)))" >"$LOGS/backend.json" 2>&1
  PART=tests
  if want tests; then
    step "vitest (auto)" 240 "$LOGS/vitest-auto.log" env -u CUDA_RANDOM_BACKEND node node_modules/vitest/vitest.mjs run
    step "vitest (CUDA_RANDOM_BACKEND=cuda)" 240 "$LOGS/vitest-cuda.log" env CUDA_RANDOM_BACKEND=cuda node node_modules/vitest/vitest.mjs run
  fi
  PART=compare
  if want compare; then
    MAX=1e8; [[ -n "${GPU_CHECK_QUICK:-}" ]] && MAX=1e7
    step gpu-compare 420 "$LOGS/compare.log" node scripts/gpu-compare.mjs --max "$MAX" --json "$LOGS/compare.json"
  fi
else
  why="no node"; [[ $HAVE_NODE == 1 ]] && why="no build (build/Release/cuda_random.node, dist/): run the build part"
  PART=tests; want tests && skip vitest "$why"
  PART=compare; want compare && skip gpu-compare "$why"
fi

# ---- CUDA programs -------------------------------------------------------------------------------------
SELF=build/gpu/gpu_selftest
PART=selftest
if want selftest; then
  if [[ -x $SELF ]]; then
    step gpu_selftest 300 "$LOGS/selftest.log" "$SELF"
  else
    skip gpu_selftest "not built"
  fi
  # CUDA alias tables (issue 7): the quick device self-test here; the full evidence (bit identity up to
  # 10^8 items, sanitizers, benchmarks) is its own 10-minute command, scripts/gpu-check-alias.sh.
  [[ -x build/gpu/alias_selftest ]] && step "alias_selftest --quick" 120 "$LOGS/alias-selftest.log" build/gpu/alias_selftest --quick
  if [[ -x build/gpu/curand_confirm ]]; then
    step curand_confirm 120 "$LOGS/curand_confirm.json" build/gpu/curand_confirm
  else
    skip curand_confirm "not built (no curand_kernel.h)"
  fi
fi

# ---- benchmarks -------------------------------------------------------------------------------------------
PART=bench
if want bench; then
  [[ -x $SELF ]] && step "bench: gpu_selftest --bench" 240 "$LOGS/bench.log" "$SELF" --bench
  if python3 -c 'import sys' 2>/dev/null; then
    step "bench: cuRAND (CuPy), torch, JAX" 240 "$LOGS/pybench.log" python3 scripts/gpu-bench.py
  else
    skip "bench: python" "no python3"
  fi
fi

# ---- sanitizers (slowest, last) ----------------------------------------------------------------------------
PART=sanitize
if want sanitize && [[ -x $SELF ]]; then
  if command -v compute-sanitizer >/dev/null 2>&1; then
    step "compute-sanitizer memcheck" 240 "$LOGS/sanitizer-memcheck.log" \
      compute-sanitizer --tool memcheck --leak-check full --error-exitcode 1 "$SELF" --quick
    step "compute-sanitizer racecheck" 240 "$LOGS/sanitizer-racecheck.log" \
      compute-sanitizer --tool racecheck --racecheck-report all --error-exitcode 1 "$SELF" --quick
    step "compute-sanitizer initcheck" 240 "$LOGS/sanitizer-initcheck.log" \
      compute-sanitizer --tool initcheck --error-exitcode 1 "$SELF" --quick
    step "compute-sanitizer synccheck" 240 "$LOGS/sanitizer-synccheck.log" \
      compute-sanitizer --tool synccheck --error-exitcode 1 "$SELF" --quick
  else
    skip compute-sanitizer "not installed"
  fi
fi

# ---- hardening (issue 9): OOM recovery, outs kept alive, device memory flat, compute-sanitizer over the
# fuzz corpus; about 5 minutes (scripts/gpu-hardening.sh; runs alone too, with its own HARDENING_BUDGET)
PART=hardening
if want hardening; then
  if [[ $HAVE_NODE == 1 && $BUILD_OK == 0 ]]; then
    step "hardening (scripts/gpu-hardening.sh)" 420 "$LOGS/hardening.log" env HARDENING_LOGS="$LOGS/hardening" bash scripts/gpu-hardening.sh
  else
    skip "hardening (scripts/gpu-hardening.sh)" "no node, or the build failed"
  fi
fi

# ---- stress (issue 15): a 16-thread libuv pool, worker threads, register mode over adjacent subarrays,
# fresh processes whose first call is XORWOW, out of memory mid-pipeline (scripts/gpu/stress.mjs)
PART=stress
if want stress; then
  if [[ $HAVE_NODE == 1 && $BUILD_OK == 0 ]]; then
    step "stress (scripts/gpu/stress.mjs, UV_THREADPOOL_SIZE=16)" 180 "$LOGS/stress.log" \
      env UV_THREADPOOL_SIZE=16 node --expose-gc scripts/gpu/stress.mjs
  else
    skip "stress (scripts/gpu/stress.mjs)" "no node, or the build failed"
  fi
fi

# ---- report -------------------------------------------------------------------------------------------------
DATE=$(date -u +%Y-%m-%d)
SLUG=$(printf '%s' "${GPU_NAME:-gpu}" | tr -cs 'A-Za-z0-9' '-' | sed 's/^-//; s/-$//' | tr 'A-Z' 'a-z')
REPORT="bench/results/${DATE}-${SLUG:-gpu}.md"
python3 scripts/gpu-report.py --logs "$LOGS" --out "$REPORT" --commit "$COMMIT" --arch "$ARCH" \
  --command "bash scripts/gpu-check.sh${GPU_CHECK_QUICK:+ (GPU_CHECK_QUICK=1)}${GPU_CHECK_PARTS:+ (GPU_CHECK_PARTS=$GPU_CHECK_PARTS + logs of earlier parts)}" \
  --seconds $(( $(date +%s) - START ))
RRC=$?
log "report: $REPORT"
if [[ -n "${OUT:-}" && -d "${OUT:-}" ]]; then
  cp "$REPORT" "$OUT/" 2>/dev/null
  tar -czf "$OUT/gpu-check-logs.tar.gz" -C "$(dirname "$LOGS")" "$(basename "$LOGS")" 2>/dev/null
  log "copied the report and gpu-check-logs.tar.gz to \$OUT"
fi
FAILS=$(awk -F'\t' '$2 == "FAIL"' "$STEPS" | wc -l)
log "done in $(( $(date +%s) - START ))s: $FAILS failing step(s)"
[[ $FAILS -eq 0 && $RRC -eq 0 ]]
