#!/usr/bin/env bash
# Packs cuda-random and installs the tarball into an empty project the way a user would, then checks
# that the install succeeded with its one-line report, that the package loads, that backend() names
# the backend and why, and that bits() gives the documented stream.
#
#   scripts/pack-test.sh                 # PATH without nvcc (CUDACXX/CUDA_HOME unset): the fallback
#   scripts/pack-test.sh --source-build  # nvcc as found here: the tarball builds the addon from source
#                                        # (plain cmake; cmake-js is a devDependency and is absent)
#
# Also installs with --ignore-scripts (CPU backend, no addon build). Needs npm and the npm registry
# (or its cache) for the package's own dependencies. Exit 0 on success.
set -euo pipefail

mode=fallback
[[ "${1:-}" == "--source-build" ]] && mode=source

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cuda-random-pack.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
say() { printf 'pack-test: %s\n' "$*"; }

cd "$root"
tgz=$(npm pack --pack-destination "$tmp" --silent 2>/dev/null | tail -n 1)
[[ -f "$tmp/$tgz" ]] || { say "npm pack produced no tarball"; exit 1; }
tar -tzf "$tmp/$tgz" >"$tmp/contents.txt"
say "packed $tgz ($(du -k "$tmp/$tgz" | cut -f1) KiB; prebuilds inside: $(grep -c '^package/prebuilds/.*\.node$' "$tmp/contents.txt" || true))"
for must in package/dist/lib/index.js package/scripts/install.mjs package/CMakeLists.txt package/cuda/include/cr_api.h package/binding/addon.cc; do
  grep -qx "$must" "$tmp/contents.txt" || { say "tarball lacks $must"; exit 1; }
done

# PATH without any directory that holds nvcc (the fallback case)
clean_path() {
  local out="" d
  IFS=: read -r -a dirs <<<"$PATH"
  for d in "${dirs[@]}"; do
    [[ -n "$d" && -x "$d/nvcc" ]] && continue
    out="${out:+$out:}$d"
  done
  printf '%s' "$out"
}

# check.mjs: loads the installed package and prints/validates what it reports
cat >"$tmp/check.mjs" <<'EOF'
import { readFileSync } from 'node:fs';
const m = await import('cuda-random');
const [want] = JSON.parse(readFileSync(process.argv[2], 'utf8')).bits;
const got = [...m.bits([want.k0, want.k1], want.n, { offset: BigInt(want.offset) })];
if (JSON.stringify(got) !== JSON.stringify(want.words)) throw new Error(`bits() mismatch: ${got} vs ${want.words}`);
const b = m.backend();
console.log(`backend: ${b.name}: ${b.reason}`);
if (b.name === 'cpu' && !/^CUDA is not used: .{10,}/.test(b.reason) && !/requested/.test(b.reason)) {
  throw new Error('backend() gives no reason for the CPU fallback');
}
await m.shutdownPool?.();
EOF

install_into() { # dir, extra npm args...
  local dir=$1; shift
  mkdir -p "$dir"
  (cd "$dir" && npm init -y >/dev/null 2>&1)
  if [[ $mode == fallback ]]; then
    (cd "$dir" && env -u CUDACXX -u CUDA_HOME -u CUDA_PATH PATH="$(clean_path)" \
      npm install --no-audit --no-fund --foreground-scripts "$@" "$tmp/$tgz") >"$dir/install.log" 2>&1
  else
    (cd "$dir" && npm install --no-audit --no-fund --foreground-scripts "$@" "$tmp/$tgz") >"$dir/install.log" 2>&1
  fi
}

# 1. a normal install
start=$(date +%s)
if ! install_into "$tmp/app"; then
  say "npm install of the tarball FAILED:"; cat "$tmp/app/install.log"; exit 1
fi
say "npm install took $(( $(date +%s) - start )) s ($mode)"
lines=$(grep -c '^cuda-random: ' "$tmp/app/install.log" || true)
grep '^cuda-random: ' "$tmp/app/install.log" | sed 's/^/pack-test: install said: /'
[[ $lines == 1 ]] || { say "expected exactly one 'cuda-random:' line from the install script, got $lines"; cat "$tmp/app/install.log"; exit 1; }
if [[ $mode == fallback ]] && grep -q 'built the CUDA addon' "$tmp/app/install.log"; then
  say "the install built the addon although nvcc was hidden from it"; exit 1
fi
if [[ $mode == source ]] && ! grep -qE 'built the CUDA addon|using the native addon' "$tmp/app/install.log"; then
  say "--source-build: the install did not build (or find) the addon"; cat "$tmp/app/install.log"; exit 1
fi
(cd "$tmp/app" && cp "$tmp/check.mjs" . && node check.mjs "$root/test/vectors/philox_stream.json") | sed 's/^/pack-test: /'

# 2. --ignore-scripts: no install step at all; the package still works (CPU backend unless a prebuild loads)
if ! install_into "$tmp/app-noscripts" --ignore-scripts; then
  say "npm install --ignore-scripts FAILED:"; cat "$tmp/app-noscripts/install.log"; exit 1
fi
(cd "$tmp/app-noscripts" && cp "$tmp/check.mjs" . && node check.mjs "$root/test/vectors/philox_stream.json") | sed 's/^/pack-test: --ignore-scripts: /'
say "OK"
