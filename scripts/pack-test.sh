#!/usr/bin/env bash
# Packs cuda-random and installs the tarball into empty projects the way users would, then checks:
#   - the file list: what must ship (LICENSE, the prebuild when nvcc is here, …) and what must not
#     (source maps without sources, cuda/test, build leftovers, tests), and that every relative link
#     in the shipped Markdown resolves inside the package (scripts/check-package-links.mjs);
#   - an install on this host: with a prebuild in the tarball it compiles nothing and says which addon
#     it uses; without nvcc (PATH, CUDACXX and CUDA_HOME cleaned) it still uses the prebuild, or says
#     why the CPU backend will be used;
#   - when nvcc is here: `npm install --build-from-source` compiles (one architecture, PACK_TEST_ARCHS,
#     default 75-real, to keep CI short), says so, and leaves only the addon and its stamp in build/;
#   - --ignore-scripts; that the package loads by import and by require(), that backend() names the
#     backend and why, and that bits() gives the documented stream.
#
#   scripts/pack-test.sh                 # all of the above
#   scripts/pack-test.sh --no-source     # skip the source build
#
# `npm pack` runs scripts/prepack.mjs, which reuses a default-architecture build of the same sources
# (build/Release after `npm ci`, or an earlier prebuild) and compiles every architecture only when
# there is none. Needs npm and the npm registry (or its cache) for the package's own dependencies.
set -euo pipefail

source_build=yes
[[ "${1:-}" == "--no-source" ]] && source_build=no

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cuda-random-pack.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
say() { printf 'pack-test: %s\n' "$*"; }
fail() { say "FAILED: $*"; exit 1; }

# PATH without any directory that holds nvcc
clean_path() {
  local out="" d
  IFS=: read -r -a dirs <<<"$PATH"
  for d in "${dirs[@]}"; do
    [[ -n "$d" && -x "$d/nvcc" ]] && continue
    out="${out:+$out:}$d"
  done
  printf '%s' "$out"
}
have_nvcc=no
if command -v nvcc >/dev/null 2>&1 || [[ -n "${CUDACXX:-}" ]]; then have_nvcc=yes; fi

cd "$root"
start=$(date +%s)
tgz=$(npm pack --pack-destination "$tmp" 2>"$tmp/pack.log" | tail -n 1) || { cat "$tmp/pack.log"; fail "npm pack"; }
[[ -f "$tmp/$tgz" ]] || { cat "$tmp/pack.log"; fail "npm pack produced no tarball"; }
grep '^prepack: ' "$tmp/pack.log" | sed 's/^/pack-test: /' || true
tar -tzf "$tmp/$tgz" | sort >"$tmp/contents.txt"
prebuild=package/prebuilds/linux-x64/cuda-random.glibc.node
say "packed $tgz in $(( $(date +%s) - start )) s ($(du -k "$tmp/$tgz" | cut -f1) KiB, $(wc -l <"$tmp/contents.txt") files)"

# --- the file list --------------------------------------------------------------------------------
musts=(package/package.json package/README.md package/LICENSE package/CHANGELOG.md package/dist/lib/index.js
  package/dist/lib/index.d.ts package/dist/lib/backend/cpu/worker.js package/dist/lib/cli/main.js
  package/scripts/install.mjs package/scripts/source-stamp.mjs package/CMakeLists.txt
  package/cuda/include/cr_api.h package/cuda/src/cr_api.cpp package/binding/addon.cc package/docs/api/README.md
  package/examples/option-pricer.mjs)
if [[ $have_nvcc == yes && "$(uname -s)-$(uname -m)" == Linux-x86_64 ]]; then
  musts+=("$prebuild" package/prebuilds/linux-x64/cuda-random.glibc.json)
fi
for must in "${musts[@]}"; do
  grep -qx "$must" "$tmp/contents.txt" || fail "the tarball lacks $must"
