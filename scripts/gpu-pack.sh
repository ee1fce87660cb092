#!/usr/bin/env bash
# Prepares .gpu/ (git-ignored) for scripts/gpu-run.sh (and gpu-check.sh) on a GPU machine that has no
# node and no npm registry, so that the device's minutes go to running, not building:
#   .gpu/node.xz               this machine's node binary (x86-64 Linux)
#   .gpu/node_modules.tar.xz   this checkout's node_modules minus the WebAssembly tools (gpu-check.sh
#                              runs the whole test suite, so the rest stays)
#   .gpu/build.tar.xz          with --build: the addon, gpu_selftest, alias_selftest and libcr_cuda.a,
#                              built here for sm_90 (CUDA_RANDOM_ARCHS to change), and dist/ from tsc
#   .gpu/commit, .gpu/build-commit   HEAD, and the commit (plus "-dirty") the build was made from
# Carry the folder with the working tree (the device tool's `carry: [".gpu"]`, ~47 MiB of its 64 with the build).
#   bash scripts/gpu-pack.sh            # node and node_modules only
#   bash scripts/gpu-pack.sh --build    # and the build (about 1-2 minutes here on 2 cores for one arch)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[[ -d node_modules ]] || { echo "gpu-pack: run npm install first" >&2; exit 1; }
mkdir -p .gpu
git rev-parse HEAD >.gpu/commit 2>/dev/null || echo unknown >.gpu/commit
node_bin=$(command -v node)
if [[ ! -f .gpu/node.xz || "$node_bin" -nt .gpu/node.xz ]]; then
  xz -T0 -6 -c "$node_bin" >.gpu/node.xz
fi
tar --exclude='node_modules/.cache' --exclude='node_modules/wabt' -cf - node_modules | xz -T0 -6 >.gpu/node_modules.tar.xz
if [[ "${1:-}" == --build ]]; then
  archs=${CUDA_RANDOM_ARCHS:-90-real}
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCR_BUILD_GPU_TESTS=ON -DCR_WERROR=ON \
    "-DCUDA_RANDOM_ARCHS=$archs" "-DCMAKE_LIBRARY_OUTPUT_DIRECTORY=$PWD/build/Release" "-DCR_NODE=$node_bin" >/dev/null
  cmake --build build --parallel "$(nproc)" >/dev/null
  node node_modules/typescript/bin/tsc -p .
  tar -cJf .gpu/build.tar.xz build/Release/cuda_random.node build/gpu/gpu_selftest build/gpu/alias_selftest \
    build/libcr_cuda.a dist
  stamp=$(git rev-parse HEAD 2>/dev/null || echo unknown)
  git diff --quiet HEAD -- cuda binding CMakeLists.txt lib 2>/dev/null || stamp="$stamp-dirty"
  echo "$stamp $archs" >.gpu/build-commit
fi
du -ch .gpu/* | sed 's/^/gpu-pack: /'
