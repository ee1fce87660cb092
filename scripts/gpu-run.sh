#!/usr/bin/env bash
# The GPU run of issue 29 as ONE device command of at most 9 minutes (planned: 500 s of steps), on a
# machine with an NVIDIA GPU. Correctness first, then cuRAND, then speed; every step has a time limit,
# writes its result as soon as it ends, and a failing or cut-off step never stops the others.
#
#   here:   bash scripts/gpu-pack.sh --build      # node, node_modules, the sm_90 build and dist/ -> .gpu/
#   there:  bash scripts/gpu-run.sh               # device tool: carry [".gpu"], timeout_s 540
#
# Planned time (GPU_RUN_BUDGET=500 s in all; each phase ends at its deadline whatever is still running):
#   0  setup            ~10 s   unpack .gpu/ (else build here for this GPU, -j$(nproc): ~60-90 s), load check
#   1  correctness      to 270 s, five jobs side by side (the GPU is shared; nothing here is timed):
#        selftest         gpu_selftest (every kernel vs host references), alias_selftest
#        compare          scripts/gpu-compare.mjs --part compare --max 1e7: every function and dtype, CUDA
#                         vs CPU backend bit for bit (sizes 1 … 10^7, odd and 2^62-scale offsets, per-element
#                         parameters, DeviceArray chains, async and concurrent calls, pageable / pinned /
#                         SharedArrayBuffer / registered outputs); then gpu-alias-compare.mjs --max 1e7
#        vitest           test/native.test.ts and test/alias-cuda.test.ts with CUDA_RANDOM_BACKEND=cuda
#        sanitize         compute-sanitizer memcheck, racecheck (gpu_selftest --quick, alias_selftest
#                         --quick), then synccheck and initcheck while time is left
#        curand           curand_confirm (real cuRAND: XORWOW, Philox, MRG32k3a vectors) built here against
#                         the nvidia-curand wheel's headers; scripts/gpu-curand-data.py (libcurand's Sobol
#                         direction vectors and scramble constants, host-API outputs)
#   2  speed            to 440 s, one job at a time with the GPU to itself: gpu_selftest --bench (D2D copy
#                       and pinned D2H ceilings, fills, normal, gamma), scripts/gpu-bench.py (cuRAND via
#                       CuPy, torch, JAX), alias_selftest --bench (10^8), scripts/gpu-bench-alias.py
#                       (torch.multinomial, CuPy choice), gpu-compare --part timings
#                       (crossover 2^6 … 2^22, host outputs)
#   3  vectors          to 490 s: scripts/gpu-vectors.py (jax.random threefry, torch.rand/randn on CUDA)
#   4  report           summary table (printed last) and bench/results/<date>-<gpu>.md
# $OUT (when set) receives, rewritten after every step: summary.txt, gpu-run-logs.tar.gz (every log and
# JSON), and at the end the report; curand-tables32/64/64s.npz when libcurand gave them.
# Exit status 0 when every step passed.
#
# A shorter rerun of some jobs on a warm machine (the build is not repeated when build/ is there):
#   GPU_RUN_ONLY="selftest compare vitest sanitize curand bench vectors" (any of them)
#   GPU_RUN_BUDGET=300 GPU_RUN_PHASE1=290 bash scripts/gpu-run.sh
# and, within a job: GPU_RUN_COMPARE_SECTIONS="host-paths,permute,..." (gpu-compare --sections),
# GPU_RUN_COMPARE_MAX=1e6, GPU_RUN_ALIAS_COMPARE=0 (skip gpu-alias-compare), GPU_RUN_SANITIZERS="synccheck
# initcheck", GPU_RUN_SANITIZE_ON="selftest alias", GPU_RUN_BENCH="selftest peers alias alias-peers
# timings", GPU_RUN_VITEST_WATCH=150 (seconds before watch-hang.sh records stacks), GPU_RUN_VITEST_LIMIT=200
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
ROOT=$PWD
LOGS=$ROOT/bench/tmp/gpu-run
OUTDIR=${OUT:-$ROOT/bench/tmp/gpu-run-out}
BUDGET=${GPU_RUN_BUDGET:-500}
rm -rf "$LOGS"
mkdir -p "$LOGS" "$OUTDIR" "$ROOT/bench/results"
START=$(date +%s)
STEPS=$LOGS/steps.tsv   # name, status (pass/FAIL/skip/cut), seconds, note
: >"$STEPS"
export PYTHONUNBUFFERED=1 XLA_PYTHON_CLIENT_PREALLOCATE=false NO_COLOR=1 FORCE_COLOR=0
want() { [[ -z "${GPU_RUN_ONLY:-}" || " $GPU_RUN_ONLY " == *" $1 "* ]]; }
elapsed() { echo $(( $(date +%s) - START )); }
log() { printf '[gpu-run %3ds] %s\n' "$(elapsed)" "$*"; }

