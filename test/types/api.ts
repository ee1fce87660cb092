/**
 * Type-level test of the public API, compiled by test/types.test.ts with `tsc -p test/types` (strict,
 * noUncheckedIndexedAccess) against the built declarations, imported by the package's own name as a
 * user would. Each `@ts-expect-error` line must fail to compile; everything else must compile.
 */
import {
  AliasTable, DeviceArray, beta, bits, bitsAsync, categorical, chisquare, dirichlet, dirichletAsync, exponential, gamma,
  gammaAsync, generator, key, lognormal, normal, sobol, split, uniform, uniformAsync, weibull, integers, integersAsync,
  bernoulli, geometric,
  type ArrayOf, type Key, type Sampler, type SamplerOptions,
} from 'cuda-random';

declare const n: number;
const k = key(1);

// results follow dtype and out; float64 by default
const u: Float64Array = uniform(k, n);
const u32: Float32Array = uniform(k, n, { dtype: 'float32' });
const uOut: Float32Array = uniform(k, n, { out: new Float32Array(n) });
const u64Out: Float64Array = uniform(k, n, { out: new Float64Array(n), low: 2 });
const uDev: DeviceArray = uniform(k, n, { out: 'device' });
// DeviceArrays carry their element type: toHost() is that array (issue 32, item 8)
const uDevHost: Float64Array = uniform(k, n, { out: 'device' }).toHost();
const uDev32: DeviceArray<'float32'> = uniform(k, n, { out: 'device', dtype: 'float32' });
const uDev32Host: Float32Array = uDev32.toHost();
const intoDev: DeviceArray<'float32'> = normal(k, n, { out: uDev32 });
const fromHost: Promise<Int32Array> = DeviceArray.from(new Int32Array(4)).toHostAsync();
const intsDevHost: Int32Array = integers(k, n, { high: 3, out: 'device' }).toHost();
// @ts-expect-error a float32 DeviceArray's values are no Float64Array
const wrongHost: Float64Array = uDev32.toHost();
const anyDev: DeviceArray = uDev32;  // a typed DeviceArray is a DeviceArray
const e: Float64Array = exponential(k, n, { rate: 2 });
const g: Float64Array = gamma(k, n, { alpha: 2 });
const gArr: Float32Array = gamma(k, 3, { alpha: [1, 2, 3], dtype: 'float32' });
const c: Float64Array = chisquare(k, 2, { df: [1, 2] });
const b: Float64Array = beta(k, n, { a: 1, b: 2 });
const ln: Float32Array = lognormal(k, n, { dtype: 'float32', std: 2 });
const w: Float64Array = weibull(k, n, { shape: 1.5 });
const nm: Float64Array = normal(k, n, { method: 'polar' });
const total: number = dirichlet(k, [1, 2, 3], n).reduce((s, x) => s + x, 0);
const d32: Float32Array = dirichlet(k, [1, 2], n, { dtype: 'float32' });
const words: Uint32Array = bits(k, n);
const first: number | undefined = u[0];
void [u32, uOut, u64Out, uDev, e, g, gArr, c, b, ln, w, nm, total, d32, words, first];

// the discrete samplers: Int32Array (integers, geometric) or Uint8Array (bernoulli) by default
const ints: Int32Array = integers(k, n, { high: 10 });
const intsU: Uint32Array = integers(k, n, { high: 2 ** 32, dtype: 'uint32' });
const intsF: Float64Array = integers(k, n, { low: -(2 ** 40), high: 2 ** 40, dtype: 'float64' });
const coin: Uint8Array = bernoulli(k, n, { p: 0.5 });
const coinF: Float32Array = bernoulli(k, 2, { p: [0.5, 0.25], dtype: 'float32' });
const trials: Int32Array = geometric(k, n, { p: 0.25 });
const trialsOut: Uint32Array = geometric(k, n, { p: 0.25, out: new Uint32Array(n) });
const intsDev: DeviceArray = integers(k, n, { high: 3, out: 'device' });
const intsAsync: Promise<Float64Array> = integersAsync(k, n, { high: 3, dtype: 'float64' });
void [ints, intsU, intsF, coin, coinF, trials, trialsOut, intsDev, intsAsync];
// @ts-expect-error integers needs high
integers(k, n, { low: 1 });
// @ts-expect-error geometric has no uint8 output
geometric(k, n, { p: 0.5, dtype: 'uint8' });
// @ts-expect-error an int32 result is no Uint8Array
const notBytes: Uint8Array = integers(k, n, { high: 2 });
void notBytes;

// a dtype chosen at run time gives the union
declare const dt: 'float32' | 'float64';
const either: Float32Array | Float64Array = uniform(k, n, { dtype: dt });
void either;

