/** `cuda-random info`: the library version, which backend is used and why, every visible GPU, how it was built. */
import { backend } from '../index.js';
import { poolSize } from '../backend/cpu/pool.js';
import { loadNative } from '../native/load.js';
import { libraryVersion } from './version.js';
import { ownEnv } from '../core/records.js';

export interface GpuFacts { index: number; name: string; computeCapability: string; totalMemory: number }

export interface InfoFacts {
  version: string;
  backend: string;
  reason: string;
  cuda: Record<string, unknown> | null;
  addon: string;
  /** The CPU backend's native fast path (BackendInfo.cpuNative). */
  cpuNative: { simd: string | null; reason: string };
  cpuWorkerThreads: number;
  node: string;
  platform: string;
  env: Record<string, string | null>;
}

export function infoFacts(): InfoFacts {
  const b = backend();
  const nat = loadNative();
  return {
    version: libraryVersion(),
    backend: b.name,
    reason: b.reason,
    cuda: b.cuda,
    addon: nat.addon ? 'loaded' : `not loaded: ${nat.error}`,
    cpuNative: b.cpuNative,
    cpuWorkerThreads: poolSize(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    env: Object.fromEntries(['CUDA_RANDOM_BACKEND', 'CUDA_RANDOM_DEVICE', 'CUDA_RANDOM_THREADS', 'CUDA_RANDOM_COPY_THREADS',
      'CUDA_RANDOM_TRANSFER', 'CUDA_RANDOM_WORKER', 'CUDA_RANDOM_NO_NATIVE_CPU', 'CUDA_RANDOM_NO_WASM', 'CUDA_VISIBLE_DEVICES'].map((k) => [k, ownEnv(k) ?? null])),
  };
}

/** The text report: each fact once (the addon's load error is already the reason's). */
export function formatInfo(f: InfoFacts): string {
  const lines = [`cuda-random ${f.version}`, `backend: ${f.backend}`, `reason:  ${f.reason}`];
  const addonSaid = f.addon.startsWith('not loaded: ') && f.reason.includes(f.addon.slice('not loaded: '.length));
  lines.push(`addon:   ${addonSaid ? 'not loaded (the reason above)' : f.addon}`);
  const devices = (f.cuda?.devices ?? []) as GpuFacts[];
  if (!f.cuda) lines.push('gpus:    not queried (no addon)');
  else if (!devices.length) lines.push('gpus:    none visible');
  for (const d of devices) {
    lines.push(`gpu ${d.index}:   ${d.name} (compute capability ${d.computeCapability}, ${(d.totalMemory / 2 ** 30).toFixed(1)} GiB)` +
      `${d.index === f.cuda?.device ? ' (default)' : ''}`);
  }
  for (const [k, v] of Object.entries(f.cuda ?? {})) {
    if (k === 'devices') continue;
    const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
    // the runtime's error is usually the reason already
    if (typeof v === 'string' && f.reason.includes(v)) continue;
    lines.push(`cuda.${k}: ${text}`);
  }
  // the host kernels' reason repeats the addon's load error when there is none: said once above
  const nativeWhy = f.cpuNative.simd ? f.cpuNative.reason
    : f.reason.includes(f.cpuNative.reason) || f.addon.includes(f.cpuNative.reason) ? 'no addon' : f.cpuNative.reason;
  lines.push(`cpu kernels: ${f.cpuNative.simd ? nativeWhy : `WebAssembly (host SIMD kernels not used: ${nativeWhy})`}`);
  lines.push(`cpu worker threads: ${f.cpuWorkerThreads}`, `node: ${f.node} (${f.platform})`);
  return lines.join('\n');
}

export function info(json: boolean): string {
  const f = infoFacts();
  return json ? JSON.stringify(f, null, 2) : formatInfo(f);
}
