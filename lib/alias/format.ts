/**
 * The serialized alias table (docs/alias.md, "Serialization"), little-endian throughout:
 *
 *   offset      size  field
 *   0           8     magic "CRALIAS\0"
 *   8           4     format version (1)
 *   12          4     method: 0 = psa, 1 = psa+
 *   16          4     N, items (1 … 2^32−1)
 *   20          4     unit bits (32: a bucket holds 2^32 units)
 *   24          4     PSA+ group size (1024)
 *   28          4     reserved, 0
 *   32          8N    rows: threshold (u32), alias (u32) for row 0 … N−1
 *   32 + 8N     8N    fixed-point weights: lo (u32), hi (u32) for item 0 … N−1
 *
 * Parsing checks the header fields and the exact length; AliasTable.fromBuffer then runs verify().
 */
import { MAX_ITEMS, UNIT_BITS } from './fixed-point.js';
import { PLUS_GROUP, allocRows, type PsaMethod } from './psa.js';
import { describe, isTypedInput } from '../core/validate.js';

export const FORMAT_VERSION = 1;
export const HEADER_BYTES = 32;
const MAGIC = [0x43, 0x52, 0x41, 0x4c, 0x49, 0x41, 0x53, 0x00]; // "CRALIAS\0"
const METHODS: readonly PsaMethod[] = ['psa', 'psa+'];

export interface TableParts {
  method: PsaMethod;
  n: number;
  rows: Uint32Array;
  hi: Uint32Array;
  lo: Uint32Array;
}

export function encode(t: TableParts): Uint8Array {
  const { n } = t;
  const bytes = new Uint8Array(HEADER_BYTES + 16 * n);
  const dv = new DataView(bytes.buffer);
  MAGIC.forEach((b, i) => dv.setUint8(i, b));
  dv.setUint32(8, FORMAT_VERSION, true);
  dv.setUint32(12, METHODS.indexOf(t.method), true);
  dv.setUint32(16, n, true);
  dv.setUint32(20, UNIT_BITS, true);
  dv.setUint32(24, PLUS_GROUP, true);
  dv.setUint32(28, 0, true);
  let o = HEADER_BYTES;
  for (let i = 0; i < 2 * n; i++, o += 4) dv.setUint32(o, t.rows[i], true);
  for (let i = 0; i < n; i++, o += 8) {
    dv.setUint32(o, t.lo[i], true);
    dv.setUint32(o + 4, t.hi[i], true);
  }
  return bytes;
}

function bad(msg: string): RangeError {
  return new RangeError(`alias table buffer: ${msg}`);
}

export function decode(buffer: unknown): TableParts {
  let bytes: Uint8Array;
  if (isTypedInput(buffer, 'buffer', Uint8Array)) bytes = buffer as Uint8Array;
  else if (buffer instanceof ArrayBuffer || buffer instanceof SharedArrayBuffer) {
    try {
      bytes = new Uint8Array(buffer);
    } catch {
      throw new TypeError('buffer is a detached ArrayBuffer');
    }
  } else throw new TypeError(`buffer must be a Uint8Array or ArrayBuffer, got ${describe(buffer)}`);
  if (bytes.byteLength < HEADER_BYTES) throw bad(`${bytes.byteLength} bytes is shorter than the ${HEADER_BYTES}-byte header`);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < MAGIC.length; i++) {
    if (dv.getUint8(i) !== MAGIC[i]) throw bad('wrong magic (not a cuda-random alias table)');
  }
  const version = dv.getUint32(8, true);
  if (version !== FORMAT_VERSION) throw bad(`unsupported format version ${version} (this library reads ${FORMAT_VERSION})`);
  const m = dv.getUint32(12, true);
  if (m >= METHODS.length) throw bad(`unknown method code ${m}`);
  const n = dv.getUint32(16, true);
  if (n < 1 || n > MAX_ITEMS) throw bad(`item count ${n} out of range`);
  const unit = dv.getUint32(20, true);
  if (unit !== UNIT_BITS) throw bad(`unit bits ${unit}, expected ${UNIT_BITS}`);
  const group = dv.getUint32(24, true);
  if (group !== PLUS_GROUP) throw bad(`PSA+ group size ${group}, expected ${PLUS_GROUP}`);
  if (dv.getUint32(28, true) !== 0) throw bad('reserved header word is not 0');
  const want = HEADER_BYTES + 16 * n;
  if (bytes.byteLength !== want) throw bad(`length ${bytes.byteLength} bytes, expected ${want} for ${n} items`);
  const rows = allocRows(n);
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  let o = HEADER_BYTES;
  for (let i = 0; i < 2 * n; i++, o += 4) rows[i] = dv.getUint32(o, true);
  for (let i = 0; i < n; i++, o += 8) {
    lo[i] = dv.getUint32(o, true);
    hi[i] = dv.getUint32(o + 4, true);
  }
  return { method: METHODS[m], n, rows, hi, lo };
}
