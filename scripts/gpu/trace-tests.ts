// vitest setup file for scripts/gpu-run.sh: names each test on stderr as it starts and ends, written
// synchronously, so a test that hangs (or blocks the event loop in a native call) is named in the log.
import { writeSync } from 'node:fs';
import { afterEach, beforeEach } from 'vitest';

const t0 = Date.now();
beforeEach((ctx) => {
  writeSync(2, `[trace ${((Date.now() - t0) / 1000).toFixed(1)}s] start ${ctx.task.name}\n`);
});
afterEach((ctx) => {
  writeSync(2, `[trace ${((Date.now() - t0) / 1000).toFixed(1)}s] end   ${ctx.task.name} (${ctx.task.result?.state ?? '?'})\n`);
});
