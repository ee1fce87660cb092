/** `cuda-random bits`: the raw stream as little-endian words on stdout, for external test batteries. */
import { bits } from '../facade/samplers.js';
import { key } from '../core/keys.js';
import * as api from '../index.js';

const CHUNK = 1 << 20;

export interface BitsCommand {
  generator: 'philox' | 'xorwow';
  seed: bigint;
  /** Words to write; undefined = until stdout closes. */
  count?: bigint;
  offset: bigint;
  subsequence: bigint;
}

function drained(out: NodeJS.WritableStream): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

export async function streamBits(c: BitsCommand, out: NodeJS.WritableStream = process.stdout): Promise<void> {
  let closed = false;
  out.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') closed = true;
    else throw e;
  });
  const k = key(c.seed);
  const XorwowCtor = (api as Record<string, unknown>).Xorwow as
    | (new (seed: bigint, o: { subsequence: bigint; offset: bigint }) => { fill(o: Uint32Array): Uint32Array })
    | undefined;
  if (c.generator === 'xorwow' && !XorwowCtor) throw new Error('XORWOW is not available in this build');
  const x = c.generator === 'xorwow' ? new XorwowCtor!(c.seed, { subsequence: c.subsequence, offset: c.offset }) : null;
  let done = 0n;
  while (!closed && (c.count === undefined || done < c.count)) {
    const m = c.count === undefined ? CHUNK : Number(c.count - done < BigInt(CHUNK) ? c.count - done : BigInt(CHUNK));
    const w = x ? x.fill(new Uint32Array(m)) : bits(k, m, { offset: c.offset + done });
    done += BigInt(m);
    const buf = Buffer.from(w.buffer, w.byteOffset, w.byteLength);
    if (!out.write(buf)) await drained(out);
  }
}