# publish: the summary and every log so far into $OUT (under a lock: jobs run side by side)
summary() {
  {
    printf 'gpu-run: %s, commit %s, build %s, %ss so far\n' "${GPU_NAME:-no GPU}" "${COMMIT:-?}" "${BUILD_FROM:-?}" "$(elapsed)"
    printf '%-46s %-5s %5s  %s\n' step status secs note
    awk -F'\t' '{ printf "%-46s %-5s %5s  %s\n", $1, $2, $3, $4 }' "$STEPS"
    [[ -f $LOGS/facts.txt ]] && { echo "-- facts"; cat "$LOGS/facts.txt"; }
  } >"$LOGS/summary.txt"
}
publish() {
  (
    flock 9
    summary
    cp "$LOGS/summary.txt" "$OUTDIR/summary.txt"
    tar -czf "$OUTDIR/gpu-run-logs.tar.gz.tmp" -C "$(dirname "$LOGS")" "$(basename "$LOGS")" 2>/dev/null &&
      mv "$OUTDIR/gpu-run-logs.tar.gz.tmp" "$OUTDIR/gpu-run-logs.tar.gz"
  ) 9>"$LOGS/.lock"
}
fact() { (flock 9; echo "$*" >>"$LOGS/facts.txt") 9>"$LOGS/.lock"; }

# step NAME LIMIT LOGFILE CMD...: CMD under `timeout`, its limit cut to the phase's deadline (DEADLINE,
# seconds since START); output to LOGFILE; the result into steps.tsv, then published.
DEADLINE=$BUDGET
step() {
  local name=$1 limit=$2 logf=$3; shift 3
  local t0 left; t0=$(date +%s); left=$(( DEADLINE - (t0 - START) ))
  if (( left < 5 )); then
    printf '%s\tskip\t0\t%s\n' "$name" "phase deadline (${DEADLINE}s) reached" >>"$STEPS"; publish; return 125
  fi
  (( limit > left )) && limit=$left
  log "$name ... (limit ${limit}s)"
  timeout --kill-after=5 "$limit" "$@" >"$logf" 2>&1
  local rc=$? dt=$(( $(date +%s) - t0 ))
  local status=pass note="exit $rc"
  if (( rc != 0 )); then status=FAIL; (( rc == 124 || rc == 137 )) && { status=cut; note="cut at ${limit}s"; }; fi
  printf '%s\t%s\t%s\t%s\n' "$name" "$status" "$dt" "$note" >>"$STEPS"
  log "$name: $status ($note, ${dt}s)"
  publish
  return $rc
}
skip() { printf '%s\tskip\t0\t%s\n' "$1" "$2" >>"$STEPS"; log "$1: skipped ($2)"; }

