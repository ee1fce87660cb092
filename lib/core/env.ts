/**
 * The library's CUDA_RANDOM_* environment variables, all read under one policy (docs/building.md,
 * "Environment variables"): unset or empty means the default; any other value must be one the docs
 * list, else the call that reads it throws a RangeError naming the variable and the value. Nothing is
 * silently ignored, clamped or read a second way (Number('0x10') = 16, '1e9', ' 8'): numbers are
 * plain decimal digits in a stated range, switches are 0 or 1. The C library reads
 * CUDA_RANDOM_COPY_THREADS and CUDA_RANDOM_ALIAS_TUNING with the same grammar (cuda/src/cr_env.h).
 */
import { ownEnv } from './records.js';

/** The variable's value, or undefined when it is unset or empty (the default). An own property of
 *  process.env only: an unset name would otherwise fall through to a polluted Object.prototype. */
export function envValue(name: string): string | undefined {
  const v = ownEnv(name);
  return v === undefined || v === '' ? undefined : v;
}

/** An integer variable in [min, max] (decimal digits only), or undefined when unset or empty; `what`
 *  describes it in the error. */
export function envInt(name: string, min: number, max: number, v = envValue(name), what = 'an integer'): number | undefined {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!/^[0-9]+$/.test(v) || n < min || n > max) throw new RangeError(`${name} must be ${what} in [${min}, ${max}] (or unset), got '${v}'`);
  return n;
}

/** A switch: 1 on; 0, empty or unset off. */
export function envFlag(name: string, v = envValue(name)): boolean {
  if (v === undefined || v === '' || v === '0') return false;
  if (v === '1') return true;
  throw new RangeError(`${name} must be 1 (on) or 0 (off), got '${v}'`);
}

const TUNING: Record<string, readonly string[]> = {
  split: ['binary', 'pary'], pack: ['shared', 'chunked'], counts: ['auto', 'shared', 'global'],
};

/** CUDA_RANDOM_ALIAS_TUNING (read by the C library; checked here first): comma-separated key=value. */
export function checkAliasTuning(v = envValue('CUDA_RANDOM_ALIAS_TUNING')): void {
  if (v === undefined) return;
  for (const kv of v.split(',')) {
    const [k, val, extra] = kv.split('=');
    if (extra !== undefined || val === undefined || !Object.hasOwn(TUNING, k) || !TUNING[k].includes(val)) {
      throw new RangeError(`CUDA_RANDOM_ALIAS_TUNING must be comma-separated split=binary|pary, pack=shared|chunked, counts=auto|shared|global (or unset), got '${v}'`);
    }
  }
}

/** The variables only the CUDA addon reads (C++), checked before it is first used. */
export function checkNativeEnv(): void {
  envInt('CUDA_RANDOM_COPY_THREADS', 1, 64);
  checkAliasTuning();
}
