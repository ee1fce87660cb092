// Host test of cuda/include/cr_mrg32k3a.h (g++ -ffp-contract=off, run from the repository root by
// test/cuda-host.test.ts): the jump table the header derives against the one TypeScript derives,
// curand_init / curand / curand_uniform / curand_uniform_double against test/vectors/mrg32k3a.json,
// L'Ecuyer's published RngStreams state after 35 steps, and skip-ahead against plain stepping.
#include <vector>

#include "cr_mrg32k3a.h"
#include "cr_test.h"

using crt::Json;

static bool same_state(const cr_mrg32k3a_state& a, const cr_mrg32k3a_state& b) {
  for (int i = 0; i < 3; ++i)
    if (a.s1[i] != b.s1[i] || a.s2[i] != b.s2[i]) return false;
  return true;
}

static void test_jumps(const Json& v, const cr_mrg32k3a_jump* jumps) {
  const Json& js = v["jumps"];
  for (size_t t = 0; t < js.size(); ++t) {
    const int i = (int)js[t]["i"].d();
    for (int e = 0; e < 9; ++e) {
      CRT_CHECK(jumps[i].a1[e] == js[t]["a1"][e].u32(), "A1^(2^%d)[%d]: %u != %u", i, e, jumps[i].a1[e], js[t]["a1"][e].u32());
      CRT_CHECK(jumps[i].a2[e] == js[t]["a2"][e].u32(), "A2^(2^%d)[%d]: %u != %u", i, e, jumps[i].a2[e], js[t]["a2"][e].u32());
    }
  }
  CRT_CHECK(js.size() >= 10, "expected at least 10 jumps, found %zu", js.size());
}

static void test_cases(const Json& v, const cr_mrg32k3a_jump* jumps) {
  const Json& cases = v["cases"];
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    cr_mrg32k3a_state s;
    cr_mrg32k3a_init(jumps, k["seed"].u64(), k["subsequence"].u64(), k["offset"].u64(), &s);
    for (int i = 0; i < 3; ++i) {
      CRT_CHECK(s.s1[i] == k["state"]["s1"][i].u32() && s.s2[i] == k["state"]["s2"][i].u32(), "case %zu state word %d", c, i);
    }
    cr_mrg32k3a_state u = s, d = s;
    for (size_t i = 0; i < k["curand"].size(); ++i) {
      const uint32_t got = cr_mrg32k3a_next(&s);
      CRT_CHECK(got == k["curand"][i].u32(), "case %zu curand %zu: %u != %u", c, i, got, k["curand"][i].u32());
    }
    for (size_t i = 0; i < k["uniform"].size(); ++i) {
      const float got = cr_mrg32k3a_uniform(cr_mrg32k3a_step(&u));
      const float want = (float)k["uniform"][i].d();
      CRT_CHECK(crt::bits_of(got) == crt::bits_of(want), "case %zu uniform %zu: %a != %a", c, i, got, want);
    }
    for (size_t i = 0; i < k["uniform_double"].size(); ++i) {
      const double got = cr_mrg32k3a_uniform_double(cr_mrg32k3a_step(&d));
      const double want = k["uniform_double"][i].d();
      CRT_CHECK(crt::bits_of(got) == crt::bits_of(want), "case %zu uniform_double %zu: %a != %a", c, i, got, want);
    }
  }
  CRT_CHECK(cases.size() >= 10, "expected at least 10 cases, found %zu", cases.size());
}

// umontreal-simul/RngStreams tests/test2RngStream.res: from 12345 x 6 (cuRAND's seed 0), 35 steps.
static void test_published(const cr_mrg32k3a_jump* jumps) {
  const cr_mrg32k3a_state want = {{1040577685u, 3747037609u, 277208355u}, {1712706441u, 627445683u, 2408037141u}};
  cr_mrg32k3a_state a, b;
  cr_mrg32k3a_init(jumps, 0, 0, 35, &a);
  cr_mrg32k3a_seed(0, &b);
  for (int i = 0; i < 35; ++i) cr_mrg32k3a_step(&b);
  CRT_CHECK(same_state(a, want), "curand_init(0, 0, 35) is not RngStreams' state after 35 steps");
  CRT_CHECK(same_state(b, want), "35 steps from 12345 x 6 are not RngStreams' state");
}