# ---- 0. setup -----------------------------------------------------------------------------------------
{
  echo "## date"; date -u +%Y-%m-%dT%H:%M:%SZ
  echo "## nvidia-smi"; nvidia-smi 2>&1
  echo "## nvidia-smi -q (clocks, power)"; nvidia-smi -q -d CLOCK,POWER,PERFORMANCE 2>&1 | head -60
  echo "## nvcc"; nvcc --version 2>&1 | tail -2
  echo "## compute-sanitizer"; compute-sanitizer --version 2>&1 | head -2
  echo "## python"; python3 -c 'import sys, numpy; print(sys.version.split()[0], "numpy", numpy.__version__)' 2>&1
  echo "## cpu"; nproc; uname -r
} >"$LOGS/env.txt" 2>&1
GPU_NAME=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
CC=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d ' .')
[[ -n "$CC" ]] || CC=90
COMMIT=$(git rev-parse --short HEAD 2>/dev/null || cut -c1-12 .gpu/commit 2>/dev/null || echo unknown)
log "GPU: ${GPU_NAME:-none found} (sm_$CC), commit $COMMIT"

if ! command -v node >/dev/null 2>&1 && [[ -f .gpu/node.xz ]]; then
  mkdir -p /tmp/node/bin && xz -dc .gpu/node.xz >/tmp/node/bin/node && chmod +x /tmp/node/bin/node
fi
[[ -x /tmp/node/bin/node ]] && export PATH=/tmp/node/bin:$PATH
[[ ! -d node_modules && -f .gpu/node_modules.tar.xz ]] && tar -xJf .gpu/node_modules.tar.xz
HAVE_NODE=0
command -v node >/dev/null 2>&1 && [[ -d node_modules/vitest ]] && HAVE_NODE=1
fact "node: $(node --version 2>/dev/null || echo none), node_modules: $([[ -d node_modules ]] && echo yes || echo no)"

# The build: carried from .gpu/build.tar.xz when it was made for this GPU, else made here
BUILD_FROM=none
if [[ -f .gpu/build.tar.xz ]] && grep -q "${CC}" .gpu/build-commit 2>/dev/null; then
  tar -xJf .gpu/build.tar.xz && BUILD_FROM="carried ($(cat .gpu/build-commit))"
fi
if [[ ! -f build/Release/cuda_random.node || ! -x build/gpu/gpu_selftest ]]; then
  CMAKE_ARGS=(-S . -B build -DCMAKE_BUILD_TYPE=Release -DCR_BUILD_GPU_TESTS=ON -DCR_WERROR=ON
    "-DCUDA_RANDOM_ARCHS=${CC}-real" "-DCMAKE_LIBRARY_OUTPUT_DIRECTORY=$ROOT/build/Release")
  if [[ $HAVE_NODE == 1 ]]; then CMAKE_ARGS+=("-DCR_NODE=$(command -v node)"); else CMAKE_ARGS+=(-DCR_BUILD_ADDON=OFF); fi
  DEADLINE=200 step "build (cmake, sm_$CC, -j$(nproc))" 200 "$LOGS/build.log" \
    bash -c 'cmake "$@" && cmake --build build --parallel "$(nproc)"' _ "${CMAKE_ARGS[@]}" && BUILD_FROM="built here (sm_$CC)"
  if [[ $HAVE_NODE == 1 && ! -f dist/lib/index.js ]]; then
    DEADLINE=240 step tsc 60 "$LOGS/tsc.log" node node_modules/typescript/bin/tsc -p .
  fi
fi
SELF=build/gpu/gpu_selftest ALIAS=build/gpu/alias_selftest
NODE_OK=0
if [[ $HAVE_NODE == 1 && -f build/Release/cuda_random.node && -f dist/lib/index.js ]]; then
  DEADLINE=$BUDGET step "load check (backend())" 30 "$LOGS/backend.json" node -e \
    "import('./dist/lib/index.js').then(m => { const b = m.backend(); console.log(JSON.stringify(b, null, 1)); process.exit(b.cuda && b.cuda.usable ? 0 : 1) })" && NODE_OK=1
  fact "backend(): $(tr -d '\n' <"$LOGS/backend.json" | cut -c1-400)"
