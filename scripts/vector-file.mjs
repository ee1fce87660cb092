// Shared by the scripts/gen-*-vectors.mjs generators: the hex bit patterns their JSON files store
// floats as, and writing the file or, with --check, failing when it differs from what the code
// computes now (the tests run the --check form).
import { readFileSync, writeFileSync } from 'node:fs';

const F64 = new Float64Array(1);
const U64 = new BigUint64Array(F64.buffer);
const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);

/** A binary64 as 16 hex digits. */
export const hex64 = (x) => { F64[0] = x; return U64[0].toString(16).padStart(16, '0'); };
/** A binary32 as 8 hex digits. */
export const hex32 = (x) => { F32[0] = x; return U32[0].toString(16).padStart(8, '0'); };

/** Writes `text` to `file`, or with --check on the command line exits 1 unless the file holds it. */
export function writeOrCheck(file, text, script, cases) {
  if (process.argv.includes('--check')) {
    let old = '';
    try { old = readFileSync(file, 'utf8'); } catch { /* missing */ }
    if (old !== text) {
      console.error(`${file} is stale: run node ${script}`);
      process.exit(1);
    }
    console.log(`${file} is current`);
  } else {
    writeFileSync(file, text);
    console.log(`wrote ${file} (${text.length} bytes, ${cases} cases)`);
  }
}
