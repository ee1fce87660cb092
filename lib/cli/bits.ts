/** `cuda-random bits`: the raw stream as little-endian words on stdout, for external test batteries. */
import { bits } from '../facade/samplers.js';
import { key } from '../core/keys.js';
import * as api from '../index.js';

const CHUNK = 1 << 20;
/** The philox stream's length in words (element indices stay below 2^63: lib/core/validate.ts). */
export const PHILOX_WORDS = 2n ** 63n;

export interface BitsCommand {
  generator: 'philox' | 'xorwow';
  seed: bigint;
  /** Words to write; undefined = until stdout closes (philox: or its stream ends at word 2^63). */
  count?: bigint;
  offset: bigint;
  /** xorwow only: a subsequence given for philox is refused rather than ignored. */
  subsequence?: bigint;
}

/** Refuses what streamBits cannot honour, before anything is written (messages name the option). */
export function checkBitsCommand(c: BitsCommand): void {
  if (c.generator !== 'philox') return;
  if (c.subsequence !== undefined) throw new RangeError('--subsequence is for --generator xorwow only (philox streams have no subsequences: use --seed or --offset)');
  if (c.offset >= PHILOX_WORDS) throw new RangeError(`--offset must be below 2^63 for philox (its stream has 2^63 words), got ${c.offset}`);
  if (c.count !== undefined && c.count > PHILOX_WORDS - c.offset) {
    throw new RangeError(`--count must be at most 2^63 - offset = ${PHILOX_WORDS - c.offset} for philox (the words left after --offset), got ${c.count}`);
  }
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
  checkBitsCommand(c);
  let closed = false;
  let failure: NodeJS.ErrnoException | undefined;
  // A reader that goes away (EPIPE) ends the stream normally; any other write error (ENOSPC on
  // /dev/full, EIO, …) ends it with one line on stderr and exit 1 through main(), not a stack trace.
  out.on('error', (e: NodeJS.ErrnoException) => {
    closed = true;
    if (e.code !== 'EPIPE') failure ??= e;
  });
  const k = key(c.seed);
  const XorwowCtor = (api as Record<string, unknown>).Xorwow as
    | (new (seed: bigint, o: { subsequence: bigint; offset: bigint }) => { fill(o: Uint32Array): Uint32Array })
    | undefined;
  if (c.generator === 'xorwow' && !XorwowCtor) throw new Error('XORWOW is not available in this build');
  const x = c.generator === 'xorwow' ? new XorwowCtor!(c.seed, { subsequence: c.subsequence ?? 0n, offset: c.offset }) : null;
  // philox ends at word 2^63; xorwow (periodic) never does
  const total = c.count ?? (x ? undefined : PHILOX_WORDS - c.offset);
  let done = 0n;
  while (!closed && (total === undefined || done < total)) {
    const m = total === undefined ? CHUNK : Number(total - done < BigInt(CHUNK) ? total - done : BigInt(CHUNK));
    const w = x ? x.fill(new Uint32Array(m)) : bits(k, m, { offset: c.offset + done });
    done += BigInt(m);
    const buf = Buffer.from(w.buffer, w.byteOffset, w.byteLength);
    if (!out.write(buf)) await drained(out);
    // A file stream reports a failed write on the next tick while write() still returns true: yield
    // once per chunk so the error is seen before the next one.
    else await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (failure) throw new Error(`cannot write to stdout: ${failure.message}`);
}
