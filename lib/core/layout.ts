/**
 * The counter layout: which Philox counter produces which word. docs/streams.md is the prose form of
 * this file; change one, change both (and it is a breaking change of every stream).
 *
 *   counter = (c0, c1, c2, c3), key = (k0, k1)
 *   raw stream         (b mod 2^32, b div 2^32, 0, 0)        word w = 4b + lane
 *   key derivation     (j mod 2^32, j div 2^32, 0, TAG)      TAG_SPLIT / TAG_FOLD_IN
 *   proposals          (b mod 2^32, b div 2^32, t, TAG_POLAR)  proposal t of pair e, b = e (docs/streams.md,
 *                      "Marsaglia polar"); TAG_GAMMA (4) is no stream's since gamma's dense planes (CHANGELOG)
 *   alias sampling     (b mod 2^32, b div 2^32, 0, TAG_ALIAS) element e = words 2e, 2e+1; row retries
 *                      (e mod 2^32, e div 2^32, c ≥ 1, TAG_ALIAS)   (docs/alias.md, "Sampling")
 *   Sobol randomisation (t, d, 0, TAG_SOBOL)                  block t of dimension d's scramble words
 *                      (docs/qmc.md, "Keyed randomisation")
 *   bounded integers   (b mod 2^32, b div 2^32, 0, TAG_INTEGERS) proposal 0: one word per element
 *                      (range ≤ 2^32) or two (wider); retry blocks (e mod 2^32, e div 2^32, c ≥ 1, TAG_INTEGERS)
 *                      (docs/streams.md, "Bounded integers")
 *   permutation keys   (b mod 2^32, b div 2^32, 0, TAG_PERMUTE)  element i's 64-bit key = words 2i, 2i+1
 *   weighted keys      (b mod 2^32, b div 2^32, 0, TAG_WEIGHTED) element i's uniform = words 2i, 2i+1
 *                      (docs/streams.md, "Permutations and sampling without replacement")
 *   sparse sample      (b, 0, 0, TAG_SAMPLE) step j's proposal 0 = word j; retry blocks (j, 0, c ≥ 1,
 *                      TAG_SAMPLE), like bounded integers (docs/streams.md, "Few of many")
 *   beta (a, b ≤ 1)    (lo(e), hi(e), t, TAG_BETA)  Jöhnk's proposal t of element e
 *                      (docs/streams.md, "Dirichlet and beta")
 *   gamma, dense       (b mod 2^32, b div 2^32, t, TAG_GAMMA_EXP / _EXP2 / _EXP3)  proposal t's uniforms: word e
 *                      (float32) or words 2e, 2e+1 (float64) (docs/streams.md, "Erlang shapes")
 *   gamma, other shapes (b mod 2^32, b div 2^32, t, TAG_GAMMA_PAIR)  Marsaglia–Tsang proposal t of elements
 *                      2p, 2p+1: block p (float32) or blocks 2p, 2p+1 (float64) (docs/streams.md, "Gamma (Marsaglia–Tsang)")
 *   count proposals    (lo(e), hi(e), t, TAG_POISSON / TAG_BINOMIAL / TAG_NEGATIVE_BINOMIAL)  proposal t of
 *                      element e (docs/streams.md, "Counts")
 *
 * The raw stream equals cuRAND's Philox4_32_10 curand() sequence after curand_init(seed, 0, offset)
 * for key(seed): cuRAND puts the seed in the key and counts blocks in (c0, c1) the same way.
 */
export const TAG_RAW = 0;
export const TAG_SPLIT = 1;
export const TAG_FOLD_IN = 2;
export const TAG_POLAR = 3;
/** Read by no stream: gamma's proposals moved to its pair and dense planes before 0.1.0 (CHANGELOG). */
export const TAG_GAMMA = 4;
export const TAG_ALIAS = 5;
export const TAG_SOBOL = 6;
export const TAG_INTEGERS = 7;
/** Poisson proposals: proposal t of element e is block (lo(e), hi(e), t, TAG_POISSON) (docs/streams.md, "Poisson"). */
export const TAG_POISSON = 9;
/** Binomial proposals, and multinomial's conditional binomials (docs/streams.md, "Binomial", "Multinomial"). */
export const TAG_BINOMIAL = 10;
/** Negative binomial's Poisson proposals (its gamma is the gamma stream's element; docs/streams.md,
 *  "Negative binomial"). */
export const TAG_NEGATIVE_BINOMIAL = 11;
// 8: other samplers of issue 19.
export const TAG_PERMUTE = 12;
export const TAG_WEIGHTED = 13;
/** Uniform sampling without replacement of few from many: step j's proposal 0 is word j of the plane
 *  (c2 = 0), its retries blocks (j, 0, c ≥ 1, TAG_SAMPLE), like TAG_INTEGERS (docs/streams.md, "Few of many"). */
export const TAG_SAMPLE = 14;
/** von Mises proposals: block (e mod 2^32, e div 2^32, t, TAG_VON_MISES) is proposal t of element e
 *  (docs/streams.md, "von Mises"). */
export const TAG_VON_MISES = 15;
/** Beta's Jöhnk proposals (a, b ≤ 1): block (e mod 2^32, e div 2^32, t, TAG_BETA) is proposal t of element e
 *  (docs/streams.md, "Dirichlet and beta"). 16 is Wald's (lib/kernels/wald.ts). */
export const TAG_BETA = 17;
/** Gamma's dense planes (docs/streams.md, "Erlang shapes"): proposal t's uniform of element e is word e (float32) or
 *  words 2e, 2e+1 (float64) of the plane (t, TAG_GAMMA_EXP / _EXP2 / _EXP3), laid out like the raw stream: an
 *  Erlang shape k's factors are planes 1 … k and its boost plane k + 1; a Marsaglia–Tsang shape's boost is plane 1. */
export const TAG_GAMMA_EXP = 18;
export const TAG_GAMMA_EXP2 = 20;
export const TAG_GAMMA_EXP3 = 21;
/** Gamma's Marsaglia–Tsang shapes (docs/streams.md, "Gamma (Marsaglia–Tsang)"): proposal t of elements 2p and 2p+1
 *  shares one Box–Muller pair (cosine for 2p, sine for 2p+1) and holds both acceptance uniforms: block p (float32)
 *  or blocks 2p, 2p+1 (float64) of the plane (t, TAG_GAMMA_PAIR). */
export const TAG_GAMMA_PAIR = 19;
