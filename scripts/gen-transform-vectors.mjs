#!/usr/bin/env node
// Writes test/vectors/transforms.json: values of every transform sampler of the registry (lib/samplers,
// TRANSFORMS — a transform added there is covered without an edit here) computed by the TypeScript
// backend, for the C++ host test cuda/test/test_transforms.cpp. Parameter sets come from each
// parameter's declared constraint: first its `good` values cyclically (the file's first cases, kept as
// they were), then lib/core/param-sets.ts's ordinary, extreme and tight sets — ordinary values are
// where a last-bit difference between the TS and C++ formulas shows (issue 30); floats are stored as
// hex bit patterns. Run after `npx tsc -p .`:
//   node scripts/gen-transform-vectors.mjs            # (re)write the file
//   node scripts/gen-transform-vectors.mjs --check    # exit 1 if the file differs from what TS computes now
import { fileURLToPath } from 'node:url';
import * as api from '../dist/lib/index.js';
import { TRANSFORMS, transformParamNames } from '../dist/lib/samplers/registry.js';
import { transformParams } from '../dist/lib/samplers/transform.js';
import { parameterSets as derivedParameterSets } from '../dist/lib/core/param-sets.js';
import { hex32, hex64, writeOrCheck } from './vector-file.mjs';

const file = fileURLToPath(new URL('../test/vectors/transforms.json', import.meta.url));

const hexOf = (arr) => [...arr].map(arr instanceof Float32Array ? hex32 : hex64);

const seeds = [0n, 0x123456789abcdefn, 2n ** 64n - 1n];
// zero, odd (a Box–Muller pair split), the carry of counter word 0 into word 1, high indices
const offsets = [0n, 1n, 2n ** 32n - 3n, 2n ** 62n + 5n];
const lengths = [1, 3, 7, 16];

/** The first parameter sets: set i takes good value i (cyclically) of each parameter's constraint, plus the
 *  defaults — mostly edge values, where formulas rounding differently often agree (0, 1, overflow). */
function parameterSets(t) {
  const most = Math.max(...t.params.map((p) => p.is.good.length));
  const sets = [];
  for (let i = 0; i < most; i++) sets.push(t.params.map((p) => p.is.good[(i + t.params.indexOf(p)) % p.is.good.length]));
  sets.push(t.params.map((p) => p.default ?? 1.5));
  return sets;
}

const cases = [];
let c = 0;
for (const t of TRANSFORMS) {
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
        for (const dtype of ['float32', 'float64']) {
          cases.push({ transform: t.name, id: t.id, params: lowered.map(hex64), k0: k[0], k1: k[1], offset: String(offset), dtype,
            values: hexOf(fn(k, n, { ...opts, dtype, offset })) });
        }
      }
    }
  }
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

/** The sets of lib/core/param-sets.ts that the first sets lack (option records), each with its `kind`
 *  (ordinary, extreme, tight, corners: test/drift.test.ts tells the first cases from these by it). */
function derivedSets(t) {
  const old = new Set(parameterSets(t).map((p) => Object.fromEntries(t.params.map((q, i) => [q.name, p[i]])))
    .filter((o) => accepted(t, o)).map((o) => setKey(t, o)));
  const sets = derivedParameterSets(t.params, (v) => t.check?.(v, (name) => name));
  return Object.entries(sets).flatMap(([kind, list]) => list.map((opts) => ({ kind, opts })))
    .filter(({ opts }) => !old.has(setKey(t, opts)));
}

// The derived sets, after every first case (so those stay byte for byte what they were): one key, an
// offset below and one across the carry into counter word 1, 7 values of each dtype.
for (const t of TRANSFORMS) {
  const fn = api[t.name];
  const k = api.key(0x123456789abcdefn);
  for (const { kind, opts } of derivedSets(t)) {
    const lowered = [...transformParams(t, opts)];
    for (const offset of [5n, 2n ** 32n - 3n]) {
      for (const dtype of ['float32', 'float64']) {
        cases.push({ transform: t.name, id: t.id, kind, params: lowered.map(hex64), k0: k[0], k1: k[1],
          offset: String(offset), dtype, values: hexOf(fn(k, 7, { ...opts, dtype, offset })) });
      }
    }
  }
}

// Per-element calls: element i takes parameter set i (cyclically) of those the check accepts; `rows` is
// the n·P values the CUDA kernels read (row i = the scalar call's p for set i).
const rowCases = [];
for (const t of TRANSFORMS) {
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
  for (const dtype of ['float32', 'float64']) {
    rowCases.push({ transform: t.name, id: t.id, k0: k[0], k1: k[1], offset: String(2n ** 32n - 3n), dtype, rows: rows.map(hex64),
      values: hexOf(fn(k, n, { ...perElement, dtype, offset: 2n ** 32n - 3n })) });
  }
}

// and per element over the derived sets (element i: set i), after the first row cases
for (const t of TRANSFORMS) {
  const fn = api[t.name];
  const sets = derivedSets(t).map((s) => s.opts);
  const n = sets.length;
  const perElement = Object.fromEntries(t.params.map((q) => [q.name, Float64Array.from(sets, (o) => o[q.name])]));
  const rows = sets.map((o) => [...transformParams(t, o)]).flat();
  const k = api.key(0x123456789abcdefn);
  for (const dtype of ['float32', 'float64']) {
    rowCases.push({ transform: t.name, id: t.id, kind: 'derived', k0: k[0], k1: k[1], offset: '5', dtype,
      rows: rows.map(hex64),
      values: hexOf(fn(k, n, { ...perElement, dtype, offset: 5n })) });
  }
}

const text = JSON.stringify({
  about: 'Values of the transform samplers (lib/samplers TRANSFORMS) from the TypeScript backend; params and values as hex bit patterns. Written by scripts/gen-transform-vectors.mjs.',
  transforms: TRANSFORMS.map((t) => ({ name: t.name, id: t.id, base: t.base, params: transformParamNames(t) })),
  cases,
  rowCases,
}) + '\n';

writeOrCheck(file, text, 'scripts/gen-transform-vectors.mjs', cases.length);
