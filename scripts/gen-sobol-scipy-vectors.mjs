#!/usr/bin/env node
// Writes test/vectors/sobol_scipy.json: unscrambled Sobol points and 64-bit direction vectors as
// scipy computes them (scipy.stats.qmc.Sobol(d, scramble=False, bits=32 or 64), the Joe–Kuo
// new-joe-kuo-6.21201 directions), so test/sobol.test.ts compares against an independent
// implementation even where python3 + scipy are not installed.
//
// Conventions of scipy that the file keeps as they are: column j is dimension j (0 = van der Corput),
// point 0 is the all-zero point, fast_forward(k) skips k points in every dimension (the same Gray-code
// order as cuRAND), and random() returns the integer point times 2^-bits — so bits=32 floats times
// 2^32 are the exact Sobol32 words.
//
//   node scripts/gen-sobol-scipy-vectors.mjs           # (re)write the file (needs python3 with scipy)
//   node scripts/gen-sobol-scipy-vectors.mjs --check   # exit 1 if scipy now gives something else
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../test/vectors/sobol_scipy.json', import.meta.url));

// [dims, offset, n, columns kept]; columns: all when dims is small, else a sample (scipy computes them
// all). scipy's fast_forward walks the points one by one, so far offsets are kept to few dimensions;
// 2^31 − 48 crosses the flip of the top bit of the index.
const CASES32 = [
  [1, 0, 64, null], [2, 0, 64, null], [3, 1, 37, null], [5, 1000, 20, null], [8, 123456, 9, null],
  [3, 1000000, 20, null], [40, 0, 33, null], [2, 2 ** 31 - 48, 96, null], [1111, 31, 16, [0, 1, 2, 100, 500, 1110]],
  [21201, 5, 8, [0, 1, 7, 1000, 5000, 10000, 19999, 20000, 21199, 21200]],
];
// bits=64 from the first point only: scipy's fast_forward fails for bits=64 (a dtype mismatch in
// scipy 1.10 and 1.17), and below 2^32 the low words are zero anyway; the 64-bit direction vectors
// below carry the part that differs from Sobol32.
const CASES64 = [[3, 0, 16, null], [6, 0, 8, null]];
const DIRS64 = [0, 1, 2, 3, 10, 100, 1000, 20000, 21200];

const PY = `
import json, sys, warnings
import numpy as np
import scipy
from scipy.stats import qmc
warnings.simplefilter('ignore')
spec = json.load(sys.stdin)
out = {'scipy': scipy.__version__, 'points32': [], 'points64': [], 'directions64': []}
for dims, offset, n, cols in spec['cases32']:
    e = qmc.Sobol(dims, scramble=False, bits=32)
    if offset: e.fast_forward(offset)
    x = e.random(n) * 2.0**32
    cols = cols if cols is not None else list(range(dims))
    out['points32'].append({'dims': dims, 'offset': offset, 'n': n, 'columns': cols,
                            'words': [[int(v) for v in x[:, c]] for c in cols]})
for dims, offset, n, cols in spec['cases64']:
    e = qmc.Sobol(dims, scramble=False, bits=64)
    if offset: e.fast_forward(offset)
    x = e.random(n)
    cols = cols if cols is not None else list(range(dims))
    out['points64'].append({'dims': dims, 'offset': offset, 'n': n, 'columns': cols,
                            'floats': [[float(v) for v in x[:, c]] for c in cols]})
e = qmc.Sobol(max(spec['dirs64']) + 1, scramble=False, bits=64)
for d in spec['dirs64']:
    out['directions64'].append({'dim': d, 'v': [str(int(v)) for v in e._sv[d]]})
json.dump(out, sys.stdout)
`;

function findScipyPython() {
  for (const py of [process.env.PYTHON, '/usr/bin/python3', 'python3'].filter(Boolean)) {
    try {
      execFileSync(py, ['-c', 'import scipy.stats'], { stdio: 'ignore' });
      return py;
    } catch {}
  }
  return null;
}

const py = findScipyPython();
if (!py) {
  console.error('python3 with scipy is needed (apt-get install python3-scipy); set PYTHON to choose one');
  process.exit(1);
}
const res = JSON.parse(execFileSync(py, ['-c', PY], {
  input: JSON.stringify({ cases32: CASES32, cases64: CASES64, dirs64: DIRS64 }), encoding: 'utf8', maxBuffer: 64 << 20,
}));
const doc = {
  about: `Sobol points from scipy ${res.scipy} (scipy.stats.qmc.Sobol(dims, scramble=False, bits), fast_forward(offset), random(n); Joe–Kuo new-joe-kuo-6.21201 directions), written by scripts/gen-sobol-scipy-vectors.mjs. points32: words[c][i] = 2^32 · random()[i][columns[c]], the exact Sobol32 word of point offset + i in dimension columns[c]. points64: the bits=64 floats (integer · 2^-64 as scipy rounds it). directions64: scipy's 64-bit direction vectors (_sv rows, decimal strings).`,
  points32: res.points32,
  points64: res.points64,
  directions64: res.directions64,
};
// numeric arrays on one line each
const text = JSON.stringify(doc, null, 1).replace(/\[\n\s*(-?[\d.e+-]+|"\d+")((?:,\n\s*(?:-?[\d.e+-]+|"\d+"))*)\n\s*\]/g,
  (_m, first, rest) => `[${[first, ...rest.split(/,\n\s*/).slice(1)].join(', ')}]`) + '\n';
if (process.argv.includes('--check')) {
  const body = (t) => t.replace(/scipy \d+\.\d+\.\d+/, 'scipy');
  if (body(readFileSync(file, 'utf8')) !== body(text)) {
    console.error(`test/vectors/sobol_scipy.json differs from what scipy ${res.scipy} computes`);
    process.exit(1);
  }
  console.log(`test/vectors/sobol_scipy.json is current (scipy ${res.scipy})`);
} else {
  writeFileSync(file, text);
  console.log(`wrote ${file} from scipy ${res.scipy} (${text.length} characters)`);
}
