#!/usr/bin/env node
// Prints log(k!) for k = 0..170, each correctly rounded to binary64 from the exact BigInt k! (a 256-bit
// logarithm, scripts/ref-special.mjs bigLogFactorial), as the table literals of lib/core/math/logfactorial.ts
// and cuda/include/cr_special.h. 170 is the largest k with k! finite in binary64. The table is data,
// checked value by value by test/special-math.test.ts; rerun this only to regenerate it:
//   node scripts/gen-log-factorial-table.mjs
import { bigLogFactorial } from './ref-special.mjs';
import { mulPow2 } from './ref-math.mjs';

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
const hex = (x) => { F64[0] = x; return `${U32[1].toString(16).toUpperCase().padStart(8, '0')} ${U32[0].toString(16).toUpperCase().padStart(8, '0')}`; };
const lines = [];
for (let k = 0; k <= 170; k++) {
  const r = bigLogFactorial(k);
  // hi is the 120-bit value rounded once; hi + lo rounded again is the correctly rounded double unless
  // lo sits at half an ulp of hi, which the check below rules out
  const v = mulPow2(r.hi + r.lo, r.s);
  if (k > 1 && Math.abs(Math.abs(mulPow2(r.lo, r.s)) / (2 ** (Math.floor(Math.log2(v)) - 52)) - 0.5) < 2 ** -20) {
    throw new Error(`log(${k}!) is too close to a rounding boundary`);
  }
  lines.push(`  ${Object.is(v, 0) ? '0.0' : String(v)}, /* ${k}: ${hex(v)} */`);
}
console.log(lines.join('\n'));
