#!/usr/bin/env node
// Writes test/vectors/transforms.json: values of every transform sampler and every element sampler of
// the registry (lib/samplers TRANSFORMS and ELEMENTS — one added there is covered without an edit here)
// computed by the TypeScript backend, for the C++ host test cuda/test/test_transforms.cpp. Parameter sets
// come from each parameter's declared constraint: first its `good` values cyclically (each list's first
// cases, kept as they were: extremes such as exp overflow and log of subnormals), then the ordinary,
// extreme, tight and corner sets of lib/core/param-sets.ts (each such case says its `kind`) — ordinary
// values are where a last-bit difference between the TS and C++ formulas shows (issue 30). Floats are
// stored as hex bit patterns. Run after `npx tsc -p .`:
//   node scripts/gen-transform-vectors.mjs            # (re)write the file
//   node scripts/gen-transform-vectors.mjs --check    # exit 1 if the file differs from what TS computes now
import { fileURLToPath } from 'node:url';
import * as api from '../dist/lib/index.js';
import { ELEMENTS, TRANSFORMS, transformParamNames } from '../dist/lib/samplers/registry.js';
import { transformParams } from '../dist/lib/samplers/transform.js';
import { parameterSets as derivedParameterSets } from '../dist/lib/core/param-sets.js';
import { hex32, hex64, writeOrCheck } from './vector-file.mjs';

const file = fileURLToPath(new URL('../test/vectors/transforms.json', import.meta.url));

const hexOf = (arr) => [...arr].map(arr instanceof Float32Array ? hex32 : hex64);

const seeds = [0n, 0x123456789abcdefn, 2n ** 64n - 1n];
// zero, odd (a Box–Muller pair split), the carry of counter word 0 into word 1, high indices
const offsets = [0n, 1n, 2n ** 32n - 3n, 2n ** 62n + 5n];
const lengths = [1, 3, 7, 16];

/** Parameter sets: set i takes good value i (cyclically) of each parameter's constraint, plus the defaults,
 *  and 1, 2, 3, …; a set the cross-parameter check refuses is tried again with its values in ascending
 *  order (the usual such check orders them: low < high, left ≤ mode ≤ right). */
function parameterSets(t) {
  const most = Math.max(...t.params.map((p) => p.is.good.length));
  const sets = [];
  for (let i = 0; i < most; i++) sets.push(t.params.map((p) => p.is.good[(i + t.params.indexOf(p)) % p.is.good.length]));
  // 1.5 where it is a value of the parameter (not logseries' p)
  const fallback = t.params.map((p) => p.default ?? 1.5);
  if (t.params.every((q, i) => { try { q.is.check(fallback[i], q.name); return true; } catch { return false; } })) sets.push(fallback);
  if (!t.check) return sets;
  sets.push(t.params.map((_, i) => i + 1));
  const accepted = (set) => {
    try {
      t.params.forEach((q, i) => q.is.check(set[i], q.name));
      t.check(Object.fromEntries(t.params.map((q, i) => [q.name, set[i]])), (name) => name);
      return true;
    } catch {
      return false;
    }
  };
  return sets.map((set) => {
    const sorted = [...set].sort((a, b) => a - b);
    return accepted(set) || !accepted(sorted) ? set : sorted;
  });
}

/** Scalar-parameter cases of defs (transforms or element samplers): every accepted parameter set, each
 *  seed and offset, both dtypes. */
/** The output types a sampler has: float64 alone for the integer-valued element samplers. */
const dtypesOf = (t) => (t.integer ? ['float64'] : ['float32', 'float64']);

function scalarCases(defs) {
  const cases = [];
  let c = 0;
  for (const t of defs) {
    const fn = api[t.name];
    for (const p of parameterSets(t)) {
      const opts = Object.fromEntries(t.params.map((q, i) => [q.name, p[i]]));
      try {
        t.check?.(opts, (name) => name);
      } catch {
        continue;  // a set the cross-parameter check refuses (e.g. low >= high)
      }
      const lowered = [...transformParams(t, opts)];
      for (const seed of seeds) {
        const k = api.key(seed);
        for (const offset of offsets) {
          const n = lengths[c++ % lengths.length];
          for (const dtype of dtypesOf(t)) {
            cases.push({ transform: t.name, id: t.id, params: lowered.map(hex64), k0: k[0], k1: k[1], offset: String(offset), dtype,
              values: hexOf(fn(k, n, { ...opts, dtype, offset })) });
          }
        }
      }
    }
  }
  return cases;
}