else
  skip "load check (backend())" "no node, node_modules, addon or dist"
fi

# curand_kernel.h: the toolkit's, else the nvidia-curand wheel's
CURAND_INC=""
for d in "${CUDA_HOME:-/usr/local/cuda}/include" /usr/local/cuda/include /usr/include; do
  [[ -f "$d/curand_kernel.h" ]] && { CURAND_INC=$d; break; }
done
[[ -n "$CURAND_INC" ]] || CURAND_INC=$(python3 - <<'EOF' 2>/dev/null
import pathlib, site, sys
for base in site.getsitepackages() + sys.path:
    for h in sorted(pathlib.Path(base).glob("nvidia/**/curand_kernel.h")):
        print(h.parent); raise SystemExit
EOF
)
fact "curand_kernel.h: ${CURAND_INC:-not found}"

# ---- 1. correctness (jobs side by side) ---------------------------------------------------------------
DEADLINE=${GPU_RUN_PHASE1:-$(( BUDGET * 54 / 100 ))}   # 270 s of 500
log "phase 1: correctness until ${DEADLINE}s"
job_selftest() {
  if [[ -x $SELF ]]; then
    step gpu_selftest 200 "$LOGS/selftest.log" "$SELF"
    local rc=$?
    # killed by a signal (SIGFPE, SIGSEGV, abort): the host backtrace, from cuda-gdb (there is no gdb)
    if (( rc > 128 && rc != 137 )) && command -v cuda-gdb >/dev/null 2>&1; then
      step "gpu_selftest under cuda-gdb (backtrace)" 120 "$LOGS/selftest-gdb.log" \
        cuda-gdb -q -batch -ex run -ex bt -ex 'info threads' --args "$SELF"
    fi
  else
    skip gpu_selftest "not built"
  fi
  if [[ -x $ALIAS ]]; then step alias_selftest 150 "$LOGS/alias-selftest.log" "$ALIAS"; else skip alias_selftest "not built"; fi
}
job_compare() {
  if [[ $NODE_OK == 1 ]]; then
    local sections=()
    [[ -n "${GPU_RUN_COMPARE_SECTIONS:-}" ]] && sections=(--sections "$GPU_RUN_COMPARE_SECTIONS")
    step "gpu-compare --part compare --max ${GPU_RUN_COMPARE_MAX:-1e7} ${sections[*]}" 230 "$LOGS/compare.log" \
      node scripts/gpu-compare.mjs --part compare --max "${GPU_RUN_COMPARE_MAX:-1e7}" "${sections[@]}" --json "$LOGS/compare.json"
    [[ ${GPU_RUN_ALIAS_COMPARE:-1} == 1 ]] && step "gpu-alias-compare --max 1e7" 120 "$LOGS/alias-compare.log" \
      node scripts/gpu-alias-compare.mjs --max 1e7 --json "$LOGS/alias-compare.json"
  else
    skip gpu-compare "the addon did not load the CUDA backend"
  fi
}
job_vitest() {
  if [[ $NODE_OK == 1 ]]; then
    # trace-tests.ts names each test on stderr as it starts and ends; watch-hang.sh records the JS and
    # native stacks of a run still going after GPU_RUN_VITEST_WATCH seconds (runs 1 and 2: cut at 200 s)
    step "vitest GPU cases (CUDA_RANDOM_BACKEND=cuda)" "${GPU_RUN_VITEST_LIMIT:-200}" "$LOGS/vitest-cuda.log" env CUDA_RANDOM_BACKEND=cuda \
      bash scripts/gpu/watch-hang.sh "${GPU_RUN_VITEST_WATCH:-150}" "$LOGS/vitest-hang" node node_modules/vitest/vitest.mjs run --config scripts/gpu/vitest-trace.config.ts \
      test/native.test.ts test/alias-cuda.test.ts
  else
    skip vitest "the addon did not load the CUDA backend"
  fi
}
job_sanitize() {
  command -v compute-sanitizer >/dev/null 2>&1 || { skip compute-sanitizer "not installed"; return; }
  local t
  local on=" ${GPU_RUN_SANITIZE_ON:-selftest alias} "
  for t in ${GPU_RUN_SANITIZERS:-memcheck racecheck synccheck initcheck}; do
    local extra=()
    # the self-tests provoke API errors on purpose (a petabyte cudaHostAlloc) and check each status
    # themselves; they free the runtime's pinned pool before exit (cr_diag_release), so leaks are real
    [[ $t == memcheck ]] && extra=(--leak-check full --report-api-errors no)
    [[ $t == racecheck ]] && extra=(--racecheck-report all)
    [[ -x $SELF && $on == *" selftest "* ]] && step "sanitizer $t: gpu_selftest --quick" 120 "$LOGS/sanitizer-$t.log" \
      compute-sanitizer --tool "$t" "${extra[@]}" --error-exitcode 1 "$SELF" --quick
    [[ -x $ALIAS && $on == *" alias "* ]] && step "sanitizer $t: alias_selftest --quick" 90 "$LOGS/sanitizer-$t-alias.log" \
      compute-sanitizer --tool "$t" "${extra[@]}" --error-exitcode 1 "$ALIAS" --quick
  done
}
job_curand() {
  if [[ -n "$CURAND_INC" && -f build/libcr_cuda.a ]]; then
    step "curand_confirm: build" 90 "$LOGS/curand-build.log" nvcc -std=c++17 -O2 -arch="sm_$CC" -fmad=false \
      -I"$CURAND_INC" -Icuda/include -Icuda/src -Icuda/test cuda/test/curand_confirm.cu build/libcr_cuda.a \
      -o build/gpu/curand_confirm &&
      step "curand_confirm: XORWOW, Philox, MRG32k3a" 60 "$LOGS/curand_confirm.json" build/gpu/curand_confirm
    [[ -f $LOGS/curand_confirm.json ]] && fact "curand_confirm: $(grep -o '"[a-z0-9_]*_\(confirmed\|curand\|agree\)": [a-z]*' "$LOGS/curand_confirm.json" | tr '\n' ' ')"
  else
    skip curand_confirm "no curand_kernel.h or no build/libcr_cuda.a"
  fi
  step "libcurand Sobol tables and host outputs" 120 "$LOGS/curand-data.log" python3 scripts/gpu-curand-data.py "$LOGS/curand"
  fact "$(grep -h '^CURAND_DATA_JSON' "$LOGS/curand-data.log" 2>/dev/null | cut -c1-600)"
  cp "$LOGS"/curand/curand-tables*.npz "$OUTDIR/" 2>/dev/null
  rm -f "$LOGS"/curand/curand-tables*.npz   # in $OUT already; keeps the logs tarball small
}
publish
for j in selftest compare vitest sanitize curand; do want $j && "job_$j" & done
wait
log "phase 1 done"

