// The counter layout's domain tags: word 3 of the Philox counter that separates the streams (raw,
// key derivation, proposals, alias, Sobol randomisation). The TypeScript names are lib/core/layout.ts's
// TAG_* without the CR_ prefix; test/layout.test.ts checks that the two files agree, and
// docs/streams.md, "The counter layout" is the prose. Changing a value changes every stream that uses it.
#ifndef CR_LAYOUT_H
#define CR_LAYOUT_H

#define CR_TAG_RAW 0u
#define CR_TAG_SPLIT 1u
#define CR_TAG_FOLD_IN 2u
#define CR_TAG_POLAR 3u
// 4: read by no stream since gamma's proposals moved to its pair and dense planes (CHANGELOG)
#define CR_TAG_GAMMA 4u
#define CR_TAG_ALIAS 5u
#define CR_TAG_SOBOL 6u
#define CR_TAG_INTEGERS 7u
#define CR_TAG_POISSON 9u
#define CR_TAG_BINOMIAL 10u
#define CR_TAG_NEGATIVE_BINOMIAL 11u
// 8: other samplers of issue 19.
#define CR_TAG_PERMUTE 12u
#define CR_TAG_WEIGHTED 13u
// Sampling few of many without replacement: the host computes it for every backend (docs/streams.md §11.3).
#define CR_TAG_SAMPLE 14u
#define CR_TAG_VON_MISES 15u
#define CR_TAG_BETA 17u
// Gamma's dense planes (docs/streams.md, "Erlang shapes"): planes (t, 18), (t, 20), (t, 21) hold one uniform of
// proposal t per element, laid out like the raw stream: an Erlang shape's factors and boost, another shape's boost.
#define CR_TAG_GAMMA_EXP 18u
#define CR_TAG_GAMMA_EXP2 20u
#define CR_TAG_GAMMA_EXP3 21u
// Gamma's other shapes (docs/streams.md, "Gamma (Marsaglia–Tsang)"): plane (t, 19) holds proposal t of elements 2p, 2p+1.
#define CR_TAG_GAMMA_PAIR 19u

#endif  // CR_LAYOUT_H