// async twins
async function twins(): Promise<void> {
  const a: Float64Array = await uniformAsync(k, n);
  const a32: Float32Array = await gammaAsync(k, n, { alpha: 1, dtype: 'float32' });
  const dd: Float64Array = await dirichletAsync(k, [1, 1], n);
  const bw: Uint32Array = await bitsAsync(k, n);
  void [a, a32, dd, bw];
}
void twins;

// split gives a pair by default, a tuple for small literal counts, else an array
const [k1, k2] = split(k);
const pair: readonly [Key, Key] = split(k);
const [t1, t2, t3] = split(k, 3);
const many: Key[] = split(k, n);
uniform(k1, 1); uniform(k2, 1); uniform(t1, 1); uniform(t2, 1); uniform(t3, 1);
void [pair, many];

// the other samplers keep their narrow types
const idx: Uint32Array = categorical(k, [1, 2], n);
const drawn: Uint32Array = AliasTable.build([1, 2]).sample(k, n);
const q: Float32Array = sobol(n, { dtype: 'float32' });
void [idx, drawn, q];

// a new sampler declares its dtypes and gets the same typing (as the integer samplers do)
interface CountOptions extends SamplerOptions<'int32' | 'uint32' | 'float64'> { lam?: number }
declare const poissonLike: Sampler<CountOptions, 'int32' | 'uint32' | 'float64', 'int32'>;
const pi: Int32Array = poissonLike(k, n);
const pu: Uint32Array = poissonLike(k, n, { dtype: 'uint32' });
const pf: Float64Array = poissonLike(k, n, { out: new Float64Array(n) });
const pa: ArrayOf<'uint8'> = new Uint8Array(1);
void [pi, pu, pf, pa];

// the Generator's methods: one number without n, the function's result type with it
const gen = generator(1);
const r1: number = gen.random();
const r2: number = gen.normal({ mean: 1 });
const r3: number = gen.gamma({ alpha: 2 });
const gn: Float64Array = gen.normal(n);
const gn32: Float32Array = gen.normal(n, { dtype: 'float32' });
const gOut: Float32Array = gen.uniform(n, { out: new Float32Array(n) });
const gDev: DeviceArray = gen.uniform(n, { out: 'device' });
const gRow: Float64Array = gen.dirichlet([1, 2]);
const gRows: Float32Array = gen.dirichlet([1, 2], n, { dtype: 'float32' });
const gBits: Uint32Array = gen.bits(n);
const gAsync: Promise<Float32Array> = gen.gammaAsync(n, { alpha: 1, dtype: 'float32' });
const kids: number = gen.spawn(2).length + gen.split().length;
const gPerm: Int32Array = gen.permutation(n);
const gShuf: number[] = gen.shuffle([1, 2, 3]);
const gIdx: number = gen.categorical([1, 2]);
const gIdxs: Uint32Array = gen.categorical([1, 2], n);
const rn: Float64Array = gen.random(n);
const fresh = generator();
const seed: number | bigint | undefined = fresh.seed;
void [r1, r2, r3, gn, gn32, gOut, gDev, gRow, gRows, gBits, gAsync, kids, gPerm, gShuf, gIdx, gIdxs, rn, seed];

// mistakes that must not compile
// @ts-expect-error the generator sets offsets
gen.normal(n, { offset: 2 });
// @ts-expect-error a single draw is a number: no out
gen.normal({ out: new Float64Array(1) });
// @ts-expect-error gamma needs alpha, from a generator too
gen.gamma(n);
// @ts-expect-error numpy's normal(loc, scale): parameters go by name
gen.normal(0, 1);
// @ts-expect-error random(n) takes no options (uniform does)
gen.random(n, { low: 1 });
// @ts-expect-error a seed is a number, bigint or key, not a string
generator('42');
// @ts-expect-error a float32 result is no Float64Array
const gWrong: Float64Array = gen.normal(n, { dtype: 'float32' });
void gWrong;
// @ts-expect-error unknown option (numpy's name)
exponential(k, n, { scale: 2 });
// @ts-expect-error unknown option (wrong case)
uniform(k, n, { dType: 'float32' });
// @ts-expect-error a float32 result is no Float64Array
const wrong: Float64Array = uniform(k, n, { dtype: 'float32' });
// @ts-expect-error an out of a type the sampler does not produce
uniform(k, n, { out: new Uint32Array(n) });
// @ts-expect-error gamma needs its options
gamma(k, n);
// @ts-expect-error the count sampler's default is int32
const notFloat: Float64Array = poissonLike(k, n);
void [wrong, notFloat];
void [uDevHost, uDev32Host, intoDev, fromHost, intsDevHost, wrongHost, anyDev];
