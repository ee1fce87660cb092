// What a native addon was built from: a hash of the sources the build reads (CMakeLists.txt, binding/,
// cuda/include, cuda/src) and the GPU architectures. A source build (scripts/install.mjs) writes it
// beside the addon; `npm pack` (scripts/prepack.mjs) reuses a build whose stamp matches instead of
// compiling every architecture again, and ships the stamp beside the prebuild.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const INPUTS = ['CMakeLists.txt', 'binding', 'cuda/include', 'cuda/src'];

function files(root, p) {
  const abs = join(root, p);
  if (!existsSync(abs)) return [];
  try {
    return readdirSync(abs, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(root, join(e.parentPath ?? e.path, e.name)));
  } catch {
    return [p]; // a file
  }
}

/** The architectures a build without an explicit choice uses are called 'default'. */
export function archsOf(env = process.env) {
  return env.CUDA_RANDOM_ARCHS ? env.CUDA_RANDOM_ARCHS : 'default';
}

export function sourceStamp(root, archs = archsOf()) {
  const h = createHash('sha256');
  for (const f of INPUTS.flatMap((p) => files(root, p)).sort()) {
    h.update(f).update('\0').update(readFileSync(join(root, f))).update('\0');
  }
  return { archs, sources: h.digest('hex') };
}

export function readStamp(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

export function sameStamp(a, b) {
  return !!a && !!b && a.archs === b.archs && a.sources === b.sources;
}
