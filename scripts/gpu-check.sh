#!/usr/bin/env bash
# GPU evidence for the CUDA backend, in one go, ON a machine with an NVIDIA GPU (nvcc, cmake, python3
# with CuPy/PyTorch/JAX, compute-sanitizer). From the repository root:
#
#   bash scripts/gpu-check.sh            # everything, about 4-8 minutes
#   GPU_CHECK_QUICK=1 bash scripts/gpu-check.sh   # smaller comparison sizes (max 1e7)
#
# Node: uses `node` from PATH, else unpacks .gpu/node.xz (an xz-compressed node binary) to
# /tmp/node/bin. node_modules: uses ./node_modules, else unpacks .gpu/node_modules.tar.xz.
# scripts/gpu-pack.sh (run where npm works) makes both files and .gpu/commit.
#
# Steps (each one time-limited; a failing step is recorded and the others still run):
#   build the addon + gpu_selftest + curand_confirm for this GPU's architecture (plain cmake)
#   tsc; vitest (auto backend, then CUDA_RANDOM_BACKEND=cuda)
#   scripts/gpu-compare.mjs: every GPU op vs the TypeScript backend, 1..1e8 elements
#   gpu_selftest (full), then compute-sanitizer memcheck / racecheck / initcheck on gpu_selftest --quick
#   curand_confirm: real cuRAND vs test/vectors and our kernels
#   gpu_selftest --bench (copy / D2H ceilings, fills, host outputs) and scripts/gpu-bench.py
#   (cuRAND via CuPy, torch, JAX)
#   scripts/gpu-hardening.sh (OOM recovery, device memory flat, sanitizer over the fuzz corpus)
# Report: bench/results/<date>-<gpu>.md (and $OUT/ when OUT is set), raw logs beside it in
# bench/tmp/gpu-check/ (and $OUT/gpu-check-logs.tar.gz). Exit status 0 when every check passed.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
ROOT=$PWD
LOGS=$ROOT/bench/tmp/gpu-check
rm -rf "$LOGS"
mkdir -p "$LOGS" "$ROOT/bench/results"
START=$(date +%s)
STEPS=$LOGS/steps.tsv   # name, status (pass/FAIL/skip), seconds, note
: >"$STEPS"
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
  printf '%s\t%s\t%s\t%s\n' "$name" "$status" "$dt" "$note" >>"$STEPS"
  tail -n 5 "$logf" | sed 's/^/    /'
  log "$name: $status ($note, ${dt}s)"
  return $rc
}
skip() { printf '%s\tskip\t0\t%s\n' "$1" "$2" >>"$STEPS"; log "$1: skipped ($2)"; }

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
log "GPU: ${GPU_NAME:-none found} (sm_$CC), commit $COMMIT, archs $ARCH"

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
rm -rf build/CMakeCache.txt build/CMakeFiles prebuilds
step build 300 "$LOGS/build.log" bash -c 'cmake "$@" && cmake --build build --parallel "$(nproc)"' _ "${CMAKE_ARGS[@]}"
BUILD_OK=$?

# ---- Node: tsc, test suite, comparison ---------------------------------------------------------------
if [[ $HAVE_NODE == 1 ]]; then
  step tsc 120 "$LOGS/tsc.log" node node_modules/typescript/bin/tsc -p .
  if [[ $BUILD_OK == 0 ]]; then
    node -e "import('./dist/lib/index.js').then(m => console.log(JSON.stringify(m.backend(), null, 1)))" >"$LOGS/backend.json" 2>&1
    step "vitest (auto)" 180 "$LOGS/vitest-auto.log" env -u CUDA_RANDOM_BACKEND node node_modules/vitest/vitest.mjs run
    MAX=1e8; [[ -n "${GPU_CHECK_QUICK:-}" ]] && MAX=1e7
    step gpu-compare 240 "$LOGS/compare.log" node scripts/gpu-compare.mjs --max "$MAX" --json "$LOGS/compare.json"
    step "vitest (CUDA_RANDOM_BACKEND=cuda)" 180 "$LOGS/vitest-cuda.log" env CUDA_RANDOM_BACKEND=cuda node node_modules/vitest/vitest.mjs run
  else
    skip vitest "the build failed"; skip gpu-compare "the build failed"
  fi
else
  skip tsc "no node"; skip vitest "no node"; skip gpu-compare "no node"
fi

# ---- CUDA programs -------------------------------------------------------------------------------------
SELF=build/gpu/gpu_selftest
if [[ -x $SELF ]]; then
  step gpu_selftest 180 "$LOGS/selftest.log" "$SELF"
else
  skip gpu_selftest "not built"
fi
if [[ -x build/gpu/curand_confirm ]]; then
  step curand_confirm 120 "$LOGS/curand_confirm.json" build/gpu/curand_confirm
else
  skip curand_confirm "not built (no curand_kernel.h)"
fi

# ---- benchmarks -------------------------------------------------------------------------------------------
[[ -x $SELF ]] && step "bench: gpu_selftest --bench" 180 "$LOGS/bench.log" "$SELF" --bench
if python3 -c 'import sys' 2>/dev/null; then
  step "bench: cuRAND (CuPy), torch, JAX" 240 "$LOGS/pybench.log" python3 scripts/gpu-bench.py
else
  skip "bench: python" "no python3"
fi

# ---- sanitizers (slowest, last) ----------------------------------------------------------------------------
if [[ -x $SELF ]]; then
  if command -v compute-sanitizer >/dev/null 2>&1; then
    step "compute-sanitizer memcheck" 240 "$LOGS/sanitizer-memcheck.log" \
      compute-sanitizer --tool memcheck --leak-check full --error-exitcode 1 "$SELF" --quick
    step "compute-sanitizer racecheck" 240 "$LOGS/sanitizer-racecheck.log" \
      compute-sanitizer --tool racecheck --racecheck-report all --error-exitcode 1 "$SELF" --quick
    step "compute-sanitizer initcheck" 240 "$LOGS/sanitizer-initcheck.log" \
      compute-sanitizer --tool initcheck --error-exitcode 1 "$SELF" --quick
  else
    skip compute-sanitizer "not installed"
  fi
fi

# ---- hardening (issue 9): OOM recovery, outs kept alive, device memory flat, compute-sanitizer over the
# fuzz corpus; about 5 minutes (scripts/gpu-hardening.sh; runs alone too, with its own HARDENING_BUDGET)
if [[ $HAVE_NODE == 1 && $BUILD_OK == 0 ]]; then
  step "hardening (scripts/gpu-hardening.sh)" 420 "$LOGS/hardening.log" env HARDENING_LOGS="$LOGS/hardening" bash scripts/gpu-hardening.sh
else
  skip "hardening (scripts/gpu-hardening.sh)" "no node, or the build failed"
fi

# ---- report -------------------------------------------------------------------------------------------------
DATE=$(date -u +%Y-%m-%d)
SLUG=$(printf '%s' "${GPU_NAME:-gpu}" | tr -cs 'A-Za-z0-9' '-' | sed 's/^-//; s/-$//' | tr 'A-Z' 'a-z')
REPORT="bench/results/${DATE}-${SLUG:-gpu}.md"
python3 scripts/gpu-report.py --logs "$LOGS" --out "$REPORT" --commit "$COMMIT" --arch "$ARCH" \
  --command "bash scripts/gpu-check.sh${GPU_CHECK_QUICK:+ (GPU_CHECK_QUICK=1)}" --seconds $(( $(date +%s) - START ))
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
