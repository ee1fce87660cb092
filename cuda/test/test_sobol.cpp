// Host test of cuda/include/cr_sobol.h (g++ -ffp-contract=off, run from the repository root by
// test/cuda-host.test.ts) against test/vectors/sobol.json, which the TypeScript backend writes:
// direction vectors expanded from the Joe–Kuo (s, a, m) entries, Gray-code points at far indices,
// the keyed randomisation, and whole sobol() outputs rebuilt element by element from the work items
// and output maps the CUDA kernel runs (any element order gives the same array; uniform and normal), plus the Gray-code step against the point formula.
#include <vector>

#include "cr_sobol.h"
#include "cr_test.h"

using crt::Json;

static bool same(double got, double want) { return crt::bits_of(got) == crt::bits_of(want); }
static bool same(float got, float want) { return crt::bits_of(got) == crt::bits_of(want); }

struct Dim {
  std::vector<uint32_t> v32;
  std::vector<uint64_t> v64;
};

static std::vector<Dim> test_dimensions(const Json& v) {
  std::vector<Dim> dims;
  const Json& ds = v["dimensions"];
  for (size_t t = 0; t < ds.size(); ++t) {
    const Json& e = ds[t];
    const uint32_t d = e["dim"].u32();
    std::vector<uint32_t> m;
    for (size_t k = 0; k < e["m"].size(); ++k) m.push_back(e["m"][k].u32());
    Dim out{std::vector<uint32_t>(32), std::vector<uint64_t>(64)};
    cr_sobol32_directions((int)e["s"].u32(), e["a"].u32(), m.data(), out.v32.data());
    cr_sobol64_directions((int)e["s"].u32(), e["a"].u32(), m.data(), out.v64.data());
    for (int k = 0; k < 32; ++k) CRT_CHECK(out.v32[k] == e["v32"][k].u32(), "dim %u V32_%d", d, k + 1);
    for (int k = 0; k < 64; ++k) CRT_CHECK(out.v64[k] == e["v64"][k].u64(), "dim %u V64_%d", d, k + 1);
    for (size_t p = 0; p < e["points32"].size(); ++p) {
      const uint32_t i = e["points32"][p]["i"].u32();
      CRT_CHECK(cr_sobol32_point(out.v32.data(), 0, i) == e["points32"][p]["x"].u32(), "dim %u point32 %u", d, i);
    }
    for (size_t p = 0; p < e["points64"].size(); ++p) {
      const uint64_t i = e["points64"][p]["i"].u64();
      CRT_CHECK(cr_sobol64_point(out.v64.data(), 0, i) == e["points64"][p]["x"].u64(), "dim %u point64 %llu", d,
                (unsigned long long)i);
    }
    if (d == dims.size()) dims.push_back(out);  // dimensions 0, 1, 2, … come first, in order
  }
  CRT_CHECK(dims.size() >= 6, "expected dimensions 0-5 first, found %zu", dims.size());
  return dims;
}

static void test_randomisations(const Json& v, const std::vector<Dim>& dims) {
  const Json& rs = v["randomisations"];
  const Json& ds = v["dimensions"];
  for (size_t t = 0; t < rs.size(); ++t) {
    const Json& r = rs[t];
    const uint32_t d = r["dim"].u32();
    // the unscrambled vectors of d, from the dimensions table
    std::vector<uint32_t> v32(32);
    std::vector<uint64_t> v64(64);
    bool found = false;
    for (size_t j = 0; j < ds.size(); ++j) {
      if (ds[j]["dim"].u32() != d) continue;
      for (int k = 0; k < 32; ++k) v32[k] = ds[j]["v32"][k].u32();
      for (int k = 0; k < 64; ++k) v64[k] = ds[j]["v64"][k].u64();
      found = true;
    }
    CRT_CHECK(found, "randomisation of dimension %u has no direction vectors", d);
    const bool lms = r["mode"].text == "lms";
    uint32_t out32[32], c32;
    uint64_t out64[64], c64;
    cr_sobol32_randomise(r["k0"].u32(), r["k1"].u32(), d, lms, v32.data(), out32, &c32);
    cr_sobol64_randomise(r["k0"].u32(), r["k1"].u32(), d, lms, v64.data(), out64, &c64);
    CRT_CHECK(c32 == r["c32"].u32(), "randomisation %zu c32", t);
    CRT_CHECK(c64 == r["c64"].u64(), "randomisation %zu c64", t);
    for (int k = 0; k < 32; ++k) CRT_CHECK(out32[k] == r["v32"][k].u32(), "randomisation %zu V32_%d", t, k + 1);
    for (int k = 0; k < 64; ++k) CRT_CHECK(out64[k] == r["v64"][k].u64(), "randomisation %zu V64_%d", t, k + 1);
  }
  (void)dims;
}

