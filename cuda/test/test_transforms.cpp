// Host test of cuda/include/cr_transforms.h and cr_elements.h against the TypeScript backend's values in
// test/vectors/transforms.json (written by scripts/gen-transform-vectors.mjs from the registry's
// TRANSFORMS): every value must match bit for bit, computed two ways — per element
// (cr_transform_element) and through the kernels' own dispatch and work objects (cr_work.h's
// cr_visit_transform, run on the host) — and the header's table must list the transforms the file does.
#include <string>
#include <vector>

#include "cr_test.h"
#include "cr_elements.h"
#include "cr_transforms.h"
#include "cr_work.h"

using crt::HostRun;
using crt::Json;
using crt::hex;

namespace {

void test_table(const Json& ts) {
  for (size_t i = 0; i < ts.size(); ++i) {
    const int id = (int)ts[i]["id"].d();
    const std::string base = ts[i]["base"].text;
    CRT_CHECK(cr_transform_params(id) == (int)ts[i]["params"].size(), "%s: parameter count", ts[i]["name"].text.c_str());
    CRT_CHECK(cr_transform_base(id) == (base == "normal" ? CR_BASE_NORMAL : CR_BASE_UNIFORM), "%s: base",
              ts[i]["name"].text.c_str());
  }
  int ids = 0;
  while (cr_transform_params(ids) >= 0) ++ids;
  CRT_CHECK(ids == (int)ts.size(), "cr_transforms.h has %d transforms, the vectors %zu", ids, ts.size());
}

void test_cases(const Json& cases) {
  size_t values = 0;
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    const int id = (int)k["id"].d();
    double p[CR_TRANSFORM_MAX_PARAMS] = {0, 0, 0, 0};
    for (size_t j = 0; j < k["params"].size(); ++j) p[j] = cr_dfrom(hex(k["params"][j]));
    const uint32_t k0 = k["k0"].u32(), k1 = k["k1"].u32();
    const uint64_t first = k["offset"].u64();
    const bool wide = k["dtype"].text == "float64";
    const Json& vals = k["values"];
    const size_t n = vals.size();
    std::vector<float> f(n);
    std::vector<double> d(n);
    if (wide) cr_visit_transform(HostRun{}, d.data(), false, n, k0, k1, first, id, p);
    else cr_visit_transform(HostRun{}, f.data(), true, n, k0, k1, first, id, p);
    for (size_t i = 0; i < n; ++i, ++values) {
      const double e = cr_transform_element(k0, k1, first + i, id, p, wide);
      const uint64_t want = hex(vals[i]);
      if (wide) {
        CRT_CHECK(cr_dbits(e) == want, "%s case %zu element %zu: %a, TS %016llx", k["transform"].text.c_str(), c, i, e,
                  (unsigned long long)want);
        CRT_CHECK(cr_dbits(d[i]) == want, "%s case %zu element %zu (work): %a", k["transform"].text.c_str(), c, i, d[i]);
      } else {
        float ef = (float)e;
        uint32_t eb, gb;
        memcpy(&eb, &ef, 4);
        memcpy(&gb, &f[i], 4);
        CRT_CHECK(eb == (uint32_t)want, "%s case %zu element %zu float32: %a, TS %08llx", k["transform"].text.c_str(), c, i,
                  (double)ef, (unsigned long long)want);
        CRT_CHECK(gb == (uint32_t)want, "%s case %zu element %zu float32 (work): %a", k["transform"].text.c_str(), c, i,
                  (double)f[i]);
      }
    }
  }
  printf("transforms: %zu cases, %zu values\n", cases.size(), values);
}

/** Per-element calls: one row of p per element, through the kernels' rows maps (cr_tf_<name>_rows). */
void test_row_cases(const Json& cases) {
  size_t values = 0;
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    const int id = (int)k["id"].d();
    const int np = cr_transform_params(id);
    std::vector<double> rows(k["rows"].size());
    for (size_t j = 0; j < rows.size(); ++j) rows[j] = cr_dfrom(hex(k["rows"][j]));
    const uint32_t k0 = k["k0"].u32(), k1 = k["k1"].u32();
    const uint64_t first = k["offset"].u64();
    const bool wide = k["dtype"].text == "float64";
    const Json& vals = k["values"];
    const size_t n = vals.size();
    CRT_CHECK(rows.size() == n * (size_t)np, "%s row case %zu: %zu rows of %d", k["transform"].text.c_str(), c, n, np);
    if (rows.size() != n * (size_t)np) continue;
    std::vector<float> f(n);
    std::vector<double> d(n);
    const double unused[CR_TRANSFORM_MAX_PARAMS] = {};
    if (wide) cr_visit_transform(HostRun{}, d.data(), false, n, k0, k1, first, id, unused, rows.data());
    else cr_visit_transform(HostRun{}, f.data(), true, n, k0, k1, first, id, unused, rows.data());
    for (size_t i = 0; i < n; ++i, ++values) {
      const uint64_t want = hex(vals[i]);
      const double e = cr_transform_element(k0, k1, first + i, id, &rows[i * np], wide);
      if (wide) {
        CRT_CHECK(cr_dbits(d[i]) == want, "%s row case %zu element %zu (rows): %a", k["transform"].text.c_str(), c, i, d[i]);
        CRT_CHECK(cr_dbits(e) == want, "%s row case %zu element %zu (scalar with row i): %a", k["transform"].text.c_str(), c, i, e);
      } else {
        const float ef = (float)e;
        uint32_t gb, eb;
        memcpy(&gb, &f[i], 4);
        memcpy(&eb, &ef, 4);
        CRT_CHECK(gb == (uint32_t)want, "%s row case %zu element %zu float32 (rows): %a", k["transform"].text.c_str(), c, i, (double)f[i]);
        CRT_CHECK(eb == (uint32_t)want, "%s row case %zu element %zu float32 (scalar with row i)", k["transform"].text.c_str(), c, i);
      }
    }
  }
  printf("transform rows: %zu cases, %zu values\n", cases.size(), values);
}

