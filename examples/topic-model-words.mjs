#!/usr/bin/env node
/**
 * Generating a synthetic corpus from a topic model (LDA's generative process) with one alias table
 * per topic: the "many tables" workload of topic-model samplers.
 *
 *   φ_k ~ Dirichlet(β)         topic k's distribution over V words      → one AliasTable per topic
 *   θ_d ~ Dirichlet(α)         document d's mixture of K topics
 *   z   ~ Categorical(θ_d)     topic of each of the L tokens of document d
 *   w   ~ φ_z                  the word: sampled from topic z's alias table
 *
 * Tokens are grouped by topic so that each table is sampled once, in bulk: the j-th token (in corpus
 * order) assigned to topic k takes element j of foldIn(kWords, k)'s stream. Topic assignments of
 * document d are elements [d·L, (d+1)·L) of one key's stream (offset), so documents can be generated
 * in any order or in parallel with the same result.
 *
 *   node examples/topic-model-words.mjs [--topics 50] [--vocab 5000] [--docs 2000] [--length 200] [--small]
 */
import { parseArgs } from 'node:util';
import { key, split, foldIn, dirichlet, categorical, AliasTable } from 'cuda-random';

const { values: args } = parseArgs({
  options: {
    topics: { type: 'string', default: '50' },
    vocab: { type: 'string', default: '5000' },
    docs: { type: 'string', default: '2000' },
    length: { type: 'string', default: '200' },
    seed: { type: 'string', default: '11' },
    small: { type: 'boolean', default: false },
  },
});
const K = args.small ? 8 : Number(args.topics);
const V = args.small ? 400 : Number(args.vocab);
const D = args.small ? 200 : Number(args.docs);
const L = args.small ? 100 : Number(args.length);

/** A pronounceable pseudo-word for word id i. */
const SYL = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi', 'ze', 'pa', 'do', 'fu'];
const word = (i) => { let s = ''; do { s += SYL[i % 12]; i = Math.floor(i / 12); } while (i > 0); return s; };

const [kPhi, kTheta, kTopics, kWords] = split(key(BigInt(args.seed)), 4);
let t0 = performance.now();
const phi = dirichlet(kPhi, new Float64Array(V).fill(0.05), K);          // K × V, row-major
const tables = Array.from({ length: K }, (_, k) => AliasTable.build(phi.subarray(k * V, (k + 1) * V)));
const tBuild = performance.now() - t0;

t0 = performance.now();
const theta = dirichlet(kTheta, new Float64Array(K).fill(0.1), D);      // D × K
const z = new Uint32Array(D * L);
for (let d = 0; d < D; d++) {
  // 'cdf' fixed: the auto choice depends on (K, L), and the stream must not change with L.
  categorical(kTopics, theta.subarray(d * K, (d + 1) * K), L, { method: 'cdf', offset: d * L, out: z.subarray(d * L) });
}
const tTopics = performance.now() - t0;

t0 = performance.now();
const perTopic = new Uint32Array(K);
for (const k of z) perTopic[k]++;
const drawn = tables.map((t, k) => t.sample(foldIn(kWords, k), perTopic[k]));
const words = new Uint32Array(D * L);
const next = new Uint32Array(K);
for (let j = 0; j < z.length; j++) words[j] = drawn[z[j]][next[z[j]]++];
const tWords = performance.now() - t0;

console.log(`topic model: ${K} topics × ${V} words, ${D} documents × ${L} tokens = ${D * L} tokens`);
console.log(`  φ (Dirichlet) and ${K} alias tables: ${tBuild.toFixed(0)} ms`);
console.log(`  θ and topic assignments (${D} categorical calls): ${tTopics.toFixed(0)} ms`);
console.log(`  words from the tables: ${tWords.toFixed(0)} ms (${((D * L) / tWords / 1e3).toFixed(1)} M tokens/s)\n`);

// Per topic: the most probable words, their table probability and their frequency among the
// tokens of that topic; |z| is the deviation in binomial standard errors.
const counts = new Float64Array(K * V);
for (let j = 0; j < z.length; j++) counts[z[j] * V + words[j]]++;
let worstZ = 0;
for (let k = 0; k < K; k++) {
  const p = tables[k].probabilities();
  const top = Array.from(p.keys()).sort((a, b) => p[b] - p[a]).slice(0, 5);
  for (const w of top) {
    const f = counts[k * V + w] / perTopic[k];
    worstZ = Math.max(worstZ, Math.abs(f - p[w]) / Math.sqrt((p[w] * (1 - p[w])) / perTopic[k]));
  }
  if (k < 3) {
    console.log(`topic ${k} (${perTopic[k]} tokens): ${top.map((w) => `${word(w)} ${p[w].toFixed(3)}/${(counts[k * V + w] / perTopic[k]).toFixed(3)}`).join('  ')}`);
  }
}
console.log(`  (word probability/frequency; first 3 topics shown)`);
console.log(`\nlargest |z| of the top-5 words over all ${K} topics: ${worstZ.toFixed(2)} (sampling noise: mostly < 3)`);
const sample = Array.from(words.subarray(0, 12), word).join(' ');
console.log(`document 0 begins: "${sample} …"`);