static void test_skip(const cr_mrg32k3a_jump* jumps) {
  cr_mrg32k3a_state base;
  cr_mrg32k3a_init(jumps, 0x0123456789abcdefull, 5, 77, &base);
  cr_mrg32k3a_state walk = base;
  for (uint64_t k = 0; k <= 1100; ++k) {
    if (k <= 70 || k % 97 == 0 || k == 1024) {
      cr_mrg32k3a_state j = base;
      cr_mrg32k3a_skipahead(jumps, k, &j);
      CRT_CHECK(same_state(j, walk), "skipahead(%llu) != %llu steps", (unsigned long long)k, (unsigned long long)k);
    }
    cr_mrg32k3a_step(&walk);
  }
  // subsequence s then +1 subsequence == subsequence s + 1; offsets compose
  cr_mrg32k3a_state a, b;
  cr_mrg32k3a_init(jumps, 99, 12, 1000, &a);
  cr_mrg32k3a_skipahead_subsequence(jumps, 1, &a);
  cr_mrg32k3a_init(jumps, 99, 13, 0, &b);
  cr_mrg32k3a_skipahead(jumps, 1000, &b);
  CRT_CHECK(same_state(a, b), "subsequence and offset jumps do not compose");
}

/** What the fill kernel computes for n outputs of `base` with about `threads` threads: each thread's
 *  segment from its own jumped state, written in reverse thread order (no thread relies on another). */
template <class T>
static std::vector<T> kernel_fill(const cr_mrg32k3a_jump* jumps, const cr_mrg32k3a_state& base, uint64_t n, uint64_t threads) {
  const int log2_seg = cr_mrg32k3a_log2_seg(n, threads);
  const uint64_t seg = 1ull << log2_seg, used = (n + seg - 1) >> log2_seg;
  std::vector<T> out(n);
  for (uint64_t g = used; g-- > 0;) {
    cr_mrg32k3a_state s;
    cr_mrg32k3a_thread_state(jumps, &base, g, log2_seg, &s);
    for (uint64_t j = g << log2_seg; j < n && j < (g + 1) << log2_seg; ++j) cr_mrg32k3a_to(cr_mrg32k3a_step(&s), &out[j]);
  }
  return out;
}

/** The bulk fill's decomposition: TypeScript's values for every vector case, and sequential stepping
 *  for long fills under several grid sizes. */
static void test_fill(const Json& v, const cr_mrg32k3a_jump* jumps) {
  const Json& cases = v["cases"];
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    cr_mrg32k3a_state base;
    cr_mrg32k3a_init(jumps, k["seed"].u64(), k["subsequence"].u64(), k["offset"].u64(), &base);
    for (uint64_t threads : {1ull, 2ull, 1000ull}) {
      const std::vector<uint32_t> w = kernel_fill<uint32_t>(jumps, base, k["curand"].size(), threads);
      for (size_t i = 0; i < w.size(); ++i) CRT_CHECK(w[i] == k["curand"][i].u32(), "fill case %zu word %zu", c, i);
    }
    // the vectors' uniform and uniform_double lists start from curand_init's state too
    const std::vector<float> f = kernel_fill<float>(jumps, base, k["uniform"].size(), 1);
    for (size_t i = 0; i < f.size(); ++i) {
      CRT_CHECK(crt::bits_of(f[i]) == crt::bits_of((float)k["uniform"][i].d()), "fill case %zu uniform %zu", c, i);
    }
    const std::vector<double> d = kernel_fill<double>(jumps, base, k["uniform_double"].size(), 1);
    for (size_t i = 0; i < d.size(); ++i) {
      CRT_CHECK(crt::bits_of(d[i]) == crt::bits_of(k["uniform_double"][i].d()), "fill case %zu uniform_double %zu", c, i);
    }
  }
  cr_mrg32k3a_state base;
  cr_mrg32k3a_init(jumps, 0xfeedfacecafebeefull, 3, (1ull << 40) + 5, &base);
  for (uint64_t n : {1ull, 31ull, 33ull, 4096ull, 70001ull}) {
    std::vector<uint32_t> seq(n);
    cr_mrg32k3a_state s = base;
    for (uint64_t j = 0; j < n; ++j) seq[j] = cr_mrg32k3a_next(&s);
    for (uint64_t threads : {1ull, 7ull, 64ull, 100000ull}) {
      CRT_CHECK(kernel_fill<uint32_t>(jumps, base, n, threads) == seq, "fill of %llu with %llu threads", (unsigned long long)n,
                (unsigned long long)threads);
    }
  }
}

int main() {
  try {
    std::vector<cr_mrg32k3a_jump> jumps(CR_MRG32K3A_JUMPS);
    cr_mrg32k3a_make_jumps(jumps.data());
    const Json v = crt::read_json("test/vectors/mrg32k3a.json");
    test_jumps(v, jumps.data());
    test_cases(v, jumps.data());
    test_published(jumps.data());
    test_skip(jumps.data());
    test_fill(v, jumps.data());
  } catch (const std::exception& e) {
    fprintf(stderr, "test_mrg32k3a: %s\n", e.what());
    return 1;
  }
  return crt::report("test_mrg32k3a");
}