/** The element samplers of cr_elements.h: the table against the vectors' (ids, parameter counts, tags),
 *  then every scalar and per-element case, per element (cr_element_value) and through the kernels' work
 *  object (cr_visit_element on the host). */
void test_elements(const Json& table, const Json& cases, const Json& row_cases) {
  for (size_t i = 0; i < table.size(); ++i) {
    const int id = (int)table[i]["id"].d();
    CRT_CHECK(cr_element_params(id) == (int)table[i]["params"].size(), "%s: parameter count", table[i]["name"].text.c_str());
    CRT_CHECK(cr_element_tag(id) == (int64_t)table[i]["tag"].d(), "%s: tag", table[i]["name"].text.c_str());
  }
  int ids = 0;
  while (cr_element_params(ids) >= 0) ++ids;
  CRT_CHECK(ids == (int)table.size(), "cr_elements.h has %d element samplers, the vectors %zu", ids, table.size());
  size_t values = 0;
  for (const Json* set : {&cases, &row_cases}) {
    const bool per_element = set == &row_cases;
    for (size_t c = 0; c < set->size(); ++c) {
      const Json& k = (*set)[c];
      const int id = (int)k["id"].d();
      const int np = cr_element_params(id);
      const Json& src = per_element ? k["rows"] : k["params"];
      std::vector<double> p(src.size());
      for (size_t j = 0; j < p.size(); ++j) p[j] = cr_dfrom(hex(src[j]));
      const uint32_t k0 = k["k0"].u32(), k1 = k["k1"].u32();
      const uint64_t first = k["offset"].u64();
      const bool wide = k["dtype"].text == "float64";
      const Json& vals = k["values"];
      const size_t n = vals.size();
      const size_t want_np = per_element ? n * (size_t)np : (size_t)np;
      CRT_CHECK(p.size() == want_np, "%s case %zu: %zu parameters", k["transform"].text.c_str(), c, p.size());
      if (p.size() != want_np) continue;
      std::vector<float> f(n);
      std::vector<double> d(n);
      const double* rows = per_element ? p.data() : nullptr;
      if (wide) cr_visit_element(HostRun{}, d.data(), false, n, k0, k1, first, id, p.data(), rows);
      else cr_visit_element(HostRun{}, f.data(), true, n, k0, k1, first, id, p.data(), rows);
      for (size_t i = 0; i < n; ++i, ++values) {
        const uint64_t want = hex(vals[i]);
        const double e = cr_element_value(id, k0, k1, first + i, per_element ? &p[i * np] : p.data());
        const char* name = k["transform"].text.c_str();
        if (wide) {
          CRT_CHECK(cr_dbits(e) == want, "%s case %zu element %zu: %a, TS %016llx", name, c, i, e, (unsigned long long)want);
          CRT_CHECK(cr_dbits(d[i]) == want, "%s case %zu element %zu (work): %a", name, c, i, d[i]);
        } else {
          const float ef = (float)e;
          uint32_t eb, gb;
          memcpy(&eb, &ef, 4);
          memcpy(&gb, &f[i], 4);
          CRT_CHECK(eb == (uint32_t)want && gb == (uint32_t)want, "%s case %zu element %zu float32: %a (work %a)", name, c, i,
                    (double)ef, (double)f[i]);
        }
      }
    }
  }
  printf("element samplers: %zu + %zu cases, %zu values\n", cases.size(), row_cases.size(), values);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    Json v = crt::read_json(argc > 1 ? argv[1] : "test/vectors/transforms.json");
    test_table(v["transforms"]);
    test_cases(v["cases"]);
    test_row_cases(v["rowCases"]);
    test_elements(v["elements"], v["elementCases"], v["elementRowCases"]);
  } catch (const std::exception& e) {
    fprintf(stderr, "test_transforms: %s\n", e.what());
    return 2;
  }
  return crt::report("test_transforms");
}