// Per-element calls: element i takes parameter set i (cyclically) of those the check accepts; `rows` is
// the n·P values the CUDA kernels read (row i = the scalar call's p for set i).
function perElementCases(defs) {
  const rowCases = [];
  for (const t of defs) {
    const fn = api[t.name];
    const sets = parameterSets(t).map((p) => Object.fromEntries(t.params.map((q, i) => [q.name, p[i]]))).filter((o) => {
      try {
        t.check?.(o, (name) => name);
        return true;
      } catch {
        return false;
      }
    });
    const n = 11;
    const perElement = Object.fromEntries(t.params.map((q) => [q.name, Float64Array.from({ length: n }, (_, i) => sets[i % sets.length][q.name])]));
    const rows = Array.from({ length: n }, (_, i) => [...transformParams(t, sets[i % sets.length])]).flat();
    const k = api.key(0x123456789abcdefn);
    for (const dtype of dtypesOf(t)) {
      rowCases.push({ transform: t.name, id: t.id, k0: k[0], k1: k[1], offset: String(2n ** 32n - 3n), dtype, rows: rows.map(hex64),
        values: hexOf(fn(k, n, { ...perElement, dtype, offset: 2n ** 32n - 3n })) });
    }
  }
  return rowCases;
}

const accepted = (t, o) => {
  try {
    t.check?.(o, (name) => name);
    return true;
  } catch {
    return false;
  }
};
const setKey = (t, o) => t.params.map((q) => hex64(o[q.name])).join(' ');

/** The sets of lib/core/param-sets.ts that the first sets lack (option records), each with its kind. */
function derivedSets(t) {
  const first = new Set(parameterSets(t).map((p) => Object.fromEntries(t.params.map((q, i) => [q.name, p[i]])))
    .filter((o) => accepted(t, o)).map((o) => setKey(t, o)));
  const sets = derivedParameterSets(t.params, (v) => t.check?.(v, (name) => name));
  return Object.entries(sets).flatMap(([kind, list]) => list.map((opts) => ({ kind, opts })))
    .filter(({ opts }) => !first.has(setKey(t, opts)));
}

/** Cases of the derived sets, after all first cases (so those stay byte for byte what they were): one
 *  key, an offset below and one across the carry into counter word 1, 7 values of each dtype. */
function derivedCases(defs) {
  const cases = [];
  for (const t of defs) {
    const fn = api[t.name];
    const k = api.key(0x123456789abcdefn);
    for (const { kind, opts } of derivedSets(t)) {
      const lowered = [...transformParams(t, opts)];
      for (const offset of [5n, 2n ** 32n - 3n]) {
        for (const dtype of dtypesOf(t)) {
          cases.push({ transform: t.name, id: t.id, kind, params: lowered.map(hex64), k0: k[0], k1: k[1],
            offset: String(offset), dtype, values: hexOf(fn(k, 7, { ...opts, dtype, offset })) });
        }
      }
    }
  }
  return cases;
}

/** Per element over the derived sets (element i: set i). */
function derivedRowCases(defs) {
  const rowCases = [];
  for (const t of defs) {
    const fn = api[t.name];
    const sets = derivedSets(t).map((s) => s.opts);
    const perElement = Object.fromEntries(t.params.map((q) => [q.name, Float64Array.from(sets, (o) => o[q.name])]));
    const rows = sets.map((o) => [...transformParams(t, o)]).flat();
    const k = api.key(0x123456789abcdefn);
    for (const dtype of dtypesOf(t)) {
      rowCases.push({ transform: t.name, id: t.id, kind: 'derived', k0: k[0], k1: k[1], offset: '5', dtype,
        rows: rows.map(hex64), values: hexOf(fn(k, sets.length, { ...perElement, dtype, offset: 5n })) });
    }
  }
  return rowCases;
}

const cases = [...scalarCases(TRANSFORMS), ...derivedCases(TRANSFORMS)];
const rowCases = [...perElementCases(TRANSFORMS), ...derivedRowCases(TRANSFORMS)];
const elementCases = [...scalarCases(ELEMENTS), ...derivedCases(ELEMENTS)];
const elementRowCases = [...perElementCases(ELEMENTS), ...derivedRowCases(ELEMENTS)];

const text = JSON.stringify({
  about: 'Values of the transform and element samplers (lib/samplers TRANSFORMS, ELEMENTS) from the TypeScript backend; '
    + 'params and values as hex bit patterns. Written by scripts/gen-transform-vectors.mjs.',
  transforms: TRANSFORMS.map((t) => ({ name: t.name, id: t.id, base: t.base, params: transformParamNames(t) })),
  cases,
  rowCases,
  elements: ELEMENTS.map((e) => ({ name: e.name, id: e.id, tag: e.tag, params: transformParamNames(e) })),
  elementCases,
  elementRowCases,
}) + '\n';

writeOrCheck(file, text, 'scripts/gen-transform-vectors.mjs', cases.length + elementCases.length);
