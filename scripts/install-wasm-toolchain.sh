#!/bin/sh
# Installs what `node scripts/build-wasm-samplers.mjs` needs to rebuild lib/wasm/samplers.wasm.ts:
# Debian's clang-14 and lld-14 (clang's wasm32 target links with lld's wasm-ld). Nothing else builds
# the module, and neither installing the package nor `npm test` needs it (the module is committed).
# Idempotent: when both are there (and clang-14 links a wasm32 module) it says so and changes nothing.
# Needs apt-get (Debian 12 / Ubuntu 22.04 or newer), as root or through sudo.
#
#   sh scripts/install-wasm-toolchain.sh            install if missing, then check
#   sh scripts/install-wasm-toolchain.sh --check    only check: exit 1 if missing
set -eu

# clang-14 finds wasm-ld in its own directory (/usr/lib/llvm-14/bin), where lld-14 puts it
have() {
  command -v clang-14 >/dev/null 2>&1 && [ -x /usr/lib/llvm-14/bin/wasm-ld ]
}

# a freestanding wasm32 function compiled and linked as build-wasm-samplers.mjs does
links() {
  dir=$(mktemp -d)
  printf 'extern "C" __attribute__((export_name("f"))) int f(int x) { return x + 1; }\n' > "$dir/t.cc"
  ok=0
  clang-14 --target=wasm32 -O2 -nostdlib -ffreestanding -Wl,--no-entry -o "$dir/t.wasm" "$dir/t.cc" 2>"$dir/err" || ok=1
  [ $ok -eq 0 ] || cat "$dir/err" >&2
  rm -rf "$dir"
  return $ok
}

if have; then
  if links; then
    echo "install-wasm-toolchain: $(clang-14 --version | head -n 1) with wasm-ld: present"
    exit 0
  fi
  echo "install-wasm-toolchain: clang-14 and wasm-ld are installed but cannot link a wasm32 module (above)" >&2
  exit 1
fi
if [ "${1:-}" = "--check" ]; then
  echo "install-wasm-toolchain: clang-14 or lld-14 (wasm-ld) missing; run sh scripts/install-wasm-toolchain.sh" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-wasm-toolchain: no apt-get here; install clang 14 and lld 14 (wasm-ld) by hand, then set CLANG=" >&2
  exit 1
fi
SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
echo "install-wasm-toolchain: installing clang-14 and lld-14 with apt-get"
$SUDO apt-get update
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends clang-14 lld-14
have && links || { echo "install-wasm-toolchain: installed, but clang-14 still cannot link wasm32" >&2; exit 1; }
echo "install-wasm-toolchain: $(clang-14 --version | head -n 1) with wasm-ld: installed"