done
if grep -E '\.map$|^package/cuda/test/|^package/build/|^package/test/|^package/lib/|^package/node_modules/|\.tgz$|^package/\.' "$tmp/contents.txt" >"$tmp/unwanted.txt"; then
  fail "the tarball ships what it must not: $(head -5 "$tmp/unwanted.txt" | tr '\n' ' ')"
fi
if grep -q '^package/prebuilds/' "$tmp/contents.txt"; then
  grep '^package/prebuilds/' "$tmp/contents.txt" | grep -vxE 'package/prebuilds/linux-x64/cuda-random\.glibc\.(node|json)' >"$tmp/odd.txt" &&
    fail "unexpected files in prebuilds/: $(tr '\n' ' ' <"$tmp/odd.txt")"
  json=$(tar -xzOf "$tmp/$tgz" package/prebuilds/linux-x64/cuda-random.glibc.json)
  [[ $json == *'"archs": "default"'* ]] || fail "the prebuild is not a default-architecture build: $json"
  say "prebuild inside: $(tar -tvzf "$tmp/$tgz" "$prebuild" | awk '{print $3}') bytes, every default architecture"
fi
mkdir "$tmp/unpacked" && tar -xzf "$tmp/$tgz" -C "$tmp/unpacked"
node "$root/scripts/check-package-links.mjs" "$tmp/unpacked/package" | sed 's/^/pack-test: /'

# --- installs -------------------------------------------------------------------------------------
cat >"$tmp/check.mjs" <<'EOF'
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const m = await import('cuda-random');
const [want] = JSON.parse(readFileSync(process.argv[2], 'utf8')).bits;
const got = [...m.bits([want.k0, want.k1], want.n, { offset: BigInt(want.offset) })];
if (JSON.stringify(got) !== JSON.stringify(want.words)) throw new Error(`bits() mismatch: ${got} vs ${want.words}`);
const viaRequire = createRequire(import.meta.url)('cuda-random');
if (viaRequire.uniform(viaRequire.key(1), 3).join() !== m.uniform(m.key(1), 3).join()) throw new Error('require() differs from import');
const b = m.backend();
console.log(`backend: ${b.name}: ${b.reason}`);
if (b.name === 'cpu' && !/^CUDA is not used: .{10,}/.test(b.reason) && !/requested/.test(b.reason)) {
  throw new Error('backend() gives no reason for the CPU fallback');
}
if (process.argv[3] === 'addon' && /no native addon/.test(b.reason)) throw new Error(`the addon does not load: ${b.reason}`);
console.log(`cpu kernels: ${b.cpuNative.simd ?? `WebAssembly (${b.cpuNative.reason})`}`);
// the prebuild carries the host SIMD kernels: an installed addon on an AVX2 CPU must run them
let avx2 = false;
try { avx2 = /^flags\s*:.*\bavx2\b/m.test(readFileSync('/proc/cpuinfo', 'utf8')); } catch {}
if (process.argv[3] === 'addon' && avx2 && !b.cpuNative.simd) throw new Error(`the host SIMD kernels do not run: ${b.cpuNative.reason}`);
// integers through whichever kernel runs here (the host SIMD ones from 64 elements): the vectors' values
const cases = JSON.parse(readFileSync(process.argv[2].replace(/philox_stream\.json$/, 'discrete.json'), 'utf8')).cases
  .filter((c) => c.sampler === 'integers' && c.values.length >= 64);
if (!cases.length) throw new Error('no integers vectors of 64 values or more');
for (const c of cases) {
  const got = m.integers([c.k0, c.k1], c.values.length, { low: c.low, high: c.high, dtype: 'float64', offset: BigInt(c.offset) });
  if (got.some((v, i) => v !== c.values[i])) throw new Error(`integers() [${c.low}, ${c.high}) at ${c.offset} differs from test/vectors/discrete.json`);
}
await m.shutdownPool();
EOF

