#!/usr/bin/env python3
"""cuRAND's scrambled Sobol data, from a GPU run's curand-tables32.npz, curand-tables64.npz and
curand-tables64s.npz (scripts/gpu-curand-data.py), as the compact file `scramble: 'curand'` reads
(docs/qmc.md, "cuRAND's scrambled Sobol"):

    python3 scripts/curand-sobol-lms.py RUN_DIR data/curand-sobol-scramble

It checks that libcurand's unscrambled JOEKUO6 sets are the 32- and 64-bit direction vectors this
project derives (dv64's top halves are dv32), and that each dimension's scrambled vectors are a linear
matrix scramble of them: V'_k = M_d · V_k over GF(2), M_d unit lower triangular (digit 0 = the most
significant bit). The 64-bit scramble extends the 32-bit one — M64's top-left 32 × 32 block is M32
and scramble64's top half is scramble32 — which this script checks too, so one 64-bit record serves both.
Then it writes
  <out>.bin   per dimension d < 20000, 260 bytes: M_d's 63 columns below the unit diagonal, column
              k = 0 … 62 keeping its 63 − k free bits (digits k + 1 … 63, most significant first; 2016
              bits packed most significant bit first into 252 bytes), then the scramble constant c_d
              (curandGetScrambleConstants64) as uint64 little-endian
  <out>.json  the format, the source (libcurand version, GPU run), and SHA-256 of libcurand's own arrays
              (dv32/64, their scrambled sets, the constants; little-endian) so that a decoder can prove
              it rebuilt them (test/curand-data.test.ts)
Exit status 1 if the structure does not hold.
"""
import hashlib
import json
import os
import sys

import numpy as np

run, out = sys.argv[1], sys.argv[2]
t = {}
for f in ("curand-tables32.npz", "curand-tables64.npz", "curand-tables64s.npz"):
    t.update(np.load(os.path.join(run, f)))
U64 = np.uint64


def lms(V, S, bits):
    """M_d by columns (digit k's column as a word), from V_k and V'_k = M_d V_k; None if not unit lower triangular."""
    D = V.shape[0]
    M = np.zeros((D, bits), dtype=U64)
    for k in range(bits):
        acc = S[:, k].astype(U64)
        for j in range(k):  # V_k's digits above its lowest set one (digit k) pick earlier columns
            has = ((V[:, k].astype(U64) >> U64(bits - 1 - j)) & U64(1)).astype(bool)
            acc[has] ^= M[has, j]
        if not np.all((acc >> U64(bits - 1 - k)) == 1):
            sys.exit(f"{bits}-bit column {k}: not unit lower triangular in some dimension")
        M[:, k] = acc
    return M


M32 = lms(t["dv32"], t["dv32_scrambled"], 32)
M64 = lms(t["dv64"], t["dv64_scrambled"], 64)
D = M64.shape[0]
checks = {
    "dv64 top halves are dv32": np.all((t["dv64"][:, :32] >> U64(32)) == t["dv32"]),
    "M64's top-left block is M32": np.all((M64[:, :32] >> U64(32)) == M32),
    "scramble64's top half is scramble32": np.all((t["scramble64"] >> U64(32)) == t["scramble32"]),
}
for what, holds in checks.items():
    if not holds:
        sys.exit(f"does not hold: {what}")
bits = []
for k in range(63):  # column 63 has no free bits
    free = 63 - k
    bits.append(((M64[:, k][:, None] >> np.arange(free - 1, -1, -1, dtype=U64)) & U64(1)).astype(np.uint8))
packed = np.packbits(np.concatenate(bits, axis=1), axis=1)  # 2016 bits -> 252 bytes
assert packed.shape == (D, 252)
rec = np.concatenate([packed, t["scramble64"].astype("<u8").view(np.uint8).reshape(D, 8)], axis=1)
rec.tofile(out + ".bin")
sha = lambda a, dt: hashlib.sha256(a.astype(dt).tobytes()).hexdigest()  # noqa: E731
meta = {
    "about": "cuRAND's scrambled Sobol32/64 direction vectors and scramble constants (CURAND_SCRAMBLED_DIRECTION_VECTORS_32/64_JOEKUO6, curandGetScrambleConstants32/64) as per-dimension linear matrix scrambles of the JOEKUO6 vectors (lib/kernels/sobol/joe-kuo.data.ts, equal to libcurand's unscrambled sets for all 20,000 dimensions) plus a start constant. The 64-bit scramble extends the 32-bit one (its top-left 32 x 32 block and the constants' top halves). Written by scripts/curand-sobol-lms.py from a GPU run of scripts/gpu-curand-data.py; read by lib/kernels/sobol/curand-scramble.ts.",
    "format": "260 bytes per dimension d = 0 … 19999: 252 bytes of M_d's free bits (column k = 0 … 62, its 63 − k bits below the diagonal, digits k + 1 … 63 most significant first, packed most significant bit first), then c_d as uint64 little-endian. V'_k = XOR over the set digits j of V_k of M_d column j, where column j = 2^(63−j) | its free bits; the 32-bit set uses the top 32 bits of columns 0 … 31 and of c_d.",
    "dimensions": int(D),
    "record_bytes": 260,
    "source": {"run": "2026-11-27, NVIDIA H100 80GB HBM3, libcurand.so.10 version 10400 (CUDA 13.0), scripts/gpu-run.sh (run 4)"},
    "sha256_file": hashlib.sha256(rec.tobytes()).hexdigest(),
    "sha256_dv32_u32le": sha(t["dv32"], "<u4"),
    "sha256_dv32_scrambled_u32le": sha(t["dv32_scrambled"], "<u4"),
    "sha256_scramble32_u32le": sha(t["scramble32"], "<u4"),
    "sha256_dv64_u64le": sha(t["dv64"], "<u8"),
    "sha256_dv64_scrambled_u64le": sha(t["dv64_scrambled"], "<u8"),
    "sha256_scramble64_u64le": sha(t["scramble64"], "<u8"),
}
with open(out + ".json", "w") as f:
    json.dump(meta, f, indent=1)
print(f"{D} dimensions: {out}.bin ({rec.nbytes} bytes), {out}.json; " + ", ".join(checks))
