// Host test of cuda/include/cr_special.h against the TypeScript values in test/vectors/special.json
// (written by scripts/gen-special-vectors.mjs): every result must match bit for bit; a NaN result must
// be a NaN on both sides (its payload is not part of the contract). Run from the repository root:
//   g++ -std=c++17 -O2 -ffp-contract=off -Icuda/include -Icuda/test
//       cuda/test/test_special.cpp -o /tmp/test_special && /tmp/test_special
// (test/cuda-host.test.ts compiles and runs it as part of npm test.)
#include "cr_special.h"
#include "cr_test.h"

using crt::Json;


static void check(const Json& v, const char* name, double (*f)(double)) {
  const Json& rows = v[name];
  for (size_t i = 0; i < rows.size(); ++i) {
    const double x = cr_dfrom(hex(rows[i].arr[0]));
    const uint64_t want = hex(rows[i].arr[1]);
    const double y = f(x);
    const uint64_t got = cr_dbits(y);
    const bool ok = got == want || (y != y && cr_dfrom(want) != cr_dfrom(want));
    CRT_CHECK(ok, "%s(%a) = %a (%016llx), TS %a (%016llx)", name, x, y, (unsigned long long)got, cr_dfrom(want),
              (unsigned long long)want);
  }
  printf("%s: %zu inputs\n", name, rows.size());
}

int main(int argc, char** argv) {
  try {
    Json v = crt::read_json(argc > 1 ? argv[1] : "test/vectors/special.json");
    check(v, "log1p", cr_log1p);
    check(v, "expm1", cr_expm1);
    check(v, "lgamma", cr_lgamma);
    check(v, "logFactorial", cr_log_factorial);
    check(v, "erf", cr_erf);
    check(v, "erfc", cr_erfc);
    check(v, "ndtri", cr_ndtri);
    check(v, "acos", cr_acos);
  } catch (const std::exception& e) {
    fprintf(stderr, "test_special: %s\n", e.what());
    return 2;
  }
  return crt::report("test_special");
}
