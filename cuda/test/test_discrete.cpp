// Host test of cuda/include/cr_discrete.h against the TypeScript backend's values in
// test/vectors/discrete.json (scripts/gen-discrete-vectors.mjs): integers, bernoulli and geometric must
// match bit for bit, through the kernels' own dispatch and work objects (cr_visit_integers,
// cr_visit_prob, run on the host) for every output type the parameters allow, and per element. Also the
// 64×64-bit product against a reference, the thresholds, and the device-validation flag of cr_prob_work.
#include <algorithm>
#include <string>
#include <vector>

#include "cr_discrete.h"
#include "cr_test.h"

using crt::HostRun;
using crt::Json;
using crt::hex;

namespace {

/** values of one case as doubles, run through the work object of output `type` into T. */
template <class T, class Visit>
std::vector<double> through(int type, size_t n, Visit visit) {
  std::vector<T> out(n + 2, (T)77);  // a guard on each side of the range
  visit(out.data() + 1, type, n);
  CRT_CHECK(out[0] == (T)77 && out[n + 1] == (T)77, "type %d: writes outside [0, n)", type);
  std::vector<double> d(n);
  for (size_t i = 0; i < n; ++i) d[i] = (double)out[i + 1];
  return d;
}

void test_integers(const Json& k, size_t c) {
  const int64_t low = (int64_t)k["low"].d(), high = (int64_t)k["high"].d();
  const uint32_t k0 = k["k0"].u32(), k1 = k["k1"].u32();
  const uint64_t first = k["offset"].u64();
  const Json& vals = k["values"];
  const size_t n = vals.size();
  const cr_int_plan p = cr_integers_plan(low, high);
  auto visit = [&](void* out, int type, size_t m) { cr_visit_integers(HostRun{}, out, type, m, k0, k1, first, p); };
  std::vector<std::vector<double>> got;
  got.push_back(through<double>(CR_TYPE_F64, n, visit));
  if (low >= -2147483648ll && high <= 2147483648ll) got.push_back(through<int32_t>(CR_TYPE_I32, n, visit));
  if (low >= 0 && high <= 4294967296ll) got.push_back(through<uint32_t>(CR_TYPE_U32, n, visit));
  for (size_t i = 0; i < n; ++i) {
    const double want = vals[i].d();
    for (size_t t = 0; t < got.size(); ++t) {
      CRT_CHECK(got[t][i] == want, "integers [%lld, %lld) case %zu element %zu (type #%zu): %.17g, TS %.17g",
                (long long)low, (long long)high, c, i, t, got[t][i], want);
    }
  }
}

void test_prob(const Json& k, size_t c, int kind) {
  const uint32_t k0 = k["k0"].u32(), k1 = k["k1"].u32();
  const uint64_t first = k["offset"].u64();
  const Json& vals = k["values"];
  const size_t n = vals.size();
  std::vector<double> pe;
  cr_prob_view v{};
  if (k["p"].kind == Json::Array) {
    for (size_t i = 0; i < n; ++i) pe.push_back(cr_dfrom(hex(k["p"][i])));
    v.values = pe.data();
  } else {
    v.p = cr_dfrom(hex(k["p"]));
  }
  auto visit = [&](void* out, int type, size_t m) { cr_visit_prob(HostRun{}, kind, out, type, m, k0, k1, first, v); };
  // the integer types where the facade allows the case's p (geometric's floors)
  const double pmin = pe.empty() ? v.p : *std::min_element(pe.begin(), pe.end());
  std::vector<std::vector<double>> got = {through<double>(CR_TYPE_F64, n, visit)};
  if (kind == CR_BERNOULLI || pmin >= cr_geometric_pmin(CR_TYPE_I32)) got.push_back(through<int32_t>(CR_TYPE_I32, n, visit));
  if (kind == CR_BERNOULLI || pmin >= cr_geometric_pmin(CR_TYPE_U32)) got.push_back(through<uint32_t>(CR_TYPE_U32, n, visit));
  if (kind == CR_BERNOULLI) {
    got.push_back(through<uint8_t>(CR_TYPE_U8, n, visit));
    got.push_back(through<float>(CR_TYPE_F32, n, visit));
  }
  const char* name = kind == CR_BERNOULLI ? "bernoulli" : "geometric";
  for (size_t i = 0; i < n; ++i) {
    const double want = vals[i].d();
    for (size_t t = 0; t < got.size(); ++t) {
      CRT_CHECK(got[t][i] == want, "%s case %zu element %zu (type #%zu): %.17g, TS %.17g", name, c, i, t, got[t][i], want);
    }
  }
}

void test_mul64() {
  // hi64/lo64 of a·b against the compiler's 128-bit product, over corner and pseudo-random operands
  const uint64_t corners[] = {0, 1, 0xffffffffull, 0x100000000ull, 0xffffffffffffffffull, 9007199254740992ull,
                              0x8000000000000000ull, 0x123456789abcdef0ull};
  uint64_t x = 0x9e3779b97f4a7c15ull;
  int checked = 0;
  for (int i = 0; i < 20000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const uint64_t a = i < 64 ? corners[i & 7] : x, b = i < 64 ? corners[i >> 3] : (x * 0x2545f4914f6cdd1dull) >> (i % 40);
    uint64_t lo;
    const uint64_t hi = cr_mul64(a, b, &lo);
    const unsigned __int128 m = (unsigned __int128)a * b;
    CRT_CHECK(hi == (uint64_t)(m >> 64) && lo == (uint64_t)m, "cr_mul64(%llx, %llx)", (unsigned long long)a,
              (unsigned long long)b);
    ++checked;
  }
  // thresholds: 2^32 mod r and 2^64 mod r
  const cr_int_plan a = cr_integers_plan(0, 3), b = cr_integers_plan(-1, (1ll << 32) - 1), w = cr_integers_plan(0, 3ll << 40);
  CRT_CHECK(a.t == 1 && !a.wide && b.t == 0 && !b.wide, "narrow thresholds %llu %llu", (unsigned long long)a.t,
            (unsigned long long)b.t);
  CRT_CHECK(w.wide && w.t == (uint64_t)(((unsigned __int128)1 << 64) % (3ull << 40)), "wide threshold");
  printf("cr_mul64: %d products\n", checked);
}

void test_validation() {
  // cr_prob_work flags the first invalid p (NaN included) and writes 0 there; valid elements are untouched
  std::vector<double> ps = {0.5, 1.5, 0.25, NAN, -0.0, 2.98023223876953125e-08 / 2};
  std::vector<int32_t> out(ps.size(), 9);
  unsigned long long bad = ~0ull;
  cr_prob_view v{};
  v.values = ps.data();
  v.pmin = cr_geometric_pmin(CR_TYPE_I32);
  v.bad = &bad;
  v.bad_base = 100;
  cr_visit_prob(HostRun{}, CR_GEOMETRIC, out.data(), CR_TYPE_I32, ps.size(), 1, 2, 0, v);
  CRT_CHECK(bad == 101, "first bad geometric p at 101, got %llu", bad);
  CRT_CHECK(out[1] == 0 && out[3] == 0 && out[4] == 0 && out[5] == 0 && out[0] >= 1 && out[2] >= 1, "bad p give 0");
  bad = ~0ull;
  v.pmin = 0;
  cr_visit_prob(HostRun{}, CR_BERNOULLI, out.data(), CR_TYPE_I32, ps.size(), 1, 2, 0, v);
  CRT_CHECK(bad == 101, "bernoulli: p = 1.5 is the first bad one, got %llu", bad);
  CRT_CHECK(cr_prob_valid(0.0, 0.0, CR_BERNOULLI) && !cr_prob_valid(0.0, 0.0, CR_GEOMETRIC), "p = 0");
  CRT_CHECK(cr_geometric_pmin(CR_TYPE_I32) == 1.0 / (1 << 25) && cr_geometric_pmin(CR_TYPE_U32) == 1.0 / (1 << 26) &&
                cr_geometric_pmin(CR_TYPE_F64) == 1.0 / (double)(1ull << 47),
            "geometric floors are 2^-25, 2^-26, 2^-47");
}

}  // namespace

int main(int argc, char** argv) {
  try {
    Json v = crt::read_json(argc > 1 ? argv[1] : "test/vectors/discrete.json");
    const Json& cases = v["cases"];
    size_t counts[3] = {0, 0, 0};
    for (size_t c = 0; c < cases.size(); ++c) {
      const std::string s = cases[c]["sampler"].text;
      if (s == "integers") test_integers(cases[c], c), ++counts[0];
      else if (s == "bernoulli") test_prob(cases[c], c, CR_BERNOULLI), ++counts[1];
      else test_prob(cases[c], c, CR_GEOMETRIC), ++counts[2];
    }
    printf("discrete: %zu integers, %zu bernoulli, %zu geometric cases\n", counts[0], counts[1], counts[2]);
    test_mul64();
    test_validation();
  } catch (const std::exception& e) {
    fprintf(stderr, "test_discrete: %s\n", e.what());
    return 2;
  }
  return crt::report("test_discrete");
}
