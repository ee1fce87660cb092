#!/usr/bin/env python3
"""cuRAND's scrambled Sobol32 data, from a GPU run's curand-tables32.npz (scripts/gpu-curand-data.py),
as compact facts for `scramble: 'curand'` (docs/qmc.md §6):

    python3 scripts/curand-sobol-lms.py curand-tables32.npz test/vectors/curand_sobol32_scramble

It checks that libcurand's unscrambled JOEKUO6 set is the given dv32, and that each dimension's scrambled
vectors are a linear matrix scramble of them: V'_k = M_d · V_k over GF(2), M_d unit lower triangular
(digit 0 = the most significant bit). Then it writes
  <out>.bin   per dimension d < 20000: M_d's 32 columns, column k keeping only its 31 − k free bits below
              the unit diagonal (496 bits, packed most significant first into 62 bytes), then the scramble
              constant c_d (curandGetScrambleConstants32) as 4 bytes little-endian: 66 bytes a dimension
  <out>.json  the format, the source (libcurand version, GPU run), and SHA-256 of libcurand's own arrays
              (dv32_scrambled and scramble32, little-endian uint32) so a decoder can prove it rebuilt them
Exit status 1 if the structure does not hold.
"""
import hashlib
import json
import sys

import numpy as np

src, out = sys.argv[1], sys.argv[2]
t = np.load(src)
V, S, C = t["dv32"].astype(np.uint64), t["dv32_scrambled"].astype(np.uint64), t["scramble32"].astype(np.uint32)
D = V.shape[0]
M = np.zeros((D, 32), dtype=np.uint64)
for k in range(32):
    acc = S[:, k].copy()
    for j in range(k):  # V_k's digits above its lowest set one (digit k) pick earlier columns
        has = ((V[:, k] >> np.uint64(31 - j)) & np.uint64(1)).astype(bool)
        acc[has] ^= M[has, j]
    if not np.all((acc >> np.uint64(31 - k)) == 1):
        sys.exit(f"column {k}: not unit lower triangular in some dimension")
    M[:, k] = acc
bits = []
for k in range(31):  # column 31 has no free bits
    free = 31 - k
    bits.append(((M[:, k][:, None] >> np.arange(free - 1, -1, -1, dtype=np.uint64)) & np.uint64(1)).astype(np.uint8))
packed = np.packbits(np.concatenate(bits, axis=1), axis=1)  # 496 bits -> 62 bytes
assert packed.shape == (D, 62)
rec = np.concatenate([packed, C.astype("<u4").view(np.uint8).reshape(D, 4)], axis=1)
rec.tofile(out + ".bin")
meta = {
    "about": "cuRAND's scrambled Sobol32 direction vectors and scramble constants (CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6, curandGetScrambleConstants32) as per-dimension linear matrix scrambles of the JOEKUO6 vectors (lib/kernels/sobol/joe-kuo.data.ts, equal to libcurand's unscrambled set for all 20,000 dimensions) plus a start constant. Written by scripts/curand-sobol-lms.py from a GPU run of scripts/gpu-curand-data.py.",
    "format": "66 bytes per dimension d = 0 … 19999: 62 bytes of M_d's free bits (column k = 0 … 30, its 31 − k bits below the diagonal, most significant digit first, packed most significant bit first), then c_d as uint32 little-endian. V'_k = XOR over digits j ≤ k of V_k of M_d column j, where column j = 2^(31−j) | its free bits.",
    "dimensions": int(D),
    "source": {"run": "2026-11-27, NVIDIA H100 80GB HBM3, libcurand.so.10 version 10400 (CUDA 13.0), scripts/gpu-run.sh"},
    "sha256_dv32_scrambled_u32le": hashlib.sha256(t["dv32_scrambled"].astype("<u4").tobytes()).hexdigest(),
    "sha256_scramble32_u32le": hashlib.sha256(t["scramble32"].astype("<u4").tobytes()).hexdigest(),
    "sha256_dv32_u32le": hashlib.sha256(t["dv32"].astype("<u4").tobytes()).hexdigest(),
}
with open(out + ".json", "w") as f:
    json.dump(meta, f, indent=1)
print(f"{D} dimensions: {out}.bin ({rec.nbytes} bytes), {out}.json")
