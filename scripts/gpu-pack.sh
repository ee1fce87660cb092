#!/usr/bin/env bash
# Prepares .gpu/ (git-ignored) for scripts/gpu-check.sh on a GPU machine that has no node and no
# npm registry: .gpu/node.xz (this machine's node binary, x86-64 Linux), .gpu/node_modules.tar.xz
# (this checkout's node_modules) and .gpu/commit (HEAD, for the report). Carry the folder with the
# working tree, e.g. the device tool's `carry: [".gpu"]`, then run `bash scripts/gpu-check.sh` there.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[[ -d node_modules ]] || { echo "gpu-pack: run npm install first" >&2; exit 1; }
mkdir -p .gpu
git rev-parse HEAD >.gpu/commit 2>/dev/null || echo unknown >.gpu/commit
node_bin=$(command -v node)
if [[ ! -f .gpu/node.xz || "$node_bin" -nt .gpu/node.xz ]]; then
  xz -T0 -6 -c "$node_bin" >.gpu/node.xz
fi
# node_modules minus what the GPU run never uses
tar --exclude='node_modules/.cache' --exclude='node_modules/wabt' -cf - node_modules | xz -T0 -6 >.gpu/node_modules.tar.xz
du -ch .gpu/* | sed 's/^/gpu-pack: /'
