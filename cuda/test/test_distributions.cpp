// Host test of cuda/include/cr_math.h, cr_normal.h and cr_gamma.h against the TypeScript backend's
// values in test/vectors/distributions.json (written by scripts/gen-distribution-vectors.mjs): every
// value must match bit for bit. Run from the repository root:
//   g++ -std=c++17 -O2 -ffp-contract=off -Icuda/include -Icuda/test
//       cuda/test/test_distributions.cpp -o /tmp/test_distributions && /tmp/test_distributions
// (test/cuda-host.test.ts compiles and runs it as part of npm test.)
#include <vector>

#include "cr_gamma.h"
#include "cr_math.h"
#include "cr_normal.h"
#include "cr_test.h"
#include "cr_mvn.h"
#include "cr_von_mises.h"

using crt::Json;

static double dhex(const Json& j) { return cr_dfrom(hex(j)); }

static void test_math(const Json& m) {
  const Json& lg = m["log"];
  for (size_t i = 0; i < lg.size(); ++i) {
    double x = dhex(lg[i].arr[0]);
    uint64_t got = cr_dbits(cr_log(x)), want = hex(lg[i].arr[1]);
    CRT_CHECK(got == want, "log(%a) = %016llx, TS %016llx", x, (unsigned long long)got, (unsigned long long)want);
  }
  const Json& ex = m["exp"];
  for (size_t i = 0; i < ex.size(); ++i) {
    double x = dhex(ex[i].arr[0]);
    uint64_t got = cr_dbits(cr_exp(x)), want = hex(ex[i].arr[1]);
    CRT_CHECK(got == want, "exp(%a) = %016llx, TS %016llx", x, (unsigned long long)got, (unsigned long long)want);
  }
  const Json& sc = m["sincos2pi"];
  for (size_t i = 0; i < sc.size(); ++i) {
    double u = dhex(sc[i].arr[0]), s, c;
    cr_sincos2pi(u, &s, &c);
    CRT_CHECK(cr_dbits(s) == hex(sc[i].arr[1]), "sin2pi(%a) = %a", u, s);
    CRT_CHECK(cr_dbits(c) == hex(sc[i].arr[2]), "cos2pi(%a) = %a", u, c);
    CRT_CHECK(cr_dbits(cr_cos2pi(u)) == hex(sc[i].arr[2]), "cos2pi(%a) alone", u);
  }
  printf("math: %zu log, %zu exp, %zu sincos2pi inputs\n", lg.size(), ex.size(), sc.size());
}

/** Compares a value computed in binary64 with the vector, rounding to float first for float32. */
static bool same(double v, bool wide, const Json& want) {
  if (wide) return cr_dbits(v) == hex(want);
  return crt::bits_of((float)v) == (uint32_t)hex(want);
}

static void test_normal(const Json& cases) {
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    const bool polar = k["method"].text == "polar", wide = k["dtype"].text == "float64";
    const uint64_t off = k["offset"].u64();
    const Json& vals = k["values"];
    for (size_t i = 0; i < vals.size(); ++i) {
      double v = cr_normal_element(k["k0"].u32(), k["k1"].u32(), off + i, polar, wide, k["mean"].d(), k["std"].d());
      CRT_CHECK(same(v, wide, vals[i]), "normal case %zu (%s %s) element %zu: %a", c, k["method"].text.c_str(),
                k["dtype"].text.c_str(), i, v);
    }
    if (!wide && vals.size()) {
      float f = cr_normal_f32(k["k0"].u32(), k["k1"].u32(), off, polar, k["mean"].d(), k["std"].d());
      CRT_CHECK(crt::bits_of(f) == (uint32_t)hex(vals.arr[0]), "cr_normal_f32 case %zu", c);
    }
  }
  printf("normal: %zu cases\n", cases.size());
}

static void test_gamma(const Json& cases) {
  const int Ms[] = {1, 3, 4};
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    const bool wide = k["dtype"].text == "float64";
    const uint64_t off = k["offset"].u64();
    const Json& vals = k["values"];
    for (size_t i = 0; i < vals.size(); ++i) {
      const double alpha = k.has("alphas") ? k["alphas"][i].d() : k["alpha"].d();
      for (int M : Ms) {
        double v = cr_gamma_element(k["k0"].u32(), k["k1"].u32(), off + i, alpha, k["scale"].d(), wide, M);
        CRT_CHECK(same(v, wide, vals[i]), "gamma case %zu alpha %g M %d element %zu: %a", c, alpha, M, i, v);
      }
    }
  }
  printf("gamma: %zu cases, M in {1, 3, 4}\n", cases.size());
}

static void test_exponential(const Json& cases) {
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    const bool wide = k["dtype"].text == "float64";
    const Json& vals = k["values"];
    for (size_t i = 0; i < vals.size(); ++i) {
      double v = cr_exponential_element(k["k0"].u32(), k["k1"].u32(), k["offset"].u64() + i, k["rate"].d(), wide);
      CRT_CHECK(same(v, wide, vals[i]), "exponential case %zu element %zu: %a", c, i, v);
    }
  }
  printf("exponential: %zu cases\n", cases.size());
}

