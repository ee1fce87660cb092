#!/usr/bin/env python3
"""Accuracy of truncatedNormal (docs/accuracy.md): for each interval, N elements of the float64 stream of
key(99), each against its exact value — the quantile, at the element's own open uniform v, of the
standard normal truncated to [low, high], computed with mpmath at 60 digits (clamped to the interval
like the sampler) — in ulps of the exact value. Run after `npx tsc -p .` (needs python3-mpmath):
    python3 scripts/truncated-normal-accuracy.py [N]
"""
import json, struct, subprocess, sys
import mpmath as mp

mp.mp.dps = 60
INF = float('inf')
CASES = [(-1, 2), (-INF, INF), (0.5, 3), (8, INF), (-INF, -12), (30, 31), (-3, -2.5), (34.5, INF),
         (1, 1 + 1e-6), (-1e-9, 1e-9)]
N = int(sys.argv[1]) if len(sys.argv) > 1 else 2000

# The element's base uniform u = uniform(key, n)[j] + 2^-53 (docs/streams.md, "Transforms of one uniform or one normal")
# and the sampler's own f, so that v (the open uniform) and the value come from the code under test.
JS = r"""
const t = await import('./dist/lib/samplers/transform.js');
await import('./dist/lib/samplers/registry.js');
const { uniform, key } = await import('./dist/lib/index.js');
const def = t.TRANSFORMS.find((d) => d.name === 'truncatedNormal');
const [cases, N] = [JSON.parse(process.argv[1]), Number(process.argv[2])];
const u = uniform(key(99), N);
console.log(JSON.stringify(cases.map(([lo, hi]) => {
  const p = t.transformParams(def, { low: lo ?? -Infinity, high: hi ?? Infinity, mean: 0, std: 1 });
  return { s: p[2], rows: Array.from(u, (x) => { const uu = x + 2 ** -53; return [uu <= 0.5 ? uu : 1.5 - uu, def.f(uu, p)]; }) };
})));
"""

def ulp(x):
    x = abs(float(x))
    b = struct.unpack('<q', struct.pack('<d', x))[0]
    return struct.unpack('<d', struct.pack('<q', b + 1))[0] - x

def main():
    enc = [[None if a == -INF else a, None if b == INF else b] for a, b in CASES]
    out = subprocess.run(['node', '--input-type=module', '-e', JS, json.dumps(enc), str(N)],
                         capture_output=True, text=True, check=True).stdout
    print('| [low, high] | elements | max error (ulp) | mean error (ulp) | max absolute error (std) |')
    print('| --- | --- | --- | --- | --- |')
    for (low, high), d in zip(CASES, json.loads(out)):
        s = d['s']
        a, b = (mp.mpf(-high), mp.mpf(-low)) if s < 0 else (mp.mpf(low), mp.mpf(high))
        pa, pb = mp.ncdf(a), mp.ncdf(b)
        worst = tot = absw = 0.0
        for v, got in d['rows']:
            t = pa + mp.mpf(v) * (pb - pa)
            y = mp.findroot(lambda z: mp.ncdf(z) - t, mp.mpf(s * got))
            x = min(max(s * y, mp.mpf(low)), mp.mpf(high))
            ae = float(abs(mp.mpf(got) - x))
            e = ae / ulp(x)
            worst, tot, absw = max(worst, e), tot + e, max(absw, ae)
        print(f'| [{low}, {high}] | {len(d["rows"])} | {worst:.3g} | {tot / len(d["rows"]):.3g} | {absw:.2g} |')

main()