# ---- 2. speed (one at a time) -----------------------------------------------------------------------------
DEADLINE=$(( BUDGET * 88 / 100 ))   # 440 s of 500
bench() { want bench && [[ " ${GPU_RUN_BENCH:-selftest peers alias alias-peers timings} " == *" $1 "* ]]; }
bench selftest && [[ -x $SELF ]] && step "bench: gpu_selftest --bench" 90 "$LOGS/bench.log" "$SELF" --bench
bench peers && step "bench: cuRAND (CuPy), torch, JAX" 100 "$LOGS/pybench.log" python3 scripts/gpu-bench.py
bench alias && [[ -x $ALIAS ]] && step "bench: alias_selftest --bench" 60 "$LOGS/alias-bench.log" "$ALIAS" --bench
bench alias-peers && step "bench: alias peers (torch.multinomial, CuPy choice)" 60 "$LOGS/alias-pybench.log" \
  python3 scripts/gpu-bench-alias.py
bench timings && [[ $NODE_OK == 1 ]] && step "bench: crossover and host outputs" 80 "$LOGS/timings.log" \
  node scripts/gpu-compare.mjs --part timings --max 1e8 --json "$LOGS/timings.json"

# Why normal float32 and gamma are slower than cuRAND and torch (run 1): Nsight Compute's speed-of-light,
# occupancy and instruction mix of those kernels inside the benchmark (only when asked: GPU_RUN_ONLY=profile)
if want profile && [[ " ${GPU_RUN_ONLY:-} " == *" profile "* ]]; then
  if command -v ncu >/dev/null 2>&1 && [[ -x $SELF ]]; then
    step "profile: ncu normal/gamma kernels" 90 "$LOGS/ncu.log" ncu --kernel-name-base demangled \
      -k 'regex:normal|gamma' --launch-count 6 --section SpeedOfLight --section Occupancy --section LaunchStats \
      --section ComputeWorkloadAnalysis --section InstructionStats --section WarpStateStats "$SELF" --bench
  else
    skip "profile: ncu" "no ncu or no gpu_selftest"
  fi
