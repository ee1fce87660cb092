/** `cuda-random info`: which backend is used and why, what the addon found, how it was built. */
import { backend } from '../index.js';
import { poolSize } from '../pool.js';
import { loadNative } from '../native.js';

export function info(json: boolean): string {
  const b = backend();
  const nat = loadNative();
  const facts = {
    backend: b.name,
    reason: b.reason,
    cuda: b.cuda,
    addon: nat.addon ? 'loaded' : nat.error,
    cpuWorkerThreads: poolSize(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    env: { CUDA_RANDOM_BACKEND: process.env.CUDA_RANDOM_BACKEND ?? null, CUDA_RANDOM_THREADS: process.env.CUDA_RANDOM_THREADS ?? null },
  };
  if (json) return JSON.stringify(facts, null, 2);
  const lines = [`backend: ${b.name}`, `reason:  ${b.reason}`, `addon:   ${facts.addon}`];
  if (b.cuda) for (const [k, v] of Object.entries(b.cuda)) lines.push(`cuda.${k}: ${typeof v === 'object' ? JSON.stringify(v) : v}`);
  lines.push(`cpu worker threads: ${facts.cpuWorkerThreads}`, `node: ${facts.node} (${facts.platform})`);
  return lines.join('\n');
}
