/** What every op family of the CUDA backend provides: Job → addon call adapters. */
import type { Job } from '../../core/job.js';

export type U32 = number;

/** Calls the addon for `job`: blocking when !async, else returns the addon's Promise. */
export type OpAdapter<A> = (addon: A, job: Job, async: boolean) => void | Promise<void>;
