/**
 * The CUDA backend's ops, a view of the registry (lib/samplers/registry.ts): an op with an addon
 * function runs it with (k0, k1, lo, hi, the op's arguments…, out) — its Async twin for async jobs —
 * and a device-found 'ERANGE' becomes the facade's RangeError; the rest go through lib/backend/cuda/custom.ts.
 */
import type { Job } from '../../core/job.js';
import type { NativeAddon, SamplerFn } from '../../core/addon.js';
import { OPS } from '../../samplers/registry.js';
import { cudaArg } from '../../samplers/spec.js';
import { CALLS_OP_NAMED, CUSTOM } from './custom.js';
import { mapErrors, outArgs, rangeError } from './errors.js';

/** The ops the CUDA backend runs, with their crossovers (`auto` prefers the GPU from n on). */
export const CROSSOVER: Readonly<Record<string, number>> = Object.fromEntries(
  [...OPS.values()].filter((op) => op.cuda).map((op) => [op.name, op.cuda!.crossover]),
);

/** The ops the addon implements. */
export const CUDA_OPS: readonly string[] = Object.keys(CROSSOVER);

/** Whether `addon` has what `op` needs (a stale or partial build may lack functions). */
export function addonHas(addon: NativeAddon, op: string): boolean {
  const cuda = OPS.get(op)?.cuda;
  if (!cuda) return false;
  if (cuda.custom !== undefined) {
    if (CALLS_OP_NAMED.has(cuda.custom)) return typeof (addon as unknown as Record<string, unknown>)[op] === 'function';
    return CUSTOM[cuda.custom] !== undefined;
  }
  return typeof (addon as unknown as Record<string, unknown>)[cuda.fn] === 'function';
}

/** The addon's function `fn` and its Async twin. */
function fns(addon: NativeAddon, fn: SamplerFn): [(...a: unknown[]) => void, (...a: unknown[]) => Promise<void>] {
  const sync = addon[fn] as unknown as (...a: unknown[]) => void;
  const async = addon[`${fn}Async`] as unknown as (...a: unknown[]) => Promise<void>;
  return [sync, async];
}

/** Runs `job` on the addon: blocking, or returning its Promise. */
export function runOp(addon: NativeAddon, job: Job, async: boolean): void | Promise<void> {
  const cuda = OPS.get(job.op)?.cuda;
  if (!cuda) throw new Error(`internal: the CUDA backend has no op '${job.op}'`);
  if (cuda.custom !== undefined) return CUSTOM[cuda.custom](addon, job, async);
  const [sync, asyncFn] = fns(addon, cuda.fn);
  const args = [job.key[0], job.key[1], job.lo, job.hi, ...cuda.args.map((a) => cudaArg(job, a)), ...outArgs(job)];
  return mapErrors(async, () => (async ? asyncFn : sync).apply(addon, args), rangeError);
}
