/** The seam every backend implements. All policy (validation, defaults, routing) stays in the facade. */
import type { Job } from '../job.js';

export type BackendName = 'cpu' | 'cuda';
export type BackendChoice = 'auto' | BackendName;

export interface Backend {
  readonly name: BackendName;
  /** Whether this backend implements `op` (under `auto`, ops it lacks run on the CPU: same bits). */
  supports(op: string): boolean;
  /** Smallest n for which this backend is preferred under `auto` (per-call overhead vs. throughput). */
  crossover(op: string): number;
  run(job: Job): void;
  runAsync(job: Job): Promise<void>;
}