fi

# ---- 3. reference vectors ---------------------------------------------------------------------------------
DEADLINE=$(( BUDGET * 98 / 100 ))
want vectors && step "vectors: jax.random, torch (CUDA)" 60 "$LOGS/vectors.log" python3 scripts/gpu-vectors.py "$LOGS/jax-torch-vectors.json"

# ---- 4. report ---------------------------------------------------------------------------------------------
{
  grep -h 'comparisons equal' "$LOGS/compare.log" 2>/dev/null | sed 's/^/compare: /'
  grep -c '^MISMATCH' "$LOGS/compare.log" 2>/dev/null | sed 's/^/compare mismatches: /'
  grep -h '^MISMATCH' "$LOGS/compare.log" 2>/dev/null | head -8 | cut -c1-220
  grep -hE 'Tests +[0-9]|Test Files' "$LOGS/vitest-cuda.log" 2>/dev/null | sed 's/^ */vitest: /'
  grep -hE '^gpu_selftest|FAIL|fail' "$LOGS/selftest.log" 2>/dev/null | head -8 | sed 's/^/selftest: /'
  grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY' "$LOGS"/sanitizer-*.log 2>/dev/null | sort | uniq -c | sed 's/^/sanitizer: /'
} >>"$LOGS/facts.txt" 2>/dev/null
DATE=$(date -u +%Y-%m-%d)
SLUG=$(printf '%s' "${GPU_NAME:-gpu}" | tr -cs 'A-Za-z0-9' '-' | sed 's/^-//; s/-$//' | tr 'A-Z' 'a-z')
REPORT="bench/results/${DATE}-${SLUG:-gpu}.md"
{
  echo "# GPU run ${DATE}: ${GPU_NAME:-no GPU}"
  echo
  echo "Command: \`bash scripts/gpu-run.sh\` (issue 29), commit $COMMIT, build $BUILD_FROM, $(elapsed) s."
  echo
  echo '```'; summary; cat "$LOGS/summary.txt"; echo '```'
  echo; echo '## Environment'; echo; echo '```'; cat "$LOGS/env.txt"; echo '```'
} >"$REPORT"
cp "$REPORT" "$OUTDIR/gpu-run-report.md"
publish
FAILS=$(awk -F'\t' '$2 == "FAIL" || $2 == "cut"' "$STEPS" | wc -l)
echo
cat "$LOGS/summary.txt"
log "done in $(elapsed)s: $FAILS failing or cut step(s); report $REPORT"
(( FAILS == 0 ))
