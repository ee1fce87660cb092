/**
 * One number per call: the Generator's scalar draws against Math.random, pure-rand and @stdlib, in one
 * run (issue: g.random() ≥ 30 M calls/s on one core). Each row sums the values so no call is dead code.
 */
import { generator } from '../../index.js';
import { peer, rate, type Context, type Suite } from './harness.js';

export const generatorSuite: Suite = {
  name: 'generator',
  summary: 'Generator scalar draws (g.random(), g.normal(), …) vs Math.random, pure-rand, @stdlib',
  async run(ctx: Context) {
    const n = ctx.quick ? 1e5 : 2e7;
    const g = generator(42, { backend: 'cpu' });
    let sink = 0;
    const calls = (f: () => number) => () => {
      let s = 0;
      for (let i = 0; i < n; i++) s += f();
      sink += s;
    };
    const xoroshiro = await peer(ctx, 'pure-rand/generator/xoroshiro128plus', 'xoroshiro128plus');
    const uniformFloat64 = await peer(ctx, 'pure-rand/distribution/uniformFloat64', 'uniformFloat64');
    const stdNormal = await peer(ctx, '@stdlib/random-base-normal');
    const stdExp = await peer(ctx, '@stdlib/random-base-exponential');
    const plan: [string, () => unknown][] = [
      ['cuda-random g.random()', calls(() => g.random())],
      ['Math.random()', calls(() => Math.random())],
    ];
    if (xoroshiro && uniformFloat64) {
      const pr = xoroshiro(42);
      plan.push(['pure-rand uniformFloat64(xoroshiro128plus)', calls(() => uniformFloat64(pr))]);
    }
    plan.push(['cuda-random g.normal()', calls(() => g.normal())]);
    if (stdNormal) plan.push(['@stdlib/random-base-normal(0, 1)', calls(() => stdNormal(0, 1))]);
    plan.push(['cuda-random g.exponential()', calls(() => g.exponential())]);
    if (stdExp) plan.push(['@stdlib/random-base-exponential(1)', calls(() => stdExp(1))]);
    plan.push(['cuda-random g.gamma({ alpha: 2 })', calls(() => g.gamma({ alpha: 2 }))]);
    ctx.progress.start('generator', plan.length);
    const rows = [];
    for (const [name, f] of plan) rows.push([name, await rate(ctx, name, n, f)]);
    if (Number.isNaN(sink)) ctx.notes.push('generator: a draw was NaN');
    return {
      title: `One value per call, ${n} calls, best of 5 (M calls/s, one thread)`,
      tables: [{ headers: ['call', 'M calls/s'], rows }],
    };
  },
};
