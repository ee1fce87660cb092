// Host test of cuda/include/cr_counts.h and cr_count_work.h against the TypeScript kernels' values in
// test/vectors/counts.json (scripts/gen-count-vectors.mjs): the log-pmfs bit for bit, and every count
// computed through the work items the CUDA kernels run — scalar parameters, per-element values read
// as a device thread reads them (float64 and float32), int32 / uint32 / float64 stores, multinomial
// chunks that start inside a row — plus the device-side validity checks (smallest bad index, the
// kernel still ends). Run from the repository root (test/cuda-host.test.ts does, in npm test).
#include <vector>

#include "cr_count_work.h"
#include "cr_test.h"

using crt::Json;
using crt::hex;
static double dhex(const Json& j) { return cr_dfrom(hex(j)); }

static void test_pmf(const Json& m) {
  for (const Json& r : m["stirling"].arr) {
    CRT_CHECK(cr_dbits(cr_stirling_remainder(dhex(r.arr[0]))) == hex(r.arr[1]), "stirling(%a)", dhex(r.arr[0]));
  }
  for (const Json& r : m["poisson"].arr) {
    CRT_CHECK(cr_dbits(cr_log_poisson_pmf(dhex(r.arr[0]), dhex(r.arr[1]))) == hex(r.arr[2]), "logPois(%a; %a)", dhex(r.arr[0]), dhex(r.arr[1]));
  }
  for (const Json& r : m["binomial"].arr) {
    const double x = dhex(r.arr[0]), n = dhex(r.arr[1]), p = dhex(r.arr[2]);
    CRT_CHECK(cr_dbits(cr_log_binomial_pmf(x, n, p, n * p, n * (1 - p))) == hex(r.arr[3]), "logBin(%a; %a, %a)", x, n, p);
  }
}

/** Runs the work over `vals.size()` elements into each output type that holds them and compares. */
static void check_counts(cr_count_args a, const Json& vals, const char* what, size_t c) {
  const size_t n = vals.size();
  std::vector<double> f64(n);
  std::vector<int32_t> i32(n);
  std::vector<uint32_t> u32(n);
  a.count = n;
  const int types[3] = {CR_TYPE_F64, CR_TYPE_I32, CR_TYPE_U32};
  void* outs[3] = {f64.data(), i32.data(), u32.data()};
  double big = 0;
  for (size_t i = 0; i < n; ++i) big = vals[i].d() > big ? vals[i].d() : big;
  for (int t = 0; t < 3; ++t) {
    if (t > 0 && big > 2147483647.0) continue;
    a.type = types[t];
    a.out = outs[t];
    cr_count_work w{a};
    for (uint64_t i = 0; i < w.items(); ++i) w(i);
    for (size_t i = 0; i < n; ++i) {
      const double got = t == 0 ? f64[i] : t == 1 ? (double)i32[i] : (double)u32[i];
      CRT_CHECK(got == vals[i].d(), "%s case %zu type %d element %zu: %.17g, TS %.17g", what, c, types[t], i, got, vals[i].d());
    }
  }
}

static cr_count_args base(const Json& k, int kind) {
  cr_count_args a{};
  a.k0 = k["k0"].u32();
  a.k1 = k["k1"].u32();
  a.e0 = k["offset"].u64();
  a.kind = kind;
  a.max = 9007199254740992.0;
  return a;
}

static void test_poisson(const Json& cases) {
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    cr_count_args a = base(k, CR_COUNT_POISSON);
    a.a.alpha = dhex(k["lam"]);
    check_counts(a, k["values"], "poisson", c);
    // per element, read from "device memory" (float64), with one invalid λ: its index is recorded and
    // the others are unchanged
    const size_t n = k["values"].size();
    std::vector<double> lams(n, a.a.alpha);
    lams[n / 2] = -1.0;
    unsigned long long bad[2] = {~0ull, ~0ull};
    a.a.values = lams.data();
    a.bad = bad;
    a.bad_base = 100;
    std::vector<double> out(n);
    a.type = CR_TYPE_F64;
    a.out = out.data();
    a.count = n;
    cr_count_work w{a};
    for (uint64_t i = 0; i < n; ++i) w(i);
    CRT_CHECK(bad[0] == 100 + n / 2, "poisson case %zu: bad index %llu", c, bad[0]);
    for (size_t i = 0; i < n; ++i) {
      if (i != n / 2) CRT_CHECK(out[i] == k["values"][i].d(), "poisson case %zu per-element %zu", c, i);
    }
  }
  // the fit rule: the largest λ for int32
  CRT_CHECK(cr_lam_fits(2.1e9, 2147483647.0) && !cr_lam_fits(2.2e9, 2147483647.0), "lam fits int32");
  CRT_CHECK(!cr_lam_fits(NAN, 1e300) && !cr_lam_fits(HUGE_VAL, HUGE_VAL) && !cr_lam_fits(-1e-300, 10), "lam invalid");
}

