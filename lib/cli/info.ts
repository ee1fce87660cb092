/** `cuda-random info`: which backend is used and why, what the addon found, how it was built. */
import { backend } from '../index.js';
import { poolSize } from '../backend/cpu/pool.js';
import { loadNative } from '../backend/cuda/native.js';

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
    env: Object.fromEntries(['CUDA_RANDOM_BACKEND', 'CUDA_RANDOM_DEVICE', 'CUDA_RANDOM_THREADS', 'CUDA_RANDOM_COPY_THREADS',
      'CUDA_RANDOM_TRANSFER', 'CUDA_VISIBLE_DEVICES'].map((k) => [k, process.env[k] ?? null])),
  };
  if (json) return JSON.stringify(facts, null, 2);
  const lines = [`backend: ${b.name}`, `reason:  ${b.reason}`, `addon:   ${facts.addon}`];
  const devices = (b.cuda?.devices ?? []) as { index: number; name: string; computeCapability: string; totalMemory: number }[];
  for (const d of devices) {
    lines.push(`gpu ${d.index}: ${d.name} (compute capability ${d.computeCapability}, ${(d.totalMemory / 2 ** 30).toFixed(1)} GiB)` +
      `${d.index === b.cuda?.device ? ' (default)' : ''}`);
  }
  if (b.cuda) {
    for (const [k, v] of Object.entries(b.cuda)) {
      if (k !== 'devices') lines.push(`cuda.${k}: ${typeof v === 'object' ? JSON.stringify(v) : v}`);
    }
  }
  lines.push(`cpu worker threads: ${facts.cpuWorkerThreads}`, `node: ${facts.node} (${facts.platform})`);
  return lines.join('\n');
}