install_into() { # dir, nvcc (yes|no), extra npm args...
  local dir=$1 nvcc=$2; shift 2
  mkdir -p "$dir"
  (cd "$dir" && npm init -y >/dev/null 2>&1)
  if [[ $nvcc == no ]]; then
    (cd "$dir" && env -u CUDACXX -u CUDA_HOME -u CUDA_PATH PATH="$(clean_path)" \
      npm install --no-audit --no-fund --foreground-scripts "$@" "$tmp/$tgz") >"$dir/install.log" 2>&1
  else
    (cd "$dir" && npm install --no-audit --no-fund --foreground-scripts "$@" "$tmp/$tgz") >"$dir/install.log" 2>&1
  fi
}

one_line() { # dir: exactly one 'cuda-random:' line; prints it
  local lines
  lines=$(grep -c '^cuda-random: ' "$1/install.log" || true)
  [[ $lines == 1 ]] || { cat "$1/install.log"; fail "expected exactly one 'cuda-random:' line from the install script, got $lines"; }
  grep '^cuda-random: ' "$1/install.log"
}

check_in() { # dir, label, [addon]
  (cd "$1" && cp "$tmp/check.mjs" . && node check.mjs "$root/test/vectors/philox_stream.json" "${3:-}") | sed "s/^/pack-test: $2: /"
}

has_prebuild=no
grep -qx "$prebuild" "$tmp/contents.txt" && has_prebuild=yes

# 1. this host, as it is
start=$(date +%s)
install_into "$tmp/app" yes || { cat "$tmp/app/install.log"; fail "npm install of the tarball"; }
line=$(one_line "$tmp/app")
say "npm install took $(( $(date +%s) - start )) s: $line"
if [[ $has_prebuild == yes ]]; then
  [[ $line == *'using the prebuilt addon prebuilds/linux-x64/cuda-random.glibc.node'* ]] || fail "the install did not use the prebuild"
  [[ -e "$tmp/app/node_modules/cuda-random/build" ]] && fail "the install compiled although a prebuild loads"
  check_in "$tmp/app" install addon
else
  check_in "$tmp/app" install
fi

# 2. no CUDA toolkit: the prebuild still loads; without one, one line says why the CPU backend is used
install_into "$tmp/app-nonvcc" no || { cat "$tmp/app-nonvcc/install.log"; fail "npm install without nvcc"; }
line=$(one_line "$tmp/app-nonvcc")
say "without nvcc: $line"
[[ $line == *'built the CUDA addon'* ]] && fail "the install built the addon although nvcc was hidden from it"
check_in "$tmp/app-nonvcc" 'without nvcc'

# 3. --ignore-scripts: no install step at all; the package still works
install_into "$tmp/app-noscripts" yes --ignore-scripts || { cat "$tmp/app-noscripts/install.log"; fail "npm install --ignore-scripts"; }
check_in "$tmp/app-noscripts" '--ignore-scripts'

# 4. asked to build from source (one architecture): it compiles, says so, and cleans up after itself
if [[ $source_build == yes && $have_nvcc == yes ]]; then
  start=$(date +%s)
  CUDA_RANDOM_ARCHS=${PACK_TEST_ARCHS:-75-real} install_into "$tmp/app-source" yes --build-from-source ||
    { cat "$tmp/app-source/install.log"; fail "npm install --build-from-source"; }
  line=$(one_line "$tmp/app-source")
  say "--build-from-source took $(( $(date +%s) - start )) s: $line"
  [[ $line == *'built the CUDA addon from source (asked: --build-from-source)'* ]] || { cat "$tmp/app-source/install.log"; fail "no source build"; }
  grep -q '^cuda-random (building): asked: --build-from-source: building the CUDA addon from source .*CUDA_RANDOM_SKIP_BUILD=1' "$tmp/app-source/install.log" ||
    { cat "$tmp/app-source/install.log"; fail "the source build did not say first what it does and how to skip it"; }
  left=$(cd "$tmp/app-source/node_modules/cuda-random/build" && find . -type f | sort | tr '\n' ' ')
  [[ $left == './Release/cuda_random.node ./Release/cuda_random.stamp.json ' ]] || fail "build leftovers after the source build: $left"
  check_in "$tmp/app-source" '--build-from-source' addon
fi
say "OK"