static void test_cases(const Json& v, const std::vector<Dim>& dims) {
  const Json& cs = v["cases"];
  for (size_t t = 0; t < cs.size(); ++t) {
    const Json& c = cs[t];
    const uint64_t n = c["n"].u64(), offset = c["offset"].u64();
    const uint32_t nd = c["dims"].u32();
    const std::string dtype = c["dtype"].text;
    const int bits = c.has("bits") ? (int)c["bits"].d() : (dtype == "uint32" || dtype == "float32" ? 32 : 64);
    const bool points = c["layout"].text == "points";
    const bool scrambled = c.has("scramble");
    // per-dimension vectors and starts, randomised as the case asks
    std::vector<uint32_t> v32(32 * nd), c32(nd, 0);
    std::vector<uint64_t> v64(64 * nd), c64(nd, 0);
    for (uint32_t d = 0; d < nd; ++d) {
      if (scrambled) {
        const bool lms = c["scramble"].text == "lms";
        cr_sobol32_randomise(c["k0"].u32(), c["k1"].u32(), d, lms, dims.at(d).v32.data(), &v32[32 * d], &c32[d]);
        cr_sobol64_randomise(c["k0"].u32(), c["k1"].u32(), d, lms, dims.at(d).v64.data(), &v64[64 * d], &c64[d]);
      } else {
        for (int k = 0; k < 32; ++k) v32[32 * d + k] = dims.at(d).v32[k];
        for (int k = 0; k < 64; ++k) v64[64 * d + k] = dims.at(d).v64[k];
      }
    }
    const Json& want = c["values"];
    CRT_CHECK(want.size() == n * nd, "case %zu: %zu values for %llu x %u", t, want.size(), (unsigned long long)n, nd);
    const bool normal = c.has("transform") && c["transform"].text == "normal";
    for (uint64_t q = n * nd; q-- > 0;) {  // reverse order: no element relies on another
      // the kernel's element: work item, then the output map (cr_sobol32_to / cr_sobol64_to)
      if (bits == 32) {
        const uint32_t x = cr_sobol32_item(q, n, nd, points, v32.data(), c32.data(), (uint32_t)offset);
        if (dtype == "uint32") {
          uint32_t o;
          cr_sobol32_to(x, normal, &o);
          CRT_CHECK(o == want[q].u32(), "case %zu element %llu: %u != %u", t, (unsigned long long)q, o, want[q].u32());
        } else if (dtype == "float32") {
          float f;
          cr_sobol32_to(x, normal, &f);
          CRT_CHECK(same(f, (float)want[q].d()), "case %zu element %llu: %a", t, (unsigned long long)q, f);
        } else {
          double f;
          cr_sobol32_to(x, normal, &f);
          CRT_CHECK(same(f, want[q].d()), "case %zu element %llu: %a", t, (unsigned long long)q, f);
        }
      } else {
        const uint64_t x = cr_sobol64_item(q, n, nd, points, v64.data(), c64.data(), offset);
        if (dtype == "uint64") {
          CRT_CHECK(x == want[q].u64(), "case %zu element %llu", t, (unsigned long long)q);
        } else if (dtype == "float32") {
          float f;
          cr_sobol64_to(x, normal, &f);
          CRT_CHECK(same(f, (float)want[q].d()), "case %zu element %llu: %a", t, (unsigned long long)q, f);
        } else {
          double f;
          cr_sobol64_to(x, normal, &f);
          CRT_CHECK(same(f, want[q].d()), "case %zu element %llu: %a", t, (unsigned long long)q, f);
        }
      }
    }
  }
  CRT_CHECK(cs.size() >= 10, "expected at least 10 cases, found %zu", cs.size());
}

/** The sequential step (what a thread does after its first point) against the Gray-code sum. */
static void test_step(const std::vector<Dim>& dims) {
  for (size_t d = 0; d < dims.size(); ++d) {
    for (uint32_t start : {0u, 1u, 1000u, 0x7FFFFFF0u, 0xFFFFFF00u}) {
      uint32_t x = cr_sobol32_point(dims[d].v32.data(), 0, start);
      uint64_t y = cr_sobol64_point(dims[d].v64.data(), 0, (uint64_t)start << 20);
      for (uint32_t i = start; i < start + 255u; ++i) {
        x = cr_sobol32_next(dims[d].v32.data(), x, i);
        y = cr_sobol64_next(dims[d].v64.data(), y, ((uint64_t)start << 20) + (i - start));
        CRT_CHECK(x == cr_sobol32_point(dims[d].v32.data(), 0, i + 1), "dim %zu step32 to %u", d, i + 1);
        CRT_CHECK(y == cr_sobol64_point(dims[d].v64.data(), 0, ((uint64_t)start << 20) + (i - start) + 1), "dim %zu step64", d);
      }
    }
  }
}

/** Element -> (dimension, point) on both of cr_sobol_element's paths (32-bit and 64-bit division). */
static void test_element() {
  const uint64_t es[] = {0, 1, 77, 0xFFFFFFFEull, 0xFFFFFFFFull, 1ull << 32, (1ull << 40) + 12345};
  const uint64_t ns[] = {1, 3, 1000, 0xFFFFFFFFull, 1ull << 33};
  for (uint64_t e : es) {
    for (uint64_t n : ns) {
      for (uint32_t dims : {1u, 7u, 21201u}) {
        uint32_t d;
        uint64_t i;
        cr_sobol_element(e, n, dims, true, &d, &i);
        CRT_CHECK(d == e % dims && i == e / dims, "points layout e=%llu dims=%u", (unsigned long long)e, dims);
        cr_sobol_element(e, n, dims, false, &d, &i);
        CRT_CHECK(d == (uint32_t)(e / n) && i == e % n, "dimensions layout e=%llu n=%llu", (unsigned long long)e, (unsigned long long)n);
      }
    }
  }
}

int main() {
  try {
    const Json v = crt::read_json("test/vectors/sobol.json");
    const std::vector<Dim> dims = test_dimensions(v);
    test_randomisations(v, dims);
    test_cases(v, dims);
    test_step(dims);
    test_element();
  } catch (const std::exception& e) {
    fprintf(stderr, "test_sobol: %s\n", e.what());
    return 1;
  }
  return crt::report("test_sobol");
}