static void test_binomial(const Json& cases) {
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    cr_count_args a = base(k, CR_COUNT_BINOMIAL);
    a.a.alpha = dhex(k["count"]);
    a.b.alpha = dhex(k["p"]);
    check_counts(a, k["values"], "binomial", c);
    // per-element float32 p where it is exact in float32, float64 counts
    const size_t n = k["values"].size();
    if ((double)(float)a.b.alpha == a.b.alpha) {
      std::vector<float> ps(n, (float)a.b.alpha);
      std::vector<double> counts(n, a.a.alpha);
      cr_count_args b = a;
      b.a.values = counts.data();
      b.b.values = ps.data();
      b.b.f32 = 1;
      check_counts(b, k["values"], "binomial per-element", c);
      counts[1] = 2.5;
      ps[3] = 1.5f;
      unsigned long long bad[2] = {~0ull, ~0ull};
      b.bad = bad;
      b.count = n;
      std::vector<double> out(n);
      b.out = out.data();
      b.type = CR_TYPE_F64;
      cr_count_work w{b};
      for (uint64_t i = 0; i < n; ++i) w(i);
      CRT_CHECK(bad[0] == 1 && bad[1] == 3, "binomial case %zu: bad %llu %llu", c, bad[0], bad[1]);
    }
  }
  CRT_CHECK(cr_count_fits(2147483647.0, 2147483647.0) && !cr_count_fits(2147483648.0, 2147483647.0), "count fits");
  CRT_CHECK(!cr_count_fits(0.5, 10) && !cr_count_fits(NAN, 10) && !cr_probability(NAN) && cr_probability(1.0), "valid");
}

static void test_negative_binomial(const Json& cases) {
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    cr_count_args a = base(k, CR_COUNT_NEGATIVE_BINOMIAL);
    a.a.alpha = dhex(k["r"]);
    a.b.alpha = dhex(k["p"]);
    check_counts(a, k["values"], "negativeBinomial", c);
  }
}

static void test_multinomial(const Json& cases) {
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    std::vector<double> w, tail;
    for (const Json& x : k["w"].arr) w.push_back(dhex(x));
    const uint32_t K = (uint32_t)w.size();
    tail.resize(K);
    cr_weight_tails(w.data(), K, tail.data());
    const Json& vals = k["values"];
    const uint64_t first = k["offset"].u64();
    // the whole range at once, and cut in two chunks of the C API's kind (each its own row span)
    for (uint64_t cut : {(uint64_t)vals.size(), (uint64_t)5}) {
      std::vector<double> out(vals.size());
      for (uint64_t start = 0; start < vals.size(); start += cut) {
        const uint64_t m = std::min<uint64_t>(cut, vals.size() - start);
        cr_multinomial_work work{k["k0"].u32(), k["k1"].u32(), cr_rows_of(first + start, m, K), K, m,
                                 dhex(k["count"]), w.data(), tail.data(), out.data() + start, CR_TYPE_F64};
        for (uint64_t q = 0; q < work.items(); ++q) work(q);
      }
      for (size_t i = 0; i < vals.size(); ++i) {
        CRT_CHECK(out[i] == vals[i].d(), "multinomial case %zu cut %llu value %zu: %.17g, TS %.17g", c,
                  (unsigned long long)cut, i, out[i], vals[i].d());
      }
    }
  }
}

int main(int argc, char** argv) {
  try {
    Json v = crt::read_json(argc > 1 ? argv[1] : "test/vectors/counts.json");
    test_pmf(v["pmf"]);
    test_poisson(v["cases"]["poisson"]);
    test_binomial(v["cases"]["binomial"]);
    test_negative_binomial(v["cases"]["negativeBinomial"]);
    test_multinomial(v["cases"]["multinomial"]);
  } catch (const std::exception& e) {
    fprintf(stderr, "test_counts: %s\n", e.what());
    return 2;
  }
  return crt::report("test_counts");
}