static void test_beta(const Json& cases) {
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    const bool wide = k["dtype"].text == "float64";
    const Json& vals = k["values"];
    for (size_t i = 0; i < vals.size(); ++i) {
      double v = cr_beta_element(k["k0"].u32(), k["k1"].u32(), k["offset"].u64() + i, k["a"].d(), k["b"].d(), wide, 2);
      CRT_CHECK(same(v, wide, vals[i]), "beta case %zu element %zu: %a", c, i, v);
    }
  }
  printf("beta: %zu cases\n", cases.size());
}

static void test_ratios(const Json& t, const Json& f) {
  for (size_t c = 0; c < t.size(); ++c) {
    const Json& k = t[c];
    const bool wide = k["dtype"].text == "float64";
    const Json& vals = k["values"];
    for (size_t i = 0; i < vals.size(); ++i) {
      double v = cr_student_t_element(k["k0"].u32(), k["k1"].u32(), k["offset"].u64() + i, k["df"].d(), wide, 3);
      CRT_CHECK(same(v, wide, vals[i]), "studentT case %zu element %zu: %a", c, i, v);
    }
  }
  for (size_t c = 0; c < f.size(); ++c) {
    const Json& k = f[c];
    const bool wide = k["dtype"].text == "float64";
    const Json& vals = k["values"];
    for (size_t i = 0; i < vals.size(); ++i) {
      double v = cr_f_element(k["k0"].u32(), k["k1"].u32(), k["offset"].u64() + i, k["dfn"].d(), k["dfd"].d(), wide, 1);
      CRT_CHECK(same(v, wide, vals[i]), "f case %zu element %zu: %a", c, i, v);
    }
  }
  printf("studentT: %zu cases, f: %zu cases\n", t.size(), f.size());
}

static void test_von_mises(const Json& cases) {
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    const bool wide = k["dtype"].text == "float64";
    double p[CR_VON_MISES_PARAMS];
    for (int j = 0; j < CR_VON_MISES_PARAMS; ++j) p[j] = dhex(k["p"][j]);
    const Json& vals = k["values"];
    for (size_t i = 0; i < vals.size(); ++i) {
      double v = cr_von_mises_element(k["k0"].u32(), k["k1"].u32(), k["offset"].u64() + i, p);
      CRT_CHECK(same(v, wide, vals[i]), "vonMises case %zu element %zu: %a", c, i, v);
    }
  }
  printf("vonMises: %zu cases\n", cases.size());
}

static void test_mvn(const Json& cases) {
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    const bool wide = k["dtype"].text == "float64";
    const uint32_t d = (uint32_t)k["d"].d();
    std::vector<double> lm(k["lm"].size());
    for (size_t j = 0; j < lm.size(); ++j) lm[j] = dhex(k["lm"][j]);
    CRT_CHECK(lm.size() == cr_mvn_params(d), "mvn case %zu: lm has %zu values", c, lm.size());
    const Json& vals = k["values"];
    for (size_t i = 0; i < vals.size(); ++i) {
      double v = cr_mvn_value(k["k0"].u32(), k["k1"].u32(), k["offset"].u64() + i, d, lm.data(), wide);
      CRT_CHECK(same(v, wide, vals[i]), "mvn case %zu value %zu: %a", c, i, v);
    }
  }
  printf("multivariate normal: %zu cases\n", cases.size());
}

static void test_dirichlet(const Json& cases) {
  for (size_t c = 0; c < cases.size(); ++c) {
    const Json& k = cases[c];
    const bool wide = k["dtype"].text == "float64";
    std::vector<double> alpha;
    for (size_t j = 0; j < k["alpha"].size(); ++j) alpha.push_back(k["alpha"][j].d());
    const int K = (int)alpha.size();
    std::vector<double> row(K);
    const Json& vals = k["values"];
    const size_t rows = (size_t)k["rows"].d();
    CRT_CHECK(vals.size() == rows * K, "dirichlet case %zu: %zu values for %zu rows", c, vals.size(), rows);
    for (size_t r = 0; r < rows; ++r) {
      const uint64_t e0 = (k["offset"].u64() + r) * (uint64_t)K;
      cr_dirichlet_row(k["k0"].u32(), k["k1"].u32(), e0, alpha.data(), K, wide, 1, row.data());
      for (int j = 0; j < K; ++j)
        CRT_CHECK(same(row[j], wide, vals[r * K + j]), "dirichlet case %zu row %zu component %d: %a", c, r, j, row[j]);
    }
  }
  printf("dirichlet: %zu cases\n", cases.size());
}

int main(int argc, char** argv) {
  try {
    Json v = crt::read_json(argc > 1 ? argv[1] : "test/vectors/distributions.json");
    test_math(v["math"]);
    test_normal(v["normal"]);
    test_gamma(v["gamma"]);
    test_exponential(v["exponential"]);
    test_beta(v["beta"]);
    test_dirichlet(v["dirichlet"]);
    test_ratios(v["studentT"], v["f"]);
    test_von_mises(v["vonMises"]);
    test_mvn(v["mvn"]);
  } catch (const std::exception& e) {
    fprintf(stderr, "test_distributions: %s\n", e.what());
    return 2;
  }
  return crt::report("test_distributions");
}
