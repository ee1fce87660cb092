// vitest config for scripts/gpu-run.sh: the project's config plus trace-tests.ts, which names each
// test on stderr as it starts and ends, so a test that hangs on the GPU is named in the log.
import { defineConfig, mergeConfig } from 'vitest/config';
import base from '../../vitest.config.js';

export default mergeConfig(base, defineConfig({
  root: new URL('../..', import.meta.url).pathname,
  test: { setupFiles: [new URL('./trace-tests.ts', import.meta.url).pathname] },
}));
