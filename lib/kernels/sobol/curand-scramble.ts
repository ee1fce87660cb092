/**
 * cuRAND's scrambled Sobol (CURAND_RNG_QUASI_SCRAMBLED_SOBOL32/64; `scramble: 'curand'`): dimension
 * d uses libcurand's scrambled JOEKUO6 direction vectors and starts at its scramble constant, so the
 * Gray-code generator gives curand()'s words after curand_init(scrambled vectors, constant, offset).
 *
 * That data lives inside libcurand. A GPU run dumped it (scripts/gpu-curand-data.py) and found its
 * structure (scripts/curand-sobol-lms.py): the scrambled vectors of dimension d are M_d V_k over GF(2)
 * for our JOEKUO6 vectors V_k and a unit lower-triangular 64 × 64 matrix M_d, the 32-bit set uses M_d's
 * top-left 32 × 32 block, and the 32-bit constant is the 64-bit one's top half. data/curand-sobol-
 * scramble.bin keeps M_d's free bits and the constant, 260 bytes a dimension (its .json states the
 * format and the SHA-256 of libcurand's arrays, which test/curand-data.test.ts rebuilds). A call reads
 * only the records of the dimensions it uses, once per process.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLED_HINT, packageRoot } from '../../core/package-root.js';
import { directions64 } from './directions.js';
import { applyColumns64 } from './scramble.js';

/** libcurand's JOEKUO6 sets hold 20,000 dimensions (cuRAND's documentation, "Sobol"). */
export const CURAND_SOBOL_DIMENSIONS = 20000;
const RECORD = 260;
const FILE = 'data/curand-sobol-scramble.bin';

let fd: number | null = null;

function record(d: number): Uint8Array {
  if (fd === null) {
    const base = packageRoot();
    if (base === null) throw new Error(`scramble 'curand' reads cuda-random's ${FILE}, which is not beside this code (${BUNDLED_HINT})`);
    const path = join(base, FILE);
    const f = openSync(path, 'r');
    if (fstatSync(f).size !== CURAND_SOBOL_DIMENSIONS * RECORD) {
      closeSync(f);
      throw new Error(`${path} is not ${CURAND_SOBOL_DIMENSIONS} records of ${RECORD} bytes; reinstall cuda-random`);
    }
    fd = f; // open for the process's lifetime: an open file keeps no event loop alive
  }
  const rec = new Uint8Array(RECORD);
  if (readSync(fd, rec, 0, RECORD, d * RECORD) !== RECORD) throw new Error(`${FILE}: short read at dimension ${d}`);
  return rec;
}

/**
 * M_d by columns: col[2j], col[2j + 1] = the hi and lo words of column j (input digit j = bit 63 − j
 * feeds output digit j and the digits below it whose bits are set).
 */
function columns(rec: Uint8Array): Int32Array {
  const col = new Int32Array(128);
  let at = 0;
  for (let j = 0; j < 64; j++) {
    const diag = 63 - j;
    if (diag >= 32) col[2 * j] = 1 << (diag - 32);
    else col[2 * j + 1] = 1 << diag;
    for (let b = diag - 1; b >= 0; b--, at++) {
      if ((rec[at >>> 3] >>> (7 - (at & 7))) & 1) {
        if (b >= 32) col[2 * j] |= 1 << (b - 32);
        else col[2 * j + 1] |= 1 << b;
      }
    }
  }
  return col;
}

/** The constant c_d as (hi, lo) words (little-endian uint64 after the 252 bytes of free bits). */
function constant(rec: Uint8Array): [number, number] {
  const v = new DataView(rec.buffer, rec.byteOffset + 252, 8);
  return [v.getUint32(4, true), v.getUint32(0, true)];
}

const cache32 = new Map<number, { dirs: Uint32Array; c: number }>();
const cache64 = new Map<number, { dirs: Uint32Array; c: bigint }>();

/** libcurand's scrambled Sobol64 direction vectors ((hi, lo) pairs) and scramble constant of dimension d. */
export function curandScrambled64(d: number): { dirs: Uint32Array; c: bigint } {
  let s = cache64.get(d);
  if (s) return s;
  const rec = record(d);
  const [ch, cl] = constant(rec);
  s = { dirs: applyColumns64(columns(rec), directions64(d)), c: (BigInt(ch) << 32n) | BigInt(cl) };
  cache64.set(d, s);
  return s;
}

/**
 * libcurand's scrambled Sobol32 direction vectors and scramble constant of dimension d (< 20,000): the
 * top halves of the 64-bit ones (M_d's top-left block acts on the top digits, and the 32-bit vectors
 * are the 64-bit ones' top halves), as the 32-bit constant is the 64-bit one's top half.
 */
export function curandScrambled32(d: number): { dirs: Uint32Array; c: number } {
  let s = cache32.get(d);
  if (s) return s;
  const wide = curandScrambled64(d);
  const dirs = new Uint32Array(32);
  for (let k = 0; k < 32; k++) dirs[k] = wide.dirs[2 * k];
  s = { dirs, c: Number(wide.c >> 32n) };
  cache32.set(d, s);
  return s;
}
